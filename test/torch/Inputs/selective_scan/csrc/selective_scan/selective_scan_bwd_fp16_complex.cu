// Split into multiple files to compile in parallel: the backward pass for at::Half inputs and
// complex weights.
#include "selective_scan_bwd_kernel.cuh"

template void selective_scan_bwd_cuda<at::Half, complex_t>(SSMParamsBwd &params, cudaStream_t stream);
