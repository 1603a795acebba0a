// A kernel using c10's math helpers: with HIP's headers first, torch's own
// c10/util/generic_math.h includes <c10/hip/HIPMathCompat.h> (it tests
// __HIPCC__, which HIP's headers define under nvcc).
#include <cuda_runtime.h>
#include <c10/util/generic_math.h>

__global__ void floor_divide(const float *a, const float *b, float *out) {
  out[threadIdx.x] = c10::div_floor_floating(a[threadIdx.x], b[threadIdx.x]);
}
