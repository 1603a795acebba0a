// Split into multiple files to compile in parallel: the backward pass for float inputs and
// complex weights.
#include "selective_scan_bwd_kernel.cuh"

template void selective_scan_bwd_cuda<float, complex_t>(SSMParamsBwd &params, cudaStream_t stream);
