// cuSPARSE legacy API: matrix descriptor, COO to CSR and back, a tridiagonal
// solve with gtsv2 (its buffer size first), the version and pointer mode.
#include <cusparse.h>
#include <cuda_runtime.h>
#include <cstdio>
#include <vector>
#define CK(x) do { if ((x) != CUSPARSE_STATUS_SUCCESS) { printf("error line %d\n", __LINE__); return 1; } } while (0)

int main() {
  cusparseHandle_t h;
  CK(cusparseCreate(&h));
  cusparseMatDescr_t descr;
  CK(cusparseCreateMatDescr(&descr));
  CK(cusparseSetMatType(descr, CUSPARSE_MATRIX_TYPE_GENERAL));
  CK(cusparseSetMatIndexBase(descr, CUSPARSE_INDEX_BASE_ONE));
  printf("base one: %d\n", cusparseGetMatIndexBase(descr) == CUSPARSE_INDEX_BASE_ONE);
  const int m = 5, nnz = 8;
  int rows[nnz] = {1, 1, 2, 3, 3, 4, 5, 5};
  int *dRows, *dOffsets, *dBack;
  cudaMalloc(&dRows, sizeof(rows)); cudaMalloc(&dOffsets, (m + 1) * sizeof(int)); cudaMalloc(&dBack, sizeof(rows));
  cudaMemcpy(dRows, rows, sizeof(rows), cudaMemcpyHostToDevice);
  CK(cusparseXcoo2csr(h, dRows, nnz, m, dOffsets, CUSPARSE_INDEX_BASE_ONE));
  CK(cusparseXcsr2coo(h, dOffsets, nnz, m, dBack, CUSPARSE_INDEX_BASE_ONE));
  int offsets[m + 1], back[nnz];
  cudaMemcpy(offsets, dOffsets, sizeof(offsets), cudaMemcpyDeviceToHost);
  cudaMemcpy(back, dBack, sizeof(back), cudaMemcpyDeviceToHost);
  for (int x : offsets) printf("%d ", x);
  printf("| ");
  for (int x : back) printf("%d ", x);
  printf("\n");

  const int n = 8;
  std::vector<float> dl(n, -1.0f), d(n, 4.0f), du(n, -1.0f), b(n);
  dl[0] = 0.0f, du[n - 1] = 0.0f;
  for (int i = 0; i < n; ++i) b[i] = 1.0f + i;
  float *ddl, *dd, *ddu, *db;
  cudaMalloc(&ddl, n * 4); cudaMalloc(&dd, n * 4); cudaMalloc(&ddu, n * 4); cudaMalloc(&db, n * 4);
  cudaMemcpy(ddl, dl.data(), n * 4, cudaMemcpyHostToDevice);
  cudaMemcpy(dd, d.data(), n * 4, cudaMemcpyHostToDevice);
  cudaMemcpy(ddu, du.data(), n * 4, cudaMemcpyHostToDevice);
  cudaMemcpy(db, b.data(), n * 4, cudaMemcpyHostToDevice);
  size_t size = 0;
  CK(cusparseSgtsv2_bufferSizeExt(h, n, 1, ddl, dd, ddu, db, n, &size));
  void *buf;
  cudaMalloc(&buf, size + 8);
  CK(cusparseSgtsv2(h, n, 1, ddl, dd, ddu, db, n, buf));
  cudaMemcpy(b.data(), db, n * 4, cudaMemcpyDeviceToHost);
  for (int i = 0; i < n; ++i) printf("x[%d] = %.6f\n", i, b[i]);
  int version = 0;
  CK(cusparseGetVersion(h, &version));
  printf("version known: %d\n", version > 0);
  CK(cusparseSetPointerMode(h, CUSPARSE_POINTER_MODE_HOST));
  CK(cusparseDestroyMatDescr(descr));
  CK(cusparseDestroy(h));
  return 0;
}
