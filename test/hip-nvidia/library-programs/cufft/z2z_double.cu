// cuFFT double precision: Z2Z forward and inverse of a 1-D signal, D2Z/Z2D.
#include <cufft.h>
#include <cuda_runtime.h>
#include <cmath>
#include <cstdio>
#include <vector>
#define CK(x) do { if ((x) != CUFFT_SUCCESS) { printf("error line %d\n", __LINE__); return 1; } } while (0)
// ROUNDTRIP-TOLERANCE: 1e-9

int main() {
  const int n = 128;
  std::vector<cufftDoubleComplex> x(n);
  for (int i = 0; i < n; ++i) { x[i].x = std::sin(0.2 * i) + 0.5 * std::cos(0.7 * i); x[i].y = 0.1 * (i % 4); }
  cufftDoubleComplex *d;
  cudaMalloc(&d, n * sizeof(cufftDoubleComplex));
  cudaMemcpy(d, x.data(), n * sizeof(cufftDoubleComplex), cudaMemcpyHostToDevice);
  cufftHandle p;
  CK(cufftPlan1d(&p, n, CUFFT_Z2Z, 1));
  CK(cufftExecZ2Z(p, d, d, CUFFT_FORWARD));
  std::vector<cufftDoubleComplex> y(n);
  cudaMemcpy(y.data(), d, n * sizeof(cufftDoubleComplex), cudaMemcpyDeviceToHost);
  for (int k = 0; k < n; k += 17) printf("X[%d] = %.8f %+.8fi\n", k, y[k].x, y[k].y);
  CK(cufftExecZ2Z(p, d, d, CUFFT_INVERSE));
  cudaMemcpy(y.data(), d, n * sizeof(cufftDoubleComplex), cudaMemcpyDeviceToHost);
  double err = 0;
  for (int i = 0; i < n; ++i) err = std::fmax(err, std::fabs(y[i].x / n - x[i].x));
  printf("round trip ok: %d\n", err < 1e-12);
  CK(cufftDestroy(p));

  double *r;
  cufftDoubleComplex *c;
  cudaMalloc(&r, n * sizeof(double));
  cudaMalloc(&c, (n / 2 + 1) * sizeof(cufftDoubleComplex));
  std::vector<double> hr(n);
  for (int i = 0; i < n; ++i) hr[i] = (i % 8) - 3.5;
  cudaMemcpy(r, hr.data(), n * sizeof(double), cudaMemcpyHostToDevice);
  cufftHandle f, b;
  CK(cufftPlan1d(&f, n, CUFFT_D2Z, 1));
  CK(cufftPlan1d(&b, n, CUFFT_Z2D, 1));
  CK(cufftExecD2Z(f, r, c));
  std::vector<cufftDoubleComplex> hc(n / 2 + 1);
  cudaMemcpy(hc.data(), c, hc.size() * sizeof(cufftDoubleComplex), cudaMemcpyDeviceToHost);
  printf("bin 16 = %.8f %+.8fi\n", hc[16].x, hc[16].y);
  CK(cufftExecZ2D(b, c, r));
  cudaMemcpy(hr.data(), r, n * sizeof(double), cudaMemcpyDeviceToHost);
  printf("r[5] = %.8f\n", hr[5] / n);
  CK(cufftDestroy(f));
  CK(cufftDestroy(b));
  return 0;
}
