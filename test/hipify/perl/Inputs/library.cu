#include <cublas_v2.h>
#include <cuda_runtime.h>
cublasStatus_t make(cublasHandle_t *h) { return cublasCreate(h); }
void where(cudaMemLocation *loc) { loc->type = cudaMemLocationTypeHost; }
