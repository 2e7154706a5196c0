#!/usr/bin/env bash
# Runs every test of layoutd: Swift unit, conformance and protocol tests, then each client's tests.
# Installs what the tests need on a fresh machine (Debian packages), so it works from a clean clone.
set -euo pipefail
cd "$(dirname "$0")/.."

need_apt=()
[ -e /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] || need_apt+=(fonts-dejavu-core)
command -v python3 >/dev/null || need_apt+=(python3)
command -v node >/dev/null || need_apt+=(nodejs)
command -v nvim >/dev/null || need_apt+=(neovim)
if [ ${#need_apt[@]} -gt 0 ]; then
  echo "== installing: ${need_apt[*]}"
  if [ "$(id -u)" = 0 ]; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need_apt[@]}" >/dev/null
  else
    sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need_apt[@]}" >/dev/null
  fi
fi

echo "== swift build (warnings are errors)"
swift build -Xswiftc -warnings-as-errors

# Every daemon the tests spawn runs through a wrapper that traces its traffic (one file per daemon), so that the
# protocol description (Clients/schema) can be checked against real messages in both directions at the end.
traces="$(mktemp -d)"
trap 'rm -rf "$traces"' EXIT
export LAYOUTD_REAL_BINARY="$PWD/.build/debug/layoutd" LAYOUTD_TRACE_DIR="$traces"
traced="$PWD/Clients/schema/trace-layoutd.sh"

echo "== swift test"
# Serial: the StdioConnection tests block threads of the shared cooperative pool (2 on this 2-core machine) while
# they flood pipes; run beside the in-process server tests, they can starve those tests' async handlers.
LAYOUTD_BINARY="$traced" swift test --no-parallel -Xswiftc -warnings-as-errors

echo "== fuzz corpus replay (normal build)"
for t in framing envelope specs; do ".build/debug/Fuzz${t^}" "Tests/Fuzz/corpus/$t"; done

echo "== fuzzing: 20 s per target (libFuzzer + AddressSanitizer)"
bash Tests/Fuzz/run.sh 20

echo "== ThreadSanitizer: transport and server tests"
bash Tests/sanitizers.sh thread

echo "== AddressSanitizer: the pure modules' tests"
bash Tests/sanitizers.sh address

echo "== python client tests (standard library only)"
LAYOUTD_BINARY="$traced" python3 -m unittest discover -s Clients/python/tests

echo "== node client tests (no dependencies)"
LAYOUTD_BINARY="$traced" node --test Clients/node/test/

echo "== neovim plugin tests (nvim --headless, Neovim >= 0.7)"
LAYOUTD_BINARY="$PWD/.build/debug/layoutd" bash Clients/nvim/tests/run.sh

echo "== protocol description: OpenRPC document vs Protocol.md, the clients' method tables, and all traced traffic"
LAYOUTD_BINARY="$PWD/.build/debug/layoutd" LAYOUTD_SCHEMA_SUITES="" LAYOUTD_TRACES="$traces/*.jsonl" \
  python3 -m unittest discover -s Clients/schema/tests

echo "== all tests passed"
