"""NodeController dispatch, driven by synthetic ``cell/interfaceStateChanged`` and ``cell/nodeReleased``
notifications (no daemon).

Shapes: {sessionId, rowId, indexPath?, oldState: [names], newState: [names], events: [...]} with events in
Texture's firing order (preload, display, visible); {sessionId, rowId, state} when a commit ends the row's node."""

from __future__ import annotations

import asyncio
import threading
import unittest
from typing import Any, Dict, List, Optional

import support  # noqa: F401

from layoutd import AsyncSession, NodeController, NodeControllerRegistry, Notification, Session
from layoutd._router import AsyncRouter, SyncRouter

ISC = "cell/interfaceStateChanged"
_seq = iter(range(1, 1_000_000))


def isc(row: str, old: List[str], new: List[str], events: List[str], session: str = "s1",
        index_path: Optional[List[int]] = None) -> Notification:
    params: Dict[str, Any] = {"sessionId": session, "rowId": row, "oldState": old, "newState": new, "events": events}
    if index_path is not None:
        params["indexPath"] = index_path
    return Notification(ISC, params, next(_seq))


def released(row: str, state: List[str], session: str = "s1") -> Notification:
    return Notification("cell/nodeReleased", {"sessionId": session, "rowId": row, "state": state}, next(_seq))


def commit(deleted: List[str] = (), inserted: List[str] = (), session: str = "s1") -> Notification:
    return Notification("table/didCommit", {"sessionId": session, "seq": 1, "contentSize": {"width": 1, "height": 1},
                                            "deletedRowIds": list(deleted), "insertedRowIds": list(inserted)},
                        next(_seq))


class Recording(NodeController):
    log: List[Any]  # shared per test

    def _note(self, name: str) -> None:
        self.log.append((self.row_id, name, sorted(self.interface_state)))

    def did_enter_preload_state(self) -> None:
        self._note("enterPreload")

    def did_exit_preload_state(self) -> None:
        self._note("exitPreload")

    def did_enter_display_state(self) -> None:
        self._note("enterDisplay")

    def did_exit_display_state(self) -> None:
        self._note("exitDisplay")

    def did_enter_visible_state(self) -> None:
        self._note("enterVisible")

    def did_exit_visible_state(self) -> None:
        self._note("exitVisible")

    def interface_state_did_change(self, new_state: Any, old_state: Any) -> None:
        self.log.append((self.row_id, "changed", sorted(new_state), sorted(old_state)))

    def did_release(self) -> None:
        self._note("released")


ENTER_ALL = ["didEnterPreload", "didEnterDisplay", "didEnterVisible"]
EXIT_ALL = ["didExitPreload", "didExitDisplay", "didExitVisible"]  # Texture's order: Preload, Display, Visible
ALL = ["measureLayout", "preload", "display", "visible"]


class FakeClient:
    """Just enough of a Client for a real Session: a real SyncRouter, and requests recorded."""

    def __init__(self) -> None:
        self._router = SyncRouter()
        self._node_controllers: Dict[str, NodeControllerRegistry] = {}
        self.requests: List[Any] = []
        self.threads: List[str] = []
        self.closed = False

    def on(self, method: str, callback: Any, session_id: Optional[str] = None) -> Any:
        return self._router.handlers.add(method, callback, session_id)

    def _call(self, method: str, params: Any, convert: Any = None) -> Any:
        self.requests.append((method, params))
        self.threads.append(threading.current_thread().name)
        return {"seq": 0}


class RegistryTests(unittest.TestCase):
    def setUp(self) -> None:
        self.log: List[Any] = []
        self.created: List[str] = []

        def factory(row_id: str) -> NodeController:
            self.created.append(row_id)
            controller = Recording(row_id)
            controller.log = self.log
            return controller

        self.registry = NodeControllerRegistry(factory, session="SESSION")

    def test_lazy_creation_and_event_order(self) -> None:
        self.assertEqual(self.registry.controllers, {})
        self.registry.dispatch(isc("a", ["measureLayout"], ALL, ENTER_ALL, index_path=[0, 2]))
        self.assertEqual(self.created, ["a"])
        controller = self.registry.controllers["a"]
        self.assertEqual((controller.row_id, controller.session, controller.index_path), ("a", "SESSION", [0, 2]))
        self.assertTrue(controller.is_visible and controller.is_in_display_state and controller.is_in_preload_state)
        self.assertEqual(self.log, [
            ("a", "enterPreload", ALL_SORTED), ("a", "enterDisplay", ALL_SORTED), ("a", "enterVisible", ALL_SORTED),
            ("a", "changed", ALL_SORTED, ["measureLayout"]),
        ])
        # the same controller hears later changes, in the order the events list gives
        self.log.clear()
        self.registry.dispatch(isc("a", ALL, ["measureLayout"], EXIT_ALL))
        self.assertEqual(self.created, ["a"])
        self.assertEqual([entry[1] for entry in self.log], ["exitPreload", "exitDisplay", "exitVisible", "changed"])
        self.assertFalse(controller.is_visible)

    def test_events_drive_hooks_not_state_diff(self) -> None:
        # only the listed events fire, in the listed order; unknown events are skipped
        self.registry.dispatch(isc("b", [], ["measureLayout", "display"], ["didEnterDisplay", "didTeleport"]))
        self.assertEqual([entry[1] for entry in self.log], ["enterDisplay", "changed"])

    def test_rows_get_their_own_controllers(self) -> None:
        self.registry.dispatch(isc("a", [], ["measureLayout", "preload"], ["didEnterPreload"]))
        self.registry.dispatch(isc("b", [], ["measureLayout", "preload"], ["didEnterPreload"]))
        self.assertEqual(self.created, ["a", "b"])
        self.assertIsNot(self.registry.controllers["a"], self.registry.controllers["b"])
        self.assertIs(self.registry.controller("a"), self.registry.controllers["a"])
        self.assertIsNone(self.registry.controller("zz", create=False))

    def test_no_controller_for_exit_only_news_of_unknown_rows(self) -> None:
        self.registry.dispatch(isc("gone", ["measureLayout", "preload"], ["measureLayout"], ["didExitPreload"]))
        self.assertEqual(self.created, [])

    def test_a_released_node_ends_its_controller_after_the_exits_delivered(self) -> None:
        self.registry.dispatch(isc("a", [], ALL, ENTER_ALL))
        self.registry.dispatch(isc("b", [], ["measureLayout"], []))  # measured, nothing entered
        self.assertEqual(self.created, ["a"])
        self.registry.dispatch(isc("c", [], ["measureLayout", "preload"], ["didEnterPreload"]))
        self.registry.dispatch(isc("d", [], ["measureLayout", "preload"], ["didEnterPreload"]))
        self.registry.dispatch(isc("d", ["measureLayout", "preload"], ["measureLayout"], ["didExitPreload"]))
        a, c, d = (self.registry.controllers[row] for row in "acd")
        # the commit itself changes nothing: the controllers end with cell/nodeReleased
        self.registry.dispatch(commit(deleted=["a", "c", "d"]))
        self.assertEqual(sorted(self.registry.controllers), ["a", "c", "d"])
        self.log.clear()
        # a visible node hears only its Visible exit (no indexPath), then it is released
        self.registry.dispatch(isc("a", ALL, ["measureLayout", "preload", "display"], ["didExitVisible"]))
        self.registry.dispatch(released("a", ["measureLayout", "preload", "display"]))
        # a node in preload is released without exit hooks (its states go with the node, as in Texture)
        self.registry.dispatch(released("c", ["measureLayout", "preload"]))
        self.registry.dispatch(released("d", ["measureLayout"]))
        self.registry.dispatch(released("b", ["measureLayout"]))  # never had a controller: none is created
        self.assertEqual(self.log, [
            ("a", "exitVisible", ["display", "measureLayout", "preload"]),
            ("a", "changed", ["display", "measureLayout", "preload"], ALL_SORTED),
            ("a", "released", ["display", "measureLayout", "preload"]),
            ("c", "released", ["measureLayout", "preload"]),
            ("d", "released", ["measureLayout"]),
        ])
        self.assertEqual(self.registry.controllers, {})
        self.assertEqual(self.created, ["a", "c", "d"])
        self.assertTrue(a.released and c.released and d.released)
        self.assertIn("released", repr(a))
        with self.assertRaises(RuntimeError):
            a.set_needs_layout(cell={"type": "node"})

    def test_a_reloaded_row_gets_a_new_controller_that_loads_again(self) -> None:
        self.registry.dispatch(isc("a", ["measureLayout"], ALL, ENTER_ALL, index_path=[0, 1]))
        old = self.registry.controllers["a"]
        self.log.clear()
        # the reload's commit: the old node's Visible exit, its release, then the new node's states
        self.registry.dispatch(isc("a", ALL, ["measureLayout", "preload", "display"], ["didExitVisible"]))
        self.registry.dispatch(released("a", ["measureLayout", "preload", "display"]))
        self.assertNotIn("a", self.registry.controllers)
        self.registry.dispatch(isc("a", ["measureLayout"], ALL, ENTER_ALL, index_path=[0, 1]))
        new = self.registry.controllers["a"]
        self.assertIsNot(new, old)
        self.assertEqual(self.created, ["a", "a"])
        self.assertTrue(old.released)
        self.assertFalse(new.released)
        self.assertTrue(new.is_visible and new.is_in_preload_state)
        self.assertEqual(new.index_path, [0, 1])
        self.assertEqual([entry[1] for entry in self.log], [
            "exitVisible", "changed", "released", "enterPreload", "enterDisplay", "enterVisible", "changed"])
        self.assertEqual([entry[0] for entry in self.log], ["a"] * 7)

    def test_factory_must_return_a_controller(self) -> None:
        registry = NodeControllerRegistry(lambda row_id: object())  # type: ignore[arg-type,return-value]
        with self.assertRaises(TypeError):
            registry.dispatch(isc("a", [], ALL, ENTER_ALL))


ALL_SORTED = sorted(ALL)


class SessionDispatchTests(unittest.TestCase):
    """Through a real Session and the blocking client's router (dispatcher thread)."""

    def test_session_controllers_via_router(self) -> None:
        client = FakeClient()
        session = Session(client, "s1")  # type: ignore[arg-type]
        log: List[Any] = []

        class Loader(NodeController):
            def did_enter_preload_state(self) -> None:
                log.append((self.row_id, "enterPreload"))
                self.set_needs_layout(cell=support.node(80))

            def did_enter_visible_state(self) -> None:
                log.append((self.row_id, "enterVisible"))
                self.set_needs_layout(element="photo", spec=support.node(10))

            def did_exit_visible_state(self) -> None:
                log.append((self.row_id, "exitVisible"))

            def did_release(self) -> None:
                log.append((self.row_id, "released"))

        registry = session.node_controllers(Loader)
        with self.assertRaises(RuntimeError):
            session.node_controllers(Loader)
        router = client._router
        router.deliver(isc("a", ["measureLayout"], ALL, ENTER_ALL))
        router.deliver(isc("a", [], ALL, ENTER_ALL, session="s2"))  # another session: ignored
        router.deliver(isc("a", ALL, ["measureLayout", "preload", "display"], ["didExitVisible"]))
        self.assertTrue(router.wait_dispatched(3, timeout=5))
        self.assertEqual(log, [("a", "enterPreload"), ("a", "enterVisible"), ("a", "exitVisible")])
        self.assertEqual(list(registry.controllers), ["a"])
        self.assertIs(session.node_controller("a"), registry.controllers["a"])
        self.assertEqual(client.requests, [
            ("cell/setNeedsLayout", {"sessionId": "s1", "row": "a", "cell": support.node(80)}),
            ("cell/setNeedsLayout", {"sessionId": "s1", "row": "a", "element": "photo", "spec": support.node(10)}),
        ])
        self.assertEqual(client.threads, ["layoutd-dispatch"] * 2)  # hooks run off the reader thread
        # the synthetic notifications are also in the iterator buffer
        self.assertEqual(router.next(ISC, "s2", timeout=0).params["sessionId"], "s2")
        # a reload: the node is released (its controller dropped), the new node gets a new controller
        first = registry.controllers["a"]
        router.deliver(released("a", ["measureLayout", "preload", "display"], session="s2"))  # another session
        router.deliver(released("a", ["measureLayout", "preload", "display"]))
        router.deliver(isc("a", ["measureLayout"], ["measureLayout", "preload"], ["didEnterPreload"]))
        self.assertTrue(router.wait_dispatched(_last_seq(), timeout=5))
        self.assertTrue(first.released)
        self.assertIsNot(registry.controllers["a"], first)
        self.assertEqual(log[-2:], [("a", "released"), ("a", "enterPreload")])
        router.close()

    def test_hook_errors_do_not_stop_dispatch(self) -> None:
        client = FakeClient()
        session = Session(client, "s1")  # type: ignore[arg-type]
        log: List[str] = []

        class Broken(NodeController):
            def did_enter_preload_state(self) -> None:
                raise ValueError("boom")

            def did_enter_display_state(self) -> None:
                log.append(self.row_id or "")

        session.node_controllers(Broken)
        with self.assertLogs("layoutd", level="ERROR"):
            client._router.deliver(isc("a", [], ALL, ENTER_ALL))
            client._router.deliver(isc("b", [], ["measureLayout", "display"], ["didEnterDisplay"]))
            self.assertTrue(client._router.wait_dispatched(_last_seq(), timeout=5))
        self.assertEqual(log, ["b"])
        client._router.close()


def _last_seq() -> int:
    value = next(_seq)
    return value - 1


class AsyncDispatchTests(unittest.TestCase):
    def test_async_hooks_run_in_order(self) -> None:
        async def scenario() -> List[Any]:
            loop = asyncio.get_running_loop()
            log: List[Any] = []

            class FakeAsyncClient:
                def __init__(self) -> None:
                    self._router = AsyncRouter(loop)
                    self._node_controllers: Dict[str, NodeControllerRegistry] = {}
                    self.closed = False

                def on(self, method: str, callback: Any, session_id: Optional[str] = None) -> Any:
                    return self._router.handlers.add(method, callback, session_id)

                def _routing(self) -> AsyncRouter:
                    return self._router

                async def _call_async(self, method: str, params: Any, convert: Any) -> Any:
                    await asyncio.sleep(0.01)
                    log.append(("request", method, params.get("row")))
                    return {"seq": 0}

            client = FakeAsyncClient()
            session = AsyncSession(client, "s1")  # type: ignore[arg-type]

            class Slow(NodeController):
                async def did_enter_preload_state(self) -> None:
                    log.append((self.row_id, "enterPreload:start"))
                    await self.set_needs_layout(cell=support.node(5))
                    log.append((self.row_id, "enterPreload:end"))

                def did_enter_display_state(self) -> None:
                    log.append((self.row_id, "enterDisplay"))

                async def did_enter_visible_state(self) -> None:
                    await asyncio.sleep(0)
                    log.append((self.row_id, "enterVisible"))

            session.node_controllers(Slow)
            threads = [threading.Thread(target=client._router.deliver, args=(note,)) for note in (
                isc("a", [], ALL, ENTER_ALL),)]
            for thread in threads:  # delivered from another thread, as the reader thread does
                thread.start()
                thread.join()
            client._router.deliver(isc("b", [], ["measureLayout", "display"], ["didEnterDisplay"]))
            await asyncio.sleep(0.05)
            note = await client._router.next(ISC, "s1", timeout=1)
            await client._router.close()
            log.append(("buffered", note.params["rowId"] if note else None))
            return log

        log = asyncio.run(scenario())
        self.assertEqual(log, [
            ("a", "enterPreload:start"), ("request", "cell/setNeedsLayout", "a"), ("a", "enterPreload:end"),
            ("a", "enterDisplay"), ("a", "enterVisible"), ("b", "enterDisplay"), ("buffered", "a"),
        ])

    def test_async_release_is_awaited_before_the_new_node_s_hooks(self) -> None:
        async def scenario() -> List[Any]:
            log: List[Any] = []

            class Releasing(NodeController):
                async def did_enter_preload_state(self) -> None:
                    log.append((self, "enterPreload"))

                async def did_release(self) -> None:
                    await asyncio.sleep(0.01)
                    log.append((self, "released"))

            registry = NodeControllerRegistry(Releasing)
            await registry.dispatch_async(isc("a", ["measureLayout"], ["measureLayout", "preload"], ["didEnterPreload"]))
            await registry.dispatch_async(released("a", ["measureLayout", "preload"]))
            await registry.dispatch_async(isc("a", ["measureLayout"], ["measureLayout", "preload"], ["didEnterPreload"]))
            return log

        log = asyncio.run(scenario())
        self.assertEqual([name for _, name in log], ["enterPreload", "released", "enterPreload"])
        self.assertIs(log[0][0], log[1][0])
        self.assertIsNot(log[1][0], log[2][0])


if __name__ == "__main__":
    unittest.main()
