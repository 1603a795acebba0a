// REQUIRES: cuda, rocm-6.4-libraries
// RUN: %hipify %s -o %t.hip --rocm-path=%rocm_libraries -- 2> %t.err
// RUN: FileCheck %s --check-prefix=PARSE --allow-empty --input-file %t.err
// RUN: FileCheck %s --check-prefix=WARN --input-file %t.err
// RUN: grep -v '^ *//' %t.hip | FileCheck %s --implicit-check-not='{{(^|[^p])cub::|Cub|thrust::cuda|system::cuda}}'
// RUN: %hipify --roc %s -o %t.roc.hip --rocm-path=%rocm_libraries -- 2>&1 | FileCheck %s --check-prefix=WARN
// RUN: diff %t.hip %t.roc.hip

// The namespaces of C++ libraries (namespace rows: cub -> hipcub,
// thrust::cuda -> thrust::hip) wherever they are named: qualified names,
// using-declarations and -directives, namespace aliases, macro bodies (the
// token engine, whole written qualifiers); library macros; names of the
// library's namespace that are unsupported or have no row, reported.
// PARSE-NOT: {{error|could not be parsed}}
#include <cub/cub.cuh>
#include <thrust/system/cuda/execution_policy.h>
// CHECK: #include <hipcub/hipcub.hpp>
// CHECK: #include <thrust/system/hip/execution_policy.h>

namespace cb = cub;
// CHECK: namespace cb = hipcub;
namespace tc = thrust::cuda;
// CHECK: namespace tc = thrust::hip;
using cub::DoubleBuffer;
// CHECK: using hipcub::DoubleBuffer;

#define SUM_BYTES(bytes, in, out, n) cub::DeviceReduce::Sum(nullptr, bytes, in, out, n)
// CHECK: #define SUM_BYTES(bytes, in, out, n) hipcub::DeviceReduce::Sum(nullptr, bytes, in, out, n)
#define POLICY thrust::system::cuda::par
// CHECK: #define POLICY thrust::system::hip::par

namespace mine {
using namespace cub;
// CHECK: using namespace hipcub;
size_t bytes(int *in, int *out) {
  size_t n = 0;
  DeviceReduce::Sum(nullptr, n, in, out, 8);
  return n;
}
} // namespace mine

int main() {
  int *in = nullptr, *out = nullptr;
  size_t bytes = 0;
  DoubleBuffer<int> keys;
  cb::DeviceRadixSort::SortKeys(nullptr, bytes, keys, 8);
  // CHECK: cb::DeviceRadixSort::SortKeys(nullptr, bytes, keys, 8);
  CubDebug(SUM_BYTES(bytes, in, out, 8));
  // CHECK: HipcubDebug(SUM_BYTES(bytes, in, out, 8));
  auto policy = tc::par;
  auto nosync = thrust::cuda::par_nosync;
  // CHECK: auto nosync = thrust::hip::par_nosync;
  (void)POLICY;
  // Unsupported: hipCUB 6.4 has no DeviceTransform, and no CUB_PTX_ARCH.
  // WARN: [[@LINE+1]]:26: warning: 'cub::DeviceTransform' has no HIP equivalent; left untranslated
  using Transform = cub::DeviceTransform;
  // WARN: [[@LINE+1]]:11: warning: 'CUB_PTX_ARCH' has no HIP equivalent; left untranslated
  int a = CUB_PTX_ARCH;
  // A name of namespace cub without a row (its internals) is reported.
  // WARN: [[@LINE+1]]:18: warning: 'detail' (CUB) is not in hipkit's tables; left untranslated
  using T = cub::detail::choose_offset_t<int>;
  return a + sizeof(T) + sizeof(Transform) + sizeof(policy) + sizeof(nosync);
}
