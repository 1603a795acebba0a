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

/// hipkit's header folders for the NVIDIA platform below the HIP include
/// folder (<prefix>/include), each empty when the prefix lacks it. hipcc
/// (NvidiaPlatform.cpp) and hipconfig --cpp_config search them in this order.
struct NvidiaHeaderFolders {
  /// hipkit-nvidia-torch: PyTorch's ATen/hip, c10/hip and THH headers leading
  /// to a CUDA torch's own. Searched before every folder of the command line
  /// (as -I): a torch include folder ships ATen/hip/impl/*MasqueradingAsCUDA.h
  /// for ROCm builds, which must not be found first.
  std::string Torch;
  /// hipkit-nvidia: the HIP libraries' headers (hipblas/hipblas.h over
  /// cuBLAS, ...), apart from <prefix>/include so that they never shadow
  /// ROCm's on AMD.
  std::string Libraries;
};
NvidiaHeaderFolders findNvidiaHeaderFolders(llvm::StringRef HipIncludeDir);

} // namespace hipkit

#endif
