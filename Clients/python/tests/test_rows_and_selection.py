"""Row members (heightRange, accessories) and selection through the blocking client against the real daemon.
Expected numbers come from UIKit's and Texture's rules (Protocol.md "A row's members", "Selection")."""

from __future__ import annotations

import unittest
from typing import Any, List

import support
from support import node

import layoutd
from layoutd import ops
from layoutd.protocol import ACCESSORY_WIDTHS


def ahem(length: int) -> dict:
    """A 2-point Ahem text of ``length`` glyphs: a word of a's, a space and "bbbb"."""
    return {"type": "text", "text": "a" * (length - 5) + " bbbb", "fontFamily": "Ahem", "fontSize": 2}


@support.needs_daemon
class RowsAndSelectionTests(unittest.TestCase):
    def setUp(self) -> None:
        self.client = layoutd.Client(timeout=30)
        self.addCleanup(self.client.close)
        self.session = self.client.create_session(320, 480, interface_states=False, allows_multiple_selection=True)

    def test_height_range_and_accessory(self) -> None:
        # A 10 pt node in [44, ∞) is 44 tall (the range's end nearest its exact height), a 300 pt one in [0, 20] is 20.
        # A checkmark leaves 320 − 40 = 280 pt: 141 two-point glyphs wrap "bbbb" (two 2 pt lines).
        self.session.insert_rows([
            ops.row(node(10), "short", height_range={"min": 44}),
            ops.row(node(300), "capped", height_range={"max": 20}),
            ops.row(ahem(141), "check", accessory_type="checkmark", separator_inset={"left": 15}),
        ])
        self.session.wait_until_all_updates_are_processed()
        rows = self.session.describe()["sections"][0]["rows"]
        self.assertEqual([row["height"] for row in rows], [44.5, 20.5, 4.5])
        self.assertEqual(rows[0]["heightRange"], {"min": 44})
        self.assertEqual(rows[2]["contentWidth"], 320 - ACCESSORY_WIDTHS["checkmark"])
        self.assertEqual(rows[2]["separatorInset"], {"left": 15, "right": 0})
        with self.assertRaises(layoutd.InvalidParams) as caught:
            self.session.insert_rows([ops.row(node(1), height_range={"min": 5, "max": 1})])
        self.assertEqual(caught.exception.message, "params.rows[0].heightRange.max: expected a number ≥ min (5), got 1")

    def test_selection_follows_rows_across_a_batch(self) -> None:
        changes: List[Any] = []
        self.session.on("table/selectionChanged", lambda note: changes.append(note.params))
        self.session.insert_rows([ops.row(node(10 * (index + 1)), name) for index, name in enumerate("abcd")])
        self.session.wait_until_all_updates_are_processed()
        for name in "abc":
            self.session.select_row(name)
        self.assertEqual([row["rowId"] for row in self.session.selected_rows()], ["a", "b", "c"])
        # Old [a, b, c, d]: delete a, reload b, move c to the top → [c, b, d]; c keeps it, a and b lose it.
        self.session.perform_batch_updates([
            ops.delete_rows(["a"]), ops.reload_rows([{"row": "b", "cell": node(5)}]), ops.move_row("c", (0, 0))])
        self.session.wait_until_all_updates_are_processed()
        self.assertEqual(changes[-1], {"sessionId": "s1", "selected": [], "deselected": ["b", "a"],
                                       "rows": [{"rowId": "c", "indexPath": [0, 0]}], "seq": 2})
        self.assertEqual(self.session.deselect_row("c"), {"rows": []})
        self.assertEqual(changes[-1]["deselected"], ["c"])
        self.assertEqual(self.session.set_selection_options(allows_selection=False),
                         {"allowsSelection": False, "allowsMultipleSelection": True, "rows": []})
        with self.assertRaises(layoutd.InvalidUpdate) as caught:
            self.session.select_row([0, 0])
        self.assertEqual(caught.exception.message, "selection is off (allowsSelection is false)")


if __name__ == "__main__":
    unittest.main()
