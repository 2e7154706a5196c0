"""LSP base-protocol framing: ``Content-Length: N\\r\\n\\r\\n`` + N bytes of UTF-8 JSON.

Shared by the blocking and the asyncio client: :func:`encode_message` builds a frame,
:class:`FrameDecoder` turns a byte stream (fed in chunks) into decoded JSON messages, and
:func:`read_message` reads one message from a blocking binary stream.
"""

from __future__ import annotations

import json
from typing import IO, Any, Iterator, List, Optional


class FramingError(ValueError):
    """The byte stream is not valid LSP framing or JSON."""


def encode_message(message: Any) -> bytes:
    """Serializes one JSON-RPC message (or batch) into a frame."""
    body = json.dumps(message, ensure_ascii=False, separators=(",", ":"), allow_nan=False).encode("utf-8")
    return b"Content-Length: " + str(len(body)).encode("ascii") + b"\r\n\r\n" + body


def _content_length(header_lines: List[bytes]) -> int:
    length: Optional[int] = None
    for line in header_lines:
        name, sep, value = line.partition(b":")
        if not sep:
            raise FramingError(f"malformed header line {line!r}")
        if name.strip().lower() == b"content-length":
            try:
                length = int(value.strip())
            except ValueError:
                raise FramingError(f"bad Content-Length {value.strip()!r}") from None
            if length < 0:
                raise FramingError(f"negative Content-Length {length}")
    if length is None:
        raise FramingError("frame without Content-Length")
    return length


def decode_body(body: bytes) -> Any:
    try:
        return json.loads(body.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as error:
        raise FramingError(f"invalid JSON body: {error}") from None


def read_message(stream: IO[bytes]) -> Optional[Any]:
    """Reads one framed message from a blocking binary stream; None at a clean end of input."""
    headers: List[bytes] = []
    while True:
        line = stream.readline()
        if not line:
            if headers:
                raise FramingError("end of input inside a header")
            return None
        line = line.rstrip(b"\r\n")
        if not line:
            if not headers:
                continue  # tolerate stray blank lines between frames
            break
        headers.append(line)
    length = _content_length(headers)
    body = stream.read(length)
    if body is None or len(body) < length:
        raise FramingError(f"end of input inside a body ({0 if body is None else len(body)} of {length} bytes)")
    return decode_body(body)


class FrameDecoder:
    """Incremental decoder: ``feed(chunk)`` returns every message completed by the chunk."""

    def __init__(self) -> None:
        self._buffer = bytearray()
        self._length: Optional[int] = None

    def feed(self, data: bytes) -> List[Any]:
        self._buffer += data
        return list(self._drain())

    def _drain(self) -> Iterator[Any]:
        while True:
            if self._length is None:
                end = self._buffer.find(b"\r\n\r\n")
                if end < 0:
                    return
                header = bytes(self._buffer[:end])
                del self._buffer[: end + 4]
                lines = [line for line in header.split(b"\r\n") if line.strip()]
                if not lines:
                    continue
                self._length = _content_length(lines)
            if len(self._buffer) < self._length:
                return
            body = bytes(self._buffer[: self._length])
            del self._buffer[: self._length]
            self._length = None
            yield decode_body(body)

    @property
    def pending_bytes(self) -> int:
        return len(self._buffer)
