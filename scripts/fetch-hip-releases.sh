#!/usr/bin/env bash
# Fetches the headers of two more HIP releases that hipify's core tables are dated by, next
# to the bootstrap's HIP 5.2 (Debian 12's libamdhip64-dev, /usr/include/hip) and ROCm 6.4's
# (build/rocm-6.4): HIP 5.7 (Debian 13, trixie) for `hip_added` 5.7, and HIP 7.2 (Debian
# experimental), read by derive_tables.py --hip-opt-in-default for the names HIP 7 declares
# by default (the warp *_sync family) and for headers.tsv's hip/hip_fp4.h, hip/hip_fp6.h.
#
#   scripts/fetch-hip-releases.sh [TREE]      (TREE defaults to build/hip-releases)
#
# hipkit never installs into the system: libamdhip64-dev is downloaded with `apt-get
# download` under an apt state folder private to TREE, and only its usr/include is unpacked;
# it goes to TREE/<release>/include (TREE/5.7/include/hip/...). TREE/versions.tsv
# records release, package, version, suite and the .deb's SHA256 as Debian's Packages index
# gives it; hipify-clang/tables/derive/derive_all.py compares them with derive/inputs.tsv.
#
# Idempotent: when versions.tsv lists both pinned releases, nothing is downloaded (delete
# TREE, or pass --refresh). A suite that no longer carries the pinned version is an error:
# update the pin here and in derive/inputs.tsv, then re-derive the tables.
set -euo pipefail

# release  suite  pinned libamdhip64-dev version
releases=(
  "5.7 trixie 5.7.1-6+deb13u1"
  "7.2 experimental 7.2.4-1~exp2"
)

top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/scripts/private-apt.sh"
fetch_arguments fetch-hip-releases "$top/build/hip-releases" "$@"
fetch_pinned_headers fetch-hip-releases libamdhip64-dev "main" HIP
