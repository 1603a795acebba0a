#!/usr/bin/env bash
# Runs hipkit's fuzzers for hours (docs/fuzzing.md); CI runs each for seconds
# (test/fuzz). Builds them first, keeps a growing corpus per fuzzer and writes
# crashing inputs where the summary at the end names them.
#
#   scripts/fuzz.sh [--jobs N] [--time SECONDS] [FUZZER...]
#
# FUZZER is hipify-token-fuzzer, hipify-translation-fuzzer,
# hipify-output-plan-fuzzer, hipify-build-file-fuzzer, hipcc-fuzzer or
# hipify-fs-adversary
# (default: all five, one after the other). --time is per fuzzer (default
# 3600); --jobs is the number of parallel fuzzing processes (default 1).
# libFuzzer's -fork mode runs them: it merges what every process finds into
# one corpus and, with -ignore_crashes, goes on after a crash, so a long run
# reports every crash rather than the first. hipify-fs-adversary
# (hipify-clang/fuzz/fs_adversary.py) runs the staged hipify-clang's project
# mode against a hostile file system: N processes with seeds from the clock,
# the odd ones also mutating while hipify-clang runs (--during, on larger
# projects: --extra-files 100).
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
build=${HIPKIT_BUILD_DIR:-$top/build}
jobs=1
seconds=3600
fuzzers=()
while (($#)); do
  case $1 in
    --jobs) jobs=$2; shift 2 ;;
    --time) seconds=$2; shift 2 ;;
    -h|--help) sed -n '2,18p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "fuzz.sh: error: unknown option '$1'; see scripts/fuzz.sh --help" >&2; exit 1 ;;
    *) fuzzers+=("$1"); shift ;;
  esac
done
((${#fuzzers[@]})) || fuzzers=(hipify-token-fuzzer hipify-translation-fuzzer hipify-output-plan-fuzzer hipify-build-file-fuzzer hipcc-fuzzer hipify-fs-adversary)

[ -f "$build/build.ninja" ] || cmake -S "$top" -B "$build" -G Ninja
targets=()
for fuzzer in "${fuzzers[@]}"; do
  case $fuzzer in
    hipify-fs-adversary) targets+=(hipify-clang) ;;
    *) targets+=(hipkit-fuzzers) ;;
  esac
done
ninja -C "$build" $(printf '%s\n' "${targets[@]}" | sort -u)

# hipify-clang/fuzz/fs_adversary.py, --jobs processes; a failing iteration's
# sandbox is kept in the crash folder, and its log line says how to replay it.
fs_adversary() {
  local crashes=$build/fuzz-crashes/hipify-fs-adversary base job seed during pids=() logs=()
  mkdir -p "$crashes"
  base=$(date +%s)
  echo "fuzz.sh: hipify-fs-adversary for ${seconds}s with $jobs job(s), seeds $base..$((base + jobs - 1))"
  for ((job = 0; job < jobs; job++)); do
    seed=$((base + job))
    logs+=("$build/fuzz-hipify-fs-adversary-$seed.log")
    during=()
    if ((job % 2)); then during=(--during --extra-files 100); fi
    python3 "$top/hipify-clang/fuzz/fs_adversary.py" --hipify "$build/stage/bin/hipify-clang" \
      --seed "$seed" --iterations 1000000000 --time "$seconds" --timeout 30 --keep-going \
      --work "$crashes/seed-$seed" "${during[@]}" > "${logs[-1]}" 2>&1 &
    pids+=($!)
  done
  wait "${pids[@]}" || true
  local found
  found=$(cat "${logs[@]}" | grep -c '^fs-adversary: FAIL' || true)
  grep -h '^fs-adversary: seed' "${logs[@]}" || true
  echo "fuzz.sh: hipify-fs-adversary: $found failing iteration(s), sandboxes in $crashes (logs: $build/fuzz-hipify-fs-adversary-<seed>.log)"
  ((found == 0))
}

status=0
for fuzzer in "${fuzzers[@]}"; do
  if [ "$fuzzer" = hipify-fs-adversary ]; then
    fs_adversary || status=1
    continue
  fi
  binary=$build/fuzz/bin/$fuzzer
  if [ ! -x "$binary" ]; then
    echo "fuzz.sh: error: no fuzzer '$fuzzer' in $build/fuzz/bin; choose one of hipify-token-fuzzer, hipify-translation-fuzzer, hipify-output-plan-fuzzer, hipify-build-file-fuzzer, hipcc-fuzzer, hipify-fs-adversary" >&2
    exit 1
  fi
  corpus=$build/fuzz-corpus/$fuzzer
  crashes=$build/fuzz-crashes/$fuzzer
  mkdir -p "$corpus" "$crashes"
  case $fuzzer in
    hipcc-*) seeds=$top/hipcc/fuzz/seeds; workdir=$top/test/hipcc/Inputs ;;
    hipify-output-plan-*) seeds=$top/hipify-clang/fuzz/seeds/output-plan; workdir=$build ;;
    hipify-build-file-*) seeds=$top/hipify-clang/fuzz/seeds/build-file; workdir=$build ;;
    *) seeds=$top/test/hipify; workdir=$build ;;
  esac
  echo "fuzz.sh: $fuzzer for ${seconds}s with $jobs job(s); corpus $corpus"
  (cd "$workdir" && HIPKIT_HIPCC=$build/stage/bin/hipcc "$binary" \
      -fork="$jobs" -ignore_crashes=1 -max_total_time="$seconds" -timeout=60 \
      -print_final_stats=1 -artifact_prefix="$crashes/" "$corpus" "$seeds") \
    2>&1 | tee "$build/fuzz-$fuzzer.log" | grep -E '^#[0-9]+: |INFO: fuzzed for|crash|ERROR' || true
  found=$(find "$crashes" -type f | wc -l)
  echo "fuzz.sh: $fuzzer: $found crashing input(s) in $crashes (log: $build/fuzz-$fuzzer.log)"
  ((found == 0)) || status=1
done
exit "$status"
