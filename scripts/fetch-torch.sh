#!/usr/bin/env bash
# Fetches PyTorch's C++ headers and its own hipify, the inputs of hipify's torch table
# (hipify-clang/tables/torch.tsv) and of every test that translates or builds a PyTorch
# extension (docs/pytorch.md).
#
#   scripts/fetch-torch.sh [TREE]      (TREE defaults to build/torch)
#
# Two releases, for PyTorch's two ROCm namings: 2.14 (Debian sid's libtorch-dev: a ROCm
# build keeps at::cuda, c10::cuda and C10_CUDA_* as written and changes header paths) and 2.6
# (sid contrib's libtorch-cuda-dev: the last naming that rewrites C++ names to the
# "masquerading" HIP ones, HIPGuardMasqueradingAsCUDA, C10_HIP_CHECK). Each release's headers
# go to TREE/<release>/include (ATen, c10, torch, THC, caffe2; the layout of
# torch.utils.cpp_extension.include_paths(): TREE/<release>/include and
# TREE/<release>/include/torch/csrc/api/include). torch's own hipify
# (torch/utils/hipify from python3-torch / python3-torch-cuda) goes to
# TREE/hipify-<release>/torch/utils/hipify with an empty torch/__init__.py and
# torch/utils/__init__.py, so that `PYTHONPATH=TREE/hipify-<release> python3 -m
# torch.utils.hipify.hipify_python` runs without libtorch: it is the independent reference
# the table is checked against, never a source. pybind11's headers (pybind11-dev) go to
# TREE/pybind11/include.
#
# Debian's libtorch-dev 2.14 is a CPU build of PyTorch: its headers have ATen/cuda and c10/cuda
# but not the two files a CUDA build generates at configure time, ATen/cuda/CUDAConfig.h and
# c10/cuda/impl/cuda_cmake_macros.h. They are written here as a CUDA build without cuDNN,
# cuSPARSELt and MAGMA configures them (the macros PyTorch 2.14's headers test), so that the
# tree is what `pip install torch` ships for CUDA; both say so in a comment.
#
# Nothing is installed: the packages are downloaded with `apt-get download` under an apt
# state private to TREE and unpacked with dpkg -x. TREE/versions.tsv records each package
# (release, package, version, suite, the .deb's SHA256 as Debian's Packages index gives
# it); derive/derive_all.py compares it with hipify-clang/tables/derive/inputs.tsv, and
# tests read it through the lit features `torch-2.14` and `torch-2.6`.
#
# Idempotent: when versions.tsv lists every pinned package, nothing is downloaded (delete
# TREE, or pass --refresh). sid moves: a pinned version it no longer carries is an error
# naming the package; update the pin here and in inputs.tsv, and re-derive.
set -euo pipefail

# release  package  pinned version  suite
packages=(
  "2.14 libtorch-dev 2.14.1+dfsg-1 sid"
  "2.14 python3-torch 2.14.1+dfsg-1 sid"
  "2.6 libtorch-cuda-dev 2.6.0+dfsg-7+b1 sid"
  "2.6 python3-torch-cuda 2.6.0+dfsg-7+b1 sid"
  "pybind11 pybind11-dev 3.1.0-2 sid"
)

top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/scripts/private-apt.sh"
fetch_arguments fetch-torch "$top/build/torch" "$@"
versions=$tree/versions.tsv

if [ "$refresh" = 0 ] && [ -f "$versions" ]; then
  have_all=1
  for p in "${packages[@]}"; do
    read -r release package version suite <<<"$p"
    release_listed "$versions" "$release" "$package" "$version" "$suite" || { have_all=0; break; }
  done
  if [ "$have_all" = 1 ]; then
    echo "fetch-torch: $tree is complete ($(wc -l < "$versions") packages)"
    exit 0
  fi
fi

state=$tree.apt
rm -rf "$state" "$tree.new"
mkdir -p "$state/debs" "$tree.new"
: > "$tree.new/versions.tsv"
private_apt "$state" "deb http://deb.debian.org/debian sid main contrib"
echo "fetch-torch: downloading ${#packages[@]} packages from Debian sid"
apt-get "${apt_options[@]}" -qq update
for p in "${packages[@]}"; do
  read -r release package version suite <<<"$p"
  if ! (cd "$state/debs" && apt-get "${apt_options[@]}" -qq download "$package=$version"); then
    echo "fetch-torch: error: Debian $suite has no $package $version; update the pin in $0 and in hipify-clang/tables/derive/inputs.tsv" >&2
    exit 1
  fi
  deb=$(ls "$state/debs/${package}_"*.deb)
  x=$state/x/$package
  mkdir -p "$x"
  dpkg -x "$deb" "$x"
  case "$package" in
    libtorch-dev|libtorch-cuda-dev)
      mkdir -p "$tree.new/$release"
      mv "$x/usr/include" "$tree.new/$release/include" ;;
    python3-torch|python3-torch-cuda)
      hipify=$tree.new/hipify-$release/torch/utils
      mkdir -p "$hipify"
      mv "$x/usr/lib/python3/dist-packages/torch/utils/hipify" "$hipify/hipify"
      : > "$hipify/../__init__.py"
      : > "$hipify/__init__.py" ;;
    pybind11-dev)
      mkdir -p "$tree.new/pybind11"
      mv "$x/usr/include" "$tree.new/pybind11/include" ;;
  esac
  printf '%s\t%s\t%s\t%s\t%s\n' "$release" "$package" "$(dpkg-deb -f "$deb" Version)" "$suite" \
    "$(deb_sha256 "$package" "$version")" >> "$tree.new/versions.tsv"
  rm -rf "$x" "$deb"
done

configured=$tree.new/2.14/include
if [ ! -e "$configured/ATen/cuda/CUDAConfig.h" ]; then
  cat > "$configured/ATen/cuda/CUDAConfig.h" <<'CONFIG'
#pragma once
// Written by hipkit's scripts/fetch-torch.sh: Debian's libtorch-dev is a CPU build, and a
// CUDA build of PyTorch generates this file (from ATen/cuda/CUDAConfig.h.in) as below.
#define AT_CUDNN_ENABLED() 0
#define AT_CUSPARSELT_ENABLED() 0
#define AT_HIPSPARSELT_ENABLED() 0
#define AT_ROCM_ENABLED() 0
#define AT_MAGMA_ENABLED() 0
#define NVCC_FLAGS_EXTRA ""
CONFIG
fi
if [ ! -e "$configured/c10/cuda/impl/cuda_cmake_macros.h" ]; then
  cat > "$configured/c10/cuda/impl/cuda_cmake_macros.h" <<'CONFIG'
#pragma once
// Written by hipkit's scripts/fetch-torch.sh: Debian's libtorch-dev is a CPU build, and a
// CUDA build of PyTorch generates this file (from cuda_cmake_macros.h.in) as below.
#define C10_CUDA_BUILD_SHARED_LIBS
CONFIG
fi
rm -rf "$tree" "$state"
mv "$tree.new" "$tree"
echo "fetch-torch: unpacked $(cut -f2 "$tree/versions.tsv" | paste -sd' ') into $tree"
