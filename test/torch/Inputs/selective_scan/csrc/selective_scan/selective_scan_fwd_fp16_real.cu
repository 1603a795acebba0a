// Split into multiple files to compile in parallel: the forward pass for at::Half inputs and
// real weights.
#include "selective_scan_fwd_kernel.cuh"

template void selective_scan_fwd_cuda<at::Half, float>(SSMParamsBase &params, cudaStream_t stream);
