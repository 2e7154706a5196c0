"""Python client for layoutd, a headless Texture (AsyncDisplayKit)-style layout daemon.

Blocking::

    with layoutd.Client() as client:
        session = client.create_session(320, 480)
        session.insert_rows([{"id": "a", "cell": {"type": "node", "style": {"height": 44}}}])
        session.wait_until_all_updates_are_processed()
        print(session.row_frame("a"))

asyncio: :class:`AsyncClient` / :class:`AsyncSession` with the same methods, awaited.
The wire protocol is the repository's Protocol.md; :data:`layoutd.protocol.METHODS` maps methods to it.
"""

from __future__ import annotations

from . import ops
from ._core import Notification
from ._router import Subscription
from ._spawn import find_binary
from .aio import AsyncClient, AsyncSession
from .api import BatchFetchContext
from .client import Client, PendingRequest, Session
from .controllers import EVENT_HOOKS, STATES, NodeController, NodeControllerRegistry
from .errors import (BinaryNotFound, ErrorCode, InternalError, InvalidParams, InvalidRequest, InvalidUpdate,
                     LayoutdConnectionError, LayoutdError, LayoutdTimeout, LimitExceeded, MethodNotFound, ParseError,
                     RequestCancelled, ServerNotInitialized, UnknownSession)
from .framing import FrameDecoder, FramingError, encode_message, read_message
from .protocol import METHODS, NOTIFICATIONS

__version__ = "0.1.0"

__all__ = [
    "AsyncClient", "AsyncSession", "BatchFetchContext", "BinaryNotFound", "Client", "EVENT_HOOKS", "ErrorCode", "FrameDecoder",
    "FramingError", "InternalError", "InvalidParams", "InvalidRequest", "InvalidUpdate", "LayoutdConnectionError",
    "LayoutdError", "LayoutdTimeout", "LimitExceeded", "METHODS", "MethodNotFound", "NOTIFICATIONS",
    "NodeController", "NodeControllerRegistry", "Notification", "ParseError", "PendingRequest", "RequestCancelled",
    "STATES", "ServerNotInitialized", "Session", "Subscription", "UnknownSession", "encode_message", "find_binary",
    "ops", "read_message",
]
