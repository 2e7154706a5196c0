"""The blocking client against the real daemon: lifecycle, every typed method, notifications, errors."""

from __future__ import annotations

import threading
import time
import unittest
from typing import Any, List

import support
from support import node, text

import layoutd
from layoutd import ops
from layoutd.protocol import NOTIFICATIONS


@support.needs_daemon
class LifecycleTests(unittest.TestCase):
    def test_initialize_result_and_close(self) -> None:
        client = layoutd.Client()
        try:
            self.assertEqual(client.server_info, {"name": "layoutd", "version": "0.1.0"})
            self.assertEqual(client.initialize_result["protocolVersion"], "1.0")
            caps = client.capabilities
            self.assertTrue(caps["sessions"] and caps["tableNode"])
            self.assertEqual(set(caps["notifications"]),
                             {name for name, status in NOTIFICATIONS.items() if status == "implemented"})
            self.assertTrue(client.is_alive)
            self.assertIsNone(client.returncode)
        finally:
            status = client.close()
        self.assertEqual(status, 0)  # shutdown, then exit: status 0
        self.assertTrue(client.closed)
        self.assertTrue(support.process_gone(client.pid))
        self.assertEqual(client.close(), 0)  # idempotent

    def test_initialization_options(self) -> None:
        options = {"fontDirectories": [], "limits": {"maxSessions": 1, "maxRowsPerSession": 3}}
        with layoutd.Client(initialization_options=options) as client:
            limits = client.capabilities["limits"]
            self.assertEqual((limits["maxSessions"], limits["maxRowsPerSession"]), (1, 3))
            session = client.create_session(320, 480)
            with self.assertRaises(layoutd.LimitExceeded) as caught:
                client.create_session(320, 480)
            self.assertEqual(caught.exception.code, -32005)
            self.assertEqual(caught.exception.message,
                             "cannot create a session: 1 sessions are live, the maximum is 1 (maxSessions)")
            with self.assertRaises(layoutd.LimitExceeded) as caught:
                session.insert_rows([{"cell": node(1)} for _ in range(4)])
            self.assertEqual(caught.exception.message,
                             f'session "{session.session_id}" would hold 4 rows, more than the maximum of 3'
                             " (maxRowsPerSession)")

    def test_snapshot_command_asks_a_client_that_shows_documents(self) -> None:
        # A client declaring window.showDocument gets the request (id "layoutd-1") and answers it -32601, as it
        # answers every server request; the command's answer names the method it sent.
        with layoutd.Client(initialize=False) as client:
            client.initialize(capabilities={"window": {"showDocument": {"support": True}}})
            client.initialized()
            client.did_open("file:///shown.json", '{"type": "node", "style": {"height": 7}}')
            client.next_notification("textDocument/publishDiagnostics", timeout=10)
            shown = client.execute_command("layoutd.showSnapshot", [{"uri": "file:///shown.json", "width": 100}])
            self.assertEqual((shown["rows"], shown["height"], shown["shownWith"]), (1, 7.5, "window/showDocument"))
            self.assertTrue(shown["path"].endswith("/layoutd-snapshots/shown-100.svg"))

    def test_manual_lifecycle_and_its_errors(self) -> None:
        with layoutd.Client(initialize=False) as client:
            self.assertIsNone(client.server_info)
            with self.assertRaises(layoutd.ServerNotInitialized) as caught:
                client.create_session(320, 480)
            self.assertEqual((caught.exception.code, caught.exception.message), (-32002, "server not initialized"))
            with self.assertRaises(layoutd.InvalidParams) as caught:
                client.initialize({"limits": {"maxCellDepth": 65}})
            self.assertEqual(caught.exception.message,
                             "params.initializationOptions.limits.maxCellDepth: expected an integer in [1, 64], got 65")
            result = client.initialize({"limits": {"maxCellDepth": 8}})  # the server stayed uninitialized
            self.assertEqual(result["capabilities"]["limits"]["maxCellDepth"], 8)
            self.assertEqual(client.capabilities["limits"]["maxCellDepth"], 8)
            client.initialized()
            with self.assertRaises(layoutd.InvalidRequest) as caught:
                client.initialize()
            self.assertEqual((caught.exception.code, caught.exception.message),
                             (-32600, "server is already initialized"))
            self.assertIsNone(client.shutdown())
            with self.assertRaises(layoutd.InvalidRequest) as caught:
                client.create_session(320, 480)
            self.assertEqual(caught.exception.message, "server is shutting down")
            client.exit()
            deadline = time.monotonic() + 5
            while client.returncode is None and time.monotonic() < deadline:
                time.sleep(0.01)
            self.assertEqual(client.returncode, 0)
            with self.assertRaises(layoutd.LayoutdConnectionError):
                client.create_session(320, 480)
        self.assertTrue(support.process_gone(client.pid))

    def test_exit_without_shutdown_is_status_1(self) -> None:
        client = layoutd.Client()
        client.exit()
        self.assertEqual(client.close(), 1)

    def test_binary_and_args(self) -> None:
        with layoutd.Client(binary=support.BINARY, args=["--log-level", "info"], env={"LAYOUTD_TEST": "1"}) as client:
            self.assertEqual(client.argv, [support.BINARY, "--log-level", "info"])
            client.create_session(100, 100, session_id="logged")
            deadline = time.monotonic() + 5
            while not any('"logged" created' in line for line in client.stderr_tail) and time.monotonic() < deadline:
                time.sleep(0.01)
            self.assertTrue(any('session "logged" created' in line for line in client.stderr_tail),
                            client.stderr_tail)

    def test_missing_binary_names_what_it_tried(self) -> None:
        with self.assertRaises(layoutd.BinaryNotFound) as caught:
            layoutd.Client(binary="/nonexistent/layoutd")
        self.assertIn("/nonexistent/layoutd", str(caught.exception))


@support.needs_daemon
class DaemonTestCase(unittest.TestCase):
    def setUp(self) -> None:
        self.client = layoutd.Client(timeout=30)
        self.addCleanup(self.client.close)
        # these tests are about the table: no interface-state or display notifications in between
        self.session = self.client.create_session(320, 480, interface_states=False)

    def commit(self) -> Any:
        return self.session.wait_until_all_updates_are_processed()

    def ids(self, state: str = "committed") -> List[List[str]]:
        return [[row["id"] for row in section["rows"]] for section in self.session.describe(state)["sections"]]


class SessionMethodTests(DaemonTestCase):
    def test_create_and_dispose(self) -> None:
        self.assertEqual(self.session.session_id, "s1")
        other = self.client.create_session(100, 200, scale=1, separators=False, session_id="mine")
        self.assertEqual(other.session_id, "mine")
        other.insert_rows([{"id": "a", "cell": node(10)}])
        other.wait_until_all_updates_are_processed()
        self.assertEqual(other.row_frame("a")["frame"], {"x": 0, "y": 0, "width": 100, "height": 10})
        with self.assertRaises(layoutd.InvalidParams) as caught:
            self.client.create_session(100, 200, session_id="mine")
        self.assertEqual(caught.exception.message, 'params.sessionId: session "mine" already exists')
        self.assertIsNone(other.dispose())
        with self.assertRaises(layoutd.UnknownSession) as caught:
            other.content_size()
        self.assertEqual((caught.exception.code, caught.exception.message), (-32003, 'unknown session "mine"'))
        self.assertEqual(self.client.session("s1"), self.session)
        with self.client.create_session(10, 10) as scoped:
            scoped.content_size()
        with self.assertRaises(layoutd.UnknownSession):
            scoped.content_size()

    def test_insert_rows_and_queries(self) -> None:
        result = self.session.insert_rows([{"cell": node(44)}, {"id": "x", "cell": node(10)}])
        self.assertEqual(result, {"seq": 1, "rowIds": ["r1", "x"]})
        self.assertEqual(self.commit(), {"seq": 1, "contentSize": {"width": 320, "height": 55}})
        self.assertEqual(self.session.content_size(), {"width": 320, "height": 55})
        self.assertEqual(self.session.row_frame("x"),
                         {"rowId": "x", "indexPath": [0, 1], "frame": {"x": 0, "y": 44.5, "width": 320, "height": 10.5}})
        self.assertEqual(self.session.row_frame([0, 0])["rowId"], "r1")
        self.session.insert_rows([{"id": "top", "cell": node(1)}], section=0, at=0)
        pending = self.session.describe("pending")
        self.assertEqual([row["id"] for row in pending["sections"][0]["rows"]], ["top", "r1", "x"])
        self.commit()
        described = self.session.describe()
        self.assertEqual(described["seq"], 2)
        self.assertEqual(described["sections"], [{"rows": [
            {"id": "top", "height": 1.5}, {"id": "r1", "height": 44.5}, {"id": "x", "height": 10.5}]}])
        self.assertEqual(self.session.row_at_point(5, 2)["rowId"], "r1")
        self.assertIsNone(self.session.row_at_point(5, 1000))
        rows = self.session.rows_in_rect(0, 0, 10, 2)
        self.assertEqual([row["rowId"] for row in rows], ["top", "r1"])
        self.assertEqual(self.session.rows_in_rect(0, 0, 0, 10), [])

    def test_row_edits(self) -> None:
        self.session.insert_rows([{"id": i, "cell": node(10)} for i in "abcd"])
        self.commit()
        self.assertEqual(self.session.delete_rows(["a", [0, 1]]), {"seq": 2})
        self.commit()
        self.assertEqual(self.ids(), [["c", "d"]])
        self.assertEqual(self.session.reload_rows([("c", node(30)), {"row": [0, 1], "cell": node(20)}]), {"seq": 3})
        self.commit()
        self.assertEqual(self.session.row_frame("c")["frame"]["height"], 30.5)
        self.assertEqual(self.session.row_frame("d")["frame"]["height"], 20.5)
        self.assertEqual(self.session.move_row("d", [0, 0]), {"seq": 4})
        self.commit()
        self.assertEqual(self.ids(), [["d", "c"]])

    def test_section_edits(self) -> None:
        result = self.session.insert_sections([{"rows": [{"id": "c", "cell": node(40)}]},
                                               {"rows": [{"id": "d", "cell": node(5)}]}], at=1)
        self.assertEqual(result, {"seq": 1, "rowIds": [["c"], ["d"]]})
        self.commit()
        self.assertEqual(self.ids(), [[], ["c"], ["d"]])
        self.assertEqual(self.session.delete_sections([0])["seq"], 2)
        self.commit()
        self.assertEqual(self.ids(), [["c"], ["d"]])
        result = self.session.reload_sections([{"section": 1, "rows": [{"id": "e", "cell": node(6)}]}])
        self.assertEqual(result, {"seq": 3, "rowIds": [["e"]]})
        self.assertEqual(self.session.move_section(0, 1), {"seq": 4})
        self.commit()
        self.assertEqual(self.ids(), [["e"], ["c"]])
        result = self.session.reload_data([{"rows": [{"id": "a", "cell": node(10)}]},
                                           {"rows": [{"id": "b", "cell": node(20)}, {"cell": node(30)}]}])
        self.assertEqual(result, {"seq": 5, "rowIds": [["a"], ["b", "r1"]]})
        self.assertEqual(self.commit(), {"seq": 5, "contentSize": {"width": 320, "height": 61.5}})

    def test_sections_with_headers_and_footers(self) -> None:
        # Plain, width 320, separators 0.5: S0 = header 20 + a (10.5) → [0, 30.5); S1 = header cell h (30) + b
        # (100.5) + footer 8 → [30.5, 169). A 60-point viewport, so there is room to scroll (up to 109).
        self.session.set_viewport(height=60)
        result = self.session.reload_data([
            ops.section([ops.row(node(10), "a")], header=ops.header(height=20)),
            ops.section([ops.row(node(100), "b")], header=ops.header(cell=node(30), id="h"), footer=ops.header(height=8)),
        ])
        self.assertEqual(result, {"seq": 1, "rowIds": [["a"], ["b"]]})
        self.assertEqual(self.commit(), {"seq": 1, "contentSize": {"width": 320, "height": 169}})
        # Offset 40 lies in S1: h is pinned at min(max(30.5, 40), 169 − 30) = 40.
        self.session.scroll_to_offset(40)
        frame = self.session.supplementary_frame(1)
        self.assertEqual(frame["frame"], {"x": 0, "y": 40, "width": 320, "height": 30})
        self.assertEqual(frame["contentFrame"]["y"], 30.5)
        self.assertTrue(frame["floating"])
        self.assertEqual(self.session.element_at_point(5, 45)["rowId"], "h")
        kinds = [element["kind"] for element in self.session.elements_in_rect(0, 40, 320, 60)]
        # [40, 100): h drawn [40, 70), b [60.5, 161), S1's footer floating at max(min(161, 100 − 8), 30.5) = 92.
        self.assertEqual(kinds, ["header", "row", "footer"])
        self.assertEqual(self.session.set_header(0, None)["seq"], 2)
        self.assertEqual(self.commit()["contentSize"]["height"], 149)
        self.assertEqual(self.session.describe()["sections"][0], {"rows": [{"id": "a", "height": 10.5}]})

    def test_perform_batch_updates(self) -> None:
        self.session.insert_rows([{"id": i, "cell": node(10)} for i in "abcd"])
        self.commit()
        result = self.session.perform_batch_updates([
            ops.delete_rows([[0, 0]]),
            ops.reload_rows([{"row": [0, 2], "cell": node(5)}]),
            ops.move_row("b", [0, 3]),
            ops.insert_rows([{"at": [0, 0], "id": "x", "cell": node(1)}]),
        ], row_counts=[4])
        self.assertEqual(result, {"seq": 2, "insertedRowIds": ["x"]})
        self.commit()
        self.assertEqual(self.ids(), [["x", "c", "d", "b"]])
        result = self.session.perform_batch_updates([
            ops.insert_sections([{"at": 1, "rows": [{"id": "s", "cell": node(2)}]}]),
            ops.reload_rows(["c"]),
        ])
        self.assertEqual(result["insertedRowIds"], ["s"])
        self.session.perform_batch_updates([ops.move_section(1, 0)])
        self.session.perform_batch_updates([ops.reload_sections([{"section": 0, "rows": [{"id": "t", "cell": node(3)}]}])])
        self.session.perform_batch_updates([ops.delete_sections([0])])
        self.commit()
        self.assertEqual(self.ids(), [["x", "c", "d", "b"]])

    def test_element_frames_and_set_needs_layout(self) -> None:
        cell = {"type": "stack", "direction": "vertical", "children": [
            text("hello world", id="title", style={"width": 60}), node(20, id="photo")]}
        self.session.insert_rows([{"id": "k", "cell": cell}])
        self.commit()
        frames = self.session.element_frames("k")
        self.assertEqual((frames["rowId"], frames["indexPath"]), ("k", [0, 0]))
        by_id = {element.get("id"): element for element in frames["elements"]}
        self.assertEqual(by_id["title"]["type"], "text")
        self.assertGreaterEqual(len(by_id["title"]["lines"]), 1)
        only = self.session.element_frames("k", elements=["photo"])
        self.assertEqual([element["id"] for element in only["elements"]], ["photo"])
        old = self.session.row_frame("k")["frame"]["height"]
        self.assertEqual(self.session.set_needs_layout("k", element="photo", spec=node(70, id="photo")), {"seq": 1})
        self.commit()
        self.assertEqual(self.session.row_frame("k")["frame"]["height"], old + 50)
        self.session.set_needs_layout("k", cell=node(5))
        self.commit()
        self.assertEqual(self.session.row_frame("k")["frame"]["height"], 5.5)

    def test_set_needs_layout_of_several_rows(self) -> None:
        self.session.insert_rows([{"id": "a", "cell": node(10)}, {"id": "b", "cell": text("hello world", fontSize=10)}])
        self.commit()
        # re-measured as they are, in one call (a row named twice counts once): nothing changed, nothing pushed
        self.client.drain_notifications()
        self.assertEqual(self.session.set_needs_layout(rows=["a", [0, 1], "a"]), {"seq": 1})
        self.commit()
        self.assertEqual(list(self.session.notifications(timeout=0.1)), [])
        # each as it is or with a new cell: one pass, one table/heightChanged per changed row, in row order
        changes: List[Any] = []
        self.session.on("table/heightChanged", lambda note: changes.append((note["rowId"], note["newHeight"])))
        self.session.set_needs_layout(rows=[{"row": (0, 1), "cell": node(30)}, "a", {"row": "a", "cell": node(5)}])
        self.commit()
        self.assertEqual(changes, [("a", 5.5), ("b", 30.5)])  # a row named twice: its last cell wins
        with self.assertRaises(layoutd.InvalidParams) as caught:
            self.session.set_needs_layout(rows=[{"row": "a", "cell": {"type": "nope"}}])
        self.assertTrue(caught.exception.message.startswith("params.rows[0].cell.type: "), caught.exception.message)
        with self.assertRaises(layoutd.InvalidParams) as caught:
            self.session.set_needs_layout("a", rows=["b"])
        self.assertEqual(caught.exception.message,
                         'params: give either "rows" or "row" (with "cell" or "element"), not both')
        with self.assertRaises(layoutd.InvalidParams) as caught:
            self.session.set_needs_layout(rows=["zz"])
        self.assertEqual(caught.exception.message, 'unknown row id "zz"')


class NotificationTests(DaemonTestCase):
    def test_inverted_session_is_visual(self) -> None:
        # Inverted, 3 rows of 100 (100.5 with the separator): C = 301.5 in a 480 viewport. Row 0 is at the visual
        # bottom, 301.5 − 100.5 = 201; the table rests at visual offset 301.5 − 480 = −178.5 (rows at the bottom).
        chat = self.client.create_session(320, 480, session_id="chat", inverted=True, interface_states=False)
        chat.insert_rows([{"id": f"m{i}", "cell": node(100)} for i in range(3)])
        chat.wait_until_all_updates_are_processed()
        self.assertEqual(chat.row_frame("m0")["frame"], {"x": 0, "y": 201, "width": 320, "height": 100.5})
        self.assertEqual(chat.row_at_point(5, 0)["rowId"], "m2")
        self.assertEqual(chat.scroll_to_offset(0)["contentOffset"], {"x": 0, "y": -178.5})
        self.assertIn("invertedTable", self.client.capabilities["features"])

    def test_change_frames_and_transition(self) -> None:
        # a (10.5) and b (20.5); inserting x (5.5) at 0 moves both down by 5.5: x after only, a and b before/after.
        framed = self.client.create_session(320, 480, session_id="framed", change_frames=True, interface_states=False)
        framed.insert_rows([{"id": "a", "cell": node(10)}, {"id": "b", "cell": node(20)}])
        framed.wait_until_all_updates_are_processed()
        framed.insert_rows([{"id": "x", "cell": node(5)}], at=0)
        framed.wait_until_all_updates_are_processed()
        commit = framed.next_notification("table/didCommit", timeout=5)
        commit = framed.next_notification("table/didCommit", timeout=5) if commit.params["seq"] == 1 else commit
        self.assertEqual(commit.params["changeFrames"], [
            {"rowId": "x", "after": {"x": 0, "y": 0, "width": 320, "height": 5.5}},
            {"rowId": "a", "before": {"x": 0, "y": 0, "width": 320, "height": 10.5},
             "after": {"x": 0, "y": 5.5, "width": 320, "height": 10.5}},
            {"rowId": "b", "before": {"x": 0, "y": 10.5, "width": 320, "height": 20.5},
             "after": {"x": 0, "y": 16, "width": 320, "height": 20.5}}])
        # A transition of a's cell (one anonymous 10 pt node) to a stack of q (20) above p (10): both ids are new,
        # the anonymous node is removed; p sits below q at y 20.
        answer = framed.set_needs_layout("a", cell={"type": "stack", "direction": "vertical", "children": [
            node(20, id="q"), node(10, id="p")]}, transition=True)
        self.assertEqual(answer["before"]["elements"],
                         [{"type": "node", "frame": {"x": 0, "y": 0, "width": 320, "height": 10}, "key": "node"}])
        self.assertEqual([(e["key"], e["frame"]["y"]) for e in answer["after"]["elements"]], [("id:q", 0), ("id:p", 20)])
        self.assertEqual((answer["inserted"], answer["removed"]), (["id:q", "id:p"], ["node"]))
        self.assertIn("layoutTransitions", self.client.capabilities["features"])

    def test_did_commit_via_callback_and_iterator(self) -> None:
        seen: List[layoutd.Notification] = []
        threads: List[str] = []

        def on_commit(note: layoutd.Notification) -> None:
            seen.append(note)
            threads.append(threading.current_thread().name)

        subscription = self.session.on("table/didCommit", on_commit)
        self.session.insert_rows([{"id": "a", "cell": node(10)}])
        self.commit()
        # the callback has run when the wait returns (notifications before the response are dispatched first)
        self.assertEqual([note.params for note in seen], [{"sessionId": "s1", "seq": 1, "insertedRowIds": ["a"],
                                                           "contentSize": {"width": 320, "height": 10.5}}])
        self.assertEqual(threads, ["layoutd-dispatch"])
        self.assertEqual(seen[0].session_id, "s1")
        self.assertEqual(seen[0]["seq"], 1)
        notes = list(self.client.notifications(timeout=0.2))
        self.assertEqual([(note.method, note.params["seq"]) for note in notes], [("table/didCommit", 1)])
        subscription.remove()
        self.session.delete_rows(["a"])
        self.commit()
        self.assertEqual(len(seen), 1)
        note = self.session.next_notification("table/didCommit", timeout=5)
        self.assertEqual(note.params["deletedRowIds"], ["a"])
        self.assertIsNone(self.session.next_notification(timeout=0.05))

    def test_height_changed(self) -> None:
        changes: List[Any] = []
        self.client.on("table/heightChanged", lambda note: changes.append(note.params))
        self.session.insert_rows([{"id": "r1", "cell": node(44)}])
        self.commit()
        self.session.set_needs_layout("r1", cell=node(60))
        self.commit()
        expected = {"sessionId": "s1", "rowId": "r1", "indexPath": [0, 0], "oldHeight": 44.5, "newHeight": 60.5,
                    "contentSize": {"width": 320, "height": 60.5}, "seq": 1}
        self.assertEqual(changes, [expected])
        note = self.client.next_notification("table/heightChanged", timeout=5)
        self.assertEqual(note.params, expected)

    def test_supplementary_height_changed(self) -> None:
        changes: List[Any] = []
        self.client.on("table/supplementaryHeightChanged", lambda note: changes.append(note.params))
        self.session.reload_data([ops.section([ops.row(node(10), "a")], header=ops.header(cell=node(20), id="h"))])
        self.commit()
        # The header cell h 20 → 32: content 20 + 10.5 = 30.5 → 42.5 (headers have no separator).
        self.session.set_needs_layout("h", cell=node(32))
        self.commit()
        self.assertEqual(changes, [{"sessionId": "s1", "kind": "header", "section": 0, "rowId": "h", "oldHeight": 20,
                                    "newHeight": 32, "contentSize": {"width": 320, "height": 42.5}, "seq": 1}])

    def test_content_size_changed_after_viewport_width(self) -> None:
        self.session.insert_rows([{"id": "t", "cell": text("hello world again", fontSize=10)}])
        self.commit()
        before = self.session.row_frame("t")["frame"]["height"]
        self.client.drain_notifications()
        result = self.session.set_viewport(width=40)
        self.assertEqual(result, {"seq": 1, "relayoutRows": 1, "contentOffset": {"x": 0, "y": 0}})
        self.commit()
        methods = [note.method for note in self.session.notifications(timeout=0.3)]
        self.assertEqual(methods, ["table/heightChanged", "table/contentSizeChanged"])
        self.assertGreater(self.session.row_frame("t")["frame"]["height"], before)
        self.assertEqual(self.session.content_size()["width"], 40)
        self.assertEqual(self.session.set_viewport(height=100)["relayoutRows"], 0)

    def test_content_size_changed_with_no_rows_via_callback(self) -> None:
        sizes: List[Any] = []
        self.session.on("table/contentSizeChanged", lambda note: sizes.append(note["contentSize"]))
        self.session.set_viewport(width=100)
        self.assertEqual(sizes, [{"width": 100, "height": 0}])  # pushed before the response

    def test_content_offset_clamped_when_the_content_shrinks(self) -> None:
        moves: List[Any] = []
        self.session.set_viewport(scroll_anchoring=False)  # UIKit's plain behaviour: only the clamp moves it
        self.session.on("table/contentOffsetChanged", lambda note: moves.append(note.params))
        self.session.insert_rows([{"id": f"r{i}", "cell": node(99.5)} for i in range(10)])  # 1000 points
        self.commit()
        self.assertEqual(self.session.scroll_to_offset(520, drag=False)["contentOffset"], {"x": 0, "y": 520})
        self.session.delete_rows(["r9"])  # the content shrinks: the end comes up
        self.commit()
        self.assertEqual(moves, [{"sessionId": "s1", "contentOffset": {"x": 0, "y": 420},
                                  "oldContentOffset": {"x": 0, "y": 520}, "reason": "clamped"}])
        self.assertEqual(self.session.ranges()["contentOffset"], {"x": 0, "y": 420})

    def test_callback_may_make_requests(self) -> None:
        frames: List[Any] = []
        self.session.on("table/didCommit", lambda note: frames.append(self.session.row_frame("a")))
        self.session.insert_rows([{"id": "a", "cell": node(10)}])
        self.commit()
        self.assertEqual(frames[0]["rowId"], "a")

    def test_window_log_message_and_wildcard(self) -> None:
        # only a lenientFonts session accepts a family that is not installed; its layout fails and is logged
        lenient = self.client.create_session(320, 480, interface_states=False, lenient_fonts=True)
        everything: List[str] = []
        self.client.on("*", lambda note: everything.append(note.method))
        lenient.insert_rows([{"id": "k", "cell": text("x", fontFamily="NoSuchFont")}])
        lenient.wait_until_all_updates_are_processed()
        self.assertEqual(sorted(everything), ["table/didCommit", "window/logMessage"])
        log = self.client.next_notification("window/logMessage", timeout=5)
        self.assertEqual(log.params["type"], 1)
        self.assertIn('font family "NoSuchFont" not found', log.params["message"])

    def test_spec_document_diagnostics(self) -> None:
        # `{"type": "node", "hieght": 3}`: the unknown member's key spans characters 17-25 of line 0.
        self.client.did_open("file:///cell.json", '{"type": "node", "hieght": 3}')
        found = self.client.next_notification("textDocument/publishDiagnostics", timeout=10)
        self.assertEqual(found.params["uri"], "file:///cell.json")
        [diagnostic] = found.params["diagnostics"]
        self.assertEqual(diagnostic["range"], {"start": {"line": 0, "character": 17},
                                               "end": {"line": 0, "character": 25}})
        self.assertTrue(diagnostic["message"].startswith("root.hieght: unknown member of a node element"))
        # The whole text replaced by a valid spec: the diagnostics are cleared.
        self.client.did_change("file:///cell.json", 2, [{"text": '{"type": "node", "style": {"height": 3}}'}])
        fixed = self.client.next_notification("textDocument/publishDiagnostics", timeout=10)
        self.assertEqual((fixed.params["version"], fixed.params["diagnostics"]), (2, []))
        # A 3-point node is the whole cell: at each default width it spans it.
        hover = self.client.hover("file:///cell.json", 0, 3)
        self.assertIn("| 320 | 0 | 0 | 320 | 3 |", hover["contents"]["value"])
        [symbol] = self.client.document_symbols("file:///cell.json")
        self.assertEqual((symbol["name"], symbol["detail"], symbol["children"]), ("node", "node · root", []))
        self.assertEqual([hint["label"] for hint in self.client.inlay_hints("file:///cell.json")], ["h 3 · 3 · 3"])
        # After the `{` of `{"type": "node", "style": {"height": 3}}`: the node's members not yet there.
        labels = [item["label"] for item in self.client.completions("file:///cell.json", 0, 1)["items"]]
        self.assertEqual(labels, ["id", "name", "measure"])
        # One snapshot action per default width; the command writes the SVG (one 3-pt row plus its 0.5-pt separator
        # at scale 2) and names it in window/showMessage.
        actions = self.client.code_actions("file:///cell.json")
        self.assertEqual([action["title"] for action in actions],
                         ["Show the SVG snapshot at width %d" % w for w in (320, 375, 414)])
        # This client declares no codeActionLiteralSupport: bare Commands.
        self.assertEqual(actions[0]["command"], "layoutd.showSnapshot")
        shown = self.client.execute_command("layoutd.showSnapshot", actions[0]["arguments"])
        self.assertEqual((shown["rows"], shown["height"], shown["shownWith"]), (1, 3.5, "window/showMessage"))
        with open(shown["path"], encoding="utf-8") as svg:
            self.assertIn('data-row-id="root"', svg.read())
        message = self.client.next_notification("window/showMessage", timeout=10)
        self.assertEqual(message.params, {"type": 3, "message": "layoutd: the snapshot at width 320 is " + shown["path"]})
        self.client.did_close("file:///cell.json")
        closed = self.client.next_notification("textDocument/publishDiagnostics", timeout=10)
        self.assertEqual(closed.params, {"uri": "file:///cell.json", "diagnostics": []})


class ErrorTests(DaemonTestCase):
    def assertError(self, cls: type, code: int, message: str, call: Any, *args: Any, **kwargs: Any) -> None:
        with self.assertRaises(cls) as caught:
            call(*args, **kwargs)
        self.assertIsInstance(caught.exception, layoutd.LayoutdError)
        self.assertEqual((caught.exception.code, caught.exception.message), (code, message))

    def test_typed_errors(self) -> None:
        self.assertError(layoutd.MethodNotFound, -32601, "method not found: table/teleport",
                         self.client.request, "table/teleport", {"sessionId": "s1"})
        self.assertError(layoutd.InvalidParams, -32602, "params.viewport.width: expected a number, got a string",
                         self.client.create_session, "wide", 10)
        self.assertError(layoutd.InvalidParams, -32602, "params.scale: expected a number in [1, 4], got 5",
                         self.client.create_session, 10, 10, scale=5)
        self.assertError(layoutd.InvalidParams, -32602, 'unknown row id "zz"', self.session.row_frame, "zz")
        self.assertError(layoutd.InvalidParams, -32602, 'params: missing required member "rows"',
                         self.client.request, "table/insertRows", {"sessionId": "s1"})
        self.assertError(layoutd.InvalidParams, -32602, 'params.state: expected "committed" or "pending", got "soon"',
                         self.session.describe, "soon")
        self.assertError(layoutd.UnknownSession, -32003, 'unknown session "s7"',
                         self.client.session("s7").content_size)
        self.session.insert_rows([{"id": "a", "cell": node(1)}])
        self.assertError(layoutd.InvalidUpdate, -32004,
                         "cannot insert row [0, 3]: section 0 has 2 rows after the update",
                         self.session.insert_rows, [{"cell": node(1)}], at=3)
        self.assertError(layoutd.InvalidUpdate, -32004, "cannot delete section 1: only 1 sections before the update",
                         self.session.delete_sections, [1])
        lenient = self.client.create_session(320, 480, interface_states=False, lenient_fonts=True)
        lenient.insert_rows([{"id": "k", "cell": text("x", fontFamily="NoSuchFont")}])
        lenient.wait_until_all_updates_are_processed()
        self.assertError(layoutd.InternalError, -32603,
                         'row "k" failed to lay out: root: font family "NoSuchFont" not found',
                         lenient.element_frames, "k")
        self.assertEqual(lenient.row_frame("k")["frame"]["height"], 0.5)  # height 0 plus the separator
        self.assertEqual(self.session.content_size()["width"], 320)  # the connection is still fine

    def assertInvalidParams(self, prefix: str, call: Any, *args: Any, **kwargs: Any) -> layoutd.InvalidParams:
        """The call raises InvalidParams whose message starts with ``prefix`` (the rest lists valid members or
        installed families, which vary)."""
        with self.assertRaises(layoutd.InvalidParams) as caught:
            call(*args, **kwargs)
        self.assertEqual(caught.exception.code, -32602)
        self.assertTrue(caught.exception.message.startswith(prefix), caught.exception.message)
        self.assertIn(caught.exception.message, str(caught.exception))
        return caught.exception

    def test_strict_members_and_fonts(self) -> None:
        # a typo'd member of an element, a row or session/create is refused naming its path
        error = self.assertInvalidParams(
            'params.rows[0].cell.fontsize: unknown member of a text element (did you mean "fontSize"?); valid members: ',
            self.session.insert_rows, [{"id": "t", "cell": text("x", fontsize=20)}])
        self.assertEqual(error.method, "table/insertRows")
        self.assertIn('"fontSize"', error.message)
        self.assertInvalidParams("params.rows[0].neverShowPlaceHolders: unknown member of a row (did you mean "
                                 '"neverShowPlaceholders"?)',
                                 self.session.insert_rows, [{"cell": node(1), "neverShowPlaceHolders": True}])
        self.assertInvalidParams("params.sections[0].rows[1].cell.children[0].colour: unknown member of a node element",
                                 self.session.insert_sections,
                                 [{"rows": [{"cell": node(1)},
                                            {"cell": {"type": "stack", "children": [node(1, colour="red")]}}]}])
        self.assertInvalidParams("params.lenientfonts: unknown member of session/create's params (did you mean "
                                 '"lenientFonts"?)',
                                 self.client.request, "session/create",
                                 {"viewport": {"width": 10, "height": 10}, "lenientfonts": True})
        # a font family that is not installed is refused when the cell is decoded
        error = self.assertInvalidParams(
            'params.rows[0].cell.fontFamily: font family "NoSuchFont" is not installed; the closest installed '
            'families are ', self.session.insert_rows, [{"id": "k", "cell": text("x", fontFamily="NoSuchFont")}])
        self.assertEqual(error.method, "table/insertRows")
        self.assertEqual(self.ids("pending"), [[]])  # nothing changed
        # a lenientFonts session accepts the family (its layout fails) but still refuses the typo
        lenient = self.client.create_session(320, 480, interface_states=False, lenient_fonts=True)
        self.assertEqual(lenient.insert_rows([{"id": "k", "cell": text("x", fontFamily="NoSuchFont")}])["rowIds"], ["k"])
        self.assertInvalidParams("params.rows[0].cell.fontsize: unknown member of a text element",
                                 lenient.insert_rows, [{"cell": text("x", fontsize=20)}])

    def test_error_str_names_method(self) -> None:
        with self.assertRaises(layoutd.InvalidParams) as caught:
            self.session.row_frame("zz")
        self.assertEqual(caught.exception.method, "table/rowFrame")
        self.assertIn('unknown row id "zz"', str(caught.exception))

    def test_parse_error_is_reported_as_unmatched(self) -> None:
        with self.assertLogs("layoutd", level="WARNING"):
            with self.client._conn._write_lock:
                self.client._conn._proc.stdin.write(b"Content-Length: 5\r\n\r\n{bad}")
                self.client._conn._proc.stdin.flush()
            self.session.content_size()
        errors = self.client.unmatched_errors
        self.assertEqual(len(errors), 1)
        self.assertIsInstance(errors[0], layoutd.ParseError)
        self.assertEqual(errors[0].code, -32700)

    def test_cancel_request(self) -> None:
        # The wait is cancelled while the rows are still being laid out (a few hundred ms). On a machine so busy
        # that the layout finished first, the wait is simply answered; try again with more rows.
        for attempt, rows in enumerate((5000, 10000, 20000), start=1):
            self.session.insert_rows([{"cell": text("hello world " * 20)} for _ in range(rows)])
            pending = self.client.send_request("table/waitUntilAllUpdatesAreProcessed", {"sessionId": "s1"})
            pending.cancel()
            try:
                pending.result(60)
            except layoutd.RequestCancelled as error:
                self.assertEqual((error.code, error.message), (-32800, "request cancelled"))
                self.assertEqual(self.commit()["seq"], attempt)
                return
        self.fail("the wait was never cancelled")

    def test_timeout_sends_cancel(self) -> None:
        self.session.insert_rows([{"cell": text("hello world " * 20)} for _ in range(5000)])
        with self.assertRaises(layoutd.LayoutdTimeout):
            self.client.request("table/waitUntilAllUpdatesAreProcessed", {"sessionId": "s1"}, timeout=0.0001)
        self.assertEqual(self.commit()["seq"], 1)  # the cancelled answer was ignored; the next one matches

    def test_daemon_killed_fails_pending_requests(self) -> None:
        self.session.insert_rows([{"cell": text("hello world " * 20)} for _ in range(5000)])
        pending = self.client.send_request("table/waitUntilAllUpdatesAreProcessed", {"sessionId": "s1"})
        self.client._conn.kill()
        with self.assertRaises(layoutd.LayoutdConnectionError):
            pending.result(10)
        with self.assertRaises(layoutd.LayoutdConnectionError):
            self.session.content_size()
        self.assertTrue(support.process_gone(self.client.pid))


@support.needs_daemon
class CollectionTests(unittest.TestCase):
    """``kind`` and ``layout`` on session creation, scrolling along x and the pager's pages."""

    def test_grid_frames(self) -> None:
        with layoutd.Client() as client:
            grid = client.create_session(320, 480, kind="collection", interface_states=False,
                                         layout={"itemSize": {"width": 100, "height": 100}})
            grid.insert_rows([{"id": f"i{n}", "cell": node(10)} for n in range(7)])
            # 3 per line ((320 + 10) / 110), gap (320 - 300) / 2 = 10: item 4 in column 1 of line 1; 3 lines.
            self.assertEqual(grid.wait_until_all_updates_are_processed()["contentSize"],
                             {"width": 320, "height": 320})
            self.assertEqual(grid.row_frame("i4")["frame"], {"x": 110, "y": 110, "width": 100, "height": 100})

    def test_pager_pages(self) -> None:
        with layoutd.Client() as client:
            pager = client.create_session(375, 667, kind="pager", interface_states=False)
            pager.insert_rows([{"id": f"p{n}", "cell": node(10)} for n in range(10)])
            pager.wait_until_all_updates_are_processed()
            self.assertEqual(pager.scroll_to_page(3)["contentOffset"], {"x": 1125, "y": 0})
            self.assertEqual(pager.current_page(), {"page": 3, "pageCount": 10})
            # a drag to 1900 (5.07 pages) settles on page 5; -500 from there (3.67 pages) on page 4
            self.assertEqual(pager.scroll_to_offset(x=1900)["contentOffset"], {"x": 1875, "y": 0})
            self.assertEqual(pager.scroll_by(dx=-500)["contentOffset"], {"x": 1500, "y": 0})
            with self.assertRaises(layoutd.InvalidParams):
                pager.scroll_to_offset(10)

    def test_nested_stories_row(self) -> None:
        with layoutd.Client() as client:
            table = client.create_session(375, 667, separators=False, interface_states=False)
            items = [{"id": f"i{n}", "cell": {"type": "node"}} for n in range(20)]
            stories = {"type": "collection", "id": "stories", "style": {"height": 100}, "items": items,
                       "layout": {"scrollDirection": "horizontal", "itemSize": {"width": 100, "height": 100}}}
            table.insert_rows([{"id": "r0", "cell": stories}])
            table.wait_until_all_updates_are_processed()
            # items 100 wide, 10 apart: x 440...815 meets items 4 (440...540) to 7 (770...870)
            scrolled = table.container_scroll_to_offset("r0", "stories", x=440)
            self.assertEqual(scrolled["visibleItemIds"], ["i4", "i5", "i6", "i7"])
            described = table.container_items("r0", "stories")
            self.assertEqual(described["contentSize"], {"width": 2190, "height": 100})
            self.assertEqual(described["items"][4]["frame"], {"x": 440, "y": 0, "width": 100, "height": 100})


@support.needs_daemon
class StderrTests(unittest.TestCase):
    def test_chatty_daemon_never_blocks(self) -> None:
        lines: List[str] = []
        with layoutd.Client(args=["--log-level", "log"], on_stderr=lines.append) as client:
            session = client.create_session(320, 480)
            for _ in range(3000):  # ~3000 log lines, far more than a pipe buffer holds
                session.content_size()
            # the stderr thread may lag a little behind the responses
            deadline = time.monotonic() + 10
            while sum(len(line) for line in lines) <= 65536 and time.monotonic() < deadline:
                time.sleep(0.01)
            self.assertGreater(sum(len(line) for line in lines), 65536)
            self.assertEqual(len(client.stderr_tail), 200)


if __name__ == "__main__":
    unittest.main()
