#!/bin/sh
# Builds, into DIR (default gpu-run/), what run.sh runs on an NVIDIA GPU (the device tool):
# the NVIDIA-side library programs of test/hip-nvidia/libraries (hipCUB over CUB 3,
# hipSOLVER's sparse API, hipsparseSpMatSetAttribute from C), and legacy_launch_check.cpp
# as CUDA (g++ -lcuda, nvcc's fatbin module) and as hipify-clang's translation
# (HIP_PLATFORM=nvidia hipcc, hipcc --genco module). Needs CUDA 13 at /usr/local/cuda.
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
dir=${1:-$top/gpu-run}
bin=$top/build/stage/bin
mkdir -p "$dir/legacy"
export CUDA_PATH=/usr/local/cuda
lib=$top/test/hip-nvidia/libraries
HIP_PLATFORM=nvidia "$bin/hipcc" --offload-arch=sm_90 -O2 "$lib/cub.hip" -o "$dir/cub"
HIP_PLATFORM=nvidia "$bin/hipcc" --offload-arch=sm_90 "$lib/solver_sparse.hip" -o "$dir/solver_sparse" -lhipsolver
HIP_PLATFORM=nvidia "$bin/hipcc" -c -std=c11 "$lib/sparse_spsv_attribute.c" -o "$dir/spsv.o"
HIP_PLATFORM=nvidia "$bin/hipcc" "$dir/spsv.o" -o "$dir/sparse_spsv_attribute" -lhipsparse
rm -f "$dir/spsv.o"
cd "$dir/legacy"
kernel=$top/test/hipify/projects/Inputs/gpu-burn/compare.cu
/usr/local/cuda/bin/nvcc -fatbin -arch=sm_90 "$kernel" -o compare.fatbin
g++ -O2 -I/usr/local/cuda/include "$top/bench/legacy-launch/legacy_launch_check.cpp" -o check_cuda \
  -L/usr/local/cuda/lib64/stubs -lcuda
"$bin/hipify-clang" "$top/bench/legacy-launch/legacy_launch_check.cpp" -o check.hip.cpp 2>/dev/null
HIP_PLATFORM=nvidia "$bin/hipcc" -x c++ check.hip.cpp -o check_hip
"$bin/hipify-clang" "$kernel" -o compare.hip.cu 2>/dev/null
HIP_PLATFORM=nvidia "$bin/hipcc" --genco --offload-arch=sm_90 compare.hip.cu -o compare.hip.co
cp "$top/bench/legacy-launch/run.sh" "$dir/run.sh"
