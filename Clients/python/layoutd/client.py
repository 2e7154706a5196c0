"""The blocking client: :class:`Client` (one daemon process) and :class:`Session` (one table session)."""

from __future__ import annotations

import concurrent.futures
import weakref
from typing import Any, Callable, Dict, Iterator, List, Mapping, Optional, Sequence

from ._core import Connection, Notification
from ._router import Subscription, SyncRouter
from ._spawn import build_argv
from .api import ClientMethods, SessionMethods
from .controllers import (INTERFACE_STATE_CHANGED, NODE_RELEASED, ControllerFactory, NodeController,
                          NodeControllerRegistry)
from .errors import LayoutdError, LayoutdTimeout


def _close_connection(conn: Connection, router: Any, timeout: float) -> Optional[int]:
    """Finalizer shared by ``close()``, garbage collection and interpreter exit: holds no reference to the client."""
    try:
        return conn.close(timeout)
    finally:
        if isinstance(router, SyncRouter):
            router.close()


class PendingRequest:
    """A request sent with :meth:`Client.send_request`: ``id``, ``method``, ``result(timeout)``, ``cancel()``."""

    def __init__(self, client: "Client", future: concurrent.futures.Future) -> None:
        self._client = client
        self.future = future
        self.id = future.request_id  # type: ignore[attr-defined]
        self.method: str = future.method  # type: ignore[attr-defined]

    def done(self) -> bool:
        return self.future.done()

    def result(self, timeout: Optional[float] = None) -> Any:
        """Blocks for the result; raises the typed :class:`LayoutdError`, or :class:`LayoutdTimeout` (after
        sending ``$/cancelRequest``)."""
        return self._client._wait(self.future, timeout)

    def cancel(self) -> None:
        """Sends ``$/cancelRequest`` for this request; a request still queued or waiting answers -32800."""
        self._client.cancel_request(self.id)


class Client(ClientMethods):
    """A layoutd daemon driven over stdio (blocking API).

    ``Client()`` spawns the daemon (see :func:`layoutd.find_binary`), sends ``initialize`` (with
    ``initialization_options``) and ``initialized``. ``close()``, leaving a ``with`` block, dropping the client or
    interpreter exit send ``shutdown`` and ``exit`` and wait for the process (``shutdown_timeout``), killing it if
    it is still there. Each typed method blocks until its response; ``timeout`` (seconds, None = forever) is the
    default for every request.
    """

    def __init__(
        self,
        binary: Optional[str] = None,
        args: Sequence[str] = (),
        env: Optional[Mapping[str, str]] = None,
        initialization_options: Optional[Dict[str, Any]] = None,
        *,
        initialize: bool = True,
        timeout: Optional[float] = None,
        shutdown_timeout: float = 5.0,
        notification_buffer: int = 10000,
        on_stderr: Optional[Callable[[str], None]] = None,
    ) -> None:
        argv = build_argv(binary, args)
        self.timeout = timeout
        self.initialize_result: Optional[Dict[str, Any]] = None
        self._node_controllers: Dict[str, NodeControllerRegistry] = {}
        self._router = SyncRouter(notification_buffer)
        try:
            self._conn = Connection(argv, env, self._router.deliver, on_stderr)
        except BaseException:
            self._router.close()
            raise
        self._finalizer = weakref.finalize(self, _close_connection, self._conn, self._router, shutdown_timeout)
        if initialize:
            try:
                self.initialize(initialization_options)
                self.initialized()
            except BaseException:
                self.close()
                raise

    # ------------------------------------------------------------------------------------- process

    @property
    def pid(self) -> int:
        """The daemon's process id."""
        return self._conn.pid

    @property
    def argv(self) -> List[str]:
        return list(self._conn.argv)

    @property
    def returncode(self) -> Optional[int]:
        """The daemon's exit status, None while it runs."""
        return self._conn.returncode

    @property
    def is_alive(self) -> bool:
        return self._conn.is_alive

    @property
    def closed(self) -> bool:
        return not self._finalizer.alive

    @property
    def stderr_tail(self) -> List[str]:
        """The daemon's last stderr lines (it is drained continuously, so the daemon never blocks on it)."""
        return list(self._conn.stderr_tail)

    @property
    def unmatched_errors(self) -> List[LayoutdError]:
        """Error responses that answer no request (null id), e.g. -32700 for a frame the daemon could not parse."""
        return list(self._conn.unmatched_errors)

    @property
    def server_info(self) -> Optional[Dict[str, Any]]:
        return None if self.initialize_result is None else self.initialize_result.get("serverInfo")

    @property
    def capabilities(self) -> Optional[Dict[str, Any]]:
        return None if self.initialize_result is None else self.initialize_result.get("capabilities")

    def close(self) -> Optional[int]:
        """``shutdown``, ``exit``, wait for the process (killing it after ``shutdown_timeout``); idempotent.
        Returns the exit status."""
        if self._finalizer.alive:
            return self._finalizer()
        return self._conn.returncode

    def __enter__(self) -> "Client":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def __repr__(self) -> str:
        state = "closed" if self.closed else "running"
        return f"<layoutd.Client pid={self.pid} {state}>"

    # ------------------------------------------------------------------------------------- raw JSON-RPC

    def send_request(self, method: str, params: Optional[Dict[str, Any]] = None) -> PendingRequest:
        """Sends a request without waiting; see :class:`PendingRequest`."""
        return PendingRequest(self, self._conn.request(method, params))

    def request(self, method: str, params: Optional[Dict[str, Any]] = None, timeout: Optional[float] = None) -> Any:
        """Sends any request and blocks for its result (``timeout`` defaults to the client's)."""
        return self._wait(self._conn.request(method, params), timeout if timeout is not None else self.timeout)

    def notify(self, method: str, params: Optional[Dict[str, Any]] = None) -> None:
        """Sends any notification."""
        self._conn.notify(method, params)

    def _wait(self, future: concurrent.futures.Future, timeout: Optional[float]) -> Any:
        try:
            result = future.result(timeout)
        except concurrent.futures.TimeoutError:
            request_id = future.request_id  # type: ignore[attr-defined]
            self._conn.forget(request_id)
            try:
                self.cancel_request(request_id)
            except Exception:
                pass
            raise LayoutdTimeout(f"{future.method} (id {request_id}) was not answered within {timeout} s;"  # type: ignore
                                 " sent $/cancelRequest") from None
        except LayoutdError:
            self._router.wait_dispatched(future.notification_seq)  # type: ignore[attr-defined]
            raise
        self._router.wait_dispatched(future.notification_seq)  # type: ignore[attr-defined]
        return result

    def _call(self, method: str, params: Optional[Dict[str, Any]], convert: Optional[Callable[[Any], Any]] = None
              ) -> Any:
        result = self.request(method, params)
        return convert(result) if convert is not None else result

    def _notify(self, method: str, params: Optional[Dict[str, Any]]) -> None:
        self._conn.notify(method, params)

    def _did_initialize(self, result: Any) -> Any:
        self.initialize_result = result
        return result

    def _make_session(self, session_id: str) -> "Session":
        return Session(self, session_id)

    # ------------------------------------------------------------------------------------- notifications

    def on(self, method: str, callback: Callable[[Notification], Any], session_id: Optional[str] = None, *,
           replay: bool = False) -> Subscription:
        """Calls ``callback(notification)`` for every notification of ``method`` (``"*"`` for all), optionally
        only those of one session. Callbacks run in arrival order on a dispatcher thread (they may make
        requests); every notification that arrived before a response has been dispatched when the call that
        waited for that response returns. ``replay=True`` also calls it (first, on the dispatcher) for the
        matching notifications still in the buffer that were dispatched before it was registered — e.g. those
        pushed before the ``session/create`` answer; the replay has run when this returns."""
        if replay:
            return self._router.add_replaying(method, callback, session_id)
        return self._router.handlers.add(method, callback, session_id)

    def next_notification(self, method: Optional[str] = None, timeout: Optional[float] = None,
                          session_id: Optional[str] = None) -> Optional[Notification]:
        """Takes the oldest buffered notification (of ``method``/``session_id`` if given), waiting up to
        ``timeout`` seconds; None if none came. The buffer holds every notification since the client started
        (the oldest are dropped past ``notification_buffer``)."""
        return self._router.next(method, session_id, timeout)

    def notifications(self, timeout: Optional[float] = 1.0, method: Optional[str] = None,
                      session_id: Optional[str] = None) -> Iterator[Notification]:
        """Iterates over buffered and arriving notifications; stops once none arrives within ``timeout`` seconds
        (or the client is closed and the buffer is empty)."""
        while True:
            note = self._router.next(method, session_id, timeout)
            if note is None:
                return
            yield note

    def drain_notifications(self, method: Optional[str] = None, session_id: Optional[str] = None
                            ) -> List[Notification]:
        """Takes every buffered notification (matching the filters) without waiting."""
        return self._router.drain(method, session_id)

    @property
    def dropped_notifications(self) -> int:
        return self._router.dropped


class Session(SessionMethods):
    """One layoutd session (a table). Created by :meth:`Client.create_session`; ``with session:`` disposes it."""

    def __init__(self, client: Client, session_id: str) -> None:
        self.client = client
        self.session_id = session_id

    def _call(self, method: str, params: Optional[Dict[str, Any]], convert: Optional[Callable[[Any], Any]] = None
              ) -> Any:
        full: Dict[str, Any] = {"sessionId": self.session_id}
        full.update(params or {})
        result = self.client._call(method, full, convert)
        if method == "session/dispose":
            self.client._router.handlers.remove_session(self.session_id)
            self.client._node_controllers.pop(self.session_id, None)
        return result

    def on(self, method: str, callback: Callable[[Notification], Any], *, replay: bool = False) -> Subscription:
        """Like :meth:`Client.on`, for this session's notifications only."""
        if replay:
            return self.client.on(method, callback, self.session_id, replay=True)
        return self.client.on(method, callback, self.session_id)

    def next_notification(self, method: Optional[str] = None, timeout: Optional[float] = None
                          ) -> Optional[Notification]:
        return self.client.next_notification(method, timeout, self.session_id)

    def notifications(self, timeout: Optional[float] = 1.0, method: Optional[str] = None) -> Iterator[Notification]:
        return self.client.notifications(timeout, method, self.session_id)

    # ------------------------------------------------------------------------------------- node controllers

    def node_controllers(self, factory: ControllerFactory) -> NodeControllerRegistry:
        """Registers ``factory(row_id) -> NodeController``: each row gets its controller lazily, the first time
        a ``cell/interfaceStateChanged`` names it, and its hooks fire in the order of the notification's
        ``events``; ``cell/nodeReleased`` calls its ``did_release`` and drops it (a reloaded or moved row then gets
        a new controller). Returns the registry (``registry.controllers`` maps row ids to controllers)."""
        registry = NodeControllerRegistry(factory, self)
        previous = self.client._node_controllers.get(self.session_id)
        if previous is not None:
            raise RuntimeError(f"session {self.session_id!r} already has a node-controller factory")
        self.client._node_controllers[self.session_id] = registry
        self.on(INTERFACE_STATE_CHANGED, registry.dispatch)
        self.on(NODE_RELEASED, registry.dispatch)
        return registry

    def node_controller(self, row_id: str, create: bool = True) -> Optional[NodeController]:
        """The controller of a row (created through the factory if ``create``)."""
        registry = self.client._node_controllers.get(self.session_id)
        if registry is None:
            raise RuntimeError("no node-controller factory registered; call node_controllers(factory) first")
        return registry.controller(row_id, create)

    def __enter__(self) -> "Session":
        return self

    def __exit__(self, *exc: Any) -> None:
        if not self.client.closed:
            try:
                self.dispose()
            except LayoutdError:
                pass

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Session) and other.client is self.client and other.session_id == self.session_id

    def __hash__(self) -> int:
        return hash((id(self.client), self.session_id))

    def __repr__(self) -> str:
        return f"<layoutd.Session {self.session_id!r} pid={self.client.pid}>"
