#!/usr/bin/env bash
# Runs every test of layoutd: Swift unit, conformance and protocol tests, fuzzing, sanitizers, then each client's
# tests. Installs what the tests need on a fresh machine (Debian packages, as root or with sudo), so it works from a
# clean clone.
#
#   bash Tests/run-all.sh            # everything
#   bash Tests/run-all.sh --quick    # (or QUICK=1) no fuzzing, no sanitizer builds
#
# A stage whose tools cannot be installed (no root, no sudo, no network) is skipped with a warning and named in the
# closing summary; every other stage still runs, and a failed stage does not stop the ones after it. The exit
# status is 0 only when every stage that ran passed; with CI=true a skipped stage is a failure too (CI can install
# everything, so a skip there means the suite did not run).
set -uo pipefail
cd "$(dirname "$0")/.."

quick="${QUICK:-0}"
for argument in "$@"; do
  case "$argument" in
    --quick) quick=1 ;;
    -h | --help)
      sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'
      exit 0
      ;;
    *)
      echo "run-all.sh: unknown argument '$argument' (usage: bash Tests/run-all.sh [--quick])" >&2
      exit 2
      ;;
  esac
done
[ "$quick" = 0 ] || [ "$quick" = 1 ] || quick=1

# The Debian packages that provide each tool a stage may need ("fonts": DejaVu Sans and Serif with their bold,
# oblique and italic faces, and Inter, which the text tests measure; Liberation Serif, Noto Sans CJK (.ttc collections
# of CFF faces) and Noto Color Emoji, which the font fallback tests and corpus measure;
# "ucd": the Unicode Character Database, against which the Typography tests check the generated Unicode tables,
# and report those checks as skipped without it; "emacs": Emacs with Debian's eglot, and "venv": Python's venv module
# for pygls, the editor clients driven by Tests/Editors/run.sh).
declare -A tool_package=(
  [fonts]="fonts-dejavu-core fonts-dejavu-extra fonts-inter fonts-liberation fonts-noto-cjk fonts-noto-color-emoji" [python3]="python3" [node]="nodejs" [nvim]="neovim" [ucd]="unicode-data"
  [emacs]="emacs-nox elpa-eglot" [venv]="python3-venv"
)
has_tool() {
  case "$1" in
    fonts) [ -e /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] && [ -e /usr/share/fonts/truetype/dejavu/DejaVuSerif-Italic.ttf ] &&
      [ -e /usr/share/fonts/opentype/inter/Inter-Regular.otf ] &&
      [ -e /usr/share/fonts/truetype/liberation/LiberationSerif-Regular.ttf ] &&
      [ -e /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc ] &&
      [ -e /usr/share/fonts/truetype/noto/NotoColorEmoji.ttf ] ;;
    ucd) [ -e /usr/share/unicode/LineBreak.txt ] ;;
    emacs) command -v emacs >/dev/null 2>&1 && compgen -G "/usr/share/emacs/site-lisp/elpa/eglot-*" >/dev/null ;;
    venv) python3 -c "import ensurepip, venv" >/dev/null 2>&1 ;;
    *) command -v "$1" >/dev/null 2>&1 ;;
  esac
}

missing=()
for tool in fonts python3 node nvim ucd emacs venv; do has_tool "$tool" || missing+=("$tool"); done
if [ ${#missing[@]} -gt 0 ]; then
  packages=()
  # shellcheck disable=SC2206 # a tool's packages are split into words on purpose
  for tool in "${missing[@]}"; do packages+=(${tool_package[$tool]}); done
  echo "== installing: ${packages[*]}"
  if [ "$(id -u)" = 0 ]; then
    as_root=()
  elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    as_root=(sudo)
  else
    as_root=(none)
  fi
  if [ "${as_root[*]}" = none ]; then
    echo "!! cannot install ${packages[*]}: not root and no password-less sudo" >&2
  else
    "${as_root[@]}" apt-get update -qq &&
      "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${packages[@]}" >/dev/null ||
      echo "!! installing ${packages[*]} failed" >&2
  fi
fi

passed=()
failed=()
skipped=()
started=$SECONDS

# stage NAME "TOOL ..." COMMAND...: runs COMMAND as the stage NAME unless one of the TOOLs is missing (then the
# stage is skipped, loudly). Records the outcome and the time it took.
stage() {
  local name="$1" needs="$2"
  shift 2
  local tool lacking=() packages=()
  for tool in $needs; do
    has_tool "$tool" || { lacking+=("$tool"); packages+=(${tool_package[$tool]}); }
  done
  if [ ${#lacking[@]} -gt 0 ]; then
    echo
    echo "!! ================================================================================"
    echo "!! SKIPPED: $name — missing ${lacking[*]} (Debian: apt-get install ${packages[*]})"
    echo "!! ================================================================================"
    skipped+=("$name (no ${lacking[*]})")
    return
  fi
  echo "== $name"
  local start=$SECONDS
  if "$@"; then
    passed+=("$name ($((SECONDS - start)) s)")
  else
    echo "!! FAILED: $name" >&2
    failed+=("$name ($((SECONDS - start)) s)")
  fi
}

echo "== swift build (warnings are errors)"
if ! swift build -Xswiftc -warnings-as-errors; then
  echo "!! the build failed; nothing else can run" >&2
  exit 1
fi

# Every daemon the tests spawn runs through a wrapper that traces its traffic (one file per daemon), so that the
# protocol description (Clients/schema) can be checked against real messages in both directions at the end.
traces="$(mktemp -d)"
trap 'rm -rf "$traces"' EXIT
export LAYOUTD_REAL_BINARY="$PWD/.build/debug/layoutd" LAYOUTD_TRACE_DIR="$traces"
traced="$PWD/Clients/schema/trace-layoutd.sh"

# Serial: the StdioConnection tests block threads of the shared cooperative pool (2 on this 2-core machine) while
# they flood pipes; run beside the in-process server tests, they can starve those tests' async handlers. The
# Typography and text tests measure DejaVu Sans.
# Its output is kept too: when it fails, the summary at the very end repeats the lines that name each failing test
# (a CI log may show only its tail).
swift_test_log="$traces/swift-test.log"
swift_test() {
  env LAYOUTD_BINARY="$traced" swift test --no-parallel -Xswiftc -warnings-as-errors 2>&1 | tee "$swift_test_log"
}
stage "swift test" "fonts" swift_test

replay_corpus() {
  local t
  for t in framing envelope specs; do ".build/debug/Fuzz${t^}" "Tests/Fuzz/corpus/$t" || return 1; done
}
stage "fuzz corpus replay (normal build)" "" replay_corpus

if [ "$quick" = 1 ]; then
  echo "== quick run: no fuzzing, no sanitizers"
else
  stage "fuzzing: 20 s per target (libFuzzer + AddressSanitizer)" "" bash Tests/Fuzz/run.sh 20
  stage "ThreadSanitizer: transport, server and protocol tests (a sanitized daemon)" "fonts" bash Tests/sanitizers.sh thread
  stage "AddressSanitizer: the pure modules' tests" "fonts" bash Tests/sanitizers.sh address
fi

# The client suites' traffic is traced apart: the schema stage checks it strictly (no params member the document does
# not name, every method exercised) instead of running the suites a second time.
client_traces="$traces/clients"
mkdir -p "$client_traces"
stage "python client tests (standard library only)" "python3" \
  env LAYOUTD_BINARY="$traced" LAYOUTD_TRACE_DIR="$client_traces" python3 -m unittest discover -s Clients/python/tests
stage "node client tests (no dependencies)" "node" \
  env LAYOUTD_BINARY="$traced" LAYOUTD_TRACE_DIR="$client_traces" node --test Clients/node/test/
stage "neovim plugin tests (nvim --headless, Neovim >= 0.7)" "nvim" \
  env LAYOUTD_BINARY="$PWD/.build/debug/layoutd" bash Clients/nvim/tests/run.sh
stage "editor clients: Emacs eglot and pygls against the language server" "emacs venv" \
  env LAYOUTD_BINARY="$traced" LAYOUTD_TRACE_DIR="$traces" bash Tests/Editors/run.sh
stage "protocol description: OpenRPC document vs Protocol.md, the clients' method tables, and all traced traffic" \
  "python3" env LAYOUTD_BINARY="$PWD/.build/debug/layoutd" LAYOUTD_SCHEMA_SUITES="" \
  LAYOUTD_TRACES="$traces/*.jsonl" LAYOUTD_CLIENT_TRACES="$client_traces/*.jsonl" \
  python3 -m unittest discover -s Clients/schema/tests

echo
echo "== summary ($(((SECONDS - started) / 60)) min $(((SECONDS - started) % 60)) s after the build$([ "$quick" = 1 ] && echo ", quick run"))"
for s in "${passed[@]}"; do echo "   passed:  $s"; done
for s in "${failed[@]}"; do echo "!! FAILED:  $s"; done
for s in "${skipped[@]}"; do echo "!! SKIPPED: $s"; done
if [ ${#skipped[@]} -gt 0 ]; then
  echo "!! ${#skipped[@]} stage(s) skipped because their tools could not be installed: they did not run"
fi
if [ ${#failed[@]} -gt 0 ] && [ -s "$swift_test_log" ] && [[ "${failed[*]}" == *"swift test ("* ]]; then
  echo "== swift test: what its failing tests printed (at most 60 lines)"
  grep -E '✘|: error:|error: |Fatal error|Exited with|signal [0-9]+|diverge' "$swift_test_log" | grep -vE '^✔' | head -60
fi
if [ ${#failed[@]} -gt 0 ]; then
  echo "== ${#failed[@]} stage(s) failed"
  exit 1
fi
if [ ${#skipped[@]} -gt 0 ] && [ "${CI:-}" = true ]; then
  echo "== CI=true: a skipped stage is a failure"
  exit 1
fi
if [ ${#skipped[@]} -gt 0 ]; then
  echo "== every stage that ran passed (${#skipped[@]} skipped)"
else
  echo "== all tests passed"
fi
