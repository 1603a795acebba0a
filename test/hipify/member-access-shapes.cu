// The AST engine looks up every member access (MemberExpr, and in templates
// the unresolved and dependent ones) in the object's class. Real declarations
// of every shape reach that path: anonymous unions and structs (whose unnamed
// members clang accesses implicitly, issue 27's crash), nested ones, unnamed
// struct types, bit-fields, templates (dependent members, `->template`,
// specializations), members of CUDA's own structs and unions
// (cudaGraphNodeParams, cudaLaunchAttributeValue, cudaResourceDesc,
// cudaDeviceProp) and of cooperative groups. hipify-clang's libFuzzer targets
// run the token engine only (no parse), so this corpus stands in for fuzzing
// the member path. Every line parses (no fallback, no crash) and translates.
// REQUIRES: cuda
// RUN: %hipify %s -o %t.hip --print-stats 2> %t.err
// RUN: FileCheck %s --check-prefix=LOG --input-file=%t.err --implicit-check-not='translated it lexically' --implicit-check-not='compile error' --implicit-check-not=crashed
// LOG: warning: 'cudaGraphNodeTypeConditional'
// RUN: grep -v '^ *//' %t.hip | FileCheck %s

// CHECK: #include <hip/hip_runtime.h>
#include <cuda_runtime.h>
#include <cooperative_groups.h>
#include <cstddef>

namespace cg = cooperative_groups;

// A user's struct with anonymous unions and structs, nested, and bit-fields.
struct Packet {
  int kind : 4;
  unsigned flags : 12;
  union {
    struct {
      unsigned lo : 16, hi : 16;
      cudaStream_t stream;
    };
    struct {
      union {
        float f;
        int i;
      };
      cudaEvent_t event;
    } timed;
    long long raw;
  };
  union {
    double d;
  } named;
  int sum() const { return lo + hi + kind; } // implicit this-> through the union
};

typedef struct {
  cudaStream_t stream;
  struct {
    int x : 3;
  };
} Unnamed;

// CHECK: int packet(Packet &p, Packet *q, Unnamed u) {
// CHECK-NEXT: p.lo = q->hi;
// CHECK-NEXT: p.stream = q->timed.event ? u.stream : nullptr;
// CHECK-NEXT: p.timed.i = p.timed.f + u.x + p.kind + p.flags;
// CHECK-NEXT: return hipStreamSynchronize(q->stream) + int(p.named.d) + p.sum();
int packet(Packet &p, Packet *q, Unnamed u) {
  p.lo = q->hi;
  p.stream = q->timed.event ? u.stream : nullptr;
  p.timed.i = p.timed.f + u.x + p.kind + p.flags;
  return cudaStreamSynchronize(q->stream) + int(p.named.d) + p.sum();
}

// CUDA's own structs: the graph node parameters' anonymous union, a launch
// attribute's union and its unnamed struct, a resource description's named
// union, the device properties.
// CHECK: void graph(hipGraphNodeParams *n, hipLaunchAttributeValue v, hipResourceDesc &r, hipDeviceProp_t prop) {
// CHECK-NEXT: hipGraphNodeParams p = {cudaGraphNodeTypeConditional};
// CHECK-NEXT: p.conditional.handle = 0;
// CHECK-NEXT: n->conditional.size = p.conditional.size;
// CHECK-NEXT: n->kernel.blockDim.x = v.clusterDim.x + prop.maxThreadsDim[0] + prop.major;
// CHECK-NEXT: n->kernel.func = r.res.array.array;
// CHECK-NEXT: size_t where = offsetof(hipGraphNodeParams, kernel) + sizeof(p.memcpy) + sizeof(n->free);
// CHECK-NEXT: auto member = &hipGraphNodeParams::kernel;
// CHECK-NEXT: (p.*member).sharedMemBytes = where + v.cooperative;
void graph(cudaGraphNodeParams *n, cudaLaunchAttributeValue v, cudaResourceDesc &r, cudaDeviceProp prop) {
  cudaGraphNodeParams p = {cudaGraphNodeTypeConditional};
  p.conditional.handle = 0;
  n->conditional.size = p.conditional.size;
  n->kernel.blockDim.x = v.clusterDim.x + prop.maxThreadsDim[0] + prop.major;
  n->kernel.func = r.res.array.array;
  size_t where = offsetof(cudaGraphNodeParams, kernel) + sizeof(p.memcpy) + sizeof(n->free);
  auto member = &cudaGraphNodeParams::kernel;
  (p.*member).sharedMemBytes = where + v.cooperative;
}

// Templates: members of dependent types, of the user's class templates with
// anonymous unions, and of cooperative groups' tiles.
template <typename T> struct Holder {
  union {
    T value;
    char bytes[sizeof(T)];
  };
  struct {
    T other;
  };
  template <typename U> __host__ __device__ U as() const { return U(value); }
};

// CHECK: template <typename T, typename P> int generic(Holder<T> &h, P *params, T t) {
// CHECK-NEXT: h.value = t;
// CHECK-NEXT: h.other = h.template as<T>();
// CHECK-NEXT: params->conditional.handle = params->kernel.gridDim.x;
// CHECK-NEXT: return h.bytes[0] + t.stream.nothing + (int)hipDeviceSynchronize();
template <typename T, typename P> int generic(Holder<T> &h, P *params, T t) {
  h.value = t;
  h.other = h.template as<T>();
  params->conditional.handle = params->kernel.gridDim.x;
  return h.bytes[0] + t.stream.nothing + (int)cudaDeviceSynchronize();
}

struct WithStream {
  struct {
    int nothing;
  } stream;
  operator char() const { return 0; }
};
template int generic(Holder<WithStream> &, cudaGraphNodeParams *, WithStream);

// CHECK: template <unsigned N, typename P> __device__ unsigned vote(cg::thread_block_tile<N, P> tile, Holder<int> *h) {
// CHECK-NEXT: auto block = cg::this_thread_block();
// CHECK-NEXT: block.sync();
// CHECK-NEXT: return tile.thread_rank() + tile.size() + h->value + h->as<unsigned>();
template <unsigned N, typename P> __device__ unsigned vote(cg::thread_block_tile<N, P> tile, Holder<int> *h) {
  auto block = cg::this_thread_block();
  block.sync();
  return tile.thread_rank() + tile.size() + h->value + h->as<unsigned>();
}

// CHECK: __global__ void kernel(Holder<int> *h) {
// CHECK-NEXT: auto tile = cg::tiled_partition<32>(cg::this_thread_block());
// CHECK-NEXT: h->value = vote(tile, h) + tile.meta_group_rank();
__global__ void kernel(Holder<int> *h) {
  auto tile = cg::tiled_partition<32>(cg::this_thread_block());
  h->value = vote(tile, h) + tile.meta_group_rank();
}
