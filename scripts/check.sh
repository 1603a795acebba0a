#!/usr/bin/env bash
# Sets everything up, builds hipkit and runs the whole lit test suite.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
build=${HIPKIT_BUILD_DIR:-$top/build}
"$top/scripts/bootstrap.sh"
cmake -S "$top" -B "$build" -G Ninja
results=$build/test/results.xml
rm -f "$results"
status=0
ninja -C "$build" check-hipkit || status=$?
# lit's result as the plain closing line CI readers understand; with no
# results (the build or lit itself failed) the summary says so and fails.
python3 "$top/scripts/lit_summary.py" "$results" || status=1
exit "$status"
