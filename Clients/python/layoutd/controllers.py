"""Node controllers (Texture's ``ASNodeController``): one object per row that hears the row's
interface-state changes and can ask for the row to be laid out again.

The daemon reports interface states with ``cell/interfaceStateChanged`` {sessionId, rowId, indexPath?,
oldState: [name], newState: [name], events: [event]} (state names ``measureLayout``, ``preload``, ``display``,
``visible``; events such as ``didEnterPreload``/``didExitVisible`` in Texture's firing order). A
:class:`NodeControllerRegistry` creates a controller lazily (through the factory registered with
``session.node_controllers(factory)``) the first time a row is reported, updates its state, fires its hooks in
the order of ``events`` and then ``interface_state_did_change(new, old)``, as Texture's
``applyPendingInterfaceState`` does (preload, then display, then visible).

A commit that ends a row's cell node (the row is deleted, reloaded or moved, or ``reloadData`` replaces it) pushes
``cell/nodeReleased`` {sessionId, rowId, state} after the node's Visible exit: the registry then calls the row's
controller's :meth:`NodeController.did_release` and drops it, so the row's next interface-state change (a reloaded
or moved row's new node) creates a fresh controller, as Texture creates a new node (and node controller) for it.
"""

from __future__ import annotations

import inspect
import logging
from typing import Any, Callable, Dict, FrozenSet, Iterator, List, Optional

from ._core import Notification

log = logging.getLogger("layoutd")

INTERFACE_STATE_CHANGED = "cell/interfaceStateChanged"
NODE_RELEASED = "cell/nodeReleased"

#: interface-state names, in Texture's bit order (ASInterfaceState)
STATES = ("measureLayout", "preload", "display", "visible")

#: event name -> NodeController hook
EVENT_HOOKS: Dict[str, str] = {
    "didEnterPreload": "did_enter_preload_state",
    "didExitPreload": "did_exit_preload_state",
    "didEnterDisplay": "did_enter_display_state",
    "didExitDisplay": "did_exit_display_state",
    "didEnterVisible": "did_enter_visible_state",
    "didExitVisible": "did_exit_visible_state",
}


class NodeController:
    """Base class for a row's controller. Override the hooks you need (calling super is not required).

    With the asyncio client the hooks may be ``async def``; they are awaited one after the other, in order.
    """

    def __init__(self, row_id: Optional[str] = None, session: Any = None) -> None:
        self.row_id: Optional[str] = row_id
        self.session: Any = session
        #: current interface state (names from :data:`STATES`)
        self.interface_state: FrozenSet[str] = frozenset()
        #: last index path reported for the row (pending state), if any
        self.index_path: Optional[List[int]] = None
        #: True once the row's node was released (``cell/nodeReleased``); the registry no longer holds it
        self.released: bool = False

    # ------------------------------------------------------------------------------------- state helpers

    @property
    def is_in_preload_state(self) -> bool:
        return "preload" in self.interface_state

    @property
    def is_in_display_state(self) -> bool:
        return "display" in self.interface_state

    @property
    def is_visible(self) -> bool:
        return "visible" in self.interface_state

    # ------------------------------------------------------------------------------------- hooks

    def did_enter_preload_state(self) -> Any:
        """The row entered the preload range: fetch its data, then call :meth:`set_needs_layout`."""

    def did_exit_preload_state(self) -> Any:
        """The row left the preload range."""

    def did_enter_display_state(self) -> Any:
        """The row entered the display range."""

    def did_exit_display_state(self) -> Any:
        """The row left the display range."""

    def did_enter_visible_state(self) -> Any:
        """The row is on screen."""

    def did_exit_visible_state(self) -> Any:
        """The row left the screen."""

    def interface_state_did_change(self, new_state: FrozenSet[str], old_state: FrozenSet[str]) -> Any:
        """Called after the enter/exit hooks of every change (Texture's ``interfaceStateDidChange:fromState:``)."""

    def did_release(self) -> Any:
        """The row's node was released by a commit (``cell/nodeReleased``: the row was deleted, reloaded or moved,
        or ``reloadData`` replaced it): release what the controller holds. It heard the node's Visible exit before;
        its preload and display states go with the node, without exit hooks, as in Texture. The controller is no
        longer the row's (:attr:`released` is True): a reloaded or moved row gets a new controller."""

    # ------------------------------------------------------------------------------------- actions

    def set_needs_layout(self, cell: Optional[Dict[str, Any]] = None, element: Optional[str] = None,
                         spec: Optional[Dict[str, Any]] = None) -> Any:
        """Lays the row out again (``cell/setNeedsLayout``), with ``cell`` as its new content, or with the element
        whose id is ``element`` replaced by ``spec``. Returns the session method's result (an awaitable with the
        asyncio client)."""
        if self.session is None or self.row_id is None:
            raise RuntimeError("this controller is not attached to a session row")
        if self.released:
            raise RuntimeError(f"the node of row {self.row_id!r} was released; this controller no longer lays it out")
        return self.session.set_needs_layout(self.row_id, cell=cell, element=element, spec=spec)

    def __repr__(self) -> str:
        state = ",".join(name for name in STATES if name in self.interface_state)
        released = " released" if self.released else ""
        return f"<{type(self).__name__} row={self.row_id!r} state={state or 'none'}{released}>"


ControllerFactory = Callable[[str], NodeController]


def _state_set(value: Any) -> FrozenSet[str]:
    if isinstance(value, (list, tuple)):
        return frozenset(name for name in value if isinstance(name, str))
    return frozenset()


_LIVE = frozenset({"preload", "display", "visible"})


class NodeControllerRegistry:
    """The controllers of one session's rows, created lazily by ``factory(row_id)``.

    ``steps(notification)`` yields the hook calls one notification causes, in order; ``dispatch(notification)``
    runs them (blocking client) and ``dispatch_async(notification)`` awaits the awaitable ones (asyncio client).
    ``cell/nodeReleased`` ends a row's controller: after the exit hooks the daemon delivered before it, the
    controller's ``did_release`` runs and the registry drops it; the row's next news creates a new one."""

    def __init__(self, factory: ControllerFactory, session: Any = None) -> None:
        self.factory = factory
        self.session = session
        self.controllers: Dict[str, NodeController] = {}

    def controller(self, row_id: str, create: bool = True) -> Optional[NodeController]:
        """The row's controller; created through the factory when ``create`` and there is none yet."""
        found = self.controllers.get(row_id)
        if found is None and create:
            found = self.factory(row_id)
            if not isinstance(found, NodeController):
                raise TypeError(f"the node-controller factory returned {type(found).__name__}, not a NodeController")
            if found.row_id is None:
                found.row_id = row_id
            if found.session is None:
                found.session = self.session
            self.controllers[row_id] = found
        return found

    def steps(self, note: Notification) -> Iterator[Callable[[], Any]]:
        params = note.params
        if note.method not in (INTERFACE_STATE_CHANGED, NODE_RELEASED):
            return
        row_id = params.get("rowId")
        if not isinstance(row_id, str):
            log.warning("%s without a rowId: %r", note.method, params)
            return
        if note.method == NODE_RELEASED:
            released = self.controllers.pop(row_id, None)
            if released is None:
                return  # the node never entered a range: no controller to release
            released.interface_state = _state_set(params.get("state"))
            released.released = True
            yield released.did_release
            return
        new_state = _state_set(params.get("newState"))
        old_state = _state_set(params.get("oldState"))
        events = params.get("events")
        events = [event for event in events if isinstance(event, str)] if isinstance(events, list) else []
        controller = self.controllers.get(row_id)
        if controller is None:
            if not (new_state & _LIVE) and not any(event.startswith("didEnter") for event in events):
                return  # nothing entered (e.g. exits of a row that entered before the factory): none to create
            controller = self.controller(row_id)
            assert controller is not None
        index_path = params.get("indexPath")
        if isinstance(index_path, list):
            controller.index_path = index_path
        controller.interface_state = new_state
        for event in events:
            hook = EVENT_HOOKS.get(event)
            if hook is None:
                log.debug("ignoring unknown interface-state event %r", event)
                continue
            yield getattr(controller, hook)
        yield lambda: controller.interface_state_did_change(new_state, old_state)

    def dispatch(self, note: Notification) -> None:
        for step in self.steps(note):
            step()

    async def dispatch_async(self, note: Notification) -> None:
        for step in self.steps(note):
            result = step()
            if inspect.isawaitable(result):
                await result
