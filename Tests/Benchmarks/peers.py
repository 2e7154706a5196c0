"""Times Yoga (yoga-python) and Taffy (stretchable) on layoutd's bench trees and prints ns/node and ratios.

Each run lays out a freshly built tree (so no engine cache answers), timing only the layout call. Trees with
measure leaves are skipped (Python measure callbacks would dominate). layoutd's own figures come from
`layoutd bench` when a release binary is given.
"""

import argparse
import json
import statistics
import subprocess
import sys
import time

import stretchable as st
from stretchable import taffylib
from stretchable.context import taffy as taffy_context
import yoga as yg
from stretchable.style import PCT, PT, AUTO
from stretchable.style.geometry.size import SizeAvailableSpace

sys.setrecursionlimit(100_000)

DEFAULT_TREES = ["feed-cell-fixed", "nested-10x10x10x10", "wide-1k", "wide-10k", "deep-100"]


def count(node):
    """Number of nodes under and including `node`."""
    return 1 + sum(count(c) for c in node.get("children", []))


def has_measure(node):
    """True when a measure leaf occurs in the tree."""
    return "measure" in node or any(has_measure(c) for c in node.get("children", []))


def edges(value):
    """FORMAT.md EDGES -> (left, top, right, bottom) numbers (bench trees use numbers only)."""
    out = {}
    for side in ("left", "top", "right", "bottom"):
        h = value.get("horizontal", value.get("all")) if side in ("left", "right") else value.get("vertical", value.get("all"))
        out[side] = value.get(side, h)
    return out


YOGA_EDGE = {"left": yg.Edge.Left, "top": yg.Edge.Top, "right": yg.Edge.Right, "bottom": yg.Edge.Bottom}
YOGA_DIR = {"row": yg.FlexDirection.Row, "column": yg.FlexDirection.Column,
            "row-reverse": yg.FlexDirection.RowReverse, "column-reverse": yg.FlexDirection.ColumnReverse}
YOGA_ALIGN = {"center": yg.Align.Center, "flex-start": yg.Align.FlexStart, "flex-end": yg.Align.FlexEnd,
              "stretch": yg.Align.Stretch}


def build_yoga(node, config, keep):
    """A Yoga node tree for a bench NODE (Yoga defaults); `keep` holds every wrapper (the bindings free a node
    when its Python object dies)."""
    n = yg.Node(config)
    keep.append(n)
    s = node.get("style", {})
    for key, v in s.items():
        if key == "width" or key == "height":
            if isinstance(v, str) and v.endswith("%"):
                getattr(n, "set_%s_percent" % key)(float(v[:-1]))
            else:
                setattr(n, key, float(v))
        elif key == "flexGrow":
            n.flex_grow = float(v)
        elif key == "flexShrink":
            n.flex_shrink = float(v)
        elif key == "flexDirection":
            n.flex_direction = YOGA_DIR[v]
        elif key == "alignItems":
            n.align_items = YOGA_ALIGN[v]
        elif key == "flexWrap":
            n.flex_wrap = yg.Wrap.Wrap if v == "wrap" else yg.Wrap.NoWrap
        elif key == "aspectRatio":
            n.aspect_ratio = float(v)
        elif key in ("padding", "margin"):
            for side, value in edges(v).items():
                if value is not None:
                    getattr(n, "set_" + key)(YOGA_EDGE[side], float(value))
        else:
            raise ValueError("unsupported style " + key)
    for i, c in enumerate(node.get("children", [])):
        n.insert_child(build_yoga(c, config, keep), i)
    return n


def taffy_len(v):
    """A FORMAT.md length for stretchable."""
    if isinstance(v, str) and v.endswith("%"):
        return float(v[:-1]) * PCT
    return float(v) * PT


def build_taffy(node):
    """A Taffy node tree for a bench NODE, with Yoga's defaults spelled out."""
    s = node.get("style", {})
    kw = dict(flex_direction=st.style.FlexDirection.COLUMN, flex_shrink=0.0,
              align_content=st.style.AlignContent.FLEX_START)
    size = {}
    for key, v in s.items():
        if key in ("width", "height"):
            size[key] = taffy_len(v)
        elif key == "flexGrow":
            kw["flex_grow"] = float(v)
        elif key == "flexShrink":
            kw["flex_shrink"] = float(v)
        elif key == "flexDirection":
            kw["flex_direction"] = {"row": st.style.FlexDirection.ROW, "column": st.style.FlexDirection.COLUMN}[v]
        elif key == "alignItems":
            kw["align_items"] = {"center": st.style.AlignItems.CENTER, "flex-start": st.style.AlignItems.FLEX_START,
                                 "stretch": st.style.AlignItems.STRETCH}[v]
        elif key == "flexWrap":
            kw["flex_wrap"] = st.style.FlexWrap.WRAP if v == "wrap" else st.style.FlexWrap.NO_WRAP
        elif key == "aspectRatio":
            kw["aspect_ratio"] = float(v)
        elif key in ("padding", "margin"):
            e = edges(v)
            kw[key] = st.style.Rect(*[(e[side] or 0) * PT for side in ("top", "right", "bottom", "left")])
        else:
            raise ValueError("unsupported style " + key)
    if size:
        kw["size"] = st.style.Size(size.get("width", AUTO), size.get("height", AUTO))
    return st.Node(*[build_taffy(c) for c in node.get("children", [])], style=st.Style(**kw))


def available(doc):
    """The available (width, height), NaN when unbounded."""
    a = doc.get("available", {})
    w, h = a.get("width"), a.get("height")
    return (float("nan") if w is None else float(w), float("nan") if h is None else float(h))


def time_yoga(doc, runs):
    """Median ns per layout of fresh Yoga trees."""
    config = yg.Config()
    w, h = available(doc)
    times = []
    for _ in range(runs):
        keep = []
        root = build_yoga(doc["root"], config, keep)
        t = time.perf_counter_ns()
        root.calculate_layout(w, h, yg.Direction.LTR)
        times.append(time.perf_counter_ns() - t)
    return statistics.median(times)


def time_taffy(doc, runs):
    """Median ns per layout of fresh Taffy trees."""
    w, h = available(doc)
    space = (w if w == w else None, h if h == h else None)
    times = []
    for _ in range(runs):
        root = build_taffy(doc["root"])
        # Node.compute_layout also copies every node's box back into Python objects, which costs ~20x the layout
        # itself; time Taffy's compute call alone, then do the copy-back outside the timed section.
        available_space = SizeAvailableSpace(*space)
        t = time.perf_counter_ns()
        taffylib.node_compute_layout(taffy_context._ptr, root._node_id, available_space.to_dict())
        times.append(time.perf_counter_ns() - t)
        root.compute_layout(space)
    return statistics.median(times)


def ours(layoutd, files, runs):
    """ns/node per tree name from `layoutd bench`, or {} when unavailable."""
    if not layoutd:
        return {}
    try:
        out = subprocess.run([layoutd, "bench", "--runs", str(runs)] + files, capture_output=True, text=True,
                             check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return {}
    result = {}
    for line in out.splitlines()[1:]:
        cols = line.split()
        if len(cols) >= 4 and cols[1].isdigit():
            result[cols[0]] = float(cols[3])
    return result


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--root", required=True)
    parser.add_argument("--layoutd")
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("trees", nargs="*")
    args = parser.parse_args()
    names = args.trees or DEFAULT_TREES
    files = [n if n.endswith(".json") else "%s/Tests/Fixtures/bench/%s.json" % (args.root, n) for n in names]
    mine = ours(args.layoutd, files, max(args.runs, 11))
    print("%-20s %8s %12s %12s %12s %10s %10s" % ("tree", "nodes", "yoga ns/n", "taffy ns/n", "layoutd ns/n",
                                                   "vs yoga", "vs taffy"))
    for f in files:
        doc = json.load(open(f))
        name = f.rsplit("/", 1)[-1][:-5]
        if has_measure(doc["root"]):
            print("%-20s skipped: measure leaves" % name)
            continue
        nodes = count(doc["root"])
        y = time_yoga(doc, args.runs) / nodes
        t = time_taffy(doc, args.runs) / nodes
        m = mine.get(name)
        print("%-20s %8d %12.0f %12.0f %12s %10s %10s" % (
            name, nodes, y, t, "-" if m is None else "%.0f" % m,
            "-" if m is None else "%.2fx" % (y / m), "-" if m is None else "%.2fx" % (t / m)))


if __name__ == "__main__":
    main()
