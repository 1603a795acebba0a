// Split into multiple files to compile in parallel: the backward pass for at::BFloat16 inputs and
// complex weights.
#include "selective_scan_bwd_kernel.cuh"

template void selective_scan_bwd_cuda<at::BFloat16, complex_t>(SSMParamsBwd &params, cudaStream_t stream);
