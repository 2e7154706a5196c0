"""Node controllers and batch fetching end to end against the daemon (Texture's ASNodeController, ASBatchContext).

A photo feed: each row's controller loads the row's "comments" when the row enters the preload
range (``did_enter_preload_state``), then patches the cell's ``comments`` element with ``set_needs_layout``; the
daemon re-lays the row out and pushes ``table/heightChanged``. Scrolling moves rows through the ranges and the
controllers hear ``cell/interfaceStateChanged`` in Texture's order. A reloaded, moved or deleted row's node is
released (``cell/nodeReleased``): its controller's ``did_release`` runs, and a reloaded or moved row's new node gets a
new controller, which loads again.
"""

from __future__ import annotations

import asyncio
import threading
import time
import unittest
from typing import Any, Callable, Dict, List, Optional, Set, Tuple

import support

import layoutd
from layoutd import ops

ISC = "cell/interfaceStateChanged"
RELEASED = "cell/nodeReleased"
WIDTH, HEIGHT = 320, 480
PHOTO_HEIGHT = 200
COMMENT_LINE = 10  # Ahem at fontSize 10: one 10-point line per comment
COMMENTS = 3
ROW = PHOTO_HEIGHT + 0.5  # a row before its comments arrive (separator 1/scale)
LOADED_ROW = ROW + COMMENTS * COMMENT_LINE

HOOK_EVENTS = {
    "did_enter_preload_state": "didEnterPreload", "did_exit_preload_state": "didExitPreload",
    "did_enter_display_state": "didEnterDisplay", "did_exit_display_state": "didExitDisplay",
    "did_enter_visible_state": "didEnterVisible", "did_exit_visible_state": "didExitVisible",
}
#: Texture's firing order within one change: Preload, then Display, then Visible
RANGE_ORDER = {"Preload": 0, "Display": 1, "Visible": 2}


def photo_cell() -> Dict[str, Any]:
    return {"type": "stack", "direction": "vertical", "children": [
        {"type": "node", "id": "photo", "style": {"height": PHOTO_HEIGHT}},
        {"type": "node", "id": "comments", "style": {"height": 0}}]}


def comments_spec(comments: List[str]) -> Dict[str, Any]:
    return {"type": "stack", "id": "comments", "direction": "vertical",
            "children": [{"type": "text", "text": comment, "fontSize": COMMENT_LINE} for comment in comments]}


def fetch_comments(row_id: str) -> List[str]:
    """The simulated network: a row's comments."""
    return [f"{row_id}: comment {k}" for k in range(COMMENTS)]


class Feed:
    """The app side of the feed: the hook log (tagged with the notification being dispatched) and loads."""

    def __init__(self, threaded: bool = False) -> None:
        self.threaded = threaded
        self.log: List[Tuple[int, str, str]] = []  # (notification seq, row, hook)
        self.current_seq = 0
        self.loads_started = 0
        self.loaded: Set[str] = set()
        self.threads: List[threading.Thread] = []
        self.errors: List[BaseException] = []
        self.lock = threading.Lock()

    def controller_class(self) -> type:
        feed = self

        class PhotoController(layoutd.NodeController):
            def __init__(self, row_id: Optional[str] = None, session: Any = None) -> None:
                super().__init__(row_id, session)
                self.comments: Optional[List[str]] = None

            def _note(self, hook: str) -> None:
                feed.log.append((feed.current_seq, self.row_id or "", hook))

            def did_enter_preload_state(self) -> None:
                self._note("did_enter_preload_state")
                if self.comments is not None:
                    return  # loaded once; the cell keeps its comments
                feed.loads_started += 1
                if feed.threaded:
                    thread = threading.Thread(target=self._load, name=f"load-{self.row_id}")
                    thread.start()  # before it is listed: settle() joins listed threads from another thread
                    with feed.lock:
                        feed.threads.append(thread)
                else:
                    self._load()

            def _load(self) -> None:
                try:
                    if feed.threaded:
                        time.sleep(0.01)
                    self.comments = fetch_comments(self.row_id or "")
                    self.set_needs_layout(element="comments", spec=comments_spec(self.comments))
                    with feed.lock:
                        feed.loaded.add(self.row_id or "")
                except BaseException as error:  # pragma: no cover - reported by the test
                    feed.errors.append(error)

            def did_exit_preload_state(self) -> None:
                self._note("did_exit_preload_state")

            def did_enter_display_state(self) -> None:
                self._note("did_enter_display_state")

            def did_exit_display_state(self) -> None:
                self._note("did_exit_display_state")

            def did_enter_visible_state(self) -> None:
                self._note("did_enter_visible_state")

            def did_exit_visible_state(self) -> None:
                self._note("did_exit_visible_state")

            def interface_state_did_change(self, new_state: Any, old_state: Any) -> None:
                self._note("interface_state_did_change")

            def did_release(self) -> None:
                self._note("did_release")

        return PhotoController

    def settle(self, session: layoutd.Session) -> None:
        """Waits until the loads the controllers started have been laid out and nothing new was started: each
        ``wait_until_all_updates_are_processed`` covers the relayouts requested before it and returns after the
        callbacks (and hooks) of the notifications they caused."""
        quiet = 0
        for _ in range(100):
            started = self.loads_started
            with self.lock:
                threads = list(self.threads)
            for thread in threads:
                thread.join(10)
            session.wait_until_all_updates_are_processed()
            if self.loads_started == started and all(not thread.is_alive() for thread in self.threads):
                quiet += 1
                if quiet == 2:  # twice in a row, in case a range update follows a wait's answer
                    return
            else:
                quiet = 0
        raise AssertionError("the feed did not settle")

    def hooks_since(self, mark: int, hook: str) -> List[str]:
        return [row for _, row, name in self.log[mark:] if name == hook]


@support.needs_daemon
class PhotoFeedTests(unittest.TestCase):
    rows = 40

    def setUp(self) -> None:
        self.client = layoutd.Client(timeout=60)
        self.addCleanup(self.client.close)

    def start_feed(self, threaded: bool = False) -> Tuple[layoutd.Session, Feed, List[Dict[str, Any]],
                                                            List[layoutd.Notification]]:
        session = self.client.create_session(WIDTH, HEIGHT)
        feed = Feed(threaded)
        # registered before the controllers, so it runs first for each notification: tags the hook log
        notes: List[layoutd.Notification] = []
        for method in (ISC, RELEASED):
            session.on(method, lambda note: setattr(feed, "current_seq", note.seq))
            session.on(method, notes.append)
        heights: List[Dict[str, Any]] = []
        session.on("table/heightChanged", lambda note: heights.append(note.params))
        self.registry = session.node_controllers(feed.controller_class())
        session.insert_rows([ops.row(photo_cell(), f"p{i}") for i in range(self.rows)])
        feed.settle(session)
        return session, feed, heights, notes

    def visible_controllers(self) -> Set[str]:
        return {row for row, controller in self.registry.controllers.items() if controller.is_visible}

    def assert_hooks_follow_events(self, feed: Feed, notes: List[layoutd.Notification]) -> None:
        """Every notification's events became hook calls in the same (Texture's) order, then
        interface_state_did_change; a released node's controller heard did_release; nothing else was called."""
        by_seq: Dict[int, List[Tuple[str, str]]] = {}
        for seq, row, hook in feed.log:
            by_seq.setdefault(seq, []).append((row, hook))
        self.assertLessEqual(set(by_seq), {note.seq for note in notes})  # hooks run only for these
        for note in notes:
            if note.method == RELEASED:
                self.assertIn(by_seq.get(note.seq, []), ([], [(note.params["rowId"], "did_release")]), note)
                continue
            events = note.params["events"]
            ranks = [RANGE_ORDER[event.replace("didEnter", "").replace("didExit", "")] for event in events]
            self.assertEqual(ranks, sorted(ranks), f"events out of Texture's order: {note}")
            calls = by_seq.get(note.seq, [])
            if not calls:
                continue
            self.assertEqual([row for row, _ in calls], [note.params["rowId"]] * len(calls))
            self.assertEqual([HOOK_EVENTS.get(hook, hook) for _, hook in calls],
                             events + ["interface_state_did_change"], note)

    def assert_enters_and_exits_alternate(self, feed: Feed) -> None:
        """Per row's node and range, hooks alternate enter, exit, enter, … starting with enter (a released node's
        ranges go with it, without exits: the row's next node starts outside every range)."""
        inside: Dict[Tuple[str, str], bool] = {}
        for _, row, hook in feed.log:
            if hook == "did_release":
                inside = {key: value for key, value in inside.items() if key[0] != row}
                continue
            if hook == "interface_state_did_change":
                continue
            entering = hook.startswith("did_enter")
            key = (row, hook.split("_")[2])
            self.assertEqual(inside.get(key, False), not entering, f"{hook} twice in a row for {row}")
            inside[key] = entering

    def assert_states_match_ranges(self, session: layoutd.Session) -> None:
        ranges = session.ranges()
        ranged = {row["rowId"]: set(row["state"]) for row in ranges["rows"]}
        for row, controller in self.registry.controllers.items():
            self.assertEqual(set(controller.interface_state) - {"measureLayout"},
                             ranged.get(row, set()) - {"measureLayout"}, row)
        self.assertTrue(set(ranged) <= set(self.registry.controllers))

    def test_photo_feed_controllers_load_comments_and_follow_the_ranges(self) -> None:
        session, feed, heights, notes = self.start_feed()
        # first range update (mode minimum): the rows on screen and half a screen below entered preload,
        # loaded their comments and grew; each load was followed by exactly one table/heightChanged
        self.assertEqual(session.ranges()["rangeMode"], "minimum")
        first = sorted(feed.loaded, key=lambda row: int(row[1:]))
        self.assertEqual(first, ["p0", "p1", "p2", "p3"])
        self.assertEqual(sorted((h["rowId"], h["oldHeight"], h["newHeight"]) for h in heights),
                         sorted((row, ROW, LOADED_ROW) for row in first))
        self.assertEqual(session.row_frame("p1")["frame"]["height"], LOADED_ROW)
        frames = session.element_frames("p0")
        comment_lines = [element for element in frames["elements"] if element["type"] == "text"]
        self.assertEqual(len(comment_lines), COMMENTS)
        self.assertEqual(frames["size"]["height"], PHOTO_HEIGHT + COMMENTS * COMMENT_LINE)
        # the hooks: every row that entered preload heard did_enter_preload_state before anything else
        self.assertEqual([hook for _, row, hook in feed.log if row == "p0"][:4], [
            "did_enter_preload_state", "did_enter_display_state", "did_enter_visible_state",
            "interface_state_did_change"])
        self.assertEqual(self.visible_controllers(), {"p0", "p1", "p2"})
        self.assert_states_match_ranges(session)

        # scroll down, a screen or less at a time (drags: the first switches the range mode to full)
        visible = self.visible_controllers()
        offsets = [300, 700, 1200, 1650, 2100, 2600, 3100, 3500]
        for y in offsets:
            mark = len(feed.log)
            loaded_before = set(feed.loaded)
            heights_before = len(heights)
            answer = session.scroll_to_offset(y)
            self.assertEqual(answer["contentOffset"], {"x": 0, "y": y})
            self.assertEqual(answer["rangeMode"], "full")
            shown = set(answer["visibleRowIds"])
            # the hooks of the scroll have run when it returns: did_enter_visible_state for exactly the rows
            # the answer lists as visible that were not on screen before, did_exit_visible_state for the rest
            self.assertEqual(self.visible_controllers(), shown, y)
            self.assertEqual(sorted(feed.hooks_since(mark, "did_enter_visible_state")), sorted(shown - visible), y)
            self.assertEqual(sorted(feed.hooks_since(mark, "did_exit_visible_state")), sorted(visible - shown), y)
            # rows that became visible had loaded their comments while in preload, before the scroll
            self.assertLessEqual(shown - visible, loaded_before, y)
            self.assertEqual(set(answer["placeholderRowIds"]) - shown, set())
            feed.settle(session)
            # the rows that entered preload loaded their comments, and each grew by one heightChanged
            entered = set(feed.hooks_since(mark, "did_enter_preload_state")) - loaded_before
            self.assertTrue(entered, y)
            self.assertEqual(set(feed.loaded) - loaded_before, entered, y)
            grown = [(h["rowId"], h["oldHeight"], h["newHeight"]) for h in heights[heights_before:]]
            self.assertEqual(sorted(grown), sorted((row, ROW, LOADED_ROW) for row in entered), y)
            # heights grew below the screen only, so the visible rows did not change after the answer
            self.assertEqual(self.visible_controllers(), shown, y)
            self.assertEqual([row["rowId"] for row in session.ranges()["rows"] if "visible" in row["state"]],
                             answer["visibleRowIds"], y)
            self.assert_states_match_ranges(session)
            visible = shown
        # rows far above the screen left every range: exits in Texture's order, Preload, Display, Visible
        p0 = [hook for _, row, hook in feed.log if row == "p0"]
        self.assertEqual(p0[-1], "interface_state_did_change")
        self.assertFalse(self.registry.controllers["p0"].interface_state & {"preload", "display", "visible"})
        exits = [hook for hook in p0 if hook.startswith("did_exit")]
        self.assertEqual(exits[-1:], ["did_exit_preload_state"])  # visible and display were left earlier
        self.assertEqual(feed.errors, [])
        self.assert_hooks_follow_events(feed, notes)
        self.assert_enters_and_exits_alternate(feed)
        # every row that ever entered preload loaded once, and its height changed once
        self.assertEqual(sorted(h["rowId"] for h in heights), sorted(feed.loaded))
        self.assertEqual(len(feed.loaded), feed.loads_started)

    def test_one_scroll_leaving_every_range_exits_in_texture_order(self) -> None:
        session, feed, heights, notes = self.start_feed()
        mark = len(feed.log)
        answer = session.scroll_to_offset(6000, drag=False)  # programmatic: mode stays minimum
        self.assertEqual(answer["rangeMode"], "minimum")
        # p0 was visible: one change takes it out of everything, exits in Preload, Display, Visible order
        self.assertEqual([hook for _, row, hook in feed.log[mark:] if row == "p0"], [
            "did_exit_preload_state", "did_exit_display_state", "did_exit_visible_state",
            "interface_state_did_change"])
        shown = set(answer["visibleRowIds"])
        self.assertEqual(sorted(feed.hooks_since(mark, "did_enter_visible_state")), sorted(shown))
        self.assertEqual(self.visible_controllers(), shown)
        # the new rows entered preload and visible in the same change: their comments load after the answer
        self.assertTrue(shown.isdisjoint(set(feed.loaded) & {"p0", "p1", "p2", "p3"}))
        feed.settle(session)
        self.assertTrue(shown <= feed.loaded)
        grown = {h["rowId"] for h in heights}
        self.assertTrue(shown <= grown)
        self.assert_hooks_follow_events(feed, notes)
        self.assert_enters_and_exits_alternate(feed)
        self.assert_states_match_ranges(session)
        self.assertEqual(feed.errors, [])

    def test_reloaded_moved_and_deleted_rows_release_their_controllers(self) -> None:
        session, feed, heights, notes = self.start_feed()
        self.assertEqual(self.visible_controllers(), {"p0", "p1", "p2"})
        old = self.registry.controllers["p1"]
        self.assertIsNotNone(old.comments)
        # reloading a visible row ends its node: only the Visible exit, then the release; the new node enters every
        # range again, and its new controller loads the comments again
        mark, loads = len(feed.log), feed.loads_started
        heights_before = len(heights)
        session.reload_rows([("p1", photo_cell())])
        feed.settle(session)
        self.assertEqual([hook for _, row, hook in feed.log[mark:] if row == "p1"], [
            "did_exit_visible_state", "interface_state_did_change", "did_release",
            "did_enter_preload_state", "did_enter_display_state", "did_enter_visible_state",
            "interface_state_did_change"])
        new = self.registry.controllers["p1"]
        self.assertIsNot(new, old)
        self.assertTrue(old.released and not new.released)
        self.assertTrue(new.is_visible and new.is_in_preload_state)
        self.assertEqual(new.index_path, [0, 1])
        self.assertEqual(feed.loads_started, loads + 1)
        self.assertEqual([(h["rowId"], h["oldHeight"], h["newHeight"]) for h in heights[heights_before:]],
                         [("p1", ROW, LOADED_ROW)])
        with self.assertRaises(RuntimeError):
            old.set_needs_layout(cell=photo_cell())  # the old node is gone
        # moving a row in preload below the screen: released without exits (it held no Visible), then its new node
        # enters the ranges of its new place
        mark = len(feed.log)
        moved = self.registry.controllers["p3"]
        self.assertFalse(moved.is_visible)
        session.move_row("p3", [0, 0])
        feed.settle(session)
        p3 = [hook for _, row, hook in feed.log[mark:] if row == "p3"]
        self.assertEqual(p3[:2], ["did_release", "did_enter_preload_state"])
        self.assertTrue(moved.released)
        self.assertIsNot(self.registry.controllers["p3"], moved)
        # deleting a visible row: the Visible exit, then the release; no new controller
        mark = len(feed.log)
        gone = self.registry.controllers["p2"]
        self.assertTrue(gone.is_visible)
        session.delete_rows(["p2"])
        feed.settle(session)
        self.assertEqual([hook for _, row, hook in feed.log[mark:] if row == "p2"], [
            "did_exit_visible_state", "interface_state_did_change", "did_release"])
        self.assertNotIn("p2", self.registry.controllers)
        self.assertTrue(gone.released)
        self.assertEqual(feed.errors, [])
        self.assert_hooks_follow_events(feed, notes)
        self.assert_enters_and_exits_alternate(feed)
        self.assert_states_match_ranges(session)

    def test_comments_loaded_on_threads(self) -> None:
        session, feed, heights, notes = self.start_feed(threaded=True)
        self.assertEqual(feed.errors, [])
        self.assertEqual(sorted(h["rowId"] for h in heights), sorted(feed.loaded))
        self.assertEqual(feed.loaded, {"p0", "p1", "p2", "p3"})
        session.scroll_to_offset(900)
        feed.settle(session)
        self.assertEqual(feed.errors, [])
        self.assertEqual(sorted(h["rowId"] for h in heights), sorted(feed.loaded))
        self.assertGreater(len(feed.loaded), 4)
        self.assertTrue(all(session.row_frame(row)["frame"]["height"] == LOADED_ROW for row in feed.loaded))
        self.assert_hooks_follow_events(feed, notes)
        self.assert_states_match_ranges(session)


if __name__ == "__main__":
    unittest.main()


PAGE = 5
ITEM = 99.5  # a row of 100 points with its separator


@support.needs_daemon
class BatchFetchingTests(unittest.TestCase):
    """Texture's batch fetching through ``on_batch_fetch``: each fetch inserts a page of rows."""

    def setUp(self) -> None:
        self.client = layoutd.Client(timeout=60)
        self.addCleanup(self.client.close)
        self.handled: Set[int] = set()  # ids of fetch records whose callback has returned

    def start(self, pages: int, complete_first: bool = True) -> Tuple[layoutd.Session, List[Dict[str, Any]]]:
        session = self.client.create_session(WIDTH, HEIGHT, batch_fetching=True, interface_states=False)
        fetches: List[Dict[str, Any]] = []

        def will_begin_batch_fetch(context: layoutd.BatchFetchContext) -> None:
            number = len(fetches)
            fetch = {"contentSize": context.content_size, "contentOffset": context.content_offset}
            fetches.append(fetch)
            if number >= pages:
                context.complete(finished=False)  # no more data: Texture never fetches again
            else:
                # either order: a check after the page's commit that finds the context still fetching is held until
                # the completion, so the result does not depend on how the two interleave
                page = [ops.row(support.node(ITEM), f"page{number}-{k}") for k in range(PAGE)]
                if complete_first:
                    context.complete()
                    session.insert_rows(page)
                else:
                    session.insert_rows(page)
                    context.complete()
            self.handled.add(id(fetch))

        # the empty table fetched at session/create, before the answer: replayed from the buffer
        session.on_batch_fetch(will_begin_batch_fetch)
        return session, fetches

    def settle(self, session: layoutd.Session, fetches: List[Any]) -> None:
        """Until two waits in a row see no new fetch, each started once every fetch's callback has sent its page:
        the check after a commit runs after the commit's ``table/didCommit`` (Texture: on the next main-queue turn),
        so it may follow the first wait's answer; and a wait sent while a callback has not sent its page yet would
        not cover that page."""
        quiet = 0
        deadline = time.monotonic() + 60
        while quiet < 2:
            if not all(id(fetch) in self.handled for fetch in list(fetches)):
                self.assertLess(time.monotonic(), deadline, "a batch-fetch callback did not finish")
                time.sleep(0.001)
                continue
            count = len(fetches)
            session.wait_until_all_updates_are_processed()
            quiet = quiet + 1 if len(fetches) == count else 0

    def test_pages_arrive_until_the_content_fills(self) -> None:
        session, fetches = self.start(pages=100)
        self.settle(session, fetches)
        page = PAGE * (ITEM + 0.5)
        trigger = HEIGHT + 2 * HEIGHT  # viewport + leadingScreens (2) × viewport
        size = session.content_size()["height"]
        # fetched from empty until the content covers the viewport and two more screens (the default leadingScreens)
        self.assertEqual([f["contentSize"]["height"] for f in fetches], [page * k for k in range(len(fetches))])
        self.assertGreater(size, trigger)
        self.assertLessEqual(size, trigger + page)
        self.assertEqual(session.complete_batch_fetching()["state"], "completed")
        # scrolling to the end fetches again until the content reaches two screens below the new offset
        for _ in range(3):
            before = len(fetches)
            answer = session.scroll_to_offset(1e6)
            end = answer["contentOffset"]["y"]
            self.assertEqual(end, size - HEIGHT)
            self.settle(session, fetches)
            self.assertGreater(len(fetches), before)
            self.assertEqual(fetches[before]["contentOffset"], {"x": 0, "y": end})
            size = session.content_size()["height"]
            self.assertGreater(size - HEIGHT - end, 2 * HEIGHT)
            self.assertLessEqual(size - HEIGHT - end, 2 * HEIGHT + page)
            self.assertEqual(session.describe()["contentSize"]["height"], size)
        rows = session.describe()["sections"][0]["rows"]
        self.assertEqual(len(rows), PAGE * len(fetches))
        self.assertEqual(rows[-1]["id"], f"page{len(fetches) - 1}-{PAGE - 1}")

    def test_completing_after_the_insert_gives_the_same_pages(self) -> None:
        session, fetches = self.start(pages=100, complete_first=False)
        self.settle(session, fetches)
        page = PAGE * (ITEM + 0.5)
        trigger = HEIGHT + 2 * HEIGHT
        self.assertEqual([f["contentSize"]["height"] for f in fetches], [page * k for k in range(len(fetches))])
        size = session.content_size()["height"]
        self.assertGreater(size, trigger)
        self.assertLessEqual(size, trigger + page)
        self.assertEqual(session.ranges()["batchContext"], {"state": "completed", "leadingScreens": 2})

    def test_no_more_data_stops_fetching(self) -> None:
        session, fetches = self.start(pages=2)
        self.settle(session, fetches)
        self.assertEqual(len(fetches), 3)  # two pages, then the fetch that found no more data
        for y in (1e6, 0, 1e6):
            session.scroll_to_offset(y)
            self.settle(session, fetches)
        self.assertEqual(len(fetches), 3)
        state = session.set_leading_screens_for_batching(5)
        self.assertEqual(state, {"state": "fetching", "leadingScreens": 5})
        self.assertEqual(session.ranges()["batchContext"], state)
        self.assertEqual(session.cancel_batch_fetching()["state"], "cancelled")
        session.scroll_to_offset(1e6)  # cancelled is not fetching: the next check fetches again
        self.settle(session, fetches)
        self.assertEqual(len(fetches), 4)


@support.needs_daemon
class RangeMethodTests(unittest.TestCase):
    """The remaining new methods against the daemon."""

    def test_scrolling_ranges_tuning_visibility_and_display_lists(self) -> None:
        with layoutd.Client(timeout=60) as client:
            session = client.create_session(WIDTH, HEIGHT, scroll_anchoring=False)
            session.insert_rows([ops.row(support.node(ITEM), f"r{i}", never_show_placeholders=(i == 12))
                                 for i in range(30)])
            session.wait_until_all_updates_are_processed()
            self.assertEqual(session.scroll_by(250, drag=False)["contentOffset"], {"x": 0, "y": 250})
            answer = session.scroll_to_row("r12", position="top")
            self.assertEqual((answer["contentOffset"]["y"], answer["visibleRowIds"][0]), (1200, "r12"))
            self.assertNotIn("r12", answer["placeholderRowIds"])  # neverShowPlaceholders: displayed first
            self.assertEqual(session.display_list("r12")["displayed"], True)
            self.assertEqual(session.display_list("r0")["displayed"], False)
            picture = session.snapshot(margin=30)
            self.assertTrue(picture["svg"].startswith("<?xml"))
            self.assertEqual(picture["rows"][0]["rowId"], "r12")
            self.assertEqual(picture["rect"]["y"], 1200)
            ranges = session.ranges()
            self.assertEqual((ranges["contentOffset"]["y"], ranges["visible"]), (1200, True))
            self.assertEqual(ranges["visibleRowIds"], answer["visibleRowIds"])
            self.assertEqual(ranges["batchContext"], {"state": "completed", "leadingScreens": 2})  # not batch fetching
            self.assertEqual(session.tuning_parameters("minimum", "preload"),
                             {"leadingBufferScreenfuls": 0.5, "trailingBufferScreenfuls": 0.25})
            self.assertIsNone(session.set_tuning_parameters("preload", 4, 0, mode="full"))
            self.assertEqual(session.tuning_parameters(range_type="preload")["leadingBufferScreenfuls"], 4)
            self.assertEqual(session.set_range_mode("visibleOnly"), {"rangeMode": "visibleOnly"})
            self.assertEqual(session.set_visible(False)["rangeMode"], session.ranges()["rangeMode"])
            self.assertFalse(session.ranges()["visible"])
            self.assertEqual(session.application_event("didEnterBackground"), {"rangeMode": "lowMemory"})
            self.assertEqual(session.set_visible(True)["rangeMode"], session.ranges()["rangeMode"])
            result = session.set_viewport(content_offset=10_000, content_inset={"top": 20, "bottom": 10})
            self.assertEqual(result["contentOffset"], {"x": 0, "y": 30 * 100 + 10 - HEIGHT})
            with self.assertRaises(layoutd.InvalidParams):
                session.scroll_to_row("r1", position="left")
