#!/bin/sh
# On the device: the NVIDIA-side library programs (issue 29) and the legacy launch check.
cd "$(dirname "$0")"
for p in ./cub ./solver_sparse ./sparse_spsv_attribute; do echo "== $p"; $p; echo "exit $?"; done
cd legacy
echo "== CUDA original (nvcc fatbin module)"; ./check_cuda compare.fatbin; echo "exit $?"
echo "== hipify-clang translation, HIP_PLATFORM=nvidia (hipcc --genco module)"; ./check_hip compare.hip.co; echo "exit $?"
echo "== translation with the nvcc module"; ./check_hip compare.fatbin; echo "exit $?"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
