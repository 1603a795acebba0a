#!/bin/sh
# Translates a project in N shares, then joins them: the CI matrix split of
# hipify-clang's project mode (docs/distributed.md, "Sharded translation").
#
#   translate-sharded.sh shard K N IN SHARD [options]   one matrix job
#   translate-sharded.sh merge OUT SHARD... [options]   the joining job
#   translate-sharded.sh all N IN OUT [options]          every step, here
#
# `shard` translates the K-th of N shares of IN into the folder SHARD (one
# per job; keep it as the job's artifact); `merge` joins the N shard folders
# into OUT (new or empty): the same files, manifest and report as one run
# over IN. `all` runs the N shards here, side by side, into OUT.shards/K,
# then merges them into OUT. Options: those for the translation go to every
# shard; --report, --print-stats, --print-stats-csv and --o-stats go to the
# merge (a shard writes no report of its own here). HIPIFY_CLANG names the
# hipify-clang to run (default: the one on PATH).
set -eu
HIPIFY_CLANG=${HIPIFY_CLANG:-hipify-clang}

usage() {
  echo "usage: translate-sharded.sh shard K N IN SHARD [options] | merge OUT SHARD... [options] | all N IN OUT [options]" >&2
  exit 2
}

[ $# -ge 1 ] || usage
step=$1
shift
case $step in
shard)
  [ $# -ge 4 ] || usage
  k=$1 n=$2 in=$3 shard=$4
  shift 4
  exec "$HIPIFY_CLANG" --in-root="$in" --out-root="$shard" --shard="$k/$n" --quiet "$@"
  ;;
merge)
  [ $# -ge 2 ] || usage
  out=$1
  shift
  dirs=
  while [ $# -gt 0 ]; do
    case $1 in -*) break ;; esac
    dirs=${dirs:+$dirs,}$1
    shift
  done
  exec "$HIPIFY_CLANG" --merge="$dirs" --out-root="$out" "$@"
  ;;
all)
  [ $# -ge 3 ] || usage
  n=$1 in=$2 out=$3
  shift 3
  # Split the options: the report and the statistics are the merge's.
  shard_opts= merge_opts= clang_args=
  for opt in "$@"; do
    quoted=$(printf "'%s'" "$(printf '%s' "$opt" | sed "s/'/'\\\\''/g")")
    if [ -n "$clang_args" ] || [ "$opt" = -- ]; then
      # After `--`: clang's arguments, every shard's.
      clang_args=1
      shard_opts="$shard_opts $quoted"
      continue
    fi
    case $opt in
    --report=* | --print-stats | --print-stats-csv | --o-stats=*) merge_opts="$merge_opts $quoted" ;;
    *) shard_opts="$shard_opts $quoted" ;;
    esac
  done
  k=1 pids= dirs=
  while [ "$k" -le "$n" ]; do
    eval "\"\$HIPIFY_CLANG\" --in-root=\"\$in\" --out-root=\"\$out.shards/$k\" --shard=$k/$n --quiet $shard_opts" &
    pids="$pids $!"
    dirs=${dirs:+$dirs,}$out.shards/$k
    k=$((k + 1))
  done
  failed=0
  for pid in $pids; do
    wait "$pid" || failed=1
  done
  if [ "$failed" -ne 0 ]; then
    echo "translate-sharded.sh: a shard failed (its messages are above); nothing was merged" >&2
    exit 1
  fi
  eval "\"\$HIPIFY_CLANG\" --merge=\"\$dirs\" --out-root=\"\$out\" $merge_opts"
  ;;
*)
  usage
  ;;
esac
