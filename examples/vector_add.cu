// A CUDA program as users bring it: translated by hipify-clang in the README's first command.
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>

#define CHECK(call)                                                            \
  do {                                                                         \
    cudaError_t err_ = (call);                                                 \
    if (err_ != cudaSuccess) {                                                 \
      std::fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__,                  \
                   cudaGetErrorString(err_));                                  \
      std::exit(1);                                                            \
    }                                                                          \
  } while (0)

__global__ void vectorAdd(const float *a, const float *b, float *c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    c[i] = a[i] + b[i];
}

int main() {
  const int n = 1 << 16;
  size_t bytes = n * sizeof(float);
  float *ha = (float *)std::malloc(bytes), *hb = (float *)std::malloc(bytes),
        *hc = (float *)std::malloc(bytes);
  for (int i = 0; i < n; ++i) {
    ha[i] = i;
    hb[i] = 2 * i;
  }
  float *da, *db, *dc;
  CHECK(cudaMalloc(&da, bytes));
  CHECK(cudaMalloc(&db, bytes));
  CHECK(cudaMalloc(&dc, bytes));
  CHECK(cudaMemcpy(da, ha, bytes, cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(db, hb, bytes, cudaMemcpyHostToDevice));
  vectorAdd<<<(n + 255) / 256, 256>>>(da, db, dc, n);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(hc, dc, bytes, cudaMemcpyDeviceToHost));
  CHECK(cudaDeviceSynchronize());
  for (int i = 0; i < n; ++i)
    if (hc[i] != 3.0f * i) {
      std::printf("mismatch at %d\n", i);
      return 1;
    }
  std::printf("vector_add: ok\n");
  CHECK(cudaFree(da));
  CHECK(cudaFree(db));
  CHECK(cudaFree(dc));
  std::free(ha);
  std::free(hb);
  std::free(hc);
  return 0;
}
