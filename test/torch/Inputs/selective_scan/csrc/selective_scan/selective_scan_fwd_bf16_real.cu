// Split into multiple files to compile in parallel: the forward pass for at::BFloat16 inputs and
// real weights.
#include "selective_scan_fwd_kernel.cuh"

template void selective_scan_fwd_cuda<at::BFloat16, float>(SSMParamsBase &params, cudaStream_t stream);
