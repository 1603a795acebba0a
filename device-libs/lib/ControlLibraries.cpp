//===- ControlLibraries.cpp - ROCm control libraries from LLVM's facts ----===//
#include "hipkit/DeviceLibs/ControlLibraries.h"

#include "clang/Driver/Options.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Option/OptTable.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include "llvm/TargetParser/Triple.h"

#include <algorithm>
#include <optional>

using namespace llvm;

namespace hipkit {
namespace devicelibs {

/// The triple every ROCm device library is built for.
static constexpr const char *AMDGCNTriple = "amdgcn-amd-amdhsa";

/// AMDGPU's constant address space, where the device libraries expect the
/// control constants (their declarations say addrspace(4)).
static constexpr unsigned ConstantAddressSpace = 4;

/// Generic targets exist only from code object v6 on: the AMDGPU backend
/// rejects them below it ("gfx9-generic is only available on code object
/// version 6 or better"), and their ELF header needs the v6 generic-version
/// field.
static constexpr unsigned GenericTargetMinCodeObjectVersion = 6;

static bool isGenericKind(AMDGPU::GPUKind Kind) {
  return Kind >= AMDGPU::GK_AMDGCN_GENERIC_FIRST &&
         Kind <= AMDGPU::GK_AMDGCN_GENERIC_LAST;
}

std::vector<unsigned> getCodeObjectVersions() {
  // clang's table lists the accepted values ("none,4,5,6"); "none" is not a
  // version, so only the numbers are kept.
  std::vector<unsigned> Versions;
  for (const std::string &Value :
       clang::driver::getDriverOptTable().suggestValueCompletions(
           "-mcode-object-version=", "")) {
    unsigned Version;
    if (!StringRef(Value).getAsInteger(10, Version))
      Versions.push_back(Version);
  }
  return Versions;
}

std::vector<AMDGCNProcessor> getAMDGCNProcessors() {
  std::vector<unsigned> CodeObjectVersions = getCodeObjectVersions();
  unsigned LowestCodeObjectVersion =
      CodeObjectVersions.empty() ? GenericTargetMinCodeObjectVersion
                                 : *std::min_element(CodeObjectVersions.begin(),
                                                     CodeObjectVersions.end());

  SmallVector<StringRef, 64> Names;
  AMDGPU::fillValidArchListAMDGCN(Names);
  std::vector<AMDGCNProcessor> Processors;
  for (StringRef Name : Names) {
    AMDGPU::GPUKind Kind = AMDGPU::parseArchAMDGCN(Name);
    // The table also lists aliases ("tahiti" for gfx600); clang names code
    // objects and control libraries after the canonical name only.
    if (Kind == AMDGPU::GK_NONE || AMDGPU::getArchNameAMDGCN(Kind) != Name)
      continue;
    AMDGCNProcessor Processor;
    Processor.Name = Name.str();
    Processor.Isa = AMDGPU::getIsaVersion(Name);
    Processor.IsGeneric = isGenericKind(Kind);
    Processor.MinCodeObjectVersion = Processor.IsGeneric
                                         ? GenericTargetMinCodeObjectVersion
                                         : LowestCodeObjectVersion;
    Processors.push_back(std::move(Processor));
  }
  return Processors;
}

uint32_t encodeIsaVersion(const AMDGPU::IsaVersion &Isa) {
  return Isa.Major * 1000 + Isa.Minor * 100 + Isa.Stepping;
}

std::string getIsaVersionLibraryName(StringRef Processor) {
  StringRef Suffix = Processor;
  Suffix.consume_front("gfx");
  return ("oclc_isa_version_" + Suffix).str();
}

std::vector<ControlLibrary> getGeneratedControlLibraries() {
  std::vector<ControlLibrary> Libraries;
  for (const AMDGCNProcessor &Processor : getAMDGCNProcessors())
    Libraries.push_back({getIsaVersionLibraryName(Processor.Name),
                         "__oclc_ISA_version",
                         encodeIsaVersion(Processor.Isa)});
  // clang links oclc_abi_version_<v * 100> for code object version v.
  for (unsigned Version : getCodeObjectVersions())
    Libraries.push_back({"oclc_abi_version_" + std::to_string(Version * 100),
                         "__oclc_ABI_version", Version * 100});
  return Libraries;
}

Expected<DataLayout> getAMDGCNDataLayout() {
  LLVMInitializeAMDGPUTargetInfo();
  LLVMInitializeAMDGPUTarget();
  LLVMInitializeAMDGPUTargetMC();
  std::string Message;
  const Target *AMDGPUTarget =
      TargetRegistry::lookupTarget(AMDGCNTriple, Message);
  if (!AMDGPUTarget)
    return createStringError(inconvertibleErrorCode(),
                             "LLVM has no AMDGPU target: " + Message +
                                 "; build against an LLVM with AMDGPU enabled");
  std::unique_ptr<TargetMachine> Machine(AMDGPUTarget->createTargetMachine(
      AMDGCNTriple, /*CPU=*/"", /*Features=*/"", TargetOptions(),
      std::nullopt));
  if (!Machine)
    return createStringError(inconvertibleErrorCode(),
                             "cannot create an AMDGPU target machine for " +
                                 Twine(AMDGCNTriple));
  return Machine->createDataLayout();
}

std::unique_ptr<Module> buildControlLibrary(LLVMContext &Context,
                                            const ControlLibrary &Library,
                                            const DataLayout &Layout) {
  auto M = std::make_unique<Module>(Library.Name, Context);
  M->setSourceFileName(Library.Name);
  M->setTargetTriple(AMDGCNTriple);
  M->setDataLayout(Layout);

  // linkonce_odr + protected: every module clang links the library into gets
  // its own definition, which the optimizer may fold into the code reading it.
  Type *Int32 = Type::getInt32Ty(Context);
  auto *Variable = new GlobalVariable(
      *M, Int32, /*isConstant=*/true, GlobalValue::LinkOnceODRLinkage,
      ConstantInt::get(Int32, Library.Value), Library.Variable,
      /*InsertBefore=*/nullptr, GlobalValue::NotThreadLocal,
      ConstantAddressSpace);
  Variable->setVisibility(GlobalValue::ProtectedVisibility);
  Variable->setUnnamedAddr(GlobalValue::UnnamedAddr::Local);
  Variable->setAlignment(Align(4));

  // The module-level metadata ROCm's control libraries carry (they are built
  // from OpenCL 2.0): the linker checks wchar_size against the program.
  M->addModuleFlag(Module::Error, "wchar_size", 4);
  M->addModuleFlag(Module::Min, "PIC Level", 1);
  Metadata *OpenCLVersion[] = {
      ConstantAsMetadata::get(ConstantInt::get(Int32, 2)),
      ConstantAsMetadata::get(ConstantInt::get(Int32, 0))};
  M->getOrInsertNamedMetadata("opencl.ocl.version")
      ->addOperand(MDNode::get(Context, OpenCLVersion));
  M->getOrInsertNamedMetadata("llvm.ident")
      ->addOperand(MDNode::get(
          Context,
          MDString::get(Context,
                        "hipkit device-libs (LLVM " LLVM_VERSION_STRING ")")));
  return M;
}

Error writeControlLibraries(StringRef OutputDir) {
  // Readable by everyone (LLVM's default is 0770 less the umask): these are
  // the libraries every user's hipcc links.
  if (std::error_code EC = sys::fs::create_directories(
          OutputDir, /*IgnoreExisting=*/true,
          sys::fs::all_read | sys::fs::all_exe | sys::fs::owner_write))
    return createStringError(EC, "cannot create output directory '" +
                                     OutputDir + "': " + EC.message() +
                                     "; choose a writable --output-dir");
  // Without the versions the ABI-version libraries would silently be missing.
  if (getCodeObjectVersions().empty())
    return createStringError(inconvertibleErrorCode(),
                             "clang's driver option table lists no values for "
                             "-mcode-object-version=; build hipkit against "
                             "clang 19's libclang-cpp");
  Expected<DataLayout> Layout = getAMDGCNDataLayout();
  if (!Layout)
    return Layout.takeError();

  LLVMContext Context;
  for (const ControlLibrary &Library : getGeneratedControlLibraries()) {
    std::unique_ptr<Module> M = buildControlLibrary(Context, Library, *Layout);
    SmallString<256> Path(OutputDir);
    sys::path::append(Path, Library.Name + ".bc");
    // writeToOutput writes a temporary file and renames it into place, so a
    // failure never leaves a truncated library behind.
    if (Error E = writeToOutput(Path, [&](raw_ostream &OS) {
          WriteBitcodeToFile(*M, OS);
          return Error::success();
        }))
      return createStringError(inconvertibleErrorCode(),
                               "cannot write '" + Path +
                                   "': " + toString(std::move(E)) +
                                   "; remove what is in the way or choose "
                                   "another --output-dir");
  }
  return Error::success();
}

} // namespace devicelibs
} // namespace hipkit
