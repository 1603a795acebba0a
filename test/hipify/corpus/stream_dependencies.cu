// REQUIRES: cuda
// RUN: %hipify %s -o %t.hip -- 2>&1 | FileCheck %s --check-prefix=PARSE --allow-empty
// RUN: grep -v '^ *//' %t.hip | FileCheck %s --implicit-check-not=cuda
// RUN: %hipcc -c %t.hip -o %t.o --offload-arch=gfx942
// A valid CUDA program parses without errors.
// PARSE-NOT: {{error:|could not be parsed|compile error}}

// A producer/consumer pipeline across streams: events order work between a
// high-priority and a low-priority stream (cudaStreamWaitEvent), async
// memset/memcpy keep the host free, a host function and a stream callback
// report progress, and cudaEventQuery polls for completion.
// CHECK: #include <hip/hip_runtime.h>
#include <cuda_runtime.h>
#include <atomic>
#include <cstdio>
#include <cstdlib>

#define CUDA_CHECK(call)                                                       \
  do {                                                                         \
    cudaError_t e = (call);                                                    \
    if (e != cudaSuccess) {                                                    \
      fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e)); \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

static std::atomic<int> hostCalls{0};

static void onStage(void *userData) {
  hostCalls++;
  printf("stage %s finished\n", (const char *)userData);
}

// CHECK: static void onStreamDone(hipStream_t stream, hipError_t status, void *userData) {
// CHECK-NEXT: if (status == hipSuccess)
static void onStreamDone(cudaStream_t stream, cudaError_t status, void *userData) {
  if (status == cudaSuccess)
    hostCalls++;
}

__global__ void produce(float *buf, int n, int round) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    buf[i] = (float)(round * n + i);
}

__global__ void consume(const float *buf, float *sum, int n) {
  __shared__ float s[256];
  float acc = 0.0f;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    acc += buf[i];
  s[threadIdx.x] = acc;
  __syncthreads();
  for (int k = blockDim.x / 2; k > 0; k >>= 1) {
    if (threadIdx.x < k)
      s[threadIdx.x] += s[threadIdx.x + k];
    __syncthreads();
  }
  if (threadIdx.x == 0)
    atomicAdd(sum, s[0]);
}

int main() {
  const int n = 1 << 16, rounds = 4;
  int leastPriority, greatestPriority;
  // CHECK: CUDA_CHECK(hipDeviceGetStreamPriorityRange(&leastPriority, &greatestPriority));
  CUDA_CHECK(cudaDeviceGetStreamPriorityRange(&leastPriority, &greatestPriority));
  cudaStream_t producer, consumer;
  // CHECK: CUDA_CHECK(hipStreamCreateWithPriority(&producer, hipStreamNonBlocking, greatestPriority));
  // CHECK-NEXT: CUDA_CHECK(hipStreamCreateWithPriority(&consumer, hipStreamNonBlocking, leastPriority));
  CUDA_CHECK(cudaStreamCreateWithPriority(&producer, cudaStreamNonBlocking, greatestPriority));
  CUDA_CHECK(cudaStreamCreateWithPriority(&consumer, cudaStreamNonBlocking, leastPriority));

  float *d_buf[rounds], *d_sums, h_sums[rounds];
  cudaEvent_t produced[rounds], consumed;
  for (int r = 0; r < rounds; ++r) {
    CUDA_CHECK(cudaMalloc(&d_buf[r], n * sizeof(float)));
    // CHECK: CUDA_CHECK(hipEventCreateWithFlags(&produced[r], hipEventDisableTiming));
    CUDA_CHECK(cudaEventCreateWithFlags(&produced[r], cudaEventDisableTiming));
  }
  CUDA_CHECK(cudaEventCreateWithFlags(&consumed, cudaEventBlockingSync));
  CUDA_CHECK(cudaMalloc(&d_sums, rounds * sizeof(float)));
  // CHECK: CUDA_CHECK(hipMemsetAsync(d_sums, 0, rounds * sizeof(float), consumer));
  CUDA_CHECK(cudaMemsetAsync(d_sums, 0, rounds * sizeof(float), consumer));

  static const char *names[rounds] = {"0", "1", "2", "3"};
  for (int r = 0; r < rounds; ++r) {
    produce<<<n / 256, 256, 0, producer>>>(d_buf[r], n, r);
    // CHECK: CUDA_CHECK(hipEventRecord(produced[r], producer));
    // CHECK-NEXT: CUDA_CHECK(hipStreamWaitEvent(consumer, produced[r], 0));
    CUDA_CHECK(cudaEventRecord(produced[r], producer));
    CUDA_CHECK(cudaStreamWaitEvent(consumer, produced[r], 0));
    consume<<<32, 256, 0, consumer>>>(d_buf[r], d_sums + r, n);
    // CHECK: CUDA_CHECK(hipLaunchHostFunc(consumer, onStage, (void *)names[r]));
    CUDA_CHECK(cudaLaunchHostFunc(consumer, onStage, (void *)names[r]));
  }
  // CHECK: CUDA_CHECK(hipStreamAddCallback(consumer, onStreamDone, nullptr, 0));
  CUDA_CHECK(cudaStreamAddCallback(consumer, onStreamDone, nullptr, 0));
  // CHECK: CUDA_CHECK(hipMemcpyAsync(h_sums, d_sums, sizeof(h_sums), hipMemcpyDeviceToHost, consumer));
  CUDA_CHECK(cudaMemcpyAsync(h_sums, d_sums, sizeof(h_sums), cudaMemcpyDeviceToHost, consumer));
  CUDA_CHECK(cudaEventRecord(consumed, consumer));

  long polls = 0;
  // CHECK: while (hipEventQuery(consumed) == hipErrorNotReady)
  while (cudaEventQuery(consumed) == cudaErrorNotReady)
    ++polls;
  CUDA_CHECK(cudaEventSynchronize(consumed));
  printf("polled %ld times\n", polls);

  bool ok = hostCalls.load() == rounds + 1;
  for (int r = 0; r < rounds; ++r) {
    double expected = (double)n * r * n + (double)n * (n - 1) / 2;
    if (h_sums[r] < expected * 0.999 || h_sums[r] > expected * 1.001)
      ok = false;
    CUDA_CHECK(cudaEventDestroy(produced[r]));
    CUDA_CHECK(cudaFree(d_buf[r]));
  }
  CUDA_CHECK(cudaEventDestroy(consumed));
  CUDA_CHECK(cudaStreamDestroy(producer));
  CUDA_CHECK(cudaStreamDestroy(consumer));
  CUDA_CHECK(cudaFree(d_sums));
  printf("%s\n", ok ? "PASSED" : "FAILED");
  return ok ? 0 : 1;
}
// How often the host polls before the stream is done depends on timing, run to
// run: scripts/nvidia-roundtrip.py leaves that line out of its comparison.
// ROUNDTRIP-VARIES: ^polled [0-9]+ times$
