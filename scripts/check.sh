#!/usr/bin/env bash
# Sets everything up, builds hipkit and runs the whole lit test suite.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
build=${HIPKIT_BUILD_DIR:-$top/build}
"$top/scripts/bootstrap.sh"
cmake -S "$top" -B "$build" -G Ninja
ninja -C "$build" check-hipkit
