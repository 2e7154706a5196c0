"""Resident memory of a daemon before a session, after inserting N rows into it (and waiting), and after
`session/dispose` (plus a 1 s settle), after a first 1,000-row session has paid the process's one-time costs
(fonts, thread stacks): Protocol.md says dispose hands the session's memory back, within 50 MB of
what the daemon held before the session. Rows are sent in 10,000-row `table/insertRows` requests, each once the
previous one is answered. Standard library only; Linux (/proc).

    python3 Tests/Benchmarks/dispose-memory.py [--rows N] [--cell photo|box|text] [.build/release/layoutd]
"""

import argparse
import importlib.util
import os
import time

HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location("paced_memory", os.path.join(HERE, "paced-memory.py"))
paced = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(paced)

CELLS = {
    "photo": paced.texture_cell,
    "box": paced.box_cell,
    "text": lambda: paced.text("lorem ipsum dolor sit amet consectetur"),
}


def measure(binary, cell, rows, chunk=10_000):
    """(before, after insert, after dispose) resident bytes."""
    daemon = paced.Daemon(binary)
    daemon.call("initialize")
    # A first, small session pays what the process keeps once (fonts parsed, the layout threads' stacks).
    daemon.call("session/create", {"sessionId": "warm", "viewport": {"width": 375, "height": 667},
                                   "interfaceStates": False, "batchFetching": False})
    daemon.call("table/insertRows", {"sessionId": "warm", "rows": [{"cell": cell}] * 1000})
    daemon.call("table/waitUntilAllUpdatesAreProcessed", {"sessionId": "warm"})
    daemon.call("session/dispose", {"sessionId": "warm"})
    time.sleep(0.5)
    before = daemon.resident()
    daemon.call("session/create", {"sessionId": "s1", "viewport": {"width": 375, "height": 667},
                                   "interfaceStates": False, "batchFetching": False})
    for start in range(0, rows, chunk):
        daemon.call("table/insertRows", {"sessionId": "s1", "rows": [{"cell": cell}] * min(chunk, rows - start)})
    daemon.call("table/waitUntilAllUpdatesAreProcessed", {"sessionId": "s1"})
    inserted = daemon.resident()
    daemon.call("session/dispose", {"sessionId": "s1"})
    time.sleep(1)
    disposed = daemon.resident()
    daemon.close()
    return before, inserted, disposed


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--rows", type=int, default=1_000_000)
    parser.add_argument("--cell", choices=sorted(CELLS), default="photo")
    parser.add_argument("binary", nargs="?", default=os.path.join(paced.ROOT, ".build", "release", "layoutd"))
    args = parser.parse_args()
    before, inserted, disposed = measure(args.binary, CELLS[args.cell](), args.rows)
    mb = 1 << 20
    print("%d %s rows: resident %.0f MB before the session, %.0f MB after insert + wait, %.0f MB after dispose "
          "(%+.0f MB)" % (args.rows, args.cell, before / mb, inserted / mb, disposed / mb, (disposed - before) / mb))


if __name__ == "__main__":
    main()
