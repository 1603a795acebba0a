// Split into multiple files to compile in parallel: the forward pass for at::Half inputs and
// complex weights.
#include "selective_scan_fwd_kernel.cuh"

template void selective_scan_fwd_cuda<at::Half, complex_t>(SSMParamsBase &params, cudaStream_t stream);
