"""The asyncio client against the real daemon."""

from __future__ import annotations

import asyncio
import unittest
from typing import Any, List

import support
from support import node, text

import layoutd
from layoutd import ops


def run(coroutine: Any) -> Any:
    return asyncio.run(coroutine)


@support.needs_daemon
class AsyncClientTests(unittest.TestCase):
    def test_lifecycle(self) -> None:
        async def scenario() -> Any:
            async with layoutd.AsyncClient(initialization_options={"limits": {"maxSessions": 2}}) as client:
                self.assertEqual(client.server_info["name"], "layoutd")
                self.assertEqual(client.capabilities["limits"]["maxSessions"], 2)
                self.assertTrue(client.is_alive)
                pid = client.pid
            self.assertEqual(client.returncode, 0)
            self.assertTrue(client.closed)
            self.assertEqual(await client.aclose(), 0)  # idempotent
            return pid

        self.assertTrue(support.process_gone(run(scenario())))

    def test_create_and_manual_initialize(self) -> None:
        async def scenario() -> None:
            client = await layoutd.AsyncClient.create(initialize=False)
            try:
                with self.assertRaises(layoutd.ServerNotInitialized):
                    await client.create_session(10, 10)
                await client.initialize()
                await client.initialized()
                with self.assertRaises(layoutd.InvalidRequest) as caught:
                    await client.initialize()
                self.assertEqual(caught.exception.message, "server is already initialized")
            finally:
                await client.aclose()
            self.assertTrue(support.process_gone(client.pid))

        run(scenario())

    def test_typed_methods_and_notifications(self) -> None:
        async def scenario() -> None:
            async with layoutd.AsyncClient() as client:
                session = await client.create_session(320, 480)
                self.assertIsInstance(session, layoutd.AsyncSession)
                commits: List[Any] = []
                heights: List[Any] = []

                async def on_commit(note: layoutd.Notification) -> None:
                    await asyncio.sleep(0)
                    commits.append(note["seq"])

                session.on("table/didCommit", on_commit)
                session.on("table/heightChanged", lambda note: heights.append(note["newHeight"]))
                result = await session.insert_rows([{"id": i, "cell": node(10)} for i in "abc"])
                self.assertEqual(result["rowIds"], ["a", "b", "c"])
                waited = await session.wait_until_all_updates_are_processed()
                self.assertEqual(waited, {"seq": 1, "contentSize": {"width": 320, "height": 31.5}})
                self.assertEqual(commits, [1])  # the async callback finished before the wait returned
                self.assertEqual((await session.row_frame("b"))["frame"]["y"], 10.5)
                self.assertEqual(await session.content_size(), {"width": 320, "height": 31.5})
                self.assertEqual([r["rowId"] for r in await session.rows_in_rect(0, 0, 1, 11)], ["a", "b"])
                self.assertEqual((await session.row_at_point(0, 25))["rowId"], "c")
                await session.set_needs_layout("a", cell=node(20))
                await session.wait_until_all_updates_are_processed()
                self.assertEqual(heights, [20.5])
                await session.perform_batch_updates([ops.delete_rows(["c"]), ops.move_row("a", [0, 1])])
                await session.move_row("a", [0, 0])
                await session.reload_rows([("b", node(5))])
                await session.delete_rows(["b"])
                await session.insert_sections([{"rows": [{"id": "s", "cell": node(1)}]}])
                await session.reload_sections([{"section": 1, "rows": [{"id": "t", "cell": node(2)}]}])
                await session.move_section(1, 0)
                await session.delete_sections([0])
                await session.wait_until_all_updates_are_processed()
                described = await session.describe()
                self.assertEqual([[row["id"] for row in s["rows"]] for s in described["sections"]], [["a"]])
                await session.reload_data([{"rows": [{"id": "k", "cell": text("hi", id="t")}]}])
                await session.wait_until_all_updates_are_processed()
                frames = await session.element_frames("k", elements=["t"])
                self.assertEqual(frames["elements"][0]["type"], "text")
                viewport = await session.set_viewport(width=100)
                self.assertEqual(viewport["relayoutRows"], 1)
                await session.wait_until_all_updates_are_processed()
                note = await session.next_notification("table/contentSizeChanged", timeout=5)
                self.assertEqual(note["contentSize"]["width"], 100)
                methods = [n.method async for n in client.notifications(timeout=0.1)]
                self.assertIn("table/didCommit", methods)
                self.assertIsNone(await client.next_notification(timeout=0.01))
                await session.dispose()
                with self.assertRaises(layoutd.UnknownSession) as caught:
                    await session.content_size()
                self.assertEqual(caught.exception.code, -32003)
                async with await client.create_session(10, 10) as scoped:
                    await scoped.content_size()
                with self.assertRaises(layoutd.UnknownSession):
                    await scoped.content_size()

        run(scenario())

    def test_errors_timeout_and_task_cancellation(self) -> None:
        async def scenario() -> None:
            async with layoutd.AsyncClient() as client:
                with self.assertRaises(layoutd.MethodNotFound) as caught:
                    await client.request("nope/nothing")
                self.assertEqual(caught.exception.message, "method not found: nope/nothing")
                session = await client.create_session(320, 480)
                with self.assertRaises(layoutd.InvalidUpdate) as caught:
                    await session.delete_sections([3])
                self.assertEqual(caught.exception.code, -32004)
                await session.insert_rows([{"cell": text("hello world " * 20)} for _ in range(5000)])
                with self.assertRaises(layoutd.LayoutdTimeout):
                    await client.request("table/waitUntilAllUpdatesAreProcessed", {"sessionId": "s1"},
                                         timeout=0.0001)
                await session.insert_rows([{"cell": text("hello world " * 20)} for _ in range(5000)])
                task = asyncio.ensure_future(session.wait_until_all_updates_are_processed())
                await asyncio.sleep(0)
                task.cancel()
                with self.assertRaises(asyncio.CancelledError):
                    await task
                self.assertEqual((await session.wait_until_all_updates_are_processed())["seq"], 2)

        run(scenario())

    def test_not_started(self) -> None:
        client = layoutd.AsyncClient()
        with self.assertRaises(layoutd.LayoutdConnectionError):
            client.notify("initialized")


if __name__ == "__main__":
    unittest.main()
