"""layoutd.protocol.METHODS against Protocol.md, and every typed method against the table (no daemon needed)."""

from __future__ import annotations

import inspect
import re
import unittest
from typing import Any, Dict, List, Optional, Tuple

import support

from layoutd import AsyncClient, AsyncSession, Client, Session, ops
from layoutd.api import ClientMethods, SessionMethods
from layoutd.protocol import CLIENT_NOTIFICATIONS, METHODS, NOTIFICATIONS

LIFECYCLE = {"initialize", "initialized", "shutdown", "exit"}


def documented_methods() -> set:
    """Every method and notification named in Protocol.md's "Serving" section."""
    document = support.PROTOCOL_MD.read_text(encoding="utf-8")
    start = document.index("## Serving")
    following = document.find("\n## ", start + 1)
    section = document[start: following if following >= 0 else len(document)]
    names = set(re.findall(r"`((?:\$|[a-z]+)/[A-Za-z]+)`", section))
    names |= {name for name in LIFECYCLE if f"`{name}`" in section}
    return names


class Recorder:
    def __init__(self) -> None:
        self.calls: List[Tuple[str, Optional[Dict[str, Any]]]] = []

    def _call(self, method: str, params: Any, convert: Any = None) -> Any:
        self.calls.append((method, params))
        return None

    def _notify(self, method: str, params: Any) -> None:
        self.calls.append((method, params))

    def _make_session(self, session_id: str) -> Any:
        return session_id


class RecordingClient(Recorder, ClientMethods):
    pass


class RecordingSession(Recorder, SessionMethods):
    session_id = "s1"


SAMPLE_ARGS: Dict[str, Tuple[tuple, dict]] = {
    "Client.initialize": ((), {"initialization_options": {"limits": {"maxSessions": 2}}}),
    "Client.initialized": ((), {}),
    "Client.shutdown": ((), {}),
    "Client.exit": ((), {}),
    "Client.cancel_request": ((7,), {}),
    "Client.create_session": ((320, 480), {"scale": 3, "separators": False, "session_id": "t"}),
    "Session.dispose": ((), {}),
    "Session.set_viewport": ((), {"width": 100}),
    "Session.insert_rows": (([{"id": "a", "cell": support.node(1)}],), {"section": 0, "at": 0}),
    "Session.delete_rows": ((["a", (0, 1)],), {}),
    "Session.reload_rows": (([("a", support.node(2)), {"row": [0, 1], "cell": support.node(3)}],), {}),
    "Session.move_row": (("a", (0, 2)), {}),
    "Session.insert_sections": (([{"rows": []}],), {"at": 1}),
    "Session.delete_sections": (([0],), {}),
    "Session.reload_sections": (([{"section": 0, "rows": []}],), {}),
    "Session.move_section": ((0, 1), {}),
    "Session.reload_data": (([{"rows": []}],), {}),
    "Session.perform_batch_updates": (([ops.delete_rows(["a"])],), {"row_counts": [0]}),
    "Session.wait_until_all_updates_are_processed": ((), {}),
    "Session.content_size": ((), {}),
    "Session.describe": ((), {"state": "pending"}),
    "Session.row_at_point": ((1, 2), {}),
    "Session.rows_in_rect": ((0, 0, 10, 10), {}),
    "Session.row_frame": (([0, 0],), {}),
    "Session.element_frames": (("a",), {"elements": ["t"]}),
    "Session.set_needs_layout": (("a",), {"element": "t", "spec": support.node(4)}),
}

EXPECTED_PARAMS: Dict[str, Any] = {
    "Client.initialize": {"processId": None, "initializationOptions": {"limits": {"maxSessions": 2}}},
    "Client.cancel_request": {"id": 7},
    "Client.create_session": {"viewport": {"width": 320, "height": 480}, "scale": 3, "separators": False,
                              "sessionId": "t"},
    "Session.set_viewport": {"viewport": {"width": 100}},
    "Session.delete_rows": {"rows": ["a", [0, 1]]},
    "Session.reload_rows": {"rows": [{"row": "a", "cell": support.node(2)}, {"row": [0, 1], "cell": support.node(3)}]},
    "Session.move_row": {"from": "a", "to": [0, 2]},
    "Session.move_section": {"from": 0, "to": 1},
    "Session.perform_batch_updates": {"operations": [{"op": "deleteRows", "rows": ["a"]}], "rowCounts": [0]},
    "Session.row_at_point": {"point": {"x": 1, "y": 2}},
    "Session.rows_in_rect": {"rect": {"x": 0, "y": 0, "width": 10, "height": 10}},
    "Session.set_needs_layout": {"row": "a", "element": "t", "spec": support.node(4)},
}


class ProtocolTableTests(unittest.TestCase):
    def test_table_covers_protocol_md(self) -> None:
        documented = documented_methods()
        known = set(METHODS.values()) | set(NOTIFICATIONS)
        self.assertEqual(sorted(documented - known), [],
                         "Protocol.md documents methods the Python client does not wrap")
        self.assertEqual(sorted(set(METHODS.values()) - documented), [],
                         "METHODS names methods Protocol.md does not document")
        implemented = {name for name, status in NOTIFICATIONS.items() if status == "implemented"}
        self.assertEqual(sorted(implemented - documented), [])
        self.assertTrue(CLIENT_NOTIFICATIONS <= set(METHODS.values()))

    def test_every_entry_is_a_method_with_a_docstring_naming_it(self) -> None:
        classes = {"Client": (Client, AsyncClient), "Session": (Session, AsyncSession)}
        for qualified, wire in METHODS.items():
            owner, name = qualified.split(".")
            for cls in classes[owner]:
                function = getattr(cls, name, None)
                self.assertTrue(callable(function), f"{cls.__name__}.{name} is missing")
                self.assertIn(f"``{wire}``", inspect.getdoc(function) or "", f"{qualified} docstring")

    def test_every_entry_sends_its_wire_method(self) -> None:
        self.assertEqual(set(SAMPLE_ARGS), set(METHODS))
        for qualified, wire in METHODS.items():
            owner, name = qualified.split(".")
            target = RecordingClient() if owner == "Client" else RecordingSession()
            args, kwargs = SAMPLE_ARGS[qualified]
            getattr(target, name)(*args, **kwargs)
            self.assertEqual(len(target.calls), 1, qualified)
            method, params = target.calls[0]
            self.assertEqual(method, wire, qualified)
            if qualified in EXPECTED_PARAMS:
                self.assertEqual(params, EXPECTED_PARAMS[qualified], qualified)


if __name__ == "__main__":
    unittest.main()
