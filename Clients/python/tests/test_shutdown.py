"""No orphan processes: after close(), a with block, garbage collection, and interpreter exit without close()."""

from __future__ import annotations

import asyncio
import gc
import os
import subprocess
import sys
import textwrap
import unittest

import support

import layoutd


@support.needs_daemon
class NoOrphanTests(unittest.TestCase):
    def tearDown(self) -> None:
        self.assertEqual(support.daemon_children(), [], "a layoutd child process outlived its test")

    def test_after_close(self) -> None:
        client = layoutd.Client()
        pid = client.pid
        self.assertFalse(support.process_gone(pid))
        self.assertIn(pid, support.daemon_children())
        client.close()
        self.assertTrue(support.process_gone(pid))  # reaped, not a zombie
        with self.assertRaises(ProcessLookupError):
            os.kill(pid, 0)

    def test_after_context_exit(self) -> None:
        with layoutd.Client() as client:
            client.create_session(10, 10)
            pid = client.pid
        self.assertTrue(support.process_gone(pid))

    def test_after_context_exit_with_an_exception(self) -> None:
        with self.assertRaises(RuntimeError):
            with layoutd.Client() as client:
                pid = client.pid
                raise RuntimeError("boom")
        self.assertTrue(support.process_gone(pid))

    def test_async_context_exit(self) -> None:
        async def scenario() -> int:
            async with layoutd.AsyncClient() as client:
                return client.pid

        self.assertTrue(support.process_gone(asyncio.run(scenario())))

    def test_dropped_client_is_finalized(self) -> None:
        client = layoutd.Client()
        session = client.create_session(10, 10)
        pid = client.pid
        del session, client
        gc.collect()
        self.assertTrue(support.wait_gone(pid, 10))

    def test_unresponsive_daemon_is_killed(self) -> None:
        client = layoutd.Client(shutdown_timeout=0.5)
        pid = client.pid
        os.kill(pid, 19)  # SIGSTOP: it can answer nothing
        try:
            with self.assertLogs("layoutd", level="WARNING"):
                status = client.close()
        finally:
            if not support.process_gone(pid):
                os.kill(pid, 9)
        self.assertTrue(support.process_gone(pid))
        self.assertLess(status, 0)  # killed by a signal

    def run_child(self, body: str) -> "tuple[list[str], int]":
        script = textwrap.dedent(f"""
            import atexit, os, sys
            sys.path.insert(0, {str(support.PACKAGE_ROOT)!r})
            import layoutd
            """) + textwrap.dedent(body)
        env = dict(os.environ, LAYOUTD_BINARY=support.BINARY)
        done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60, env=env)
        self.assertEqual(done.returncode, 0, done.stderr)
        return done.stdout.split(), done.returncode

    def test_interpreter_exit_without_close(self) -> None:
        # The atexit hook registered first runs last: it sees what the client's finalizer left behind.
        out, _ = self.run_child("""
            state = {}
            def report():
                client = state["client"]
                print(client.pid, client.returncode, os.path.exists("/proc/%d" % client.pid))
            atexit.register(report)
            client = layoutd.Client()
            state["client"] = client
            session = client.create_session(10, 10)
            session.insert_rows([{"cell": {"type": "node", "style": {"height": 1}}}])
            # no close(): the interpreter exits here
            """)
        pid, status, exists = int(out[0]), out[1], out[2]
        self.assertEqual(status, "0")  # shut down with shutdown + exit, not killed
        self.assertEqual(exists, "False")
        self.assertTrue(support.process_gone(pid))

    def test_interpreter_exit_with_async_client_left_open(self) -> None:
        out, _ = self.run_child("""
            import asyncio
            async def main():
                client = await layoutd.AsyncClient.create()
                await client.create_session(10, 10)
                return client
            client = asyncio.run(main())
            print(client.pid)
            """)
        self.assertTrue(support.wait_gone(int(out[0]), 5))

    def test_sys_exit_from_a_thread_free_script(self) -> None:
        out, _ = self.run_child("""
            client = layoutd.Client()
            print(client.pid)
            sys.stdout.flush()
            sys.exit(0)
            """)
        self.assertTrue(support.process_gone(int(out[0])))


if __name__ == "__main__":
    unittest.main()
