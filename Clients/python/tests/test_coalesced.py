"""Coalesced notifications: the client asks for them and expands them into the per-row stream."""

from __future__ import annotations

import json
import os
import tempfile
import unittest
from typing import Any, List, Tuple

import support
from support import node

import layoutd
from layoutd import ops
from layoutd.protocol import expand_coalesced


class ExpandTests(unittest.TestCase):
    def test_heights_expand_with_the_shared_members(self) -> None:
        params = {"sessionId": "s1", "seq": 3, "contentSize": {"width": 200, "height": 101},
                  "changes": [{"rowId": "q0", "indexPath": [0, 0], "oldHeight": 80.5, "newHeight": 50.5},
                              {"kind": "header", "section": 0, "rowId": "h", "oldHeight": 20, "newHeight": 10}]}
        self.assertEqual(expand_coalesced("table/heightsChanged", params), [
            ("table/heightChanged", {"sessionId": "s1", "rowId": "q0", "indexPath": [0, 0], "oldHeight": 80.5,
                                     "newHeight": 50.5, "contentSize": {"width": 200, "height": 101}, "seq": 3}),
            ("table/supplementaryHeightChanged", {"sessionId": "s1", "kind": "header", "section": 0, "rowId": "h",
                                                  "oldHeight": 20, "newHeight": 10,
                                                  "contentSize": {"width": 200, "height": 101}, "seq": 3}),
        ])

    def test_states_and_releases_keep_their_order(self) -> None:
        exit_visible = {"rowId": "r0", "oldState": ["measureLayout", "visible"], "newState": ["measureLayout"],
                        "events": ["didExitVisible"]}
        params = {"sessionId": "s1", "changes": [exit_visible, {"rowId": "r0", "state": ["measureLayout"],
                                                                "released": True}]}
        self.assertEqual(expand_coalesced("cell/interfaceStatesChanged", params), [
            ("cell/interfaceStateChanged", dict(exit_visible, sessionId="s1")),
            ("cell/nodeReleased", {"sessionId": "s1", "rowId": "r0", "state": ["measureLayout"]}),
        ])

    def test_other_notifications_pass_through(self) -> None:
        self.assertEqual(expand_coalesced("table/didCommit", {"seq": 1}), [("table/didCommit", {"seq": 1})])


@support.needs_daemon
class CoalescedClientTests(unittest.TestCase):
    @staticmethod
    def run_steps(client: layoutd.Client) -> List[Tuple[str, Any]]:
        """30 ratio rows, a programmatic scroll to 1000, a delete, a section with a ratio header cell and a width
        change; every notification but cell/didDisplay (whose timing depends on background display work)."""
        session = client.create_session(320, 480, batch_fetching=False)
        session.insert_rows([{"id": f"r{i}", "cell": {"type": "ratio", "ratio": 0.3 + i % 3 * 0.05,
                                                          "child": {"type": "node"}}} for i in range(30)])
        session.wait_until_all_updates_are_processed()
        session.scroll_to_offset(1000, drag=False)
        session.delete_rows(["r10"])
        session.wait_until_all_updates_are_processed()
        # a second section whose header cell follows the width too (a supplementary height change)
        header = ops.header(cell={"type": "ratio", "ratio": 0.1, "child": {"type": "node"}}, id="hd")
        session.insert_sections([ops.section([ops.row(node(10), "z")], header=header)])
        session.wait_until_all_updates_are_processed()
        session.set_viewport(width=200)
        session.wait_until_all_updates_are_processed()
        return [(note.method, note.params) for note in client.drain_notifications()
                if note.method != "cell/didDisplay"]

    def test_the_expanded_stream_equals_the_per_row_stream(self) -> None:
        with tempfile.TemporaryDirectory() as directory:
            trace = os.path.join(directory, "trace.jsonl")
            with layoutd.Client(args=["--trace", trace]) as coalesced, \
                    layoutd.Client(initialization_options={"notifications": "perRow"}) as rows:
                expanded = self.run_steps(coalesced)
                per_row = self.run_steps(rows)
            with open(trace, encoding="utf-8") as file:
                wire = [json.loads(line) for line in file]
        sent = [entry["message"].get("method") for entry in wire if entry["direction"] == "out"]
        # the client asked for the coalesced form, and the daemon sent it: no per-row height or state notification
        self.assertIn("cell/interfaceStatesChanged", sent)
        self.assertIn("table/heightsChanged", sent)
        self.assertNotIn("cell/interfaceStateChanged", sent)
        self.assertNotIn("table/heightChanged", sent)
        methods = {method for method, _ in per_row}
        # the width change re-measures every row (ratio cells), the scroll and the delete move the ranges
        self.assertTrue({"table/heightChanged", "table/supplementaryHeightChanged", "cell/interfaceStateChanged",
                         "cell/nodeReleased"} <= methods, methods)
        self.assertEqual(expanded, per_row)


if __name__ == "__main__":
    unittest.main()
