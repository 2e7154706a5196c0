"""layoutd.protocol.METHODS against Protocol.md, and every typed method against the table (no daemon needed)."""

from __future__ import annotations

import inspect
import re
import unittest
from typing import Any, Dict, List, Optional, Tuple

import support

import layoutd
from layoutd import AsyncClient, AsyncSession, Client, Session, ops
from layoutd.api import ClientMethods, SessionMethods
from layoutd.protocol import CLIENT_NOTIFICATIONS, METHODS, NOTIFICATIONS, SERVER_REQUESTS

LIFECYCLE = {"initialize", "initialized", "shutdown", "exit"}


def documented_methods() -> set:
    """Every method and notification named in Protocol.md's "Serving" section."""
    document = support.PROTOCOL_MD.read_text(encoding="utf-8")
    start = document.index("## Serving")
    following = document.find("\n## ", start + 1)
    section = document[start: following if following >= 0 else len(document)]
    names = set(re.findall(r"`((?:\$|[a-z][A-Za-z]*)/[A-Za-z]+)`", section))
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
    "Client.did_open": (("file:///a.json", "{}"), {"version": 3}),
    "Client.did_change": (("file:///a.json", 4, [{"text": "[]"}]), {}),
    "Client.did_close": (("file:///a.json",), {}),
    "Client.hover": (("file:///a.json", 0, 3), {}),
    "Client.document_symbols": (("file:///a.json",), {}),
    "Client.inlay_hints": (("file:///a.json", (0, 0), (2, 0)), {}),
    "Client.completions": (("file:///a.json", 0, 3), {}),
    "Client.code_actions": (("file:///a.json",), {"only": ["source"]}),
    "Client.execute_command": (("layoutd.showSnapshot", [{"uri": "file:///a.json", "width": 320}]), {}),
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
    "Session.set_header": ((0, ops.header(height=20)), {}),
    "Session.set_footer": ((1, None), {}),
    "Session.perform_batch_updates": (([ops.delete_rows(["a"])],), {"row_counts": [0]}),
    "Session.wait_until_all_updates_are_processed": ((), {}),
    "Session.content_size": ((), {}),
    "Session.describe": ((), {"state": "pending"}),
    "Session.row_at_point": ((1, 2), {}),
    "Session.rows_in_rect": ((0, 0, 10, 10), {}),
    "Session.row_frame": (([0, 0],), {}),
    "Session.supplementary_frame": ((1,), {"kind": "footer"}),
    "Session.element_at_point": ((1, 2), {}),
    "Session.elements_in_rect": ((0, 0, 10, 10), {}),
    "Session.element_frames": (("a",), {"elements": ["t"]}),
    "Session.set_needs_layout": (("a",), {"element": "t", "spec": support.node(4)}),
    "Session.display_list": (("a",), {}),
    "Session.snapshot": ((), {"rect": {"height": 100}, "margin": 30}),
    "Session.scroll_to_offset": ((1000,), {"drag": False}),
    "Session.scroll_by": ((-50,), {"velocity": 1.5}),
    "Session.scroll_to_page": ((3,), {"drag": True}),
    "Session.current_page": ((), {}),
    "Session.container_scroll_to_offset": (("r9", "stories"), {"x": 440, "drag": False}),
    "Session.container_items": (("r9", "stories"), {}),
    "Session.scroll_to_row": (([0, 3],), {"position": "middle"}),
    "Session.ranges": ((), {}),
    "Session.tuning_parameters": ((), {"mode": "minimum", "range_type": "preload"}),
    "Session.set_tuning_parameters": (("display", 2, 1), {"mode": "minimum"}),
    "Session.set_range_mode": (("visibleOnly",), {}),
    "Session.set_visible": ((False,), {}),
    "Session.application_event": (("memoryWarning",), {}),
    "Session.complete_batch_fetching": ((), {"finished": False}),
    "Session.cancel_batch_fetching": ((), {}),
    "Session.set_leading_screens_for_batching": ((3,), {}),
    "Session.select_row": (("a",), {}),
    "Session.deselect_row": (((0, 1),), {}),
    "Session.selected_rows": ((), {}),
    "Session.set_selection_options": ((), {"allows_multiple_selection": True}),
}

EXPECTED_PARAMS: Dict[str, Any] = {
    "Client.initialize": {"processId": None, "initializationOptions": {"limits": {"maxSessions": 2}, "notifications": "coalesced"}},
    "Client.cancel_request": {"id": 7},
    "Client.did_open": {"textDocument": {"uri": "file:///a.json", "languageId": "json", "version": 3, "text": "{}"}},
    "Client.did_change": {"textDocument": {"uri": "file:///a.json", "version": 4}, "contentChanges": [{"text": "[]"}]},
    "Client.did_close": {"textDocument": {"uri": "file:///a.json"}},
    "Client.hover": {"textDocument": {"uri": "file:///a.json"}, "position": {"line": 0, "character": 3}},
    "Client.document_symbols": {"textDocument": {"uri": "file:///a.json"}},
    "Client.completions": {"textDocument": {"uri": "file:///a.json"}, "position": {"line": 0, "character": 3}},
    "Client.code_actions": {"textDocument": {"uri": "file:///a.json"},
                            "range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}},
                            "context": {"diagnostics": [], "only": ["source"]}},
    "Client.execute_command": {"command": "layoutd.showSnapshot", "arguments": [{"uri": "file:///a.json", "width": 320}]},
    "Client.inlay_hints": {"textDocument": {"uri": "file:///a.json"},
                           "range": {"start": {"line": 0, "character": 0}, "end": {"line": 2, "character": 0}}},
    "Client.create_session": {"viewport": {"width": 320, "height": 480}, "scale": 3, "separators": False,
                              "sessionId": "t"},
    "Session.set_viewport": {"viewport": {"width": 100}},
    "Session.delete_rows": {"rows": ["a", [0, 1]]},
    "Session.reload_rows": {"rows": [{"row": "a", "cell": support.node(2)}, {"row": [0, 1], "cell": support.node(3)}]},
    "Session.move_row": {"from": "a", "to": [0, 2]},
    "Session.move_section": {"from": 0, "to": 1},
    "Session.set_header": {"section": 0, "header": {"height": 20}},
    "Session.set_footer": {"section": 1, "footer": None},
    "Session.supplementary_frame": {"section": 1, "kind": "footer"},
    "Session.element_at_point": {"point": {"x": 1, "y": 2}},
    "Session.elements_in_rect": {"rect": {"x": 0, "y": 0, "width": 10, "height": 10}},
    "Session.perform_batch_updates": {"operations": [{"op": "deleteRows", "rows": ["a"]}], "rowCounts": [0]},
    "Session.row_at_point": {"point": {"x": 1, "y": 2}},
    "Session.rows_in_rect": {"rect": {"x": 0, "y": 0, "width": 10, "height": 10}},
    "Session.set_needs_layout": {"row": "a", "element": "t", "spec": support.node(4)},
    "Session.display_list": {"row": "a"},
    "Session.snapshot": {"rect": {"height": 100}, "margin": 30},
    "Session.scroll_to_offset": {"y": 1000, "drag": False},
    "Session.scroll_by": {"dy": -50, "velocity": 1.5},
    "Session.scroll_to_page": {"page": 3, "drag": True},
    "Session.current_page": {},
    "Session.container_scroll_to_offset": {"row": "r9", "element": "stories", "x": 440, "drag": False},
    "Session.container_items": {"row": "r9", "element": "stories"},
    "Session.scroll_to_row": {"row": [0, 3], "position": "middle"},
    "Session.ranges": {},
    "Session.tuning_parameters": {"mode": "minimum", "rangeType": "preload"},
    "Session.set_tuning_parameters": {"mode": "minimum", "rangeType": "display", "leadingBufferScreenfuls": 2,
                                      "trailingBufferScreenfuls": 1},
    "Session.set_range_mode": {"mode": "visibleOnly"},
    "Session.set_visible": {"visible": False},
    "Session.application_event": {"event": "memoryWarning"},
    "Session.complete_batch_fetching": {"finished": False},
    "Session.cancel_batch_fetching": {},
    "Session.set_leading_screens_for_batching": {"leadingScreens": 3},
    "Session.select_row": {"row": "a"},
    "Session.deselect_row": {"row": [0, 1]},
    "Session.selected_rows": {},
    "Session.set_selection_options": {"allowsMultipleSelection": True},
}

#: optional members: (qualified, args, kwargs, expected params)
OPTIONAL_MEMBERS = [
    ("Client.create_session", (320, 480), {"interface_states": False, "batch_fetching": True,
                                           "scroll_anchoring": False, "lenient_fonts": True},
     {"viewport": {"width": 320, "height": 480}, "scale": 2, "separators": True, "interfaceStates": False,
      "batchFetching": True, "scrollAnchoring": False, "lenientFonts": True}),
    ("Client.create_session", (320, 480), {"inverted": True, "change_frames": True},
     {"viewport": {"width": 320, "height": 480}, "scale": 2, "separators": True, "inverted": True,
      "changeFrames": True}),
    ("Session.set_needs_layout", ("a",), {"cell": support.node(2), "transition": True},
     {"row": "a", "cell": support.node(2), "transition": True}),
    ("Client.create_session", (320, 480), {"style": "grouped", "grouped_section_spacing": {"header": 35}},
     {"viewport": {"width": 320, "height": 480}, "scale": 2, "separators": True, "style": "grouped",
      "groupedSectionSpacing": {"header": 35}}),
    ("Session.supplementary_frame", (0,), {}, {"section": 0, "kind": "header"}),
    ("Session.insert_sections", ([ops.section([ops.row(support.node(1), "a")], header=ops.header(cell=support.node(2),
                                                                                                   id="h"),
                                              footer=ops.header(height=4))],), {},
     {"sections": [{"rows": [{"cell": support.node(1), "id": "a"}], "header": {"cell": support.node(2), "id": "h"},
                    "footer": {"height": 4}}]}),
    ("Session.perform_batch_updates", ([ops.set_header(2, None), ops.set_footer(0, ops.header(height=1)),
                                        ops.reload_sections([ops.section(index=1, header=ops.header(height=3))])],), {},
     {"operations": [{"op": "setHeader", "section": 2, "header": None},
                     {"op": "setFooter", "section": 0, "footer": {"height": 1}},
                     {"op": "reloadSections", "sections": [{"rows": [], "header": {"height": 3}, "section": 1}]}]}),
    ("Session.set_viewport", (), {}, {"viewport": {}}),
    ("Session.set_viewport", (), {"content_offset": 120}, {"contentOffset": {"y": 120}}),
    ("Session.set_viewport", (), {"content_offset": {"y": 5}, "content_inset": {"top": 20, "bottom": 10},
                                  "scroll_anchoring": False},
     {"contentOffset": {"y": 5}, "contentInset": {"top": 20, "bottom": 10}, "scrollAnchoring": False}),
    ("Session.set_viewport", (200,), {"content_offset": 0}, {"viewport": {"width": 200}, "contentOffset": {"y": 0}}),
    ("Session.scroll_to_offset", (10,), {}, {"y": 10}),
    ("Session.scroll_to_row", ("a",), {"drag": True}, {"row": "a", "drag": True}),
    ("Session.set_needs_layout", (), {"rows": ["a", (0, 1), {"row": (0, 2), "cell": support.node(1)}]},
     {"rows": ["a", [0, 1], {"row": [0, 2], "cell": support.node(1)}]}),
    ("Session.tuning_parameters", (), {}, {}),
    ("Session.complete_batch_fetching", (), {}, {}),
    ("Session.insert_rows", ([ops.row(support.node(1), "a", never_show_placeholders=True)],), {},
     {"rows": [{"id": "a", "cell": support.node(1), "neverShowPlaceholders": True}]}),
    ("Client.create_session", (320, 480), {"allows_selection": False, "allows_multiple_selection": True},
     {"viewport": {"width": 320, "height": 480}, "scale": 2, "separators": True, "allowsSelection": False,
      "allowsMultipleSelection": True}),
    ("Session.insert_rows", ([ops.row(support.node(1), "a", height_range={"min": 44}, accessory_type="checkmark",
                                      selection_style="gray", separator_inset={"left": 15})],), {},
     {"rows": [{"id": "a", "cell": support.node(1), "heightRange": {"min": 44}, "accessoryType": "checkmark",
                "selectionStyle": "gray", "separatorInset": {"left": 15}}]}),
    ("Session.insert_rows", ([ops.row(support.node(1), "i", size_range={"max": {"width": 150, "height": 80}})],), {},
     {"rows": [{"id": "i", "cell": support.node(1), "sizeRange": {"max": {"width": 150, "height": 80}}}]}),
    ("Session.perform_batch_updates", ([ops.insert_rows([ops.row(support.node(1), at=(0, 0))])],), {},
     {"operations": [{"op": "insertRows", "rows": [{"cell": support.node(1), "at": [0, 0]}]}]}),
]


class ProtocolTableTests(unittest.TestCase):
    def test_table_covers_protocol_md(self) -> None:
        documented = documented_methods()
        known = set(METHODS.values()) | set(NOTIFICATIONS) | SERVER_REQUESTS
        self.assertEqual(sorted(documented - known), [],
                         "Protocol.md documents methods the Python client does not wrap")
        self.assertEqual(sorted(set(METHODS.values()) - documented), [],
                         "METHODS names methods Protocol.md does not document")
        implemented = {name for name, status in NOTIFICATIONS.items() if status == "implemented"}
        self.assertEqual(sorted(implemented - documented), [])
        self.assertEqual(sorted(SERVER_REQUESTS - documented), [])
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

    def test_optional_members(self) -> None:
        for qualified, args, kwargs, expected in OPTIONAL_MEMBERS:
            owner, name = qualified.split(".")
            target = RecordingClient() if owner == "Client" else RecordingSession()
            getattr(target, name)(*args, **kwargs)
            self.assertEqual(target.calls, [(METHODS[qualified], expected)], (qualified, kwargs))

    def test_batch_fetch_context(self) -> None:
        session = RecordingSession()
        subscribed: List[Any] = []
        session.on = lambda method, callback, replay=False: subscribed.append((method, callback))  # type: ignore
        contexts: List[Any] = []
        session.on_batch_fetch(contexts.append)
        self.assertEqual([method for method, _ in subscribed], ["table/willBeginBatchFetch"])
        note = layoutd.Notification("table/willBeginBatchFetch", {
            "sessionId": "s1", "contentSize": {"width": 320, "height": 10}, "contentOffset": {"x": 0, "y": 0}})
        subscribed[0][1](note)
        (context,) = contexts
        self.assertEqual((context.content_size, context.content_offset, context.notification),
                         ({"width": 320, "height": 10}, {"x": 0, "y": 0}, note))
        context.complete()
        context.complete(finished=False)
        context.cancel()
        self.assertEqual(session.calls, [("table/completeBatchFetching", {"finished": True}),
                                         ("table/completeBatchFetching", {"finished": False}),
                                         ("table/cancelBatchFetching", {})])


if __name__ == "__main__":
    unittest.main()
