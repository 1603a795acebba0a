//===- HostOnlyFatbin.cpp - Linking host objects compiled alone -----------===//
#include "hipkit/Hipcc/HostOnlyFatbin.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/BinaryFormat/Magic.h"
#include "llvm/Object/Archive.h"
#include "llvm/Object/ObjectFile.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

using namespace llvm;
using namespace llvm::object;

namespace hipkit {
namespace {
constexpr StringLiteral FatbinPrefix = "__hip_fatbin_";
constexpr StringLiteral HandlePrefix = "__hip_gpubin_handle_";

struct SymbolScan {
  StringSet<> Defined;
  std::vector<std::string> Referenced; // in order of first reference
  StringSet<> ReferencedSet;
  StringMap<std::string> ObjectReferrer; // name -> first object referring

  HostOnlyFatbinLink Result;

  Error scanObject(const ObjectFile &Object, StringRef Referrer,
                   bool IsArchiveMember) {
    for (const SymbolRef &Symbol : Object.symbols()) {
      Expected<StringRef> Name = Symbol.getName();
      if (!Name)
        return Name.takeError();
      if (!Name->starts_with(FatbinPrefix) &&
          !Name->starts_with(HandlePrefix) && *Name != UnsuffixedFatbinSymbol)
        continue;
      Expected<uint32_t> Flags = Symbol.getFlags();
      if (!Flags)
        return Flags.takeError();
      if (!(*Flags & SymbolRef::SF_Undefined)) {
        Defined.insert(*Name);
        continue;
      }
      if (ReferencedSet.insert(*Name).second)
        Referenced.push_back(Name->str());
      if (!IsArchiveMember)
        ObjectReferrer.try_emplace(*Name, Referrer.str());
    }
    return Error::success();
  }

  Error scanFile(StringRef Path) {
    file_magic Magic;
    if (identify_magic(Path, Magic))
      return Error::success(); // clang says what is wrong with the input
    if (Magic != file_magic::elf_relocatable && Magic != file_magic::archive)
      return Error::success();
    Expected<OwningBinary<Binary>> Owned = createBinary(Path);
    if (!Owned)
      return Owned.takeError();
    Binary *Bin = Owned->getBinary();
    if (auto *Object = dyn_cast<ObjectFile>(Bin))
      return scanObject(*Object, Path, /*IsArchiveMember=*/false);
    auto *Ar = dyn_cast<Archive>(Bin);
    if (!Ar)
      return Error::success();
    Error Err = Error::success();
    for (const Archive::Child &Member : Ar->children(Err)) {
      Expected<std::unique_ptr<Binary>> MemberBin = Member.getAsBinary();
      if (!MemberBin) {
        consumeError(MemberBin.takeError()); // not an object: the linker's
        continue;
      }
      if (auto *Object = dyn_cast<ObjectFile>(MemberBin->get()))
        if (Error E = scanObject(*Object, Path, /*IsArchiveMember=*/true))
          return E;
    }
    return Err;
  }
};
} // namespace

Expected<HostOnlyFatbinLink>
scanHostOnlyFatbinLink(ArrayRef<std::string> Inputs) {
  SymbolScan Scan;
  for (const std::string &Path : Inputs)
    if (Error E = Scan.scanFile(Path))
      return createStringError(inconvertibleErrorCode(),
                               "cannot read the symbols of '" + Path +
                                   "': " + toString(std::move(E)));
  HostOnlyFatbinLink &Link = Scan.Result;
  Link.UnsuffixedFatbinDefined = Scan.Defined.contains(UnsuffixedFatbinSymbol);
  for (const std::string &Name : Scan.Referenced) {
    if (Scan.Defined.contains(Name))
      continue;
    if (StringRef(Name).starts_with(FatbinPrefix)) {
      Link.MissingFatbins.push_back(Name);
      if (Link.FirstReferrer.empty())
        Link.FirstReferrer = Scan.ObjectReferrer.lookup(Name);
    }
    else if (StringRef(Name).starts_with(HandlePrefix))
      Link.MissingHandles.push_back(Name);
  }
  return std::move(Link);
}

Expected<std::vector<std::string>>
hostOnlyFatbinLinkArgs(const HostOnlyFatbinRequest &Request) {
  std::vector<std::string> Args;
  if (Request.LinkedInputs.empty())
    return Args;
  Expected<HostOnlyFatbinLink> Scanned =
      scanHostOnlyFatbinLink(Request.LinkedInputs);
  if (!Scanned)
    return Scanned.takeError();
  const HostOnlyFatbinLink &Link = *Scanned;
  if (Link.needsNothing())
    return Args;
  if (Request.ReportMissingFatbin && !Link.MissingFatbins.empty() &&
      !Link.UnsuffixedFatbinDefined && !Link.FirstReferrer.empty() &&
      !Request.LinkerMayFindMore)
    return createStringError(
        inconvertibleErrorCode(),
        Link.FirstReferrer + " refers to the HIP fat binary (" +
            Link.MissingFatbins.front() +
            ") but no input defines it: it was compiled with "
            "--cuda-host-only; link the device code's offload bundle as an "
            "object defining " +
            UnsuffixedFatbinSymbol +
            " (llvm-mc .incbin, as rocm-examples' hip_obj_gen.mcin does), or "
            "compile the host side with -Xclang -fcuda-include-gpubinary "
            "-Xclang <bundle>");
  if (Link.UnsuffixedFatbinDefined)
    for (const std::string &Name : Link.MissingFatbins)
      Args.push_back(
          ("-Wl,--defsym=" + Name + "=" + UnsuffixedFatbinSymbol).str());
  if (Link.MissingHandles.empty())
    return Args;
  SmallString<256> HandleObject(Request.Prefix);
  sys::path::append(HandleObject, "lib", "hipkit", "hipkit-gpubin-handle.o");
  if (!sys::fs::exists(HandleObject))
    return createStringError(inconvertibleErrorCode(),
                             "'" + HandleObject +
                                 "' is missing (host objects compiled with "
                                 "--cuda-host-only need it); reinstall hipkit");
  for (const std::string &Name : Link.MissingHandles)
    Args.push_back(("-Wl,--defsym=" + Name + "=" + HandleStorageSymbol).str());
  Args.push_back(HandleObject.str().str());
  return Args;
}

} // namespace hipkit
