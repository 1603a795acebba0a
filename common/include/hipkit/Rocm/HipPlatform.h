//===- HipPlatform.h - Which GPU platform HIP compiles for ------*- C++ -*-===//
//
// The one place that decides the platform (AMD or NVIDIA) for hipcc and
// hipconfig, with AMD's rules: HIP_PLATFORM names it (amd, or the old hcc;
// nvidia, or the old nvcc); unset means AMD. And where CUDA is, for the
// NVIDIA platform: CUDA_PATH, else /usr/local/cuda.
//
//===----------------------------------------------------------------------===//
#ifndef HIPKIT_ROCM_HIPPLATFORM_H
#define HIPKIT_ROCM_HIPPLATFORM_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <functional>
#include <optional>
#include <string>

namespace hipkit {

enum class HipPlatform { Amd, Nvidia };

using PlatformEnvLookup =
    std::function<std::optional<std::string>(llvm::StringRef)>;

/// The platform HIP_PLATFORM selects; an unknown value is an error naming the
/// accepted ones.
llvm::Expected<HipPlatform> selectHipPlatform(const PlatformEnvLookup &GetEnv);

/// "amd" or "nvidia": what hipconfig --platform prints.
llvm::StringRef hipPlatformName(HipPlatform Platform);

/// The CUDA root for the NVIDIA platform: CUDA_PATH, else /usr/local/cuda.
std::string findCudaRoot(const PlatformEnvLookup &GetEnv);

/// <CUDA root>/bin/nvcc when it can be run; else an error saying where it
/// was looked for and what to set.
llvm::Expected<std::string> findNvcc(const PlatformEnvLookup &GetEnv);

} // namespace hipkit

#endif
