#!/usr/bin/env python3
"""The Chromium oracle of layoutd's `"defaults": "css"` mode (issue 18).

Three commands, all standard library only:

  generate --seed S --count N OUT.json
      Writes N seeded random FORMAT.md cases (`"defaults": "css"`, no `expected` yet). Case i is drawn from
      random.Random(S * 1_000_003 + i), so any case can be regenerated alone.
  render IN.json OUT.json
      Lays every case of IN out in headless Chromium (`chromium`, Debian package) as nested divs with the
      equivalent CSS, both with the root call ltr and rtl, and writes the cases with `expected` frames
      (getBoundingClientRect of every box, relative to its parent's border box, as FORMAT.md's FRAME).
  check CASES.json... [--layoutd PATH]
      Lists the cases that disagree with `layoutd layout`: name, features, first difference.
  minimize CASES.json NAME [--layoutd PATH] [--out FILE]
      Shrinks the named case (which must disagree with `layoutd layout`) to a smallest tree that still
      disagrees: greedily drops subtrees, style properties and edges, re-rendering every candidate round in
      Chromium (one browser run per round) and laying it out with `layoutd layout`. Prints the result.

The page maps a case to CSS like this: a wrapper `display: grid` at the page origin stands for the root's layout
call (a definite available width/height is the wrapper's width/height with a `minmax(0, 1fr)` track, so the root
stretches to it exactly as a layout call with an exact size does; an indefinite one is `max-content` / `auto`);
every node is a div with `display: flex` (or its `display`), `position: static` (or its `positionType`; the root is
`relative`, as the root of a layout call is the containing block of absolute descendants) and the
style properties under their CSS names. `defaults: css` boxes are border-box unless `boxSizing` says otherwise.
"""

import html
import json
import os
import random
import re
import subprocess
import sys
import tempfile

# ---------------------------------------------------------------------------------------------------------------
# Generator


def length(r, allow_percent=True, allow_auto=True, big=False):
    roll = r.random()
    if allow_auto and roll < 0.35:
        return "auto"
    if allow_percent and roll < 0.55:
        return "%d%%" % r.choice([10, 20, 25, 30, 50, 60, 75, 100])
    return r.choice([0, 5, 10, 15, 20, 25, 30, 40, 50, 60, 80] + ([100, 120, 150] if big else []))


def edges(r, kind, allow):
    """An EDGES object; percentages only with the `percent` feature, auto margins only with `auto-margin`."""
    out = {}
    for side in ["left", "top", "right", "bottom"]:
        if r.random() < 0.5:
            continue
        pct = "percent" in allow and r.random() < 0.4
        if kind == "margin":
            if "auto-margin" in allow and r.random() < 0.35:
                out[side] = "auto"
            else:
                out[side] = "%d%%" % r.choice([5, 10, 20]) if pct else r.choice([0, 2, 5, 10])
        elif kind == "padding":
            out[side] = "%d%%" % r.choice([5, 10]) if pct else r.choice([0, 2, 5, 10])
        elif kind == "border":
            out[side] = r.choice([1, 2, 3, 5])
        else:  # position (insets)
            out[side] = "%d%%" % r.choice([0, 10, 25, 50]) if pct else r.choice([0, 5, 10, 20])
    return out


def node(r, depth, max_depth, is_root, budget, allow):
    """A random NODE using only the features in `allow` beyond the plain vocabulary (directions, justify and
    align keywords, flex factors, numeric sizes, margins, paddings and borders)."""
    style = {}
    c = r.random
    pct = "percent" in allow
    style["flexDirection"] = r.choice(["row", "row", "column", "column", "row-reverse", "column-reverse"])
    if "wrap" in allow and c() < 0.6:
        style["flexWrap"] = r.choice(["wrap", "wrap", "wrap-reverse"])
        if c() < 0.7:
            style["alignContent"] = r.choice(
                ["flex-start", "center", "flex-end", "stretch", "space-between", "space-around", "space-evenly"])
    if c() < 0.5:
        style["justifyContent"] = r.choice(
            ["flex-start", "center", "flex-end", "space-between", "space-around", "space-evenly"])
    if c() < 0.5:
        style["alignItems"] = r.choice(["flex-start", "center", "flex-end", "stretch"])
    if "baseline" in allow and c() < 0.5:
        style["alignItems"] = "baseline"
    if c() < 0.15:
        style["padding"] = edges(r, "padding", allow)
    if c() < 0.15:
        style["border"] = edges(r, "border", allow)
    if "gap" in allow and c() < 0.6:
        values = [0, 5, 10] + (["10%"] if pct else [])
        style["gap"] = {k: r.choice(values) for k in r.sample(["row", "column"], r.choice([1, 2]))}
    if "box-sizing" in allow and c() < 0.5:
        style["boxSizing"] = "content-box"
        if "padding" not in style:
            style["padding"] = edges(r, "padding", allow)
    if "rtl-node" in allow and c() < 0.4:
        style["direction"] = r.choice(["rtl", "rtl", "ltr"])
    if "overflow" in allow and c() < 0.4:
        style["overflow"] = "hidden"
    if is_root:
        # The root is the layout call's box: numeric sizes only, no auto margins, in flow.
        if c() < 0.5:
            style["width"] = r.choice([50, 100, 150, 200, 300])
        if c() < 0.4:
            style["height"] = r.choice([50, 100, 150, 200, 300])
        if c() < 0.15:
            style["margin"] = {k: v for k, v in edges(r, "margin", ()).items()}
    else:
        if "absolute" in allow and c() < 0.3:
            style["positionType"] = "absolute"
            style["position"] = edges(r, "position", allow)
        elif c() < 0.5:
            style["positionType"] = "relative"
            if c() < 0.08:
                style["position"] = edges(r, "position", ())
        if "display" in allow and c() < 0.25:
            style["display"] = r.choice(["none", "contents"])
        for key in ["width", "height"]:
            if c() < 0.55:
                style[key] = length(r, allow_percent=pct, big=True)
        if "aspect-ratio" in allow and c() < 0.4:
            style["aspectRatio"] = r.choice([0.5, 1, 1.5, 2, 3])
        if c() < 0.4:
            style["flexGrow"] = r.choice([0, 1, 1, 2, 3])
        if c() < 0.3:
            style["flexShrink"] = r.choice([0, 0, 1, 2])
        if c() < 0.25:
            style["flexBasis"] = length(r, allow_percent=pct, big=True)
        if "min-max" in allow:
            for key in ["minWidth", "minHeight", "maxWidth", "maxHeight"]:
                if c() < 0.25:
                    style[key] = length(r, allow_percent=pct, allow_auto=False)
        if c() < 0.25 or ("auto-margin" in allow and c() < 0.4):
            style["margin"] = edges(r, "margin", allow)
        if c() < 0.2:
            style["alignSelf"] = r.choice(["auto", "flex-start", "center", "flex-end", "stretch"])
        if "baseline" in allow and c() < 0.2:
            style["alignSelf"] = "baseline"
    for key in list(style):
        if style[key] in ({}, "auto") and key not in ("alignSelf",):
            del style[key]
    children = []
    if depth < max_depth and budget[0] > 0 and (is_root or c() < 0.45):
        for _ in range(r.choice([1, 2, 2, 3, 3, 4, 5])):
            if budget[0] <= 0:
                break
            budget[0] -= 1
            children.append(node(r, depth + 1, max_depth, False, budget, allow))
    out = {"style": style}
    if children:
        out["children"] = children
    return out


def features_of(case):
    found = set()
    if case["available"]["width"] is None or case["available"]["height"] is None:
        if "width" not in case["root"]["style"] or "height" not in case["root"]["style"]:
            found.add("indefinite")

    def visit(n, parent_style):
        s = n["style"]
        if "aspectRatio" in s:
            found.add("aspect-ratio")
        if s.get("flexWrap") in ("wrap", "wrap-reverse") and len(n.get("children", [])) > 1:
            found.add("wrap")
        if s.get("display") in ("none", "contents"):
            found.add("display")
        if s.get("positionType") == "absolute":
            found.add("absolute")
        if "boxSizing" in s:
            found.add("box-sizing")
        if s.get("direction") == "rtl":
            found.add("rtl-node")
        if "gap" in s:
            found.add("gap")
        if "overflow" in s:
            found.add("overflow")
        if any(k in s for k in ("minWidth", "minHeight", "maxWidth", "maxHeight")):
            found.add("min-max")
        if s.get("alignItems") == "baseline" or s.get("alignSelf") == "baseline":
            found.add("baseline")
        for k, v in s.items():
            if isinstance(v, str) and v.endswith("%"):
                found.add("percent")
            if isinstance(v, dict):
                for side, e in v.items():
                    if isinstance(e, str) and e.endswith("%"):
                        found.add("percent")
                    if k == "margin" and e == "auto":
                        found.add("auto-margin")
        for ch in n.get("children", []):
            visit(ch, s)

    visit(case["root"], None)
    return sorted(found)


# Features a case may focus on (each case draws 0 to 3 of them; 0 = a plain tree).
FOCUS = ["aspect-ratio", "wrap", "display", "percent", "absolute", "auto-margin", "min-max", "box-sizing", "baseline",
         "rtl-node", "indefinite", "gap", "overflow"]


def generate(seed, count):
    cases = []
    for i in range(count):
        r = random.Random(seed * 1_000_003 + i)
        allow = set(r.sample(FOCUS, r.choice([0, 1, 1, 1, 1, 1, 2, 2, 2, 3])))
        indefinite = "indefinite" in allow
        avail = {
            "width": None if indefinite and r.random() < 0.6 else r.choice([100, 200, 320, 375]),
            "height": None if indefinite or r.random() < 0.5 else r.choice([100, 200, 400]),
        }
        budget = [r.choice([2, 4, 6, 8, 10, 12])]
        root = node(r, 0, r.choice([1, 2, 2, 3, 3, 4]), True, budget, allow)
        case = {"name": "css-%d-%05d" % (seed, i), "defaults": "css", "config": {"pointScaleFactor": 0},
                "available": avail, "root": root}
        case["features"] = features_of(case)
        cases.append(case)
    return cases


# ---------------------------------------------------------------------------------------------------------------
# Renderer

PAGE = r"""<!DOCTYPE html>
<html><head><meta charset="utf-8"><style>body { margin: 0 } div { box-sizing: border-box }</style></head>
<body><pre id="out"></pre><script>
const CASES = __CASES__;
const CSSNAME = {flexDirection: "flex-direction", justifyContent: "justify-content", alignItems: "align-items",
  alignSelf: "align-self", alignContent: "align-content", flexWrap: "flex-wrap", overflow: "overflow",
  boxSizing: "box-sizing", flexGrow: "flex-grow", flexShrink: "flex-shrink", flexBasis: "flex-basis",
  width: "width", height: "height", minWidth: "min-width", minHeight: "min-height", maxWidth: "max-width",
  maxHeight: "max-height", aspectRatio: "aspect-ratio", direction: "direction"};
function len(v) { return typeof v === "number" ? v + "px" : v; }
function maxLen(v) { return v === "auto" ? "none" : len(v); }
function build(n, parent) {
  const d = document.createElement("div");
  const s = n.style || {};
  const st = d.style;
  st.display = s.display || "flex";
  st.position = s.positionType || "static";
  for (const [k, v] of Object.entries(s)) {
    if (k === "display" || k === "positionType") continue;
    if (k === "margin" || k === "padding" || k === "border" || k === "position") {
      for (const [side, e] of Object.entries(v)) {
        if (k === "position") st[side] = len(e);
        else if (k === "border") { st["border-" + side + "-width"] = e + "px"; st["border-" + side + "-style"] = "solid"; }
        else st[k + "-" + side] = len(e);
      }
    } else if (k === "gap") {
      if (v.all !== undefined) st.gap = len(v.all);
      if (v.row !== undefined) st.rowGap = len(v.row);
      if (v.column !== undefined) st.columnGap = len(v.column);
    } else if (k === "maxWidth" || k === "maxHeight") {
      st.setProperty(CSSNAME[k], maxLen(v));
    } else if (k === "aspectRatio" || k === "flexGrow" || k === "flexShrink") {
      st.setProperty(CSSNAME[k], String(v));
    } else if (CSSNAME[k]) {
      st.setProperty(CSSNAME[k], len(v));
    } else {
      throw new Error("unmapped style property " + k);
    }
  }
  parent.appendChild(d);
  const kids = (n.children || []).map(c => build(c, d));
  return {el: d, n, kids};
}
function frames(b, boxParent, hidden) {
  const disp = b.n.style && b.n.style.display;
  const none = hidden || disp === "none";
  const contents = disp === "contents";
  let f;
  if (none || contents) f = {left: 0, top: 0, width: 0, height: 0};
  else {
    const r = b.el.getBoundingClientRect();
    const p = boxParent.getBoundingClientRect();
    f = {left: r.left - p.left, top: r.top - p.top, width: r.width, height: r.height};
  }
  f.children = b.kids.map(k => frames(k, contents ? boxParent : b.el, none));
  return f;
}
const out = [];
for (const c of CASES) {
  const expected = {};
  for (const dir of ["ltr", "rtl"]) {
    const w = document.createElement("div");
    const a = c.available;
    w.style.cssText = "position:absolute;left:0;top:0;display:grid;direction:ltr;" +
      (a.width === null ? "width:max-content;grid-template-columns:minmax(0,1fr);" :
        "width:" + a.width + "px;grid-template-columns:minmax(0,1fr);") +
      (a.height === null ? "grid-template-rows:auto;" : "height:" + a.height + "px;grid-template-rows:minmax(0,1fr);");
    document.body.appendChild(w);
    const tree = build(c.root, w);
    if (!(c.root.style && c.root.style.direction)) tree.el.style.direction = dir;
    // The root of a layout call is the containing block of its absolutely positioned descendants.
    if (tree.el.style.position === "static") tree.el.style.position = "relative";
    expected[dir] = frames(tree, w, false);
    w.remove();
  }
  out.push(expected);
}
document.getElementById("out").textContent = JSON.stringify(out);
</script></body></html>
"""


def q(v):
    """A browser value on its 1/64 px grid, as a compact JSON number."""
    v = round(v * 64) / 64
    return int(v) if v == int(v) else v


def quantize(f):
    return {"left": q(f["left"]), "top": q(f["top"]), "width": q(f["width"]), "height": q(f["height"]),
            "children": [quantize(c) for c in f["children"]]}


def render(cases):
    """Returns the cases with `expected` frames from headless Chromium (one browser run)."""
    with tempfile.TemporaryDirectory() as work:
        page = os.path.join(work, "page.html")
        bare = [{"available": c["available"], "root": c["root"]} for c in cases]
        with open(page, "w", encoding="utf-8") as f:
            f.write(PAGE.replace("__CASES__", json.dumps(bare)))
        dom = subprocess.run(
            ["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir=" + os.path.join(work, "profile"),
             "--dump-dom", "file://" + page],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, check=True).stdout.decode("utf-8")
    match = re.search(r'<pre id="out">(.*?)</pre>', dom, re.S)
    if not match or not match.group(1):
        raise SystemExit("chromium produced no frames (a script error?)")
    results = json.loads(html.unescape(match.group(1)))
    out = []
    for c, e in zip(cases, results):
        c = dict(c)
        c["expected"] = {d: quantize(e[d]) for d in ("ltr", "rtl")}
        c["tolerance"] = TOLERANCE
        out.append(c)
    return out


# Chromium lays out in 1/64 px units and floors fractions along the way; a frame value matches within 1/32.
TOLERANCE = 0.03125

# ---------------------------------------------------------------------------------------------------------------
# Minimiser


def first_difference(got, want, tol, path):
    for k in ("left", "top", "width", "height"):
        if not abs(got.get(k, float("nan")) - want[k]) <= tol:
            return "%s.%s: got %s, expected %s" % (path, k, got.get(k), want[k])
    gc, wc = got.get("children", []), want.get("children", [])
    if len(gc) != len(wc):
        return "%s.children: count" % path
    for i, (g, w) in enumerate(zip(gc, wc)):
        d = first_difference(g, w, tol, "%s.children[%d]" % (path, i))
        if d:
            return d
    return None


def layoutd_frames(cases, layoutd):
    doc = json.dumps({"cases": [dict(c, expected=None) for c in cases]})
    res = subprocess.run([layoutd, "layout", "--direction", "both", "-"], input=doc.encode(), stdout=subprocess.PIPE,
                         check=True)
    return json.loads(res.stdout)["results"]


def disagreements(cases, layoutd):
    out = []
    for c, got in zip(cases, layoutd_frames(cases, layoutd)):
        diff = None
        for d in ("ltr", "rtl"):
            if d in got and d in c["expected"]:
                diff = diff or first_difference(got[d], c["expected"][d], c.get("tolerance", 0.01), d)
        out.append(diff)
    return out


def candidates(case):
    """Every case one step smaller than `case`: a subtree, a style property or one edge removed."""
    out = []
    paths = []

    def walk(n, path):
        paths.append(path)
        for i, ch in enumerate(n.get("children", [])):
            walk(ch, path + [i])

    walk(case["root"], [])

    def at(root, path):
        n = root
        for i in path:
            n = n["children"][i]
        return n

    for path in paths:
        if path:
            c = json.loads(json.dumps(case))
            parent = at(c["root"], path[:-1])
            del parent["children"][path[-1]]
            if not parent["children"]:
                del parent["children"]
            out.append(c)
    for path in paths:
        n = at(case["root"], path)
        for key, value in n["style"].items():
            c = json.loads(json.dumps(case))
            del at(c["root"], path)["style"][key]
            out.append(c)
            if isinstance(value, dict) and len(value) > 1:
                for side in value:
                    c = json.loads(json.dumps(case))
                    del at(c["root"], path)["style"][key][side]
                    out.append(c)
    for dim in ("width", "height"):
        if case["available"][dim] is not None:
            c = json.loads(json.dumps(case))
            c["available"][dim] = None
            out.append(c)
    return out


def minimize(case, layoutd):
    case = dict(case)
    case.pop("expected", None)
    [rendered] = render([case])
    if not disagreements([rendered], layoutd)[0]:
        raise SystemExit("the case agrees with Chromium; nothing to minimise")
    current = rendered
    while True:
        cands = candidates(current)
        if not cands:
            break
        rendered = render([dict(c, expected=None) for c in cands])
        diffs = disagreements(rendered, layoutd)
        smaller = [c for c, d in zip(rendered, diffs) if d]
        if not smaller:
            break
        current = smaller[0]
        print("minimise: %d nodes, %s" % (json.dumps(current["root"]).count('"style"'), diffs[rendered.index(current)]),
              file=sys.stderr)
    current["features"] = features_of(current)
    return current


def main(argv):
    if len(argv) >= 2 and argv[1] == "generate":
        seed, count, path = int(argv[3]), int(argv[5]), argv[6]
        with open(path, "w", encoding="utf-8") as f:
            json.dump({"cases": generate(seed, count)}, f, separators=(",", ":"))
    elif len(argv) == 4 and argv[1] == "render":
        cases = json.load(open(argv[2], encoding="utf-8"))["cases"]
        rendered = render(cases)
        version = subprocess.run(["chromium", "--version"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL
                                 ).stdout.decode().strip()
        for c in rendered:
            c["source"] = version + " --headless, css_oracle.py"
        with open(argv[3], "w", encoding="utf-8") as f:
            f.write('{"cases":[\n')
            f.write(",\n".join(json.dumps(c, separators=(",", ":")) for c in rendered))
            f.write("\n]}\n")
    elif len(argv) >= 3 and argv[1] == "check":
        layoutd = argv[argv.index("--layoutd") + 1] if "--layoutd" in argv else ".build/debug/layoutd"
        files = [a for a in argv[2:] if a.endswith(".json")]
        cases = [c for path in files for c in json.load(open(path, encoding="utf-8"))["cases"]]
        for c, d in zip(cases, disagreements(cases, layoutd)):
            if d:
                print("%s %s %s" % (c["name"], ",".join(c["features"]) or "plain", d))
    elif len(argv) >= 4 and argv[1] == "minimize":
        cases = json.load(open(argv[2], encoding="utf-8"))["cases"]
        layoutd = argv[argv.index("--layoutd") + 1] if "--layoutd" in argv else ".build/debug/layoutd"
        [case] = [c for c in cases if c["name"] == argv[3]]
        small = minimize(case, layoutd)
        text = json.dumps({"cases": [small]}, indent=1)
        if "--out" in argv:
            open(argv[argv.index("--out") + 1], "w").write(text + "\n")
        print(text)
    else:
        print(__doc__, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
