#!/usr/bin/env bash
# Sets everything up, builds hipkit and runs the whole lit test suite.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
build=${HIPKIT_BUILD_DIR:-$top/build}
"$top/scripts/bootstrap.sh"
cmake -S "$top" -B "$build" -G Ninja
log=$build/check-hipkit.log
status=0
ninja -C "$build" check-hipkit 2>&1 | tee "$log" || status=$?
# lit's summary as the plain closing line CI readers understand.
count() { sed -n "s/^ *$1: *\([0-9]*\).*/\1/p" "$log" | tail -1; }
passed=$(count Passed); failed=$(count Failed); unsupported=$(count Unsupported)
echo "${passed:-0} passed, $(( ${failed:-0} )) failed, ${unsupported:-0} skipped"
exit "$status"
