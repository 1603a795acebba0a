// Split into multiple files to compile in parallel: the forward pass for float inputs and
// complex weights.
#include "selective_scan_fwd_kernel.cuh"

template void selective_scan_fwd_cuda<float, complex_t>(SSMParamsBase &params, cudaStream_t stream);
