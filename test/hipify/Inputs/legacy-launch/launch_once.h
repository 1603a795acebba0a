// A header that launches a loaded function once, by CUDA's legacy API.
#ifndef LAUNCH_ONCE_H
#define LAUNCH_ONCE_H
#include <cuda.h>

inline CUresult launchOnce(CUfunction f, int value) {
  CUresult status = cuParamSetSize(f, sizeof(int));
  if (status == CUDA_SUCCESS)
    status = cuParamSeti(f, 0, value);
  return status == CUDA_SUCCESS ? cuLaunch(f) : status;
}
#endif
