// Split into multiple files to compile in parallel: the forward pass for at::BFloat16 inputs and
// complex weights.
#include "selective_scan_fwd_kernel.cuh"

template void selective_scan_fwd_cuda<at::BFloat16, complex_t>(SSMParamsBase &params, cudaStream_t stream);
