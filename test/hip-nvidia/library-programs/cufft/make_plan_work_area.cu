// cuFFT's extensible plans: cufftCreate, cufftSetAutoAllocation, cufftMakePlan1d
// and cufftMakePlanMany with the work-area size, cufftSetWorkArea, cufftGetVersion.
#include <cufft.h>
#include <cuda_runtime.h>
#include <cstdio>
#include <vector>
#define CK(x) do { if ((x) != CUFFT_SUCCESS) { printf("error line %d\n", __LINE__); return 1; } } while (0)
// ROUNDTRIP-TOLERANCE: 1e-5

int main() {
  const int n = 256, batch = 3;
  cufftHandle p;
  CK(cufftCreate(&p));
  CK(cufftSetAutoAllocation(p, 0));
  size_t work = 0;
  CK(cufftMakePlan1d(p, n, CUFFT_C2C, batch, &work));
  size_t size = 0;
  CK(cufftGetSize(p, &size));
  void *area;
  cudaMalloc(&area, size > work ? size : work);
  CK(cufftSetWorkArea(p, area));
  std::vector<cufftComplex> x(n * batch);
  for (int i = 0; i < n * batch; ++i) { x[i].x = (float)(i % n == (i / n) * 5); x[i].y = 0; }
  cufftComplex *d;
  cudaMalloc(&d, x.size() * sizeof(cufftComplex));
  cudaMemcpy(d, x.data(), x.size() * sizeof(cufftComplex), cudaMemcpyHostToDevice);
  CK(cufftExecC2C(p, d, d, CUFFT_FORWARD));
  cudaMemcpy(x.data(), d, x.size() * sizeof(cufftComplex), cudaMemcpyDeviceToHost);
  for (int b = 0; b < batch; ++b) printf("batch %d: X[3] = %.5f %+.5fi\n", b, x[b * n + 3].x, x[b * n + 3].y);
  CK(cufftDestroy(p));

  cufftHandle m;
  CK(cufftCreate(&m));
  int dims[1] = {n};
  CK(cufftMakePlanMany(m, 1, dims, nullptr, 1, n, nullptr, 1, n, CUFFT_C2C, batch, &work));
  CK(cufftExecC2C(m, d, d, CUFFT_INVERSE));
  cudaMemcpy(x.data(), d, x.size() * sizeof(cufftComplex), cudaMemcpyDeviceToHost);
  printf("batch 2 sample 10: %.3f\n", x[2 * n + 10].x / n);
  CK(cufftDestroy(m));
  int version = 0;
  CK(cufftGetVersion(&version));
  printf("version known: %d\n", version > 0);
  cudaFree(area);
  return 0;
}
