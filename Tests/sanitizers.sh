#!/usr/bin/env bash
# Runs Swift tests under ThreadSanitizer or AddressSanitizer, serially, in a scratch directory of their own so the
# normal build stays untouched. Exits non-zero on a failed test or on any sanitizer report.
#
#   bash Tests/sanitizers.sh thread  [FILTER [SKIP]]  # default: transport, server and protocol tests
#   bash Tests/sanitizers.sh address [FILTER [SKIP]]  # default: the pure modules' tests
#
# FILTER and SKIP are `swift test --filter` / `--skip` regular expressions. When FILTER selects ProtocolTests, they
# spawn the daemon built with the same sanitizer (LAYOUTD_BINARY, unless set), so the sanitizer watches the daemon
# too; the default SKIP then leaves out the two suites that repeat one path hundreds of times
# (LargeInsertErrorTests: 3,000-row inserts with an error at each place; OneShotScriptTests: 200 one-shot scripts),
# which take a quarter of an hour under ThreadSanitizer, and the tables of malformed requests (the *Error*, Invalid*
# and bad-input suites below: one request, one answer, on a fresh daemon per case, which is what costs under the
# sanitizer — about 4 of its 12 minutes — while their concurrency is the same reader-to-writer path every other
# protocol test takes); the normal run covers all of them. The differential test runs 100 sequences
# (LAYOUTD_DIFF_SEQUENCES, unless set) instead of 2,000: under a sanitizer it looks for races, not semantics.
set -euo pipefail
cd "$(dirname "$0")/.."

kind="${1:-thread}"
case "$kind" in
  thread) default_filter='JSONRPCTests|ServerTests|ProtocolTests' ;;
  address) default_filter='JSONCodecTests|FlexLayoutTests|TypographyTests|LayoutSpecsTests|NodeTreeTests|JSONRPCTests' ;;
  *) echo "usage: $0 thread|address [FILTER]" >&2; exit 2 ;;
esac
filter="${2:-$default_filter}"
skip="${3-}"
if [[ "$filter" == *ProtocolTests* ]]; then
  [ $# -ge 3 ] || skip='LargeInsertErrorTests|OneShotScriptTests|ParamsErrorTests|InvalidBatchUpdateTests|InvalidSectionEditTests|InvalidEditTests|EnvelopeErrorTests|FramingErrorTests|BatchValidationOrderTests|IDAndParamsTests|DocumentedBoundsTests|InitializationOptionsTests|RowGeometryTests'
  export LAYOUTD_DIFF_SEQUENCES="${LAYOUTD_DIFF_SEQUENCES:-100}"
  # The random differential suites look for races here, not for model disagreements (the normal run covers those
  # with more sequences): a few dozen sequences under the sanitizer keep this stage within CI's time.
  export LAYOUTD_COMBINED_SEQUENCES="${LAYOUTD_COMBINED_SEQUENCES:-40}"
  export LAYOUTD_SECTIONS_SEQUENCES="${LAYOUTD_SECTIONS_SEQUENCES:-20}"
fi
scratch=".build-san-$kind"

# Stop at the first report with both stacks; a report is a failure even if every test passed. Tests/tsan.supp
# lists the accesses TSan cannot see are guarded (Synchronization.Mutex, see the file).
export TSAN_OPTIONS="halt_on_error=1:second_deadlock_stack=1:suppressions=$PWD/Tests/tsan.supp${TSAN_OPTIONS:+:$TSAN_OPTIONS}"
export ASAN_OPTIONS="halt_on_error=1:detect_stack_use_after_return=1${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
# Swift keeps pointers in spare bits of multi-payload enums, which LeakSanitizer cannot follow (see
# Tests/lsan.supp); cached font tables would be reported as leaks.
export LSAN_OPTIONS="suppressions=$PWD/Tests/lsan.supp${LSAN_OPTIONS:+:$LSAN_OPTIONS}"

# Sanitized code runs several times slower; the tests' deadlines (bounds on hangs) stretch accordingly.
export LAYOUTD_TEST_TIMEOUT_SCALE="${LAYOUTD_TEST_TIMEOUT_SCALE:-5}"
# A sanitized daemon is resident in two to four times the memory (shadow memory, quarantine); the protocol tests'
# memory bounds stretch accordingly.
# AddressSanitizer's quarantine and redzones cost more than ThreadSanitizer's shadow (a 45 MiB flood peak becomes
# about 760 MiB).
if [ "$kind" = address ]; then memory_scale=16; else memory_scale=4; fi
export LAYOUTD_TEST_MEMORY_SCALE="${LAYOUTD_TEST_MEMORY_SCALE:-$memory_scale}"
# Instrumented frames are several times larger; the stack-depth tests run on proportionally larger stacks.
export LAYOUTD_TEST_STACK_SCALE="${LAYOUTD_TEST_STACK_SCALE:-4}"
# A spawned daemon that gets `exit` while layout or display work is still running exits with that work's cells
# alive on worker threads; LeakSanitizer reports them (a 3,000-row insert answered `exit` at once: 12,000 leaf
# elements "leaked"; the same run waiting for the work to end before `exit`: nothing). So the protocol tests'
# daemons run without the at-exit leak check; the in-process tests keep it.
export LAYOUTD_DAEMON_ASAN_OPTIONS="$ASAN_OPTIONS:detect_leaks=0"

echo "== swift build --sanitize=$kind ($scratch)"
swift build --build-tests --sanitize="$kind" --scratch-path "$scratch"
if [[ "$filter" == *ProtocolTests* ]]; then
  export LAYOUTD_BINARY="${LAYOUTD_BINARY:-$PWD/$scratch/debug/layoutd}"
  echo "== ProtocolTests spawn $LAYOUTD_BINARY"
fi
skipping=()
[ -z "$skip" ] || skipping=(--skip "$skip")
echo "== swift test --sanitize=$kind --filter '$filter'${skip:+ --skip '$skip'}"
swift test --skip-build --sanitize="$kind" --scratch-path "$scratch" --no-parallel --filter "$filter" "${skipping[@]}"
echo "== no $kind sanitizer reports"
