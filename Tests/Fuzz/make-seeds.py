#!/usr/bin/env python3
"""Writes the seed corpus of the fuzz targets (Tests/Fuzz/corpus/{framing,envelope,specs}/) from hand-written edge
cases and the fixtures in Tests/Fixtures. Run from the repository root when the fixtures change; crash inputs that
became regression tests are kept in the corpus as files named regress-*, which this script never touches."""
import json, os, pathlib

ROOT = pathlib.Path(__file__).resolve().parents[2]
CORPUS = ROOT / "Tests/Fuzz/corpus"


def write(kind, name, data):
    d = CORPUS / kind
    d.mkdir(parents=True, exist_ok=True)
    (d / name).write_bytes(data if isinstance(data, bytes) else data.encode())


def frame(body, extra=b""):
    body = body.encode() if isinstance(body, str) else body
    return b"Content-Length: %d\r\n" % len(body) + extra + b"\r\n" + body


def framing_seeds():
    req = '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}'
    note = '{"jsonrpc":"2.0","method":"exit"}'
    small, big = b"\x05", b"\x85"  # control byte: chunk seed 5; top bit = 64-byte message limit
    cases = {
        "one": small + frame(req),
        "two": small + frame(req) + frame(note),
        "blank-lines-between": small + frame(req) + b"\r\n\r\n" + frame(note),
        "lowercase-header": small + b"content-length: 2\r\n\r\n{}",
        "content-type-utf8": small + frame(req, b"Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n"),
        "content-type-latin1": small + frame(req, b"Content-Type: application/json; charset=latin1\r\n") + frame(note),
        "missing-length": small + b"Content-Type: x\r\n\r\n{}" + frame(note),
        "invalid-length": small + b"Content-Length: -3\r\n\r\n{}" + frame(note),
        "huge-length": small + b"Content-Length: 99999999999999999999999\r\n\r\n" + frame(note),
        "conflicting-length": small + b"Content-Length: 2\r\nContent-Length: 3\r\n\r\n{}" + frame(note),
        "same-length-twice": small + b"Content-Length: 2\r\nContent-Length: 2\r\n\r\n{}",
        "malformed-header": small + b"garbage line\r\n\r\n" + frame(note),
        "garbage-then-message": small + b"\x00\xff junk Content-Lengt" + frame(req),
        "bare-lf": small + b"Content-Length: 2\n\n{}" + frame(note),
        "header-too-long": small + b"X-Pad: " + b"a" * 8300 + b"\r\n\r\n" + frame(note),
        "oversize-skipped": big + frame("x" * 100) + frame(note),
        "oversize-then-partial": big + frame("y" * 200)[:120],
        "truncated-body": small + b"Content-Length: 50\r\n\r\n{\"a\":",
        "truncated-header": small + b"Content-Len",
        "zero-length": small + b"Content-Length: 0\r\n\r\n" + frame(note),
        "space-before-colon": small + b"Content-Length : 2\r\n\r\n{}",
        "tab-value": small + b"Content-Length:\t2\t\r\n\r\n{}",
        "plus-sign": small + b"Content-Length: +2\r\n\r\n{}",
        "byte-by-byte": b"\x00" + frame(req) + frame(note),
        "resync-inside-body": small + b"Content-Length: x\r\nContent-Length: 5\r\n\r\nhello" + frame(note),
    }
    for name, data in cases.items():
        write("framing", name, data)


def envelope_seeds():
    cases = {
        "request": '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}',
        "request-string-id": '{"jsonrpc":"2.0","id":"a-1","method":"table/rowFrame","params":{"sessionId":"s1","row":"a"}}',
        "request-no-params": '{"jsonrpc":"2.0","id":2,"method":"shutdown"}',
        "request-null-params": '{"jsonrpc":"2.0","id":2,"method":"shutdown","params":null}',
        "request-array-params": '{"jsonrpc":"2.0","id":3,"method":"x","params":[1,2,"three"]}',
        "request-empty-array-params": '{"jsonrpc":"2.0","id":3,"method":"x","params":[]}',
        "request-float-id": '{"jsonrpc":"2.0","id":1.5,"method":"x"}',
        "request-integral-float-id": '{"jsonrpc":"2.0","id":7.0,"method":"x"}',
        "request-null-id": '{"jsonrpc":"2.0","id":null,"method":"x"}',
        "request-bool-id": '{"jsonrpc":"2.0","id":true,"method":"x"}',
        "request-big-id": '{"jsonrpc":"2.0","id":123456789012345678901234567890,"method":"x"}',
        "notification": '{"jsonrpc":"2.0","method":"exit"}',
        "notification-params": '{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":4}}',
        "response": '{"jsonrpc":"2.0","id":9,"result":{"ok":true,"n":[1,2.5,-3e10]}}',
        "response-null-result": '{"jsonrpc":"2.0","id":9,"result":null}',
        "error-response": '{"jsonrpc":"2.0","id":9,"error":{"code":-32601,"message":"method not found: x"}}',
        "error-response-data": '{"jsonrpc":"2.0","id":null,"error":{"code":-32000,"message":"m","data":{"k":[null]}}}',
        "result-and-error": '{"jsonrpc":"2.0","id":9,"result":1,"error":{"code":1,"message":"m"}}',
        "wrong-version": '{"jsonrpc":"1.0","id":1,"method":"x"}',
        "missing-version": '{"id":1,"method":"x"}',
        "method-not-string": '{"jsonrpc":"2.0","id":1,"method":5}',
        "params-string": '{"jsonrpc":"2.0","id":1,"method":"x","params":"p"}',
        "duplicate-keys": '{"jsonrpc":"2.0","id":1,"id":2,"method":"x"}',
        "batch": '[{"jsonrpc":"2.0","id":1,"method":"a"},{"jsonrpc":"2.0","method":"b"},5,{"jsonrpc":"2.0","id":2,"result":0}]',
        "batch-empty": "[]",
        "batch-nested": "[[]]",
        "not-object": '"hello"',
        "not-json": "Content-Length: 5",
        "unicode": '{"jsonrpc":"2.0","id":"\\ud83d\\ude00","method":"\\u00e9\\u0000"}',
        "lone-surrogate": '{"jsonrpc":"2.0","id":"\\ud800","method":"x"}',
        "deep": '{"jsonrpc":"2.0","id":1,"method":"x","params":{"a":' + "[" * 300 + "]" * 300 + "}}",
        "numbers": '{"jsonrpc":"2.0","id":1,"method":"x","params":{"a":[0,-0,1e308,1e309,-1e-400,9223372036854775807,9223372036854775808,-9223372036854775809,0.1]}}',
        # Inserts, whose rows the daemon's reader may leave unbuilt (the fuzzer checks both decodes agree).
        "insert-rows": '{"jsonrpc":"2.0","id":1,"method":"table/insertRows","params":{"sessionId":"s1","rows":[{"id":"a","cell":{"type":"box","style":{"width":"100%","padding":{"top":1e1}},"children":[{"measure":{"kind":"text","text":"h\\u00e9 \\"q\\"","fontSize":10}}]}},{"cell":{"type":"node"},"neverShowPlaceholders":true},[],"x",-0.5,null]}}',
        "insert-rows-empty": '{"jsonrpc":"2.0","method":"table/insertRows","params":{"rows":[ ],"sessionId":"s1"}}',
        "insert-rows-twice": '{"jsonrpc":"2.0","id":"i","method":"table/insertRows","params":{"rows":[1],"rows":[{"cell":2}]}}',
        "insert-params-twice": '{"jsonrpc":"2.0","id":2,"params":{"rows":[{}]},"method":"table/insertRows","params":{"rows":[[[]]]}}',
    }
    for name, text in cases.items():
        write("envelope", name, text)
    for f in sorted((ROOT / "Tests/Fixtures/json").glob("*.json"))[::12]:
        write("envelope", "json-" + f.stem, f.read_bytes())


def spec_seeds():
    hand = {
        "text-dejavu": {"type": "stack", "direction": "vertical", "children": [
            {"type": "text", "text": "Hello from layoutd, a rather long line that wraps", "fontFamily": "DejaVu Sans",
             "fontSize": 17, "maxLines": 2, "truncation": "tail", "alignment": "justified"},
            {"type": "node", "style": {"height": 44}}]},
        "text-ahem": {"type": "text", "text": "É x\u200by\n\tz", "fontSize": 10, "lineHeight": 12, "truncationString": "..."},
        "text-missing-font": {"type": "text", "text": "a", "fontFamily": "No Such Font"},
        "image": {"type": "image", "size": [40, 30], "source": "x"},
        "ratio": {"type": "ratio", "ratio": 0.5, "child": {"type": "node", "style": {"width": "50%"}}},
        "center": {"type": "center", "centeringOptions": ["x", "y"], "sizingOptions": ["minimumX"],
                   "child": {"type": "node", "measure": {"kind": "fixed", "size": [10, 20]}}},
        "relative": {"type": "relative", "horizontalPosition": "end", "verticalPosition": "center",
                     "sizingOption": ["minimumWidth"], "child": {"type": "node", "style": {"width": 5, "height": 5}}},
        "absolute": {"type": "absolute", "sizing": "sizeToFit", "children": [
            {"type": "node", "style": {"layoutPosition": [10, 20], "width": 3, "height": 4}}]},
        "corner": {"type": "corner", "location": "topRight", "offset": [2, -2], "wrapsCorner": True,
                   "child": {"type": "node", "style": {"width": 30, "height": 30}},
                   "corner": {"type": "node", "style": {"width": 8, "height": 8}}},
        "wrapper": {"type": "wrapper", "children": [{"type": "node"}, {"type": "node", "style": {"minWidth": 3}}]},
        "inset-inf": {"type": "inset", "insets": {"top": "inf", "left": 1, "bottom": 2, "right": "inf"},
                      "child": {"type": "node"}},
        "stack-wrap": {"type": "stack", "flexWrap": "wrap", "alignContent": "spaceAround", "lineSpacing": 3,
                       "spacing": 2, "justifyContent": "spaceBetween", "alignItems": "baselineFirst",
                       "children": [{"type": "text", "text": "ab", "style": {"flexGrow": 1, "flexShrink": 1}}] * 6},
        "box-in-stack": {"type": "stack", "children": [
            {"type": "box", "style": {"direction": "rtl", "flexDirection": "row", "padding": {"all": 4}},
             "children": [{"style": {"width": 30, "height": 10}}, {"type": "text", "text": "in a box"}]}]},
        "nan": {"type": "node", "style": {"width": "nan"}},
        "duplicate-id": {"type": "wrapper", "children": [{"type": "node", "id": "a"}, {"type": "node", "id": "a"}]},
        "unknown-type": {"type": "spinner"},
        "deep-stack": json.loads('{"type":"stack","children":[' * 70 + '{"type":"node"}' + "]}" * 70),
    }
    for name, spec in hand.items():
        write("specs", name, json.dumps(spec, ensure_ascii=False))
    texture = ROOT / "Tests/Fixtures/conformance/texture"
    for fixture, step in (("layout-specs", 7), ("stack-layout", 7)):
        cases = json.load(open(texture / (fixture + ".json")))["cases"]
        for case in cases[::step]:
            write("specs", "texture-" + case["name"][:60], json.dumps(case["input"]["root"]))
    yoga = ROOT / "Tests/Fixtures/conformance/yoga"
    for f in sorted(yoga.glob("YG*.json"))[::6]:
        case = json.load(open(f))["cases"][0]
        write("specs", "yoga-" + case["name"][:60], json.dumps(dict(type="box", **case["root"])))
    # Box cells as feeds send them (decoded straight from their bytes too; the fuzzer checks both agree).
    feed = json.load(open(ROOT / "Tests/Fixtures/bench/feed-cell.json"))["root"]
    write("specs", "box-feed-cell", json.dumps(dict(type="box", **feed), separators=(",", ":")))
    labelled = dict(type="box", id="cell", name="n", **feed)
    labelled["children"][0]["id"] = "header"
    write("specs", "box-feed-cell-labelled", json.dumps(labelled, indent=1))


framing_seeds()
envelope_seeds()
spec_seeds()
