#!/usr/bin/env python3
"""Checks layoutd traffic against ``layoutd.openrpc.json``. Python >= 3.9, standard library only.

Two parts:

* :class:`SchemaValidator`: the subset of JSON Schema (draft 2020-12) that the OpenRPC document uses — ``type``,
  ``properties``, ``required``, ``additionalProperties``, ``items`` / ``prefixItems``, ``enum``, ``const``,
  ``minimum`` / ``maximum`` / ``exclusiveMinimum`` / ``exclusiveMaximum``, ``minItems`` / ``maxItems``, ``pattern``,
  ``anyOf`` / ``oneOf`` / ``allOf`` / ``not``, ``dependentRequired`` and ``$ref`` to ``#/components/...``
  (annotations such as ``description``, ``default`` and ``title`` are ignored). A keyword it does not implement is
  an error when the document is loaded, so the document cannot silently use more than is checked.
* :class:`TrafficChecker`: reads trace files written by ``layoutd --trace FILE`` / ``$LAYOUTD_TRACE`` (one JSON line
  per message: ``{"direction": "in"|"out", "message": BODY}``, BODY a string when it was not JSON) and validates
  the params of every request answered with a result, every result, and the params of every notification, reporting
  each violation with the method, the JSON path and the message.

Command line::

    python3 Clients/schema/validate.py [--schema FILE] [--coverage] TRACE_OR_GLOB...

exits 1 when there is a violation (each printed as ``FILE:LINE: METHOD: PATH: MESSAGE``), 0 otherwise.
"""

from __future__ import annotations

import argparse
import glob
import json
import math
import os
import re
import sys
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, Iterable, List, Optional, Sequence, Tuple

SCHEMA_PATH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "layoutd.openrpc.json")

#: The daemon accepts bodies nested up to 2,048 levels (Protocol.md "Limits"; the protocol tests send a 2,000-deep
#: spec), and both `json.loads` and the schema walk recurse once or a few times per level: Python's default limit
#: of 1,000 frames is too low for such traffic.
RECURSION_LIMIT = 20_000
if sys.getrecursionlimit() < RECURSION_LIMIT:
    sys.setrecursionlimit(RECURSION_LIMIT)

#: Keywords that only annotate (never fail).
ANNOTATIONS = frozenset({"description", "default", "title", "examples", "$comment", "deprecated", "readOnly",
                         "writeOnly"})
#: Keywords the validator checks.
ASSERTIONS = frozenset({"type", "properties", "required", "additionalProperties", "items", "prefixItems", "enum",
                        "const", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "minItems", "maxItems",
                        "pattern", "anyOf", "oneOf", "allOf", "not", "dependentRequired", "$ref"})
KEYWORDS = ANNOTATIONS | ASSERTIONS

JSON_TYPES = ("null", "boolean", "object", "array", "number", "string", "integer")


class SchemaError(Exception):
    """The document itself is not what the validator understands (unknown keyword, dangling $ref, …)."""


def json_type(value: Any) -> str:
    """The JSON type name of a decoded value (``integer`` for integral numbers, which are also ``number``)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "integer" if value.is_integer() else "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "array"
    if isinstance(value, dict):
        return "object"
    raise TypeError(f"not a JSON value: {value!r}")


def has_type(value: Any, name: str) -> bool:
    actual = json_type(value)
    return actual == name or (name == "number" and actual == "integer")


def json_equal(a: Any, b: Any) -> bool:
    """JSON equality: numbers by value (1 == 1.0), booleans are not numbers, containers element-wise."""
    if isinstance(a, bool) or isinstance(b, bool):
        return isinstance(a, bool) and isinstance(b, bool) and a == b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return a == b
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(json_equal(x, y) for x, y in zip(a, b))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(json_equal(a[k], b[k]) for k in a)
    return type(a) is type(b) and a == b


def describe(value: Any) -> str:
    """A short description of a value for messages, e.g. ``a string ("x")``."""
    kind = json_type(value)
    text = json.dumps(value, ensure_ascii=False)
    if len(text) > 60:
        text = text[:57] + "..."
    article = "an" if kind[0] in "aeiou" else "a"
    return f"{article} {kind} ({text})" if kind not in ("object", "array") else f"{article} {kind} {text}"


def shorten(text: str, limit: int = 160) -> str:
    """``text``, cut to ``limit`` characters with an ellipsis."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def member_path(path: str, key: str) -> str:
    return f"{path}.{key}" if re.fullmatch(r"[A-Za-z_$][A-Za-z0-9_$]*", key) else f"{path}[{json.dumps(key)}]"


@dataclass
class Error:
    """One failed assertion: where (JSON path such as ``params.rows[0].cell.type``) and what."""
    path: str
    message: str


class SchemaValidator:
    """Validates instances against schemas of one document (``$ref`` resolves inside it)."""

    def __init__(self, document: Dict[str, Any]):
        self.document = document
        self._patterns: Dict[str, "re.Pattern[str]"] = {}
        self._consts: Dict[int, Dict[str, Any]] = {}  # id(branch schema) -> its discriminating consts
        self._enums: Dict[int, Dict[str, List[Any]]] = {}  # id(branch schema) -> its required string choices
        self._refs: Dict[str, Any] = {}
        # (id(value), id(schema)) -> that value's errors under that schema, for objects and arrays, during one
        # top-level validate() call (the values are alive and their paths fixed for that long). A child of a box can
        # match a box node or an element, whose children can again be either: without the memo each level would
        # validate its subtree twice or more, exponential in the nesting (a 64-deep box tree never finished).
        self._memo: Optional[Dict[Tuple[int, int], List[Error]]] = None

    # ------------------------------------------------------------------------------------------ document checks
    def resolve(self, ref: str) -> Any:
        """The schema a ``$ref`` (``#/a/b`` JSON pointer into the document) names."""
        if ref in self._refs:
            return self._refs[ref]
        if not ref.startswith("#/"):
            raise SchemaError(f"unsupported $ref {ref!r} (only #/... pointers into the document)")
        node: Any = self.document
        for part in ref[2:].split("/"):
            part = part.replace("~1", "/").replace("~0", "~")
            if isinstance(node, dict) and part in node:
                node = node[part]
            elif isinstance(node, list) and part.isdigit() and int(part) < len(node):
                node = node[int(part)]
            else:
                raise SchemaError(f"$ref {ref!r} names nothing")
        self._refs[ref] = node
        return node

    def check_schema(self, schema: Any, where: str) -> List[str]:
        """Problems with a schema: keywords not implemented here, bad keyword values, dangling ``$ref``s."""
        problems: List[str] = []

        def walk(s: Any, at: str) -> None:
            if isinstance(s, bool):
                return
            if not isinstance(s, dict):
                problems.append(f"{at}: a schema must be an object or a boolean")
                return
            for key, value in s.items():
                if key.startswith("x-"):
                    continue
                if key not in KEYWORDS:
                    problems.append(f"{at}: keyword {key!r} is not implemented by validate.py")
                    continue
                if key == "$ref":
                    try:
                        self.resolve(value)
                    except SchemaError as error:
                        problems.append(f"{at}: {error}")
                elif key == "type":
                    names = value if isinstance(value, list) else [value]
                    for name in names:
                        if name not in JSON_TYPES:
                            problems.append(f"{at}.type: unknown type {name!r}")
                elif key == "properties":
                    for name, sub in value.items():
                        walk(sub, f"{at}.properties.{name}")
                elif key in ("additionalProperties", "items", "not"):
                    walk(value, f"{at}.{key}")
                elif key in ("prefixItems", "anyOf", "oneOf", "allOf"):
                    if not isinstance(value, list) or not value:
                        problems.append(f"{at}.{key}: expected a non-empty array of schemas")
                    else:
                        for i, sub in enumerate(value):
                            walk(sub, f"{at}.{key}[{i}]")
                elif key == "pattern":
                    try:
                        re.compile(value)
                    except re.error as error:
                        problems.append(f"{at}.pattern: {error}")
                elif key == "required" and not (isinstance(value, list) and all(isinstance(v, str) for v in value)):
                    problems.append(f"{at}.required: expected an array of strings")
                elif key == "enum" and not isinstance(value, list):
                    problems.append(f"{at}.enum: expected an array")

        walk(schema, where)
        return problems

    # ------------------------------------------------------------------------------------------ validation
    def validate(self, instance: Any, schema: Any, path: str = "$") -> List[Error]:
        """Every violation of ``schema`` by ``instance`` (empty when it is valid)."""
        top = self._memo is None
        if top:
            self._memo = {}
        try:
            errors: List[Error] = []
            self._validate(instance, schema, path, errors)
            return errors
        finally:
            if top:
                self._memo = None

    def is_valid(self, instance: Any, schema: Any) -> bool:
        return not self.validate(instance, schema)

    def _validate(self, value: Any, schema: Any, path: str, errors: List[Error]) -> None:
        if self._memo is not None and isinstance(value, (dict, list)) and isinstance(schema, dict):
            key = (id(value), id(schema))
            found = self._memo.get(key)
            if found is None:
                found = []
                self._validate_once(value, schema, path, found)
                self._memo[key] = found
            errors.extend(found)
            return
        self._validate_once(value, schema, path, errors)

    def _validate_once(self, value: Any, schema: Any, path: str, errors: List[Error]) -> None:
        if schema is True:
            return
        if schema is False:
            errors.append(Error(path, f"no value is allowed here, got {describe(value)}"))
            return
        if "$ref" in schema:
            self._validate(value, self.resolve(schema["$ref"]), path, errors)
        if "type" in schema:
            names = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
            if not any(has_type(value, name) for name in names):
                errors.append(Error(path, f"expected {' or '.join(names)}, got {describe(value)}"))
                return  # the other keywords would only repeat the problem
        if "const" in schema and not json_equal(value, schema["const"]):
            errors.append(Error(path, f"expected {json.dumps(schema['const'], ensure_ascii=False)}, got {describe(value)}"))
        if "enum" in schema and not any(json_equal(value, option) for option in schema["enum"]):
            options = ", ".join(json.dumps(option, ensure_ascii=False) for option in schema["enum"])
            errors.append(Error(path, f"expected one of {options}, got {describe(value)}"))
        if json_type(value) in ("integer", "number"):
            self._numeric(value, schema, path, errors)
        if isinstance(value, str) and "pattern" in schema:
            pattern = self._patterns.get(schema["pattern"])
            if pattern is None:
                pattern = self._patterns[schema["pattern"]] = re.compile(schema["pattern"])
            if not pattern.search(value):
                errors.append(Error(path, f"{json.dumps(value, ensure_ascii=False)} does not match {schema['pattern']}"))
        if isinstance(value, dict):
            self._object(value, schema, path, errors)
        if isinstance(value, list):
            self._array(value, schema, path, errors)
        if "allOf" in schema:
            for sub in schema["allOf"]:
                self._validate(value, sub, path, errors)
        if "anyOf" in schema:
            self._alternatives(value, schema["anyOf"], path, errors, exactly_one=False)
        if "oneOf" in schema:
            self._alternatives(value, schema["oneOf"], path, errors, exactly_one=True)
        if "not" in schema and self.is_valid(value, schema["not"]):
            errors.append(Error(path, f"must not match {json.dumps(schema['not'])}, got {describe(value)}"))

    def _numeric(self, value: Any, schema: Dict[str, Any], path: str, errors: List[Error]) -> None:
        if isinstance(value, float) and not math.isfinite(value):
            errors.append(Error(path, f"expected a finite number, got {value}"))
        for key, test, text in (("minimum", lambda v, b: v >= b, "≥"), ("maximum", lambda v, b: v <= b, "≤"),
                                ("exclusiveMinimum", lambda v, b: v > b, ">"),
                                ("exclusiveMaximum", lambda v, b: v < b, "<")):
            if key in schema and not test(value, schema[key]):
                errors.append(Error(path, f"expected a number {text} {schema[key]}, got {value}"))

    def _object(self, value: Dict[str, Any], schema: Dict[str, Any], path: str, errors: List[Error]) -> None:
        for name in schema.get("required", ()):
            if name not in value:
                errors.append(Error(path, f"missing required member {json.dumps(name)}"))
        properties = schema.get("properties", {})
        for name, member in value.items():
            if name in properties:
                self._validate(member, properties[name], member_path(path, name), errors)
            elif "additionalProperties" in schema:
                extra = schema["additionalProperties"]
                if extra is False:
                    errors.append(Error(member_path(path, name), "unknown member"))
                else:
                    self._validate(member, extra, member_path(path, name), errors)
        for name, needed in schema.get("dependentRequired", {}).items():
            if name in value:
                for other in needed:
                    if other not in value:
                        errors.append(Error(path, f"missing member {json.dumps(other)}, required with {json.dumps(name)}"))

    def _array(self, value: List[Any], schema: Dict[str, Any], path: str, errors: List[Error]) -> None:
        if "minItems" in schema and len(value) < schema["minItems"]:
            errors.append(Error(path, f"expected at least {schema['minItems']} items, got {len(value)}"))
        if "maxItems" in schema and len(value) > schema["maxItems"]:
            errors.append(Error(path, f"expected at most {schema['maxItems']} items, got {len(value)}"))
        prefix = schema.get("prefixItems", [])
        for i, item in enumerate(value):
            if i < len(prefix):
                self._validate(item, prefix[i], f"{path}[{i}]", errors)
            elif "items" in schema:
                if schema["items"] is False:
                    if "maxItems" not in schema:  # maxItems already said it
                        errors.append(Error(f"{path}[{i}]", "no item is allowed here"))
                else:
                    self._validate(item, schema["items"], f"{path}[{i}]", errors)

    def _discriminators(self, schema: Any) -> Dict[str, Any]:
        """``const`` string values a branch requires of members (``{"type": "stack"}``), following ``$ref``s."""
        cached = self._consts.get(id(schema))
        if cached is not None:
            return cached
        target, hops = schema, 0
        while isinstance(target, dict) and "$ref" in target and hops < 16:
            target, hops = self.resolve(target["$ref"]), hops + 1
        found: Dict[str, Any] = {}
        if isinstance(target, dict):
            found = {name: sub["const"] for name, sub in target.get("properties", {}).items()
                     if isinstance(sub, dict) and "const" in sub and isinstance(sub["const"], str)}
        self._consts[id(schema)] = found
        return found

    def _required_enums(self, schema: Any) -> Dict[str, List[Any]]:
        """Members a branch requires whose values it restricts to strings (``"type": {"const": "box"}`` or an
        ``enum`` of element types), following ``$ref``s: a value without such a member, or with another string in
        it, cannot match the branch."""
        cached = self._enums.get(id(schema))
        if cached is not None:
            return cached
        target, hops = schema, 0
        while isinstance(target, dict) and "$ref" in target and hops < 16:
            target, hops = self.resolve(target["$ref"]), hops + 1
        found: Dict[str, List[Any]] = {}
        if isinstance(target, dict):
            for name in target.get("required", ()):
                sub = target.get("properties", {}).get(name)
                if not isinstance(sub, dict):
                    continue
                options = [sub["const"]] if "const" in sub else sub.get("enum")
                if isinstance(options, list) and options and all(isinstance(o, str) for o in options):
                    found[name] = options
        self._enums[id(schema)] = found
        return found

    def _cannot_match(self, value: Dict[str, Any], branch: Any) -> bool:
        if any(k in value and not json_equal(value[k], c) for k, c in self._discriminators(branch).items()):
            return True
        return any(k not in value or not (isinstance(value[k], str) and value[k] in options)
                   for k, options in self._required_enums(branch).items())

    def _alternatives(self, value: Any, branches: Sequence[Any], path: str, errors: List[Error],
                      exactly_one: bool) -> None:
        # Branches whose discriminating const members (e.g. "type": "stack") the value contradicts cannot match:
        # they are not validated (equivalent, and it keeps recursive element schemas linear rather than
        # exponential) and their errors are not reported (they are not what was meant).
        candidates = list(range(len(branches)))
        if isinstance(value, dict):
            candidates = [i for i in candidates if not self._cannot_match(value, branches[i])]
            if not candidates:
                wanted: Dict[str, List[Any]] = {}
                for branch in branches:
                    for k, c in self._discriminators(branch).items():
                        wanted.setdefault(k, []).append(c)
                key = next((k for k in wanted if k in value), "")
                options = ", ".join(json.dumps(c, ensure_ascii=False) for c in wanted.get(key, []))
                errors.append(Error(member_path(path, key), f"expected one of {options}, got {describe(value.get(key))}"))
                return
        results = {i: self.validate(value, branches[i], path) for i in candidates}
        passing = [i for i in candidates if not results[i]]
        if exactly_one and len(passing) > 1:
            errors.append(Error(path, f"matches {len(passing)} alternatives of a oneOf (branches {passing}), expected one"))
        if passing:
            return
        if len(candidates) == 1:
            errors.extend(results[candidates[0]])
            return
        # Each branch's first errors, shortened: nested alternatives would otherwise nest their details without
        # bound.
        details = "; ".join(f"[{i}] " + ", ".join(f"{e.path}: {shorten(e.message)}" for e in results[i][:3])
                            for i in candidates)
        errors.append(Error(path, f"matches none of the alternatives: {details}"))


# ================================================================================================ traffic


@dataclass
class Violation:
    """A message that disagrees with the document."""
    file: str
    line: int
    method: str
    path: str
    message: str

    def __str__(self) -> str:
        return f"{self.file}:{self.line}: {self.method}: {self.path}: {self.message}"


@dataclass
class _Pending:
    method: str
    params: Any
    line: int


@dataclass
class Stats:
    """What the checker saw."""
    files: int = 0
    lines: int = 0
    not_json: int = 0
    requests: int = 0
    results: int = 0
    errors: int = 0
    client_notifications: int = 0
    server_notifications: int = 0
    ambiguous: int = 0
    #: files written by several daemons at once (see :meth:`TrafficChecker.check_file`)
    shared_files: int = 0
    #: method -> number of successful exchanges (requests answered with a result, notifications) validated
    seen: Dict[str, int] = field(default_factory=dict)

    def saw(self, method: str) -> None:
        self.seen[method] = self.seen.get(method, 0) + 1


class TrafficChecker:
    """Validates traced traffic against an OpenRPC document (see the module docstring for the rules)."""

    def __init__(self, document: Dict[str, Any], strict_notifications: bool = True, strict_params: bool = False):
        self.document = document
        #: True: a request's or client notification's params member that the method does not document is a
        #: violation (the server ignores unknown members, so it is legal, but from a client library it is a typo).
        self.strict_params = strict_params
        #: False: client notifications that fail validation go to :attr:`notes`, not :attr:`violations` (the
        #: server never answers a notification, so a deliberately malformed one cannot be told from a bug; the
        #: Swift protocol tests send some on purpose, e.g. ``$/cancelRequest`` without an id).
        self.strict_notifications = strict_notifications
        self.notes: List[Violation] = []
        self.validator = SchemaValidator(document)
        self.methods: Dict[str, Dict[str, Any]] = {}
        for method in document.get("methods", []):
            if "$ref" in method:
                method = self.validator.resolve(method["$ref"])
            self.methods[method["name"]] = method
        self._params_schemas = {name: self.params_schema(method, closed=strict_params) for name, method in
                                self.methods.items()}
        self.violations: List[Violation] = []
        self.stats = Stats()
        self._shared = False

    @classmethod
    def load(cls, path: str = SCHEMA_PATH, strict_notifications: bool = True,
             strict_params: bool = False) -> "TrafficChecker":
        with open(path, encoding="utf-8") as file:
            return cls(json.load(file), strict_notifications, strict_params)

    # ------------------------------------------------------------------------------------------ the document
    def params_schema(self, method: Dict[str, Any], closed: bool = False) -> Dict[str, Any]:
        """One object schema for a by-name params object: each content descriptor a property (``required`` ones
        required), plus ``x-paramsConstraints``. Open to unknown members (the server ignores them) unless ``closed``;
        always closed for server-to-client notifications (the server documents everything it sends)."""
        properties: Dict[str, Any] = {}
        required: List[str] = []
        for descriptor in method.get("params", []):
            if "$ref" in descriptor:
                descriptor = self.validator.resolve(descriptor["$ref"])
            properties[descriptor["name"]] = descriptor.get("schema", True)
            if descriptor.get("required"):
                required.append(descriptor["name"])
        schema: Dict[str, Any] = {"type": "object", "properties": properties, "required": required}
        if closed or method.get("x-direction") == "server-to-client":
            schema["additionalProperties"] = False
        schema.update(method.get("x-paramsConstraints", {}))
        return schema

    def result_schema(self, method: Dict[str, Any]) -> Any:
        result = method.get("result", {})
        if "$ref" in result:
            result = self.validator.resolve(result["$ref"])
        return result.get("schema", True)

    def document_problems(self) -> List[str]:
        """Problems with the document: structure of an OpenRPC 1.2.x document and the schemas' keywords."""
        doc = self.document
        problems: List[str] = []
        if not re.fullmatch(r"1\.\d+\.\d+", str(doc.get("openrpc", ""))):
            problems.append("openrpc: expected a 1.x.y version")
        info = doc.get("info")
        if not (isinstance(info, dict) and isinstance(info.get("title"), str) and isinstance(info.get("version"), str)):
            problems.append("info: needs title and version strings")
        names = [m.get("name") for m in doc.get("methods", [])]
        duplicates = sorted({n for n in names if names.count(n) > 1})
        if duplicates:
            problems.append(f"methods: duplicate names {duplicates}")
        for name, method in self.methods.items():
            where = f"methods[{name}]"
            if method.get("paramStructure") != "by-name":
                problems.append(f"{where}.paramStructure: expected \"by-name\"")
            if not isinstance(method.get("params"), list):
                problems.append(f"{where}.params: expected an array of content descriptors")
            for descriptor in method.get("params", []):
                if not (isinstance(descriptor, dict) and isinstance(descriptor.get("name"), str) and "schema" in descriptor):
                    problems.append(f"{where}.params: a content descriptor needs a name and a schema")
                    continue
                problems += self.validator.check_schema(descriptor["schema"], f"{where}.params.{descriptor['name']}")
            result = method.get("result")
            if not (isinstance(result, dict) and isinstance(result.get("name"), str) and "schema" in result):
                problems.append(f"{where}.result: expected a content descriptor")
            else:
                problems += self.validator.check_schema(result["schema"], f"{where}.result")
            problems += self.validator.check_schema(method.get("x-paramsConstraints", {}), f"{where}.x-paramsConstraints")
            if method.get("x-notification") is True:
                if method.get("x-direction") not in ("client-to-server", "server-to-client"):
                    problems.append(f"{where}: a notification needs x-direction client-to-server or server-to-client")
            elif "x-direction" in method and method["x-direction"] != "server-to-client":
                problems.append(f"{where}: x-direction on a request only as server-to-client (a request layoutd "
                                "sends)")
            for error in method.get("errors", []):
                if "$ref" in error:
                    try:
                        error = self.validator.resolve(error["$ref"])
                    except SchemaError as problem:
                        problems.append(f"{where}.errors: {problem}")
                        continue
                if not (isinstance(error.get("code"), int) and isinstance(error.get("message"), str)):
                    problems.append(f"{where}.errors: an error needs an integer code and a message")
        for name, schema in doc.get("components", {}).get("schemas", {}).items():
            problems += self.validator.check_schema(schema, f"components.schemas.{name}")
        return problems

    def requests(self) -> List[str]:
        """Methods a client calls (requests and client notifications)."""
        return [n for n, m in self.methods.items() if m.get("x-direction") != "server-to-client"]

    def server_notifications(self) -> List[str]:
        return [n for n, m in self.methods.items() if m.get("x-direction") == "server-to-client"]

    # ------------------------------------------------------------------------------------------ traffic
    def _report(self, file: str, line: int, method: str, errors: Iterable[Error], note: str = "") -> None:
        for error in errors:
            self.violations.append(Violation(file, line, method, error.path, error.message + note))

    def _check_params(self, method: str, params: Any) -> List[Error]:
        if params is None or params == []:
            params = {}  # absent, null, {} and [] all mean empty
        return self.validator.validate(params, self._params_schemas[method], "params")

    def check_file(self, path: str) -> None:
        """Checks one trace file (messages of one or more daemons, in the order they were written)."""
        self.stats.files += 1
        pending: Dict[str, List[_Pending]] = {}
        with open(path, encoding="utf-8", errors="replace") as file:
            lines = file.readlines()
        # A trace line names no process: a file that several daemons appended to (more than one initialize was
        # answered) cannot pair answers with requests reliably (every daemon's first request is id 1). There an
        # answer is checked against every pending request with its id, and an answer that fits none is a note.
        self._shared = sum(1 for text in lines if text.startswith('{"direction":"out"') and '"serverInfo"' in text) > 1
        if self._shared:
            self.stats.shared_files += 1
        for number, text in enumerate(lines, 1):
            text = text.strip()
            if not text:
                continue
            self.stats.lines += 1
            try:
                record = json.loads(text)
            except ValueError as error:
                self.violations.append(Violation(path, number, "-", "trace", f"not a JSON line: {error}"))
                continue
            if not isinstance(record, dict) or record.get("direction") not in ("in", "out") or "message" not in record:
                self.violations.append(Violation(path, number, "-", "trace", "expected {\"direction\", \"message\"}"))
                continue
            message = record["message"]
            if isinstance(message, str):
                self.stats.not_json += 1
                continue
            messages = message if isinstance(message, list) else [message]
            for item in messages:
                if not isinstance(item, dict):
                    continue
                if record["direction"] == "in":
                    self._incoming(path, number, item, pending)
                else:
                    self._outgoing(path, number, item, pending)

    def _incoming(self, path: str, line: int, message: Dict[str, Any], pending: Dict[str, List[_Pending]]) -> None:
        method = message.get("method")
        if not isinstance(method, str):
            return  # an invalid envelope: answered with an error
        if "id" in message:
            self.stats.requests += 1
            key = json.dumps(message["id"], sort_keys=True)
            pending.setdefault(key, []).append(_Pending(method, message.get("params"), line))
            return
        self.stats.client_notifications += 1
        spec = self.methods.get(method)
        if spec is None:
            return  # unknown notifications are ignored by the server
        if spec.get("x-direction") == "server-to-client":
            self.violations.append(Violation(path, line, method, "method", "a server-to-client notification sent by the client"))
            return
        errors = self._check_params(method, message.get("params"))
        if errors and not self.strict_notifications:
            self.notes += [Violation(path, line, method, e.path, e.message + " (a client notification; ignored)")
                           for e in errors]
            return
        if not errors:
            self.stats.saw(method)
        self._report(path, line, method, errors)

    def _outgoing(self, path: str, line: int, message: Dict[str, Any], pending: Dict[str, List[_Pending]]) -> None:
        method = message.get("method")
        if isinstance(method, str):
            self.stats.server_notifications += 1
            spec = self.methods.get(method)
            if spec is None or spec.get("x-direction") != "server-to-client":
                self.violations.append(Violation(path, line, method, "method", "not a server-to-client notification of the document"))
                return
            is_notification = spec.get("x-notification") is True
            if is_notification and "id" in message:
                self.violations.append(Violation(path, line, method, "id", "a notification carries no id"))
            elif not is_notification and "id" not in message:
                self.violations.append(Violation(path, line, method, "id", "a request layoutd sends needs an id"))
            errors = self._check_params(method, message.get("params"))
            if not errors:
                self.stats.saw(method)
            self._report(path, line, method, errors)
            return
        if "id" not in message:
            return
        key = json.dumps(message["id"], sort_keys=True)
        candidates = pending.get(key) or []
        if not candidates:
            return  # an answer to an invalid envelope (id null) or to a request that was not traced
        if "error" in message:
            self.stats.errors += 1
            candidates.pop(0)  # errors are expected for invalid requests; nothing to validate
            return
        if "result" not in message:
            return
        self.stats.results += 1
        checks = []
        for index, request in enumerate(candidates):
            if request.method not in self.methods:
                found = [Error("method", "answered with a result, but the method is not in the document")]
            else:
                found = self._check_params(request.method, request.params) + self.validator.validate(
                    message["result"], self.result_schema(self.methods[request.method]), "result")
            checks.append((index, found))
            if not found:
                break
        index, found = next(((i, f) for i, f in checks if not f), checks[0])
        request = candidates.pop(index)
        if len(checks) > 1 or len(candidates) > 0:
            self.stats.ambiguous += 1
        if request.method in self.methods and not found:
            self.stats.saw(request.method)
        if found and self._shared:
            self.notes += [Violation(path, line, request.method, e.path, e.message + " (several daemons wrote this "
                                     "file, so the request may be another's; trace each daemon to its own file "
                                     "with Clients/schema/trace-layoutd.sh)") for e in found]
            return
        self._report(path, line, request.method, found)

    def check(self, paths: Iterable[str]) -> List[Violation]:
        for path in paths:
            self.check_file(path)
        return self.violations


def expand(patterns: Iterable[str]) -> List[str]:
    """Files named by paths, globs (``**`` allowed) and directories (their ``*.jsonl``)."""
    files: List[str] = []
    for pattern in patterns:
        if os.path.isdir(pattern):
            files += sorted(glob.glob(os.path.join(pattern, "*.jsonl")))
        else:
            files += sorted(glob.glob(pattern, recursive=True)) or ([pattern] if os.path.exists(pattern) else [])
    return files


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(description="Check layoutd trace files against the OpenRPC document.")
    parser.add_argument("traces", nargs="*", help="trace files, globs or directories of *.jsonl")
    parser.add_argument("--schema", default=SCHEMA_PATH, help="the OpenRPC document (default: beside this script)")
    parser.add_argument("--lenient-notifications", action="store_true",
                        help="report client notifications that fail validation as notes, not violations (for traffic "
                             "of tests that send malformed notifications on purpose)")
    parser.add_argument("--strict-params", action="store_true",
                        help="params members a method does not document are violations (legal, but a client's typo)")
    parser.add_argument("--coverage", action="store_true", help="also list the methods the traffic never exercised")
    args = parser.parse_args(argv)
    checker = TrafficChecker.load(args.schema, strict_notifications=not args.lenient_notifications,
                                  strict_params=args.strict_params)
    problems = checker.document_problems()
    for problem in problems:
        print(f"{args.schema}: {problem}")
    files = expand(args.traces)
    if args.traces and not files:
        print("no trace files found", file=sys.stderr)
        return 2
    violations = checker.check(files)
    for violation in violations:
        print(violation)
    for note in checker.notes:
        print(f"note: {note}")
    s = checker.stats
    print(f"{s.files} files, {s.lines} messages ({s.not_json} not JSON): {s.requests} requests, {s.results} results, "
          f"{s.errors} errors, {s.client_notifications} client and {s.server_notifications} server notifications; "
          f"{s.shared_files} files written by several daemons; "
          f"{len(violations)} violations, {len(checker.notes)} notes", file=sys.stderr)
    if args.coverage:
        unseen = [name for name in checker.methods if name not in s.seen]
        print(f"exercised {len(checker.methods) - len(unseen)} of {len(checker.methods)} methods; never: "
              f"{', '.join(unseen) or 'none'}", file=sys.stderr)
    return 1 if violations or problems else 0


if __name__ == "__main__":
    sys.exit(main())
