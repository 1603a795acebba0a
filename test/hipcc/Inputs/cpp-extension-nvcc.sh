#!/bin/sh
# The compile command torch.utils.cpp_extension (PyTorch 2.x) writes into its
# build.ninja for a .cu source, with $nvcc = $1 and the source/object as
# $2/$3; ninja runs it with /bin/sh -c. shlex.quote("'-fPIC'") is the odd
# ''"'"'-fPIC'"'"'': the shell leaves the argument '-fPIC' (with the single
# quotes) to nvcc, which puts it into the host compiler's shell command.
# -ccbin comes from CC, --threads from NVCC_THREADS; the rest is
# extra_compile_args['nvcc'] as extensions commonly give it.
nvcc=$1 src=$2 obj=$3 inc=$(dirname "$2")
$nvcc --generate-dependencies-with-compile --dependency-output $obj.d -I$inc -isystem $inc -D__CUDA_NO_HALF_OPERATORS__ -D__CUDA_NO_HALF_CONVERSIONS__ -D__CUDA_NO_BFLOAT16_CONVERSIONS__ -D__CUDA_NO_HALF2_OPERATORS__ --expt-relaxed-constexpr --compiler-options ''"'"'-fPIC'"'"'' -O3 -ccbin /usr/bin/gcc --threads 4 -Xcompiler -fPIC -Xcompiler -Wno-unused-parameter,-Wno-unused-function --use_fast_math -lineinfo --ptxas-options=-v -Xptxas -O3 -gencode=arch=compute_90,code=compute_90 -gencode=arch=compute_90,code=sm_90 -gencode arch=compute_80,code=sm_80 -DTORCH_API_INCLUDE_EXTENSION_H -DTORCH_EXTENSION_NAME=x -D_GLIBCXX_USE_CXX11_ABI=1 -std=c++17 -c $src -o $obj
