"""Resident memory per row of a daemon fed by a paced client: 1,000-row `table/insertRows` requests, each sent
once the previous one is answered, then a wait until every row has committed. Prints bytes per row (VmRSS after
minus before, divided by rows) for the box feed cell of Tests/Fixtures/bench/feed-cell.json and for a 15-element
Texture-spec photo cell. Standard library only; Linux (/proc).

    python3 Tests/Benchmarks/paced-memory.py [--rows N] [.build/release/layoutd]

`layoutd bench --server` measures the other case: all inserts streamed at once, while earlier ones are laid out.
"""

import argparse
import json
import os
import subprocess
import time

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))


class Daemon:
    """A spawned layoutd with blocking calls."""

    def __init__(self, binary):
        self.process = subprocess.Popen([binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.next_id = 1

    def send(self, message):
        body = json.dumps(message).encode()
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()

    def read(self):
        header = b""
        while not header.endswith(b"\r\n\r\n"):
            byte = self.process.stdout.read(1)
            if not byte:
                raise EOFError("the daemon closed its output")
            header += byte
        length = int(header.split(b":")[1].split(b"\r")[0])
        return json.loads(self.process.stdout.read(length))

    def call(self, method, params=None):
        """Sends a request and returns its result, skipping notifications."""
        request_id = self.next_id
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": request_id, "method": method, "params": params or {}})
        while True:
            message = self.read()
            if message.get("id") == request_id:
                if "error" in message:
                    raise RuntimeError("%s: %s" % (method, message["error"]))
                return message["result"]

    def resident(self):
        with open("/proc/%d/status" % self.process.pid) as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) * 1024
        return 0

    def close(self):
        self.call("shutdown")
        self.send({"jsonrpc": "2.0", "method": "exit"})
        self.process.wait(timeout=30)


def text(string):
    return {"type": "text", "text": string, "fontSize": 14}


def texture_cell():
    """A 15-element photo cell in Texture specs (stacks, ratio, inset, text and node leaves)."""
    header = {"type": "stack", "direction": "horizontal", "spacing": 8, "children": [
        {"type": "node", "style": {"width": 40, "height": 40}},
        {"type": "stack", "direction": "vertical", "children": [text("username"), text("San Francisco, California")]},
        text("2h")]}
    return {"type": "stack", "direction": "vertical", "spacing": 4, "children": [
        header, {"type": "ratio", "ratio": 1, "child": {"type": "node"}}, text("1,234 likes"),
        text("caption caption caption caption caption"), text("comment one"), text("comment two"),
        {"type": "inset", "insets": {"top": 4, "left": 8, "bottom": 4, "right": 8}, "child": text("View all comments")}]}


def box_cell():
    """The root of feed-cell.json as a box cell."""
    with open(os.path.join(ROOT, "Tests", "Fixtures", "bench", "feed-cell.json")) as f:
        root = json.load(f)["root"]
    return dict(type="box", **root)


def bytes_per_row(binary, cell, rows):
    daemon = Daemon(binary)
    daemon.call("initialize")
    daemon.call("session/create", {"sessionId": "s1", "viewport": {"width": 375, "height": 667},
                                   "interfaceStates": False, "batchFetching": False})
    before = daemon.resident()
    for _ in range(rows // 1000):
        daemon.call("table/insertRows", {"sessionId": "s1", "rows": [{"cell": cell}] * 1000})
    daemon.call("table/waitUntilAllUpdatesAreProcessed", {"sessionId": "s1"})
    time.sleep(1)
    after = daemon.resident()
    daemon.close()
    return (after - before) / rows


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--rows", type=int, default=100_000)
    parser.add_argument("binary", nargs="?", default=os.path.join(ROOT, ".build", "release", "layoutd"))
    args = parser.parse_args()
    for name, cell in (("box feed cell (13 nodes)", box_cell()), ("Texture photo cell (15 elements)", texture_cell())):
        print("%-34s %7.0f bytes/row resident after %d rows" % (name, bytes_per_row(args.binary, cell, args.rows),
                                                                  args.rows))


if __name__ == "__main__":
    main()
