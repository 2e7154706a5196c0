"""Finding the layoutd binary."""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import List, Optional, Sequence

from .errors import BinaryNotFound


def _repo_roots() -> List[Path]:
    """The layoutd checkout this package sits in (Clients/python/layoutd), then the cwd's ancestors."""
    roots: List[Path] = []
    here = Path(__file__).resolve()
    if len(here.parents) > 3 and (here.parents[3] / "Package.swift").exists():
        roots.append(here.parents[3])
    cwd = Path.cwd().resolve()
    for candidate in (cwd, *cwd.parents):
        if (candidate / "Package.swift").exists() and (candidate / "Protocol.md").exists():
            if candidate not in roots:
                roots.append(candidate)
            break
    return roots


def _is_executable(path: str) -> bool:
    return os.path.isfile(path) and os.access(path, os.X_OK)


def find_binary(binary: Optional[str] = None) -> str:
    """The daemon to spawn: ``binary`` if given, else ``$LAYOUTD_BINARY``, else ``<repo>/.build/release/layoutd``,
    else ``<repo>/.build/debug/layoutd``, else ``layoutd`` on PATH. Raises :class:`BinaryNotFound` naming every
    path tried."""
    if binary is not None:
        path = binary if os.sep in binary else (shutil.which(binary) or binary)
        if _is_executable(path):
            return path
        raise BinaryNotFound([binary])
    env = os.environ.get("LAYOUTD_BINARY")
    if env:
        # An explicit choice that does not exist is an error, never a silent fallback to another build.
        if _is_executable(env):
            return env
        raise BinaryNotFound([f"{env} (from LAYOUTD_BINARY)"])
    tried: List[str] = ["$LAYOUTD_BINARY (not set)"]
    roots = _repo_roots()
    if not roots:
        tried.append("<repo>/.build/{release,debug}/layoutd (no layoutd checkout around the package or the cwd)")
    for root in roots:
        for config in ("release", "debug"):
            path = str(root / ".build" / config / "layoutd")
            tried.append(path)
            if _is_executable(path):
                return path
    found = shutil.which("layoutd")
    if found:
        return found
    tried.append("layoutd on PATH (" + os.environ.get("PATH", "") + ")")
    raise BinaryNotFound(tried)


def build_argv(binary: Optional[str], args: Sequence[str]) -> List[str]:
    return [find_binary(binary), *args]
