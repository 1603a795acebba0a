// REQUIRES: cuda, rocm-6.4-libraries
// RUN: %hipify %s -o %t.hip --rocm-path=%rocm_libraries -- 2>&1 | FileCheck %s --check-prefix=PARSE --allow-empty
// RUN: grep -v '^ *//' %t.hip | FileCheck %s --check-prefix=HIP --implicit-check-not='{{cuda|CUDA|nccl\.h}}'
// RUN: %hipcc -c %t.hip -o %t.o --offload-arch=gfx942 -I%rocm_libraries/include
// RCCL is ROCm's library for NCCL's API: --roc writes the same names.
// RUN: %hipify --roc %s -o %t.roc.hip --rocm-path=%rocm_libraries -- 2>&1 | FileCheck %s --check-prefix=PARSE --allow-empty
// RUN: diff %t.hip %t.roc.hip
// A valid program translates without errors or warnings.
// PARSE-NOT: {{error:|warning:|could not be parsed}}

// A sum all-reduce over every visible GPU from one process (ncclCommInitAll, one
// communicator per device, the collectives grouped), checked on the host. With one
// GPU it is a one-rank all-reduce, which must still return the input.
// RCCL keeps NCCL's names: only the include and the runtime change.
// HIP: #include <hip/hip_runtime.h>
// HIP: #include <rccl/rccl.h>
#include <cuda_runtime.h>
#include <nccl.h>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CHECK_RT(call)                                                         \
  do {                                                                         \
    if ((call) != cudaSuccess) {                                               \
      fprintf(stderr, "runtime error at %s:%d\n", __FILE__, __LINE__);         \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)
// HIP: ncclResult_t result = (call);
// HIP-NEXT: if (result != ncclSuccess) {
// HIP-NEXT: fprintf(stderr, "collective error '%s' at %s:%d\n", ncclGetErrorString(result), __FILE__,
#define CHECK_NCCL(call)                                                       \
  do {                                                                         \
    ncclResult_t result = (call);                                              \
    if (result != ncclSuccess) {                                               \
      fprintf(stderr, "collective error '%s' at %s:%d\n", ncclGetErrorString(result), __FILE__, \
              __LINE__);                                                       \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

int main() {
  int devices = 0;
  CHECK_RT(cudaGetDeviceCount(&devices));
  if (devices < 1) {
    fprintf(stderr, "no GPU\n");
    return 1;
  }
  const size_t count = 1 << 16;
  std::vector<int> list(devices);
  std::vector<float *> send(devices), recv(devices);
  // HIP: std::vector<hipStream_t> streams(devices);
  // HIP-NEXT: std::vector<ncclComm_t> comms(devices);
  std::vector<cudaStream_t> streams(devices);
  std::vector<ncclComm_t> comms(devices);
  for (int r = 0; r < devices; ++r) {
    list[r] = r;
    std::vector<float> host(count);
    for (size_t i = 0; i < count; ++i) host[i] = (float)(r + 1) * (float)(i % 97) * 0.5f;
    CHECK_RT(cudaSetDevice(r));
    CHECK_RT(cudaMalloc(&send[r], count * sizeof(float)));
    CHECK_RT(cudaMalloc(&recv[r], count * sizeof(float)));
    CHECK_RT(cudaMemcpy(send[r], host.data(), count * sizeof(float), cudaMemcpyHostToDevice));
    CHECK_RT(cudaMemset(recv[r], 0, count * sizeof(float)));
    CHECK_RT(cudaStreamCreate(&streams[r]));
  }

  // HIP: CHECK_NCCL(ncclCommInitAll(comms.data(), devices, list.data()));
  CHECK_NCCL(ncclCommInitAll(comms.data(), devices, list.data()));
  int version = 0;
  CHECK_NCCL(ncclGetVersion(&version));
  for (int r = 0; r < devices; ++r) {
    int ranks = 0, rank = -1;
    CHECK_NCCL(ncclCommCount(comms[r], &ranks));
    CHECK_NCCL(ncclCommUserRank(comms[r], &rank));
    if (ranks != devices || rank != r) {
      fprintf(stderr, "communicator %d: %d ranks, rank %d\n", r, ranks, rank);
      return 1;
    }
  }
  // HIP: CHECK_NCCL(ncclGroupStart());
  // HIP-NEXT: for (int r = 0; r < devices; ++r)
  // HIP-NEXT: CHECK_NCCL(ncclAllReduce(send[r], recv[r], count, ncclFloat, ncclSum, comms[r], streams[r]));
  // HIP-NEXT: CHECK_NCCL(ncclGroupEnd());
  CHECK_NCCL(ncclGroupStart());
  for (int r = 0; r < devices; ++r)
    CHECK_NCCL(ncclAllReduce(send[r], recv[r], count, ncclFloat, ncclSum, comms[r], streams[r]));
  CHECK_NCCL(ncclGroupEnd());

  // Every rank holds the sum over ranks: (1 + ... + devices) * (i % 97) * 0.5.
  const float ranksSum = devices * (devices + 1) / 2.0f;
  int bad = 0;
  for (int r = 0; r < devices; ++r) {
    // HIP: CHECK_RT(hipSetDevice(r));
    // HIP-NEXT: CHECK_RT(hipStreamSynchronize(streams[r]));
    CHECK_RT(cudaSetDevice(r));
    CHECK_RT(cudaStreamSynchronize(streams[r]));
    std::vector<float> host(count);
    CHECK_RT(cudaMemcpy(host.data(), recv[r], count * sizeof(float), cudaMemcpyDeviceToHost));
    for (size_t i = 0; i < count; ++i) {
      float want = ranksSum * (float)(i % 97) * 0.5f;
      if (std::fabs(host[i] - want) > 1e-5f * (1.0f + std::fabs(want))) ++bad;
    }
  }
  // HIP: CHECK_NCCL(ncclCommDestroy(comms[r]));
  for (int r = 0; r < devices; ++r) {
    CHECK_NCCL(ncclCommDestroy(comms[r]));
    CHECK_RT(cudaSetDevice(r));
    CHECK_RT(cudaStreamDestroy(streams[r]));
    CHECK_RT(cudaFree(send[r]));
    CHECK_RT(cudaFree(recv[r]));
  }
  printf("all-reduce over %d GPU(s), library version %d: %s (%d mismatches)\n", devices, version,
         bad ? "FAILED" : "PASSED", bad);
  return bad ? 1 : 0;
}
