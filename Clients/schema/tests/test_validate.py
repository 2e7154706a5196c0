"""The validator and the trace checker themselves: they must find what is wrong, not only pass what is right.

Run from the repository root: ``python3 -m unittest discover -s Clients/schema/tests``.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
import unittest
from pathlib import Path
from typing import Any, Dict, List, Tuple

SCHEMA_DIR = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(SCHEMA_DIR))

import validate  # noqa: E402

with open(SCHEMA_DIR / "layoutd.openrpc.json", encoding="utf-8") as _file:
    DOCUMENT = json.load(_file)


LAYOUT_SPECS = ["stack", "inset", "overlay", "background", "center", "ratio", "relative", "absolute", "wrapper",
                "corner", "node", "text", "image", "box"]
NOTIFICATIONS = ["table/didCommit", "table/heightChanged", "table/contentSizeChanged", "table/contentOffsetChanged",
                 "table/willBeginBatchFetch", "cell/interfaceStateChanged", "cell/nodeReleased", "cell/didDisplay",
                 "window/logMessage", "table/selectionChanged", "table/supplementaryHeightChanged",
                 "textDocument/publishDiagnostics", "window/showMessage"]


VISIBLE = ["measureLayout", "visible"]


def ref(name: str) -> Dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


class KeywordTests(unittest.TestCase):
    def setUp(self) -> None:
        self.v = validate.SchemaValidator(DOCUMENT)

    def errors(self, value: Any, schema: Any) -> List[Tuple[str, str]]:
        return [(e.path, e.message) for e in self.v.validate(value, schema)]

    def test_type_integer_number_boolean(self) -> None:
        self.assertEqual(self.errors(3, {"type": "integer"}), [])
        self.assertEqual(self.errors(3.0, {"type": "integer"}), [])
        self.assertTrue(self.errors(3.5, {"type": "integer"}))
        self.assertEqual(self.errors(3, {"type": "number"}), [])
        self.assertTrue(self.errors(True, {"type": "number"}))
        self.assertTrue(self.errors(1, {"type": "boolean"}))
        self.assertEqual(self.errors(None, {"type": ["integer", "null"]}), [])

    def test_const_and_enum_compare_as_json(self) -> None:
        self.assertEqual(self.errors(0.0, {"const": 0}), [])
        self.assertTrue(self.errors(False, {"const": 0}))
        self.assertTrue(self.errors("x", {"enum": ["a", "b"]}))

    def test_numbers(self) -> None:
        schema = {"type": "number", "exclusiveMinimum": 0, "maximum": 4}
        self.assertEqual(self.errors(4, schema), [])
        self.assertEqual(self.errors(0, schema), [("$", "expected a number > 0, got 0")])
        self.assertTrue(self.errors(4.5, schema))

    def test_objects(self) -> None:
        schema = {"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"],
                  "additionalProperties": False, "dependentRequired": {"a": ["b"]}}
        self.assertEqual(sorted(self.errors({"a": 1, "c": 2}, schema)), [
            ("$", 'missing member "b", required with "a"'), ("$.a", "expected string, got an integer (1)"),
            ("$.c", "unknown member")])
        self.assertEqual(self.errors({}, schema), [("$", 'missing required member "a"')])

    def test_arrays(self) -> None:
        self.assertEqual(self.errors([0, 1], ref("IndexPath")), [])
        self.assertEqual(self.errors([0, -1], ref("IndexPath")), [("$[1]", "expected a number ≥ 0, got -1")])
        self.assertTrue(self.errors([0, 1, 2], ref("IndexPath")))
        self.assertTrue(self.errors([0], ref("IndexPath")))
        self.assertEqual(self.errors(["a", [1, 2]], {"type": "array", "items": ref("Row")}), [])
        self.assertTrue(self.errors([True], {"type": "array", "items": ref("Row")}))

    def test_pattern_and_not(self) -> None:
        self.assertEqual(self.errors("50%", ref("Dimension")), [])
        self.assertEqual(self.errors("12pt", ref("Dimension")), [])
        self.assertEqual(self.errors("auto", ref("Dimension")), [])
        self.assertTrue(self.errors("12px", ref("Dimension")))
        self.assertTrue(self.errors(-1, ref("Dimension")))
        self.assertTrue(self.errors(1, {"not": {}}))

    def test_elements_are_discriminated_by_type(self) -> None:
        good = {"type": "stack", "direction": "vertical", "children": [
            {"type": "text", "text": "hi", "style": {"width": "50%", "flexGrow": 1}},
            {"type": "inset", "insets": {"top": "inf"}, "child": {"type": "node", "measure": {"kind": "fixed", "size": [1, 2]}}},
            {"type": "box", "style": {"flexDirection": "row", "padding": {"all": 4}}, "children": [
                {"style": {"width": "50%"}, "measure": {"kind": "text", "text": "a b", "font": "ahem", "fontSize": 10}},
                {"type": "text", "text": "embedded"}]}]}
        self.assertEqual(self.errors(good, ref("Element")), [])
        bad = {"type": "stack", "children": [{"type": "text", "text": "x", "style": {"width": {}}}]}
        errors = self.errors(bad, ref("Element"))
        self.assertIn("$.children[0].style.width", [path for path, _ in errors], errors)
        self.assertEqual(self.errors({"type": "teleport"}, ref("Element"))[0][0], "$.type")
        # A text element needs "text" or "runs" (attributed text).
        self.assertEqual(
            self.errors({"type": "text"}, ref("Element")),
            [("$", 'matches none of the alternatives: [0] $: missing required member "text"; '
              '[1] $: missing required member "runs"')])
        self.assertEqual(self.errors({"type": "node", "colour": 1}, ref("Element")), [("$.colour", "unknown member")])
        self.assertTrue(self.errors({"type": "ratio", "ratio": 0, "child": {"type": "node"}}, ref("Element")))

    def test_nested_alternatives_take_linear_time(self) -> None:
        # A box child may be a box node or an element, and so may its children: validating both readings of every
        # level again below it took 2^depth (a 64-deep tree, as deep as a cell may nest boxes, never finished).
        for typed in (False, True):
            root: Dict = {"type": "box"}
            node = root
            for _ in range(64):
                child: Dict = {"type": "box"} if typed else {"style": {"width": 1}}
                node["children"] = [child]
                node = child
            validator = validate.SchemaValidator(DOCUMENT)
            calls = 0
            walk = validator._validate_once

            def counted(*args: Any) -> None:
                nonlocal calls
                calls += 1
                walk(*args)

            validator._validate_once = counted  # type: ignore[method-assign]
            self.assertEqual(validator.validate(root, ref("Element")), [])
            self.assertLess(calls, 64 * 200, "schema steps for a 64-deep box tree")
            node["colour"] = 1
            errors = validator.validate(root, ref("Element"))
            self.assertEqual(len(errors), 1, errors)
            self.assertLess(len(errors[0].message), 5000)

    def test_specs_are_closed_and_bounded(self) -> None:
        # Protocol.md: every element, box node, insets and measure refuses members it does not have; spec numbers
        # are within [-1e9, 1e9], a ratio and an aspectRatio within [1e-6, 1e6] (aspectRatio also 0).
        self.assertEqual(self.errors({"type": "text", "text": "x", "fontsize": 3}, ref("Element")),
                         [("$.fontsize", "unknown member")])
        # A child without "type" can only be a box node (every element requires "type"): its own error is reported.
        self.assertEqual(self.errors({"type": "box", "children": [{"style": {"width": 1}, "colour": 1}]}, ref("Element")),
                         [("$.children[0].colour", "unknown member")])
        errors = self.errors({"type": "box", "measure": {"kind": "text", "text": "a", "fontSize": 9, "size": 1}},
                             ref("Element"))
        self.assertEqual(len(errors), 1, errors)
        self.assertIn("$.measure.size: unknown member", errors[0][1])
        self.assertEqual(self.errors({"type": "inset", "insets": {"top": 1, "middle": 2}, "child": {"type": "node"}},
                                     ref("Element")), [("$.insets.middle", "unknown member")])
        self.assertEqual(self.errors({"type": "node", "style": {"height": 1e9, "spacingBefore": -1e9}}, ref("Element")), [])
        self.assertEqual([path for path, _ in self.errors({"type": "node", "style": {"height": 2e9}}, ref("Element"))],
                         ["$.style.height"])
        self.assertTrue(self.errors({"type": "stack", "spacing": -2e9, "children": []}, ref("Element")))
        self.assertTrue(self.errors({"type": "image", "size": [1, 1e10]}, ref("Element")))
        self.assertTrue(self.errors({"type": "ratio", "ratio": 2e6, "child": {"type": "node"}}, ref("Element")))
        for aspect, valid in ((0, True), (1e-6, True), (1e6, True), (1e-7, False), (2e6, False)):
            errors = self.errors({"type": "box", "style": {"aspectRatio": aspect}}, ref("Element"))
            self.assertEqual(errors == [], valid, (aspect, errors))

    def test_deep_specs_validate_in_linear_time(self) -> None:
        spec: Dict[str, Any] = {"type": "node"}
        for i in range(64):
            spec = {"type": ["inset", "stack", "overlay"][i % 3], "child": spec} if i % 3 != 1 else \
                {"type": "stack", "children": [spec, {"type": "node"}]}
        self.assertEqual(self.errors(spec, ref("Element")), [])

    def test_unknown_keywords_and_dangling_refs_are_document_problems(self) -> None:
        self.assertEqual(self.v.check_schema({"type": "string", "format": "uri"}, "s"),
                         ["s: keyword 'format' is not implemented by validate.py"])
        self.assertEqual(self.v.check_schema(ref("Nope"), "s"), ["s: $ref '#/components/schemas/Nope' names nothing"])


def trace(*records: Tuple[str, Any]) -> str:
    handle, path = tempfile.mkstemp(suffix=".jsonl")
    with os.fdopen(handle, "w", encoding="utf-8") as file:
        for direction, message in records:
            file.write(json.dumps({"direction": direction, "message": message}) + "\n")
    return path


def request(id_: Any, method: str, params: Any = None) -> Dict[str, Any]:
    message = {"jsonrpc": "2.0", "id": id_, "method": method}
    if params is not None:
        message["params"] = params
    return message


def result(id_: Any, value: Any) -> Dict[str, Any]:
    return {"jsonrpc": "2.0", "id": id_, "result": value}


def notification(method: str, params: Any) -> Dict[str, Any]:
    return {"jsonrpc": "2.0", "method": method, "params": params}


class CheckerTests(unittest.TestCase):
    def check(self, *records: Tuple[str, Any], strict: bool = True, strict_params: bool = False) -> List[str]:
        path = trace(*records)
        try:
            checker = validate.TrafficChecker(DOCUMENT, strict_notifications=strict, strict_params=strict_params)
            checker.check([path])
            return [f"{v.method}: {v.path}: {v.message}" for v in checker.violations]
        finally:
            os.unlink(path)

    def test_valid_exchange(self) -> None:
        self.assertEqual(self.check(
            ("in", request(1, "table/rowFrame", {"sessionId": "s1", "row": [0, 0]})),
            ("out", notification("table/didCommit", {"sessionId": "s1", "seq": 1, "contentSize": {"width": 320, "height": 10}})),
            ("out", result(1, {"rowId": "a", "indexPath": [0, 0], "frame": {"x": 0, "y": 0, "width": 320, "height": 10}}))), [])

    def test_bodies_nested_as_deep_as_the_daemon_accepts_are_read(self) -> None:
        # The protocol tests send a 2,000-deep spec (refused with -32602); its trace line nests about 2,010 levels.
        spec: Dict[str, Any] = {"type": "node"}
        for _ in range(2_000):
            spec = {"type": "inset", "child": spec}
        error = {"jsonrpc": "2.0", "id": 4, "error": {"code": -32602, "message": "params.rows[0].cell: too deep"}}
        self.assertEqual(self.check(
            ("in", request(4, "table/insertRows", {"sessionId": "s1", "rows": [{"cell": spec}]})),
            ("out", error)), [])

    def test_result_missing_and_extra_members(self) -> None:
        self.assertEqual(self.check(
            ("in", request(1, "table/contentSize", {"sessionId": "s1"})),
            ("out", result(1, {"width": 320, "depth": 3}))),
            ['table/contentSize: result: missing required member "height"', "table/contentSize: result.depth: unknown member"])

    def test_params_of_a_successful_request(self) -> None:
        self.assertEqual(self.check(
            ("in", request("a", "table/scrollBy", {"sessionId": "s1", "dy": "10"})),
            ("out", result("a", {"contentOffset": {"x": 0, "y": 0}, "visibleRowIds": [], "placeholderRowIds": [],
                                 "rangeMode": "full"}))),
            ['table/scrollBy: params.dy: expected number, got a string ("10")'])

    def test_requests_answered_with_errors_are_not_checked(self) -> None:
        self.assertEqual(self.check(
            ("in", request(1, "table/scrollBy", {"sessionId": 5})),
            ("out", {"jsonrpc": "2.0", "id": 1, "error": {"code": -32602, "message": "params.sessionId: …"}}),
            ("in", request(2, "nope/nothing")),
            ("out", {"jsonrpc": "2.0", "id": 2, "error": {"code": -32601, "message": "method not found: nope/nothing"}})), [])

    def test_an_undocumented_method_answered_with_a_result(self) -> None:
        self.assertEqual(self.check(("in", request(1, "table/secret")), ("out", result(1, None))),
                         ["table/secret: method: answered with a result, but the method is not in the document"])

    def test_batches_and_ids_of_any_type(self) -> None:
        self.assertEqual(self.check(
            ("in", [request(1, "table/contentSize", {"sessionId": "s1"}), request("1", "shutdown")]),
            ("out", [result("1", None), result(1, {"width": 1, "height": 2})])), [])
        self.assertEqual(self.check(
            ("in", [request(1, "table/contentSize", {"sessionId": "s1"}), request("1", "shutdown")]),
            ("out", [result("1", {"width": 1, "height": 2}), result(1, None)])),
            ["shutdown: result: expected null, got an object {\"width\": 1, \"height\": 2}",
             "table/contentSize: result: expected object, got a null (null)"])

    def test_server_notifications(self) -> None:
        self.assertEqual(self.check(("out", notification("cell/interfaceStateChanged", {
            "sessionId": "s1", "rowId": "r1", "oldState": [], "newState": ["measureLayout", "hovered"],
            "events": []}))), ['cell/interfaceStateChanged: params.newState[1]: expected one of "measureLayout", '
                               '"preload", "display", "visible", got a string ("hovered")'])
        self.assertEqual(self.check(("out", notification("table/exploded", {}))),
                         ["table/exploded: method: not a server-to-client notification of the document"])

    def test_node_released_and_offset_reasons(self) -> None:
        released = {"sessionId": "s1", "rowId": "r1", "state": ["measureLayout", "preload", "display"]}
        self.assertEqual(self.check(("out", notification("cell/nodeReleased", released))), [])
        self.assertEqual(self.check(("out", notification("cell/nodeReleased", dict(released, state=VISIBLE)))),
                         ['cell/nodeReleased: params.state[1]: expected one of "measureLayout", "preload", "display", '
                          'got a string ("visible")'])
        self.assertEqual(self.check(("out", notification("cell/nodeReleased", {"sessionId": "s1", "rowId": "r1"}))),
                         ['cell/nodeReleased: params: missing required member "state"'])
        moved = {"sessionId": "s1", "contentOffset": {"x": 0, "y": 0}, "oldContentOffset": {"x": 0, "y": 10}}
        for reason in ("anchoring", "clamped"):
            self.assertEqual(self.check(("out", notification("table/contentOffsetChanged", dict(moved, reason=reason)))),
                             [])
        self.assertEqual(len(self.check(("out", notification("table/contentOffsetChanged",
                                                              dict(moved, reason="scrolled"))))), 1)

    def test_set_needs_layout_forms(self) -> None:
        def answered(params: Dict[str, Any]) -> List[str]:
            return self.check(("in", request(1, "cell/setNeedsLayout", dict(params, sessionId="s1"))),
                              ("out", result(1, {"seq": 1})))

        cell = {"type": "node"}
        for good in ({"row": "a"}, {"row": "a", "cell": cell}, {"row": [0, 1], "element": "e", "spec": cell},
                     {"rows": ["a", [0, 1]]}, {"rows": []}, {"rows": ["a", {"row": [0, 1], "cell": cell}, {"row": "b"}]}):
            self.assertEqual(answered(good), [], good)
        for bad in ({}, {"rows": ["a"], "row": "a"}, {"rows": ["a"], "cell": cell}, {"rows": ["a"], "spec": cell},
                    {"row": "a", "cell": cell, "element": "e", "spec": cell}, {"row": "a", "element": "e"},
                    {"rows": [True]}, {"rows": [{"cell": cell}]}, {"rows": [{"row": "a", "cell": {"type": "nope"}}]}):
            self.assertTrue(answered(bad), bad)

    def test_client_notifications_strict_or_lenient(self) -> None:
        bad = ("in", notification("$/cancelRequest", {}))
        self.assertEqual(self.check(bad), ['$/cancelRequest: params: missing required member "id"'])
        self.assertEqual(self.check(bad, strict=False), [])
        self.assertEqual(self.check(("in", notification("whatever/unknown", {"x": 1}))), [])

    def test_unknown_params_members_are_legal_unless_strict(self) -> None:
        exchange = (("in", request(1, "table/contentSize", {"sessionId": "s1", "sesionId": "s2"})),
                    ("out", result(1, {"width": 1, "height": 2})))
        self.assertEqual(self.check(*exchange), [])
        self.assertEqual(self.check(*exchange, strict_params=True), ["table/contentSize: params.sesionId: unknown member"])

    def test_closed_params_and_rows_even_when_not_strict(self) -> None:
        # session/create's params and viewport and every NewRow refuse unknown members; other params stay open.
        def created(params: Dict[str, Any]) -> List[str]:
            return self.check(("in", request(1, "session/create", params)), ("out", result(1, {"sessionId": "s1"})))

        viewport = {"width": 320, "height": 480}
        self.assertEqual(created({"viewport": viewport, "lenientFonts": True, "scrollAnchoring": False}), [])
        self.assertEqual(created({"viewport": viewport, "lenientfonts": True}),
                         ["session/create: params.lenientfonts: unknown member"])
        self.assertEqual(created({"viewport": dict(viewport, x=0)}), ["session/create: params.viewport.x: unknown member"])
        self.assertEqual(created({"viewport": viewport, "lenientFonts": "yes"}),
                         ['session/create: params.lenientFonts: expected boolean, got a string ("yes")'])
        inserted = self.check(
            ("in", request(2, "table/insertRows", {"sessionId": "s1", "rows": [{"cell": {"type": "node"}, "at": [0, 0]}]})),
            ("out", result(2, {"seq": 1, "rowIds": ["r1"]})))
        self.assertEqual(inserted, ["table/insertRows: params.rows[0].at: unknown member"])

    def test_server_notification_params_are_closed(self) -> None:
        self.assertEqual(self.check(("out", notification("cell/didDisplay", {"sessionId": "s1", "rowId": "a", "ms": 3}))),
                         ["cell/didDisplay: params.ms: unknown member"])

    def test_shared_trace_files_pair_answers_with_any_pending_request(self) -> None:
        init = {"serverInfo": {"name": "layoutd", "version": "0.1.0"}, "protocolVersion": "1.0", "capabilities": {
            "positionEncoding": "utf-16", "textDocumentSync": {"openClose": True, "change": 2}, "hoverProvider": True, "documentSymbolProvider": True, "inlayHintProvider": True, "completionProvider": {"triggerCharacters": ["\"", ":"]},
            "sessions": True, "tableNode": True, "layoutSpecs": LAYOUT_SPECS, "notifications": NOTIFICATIONS, "features": [],
            "limits": {
                "maxSessions": 1, "maxRowsPerSession": 1, "maxCellDepth": 1, "maxCellElements": 1}}}
        self.assertEqual(self.check(
            ("in", request(1, "initialize")), ("in", request(1, "initialize")),
            ("in", request(2, "table/contentSize", {"sessionId": "s1"})), ("in", request(2, "shutdown")),
            ("out", result(1, init)), ("out", result(1, init)),
            ("out", result(2, None)), ("out", result(2, {"width": 1, "height": 2}))), [])

    def test_params_absent_null_or_empty_array_mean_empty(self) -> None:
        for params in (None, [], {}):
            self.assertEqual(self.check(("in", request(1, "shutdown", params)), ("out", result(1, None))), [])

    def test_non_json_bodies_are_skipped(self) -> None:
        self.assertEqual(self.check(("in", "{bad}"), ("out", {"jsonrpc": "2.0", "id": None,
                                                              "error": {"code": -32700, "message": "parse error"}})), [])


if __name__ == "__main__":
    unittest.main()
