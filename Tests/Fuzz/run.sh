#!/usr/bin/env bash
# Fuzzes the framing reader, the JSON-RPC envelope decoder and the layout-spec decoder (plus the layout of what it
# decodes) with libFuzzer and AddressSanitizer, each for SECONDS (default 60), starting from a temporary copy of the
# seed corpus in Tests/Fuzz/corpus (the repository is never modified). Exits non-zero if any target crashed, timed
# out or ran out of memory, printing the input that did it; keeps the work directory (new corpus entries, logs)
# only then.
#
#   bash Tests/Fuzz/run.sh [SECONDS] [TARGET...]     # TARGET: framing, envelope, specs (default: all three)
#
# Reproduce a crash with `.build-fuzz/release/Fuzz<Target> CRASH_FILE`, or without libFuzzer with
# `swift run Fuzz<Target> -v CRASH_FILE`.
set -euo pipefail
cd "$(dirname "$0")/../.."

seconds="${1:-60}"
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(framing envelope specs)

work="$(mktemp -d "${TMPDIR:-/tmp}/layoutd-fuzz.XXXXXX")"

# SwiftPM links each executable with `--defsym main=<Target>_main` (our @main, which calls libFuzzer's driver);
# gold then fails on the second `main` that libFuzzer's runtime brings, lld accepts it. Link with the toolchain's lld.
lld="$(dirname "$(readlink -f "$(command -v swiftc)")")/ld.lld"
[ -x "$lld" ] || lld="$(command -v ld.lld)"
printf '{"schemaVersion": "1.0", "linker": {"path": "%s"}}\n' "$lld" >"$work/toolset.json"

products=()
for t in "${targets[@]}"; do products+=(--product "Fuzz${t^}"); done
echo "== building ${targets[*]} with -sanitize=fuzzer,address"
for p in "${products[@]}"; do
  [ "$p" = --product ] && continue
  # The build's own status decides (a binary left by an earlier build must not pass for this one); its output is
  # shown without the linker's noise.
  status=0
  swift build -c release --scratch-path .build-fuzz --toolset "$work/toolset.json" \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING --product "$p" >"$work/build-$p.log" 2>&1 || status=$?
  grep -v "warning: Cannot export local symbol" "$work/build-$p.log" || true
  if [ "$status" -ne 0 ] || [ ! -x ".build-fuzz/release/$p" ]; then
    echo "!! build of $p failed (status $status); log: $work/build-$p.log" >&2
    exit 1
  fi
done

# Cached font tables look leaked to LeakSanitizer (see the file); real per-input leaks are still reported.
export LSAN_OPTIONS="suppressions=$PWD/Tests/lsan.supp${LSAN_OPTIONS:+:$LSAN_OPTIONS}"

failed=0
for t in "${targets[@]}"; do
  case "$t" in
    framing) max_len=16384 ;;  # room for a header block past FrameReader.maxHeaderBlockSize (8192)
    *) max_len=4096 ;;
  esac
  mkdir -p "$work/corpus-$t" "$work/artifacts-$t"
  cp Tests/Fuzz/corpus/"$t"/* "$work/corpus-$t/"
  echo "== fuzzing $t for ${seconds}s (max_len $max_len)"
  status=0
  ".build-fuzz/release/Fuzz${t^}" "$work/corpus-$t" -max_total_time="$seconds" -max_len="$max_len" -timeout=10 \
    -rss_limit_mb=2048 -artifact_prefix="$work/artifacts-$t/" -print_final_stats=1 >"$work/$t.log" 2>&1 || status=$?
  grep -E "^(stat::number_of_executed_units|stat::new_units_added|Done)" "$work/$t.log" || true
  if [ "$status" -ne 0 ]; then
    failed=1
    tail -n 40 "$work/$t.log"
    for crash in "$work/artifacts-$t"/*; do
      [ -e "$crash" ] && echo "!! $t: input that failed: $crash"
    done
    echo "!! $t: fuzzer exited with status $status (log: $work/$t.log)"
  fi
done

if [ "$failed" -ne 0 ]; then
  echo "== fuzzing found failures; work directory kept: $work"
  exit 1
fi
rm -rf "$work"
echo "== fuzzing passed"
