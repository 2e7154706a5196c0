"""Shared helpers for the layoutd client tests (run with
``python3 -m unittest discover -s Clients/python/tests -v`` from the repository root; no install step)."""

from __future__ import annotations

import os
import sys
import time
import unittest
from pathlib import Path
from typing import Any, Dict, Optional

PACKAGE_ROOT = Path(__file__).resolve().parents[1]  # Clients/python
REPO_ROOT = PACKAGE_ROOT.parents[1]
if str(PACKAGE_ROOT) not in sys.path:
    sys.path.insert(0, str(PACKAGE_ROOT))

import layoutd  # noqa: E402
from layoutd import BinaryNotFound  # noqa: E402

PROTOCOL_MD = REPO_ROOT / "Protocol.md"

try:
    BINARY: Optional[str] = layoutd.find_binary()
    SKIP_REASON = ""
except BinaryNotFound as error:
    BINARY = None
    SKIP_REASON = f"no layoutd binary to spawn (build it with `swift build -c release`): {error}"
    # In CI every test runs: a missing binary there is a failure, not a skip.
    if os.environ.get("CI") == "true":
        raise RuntimeError(f"CI=true: {SKIP_REASON}") from error


def needs_daemon(cls: Any) -> Any:
    """Class decorator: skip (with the paths tried) only when no binary exists (never with CI=true)."""
    return unittest.skipIf(BINARY is None, SKIP_REASON)(cls)


def node(height: float, **extra: Any) -> Dict[str, Any]:
    spec: Dict[str, Any] = {"type": "node", "style": {"height": height}}
    spec.update(extra)
    return spec


def text(value: str, **extra: Any) -> Dict[str, Any]:
    spec: Dict[str, Any] = {"type": "text", "text": value}
    spec.update(extra)
    return spec


def process_gone(pid: int) -> bool:
    """True when no process (not even a zombie) has this pid."""
    if os.path.exists(f"/proc/{pid}"):
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except PermissionError:  # pragma: no cover - exists, owned by someone else
        return False
    return False


def wait_gone(pid: int, timeout: float = 5.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process_gone(pid):
            return True
        time.sleep(0.02)
    return process_gone(pid)


def daemon_children() -> "list[int]":
    """Pids of live layoutd processes whose parent is this test process."""
    me = os.getpid()
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", "rb") as handle:
                stat = handle.read().decode("utf-8", "replace")
        except OSError:
            continue
        name = stat[stat.index("(") + 1: stat.rindex(")")]
        fields = stat[stat.rindex(")") + 2:].split()
        if name == "layoutd" and int(fields[1]) == me and fields[0] != "Z":
            found.append(int(entry))
    return found
