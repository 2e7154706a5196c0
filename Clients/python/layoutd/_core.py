"""The connection to one daemon process, shared by the blocking and the asyncio client.

``Connection`` owns the process, a reader thread (frames -> responses matched by id, notifications handed to a
router), a stderr-draining thread and the shutdown sequence. It holds no reference to the user-facing client, so
a client that is dropped without ``close()`` can be finalized (``weakref.finalize``, which also runs at interpreter
exit) and the daemon is shut down rather than orphaned.
"""

from __future__ import annotations

import collections
import concurrent.futures
import itertools
import logging
import os
import subprocess
import threading
from typing import Any, Callable, Deque, Dict, List, Mapping, Optional, Sequence

from .errors import LayoutdConnectionError, LayoutdError
from .protocol import expand_coalesced
from .framing import FramingError, encode_message, read_message

log = logging.getLogger("layoutd")


class Notification:
    """A server-to-client notification: ``method``, ``params`` and ``seq`` (its arrival number, from 1)."""

    __slots__ = ("method", "params", "seq")

    def __init__(self, method: str, params: Optional[Dict[str, Any]], seq: int = 0) -> None:
        self.method = method
        self.params: Dict[str, Any] = params if isinstance(params, dict) else {}
        self.seq = seq

    @property
    def session_id(self) -> Optional[str]:
        value = self.params.get("sessionId")
        return value if isinstance(value, str) else None

    def __getitem__(self, key: str) -> Any:
        return self.params[key]

    def get(self, key: str, default: Any = None) -> Any:
        return self.params.get(key, default)

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Notification) and other.method == self.method and other.params == self.params)

    def __repr__(self) -> str:
        return f"Notification({self.method!r}, {self.params!r}, seq={self.seq})"


class Connection:
    """A running daemon: spawn, framed I/O, request/response matching, shutdown."""

    def __init__(
        self,
        argv: Sequence[str],
        env: Optional[Mapping[str, str]],
        on_notification: Callable[[Notification], None],
        on_stderr: Optional[Callable[[str], None]] = None,
        stderr_lines: int = 200,
    ) -> None:
        full_env = None
        if env is not None:
            full_env = dict(os.environ)
            full_env.update(env)
        self.argv = list(argv)
        self._proc = subprocess.Popen(
            self.argv,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=full_env,
            close_fds=True,
        )
        self.pid = self._proc.pid
        self._on_notification = on_notification
        self._on_stderr = on_stderr
        self.stderr_tail: Deque[str] = collections.deque(maxlen=stderr_lines)
        #: error responses with a null id (they answer no request, e.g. -32700 for an unparsable frame)
        self.unmatched_errors: Deque[LayoutdError] = collections.deque(maxlen=100)
        self._ids = itertools.count(1)
        self._pending: Dict[Any, concurrent.futures.Future] = {}
        self._lock = threading.Lock()  # pending table, lost flag
        self._write_lock = threading.Lock()
        self._close_lock = threading.Lock()
        self._notification_seq = 0
        self._lost: Optional[BaseException] = None
        self._closing = False
        self._closed = False
        self.shutdown_sent = False
        self._reader = threading.Thread(target=self._read_loop, name=f"layoutd-reader-{self.pid}", daemon=True)
        self._stderr_reader = threading.Thread(
            target=self._stderr_loop, name=f"layoutd-stderr-{self.pid}", daemon=True)
        self._reader.start()
        self._stderr_reader.start()

    # ------------------------------------------------------------------------------------------ state

    @property
    def returncode(self) -> Optional[int]:
        return self._proc.poll()

    @property
    def is_alive(self) -> bool:
        return self._lost is None and self._proc.poll() is None

    @property
    def closed(self) -> bool:
        return self._closed

    def on_reader_thread(self) -> bool:
        return threading.current_thread() is self._reader

    # ------------------------------------------------------------------------------------------ output

    def _write(self, message: Any) -> None:
        data = encode_message(message)
        with self._write_lock:
            if self._lost is not None:
                raise LayoutdConnectionError(f"layoutd is gone: {self._lost}")
            stdin = self._proc.stdin
            if stdin is None or stdin.closed:
                raise LayoutdConnectionError("layoutd's stdin is closed")
            try:
                stdin.write(data)
                stdin.flush()
            except (BrokenPipeError, OSError, ValueError) as error:
                raise LayoutdConnectionError(f"cannot write to layoutd: {error}") from error

    def request(self, method: str, params: Optional[Dict[str, Any]] = None) -> concurrent.futures.Future:
        """Sends a request; the future resolves to its result or fails with a LayoutdError. ``future.request_id``
        is the id sent; ``future.notification_seq`` (set on completion) is the number of notifications that
        arrived before the response."""
        future: concurrent.futures.Future = concurrent.futures.Future()
        request_id = next(self._ids)
        future.request_id = request_id  # type: ignore[attr-defined]
        future.method = method  # type: ignore[attr-defined]
        future.notification_seq = 0  # type: ignore[attr-defined]
        with self._lock:
            if self._lost is not None:
                raise LayoutdConnectionError(f"layoutd is gone: {self._lost}")
            self._pending[request_id] = future
        message: Dict[str, Any] = {"jsonrpc": "2.0", "id": request_id, "method": method}
        if params is not None:
            message["params"] = params
        try:
            self._write(message)
        except BaseException:
            with self._lock:
                self._pending.pop(request_id, None)
            raise
        if method == "shutdown":
            self.shutdown_sent = True
        return future

    def notify(self, method: str, params: Optional[Dict[str, Any]] = None) -> None:
        message: Dict[str, Any] = {"jsonrpc": "2.0", "method": method, "params": params if params is not None else {}}
        self._write(message)

    def forget(self, request_id: Any) -> None:
        """Stops tracking a request (its answer, if any, is ignored)."""
        with self._lock:
            self._pending.pop(request_id, None)

    # ------------------------------------------------------------------------------------------ input

    def _read_loop(self) -> None:
        stdout = self._proc.stdout
        reason: BaseException = LayoutdConnectionError("layoutd closed its output")
        try:
            while True:
                message = read_message(stdout)  # type: ignore[arg-type]
                if message is None:
                    break
                for item in message if isinstance(message, list) else [message]:
                    self._dispatch(item)
        except FramingError as error:
            reason = LayoutdConnectionError(f"bad frame from layoutd: {error}")
            log.error("%s", reason)
        except BaseException as error:  # pragma: no cover - defensive
            reason = LayoutdConnectionError(f"reader failed: {error!r}")
            log.exception("layoutd reader failed")
        finally:
            self._connection_lost(reason)

    def _dispatch(self, item: Any) -> None:
        if not isinstance(item, dict):
            log.warning("ignoring a message that is not an object: %r", item)
            return
        method = item.get("method")
        if isinstance(method, str):
            if "id" in item:  # a server-to-client request (window/showDocument, only if declared): not handled
                try:
                    self._write({"jsonrpc": "2.0", "id": item["id"],
                                 "error": {"code": -32601, "message": f"method not found: {method}"}})
                except LayoutdConnectionError:
                    pass
                return
            # A coalesced notification is delivered as the per-row notifications it stands for, in order.
            for name, params in expand_coalesced(method, item.get("params")):
                self._notification_seq += 1
                note = Notification(name, params, self._notification_seq)
                try:
                    self._on_notification(note)
                except Exception:  # pragma: no cover - routers catch their own errors
                    log.exception("notification router failed for %s", name)
            return
        if "id" not in item:
            log.warning("ignoring a message without method or id: %r", item)
            return
        with self._lock:
            future = self._pending.pop(item["id"], None)
        if future is None:
            if "error" in item and item.get("id") is None:
                # e.g. -32700 for a frame the daemon could not parse: it belongs to no request
                error = LayoutdError.from_response(item["error"])
                self.unmatched_errors.append(error)
                log.warning("layoutd answered an error to no request: %s", error)
            else:
                log.debug("response to an unknown or forgotten id %r", item.get("id"))
            return
        future.notification_seq = self._notification_seq  # type: ignore[attr-defined]
        if future.done():
            return
        try:
            if "error" in item:
                future.set_exception(LayoutdError.from_response(item["error"], future.method))  # type: ignore
            else:
                future.set_result(item.get("result"))
        except concurrent.futures.InvalidStateError:  # cancelled meanwhile
            pass

    def _connection_lost(self, reason: BaseException) -> None:
        with self._lock:
            if self._lost is None:
                self._lost = reason
            pending = list(self._pending.values())
            self._pending.clear()
        for future in pending:
            if not future.done():
                try:
                    future.set_exception(LayoutdConnectionError(
                        f"layoutd exited before answering {future.method}"  # type: ignore[attr-defined]
                        f" (exit status {self._proc.poll()})"))
                except concurrent.futures.InvalidStateError:
                    pass

    def _stderr_loop(self) -> None:
        stream = self._proc.stderr
        assert stream is not None
        for raw in iter(stream.readline, b""):
            line = raw.decode("utf-8", "replace").rstrip("\n")
            self.stderr_tail.append(line)
            if self._on_stderr is not None:
                try:
                    self._on_stderr(line)
                except Exception:
                    log.exception("stderr callback failed")
            else:
                log.debug("daemon: %s", line)

    # ------------------------------------------------------------------------------------------ closing

    def close(self, timeout: float = 5.0) -> Optional[int]:
        """``shutdown`` (answered within ``timeout``), ``exit``, close stdin, wait for the process (``timeout``),
        then SIGTERM and SIGKILL if it is still there. Idempotent and thread-safe; returns the exit status."""
        with self._close_lock:
            if self._closed:
                return self._proc.returncode
            self._closing = True
            proc = self._proc
            on_reader = self.on_reader_thread()
            if proc.poll() is None and self._lost is None:
                try:
                    if not self.shutdown_sent:
                        future = self.request("shutdown")
                        if not on_reader:
                            try:
                                future.result(timeout)
                            except Exception:
                                pass
                    self.notify("exit")
                except Exception:
                    pass
            try:
                with self._write_lock:
                    if proc.stdin is not None:
                        proc.stdin.close()
            except Exception:
                pass
            try:
                proc.wait(timeout)
            except subprocess.TimeoutExpired:
                log.warning("layoutd (pid %d) did not exit within %.1f s; terminating it", proc.pid, timeout)
                proc.terminate()
                try:
                    proc.wait(1.0)
                except subprocess.TimeoutExpired:
                    proc.kill()
                    proc.wait()
            current = threading.current_thread()
            for thread in (self._reader, self._stderr_reader):
                if thread is not current:
                    thread.join(timeout)
            for stream in (proc.stdout, proc.stderr):
                try:
                    if stream is not None:
                        stream.close()
                except Exception:
                    pass
            self._connection_lost(LayoutdConnectionError("the client closed the connection"))
            self._closed = True
            return proc.returncode

    def kill(self) -> None:
        """Kills the process at once (no shutdown); the reader then fails every pending request."""
        if self._proc.poll() is None:
            self._proc.kill()
        self._proc.wait()
