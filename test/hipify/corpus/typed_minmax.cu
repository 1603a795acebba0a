// REQUIRES: cuda
// RUN: %hipify %s -o %t.hip -- 2>&1 | FileCheck %s --check-prefix=PARSE --allow-empty
// RUN: grep -v '^ *//' %t.hip | FileCheck %s --implicit-check-not=cuda --implicit-check-not=umin --implicit-check-not=umax --implicit-check-not=llmin --implicit-check-not=llmax --implicit-check-not=_32a
// RUN: %hipcc -c %t.hip -o %t.o --offload-arch=gfx942
// A valid CUDA program parses without errors.
// PARSE-NOT: {{error:|could not be parsed|compile error}}

// Clamping with CUDA's typed min/max helpers, as image and index code does:
// umin/umax compare as unsigned (a negative int is a huge value), llmin/llmax
// as long long, ullmin/ullmax as unsigned long long. HIP spells them min/max,
// which pick their overload from the arguments, so the translation converts
// the arguments. Block votes use the sm_20 spellings (syncthreads_and), and
// results are stored as CUDA 13's 32-byte-aligned double4_32a.
// CHECK: #include <hip/hip_runtime.h>
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>

#define CHECK_CALL(call)                                                       \
  do {                                                                         \
    if ((call) != cudaSuccess) {                                               \
      fprintf(stderr, "%s:%d: call failed\n", __FILE__, __LINE__);             \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

constexpr int N = 256;

// CHECK: __global__ void clamp(const int *a, const int *b, unsigned *u, long long *ll,
// CHECK-NEXT: unsigned long long *ull, double4 *summary) {
__global__ void clamp(const int *a, const int *b, unsigned *u, long long *ll,
                      unsigned long long *ull, double4_32a *summary) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  // CHECK: u[i] = min(static_cast<unsigned int>(a[i]), static_cast<unsigned int>(b[i])) ^ max(static_cast<unsigned int>(a[i]), static_cast<unsigned int>(b[i]));
  u[i] = umin(a[i], b[i]) ^ umax(a[i], b[i]);
  // CHECK-NEXT: ll[i] = min(static_cast<long long>(a[i]), static_cast<long long>(-b[i])) + max(static_cast<long long>(a[i]), static_cast<long long>(b[i]));
  ll[i] = llmin(a[i], -b[i]) + llmax(a[i], b[i]);
  // CHECK-NEXT: ull[i] = min(static_cast<unsigned long long>(a[i]), static_cast<unsigned long long>(b[i])) + max(static_cast<unsigned long long>(b[i]), static_cast<unsigned long long>(1));
  ull[i] = ullmin(a[i], b[i]) + ullmax(b[i], 1);
  // CHECK: int all = __syncthreads_and(a[i] >= 0);
  // CHECK-NEXT: int any = __syncthreads_or(a[i] < 0);
  // CHECK-NEXT: int count = __syncthreads_count(a[i] > b[i]);
  int all = syncthreads_and(a[i] >= 0);
  int any = syncthreads_or(a[i] < 0);
  int count = syncthreads_count(a[i] > b[i]);
  if (threadIdx.x == 0)
    // CHECK: summary[blockIdx.x] = make_double4(all, any, count, 0.5);
    summary[blockIdx.x] = make_double4_32a(all, any, count, 0.5);
}

int main() {
  int ha[N], hb[N];
  for (int i = 0; i < N; ++i) {
    ha[i] = (i % 7 == 0) ? -i - 1 : i * 3;
    hb[i] = (i % 5 == 0) ? -2 * i - 3 : 300 - i;
  }
  int *a, *b;
  unsigned *u;
  long long *ll;
  unsigned long long *ull;
  // CHECK: double4 *summary;
  double4_32a *summary;
  CHECK_CALL(cudaMalloc(&a, sizeof ha));
  CHECK_CALL(cudaMalloc(&b, sizeof hb));
  CHECK_CALL(cudaMalloc(&u, N * sizeof(unsigned)));
  CHECK_CALL(cudaMalloc(&ll, N * sizeof(long long)));
  CHECK_CALL(cudaMalloc(&ull, N * sizeof(unsigned long long)));
  CHECK_CALL(cudaMalloc(&summary, 2 * sizeof *summary));
  CHECK_CALL(cudaMemcpy(a, ha, sizeof ha, cudaMemcpyHostToDevice));
  CHECK_CALL(cudaMemcpy(b, hb, sizeof hb, cudaMemcpyHostToDevice));
  clamp<<<2, N / 2>>>(a, b, u, ll, ull, summary);
  CHECK_CALL(cudaGetLastError());
  unsigned hu[N];
  long long hll[N];
  unsigned long long hull[N];
  // CHECK: double4 hs[2];
  double4_32a hs[2];
  CHECK_CALL(cudaMemcpy(hu, u, sizeof hu, cudaMemcpyDeviceToHost));
  CHECK_CALL(cudaMemcpy(hll, ll, sizeof hll, cudaMemcpyDeviceToHost));
  CHECK_CALL(cudaMemcpy(hull, ull, sizeof hull, cudaMemcpyDeviceToHost));
  CHECK_CALL(cudaMemcpy(hs, summary, sizeof hs, cudaMemcpyDeviceToHost));
  int errors = 0;
  unsigned long long checksum = 0;
  for (int i = 0; i < N; ++i) {
    unsigned ua = ha[i], ub = hb[i];
    long long la = ha[i], lb = hb[i];
    unsigned long long qa = (unsigned long long)(long long)ha[i];
    unsigned long long qb = (unsigned long long)(long long)hb[i];
    unsigned eu = (ua < ub ? ua : ub) ^ (ua > ub ? ua : ub);
    long long ell = (la < -lb ? la : -lb) + (la > lb ? la : lb);
    unsigned long long eull = (qa < qb ? qa : qb) + (qb > 1 ? qb : 1);
    errors += hu[i] != eu || hll[i] != ell || hull[i] != eull;
    checksum += hu[i] + (unsigned long long)hll[i] + hull[i];
  }
  printf("checksum %llu\n", checksum);
  for (int blk = 0; blk < 2; ++blk)
    printf("block %d: all %g any %g count %g\n", blk, hs[blk].x, hs[blk].y, hs[blk].z);
  errors += hs[0].x != 0 || hs[0].y != 1 || hs[1].w != 0.5;
  CHECK_CALL(cudaFree(a));
  CHECK_CALL(cudaFree(b));
  CHECK_CALL(cudaFree(u));
  CHECK_CALL(cudaFree(ll));
  CHECK_CALL(cudaFree(ull));
  CHECK_CALL(cudaFree(summary));
  printf("%s\n", errors ? "FAIL" : "PASS");
  return errors ? 1 : 0;
}
