//===- OffloadTarget.h - AMDGPU target IDs for --offload-arch --*- C++ -*-===//
//
// Target IDs (`gfx90a`, `gfx90a:xnack+`, `gfx908:sramecc-:xnack+`) checked
// against LLVM's TargetParser, the one table of AMDGPU processors clang uses.
//
//===----------------------------------------------------------------------===//
#ifndef HIPKIT_HIPCC_OFFLOADTARGET_H
#define HIPKIT_HIPCC_OFFLOADTARGET_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace hipkit {

/// The processor hipcc compiles for when neither --offload-arch,
/// HCC_AMDGPU_TARGET nor amdgpu-arch names one.
inline constexpr llvm::StringLiteral DefaultOffloadArch = "gfx942";

/// Checks a target ID with clang::parseTargetID (clang/Basic/TargetID.h, what
/// clang's driver checks --offload-arch with): a processor LLVM knows, then features `xnack` and
/// `sramecc`, each once, each followed by + or -, each supported by the
/// processor. Errors carry the whole message, e.g.
/// "unknown offload arch 'gfx9999'; valid names: gfx600, ...".
llvm::Error validateTargetId(llvm::StringRef TargetId);

/// The code object version generic targets (gfx9-generic, gfx11-generic, ...)
/// need: LLVM 19's backend refuses them below it ("gfx9-generic is only
/// available on code object version 6 or better").
inline constexpr unsigned GenericTargetCodeObjectVersion = 6;

/// True when \p TargetId (features allowed) names a generic target: one in
/// LLVM's GK_AMDGCN_GENERIC_FIRST..GK_AMDGCN_GENERIC_LAST range of GPUKind.
bool isGenericTarget(llvm::StringRef TargetId);

/// "gfx600, gfx601, ..." from llvm::AMDGPU::fillValidArchListAMDGCN.
std::string getValidProcessorList();

/// Runs \p AmdgpuArchPath (LLVM's amdgpu-arch) and returns the distinct
/// processors it reports, in its order; empty when it finds no GPU or cannot
/// run.
std::vector<std::string> detectInstalledGpus(llvm::StringRef AmdgpuArchPath);

} // namespace hipkit

#endif
