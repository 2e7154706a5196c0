#!/usr/bin/env bash
# Main-loop stalls of the Neovim preview under 400 back-to-back one-screen scrolls, with and without coalesced
# notifications (see scroll_stall.lua). Usage: Clients/nvim/bench/run.sh [runs per case, default 3]
# Uses the layoutd the plugin finds ($LAYOUTD_BINARY, else the checkout's .build/release or .build/debug, else PATH).
# Prints one line per run: max_gap is the longest the main loop went without running a 1 ms timer.
set -uo pipefail
cd "$(dirname "$0")/../../.." || exit 2 # the repository root
runs="${1:-3}"
for pacing in answer repeat burst; do
  for mode in coalesced perRow; do
    for _ in $(seq "$runs"); do
      output="$(LAYOUTD_BENCH_PACING="$pacing" LAYOUTD_BENCH_NOTIFICATIONS="$mode" timeout 600 \
        nvim --headless -u NONE -i NONE -n -c 'luafile Clients/nvim/bench/scroll_stall.lua' </dev/null 2>&1)"
      grep '^pacing=' <<<"$output" || echo "pacing=$pacing notifications=$mode FAILED: $(tail -c 300 <<<"$output")"
    done
  done
done
