#!/usr/bin/env bash
# Runs the Neovim plugin's tests: each tests/test_*.lua in its own `nvim --headless -u NONE`, against the layoutd the
# plugin finds ($LAYOUTD_BINARY, else the checkout's .build/release or .build/debug, else PATH). Needs Neovim >= 0.7
# (Debian 12: apt-get install neovim). Exit status 1 when any test fails.
set -uo pipefail
cd "$(dirname "$0")/../../.." || exit 2 # the repository root

if ! command -v nvim >/dev/null; then
  echo "nvim not found: apt-get install neovim (0.7 or later)" >&2
  exit 2
fi
if ! nvim --headless -u NONE -i NONE -n -c 'if has("nvim-0.7") | qall! | else | cquit 1 | endif' </dev/null; then
  echo "Neovim 0.7 or later is required, found: $(nvim --version | head -1)" >&2
  exit 2
fi

status=0
errors="$(mktemp)"
trap 'rm -f "$errors"' EXIT
for test in Clients/nvim/tests/test_*.lua; do
  # A Lua error outside a test (loading the plugin or the helper, a typo at the top of a file) would leave the
  # headless Neovim waiting until the timeout: the file runs under pcall, and such an error quits at once with status
  # 3 and the error on stdout. stderr carries Neovim's own messages (e.g. "Running healthchecks..."); it is shown
  # only when the file failed. Results go to stdout.
  timeout 180 nvim --headless -u NONE -i NONE -n -c "set rtp+=Clients/nvim" \
    -c "lua local ok, err = pcall(dofile, '$test') if not ok then io.stdout:write('ERROR outside a test: ' .. tostring(err) .. '\\n') vim.cmd('cquit 3') end" \
    </dev/null 2>"$errors"
  rc=$?
  if [ $rc -ne 0 ]; then
    [ $rc -eq 124 ] && echo "TIMEOUT: $test did not finish within 180 s"
    if [ -s "$errors" ]; then
      echo "stderr of $test:"
      sed 's/^/  /' "$errors"
    fi
    echo "FAILED: $test (exit status $rc)"
    status=1
  fi
done
[ $status -eq 0 ] && echo "nvim plugin tests: all passed" || echo "nvim plugin tests: FAILED"
exit $status
