cudaError_t second(void **q) { return cudaMallocHost(q, 8); }
