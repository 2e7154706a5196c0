#!/bin/sh
# Runs the real layoutd with a trace file of its own, so that traffic of daemons running at the same time never
# mixes in one file (a trace line names no process). Use as $LAYOUTD_BINARY:
#   LAYOUTD_REAL_BINARY=.build/debug/layoutd LAYOUTD_TRACE_DIR=/tmp/traces LAYOUTD_BINARY=Clients/schema/trace-layoutd.sh ...
# Each daemon appends to $LAYOUTD_TRACE_DIR/layoutd-PID-NANOS.jsonl. exec keeps the pid, so signals reach layoutd.
set -e
: "${LAYOUTD_REAL_BINARY:?set LAYOUTD_REAL_BINARY to the layoutd to run}"
: "${LAYOUTD_TRACE_DIR:?set LAYOUTD_TRACE_DIR to the directory for the trace files}"
LAYOUTD_TRACE="$LAYOUTD_TRACE_DIR/layoutd-$$-$(date +%s%N).jsonl"
export LAYOUTD_TRACE
exec "$LAYOUTD_REAL_BINARY" "$@"
