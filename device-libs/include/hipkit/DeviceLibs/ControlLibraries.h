//===- ControlLibraries.h - ROCm control libraries --------------*- C++ -*-===//
//-*-===//
//
// The ROCm device libraries (ocml, ockl) read a few constants that the compiler
// driver chooses by linking one small "control library" per setting, for
// example oclc_isa_version_942.bc defining __oclc_ISA_version = 9402. Debian's
// ROCm 5.2 lacks the control libraries for processors newer than its release
// (gfx942, gfx11xx, gfx12xx, the generic targets) and for code object v6. This
// library derives every control library clang 19 may ask for from LLVM's AMDGPU
// target tables and clang's option table, and builds each as an LLVM module
// shaped like the ROCm ones.
//
//===----------------------------------------------------------------------===//
#ifndef HIPKIT_DEVICELIBS_CONTROLLIBRARIES_H
#define HIPKIT_DEVICELIBS_CONTROLLIBRARIES_H

#include "llvm/ADT/StringRef.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/Support/Error.h"
#include "llvm/TargetParser/TargetParser.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace llvm {
class LLVMContext;
class Module;
} // namespace llvm

namespace hipkit {
namespace devicelibs {

/// An AMDGCN processor as LLVM's target parser describes it.
struct AMDGCNProcessor {
  /// The canonical name, for example "gfx942" or "gfx9-generic".
  std::string Name;
  llvm::AMDGPU::IsaVersion Isa;
  /// Generic targets (gfx9-generic, ...) run on a family of processors.
  bool IsGeneric = false;
  /// The lowest code object version the AMDGPU backend accepts for it.
  unsigned MinCodeObjectVersion = 0;
};

/// Every processor in LLVM's AMDGCN table, canonical names only (aliases such
/// as "tahiti" are dropped), in the table's order.
std::vector<AMDGCNProcessor> getAMDGCNProcessors();

/// The code object versions clang accepts for -mcode-object-version, read from
/// clang's own driver option table.
std::vector<unsigned> getCodeObjectVersions();

/// The value the ROCm device libraries expect in __oclc_ISA_version:
/// major * 1000 + minor * 100 + stepping (gfx90a is 9.0.10, so 9010).
uint32_t encodeIsaVersion(const llvm::AMDGPU::IsaVersion &Isa);

/// The control library name clang 19 looks up for \p Processor: it scans the
/// bitcode directory for oclc_isa_version_<suffix>.bc and files each under
/// "gfx<suffix>", so the suffix is the canonical name without "gfx".
std::string getIsaVersionLibraryName(llvm::StringRef Processor);

/// One control library: a single i32 constant the device libraries read.
struct ControlLibrary {
  /// The library name; its file is Name + ".bc".
  std::string Name;
  /// The global it defines, for example "__oclc_ISA_version".
  std::string Variable;
  uint32_t Value = 0;
};

/// Every control library hipkit generates: the ISA version of each processor
/// in getAMDGCNProcessors() and the ABI version of each code object version in
/// getCodeObjectVersions().
std::vector<ControlLibrary> getGeneratedControlLibraries();

/// The data layout LLVM's AMDGPU target uses for amdgcn-amd-amdhsa.
llvm::Expected<llvm::DataLayout> getAMDGCNDataLayout();

/// Builds \p Library as a module shaped like ROCm's control libraries:
/// `@<Variable> = linkonce_odr protected local_unnamed_addr addrspace(4)
/// constant i32 <Value>, align 4`.
std::unique_ptr<llvm::Module>
buildControlLibrary(llvm::LLVMContext &Context, const ControlLibrary &Library,
                    const llvm::DataLayout &Layout);

/// Writes every generated control library as bitcode into \p OutputDir,
/// creating it if needed. Each file is written whole or not at all.
llvm::Error writeControlLibraries(llvm::StringRef OutputDir);

} // namespace devicelibs
} // namespace hipkit

#endif
