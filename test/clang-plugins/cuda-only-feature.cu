// hipkit-cuda-only-feature, run by hipify-clang's CUDA parse: dynamic
// parallelism, clusters, cuda::pipeline/barrier;
// look-alikes (host launches, in host code's lambdas too, the user's own
// pipeline, other cooperative groups) stay silent, and so does WMMA, which
// hipify-clang's tables report (wmma-tensor-core-gemm.test).
// REQUIRES: cuda
// RUN: %hipify %s -o %t.hip --cuda-path=%cuda_path --checks='-*,hipkit-cuda-only-feature' -- -std=c++17 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=warning:
// Launches alone, in order, so that no other report hides between the
// CHECK-DAG matches above:
// RUN: %hipify %s -o %t.hip --cuda-path=%cuda_path --checks='-*,hipkit-cuda-only-feature' -- -std=c++17 2>&1 \
// RUN:   | grep 'dynamic parallelism' | FileCheck %s --check-prefix=LAUNCH --implicit-check-not=warning:
// RUN: %hipify %s -o %t.hip --cuda-path=%cuda_path --checks=-hipkit-cuda-only-feature -- -std=c++17 2>&1 \
// RUN:   | FileCheck --allow-empty --check-prefix=OFF %s
// OFF-NOT: [hipkit-cuda-only-feature]

#include <cooperative_groups.h>
#include <cuda/pipeline>
#include <cuda/barrier>
#include <mma.h>

namespace cg = cooperative_groups;
using namespace nvcuda;

struct Params { int n; };

__global__ void child(int *p) { p[threadIdx.x] = 1; }

// The check reports __grid_constant__ and asks to drop it; hipify-clang's
// translation removes it (the `remove` rule, test/hipify/remove-name.cu) and
// drops that report, so this run, which shows only the check, has none here.
__global__ void parent(int *p, const __grid_constant__ Params prm) {
  // CHECK-DAG: cuda-only-feature.cu:[[@LINE+2]]:3: warning: kernel launched from device code (dynamic parallelism), which HIP does not support; launch it from the host after this kernel, or turn the child grid into a loop [hipkit-cuda-only-feature]
  // LAUNCH: cuda-only-feature.cu:[[@LINE+1]]:3: warning: kernel launched from device code
  child<<<1, prm.n>>>(p);
}

// CHECK-DAG: cuda-only-feature.cu:[[@LINE+1]]:17: warning: __cluster_dims__ asks for thread-block clusters, which HIP does not have{{.*}}[hipkit-cuda-only-feature]
__global__ void __cluster_dims__(2, 1, 1) clustered(int *p) {
  cg::thread_block block = cg::this_thread_block(); // HIP has thread blocks
  block.sync();
  p[0] = 1;
}

__global__ void staged(float *out, const float *in) {
  __shared__ float buffer[256];
  // CHECK-DAG: cuda-only-feature.cu:[[@LINE+1]]:9: warning: 'cuda::pipeline' (libcu++ asynchronous copies, barriers and TMA) has no HIP counterpart; use plain loads into __shared__ memory and __syncthreads() [hipkit-cuda-only-feature]
  cuda::pipeline<cuda::thread_scope_thread> pipe = cuda::make_pipeline();
  // CHECK-DAG: cuda-only-feature.cu:[[@LINE-1]]:58: warning: 'cuda::make_pipeline'
  // CHECK-DAG: cuda-only-feature.cu:[[@LINE+1]]:9: warning: 'cuda::memcpy_async'
  cuda::memcpy_async(buffer + threadIdx.x, in + threadIdx.x, sizeof(float), pipe);
  out[threadIdx.x] = buffer[threadIdx.x];
}

__global__ void gemm(const half *a, const half *b, float *c) {
  wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> fa;
  wmma::load_matrix_sync(fa, a, 16);
}

// The user's own names and host launches are not reported.
struct pipeline { int stages; };
__global__ void plain(int *p) { pipeline pl{2}; p[0] = pl.stages; }
void host(int *p) { child<<<1, 32>>>(p); }

// A launch in a lambda runs where the lambda does (issue 28): one without
// execution-space attributes runs where it is defined, so in host code it is
// a host launch (the lambdas of ATen's AT_DISPATCH_* macros, of BOOL_SWITCH,
// nested, invoked at once, generic, in a template, at namespace scope).
#define DISPATCH(...) [&] { using scalar_t = float; return __VA_ARGS__(); }()
template <typename T> __global__ void typed(T *p) { p[threadIdx.x] = T(); }
void host_lambdas(float *f, int *p, cudaStream_t stream) {
  DISPATCH([&] { typed<scalar_t><<<1, 32, 0, stream>>>(f); });
  [&] { [&] { child<<<1, 32>>>(p); }(); }();
  auto generic = [&](auto *q) { typed<<<1, 32>>>(q); };
  generic(f);
  auto host_marked = [] __host__ (int *q) { child<<<1, 32>>>(q); };
  host_marked(p);
}
template <typename T> void host_template(T *p) {
  [&] { typed<T><<<1, 32>>>(p); }();
}
template void host_template<float>(float *);
auto file_scope_lambda = [](int *p) { child<<<1, 32>>>(p); };

// A lambda marked __device__ (or __host__ __device__), or defined in device
// code, runs on the device: a launch there is dynamic parallelism.
void device_lambdas(int *p) {
  // CHECK-DAG: cuda-only-feature.cu:[[@LINE+2]]:36: warning: kernel launched from device code (dynamic parallelism)
  // LAUNCH: cuda-only-feature.cu:[[@LINE+1]]:36: warning: kernel launched from device code
  auto on_device = [] __device__ { child<<<1, 32>>>(nullptr); };
  // CHECK-DAG: cuda-only-feature.cu:[[@LINE+2]]:49: warning: kernel launched from device code (dynamic parallelism)
  // LAUNCH: cuda-only-feature.cu:[[@LINE+1]]:49: warning: kernel launched from device code
  auto both = [] __host__ __device__ (int *q) { child<<<1, 32>>>(q); };
  both(p);
}
__global__ void parent_lambdas(int *p) {
  // CHECK-DAG: cuda-only-feature.cu:[[@LINE+2]]:9: warning: kernel launched from device code (dynamic parallelism)
  // LAUNCH: cuda-only-feature.cu:[[@LINE+1]]:9: warning: kernel launched from device code
  [&] { child<<<1, 32>>>(p); }();
  // CHECK-DAG: cuda-only-feature.cu:[[@LINE+2]]:15: warning: kernel launched from device code (dynamic parallelism)
  // LAUNCH: cuda-only-feature.cu:[[@LINE+1]]:15: warning: kernel launched from device code
  [&] { [&] { child<<<1, 32>>>(p); }(); }();
}
