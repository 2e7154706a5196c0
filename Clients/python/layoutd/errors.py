"""Exceptions raised by the layoutd client (Protocol.md, "Errors")."""

from __future__ import annotations

import enum
from typing import Any, Dict, Optional, Type


class ErrorCode(enum.IntEnum):
    """The JSON-RPC error codes layoutd answers with (Protocol.md, "Errors")."""

    PARSE_ERROR = -32700
    INVALID_REQUEST = -32600
    METHOD_NOT_FOUND = -32601
    INVALID_PARAMS = -32602
    INTERNAL_ERROR = -32603
    SERVER_NOT_INITIALIZED = -32002
    UNKNOWN_SESSION = -32003
    INVALID_UPDATE = -32004
    LIMIT_EXCEEDED = -32005
    REQUEST_CANCELLED = -32800


class LayoutdError(Exception):
    """An error response from layoutd: ``code``, ``message`` (part of the contract) and optional ``data``.

    ``LayoutdError.from_response(obj)`` returns the subclass matching the code, so callers can catch
    e.g. :class:`InvalidParams` or test ``err.code == ErrorCode.INVALID_PARAMS``.
    """

    #: the code this subclass stands for (None on the base class)
    CODE: Optional[ErrorCode] = None

    def __init__(self, code: int, message: str, data: Any = None, method: Optional[str] = None) -> None:
        super().__init__(code, message, data)
        self.code = int(code)
        self.message = message
        self.data = data
        self.method = method

    @property
    def error_code(self) -> Optional[ErrorCode]:
        """The code as an :class:`ErrorCode`, or None for a code this client does not know."""
        try:
            return ErrorCode(self.code)
        except ValueError:
            return None

    def __str__(self) -> str:
        where = f"{self.method}: " if self.method else ""
        return f"{where}{self.message} ({self.code})"

    def __repr__(self) -> str:
        return f"{type(self).__name__}(code={self.code}, message={self.message!r}, data={self.data!r})"

    @staticmethod
    def from_response(error: Dict[str, Any], method: Optional[str] = None) -> "LayoutdError":
        """Builds the typed exception for a JSON-RPC error object ``{code, message, data?}``."""
        code = error.get("code", ErrorCode.INTERNAL_ERROR) if isinstance(error, dict) else ErrorCode.INTERNAL_ERROR
        message = error.get("message", "") if isinstance(error, dict) else str(error)
        data = error.get("data") if isinstance(error, dict) else None
        if not isinstance(code, int) or isinstance(code, bool):
            code = int(ErrorCode.INTERNAL_ERROR)
        cls = _BY_CODE.get(code, LayoutdError)
        return cls(code, str(message), data, method)


class ParseError(LayoutdError):
    """-32700: the daemon could not parse a message."""

    CODE = ErrorCode.PARSE_ERROR


class InvalidRequest(LayoutdError):
    """-32600: e.g. ``server is already initialized``, ``server is shutting down``."""

    CODE = ErrorCode.INVALID_REQUEST


class MethodNotFound(LayoutdError):
    """-32601: ``method not found: NAME``."""

    CODE = ErrorCode.METHOD_NOT_FOUND


class InvalidParams(LayoutdError):
    """-32602: a wrong, missing or out-of-range member, a bad cell spec, or a ROW that names no row."""

    CODE = ErrorCode.INVALID_PARAMS


class InternalError(LayoutdError):
    """-32603: e.g. a cell that cannot be laid out when a query needs its layout."""

    CODE = ErrorCode.INTERNAL_ERROR


class ServerNotInitialized(LayoutdError):
    """-32002: a request before ``initialize``."""

    CODE = ErrorCode.SERVER_NOT_INITIALIZED


class UnknownSession(LayoutdError):
    """-32003: ``unknown session "ID"``."""

    CODE = ErrorCode.UNKNOWN_SESSION


class InvalidUpdate(LayoutdError):
    """-32004: an edit or batch update invalid as a whole (nothing changed)."""

    CODE = ErrorCode.INVALID_UPDATE


class LimitExceeded(LayoutdError):
    """-32005: a limit (maxSessions, maxRowsPerSession) would be exceeded (nothing changed)."""

    CODE = ErrorCode.LIMIT_EXCEEDED


class RequestCancelled(LayoutdError):
    """-32800: ``request cancelled`` (by ``$/cancelRequest``)."""

    CODE = ErrorCode.REQUEST_CANCELLED


_BY_CODE: Dict[int, Type[LayoutdError]] = {
    int(cls.CODE): cls
    for cls in (ParseError, InvalidRequest, MethodNotFound, InvalidParams, InternalError,
                ServerNotInitialized, UnknownSession, InvalidUpdate, LimitExceeded, RequestCancelled)
    if cls.CODE is not None
}


class LayoutdConnectionError(ConnectionError):
    """The daemon's process ended (or its pipes closed) before a request was answered."""


class LayoutdTimeout(TimeoutError):
    """A request was not answered in time; the client sent ``$/cancelRequest`` for it."""


class BinaryNotFound(FileNotFoundError):
    """No layoutd binary was found; ``tried`` lists every path (or PATH lookup) that was tried."""

    def __init__(self, tried: "list[str]") -> None:
        self.tried = list(tried)
        lines = "\n  ".join(self.tried)
        super().__init__(
            "layoutd binary not found; build it with `swift build -c release` or set LAYOUTD_BINARY. Tried:\n  "
            + lines
        )
