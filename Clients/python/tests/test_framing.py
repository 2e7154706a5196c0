"""Framing and the error table (no daemon needed)."""

from __future__ import annotations

import io
import json
import unittest

import support  # noqa: F401  (puts the package on sys.path)

from layoutd import (ErrorCode, FrameDecoder, FramingError, InvalidParams, LayoutdError, RequestCancelled,
                     encode_message, read_message)
from layoutd import errors


class FramingTests(unittest.TestCase):
    def test_encode_counts_utf8_bytes(self) -> None:
        frame = encode_message({"jsonrpc": "2.0", "method": "x", "params": {"t": "é…"}})
        header, body = frame.split(b"\r\n\r\n", 1)
        self.assertEqual(header, b"Content-Length: %d" % len(body))
        self.assertEqual(json.loads(body.decode("utf-8"))["params"]["t"], "é…")

    def test_read_message_accepts_other_headers_and_case(self) -> None:
        body = b'{"jsonrpc":"2.0","id":1,"result":null}'
        stream = io.BytesIO(b"content-length: %d\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n%s"
                            % (len(body), body) + encode_message({"a": 1}))
        self.assertEqual(read_message(stream), {"jsonrpc": "2.0", "id": 1, "result": None})
        self.assertEqual(read_message(stream), {"a": 1})
        self.assertIsNone(read_message(stream))

    def test_read_message_truncated(self) -> None:
        with self.assertRaises(FramingError):
            read_message(io.BytesIO(b"Content-Length: 10\r\n\r\n{}"))
        with self.assertRaises(FramingError):
            read_message(io.BytesIO(b"Content-Type: x\r\n\r\n{}"))

    def test_decoder_byte_by_byte(self) -> None:
        stream = encode_message({"n": 1}) + encode_message([{"n": 2}, {"n": 3}]) + encode_message({"s": "ü"})
        decoder = FrameDecoder()
        out = []
        for index in range(len(stream)):
            out.extend(decoder.feed(stream[index:index + 1]))
        self.assertEqual(out, [{"n": 1}, [{"n": 2}, {"n": 3}], {"s": "ü"}])
        self.assertEqual(decoder.pending_bytes, 0)

    def test_error_subclasses_by_code(self) -> None:
        expected = {
            -32700: errors.ParseError, -32600: errors.InvalidRequest, -32601: errors.MethodNotFound,
            -32602: errors.InvalidParams, -32603: errors.InternalError, -32002: errors.ServerNotInitialized,
            -32003: errors.UnknownSession, -32004: errors.InvalidUpdate, -32005: errors.LimitExceeded,
            -32800: errors.RequestCancelled,
        }
        self.assertEqual({int(code) for code in ErrorCode}, set(expected))
        for code, cls in expected.items():
            error = LayoutdError.from_response({"code": code, "message": "m", "data": {"k": 1}}, "table/x")
            self.assertIs(type(error), cls)
            self.assertIsInstance(error, LayoutdError)
            self.assertEqual((error.code, error.message, error.data, error.method), (code, "m", {"k": 1}, "table/x"))
            self.assertEqual(error.error_code, ErrorCode(code))
            self.assertEqual(cls.CODE, code)
        unknown = LayoutdError.from_response({"code": -1, "message": "odd"})
        self.assertIs(type(unknown), LayoutdError)
        self.assertIsNone(unknown.error_code)
        self.assertIn("odd", str(InvalidParams(-32602, "odd")))
        self.assertTrue(issubclass(RequestCancelled, LayoutdError))


if __name__ == "__main__":
    unittest.main()
