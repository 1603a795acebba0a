// Split into multiple files to compile in parallel: the backward pass for at::BFloat16 inputs and
// real weights.
#include "selective_scan_bwd_kernel.cuh"

template void selective_scan_bwd_cuda<at::BFloat16, float>(SSMParamsBwd &params, cudaStream_t stream);
