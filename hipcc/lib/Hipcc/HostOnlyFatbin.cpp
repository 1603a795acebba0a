//===- HostOnlyFatbin.cpp - Linking host objects compiled alone -----------===//
#include "hipkit/Hipcc/HostOnlyFatbin.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/BinaryFormat/Magic.h"
#include "llvm/Object/Archive.h"
#include "llvm/Object/ObjectFile.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace llvm::object;

namespace hipkit {
namespace {
constexpr StringLiteral FatbinPrefix = "__hip_fatbin_";
constexpr StringLiteral HandlePrefix = "__hip_gpubin_handle_";

/// A name clang can give: \p Prefix, then identifier characters only (clang
/// 19 appends the hex hash of the CUID, or nothing). Anything else (a comma,
/// an '=', a space, a quote) is no clang name, and would be syntax on a
/// linker command line or in a linker script.
bool isClangName(StringRef Name, StringRef Prefix) {
  return all_of(Name.drop_front(Prefix.size()),
                [](char C) { return isAlnum(C) || C == '_'; });
}

/// \p Name as one line of printable ASCII, for a message.
std::string escapeName(StringRef Name) {
  std::string Out;
  raw_string_ostream OS(Out);
  for (unsigned char C : Name) {
    if (C >= 0x20 && C < 0x7f && C != '\\' && C != '\'')
      OS << C;
    else
      OS << "\\x" << hexdigit(C >> 4, /*LowerCase=*/true)
         << hexdigit(C & 15, /*LowerCase=*/true);
  }
  return OS.str();
}

struct SymbolScan {
  StringSet<> Defined;
  std::vector<std::string> Referenced; // in order of first reference
  StringSet<> ReferencedSet;
  StringMap<std::string> ObjectReferrer; // name -> first object referring
  StringSet<> UnbindableSet;

  HostOnlyFatbinLink Result;

  Error scanObject(const ObjectFile &Object, StringRef Referrer,
                   bool IsArchiveMember) {
    StringRef Prefix;
    for (const SymbolRef &Symbol : Object.symbols()) {
      Expected<StringRef> Name = Symbol.getName();
      if (!Name)
        return Name.takeError();
      if (Name->starts_with(FatbinPrefix))
        Prefix = FatbinPrefix;
      else if (Name->starts_with(HandlePrefix))
        Prefix = HandlePrefix;
      else if (*Name == UnsuffixedFatbinSymbol)
        Prefix = UnsuffixedFatbinSymbol;
      else
        continue;
      Expected<uint32_t> Flags = Symbol.getFlags();
      if (!Flags)
        return Flags.takeError();
      if (!(*Flags & SymbolRef::SF_Undefined)) {
        Defined.insert(*Name);
        continue;
      }
      if (!isClangName(*Name, Prefix)) {
        if (UnbindableSet.insert(*Name).second)
          Result.Unbindable.push_back(Referrer.str() + " refers to '" +
                                      escapeName(*Name) + "'");
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
      Expected<StringRef> MemberName = Member.getName();
      std::string Referrer =
          (Path + "(" + (MemberName ? *MemberName : StringRef("?")) + ")")
              .str();
      if (!MemberName)
        consumeError(MemberName.takeError());
      if (auto *Object = dyn_cast<ObjectFile>(MemberBin->get()))
        if (Error E = scanObject(*Object, Referrer, /*IsArchiveMember=*/true))
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

Expected<HostOnlyFatbinBindings>
planHostOnlyFatbinLink(const HostOnlyFatbinRequest &Request) {
  HostOnlyFatbinBindings Bindings;
  if (Request.LinkedInputs.empty())
    return Bindings;
  Expected<HostOnlyFatbinLink> Scanned =
      scanHostOnlyFatbinLink(Request.LinkedInputs);
  if (!Scanned)
    return Scanned.takeError();
  const HostOnlyFatbinLink &Link = *Scanned;
  // Not an error: hipcc binds only what clang's objects need, and the linker
  // resolves such a name as it would without hipcc (a weak reference to
  // nothing, an undefined symbol it reports), as clang++ links it.
  for (const std::string &Reference : Link.Unbindable)
    Bindings.Warnings.push_back(
        Reference + ", which is no name clang gives a HIP fat binary or its "
                    "handle; not binding it (the input was not made by clang)");
  if (Link.needsNothing())
    return Bindings;
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
  // Assignments, as --defsym makes them: ld.bfd and lld read a linker script
  // given as an input file as an addition to their default one.
  raw_string_ostream Script(Bindings.Script);
  if (Link.UnsuffixedFatbinDefined)
    for (const std::string &Name : Link.MissingFatbins)
      Script << Name << " = " << UnsuffixedFatbinSymbol << ";\n";
  if (!Link.MissingHandles.empty()) {
    SmallString<256> HandleObject(Request.Prefix);
    sys::path::append(HandleObject, "lib", "hipkit", "hipkit-gpubin-handle.o");
    if (!sys::fs::exists(HandleObject))
      return createStringError(
          inconvertibleErrorCode(),
          "'" + HandleObject +
              "' is missing (host objects compiled with --cuda-host-only "
              "need it); reinstall hipkit");
    for (const std::string &Name : Link.MissingHandles)
      Script << Name << " = " << HandleStorageSymbol << ";\n";
    Bindings.HandleObject = HandleObject.str().str();
  }
  Script.flush();
  if (!Bindings.Script.empty())
    Bindings.Script.insert(0, "/* hipkit: what host objects compiled with "
                              "--cuda-host-only leave to the link */\n");
  return std::move(Bindings);
}

Expected<std::vector<std::string>>
hostOnlyFatbinLinkInputs(const HostOnlyFatbinBindings &Bindings,
                         StringRef Folder) {
  std::vector<std::string> Args;
  if (Bindings.empty())
    return Args;
  SmallString<256> Script(Folder);
  sys::path::append(Script, "host-only-fatbin.ld");
  std::error_code EC;
  {
    raw_fd_ostream OS(Script, EC, sys::fs::CD_CreateNew);
    if (!EC) {
      OS << Bindings.Script;
      OS.close();
      EC = OS.error();
    }
  }
  if (EC)
    return createStringError(EC, "cannot write '" + Script +
                                     "': " + EC.message() +
                                     "; set TMPDIR to a writable folder");
  // Input files, whatever -x the command line ends with.
  Args.push_back("-x");
  Args.push_back("none");
  Args.push_back(Script.str().str());
  if (!Bindings.HandleObject.empty())
    Args.push_back(Bindings.HandleObject);
  return Args;
}

} // namespace hipkit
