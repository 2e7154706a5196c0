"""Keeps ``Clients/schema/layoutd.openrpc.json`` in step with Protocol.md, the daemon and the clients.

Run from the repository root (standard library only; Python >= 3.9)::

    python3 -m unittest discover -s Clients/schema/tests

What it checks:

(a) real traffic validates against the document, both directions: the test runs the Python client's suite and the
    Node client's suite (when ``node`` is installed) against the daemon, each daemon writing its own trace file
    (``Clients/schema/trace-layoutd.sh``), and also checks every trace file matched by ``$LAYOUTD_TRACES`` (globs
    separated by ``:``, e.g. a trace of the Swift protocol suite). Zero violations, and the traffic it produced
    itself exercises every method and notification of the document.
(b) every method of the document is in the Python client's ``layoutd.protocol.METHODS`` / ``NOTIFICATIONS`` and
    in the Node client's ``METHODS`` / ``NOTIFICATIONS`` tables, and vice versa.
(c) every method and notification named in Protocol.md's "Serving" section is in the document, and vice versa.

Environment: ``$LAYOUTD_BINARY`` (else ``.build/debug/layoutd``, else ``.build/release/layoutd``) is the daemon;
``LAYOUTD_SCHEMA_SUITES`` (default ``python,node``; empty: none) picks the client suites run for traffic;
``LAYOUTD_TRACES`` adds trace files; ``LAYOUTD_CLIENT_TRACES`` (globs separated by ``:``) names trace files the client
suites already wrote (``Tests/run-all.sh`` traces its client stages), checked strictly as the suites' own traffic
instead of running them again. With no daemon and no trace files, (a) is skipped — never with ``CI=true``: there a
skip is a failure.
"""

from __future__ import annotations

import glob
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path
from typing import Dict, List, Optional, Set

SCHEMA_DIR = Path(__file__).resolve().parents[1]  # Clients/schema
REPO_ROOT = SCHEMA_DIR.parents[1]
sys.path.insert(0, str(SCHEMA_DIR))
sys.path.insert(0, str(REPO_ROOT / "Clients" / "python"))

import validate  # noqa: E402

DOCUMENT_PATH = SCHEMA_DIR / "layoutd.openrpc.json"
WRAPPER = SCHEMA_DIR / "trace-layoutd.sh"
PROTOCOL_MD = REPO_ROOT / "Protocol.md"
NODE_PROTOCOL = REPO_ROOT / "Clients" / "node" / "lib" / "protocol.js"


def load_document() -> Dict:
    with open(DOCUMENT_PATH, encoding="utf-8") as file:
        return json.load(file)


def find_daemon() -> Optional[str]:
    env = os.environ.get("LAYOUTD_BINARY")
    if env:
        return env if os.access(env, os.X_OK) else None
    for config in ("debug", "release"):
        path = REPO_ROOT / ".build" / config / "layoutd"
        if os.access(path, os.X_OK):
            return str(path)
    return None


def document_names(document: Dict) -> Dict[str, Set[str]]:
    """The document's methods by kind: requests, client notifications, server notifications, server requests."""
    out: Dict[str, Set[str]] = {"requests": set(), "client": set(), "server": set(), "serverRequests": set()}
    for method in document["methods"]:
        direction = method.get("x-direction")
        if direction == "server-to-client" and method.get("x-notification") is not True:
            out["serverRequests"].add(method["name"])
        elif direction == "server-to-client":
            out["server"].add(method["name"])
        elif direction == "client-to-server":
            out["client"].add(method["name"])
        else:
            out["requests"].add(method["name"])
    return out


def serving_section() -> str:
    text = PROTOCOL_MD.read_text(encoding="utf-8")
    start = text.index("\n## Serving")
    end = text.find("\n## ", start + 1)
    return text[start:] if end < 0 else text[start:end]


#: A JSON-RPC method name in backquotes or in a JSON example: `session/create`, "method":"initialize".
METHOD_TOKEN = re.compile(r"(?:`|\"method\":\s*\")(\$/[A-Za-z]+|[a-z][A-Za-z]*/[A-Za-z]+|initialize|initialized|shutdown|exit)[`\"]")


def protocol_md_names() -> Dict[str, Set[str]]:
    """Method names Protocol.md's Serving section mentions, and its server notifications (the
    ``capabilities.notifications`` list of ``initialize`` plus every ``←`` example message without an id)."""
    section = serving_section()
    names = set(METHOD_TOKEN.findall(section))
    flat = re.sub(r"\s+", " ", section)
    listed = re.search(r"\"notifications\": ?\[([^\]]*)\]", flat)
    server = set(re.findall(r"\"([^\"]+)\"", listed.group(1))) if listed else set()
    for line in section.splitlines():
        match = re.match(r"\s*←\s*\{\"jsonrpc\":\"2.0\",\"method\":\"([^\"]+)\"", line)
        if match:
            server.add(match.group(1))
    return {"all": names, "server": server}


def node_tables() -> Dict[str, Set[str]]:
    """The Node client's METHODS values, CLIENT_NOTIFICATIONS and NOTIFICATIONS (via node when installed, else read
    from the source)."""
    node = shutil.which("node")
    if node:
        script = ("const m = await import(process.argv[1]); console.log(JSON.stringify({methods: Object.values(m.METHODS),"
                  " client: m.CLIENT_NOTIFICATIONS, server: m.NOTIFICATIONS, serverRequests: m.SERVER_REQUESTS}));")
        out = subprocess.run([node, "--input-type=module", "-e", script, NODE_PROTOCOL.as_uri()], check=True,
                             capture_output=True, text=True, timeout=60).stdout
        data = json.loads(out)
        return {"methods": set(data["methods"]), "client": set(data["client"]), "server": set(data["server"]),
                "serverRequests": set(data["serverRequests"])}
    source = NODE_PROTOCOL.read_text(encoding="utf-8")

    def block(name: str) -> str:
        match = re.search(rf"export const {name} = Object\.freeze\(([\[{{].*?[\]}}])\);", source, re.S)
        assert match, f"{name} not found in {NODE_PROTOCOL}"
        return match.group(1)

    return {"methods": set(re.findall(r":\s*'([^']+)'", block("METHODS"))),
            "client": set(re.findall(r"'([^']+)'", block("CLIENT_NOTIFICATIONS"))),
            "server": set(re.findall(r"'([^']+)'", block("NOTIFICATIONS"))),
            "serverRequests": set(re.findall(r"'([^']+)'", block("SERVER_REQUESTS")))}


class _Traffic:
    """Traffic produced once for the whole module: trace files of the client suites, plus $LAYOUTD_TRACES."""

    produced: List[str] = []
    external: List[str] = []
    suites: Dict[str, str] = {}  # suite -> summary of its run
    directory: Optional[tempfile.TemporaryDirectory] = None


def setUpModule() -> None:  # noqa: N802 (unittest's name)
    for pattern in filter(None, os.environ.get("LAYOUTD_TRACES", "").split(":")):
        _Traffic.external += sorted(glob.glob(pattern, recursive=True))
    for pattern in filter(None, os.environ.get("LAYOUTD_CLIENT_TRACES", "").split(":")):
        _Traffic.produced += sorted(glob.glob(pattern, recursive=True))
    if os.environ.get("CI") == "true" and os.environ.get("LAYOUTD_CLIENT_TRACES") and not _Traffic.produced:
        raise RuntimeError(f"CI=true: LAYOUTD_CLIENT_TRACES={os.environ['LAYOUTD_CLIENT_TRACES']} names no trace files")
    daemon = find_daemon()
    suites = [s.strip() for s in os.environ.get("LAYOUTD_SCHEMA_SUITES", "python,node").split(",") if s.strip()]
    if daemon is None or not suites:
        return
    _Traffic.directory = tempfile.TemporaryDirectory(prefix="layoutd-traces-")
    commands = {
        "python": [sys.executable, "-m", "unittest", "discover", "-s", str(REPO_ROOT / "Clients" / "python" / "tests")],
        "node": [shutil.which("node") or "node", "--test", str(REPO_ROOT / "Clients" / "node" / "test") + os.sep],
    }
    for suite in suites:
        if suite == "node" and not shutil.which("node"):
            _Traffic.suites[suite] = "skipped: node is not installed"
            continue
        directory = os.path.join(_Traffic.directory.name, suite)
        os.makedirs(directory)
        env = dict(os.environ, LAYOUTD_REAL_BINARY=os.path.abspath(daemon), LAYOUTD_TRACE_DIR=directory,
                   LAYOUTD_BINARY=str(WRAPPER))
        env.pop("LAYOUTD_TRACE", None)
        run = subprocess.run(commands[suite], cwd=REPO_ROOT, env=env, capture_output=True, text=True, timeout=900)
        tail = (run.stdout + run.stderr).strip().splitlines()[-3:]
        _Traffic.suites[suite] = f"exit {run.returncode}: " + " | ".join(tail)
        _Traffic.produced += sorted(glob.glob(os.path.join(directory, "*.jsonl")))


def tearDownModule() -> None:  # noqa: N802
    if _Traffic.directory is not None:
        _Traffic.directory.cleanup()


def skip_unless_ci(test: unittest.TestCase, reason: str) -> None:
    """Skips ``test`` for ``reason``; with ``CI=true`` fails it instead (in CI every check runs)."""
    if os.environ.get("CI") == "true":
        test.fail(f"CI=true, so this is not skipped: {reason}")
    test.skipTest(reason)


def violations_text(violations: List[validate.Violation], limit: int = 40) -> str:
    lines = [str(v) for v in violations[:limit]]
    if len(violations) > limit:
        lines.append(f"… and {len(violations) - limit} more")
    return "\n".join(lines)


class DocumentTests(unittest.TestCase):
    def test_document_is_a_well_formed_openrpc_document_using_only_checked_keywords(self) -> None:
        checker = validate.TrafficChecker(load_document())
        self.assertEqual(checker.document_problems(), [])
        self.assertEqual(checker.document["openrpc"], "1.2.6")

    def test_info_version_is_the_protocol_version(self) -> None:
        import layoutd.protocol as protocol

        self.assertEqual(load_document()["info"]["version"], protocol.PROTOCOL_VERSION)


class TrafficTests(unittest.TestCase):
    """(a) real traffic, both directions, validates against the document."""

    def check(self, files: List[str], strict: bool) -> validate.TrafficChecker:
        checker = validate.TrafficChecker(load_document(), strict_notifications=strict, strict_params=strict)
        checker.check(files)
        return checker

    def test_client_suite_traffic_validates_and_covers_every_method(self) -> None:
        if not _Traffic.produced:
            skip_unless_ci(self, "no daemon to produce traffic (build it with `swift build`, or set LAYOUTD_BINARY)"
                          f"; suites: {_Traffic.suites or 'none'}")
        # Strict: the clients send no params member the document does not name and no malformed notification.
        checker = self.check(_Traffic.produced, strict=True)
        self.assertEqual(checker.violations, [], "\n" + violations_text(checker.violations))
        self.assertGreater(checker.stats.results, 1000, f"too little traffic: {checker.stats} {_Traffic.suites}")
        unseen = [name for name in checker.methods if name not in checker.stats.seen]
        self.assertEqual(unseen, [], f"the client suites never exercised these (successfully): {unseen}")

    def test_external_traces_validate(self) -> None:
        if not _Traffic.external:
            skip_unless_ci(self, "LAYOUTD_TRACES names no trace files")
        # Protocol tests send malformed notifications and unknown params members on purpose (the server ignores
        # both), so neither is a violation here.
        checker = self.check(_Traffic.external, strict=False)
        self.assertEqual(checker.violations, [], "\n" + violations_text(checker.violations))
        self.assertGreater(checker.stats.results, 0, f"no answered requests in {_Traffic.external}")


class ClientCoverageTests(unittest.TestCase):
    """(b) each client covers every method of the document, and names none that is not in it."""

    def setUp(self) -> None:
        self.names = document_names(load_document())

    def test_python_client(self) -> None:
        import layoutd.protocol as protocol

        self.assertEqual(set(protocol.METHODS.values()), self.names["requests"] | self.names["client"])
        self.assertEqual(set(protocol.CLIENT_NOTIFICATIONS), self.names["client"])
        self.assertEqual(set(protocol.NOTIFICATIONS), self.names["server"])
        self.assertEqual(set(protocol.SERVER_REQUESTS), self.names["serverRequests"])

    def test_node_client(self) -> None:
        tables = node_tables()
        self.assertEqual(tables["methods"], self.names["requests"] | self.names["client"])
        self.assertEqual(tables["client"], self.names["client"])
        self.assertEqual(tables["server"], self.names["server"])
        self.assertEqual(tables["serverRequests"], self.names["serverRequests"])


class ProtocolMdTests(unittest.TestCase):
    """(c) the document and Protocol.md's Serving section name the same methods and notifications."""

    def test_every_method_of_the_serving_section_is_in_the_document_and_vice_versa(self) -> None:
        document = {m["name"] for m in load_document()["methods"]}
        mentioned = protocol_md_names()["all"]
        self.assertEqual(sorted(mentioned - document), [], "in Protocol.md, not in the document")
        self.assertEqual(sorted(document - mentioned), [], "in the document, not in Protocol.md")

    def test_server_notifications_match(self) -> None:
        names = document_names(load_document())
        self.assertEqual(protocol_md_names()["server"], names["server"])

    def test_protocol_md_examples_validate(self) -> None:
        """Every complete example exchange of the Serving section (→ request, ← answer or notification)."""
        checker = validate.TrafficChecker(load_document())
        with tempfile.TemporaryDirectory() as directory:
            path = os.path.join(directory, "examples.jsonl")
            count = 0
            with open(path, "w", encoding="utf-8") as trace:
                for block in code_blocks(serving_section()):
                    for direction, body in example_messages(block):
                        trace.write(json.dumps({"direction": direction, "message": body}) + "\n")
                        count += 1
            checker.check([path])
        self.assertGreater(count, 40)
        self.assertEqual(checker.violations, [], "\n" + violations_text(checker.violations))
        self.assertGreater(len(checker.stats.seen), 30)


def code_blocks(text: str) -> List[str]:
    """The fenced code blocks of a Markdown text."""
    blocks: List[str] = []
    current: Optional[List[str]] = None
    for line in text.splitlines():
        if line.startswith("```"):
            if current is None:
                current = []
            else:
                blocks.append("\n".join(current))
                current = None
        elif current is not None:
            current.append(line)
    return blocks


def example_messages(block: str):
    """(direction, message) of each → / ← message of a Protocol.md example block that is complete JSON (those with
    "…" elisions are left out)."""
    current: Optional[List[str]] = None
    direction = ""
    messages = []

    def flush() -> None:
        if current is not None:
            text = " ".join(current)
            text = re.sub(r"\s*\(process exits.*\)$", "", text)
            try:
                messages.append((direction, json.loads(text)))
            except ValueError:
                pass  # elided ("…") or not a message

    for line in block.splitlines():
        match = re.match(r"\s*(→|←)\s*(.*)$", line)
        if match:
            flush()
            direction = "in" if match.group(1) == "→" else "out"
            current = [match.group(2)]
        elif current is not None and line.startswith("   "):
            current.append(line.strip())
        else:
            flush()
            current = None
    flush()
    return messages


if __name__ == "__main__":
    unittest.main()
