"""Finding the binary (no daemon needed)."""

from __future__ import annotations

import os
import unittest
from unittest import mock

import support

import layoutd
from layoutd import _spawn


class FindBinaryTests(unittest.TestCase):
    def test_layoutd_binary_env_wins_and_is_never_silently_ignored(self) -> None:
        with mock.patch.dict(os.environ, {"LAYOUTD_BINARY": "/nowhere/layoutd"}):
            with self.assertRaises(layoutd.BinaryNotFound) as caught:
                layoutd.find_binary()
            self.assertIn("/nowhere/layoutd", str(caught.exception))
            with self.assertRaises(layoutd.BinaryNotFound):
                layoutd.Client()
        with mock.patch.dict(os.environ, {"LAYOUTD_BINARY": "/bin/sh"}):
            self.assertEqual(layoutd.find_binary(), "/bin/sh")

    def test_search_order_and_message(self) -> None:
        env = {key: value for key, value in os.environ.items() if key != "LAYOUTD_BINARY"}
        env["PATH"] = "/nonexistent-bin"
        with mock.patch.dict(os.environ, env, clear=True), \
                mock.patch.object(_spawn, "_is_executable", lambda path: False):
            with self.assertRaises(layoutd.BinaryNotFound) as caught:
                layoutd.find_binary()
        tried = caught.exception.tried
        repo = str(support.REPO_ROOT)
        self.assertEqual(tried[:3], ["$LAYOUTD_BINARY (not set)", f"{repo}/.build/release/layoutd",
                                     f"{repo}/.build/debug/layoutd"])
        self.assertIn("layoutd on PATH", tried[-1])
        for path in tried:
            self.assertIn(path, str(caught.exception))
        self.assertIsInstance(caught.exception, FileNotFoundError)


if __name__ == "__main__":
    unittest.main()
