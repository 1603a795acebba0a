#!/usr/bin/env bash
# Fetches the headers of two older CUDA releases, 11.8 and 11.2, that hipify's tables are
# derived from next to CUDA 13's: names those headers declare and CUDA 13's no longer do
# (cuSPARSE's csrmv/hyb/gtsv families, texture references, ...) get table rows with
# `cuda_removed` (hipify-clang/tables/README.md), so that code written for CUDA 10/11 is
# translated.
#
#   scripts/fetch-cuda-legacy-headers.sh [TREE]      (TREE defaults to build/cuda-legacy)
#
# hipkit never installs into the system: Debian's nvidia-cuda-dev (one package holding the
# toolkit's headers: runtime, driver, cuBLAS, cuSPARSE, cuSOLVER, cuFFT, cuRAND, ...) is
# downloaded with `apt-get download` from Debian 12 (bookworm, non-free: CUDA 11.8) and
# Debian 11 (bullseye, non-free: CUDA 11.2), each under an apt state folder private to
# TREE, and only its usr/include is unpacked (dpkg-deb's file-system archive, filtered:
# the package is 0.5-0.8 GB, mostly static libraries) into TREE/<release>/include.
# TREE/versions.tsv records each suite's package version, the CUDA release it holds and
# the .deb's SHA256 as Debian's Packages index gives it (derive/derive_all.py compares them
# with hipify-clang/tables/derive/inputs.tsv); tests read it through the lit feature
# `cuda-legacy-headers`.
#
# Idempotent: when versions.tsv lists both releases, nothing is downloaded (delete TREE, or
# pass --refresh, to fetch again). Both suites are stable releases: the versions are
# pinned below, and a suite that no longer carries the pinned version is an error.
set -euo pipefail

# release  suite  pinned nvidia-cuda-dev version
releases=(
  "11.8 bookworm 11.8.89~11.8.0-5~deb12u1"
  "11.2 bullseye 11.2.2-3+deb11u3"
)

top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/scripts/private-apt.sh"
fetch_arguments fetch-cuda-legacy-headers "$top/build/cuda-legacy" "$@"
fetch_pinned_headers fetch-cuda-legacy-headers nvidia-cuda-dev "main contrib non-free" CUDA
