"""The asyncio client: :class:`AsyncClient` and :class:`AsyncSession`.

Same connection, framing and typed methods as the blocking client (:mod:`layoutd._core`, :mod:`layoutd.api`);
responses and notifications hop onto the event loop in arrival order.

    async with layoutd.AsyncClient() as client:
        session = await client.create_session(320, 480)
        await session.insert_rows([{"id": "a", "cell": {"type": "node", "style": {"height": 44}}}])
        await session.wait_until_all_updates_are_processed()
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import weakref
from typing import Any, AsyncIterator, Callable, Dict, List, Mapping, Optional, Sequence

from ._core import Connection, Notification
from ._router import AsyncRouter, Subscription
from ._spawn import build_argv
from .api import ClientMethods, SessionMethods
from .controllers import (INTERFACE_STATE_CHANGED, NODE_RELEASED, ControllerFactory, NodeController,
                          NodeControllerRegistry)
from .errors import LayoutdConnectionError, LayoutdError, LayoutdTimeout


def _close_connection(conn: Connection, timeout: float) -> Optional[int]:
    return conn.close(timeout)


class AsyncClient(ClientMethods):
    """A layoutd daemon driven from asyncio. ``async with AsyncClient(...) as client`` (or ``await
    client.start()`` / ``await client.aclose()``) spawns it, initializes it, and shuts it down; the same
    finalizer as :class:`layoutd.Client` shuts it down if the client is dropped or the interpreter exits.
    Every typed method returns an awaitable."""

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
        self._argv = build_argv(binary, args)  # fails early (BinaryNotFound) before anything is spawned
        self._env = env
        self._initialization_options = initialization_options
        self._auto_initialize = initialize
        self.timeout = timeout
        self._shutdown_timeout = shutdown_timeout
        self._buffer_size = notification_buffer
        self._on_stderr = on_stderr
        self._conn: Optional[Connection] = None
        self._router: Optional[AsyncRouter] = None
        self._finalizer: Optional[weakref.finalize] = None
        self.initialize_result: Optional[Dict[str, Any]] = None
        self._node_controllers: Dict[str, NodeControllerRegistry] = {}

    @classmethod
    async def create(cls, *args: Any, **kwargs: Any) -> "AsyncClient":
        """``await AsyncClient.create(...)``: constructs and starts a client."""
        return await cls(*args, **kwargs).start()

    async def start(self) -> "AsyncClient":
        """Spawns the daemon and (unless ``initialize=False``) sends ``initialize`` and ``initialized``."""
        if self._conn is not None:
            return self
        loop = asyncio.get_running_loop()
        self._router = AsyncRouter(loop, self._buffer_size)
        self._conn = Connection(self._argv, self._env, self._router.deliver, self._on_stderr)
        self._finalizer = weakref.finalize(self, _close_connection, self._conn, self._shutdown_timeout)
        if self._auto_initialize:
            try:
                await self.initialize(self._initialization_options)
                await self.initialized()
            except BaseException:
                await self.aclose()
                raise
        return self

    async def aclose(self) -> Optional[int]:
        """``shutdown``, ``exit``, wait for the process (off the loop), kill it if needed. Idempotent."""
        if self._conn is None:
            return None
        if self._finalizer is not None and self._finalizer.alive:
            await asyncio.get_running_loop().run_in_executor(None, self._finalizer)
        if self._router is not None:
            await self._router.close()
        return self._conn.returncode

    async def __aenter__(self) -> "AsyncClient":
        return await self.start()

    async def __aexit__(self, *exc: Any) -> None:
        await self.aclose()

    # ------------------------------------------------------------------------------------- process

    def _connection(self) -> Connection:
        if self._conn is None:
            raise LayoutdConnectionError("the AsyncClient is not started; use `async with` or `await start()`")
        return self._conn

    @property
    def pid(self) -> Optional[int]:
        return None if self._conn is None else self._conn.pid

    @property
    def returncode(self) -> Optional[int]:
        return None if self._conn is None else self._conn.returncode

    @property
    def is_alive(self) -> bool:
        return self._conn is not None and self._conn.is_alive

    @property
    def closed(self) -> bool:
        return self._finalizer is not None and not self._finalizer.alive

    @property
    def stderr_tail(self) -> List[str]:
        return [] if self._conn is None else list(self._conn.stderr_tail)

    @property
    def server_info(self) -> Optional[Dict[str, Any]]:
        return None if self.initialize_result is None else self.initialize_result.get("serverInfo")

    @property
    def capabilities(self) -> Optional[Dict[str, Any]]:
        return None if self.initialize_result is None else self.initialize_result.get("capabilities")

    def __repr__(self) -> str:
        return f"<layoutd.AsyncClient pid={self.pid}>"

    # ------------------------------------------------------------------------------------- raw JSON-RPC

    async def request(self, method: str, params: Optional[Dict[str, Any]] = None,
                      timeout: Optional[float] = None) -> Any:
        """Sends any request and awaits its result. On ``timeout`` (or when the awaiting task is cancelled) the
        client sends ``$/cancelRequest`` for it."""
        conn = self._connection()
        future = conn.request(method, params)
        request_id = future.request_id  # type: ignore[attr-defined]
        timeout = timeout if timeout is not None else self.timeout
        waiter = asyncio.wrap_future(future)
        try:
            result = await (waiter if timeout is None else asyncio.wait_for(waiter, timeout))
        except asyncio.TimeoutError:
            self._abandon(conn, request_id)
            raise LayoutdTimeout(f"{method} (id {request_id}) was not answered within {timeout} s;"
                                 " sent $/cancelRequest") from None
        except asyncio.CancelledError:
            self._abandon(conn, request_id)
            raise
        except LayoutdError:
            await self._router_wait(future)
            raise
        await self._router_wait(future)
        return result

    async def _router_wait(self, future: concurrent.futures.Future) -> None:
        assert self._router is not None
        await self._router.wait_dispatched(future.notification_seq)  # type: ignore[attr-defined]

    def _abandon(self, conn: Connection, request_id: Any) -> None:
        conn.forget(request_id)
        try:
            conn.notify("$/cancelRequest", {"id": request_id})
        except Exception:
            pass

    def notify(self, method: str, params: Optional[Dict[str, Any]] = None) -> None:
        """Sends any notification (written at once)."""
        self._connection().notify(method, params)

    async def _call_async(self, method: str, params: Optional[Dict[str, Any]],
                          convert: Optional[Callable[[Any], Any]]) -> Any:
        result = await self.request(method, params)
        return convert(result) if convert is not None else result

    def _call(self, method: str, params: Optional[Dict[str, Any]], convert: Optional[Callable[[Any], Any]] = None
              ) -> Any:
        return self._call_async(method, params, convert)

    def _notify(self, method: str, params: Optional[Dict[str, Any]]) -> "asyncio.Future[None]":
        # Written at once; the returned future is already done, so awaiting it is optional.
        self._connection().notify(method, params)
        done: "asyncio.Future[None]" = asyncio.get_running_loop().create_future()
        done.set_result(None)
        return done

    def _did_initialize(self, result: Any) -> Any:
        self.initialize_result = result
        return result

    def _make_session(self, session_id: str) -> "AsyncSession":
        return AsyncSession(self, session_id)

    # ------------------------------------------------------------------------------------- notifications

    def _routing(self) -> AsyncRouter:
        if self._router is None:
            raise LayoutdConnectionError("the AsyncClient is not started")
        return self._router

    def on(self, method: str, callback: Callable[[Notification], Any], session_id: Optional[str] = None, *,
           replay: bool = False) -> Subscription:
        """Calls ``callback(notification)`` (a function or a coroutine function, awaited in order) for every
        notification of ``method`` (``"*"`` for all) on the loop; ``replay`` as in :meth:`layoutd.Client.on`."""
        if replay:
            return self._routing().add_replaying(method, callback, session_id)
        return self._routing().handlers.add(method, callback, session_id)

    async def next_notification(self, method: Optional[str] = None, timeout: Optional[float] = None,
                                session_id: Optional[str] = None) -> Optional[Notification]:
        """Takes the oldest buffered notification that matches, waiting up to ``timeout``; None if none came."""
        return await self._routing().next(method, session_id, timeout)

    async def notifications(self, timeout: Optional[float] = 1.0, method: Optional[str] = None,
                            session_id: Optional[str] = None) -> AsyncIterator[Notification]:
        """``async for note in client.notifications(timeout=...)``: stops once none arrives within ``timeout``."""
        router = self._routing()
        while True:
            note = await router.next(method, session_id, timeout)
            if note is None:
                return
            yield note

    def drain_notifications(self, method: Optional[str] = None, session_id: Optional[str] = None
                            ) -> List[Notification]:
        return self._routing().drain(method, session_id)


class AsyncSession(SessionMethods):
    """One session of an :class:`AsyncClient`; every typed method returns an awaitable.
    ``async with session:`` disposes it on exit."""

    def __init__(self, client: AsyncClient, session_id: str) -> None:
        self.client = client
        self.session_id = session_id

    async def _call_async(self, method: str, params: Dict[str, Any],
                          convert: Optional[Callable[[Any], Any]]) -> Any:
        result = await self.client._call_async(method, params, convert)
        if method == "session/dispose":
            self.client._routing().handlers.remove_session(self.session_id)
            self.client._node_controllers.pop(self.session_id, None)
        return result

    def _call(self, method: str, params: Optional[Dict[str, Any]], convert: Optional[Callable[[Any], Any]] = None
              ) -> Any:
        full: Dict[str, Any] = {"sessionId": self.session_id}
        full.update(params or {})
        return self._call_async(method, full, convert)

    def on(self, method: str, callback: Callable[[Notification], Any], *, replay: bool = False) -> Subscription:
        if replay:
            return self.client.on(method, callback, self.session_id, replay=True)
        return self.client.on(method, callback, self.session_id)

    async def next_notification(self, method: Optional[str] = None, timeout: Optional[float] = None
                                ) -> Optional[Notification]:
        return await self.client.next_notification(method, timeout, self.session_id)

    def notifications(self, timeout: Optional[float] = 1.0, method: Optional[str] = None
                      ) -> AsyncIterator[Notification]:
        return self.client.notifications(timeout, method, self.session_id)

    def node_controllers(self, factory: ControllerFactory) -> NodeControllerRegistry:
        """As :meth:`layoutd.Session.node_controllers`; hooks may be coroutine functions (awaited in order)."""
        if self.session_id in self.client._node_controllers:
            raise RuntimeError(f"session {self.session_id!r} already has a node-controller factory")
        registry = NodeControllerRegistry(factory, self)
        self.client._node_controllers[self.session_id] = registry
        self.on(INTERFACE_STATE_CHANGED, registry.dispatch_async)
        self.on(NODE_RELEASED, registry.dispatch_async)
        return registry

    def node_controller(self, row_id: str, create: bool = True) -> Optional[NodeController]:
        registry = self.client._node_controllers.get(self.session_id)
        if registry is None:
            raise RuntimeError("no node-controller factory registered; call node_controllers(factory) first")
        return registry.controller(row_id, create)

    async def __aenter__(self) -> "AsyncSession":
        return self

    async def __aexit__(self, *exc: Any) -> None:
        if not self.client.closed:
            try:
                await self.dispose()
            except LayoutdError:
                pass

    def __repr__(self) -> str:
        return f"<layoutd.AsyncSession {self.session_id!r} pid={self.client.pid}>"
