#!/usr/bin/env bash
# Compares layoutd's engine with Yoga (PyPI yoga-python) and Taffy (PyPI stretchable) on the bench trees.
# Peers are for benchmarking only; they are never a dependency of the product.
# Usage: Tests/Benchmarks/peers.sh [--runs N] [TREE.json ...]   (release build of layoutd for the ratios)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
python="${PEERS_PYTHON:-/root/.pyenv/versions/3.13.0/bin/python3}"
venv="${PEERS_VENV:-${TMPDIR:-/tmp}/layoutd-peers-venv}"
if [ ! -x "$venv/bin/python" ]; then
  "$python" -m venv "$venv"
  "$venv/bin/pip" install -q yoga-python stretchable
fi
layoutd=""
if [ -x "$root/.build/release/layoutd" ]; then layoutd="$root/.build/release/layoutd"; fi
exec "$venv/bin/python" "$here/peers.py" --root "$root" ${layoutd:+--layoutd "$layoutd"} "$@"
