// cuFFT 3-D complex transform and a 2-D C2R inverse of an R2C, on a stream.
#include <cufft.h>
#include <cuda_runtime.h>
#include <cmath>
#include <cstdio>
#include <vector>
#define CK(x) do { if ((x) != CUFFT_SUCCESS) { printf("error line %d\n", __LINE__); return 1; } } while (0)
// ROUNDTRIP-TOLERANCE: 1e-5

int main() {
  const int nx = 8, ny = 6, nz = 10, total = nx * ny * nz;
  std::vector<cufftComplex> v(total);
  for (int i = 0; i < total; ++i) { v[i].x = (float)((i * 7) % 13) / 13.0f; v[i].y = 0.0f; }
  cufftComplex *d;
  cudaMalloc(&d, total * sizeof(cufftComplex));
  cudaMemcpy(d, v.data(), total * sizeof(cufftComplex), cudaMemcpyHostToDevice);
  cudaStream_t s;
  cudaStreamCreate(&s);
  cufftHandle p;
  CK(cufftPlan3d(&p, nx, ny, nz, CUFFT_C2C));
  CK(cufftSetStream(p, s));
  CK(cufftExecC2C(p, d, d, CUFFT_FORWARD));
  cudaMemcpyAsync(v.data(), d, total * sizeof(cufftComplex), cudaMemcpyDeviceToHost, s);
  cudaStreamSynchronize(s);
  printf("DC %.4f\n", v[0].x);
  for (int i = 1; i < total; i += 97) printf("X[%d] = %.4f %+.4fi\n", i, v[i].x, v[i].y);
  CK(cufftDestroy(p));

  const int rows = 16, cols = 12;
  std::vector<float> img(rows * cols);
  for (int i = 0; i < rows * cols; ++i) img[i] = std::sin(0.1f * i);
  float *dr;
  cufftComplex *dc;
  cudaMalloc(&dr, img.size() * sizeof(float));
  cudaMalloc(&dc, rows * (cols / 2 + 1) * sizeof(cufftComplex));
  cudaMemcpy(dr, img.data(), img.size() * sizeof(float), cudaMemcpyHostToDevice);
  cufftHandle f, b;
  CK(cufftPlan2d(&f, rows, cols, CUFFT_R2C));
  CK(cufftPlan2d(&b, rows, cols, CUFFT_C2R));
  CK(cufftExecR2C(f, dr, dc));
  CK(cufftExecC2R(b, dc, dr));
  std::vector<float> back(img.size());
  cudaMemcpy(back.data(), dr, back.size() * sizeof(float), cudaMemcpyDeviceToHost);
  float err = 0;
  for (size_t i = 0; i < img.size(); ++i) err = std::fmax(err, std::fabs(back[i] / (rows * cols) - img[i]));
  printf("2-D round trip ok: %d\n", err < 1e-5f);
  CK(cufftDestroy(f));
  CK(cufftDestroy(b));
  cudaStreamDestroy(s);
  return 0;
}
