// The `remove:TEXT` rule: names HIP needs nothing in place of are taken out
// with the blanks after them, and a note says why the meaning is kept.
// CUDART_CB/CUDA_CB (a callback's calling convention: __stdcall on Windows,
// nothing elsewhere) left in place are undefined under hipcc, and the
// declaration no longer compiles; __grid_constant__ (a kernel parameter read
// in place) is what HIP does with every kernel argument. The porting check
// hipkit-cuda-only-feature, which asks to drop __grid_constant__, does not
// report it again. `#ifdef`/`defined` ask whether CUDA defines the name: left
// and reported. The output compiles.
// REQUIRES: cuda
// RUN: rm -rf %t && mkdir -p %t
// RUN: %hipify %s -o %t/out.hip 2>&1 | FileCheck %s --check-prefix=NOTE --implicit-check-not='{{warning|note|error}}:'
// RUN: grep -v '^ *//' %t/out.hip | FileCheck %s --implicit-check-not='{{CUDART_CB|CUDA_CB|__grid_constant__}}'
// RUN: %hipcc -c %t/out.hip -o %t/out.o --offload-arch=gfx942
// RUN: %hipify %s -o - --print-stats 2>/dev/null | FileCheck %s --check-prefix=STATS
// RUN: %hipify %s -o %t/report.hip --report=%t/report.json 2>/dev/null
// RUN: FileCheck %s --check-prefix=REPORT --input-file %t/report.json --implicit-check-not=hipkit-cuda-only-feature

// CHECK: #include <hip/hip_runtime.h>
#include <cuda_runtime.h>
#include <cuda.h>

struct Params {
  float scale[64];
};

// NOTE: remove-name.cu:[[@LINE+2]]:45: note: '__grid_constant__' removed: HIP passes kernel arguments by value in constant memory already, so the const parameter means the same without it [hipify-removed]
// CHECK: __global__ void scale(const Params p, const Params q, float *out) {
__global__ void scale(const Params p, const __grid_constant__ Params q, float *out) {
  out[threadIdx.x] *= p.scale[threadIdx.x] + q.scale[threadIdx.x];
}

// NOTE: remove-name.cu:[[@LINE+2]]:6: note: 'CUDART_CB' removed: CUDA defines it as __stdcall on Windows and as nothing elsewhere; HIP callbacks use the default calling convention [hipify-removed]
// CHECK: void done(hipStream_t stream, hipError_t status, void *data) {}
void CUDART_CB done(cudaStream_t stream, cudaError_t status, void *data) {}
// NOTE: remove-name.cu:[[@LINE+2]]:6: note: 'CUDA_CB' removed
// CHECK-NEXT: void hostFunction(void *data) {}
void CUDA_CB hostFunction(void *data) {}
// In a callback type, and in a macro's body.
// NOTE: remove-name.cu:[[@LINE+2]]:15: note: 'CUDART_CB' removed
// CHECK-NEXT: typedef void (*Callback)(hipStream_t, hipError_t, void *);
typedef void (CUDART_CB *Callback)(cudaStream_t, cudaError_t, void *);
// NOTE: remove-name.cu:[[@LINE+2]]:23: note: 'CUDART_CB' removed
// CHECK-NEXT: #define CALLBACK void
#define CALLBACK void CUDART_CB
// CHECK-NEXT: CALLBACK finished(hipStream_t, hipError_t, void *) {}
CALLBACK finished(cudaStream_t, cudaError_t, void *) {}

// NOTE: remove-name.cu:[[@LINE+2]]:8: warning: 'CUDART_CB' has no HIP equivalent; left untranslated [hipify-unsupported]
// CHECK: #ifdef CUDART_CB
#ifdef CUDART_CB
void cudaCallbacks();
#endif

void go(cudaStream_t stream, Params p, float *out) {
  Callback callback = done;
  scale<<<1, 64, 0, stream>>>(p, p, out);
  cudaStreamAddCallback(stream, callback, nullptr, 0);
  cudaStreamAddCallback(stream, finished, nullptr, 0);
}

// Each removed name is a translated reference.
// STATS-DAG: CONVERTED refs by names:
// STATS-DAG:   CUDART_CB: 3
// STATS-DAG:   CUDA_CB: 1
// STATS-DAG:   __grid_constant__: 1

// The report has the notes, and no hazard for __grid_constant__.
// REPORT: "hazards": 0,
// REPORT: "check": "hipify-removed",
// REPORT: "kind": "translation",
// REPORT: "severity": "note",
