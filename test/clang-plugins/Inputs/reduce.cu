#define WARP_SIZE 32
__global__ void reduce(int *out, const int *in) {
  int lane = threadIdx.x % WARP_SIZE;
  int v = in[threadIdx.x];
  for (int offset = 16; offset > 0; offset /= 2)
    v += __shfl_down_sync(0xffffffff, v, offset);
  if (lane == 0)
    atomicAdd(out, v);
}

void run(int *out, const int *in) {
  int *d;
  cudaMalloc(&d, 4);
  cudaCtxResetPersistingL2Cache();
  reduce<<<1, 64>>>(d, in);
  cudaFree(d);
}
