#!/usr/bin/env bash
# The editors' own LSP clients, unchanged, against layoutd's language server for layout-spec documents: Emacs eglot in
# batch mode (Debian's emacs-nox and elpa-eglot) and pygls's LanguageClient (PyPI, installed into a venv under .build).
# Each opens a spec with an error, sees the diagnostic at its range, fixes it, sees it cleared and hovers an element
# (eglot also completes a member; pygls also runs the snapshot command). Neovim's client is tested with the plugin's
# tests (Clients/nvim/tests/test_lsp.lua).
#
#   LAYOUTD_BINARY=.build/debug/layoutd bash Tests/Editors/run.sh
set -uo pipefail
cd "$(dirname "$0")/../.."
binary="${LAYOUTD_BINARY:-$PWD/.build/debug/layoutd}"
venv=".build/editors-venv"
pygls_version="2.1.1"

if ! "$venv/bin/python" -c "import pygls" 2>/dev/null; then
  python3 -m venv "$venv" && "$venv/bin/pip" install -q "pygls==$pygls_version" || {
    echo "FAILED: cannot install pygls $pygls_version into $venv"
    exit 1
  }
fi

status=0
echo "== pygls $("$venv/bin/python" -c 'import importlib.metadata as m; print(m.version("pygls"))')"
LAYOUTD_BINARY="$binary" timeout 180 "$venv/bin/python" Tests/Editors/pygls_client_test.py || status=1

echo "== Emacs eglot"
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
# eglot's own messages go to stderr; they are shown only when the test failed.
if ! LAYOUTD_BINARY="$binary" timeout 180 emacs --batch -Q -l Tests/Editors/eglot-test.el 2>"$log"; then
  echo "stderr of the eglot test:"
  sed 's/^/  /' "$log" | tail -40
  status=1
fi
[ $status -eq 0 ] && echo "editor clients: all passed" || echo "editor clients: FAILED"
exit $status
