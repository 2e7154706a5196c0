"""Notification routing: callbacks per method (and session), a buffer consumed by iterators, and the
"notifications before the response" guarantee.

Both routers get every notification from the reader thread in arrival order. A *buffer* keeps them for
``next_notification()`` / ``notifications()``; callbacks run in order on a dispatcher (a thread for the blocking
client, a task for the asyncio client), never on the reader thread, so a callback may itself make requests.
After a response arrives, the caller waits until every notification that arrived before it has been dispatched
(skipped when the caller is the dispatcher itself), so a callback has always seen ``table/didCommit`` by the time
``wait_until_all_updates_are_processed()`` returns.
"""

from __future__ import annotations

import asyncio
import collections
import inspect
import logging
import queue
import threading
import time
from typing import Any, Callable, Deque, Dict, List, Optional, Tuple

from ._core import Notification

log = logging.getLogger("layoutd")

Handler = Callable[[Notification], Any]
ANY = "*"


class Subscription:
    """Returned by ``on()``; ``remove()`` (or ``with`` exit) unregisters the callback."""

    def __init__(self, registry: "HandlerRegistry", key: Tuple[str, Optional[str]], handler: Handler) -> None:
        self._registry = registry
        self._key = key
        self.handler = handler

    def remove(self) -> None:
        self._registry.remove(self._key, self.handler)

    def __enter__(self) -> "Subscription":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.remove()


class HandlerRegistry:
    """Callbacks keyed by method (or "*") and optionally a session id; matched in registration order."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._entries: List[Tuple[Tuple[str, Optional[str]], Handler]] = []
        #: seq of the last notification whose handlers were looked up (by the dispatcher)
        self.last_matched_seq = 0

    def add(self, method: str, handler: Handler, session_id: Optional[str] = None) -> Subscription:
        return self.add_tracking(method, handler, session_id)[0]

    def add_tracking(self, method: str, handler: Handler, session_id: Optional[str] = None
                     ) -> Tuple[Subscription, int]:
        """Registers the handler; also returns the seq of the last notification dispatched without it."""
        if not callable(handler):
            raise TypeError("handler must be callable")
        key = (method, session_id)
        with self._lock:
            self._entries.append((key, handler))
            missed_up_to = self.last_matched_seq
        return Subscription(self, key, handler), missed_up_to

    def remove(self, key: Tuple[str, Optional[str]], handler: Handler) -> None:
        with self._lock:
            for index, entry in enumerate(self._entries):
                if entry[0] == key and entry[1] is handler:
                    del self._entries[index]
                    return

    def remove_session(self, session_id: str) -> None:
        with self._lock:
            self._entries = [entry for entry in self._entries if entry[0][1] != session_id]

    def matching(self, note: Notification) -> List[Handler]:
        sid = note.session_id
        with self._lock:
            self.last_matched_seq = max(self.last_matched_seq, note.seq)
            return [handler for (method, session), handler in self._entries
                    if (method == note.method or method == ANY) and (session is None or session == sid)]


def matches(note: Notification, method: Optional[str], session_id: Optional[str]) -> bool:
    return (method is None or note.method == method) and (session_id is None or note.session_id == session_id)


def _handler_matches(note: Notification, method: str, session_id: Optional[str]) -> bool:
    return (method == ANY or note.method == method) and (session_id is None or note.session_id == session_id)


class _Replay:
    """A dispatcher work item: run one handler for notifications it missed (dispatched before it existed)."""

    __slots__ = ("handler", "notes", "done")

    def __init__(self, handler: Handler, notes: List[Notification]) -> None:
        self.handler = handler
        self.notes = notes
        self.done = threading.Event()


# --------------------------------------------------------------------------------------------- blocking


class SyncRouter:
    """Router for the blocking client: a dispatcher thread runs callbacks; a condition guards the buffer."""

    def __init__(self, buffer_size: int = 10000) -> None:
        self.handlers = HandlerRegistry()
        self._buffer: Deque[Notification] = collections.deque(maxlen=buffer_size if buffer_size > 0 else None)
        self.dropped = 0
        self._cond = threading.Condition()
        self._queue: "queue.Queue[Any]" = queue.Queue()
        self._dispatched = 0
        self._dispatched_cond = threading.Condition()
        self._closed = False
        self._thread = threading.Thread(target=self._dispatch_loop, name="layoutd-dispatch", daemon=True)
        self._thread.start()

    # reader thread
    def deliver(self, note: Notification) -> None:
        with self._cond:
            if self._buffer.maxlen is not None and len(self._buffer) == self._buffer.maxlen:
                self.dropped += 1
            self._buffer.append(note)
            self._cond.notify_all()
        self._queue.put(note)

    def _dispatch_loop(self) -> None:
        while True:
            note = self._queue.get()
            if note is None:
                break
            if isinstance(note, _Replay):
                self._replay(note)
                continue
            for handler in self.handlers.matching(note):
                try:
                    handler(note)
                except Exception:
                    log.exception("notification callback %r failed for %s", handler, note.method)
            with self._dispatched_cond:
                self._dispatched = note.seq
                self._dispatched_cond.notify_all()

    def add_replaying(self, method: str, handler: Handler, session_id: Optional[str] = None,
                      timeout: Optional[float] = 30.0) -> Subscription:
        """Registers a handler and, on the dispatcher, runs it for the buffered notifications that match and were
        dispatched before it existed (e.g. pushed before the response that created the session); returns once
        that replay has run (up to ``timeout``)."""
        with self._cond:
            subscription, missed_up_to = self.handlers.add_tracking(method, handler, session_id)
            missed = [note for note in self._buffer
                      if note.seq <= missed_up_to and _handler_matches(note, method, session_id)]
        if missed:
            replay = _Replay(handler, missed)
            if self.on_dispatcher():
                self._replay(replay)
            else:
                self._queue.put(replay)
                replay.done.wait(timeout)
        return subscription

    def _replay(self, replay: _Replay) -> None:
        try:
            for missed in replay.notes:
                try:
                    replay.handler(missed)
                except Exception:
                    log.exception("notification callback %r failed for %s", replay.handler, missed.method)
        finally:
            replay.done.set()

    def on_dispatcher(self) -> bool:
        return threading.current_thread() is self._thread

    def wait_dispatched(self, seq: int, timeout: Optional[float] = 30.0) -> bool:
        """Waits until callbacks have run for every notification numbered up to ``seq``."""
        if seq <= 0 or self.on_dispatcher():
            return True
        with self._dispatched_cond:
            return self._dispatched_cond.wait_for(lambda: self._dispatched >= seq or self._closed, timeout)

    def next(self, method: Optional[str] = None, session_id: Optional[str] = None,
             timeout: Optional[float] = None) -> Optional[Notification]:
        """Removes and returns the oldest buffered notification that matches; None after ``timeout``."""
        deadline = None if timeout is None else time.monotonic() + timeout
        with self._cond:
            while True:
                for note in self._buffer:
                    if matches(note, method, session_id):
                        self._buffer.remove(note)
                        return note
                if self._closed:
                    return None
                remaining = None if deadline is None else deadline - time.monotonic()
                if remaining is not None and remaining <= 0:
                    return None
                self._cond.wait(remaining)

    def drain(self, method: Optional[str] = None, session_id: Optional[str] = None) -> List[Notification]:
        with self._cond:
            taken = [note for note in self._buffer if matches(note, method, session_id)]
            for note in taken:
                self._buffer.remove(note)
            return taken

    def close(self) -> None:
        with self._cond:
            self._closed = True
            self._cond.notify_all()
        with self._dispatched_cond:
            self._dispatched_cond.notify_all()
        self._queue.put(None)
        if not self.on_dispatcher():
            self._thread.join(5.0)


# --------------------------------------------------------------------------------------------- asyncio


class AsyncRouter:
    """Router for the asyncio client: notifications hop onto the loop in arrival order (``call_soon_threadsafe``,
    before the response that follows them); a dispatcher task runs callbacks in order and awaits the ones that
    return awaitables, so async callbacks (and node-controller hooks) run one after the other."""

    def __init__(self, loop: asyncio.AbstractEventLoop, buffer_size: int = 10000) -> None:
        self.loop = loop
        self.handlers = HandlerRegistry()
        self._buffer: Deque[Notification] = collections.deque(maxlen=buffer_size if buffer_size > 0 else None)
        self.dropped = 0
        self._changed = asyncio.Event()
        self._queue: "asyncio.Queue[Any]" = asyncio.Queue()
        self._dispatched = 0
        self._dispatched_changed = asyncio.Event()
        self._closed = False
        self._task = loop.create_task(self._dispatch_loop())

    # reader thread
    def deliver(self, note: Notification) -> None:
        try:
            self.loop.call_soon_threadsafe(self._deliver_on_loop, note)
        except RuntimeError:  # the loop is closed: nobody is listening any more
            pass

    def _deliver_on_loop(self, note: Notification) -> None:
        if self._buffer.maxlen is not None and len(self._buffer) == self._buffer.maxlen:
            self.dropped += 1
        self._buffer.append(note)
        self._changed.set()
        self._queue.put_nowait(note)

    async def _dispatch_loop(self) -> None:
        while True:
            note = await self._queue.get()
            if note is None:
                break
            if isinstance(note, _Replay):
                for missed in note.notes:
                    try:
                        result = note.handler(missed)
                        if inspect.isawaitable(result):
                            await result
                    except asyncio.CancelledError:
                        raise
                    except Exception:
                        log.exception("notification callback %r failed for %s", note.handler, missed.method)
                continue
            for handler in self.handlers.matching(note):
                try:
                    result = handler(note)
                    if inspect.isawaitable(result):
                        await result
                except asyncio.CancelledError:
                    raise
                except Exception:
                    log.exception("notification callback %r failed for %s", handler, note.method)
            self._dispatched = note.seq
            self._dispatched_changed.set()

    def add_replaying(self, method: str, handler: Handler, session_id: Optional[str] = None) -> Subscription:
        """As :meth:`SyncRouter.add_replaying` (call it on the loop); the replay runs on the dispatcher task, after
        the notifications already queued, without being waited for."""
        subscription, missed_up_to = self.handlers.add_tracking(method, handler, session_id)
        missed = [note for note in self._buffer
                  if note.seq <= missed_up_to and _handler_matches(note, method, session_id)]
        if missed:
            self._queue.put_nowait(_Replay(handler, missed))
        return subscription

    def on_dispatcher(self) -> bool:
        try:
            return asyncio.current_task() is self._task
        except RuntimeError:
            return False

    async def wait_dispatched(self, seq: int) -> None:
        if seq <= 0 or self.on_dispatcher():
            return
        while self._dispatched < seq and not self._closed and not self._task.done():
            self._dispatched_changed.clear()
            await self._dispatched_changed.wait()

    async def next(self, method: Optional[str] = None, session_id: Optional[str] = None,
                   timeout: Optional[float] = None) -> Optional[Notification]:
        deadline = None if timeout is None else self.loop.time() + timeout
        while True:
            for note in self._buffer:
                if matches(note, method, session_id):
                    self._buffer.remove(note)
                    return note
            if self._closed:
                return None
            remaining = None if deadline is None else deadline - self.loop.time()
            if remaining is not None and remaining <= 0:
                return None
            self._changed.clear()
            try:
                await asyncio.wait_for(self._changed.wait(), remaining)
            except asyncio.TimeoutError:
                return None

    def drain(self, method: Optional[str] = None, session_id: Optional[str] = None) -> List[Notification]:
        taken = [note for note in self._buffer if matches(note, method, session_id)]
        for note in taken:
            self._buffer.remove(note)
        return taken

    async def close(self) -> None:
        self._closed = True
        self._changed.set()
        self._dispatched_changed.set()
        self._queue.put_nowait(None)
        if not self.on_dispatcher():
            try:
                await asyncio.wait_for(asyncio.shield(self._task), 5.0)
            except (asyncio.TimeoutError, asyncio.CancelledError):
                self._task.cancel()
