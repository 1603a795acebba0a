//===- Driver.cpp - One hipify-clang run ----------------------------------===//
//
// Validates every input before touching anything, parses the sources in
// parallel (each with its own compiler instance), then - in the order the
// sources were named, so output is deterministic - prints diagnostics, writes
// each translation atomically and prints statistics. The state of a run is
// HipifyRun.h's; the project flow (--in-root) is ProjectRun.cpp.
//
//===----------------------------------------------------------------------===//
#include "HipifyRun.h"
#include "hipkit/hipify/Engines/PrecompiledHeaderCache.h"
#include "hipkit/hipify/Engines/PrecompiledPreludes.h"
#include "hipkit/hipify/Engines/TestHooks.h"
#include "hipkit/hipify/Source/SourceText.h"
#include "hipkit/Support/OutputFile.h"
#include "hipkit/hipify/Engines/ASTEngine.h"
#include "hipkit/hipify/Source/Encoding.h"
#include "hipkit/hipify/BuildFiles/BuildFileMigration.h"
#include "hipkit/hipify/Engines/LexicalLaunch.h"
#include "hipkit/hipify/Report/MigrationReport.h"
#include "hipkit/hipify/Tables/Options.h"
#include "hipkit/hipify/Project/OutputPlan.h"
#include "hipkit/hipify/Project/ProjectManifest.h"
#include "hipkit/hipify/Project/ProjectTree.h"
#include "hipkit/hipify/Translation/Statistics.h"
#include "hipkit/hipify/Engines/TokenEngine.h"
#include "hipkit/hipify/Project/Toolchain.h"
#include "hipkit/hipify/BuildFiles/TorchExtension.h"

#include "hipkit/Support/Diagnostics.h"

#include "clang/Basic/LangStandard.h"
#include "clang/Basic/Version.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Frontend/MultiplexConsumer.h"
#include "clang/Lex/HeaderSearch.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Tooling/JSONCompilationDatabase.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/ConvertUTF.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/raw_ostream.h"
#include <functional>
#include <set>

#include "llvm/Support/Process.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <map>
#include <optional>
#include <stdlib.h>
#include <unistd.h>

using namespace hipkit;
using namespace hipkit::hipify;
using namespace hipkit::hipify::driver;

namespace hipkit::hipify::driver {

/// What the symbolic link at \p Path holds; nullopt (errno set) when it is
/// none.
std::optional<std::string> linkTarget(llvm::StringRef Path) {
  char Buffer[4096];
  ssize_t Size = ::readlink(Path.str().c_str(), Buffer, sizeof(Buffer));
  if (Size < 0 || Size == sizeof(Buffer))
    return std::nullopt;
  return std::string(Buffer, Size);
}

/// The largest source read. Generated CUDA sources reach a few MiB; the bound
/// keeps a wrong input (a pipe that never ends) from exhausting memory.
constexpr uint64_t MaxSourceBytes = 64ull << 20;

/// Reads a source, or says in one line why it cannot be translated: only a
/// regular file or a pipe (a device such as /dev/zero may never end), at most
/// MaxSourceBytes, refused at the first NUL byte, not empty, UTF-8.
llvm::Expected<std::string> readSource(llvm::StringRef Path) {
  auto fail = [&](const llvm::Twine &Why) {
    return llvm::createStringError(std::errc::invalid_argument, "%s",
                                   Why.str().c_str());
  };
  llvm::sys::fs::file_status Status;
  if (std::error_code EC = llvm::sys::fs::status(Path, Status))
    return fail("cannot read '" + Path + "': " + EC.message() +
                "; check the path");
  if (llvm::sys::fs::is_directory(Status))
    return fail("'" + Path +
                "' is a directory; name the CUDA source files to translate");
  if (!llvm::sys::fs::is_regular_file(Status) &&
      Status.type() != llvm::sys::fs::file_type::fifo_file)
    return fail("'" + Path +
                "' is a device, not a CUDA source file; name the source files "
                "to translate");
  auto tooLarge = [&] {
    return fail(llvm::formatv("'{0}' is larger than {1} MiB, which no CUDA "
                              "source is; name the source files to translate",
                              Path, MaxSourceBytes >> 20));
  };
  if (Status.getSize() > MaxSourceBytes)
    return tooLarge();
  llvm::Expected<llvm::sys::fs::file_t> File =
      llvm::sys::fs::openNativeFileForRead(Path);
  if (!File)
    return fail("cannot read '" + Path +
                "': " + llvm::toString(File.takeError()));
  auto Close = llvm::make_scope_exit([&] { llvm::sys::fs::closeFile(*File); });
  std::string Text;
  llvm::SmallString<65536> Chunk;
  for (;;) {
    Chunk.resize_for_overwrite(65536);
    llvm::Expected<size_t> Read = llvm::sys::fs::readNativeFile(*File, Chunk);
    if (!Read)
      return fail("cannot read '" + Path +
                  "': " + llvm::toString(Read.takeError()));
    if (*Read == 0)
      break;
    llvm::StringRef Piece(Chunk.data(), *Read);
    // A pipe can be endless: stop at the first sign that it is no source.
    // UTF-16 and UTF-32 text have NUL bytes too, but deserve a better word.
    if (Text.empty())
      if (std::optional<WideEncoding> Wide = wideUnicodeEncoding(Piece))
        return wideEncodingError(Path, *Wide);
    if (Piece.contains('\0'))
      return fail(
          "'" + Path +
          "' is a binary file (it contains NUL bytes), not CUDA source");
    if (Text.size() + Piece.size() > MaxSourceBytes)
      return tooLarge();
    Text += Piece;
  }
  if (llvm::Error E = checkSourceText(Path, Text))
    return std::move(E);
  return Text;
}


/// Whether \p Arg loads a precompiled header (the user's, in a command
/// before parseCommand adds ours).
static bool isIncludePch(llvm::StringRef Arg) {
  return Arg == "-include-pch" || Arg.starts_with("-include-pch=");
}

/// The command without the source, which all sources of a project share.
std::vector<std::string> commandKey(const std::vector<std::string> &Command) {
  return std::vector<std::string>(Command.begin(), Command.end() - 1);
}

UserHeaderFinder
HipifyRun::userHeaderFinder(const std::vector<std::string> &Command) {
  // The folders a user's flags add; the toolchain's own are system folders.
  std::vector<std::string> UserDirs;
  bool Quoted = false; // -iquote: a quoted name could find a user header.
  for (const auto &[Flag, Dir] : includeFolders(Command)) {
    // PyTorch's folders (and pybind11's, CPython's) hold libraries' headers
    // (buildParseCommand searches them as system folders): those may open a
    // prelude.
    if (Dir != TC.StandInDir && Dir != TC.CudaPath + "/include/cccl" &&
        !isExtensionLibraryFolder(Dir))
      UserDirs.push_back(Dir);
    Quoted |= Flag == "-iquote";
  }
  return [UserDirs, Quoted](llvm::StringRef Name, bool Angled,
                            llvm::StringRef Folder)
             -> std::optional<std::string> {
    // A quoted include that finds nothing beside the including file
    // searches as an angled one does; -iquote folders are not read.
    if (!Angled && Quoted)
      return std::nullopt;
    llvm::SmallString<256> Beside(Folder);
    llvm::sys::path::append(Beside, Name);
    if (!Angled && llvm::sys::fs::exists(Beside))
      return std::string(Beside);
    for (const std::string &Dir : UserDirs) {
      llvm::SmallString<256> Path(Dir);
      llvm::sys::path::append(Path, Name);
      if (llvm::sys::fs::exists(Path))
        return std::string(Path);
    }
    return std::string();
  };
}

LeadingList HipifyRun::leadingList(const Source &S,
                                   const std::vector<std::string> &Command) {
  return scanLeadingIncludes(S.Path, S.Contents, userHeaderFinder(Command));
}

std::vector<std::string>
HipifyRun::leadingSystemIncludes(const Source &S,
                                 const std::vector<std::string> &Command) {
  return leadingList(S, Command).Names;
}

/// What a parse adds to \p Command to load a precompiled header, and a build
/// to make one. At C++20 and later clang 19 crashes (Sema::ActOnCXXDelete)
/// on the first delete expression parsed after loading a header that declares
/// a global operator new or delete, which every CUDA one does (clang's CUDA
/// wrapper includes <new>): with C++20 modules on, the usual deallocation
/// function is not found and a null one is used (plain clang++ -x cuda
/// -include-pch does the same). CUDA has no modules (nvcc accepts no
/// `import`), so turning them off changes nothing else the parse sees.
static std::vector<std::string>
precompiledHeaderFlags(const std::vector<std::string> &Command) {
  std::string Last;
  for (llvm::StringRef Arg : Command)
    if (Arg.consume_front("-std=") || Arg.consume_front("--std="))
      Last = Arg.str();
  clang::LangStandard::Kind Kind = clang::LangStandard::getLangKind(Last);
  if (Kind == clang::LangStandard::lang_unspecified ||
      !clang::LangStandard::getLangStandardForKind(Kind).isCPlusPlus20())
    return {};
  return {"-Xclang", "-fno-cxx-modules"};
}

std::vector<std::string>
HipifyRun::parseCommand(const Source &S,
                        const std::set<std::string> &Refused) {
  std::vector<std::string> Command =
      buildParseCommand(Options, TC, S.ProjectFlags, S.Path);
  auto It = PrecompiledHeaders.find(commandKey(Command));
  if (It == PrecompiledHeaders.end())
    return Command;
  // The longest prelude that opens this source and was built; the empty one
  // (the CUDA headers alone) otherwise.
  const PrecompiledSet &Set = It->second;
  std::vector<std::vector<std::string>> Built;
  std::vector<size_t> Index;
  for (size_t I = 0; I < Set.Preludes.size(); ++I)
    if (!Set.Paths[I].empty() && !Refused.count(Set.Paths[I])) {
      Built.push_back(Set.Preludes[I]);
      Index.push_back(I);
    }
  int Best = bestPrelude(Built, leadingSystemIncludes(S, Command));
  if (Best < 0)
    return Command;
  std::vector<std::string> Load = precompiledHeaderFlags(Command);
  llvm::append_range(Load, std::vector<std::string>{"-Xclang", "-include-pch",
                                                    "-Xclang",
                                                    Set.Paths[Index[Best]]});
  Command.insert(Command.end() - 1, Load.begin(), Load.end());
  return Command;
}

namespace {
/// Builds a precompiled header and, for a prelude of system includes, checks
/// that sharing it changes no translation: every file it holds is a system
/// header (a user header in it would be neither parsed nor translated again),
/// and each header the prelude names is include-guarded (the source's own
/// `#include` of it is then a no-op). Lists every file it holds in
/// \p Inputs (what a cached header is checked against).
class CheckedPCHAction : public clang::GeneratePCHAction {
public:
  CheckedPCHAction(bool Check, llvm::StringRef StandInDir, std::string &Refusal,
                   std::vector<std::string> &Inputs, PreludeFacts *Facts)
      : Check(Check), StandInDir(StandInDir), Refusal(Refusal), Inputs(Inputs),
        Facts(Facts) {}

private:
  /// Says that only system headers' function bodies may be skipped (a
  /// consumer's no counts: MultiplexConsumer skips what all skip).
  class SystemBodies : public clang::ASTConsumer {
    bool shouldSkipFunctionBody(clang::Decl *D) override {
      const clang::SourceManager &SM = D->getASTContext().getSourceManager();
      return SM.isInSystemHeader(SM.getExpansionLoc(D->getLocation()));
    }
  };

  // The bodies of functions system headers define are skipped, as a parse
  // skips them (ASTEngine.cpp's ReferenceConsumer): nothing in them is
  // translated, and loading the header costs less. A user header in it
  // (-include) keeps its bodies.
  std::unique_ptr<clang::ASTConsumer>
  CreateASTConsumer(clang::CompilerInstance &CI,
                    llvm::StringRef InFile) override {
    std::unique_ptr<clang::ASTConsumer> Generator =
        clang::GeneratePCHAction::CreateASTConsumer(CI, InFile);
    if (!Generator)
      return nullptr;
    CI.getFrontendOpts().SkipFunctionBodies = true;
    std::vector<std::unique_ptr<clang::ASTConsumer>> Consumers;
    Consumers.push_back(std::move(Generator));
    Consumers.push_back(std::make_unique<SystemBodies>());
    if (Facts)
      Consumers.push_back(createPreludeFactsCollector(CI, *Facts));
    return std::make_unique<clang::MultiplexConsumer>(std::move(Consumers));
  }

  void EndSourceFileAction() override {
    clang::CompilerInstance &CI = getCompilerInstance();
    clang::SourceManager &SM = CI.getSourceManager();
    clang::HeaderSearch &HS = CI.getPreprocessor().getHeaderSearchInfo();
    clang::FileID Main = SM.getMainFileID();
    for (unsigned I = 0, N = SM.local_sloc_entry_size(); I < N; ++I) {
      const clang::SrcMgr::SLocEntry &E = SM.getLocalSLocEntry(I);
      if (!E.isFile())
        continue;
      const clang::SrcMgr::FileInfo &FI = E.getFile();
      clang::OptionalFileEntryRef FE = FI.getContentCache().OrigEntry;
      if (!FE || FI.getIncludeLoc().isInvalid())
        continue; // The prelude itself, <built-in>, the command line.
      Inputs.push_back(FE->getName().str());
      // hipify's own stand-in headers, which every parse includes.
      if (!Check || !Refusal.empty() ||
          llvm::StringRef(FE->getName()).starts_with(StandInDir))
        continue;
      // A file a system header includes is a system file to clang even
      // when a user folder (-I) holds it: ask where it was found too.
      if (!clang::SrcMgr::isSystem(FI.getFileCharacteristic()) ||
          !clang::SrcMgr::isSystem(HS.getFileDirFlavor(*FE)))
        Refusal = "it holds the user header '" + FE->getName().str() + "'";
      else if (SM.getFileID(SM.getExpansionLoc(FI.getIncludeLoc())) == Main &&
               !HS.isFileMultipleIncludeGuarded(*FE))
        Refusal = "'" + FE->getName().str() + "' has no include guard";
    }
    llvm::sort(Inputs);
    Inputs.erase(std::unique(Inputs.begin(), Inputs.end()), Inputs.end());
    clang::GeneratePCHAction::EndSourceFileAction();
  }
  bool Check;
  std::string StandInDir; ///< With a trailing separator.
  std::string &Refusal;
  std::vector<std::string> &Inputs;
  PreludeFacts *Facts;
};

} // namespace

void HipifyRun::buildPrecompiledHeader(PchJob &J) {
  // What a prelude's headers add, for the sources that load it before user
  // code (checkedParseCommand); kept beside it in a cache.
  auto keepFacts = [&] {
    if (!J.Built || !J.Facts)
      return;
    std::lock_guard<std::mutex> Lock(PreludeFactsLock);
    PreludeFactsByPch[J.Output] = J.Facts;
  };
  if (Cache && Cache->isFresh(J.Stem)) {
    J.Built = J.FromCache = true;
    if (J.Prelude != 0) {
      J.Facts.reset();
      if (llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Text =
              llvm::MemoryBuffer::getFile(J.Stem + ".facts"))
        if (std::optional<PreludeFacts> Facts =
                PreludeFacts::parse((*Text)->getBuffer()))
          J.Facts = std::make_shared<PreludeFacts>(std::move(*Facts));
    }
    keepFacts();
    return;
  }
  if (J.Prelude != 0)
    J.Facts = std::make_shared<PreludeFacts>();
  if (Cache)
    if (llvm::Error E = Cache->prepare(J.Stem, J.Text)) {
      J.Refusal = toString(std::move(E));
      return;
    }
  std::string StandIn = TC.StandInDir;
  if (!StandIn.empty() && !llvm::sys::path::is_separator(StandIn.back()))
    StandIn += llvm::sys::path::get_separator();
  bool Ran = false;
  llvm::CrashRecoveryContext Recovery;
  if (!Recovery.RunSafely([&] {
        llvm::IntrusiveRefCntPtr<clang::FileManager> Files(
            new clang::FileManager(clang::FileSystemOptions(),
                                   llvm::vfs::createPhysicalFileSystem()));
        clang::tooling::ToolInvocation Invocation(
            J.Generate,
            std::make_unique<CheckedPCHAction>(J.Prelude != 0, StandIn,
                                               J.Refusal, J.Inputs,
                                               J.Facts.get()),
            Files.get());
        clang::IgnoringDiagConsumer Quiet;
        Invocation.setDiagnosticConsumer(&Quiet);
        Ran = Invocation.run();
      }))
    J.Refusal = "clang crashed building it";
  J.Built = Ran && llvm::sys::fs::exists(J.Output) && J.Refusal.empty();
  // Written before the entry's .inputs, which makes it fresh.
  if (J.Built && Cache && J.Facts)
    if (llvm::Error E = writeOutputFile(J.Stem + ".facts", J.Facts->serialize()))
      llvm::consumeError(std::move(E)); // Its sources then parse those headers.
  keepFacts();
  if (J.Built && Cache)
    if (llvm::Error E = Cache->recordInputs(J.Stem, J.Inputs, J.BaseStem)) {
      J.Refusal = "cannot keep it: " + toString(std::move(E));
      J.Built = false;
    }
}

// Parsing the CUDA headers (clang's CUDA wrapper includes cuda_runtime.h and
// much more) is most of the time spent on a typical source. Each distinct parse
// command gets one precompiled header of an empty CUDA file, built once per
// run and loaded by every source parsed with that command; the headers' include
// guards, defined in it, keep the sources from parsing them again. Expensive
// system headers that sources open with (PyTorch's, cooperative_groups.h,
// thrust, cuBLAS, ...) cost more than the CUDA wrapper: a bounded number of
// "preludes", the leading `#include <...>` lines shared by sources, are
// precompiled with the CUDA headers, each a PCH of its own
// (PrecompiledPreludes.h says when a source may load one), all built in
// parallel. With a cache (PrecompiledHeaderCache.h) they
// are kept across runs and a source's own prelude is worth building too.
void HipifyRun::precompileCudaHeaders() {
  if (!TC.HasCuda || Options.NoPrecompiledHeaders)
    return;
  std::vector<PchJob> Jobs;
  if (!planPrecompiledHeaders(Jobs))
    return;
  buildPrecompiledHeaders(Jobs);
  adoptPrecompiledHeaders(Jobs);
}

void HipifyRun::leadingIncludesByCommand(
    std::vector<std::vector<std::string>> &Order,
    std::map<std::vector<std::string>, std::vector<std::vector<std::string>>>
        &Leading) {
  for (const Source &S : Sources) {
    if (buildFileKind(S.Path) != BuildFileKind::None) // Build files: no parse.
      continue;
    std::vector<std::string> Key =
        commandKey(buildParseCommand(Options, TC, S.ProjectFlags, S.Path));
    auto &Lists = Leading[Key];
    if (Lists.empty())
      Order.push_back(Key);
    Lists.push_back(leadingSystemIncludes(
        S, buildParseCommand(Options, TC, S.ProjectFlags, S.Path)));
  }
}

bool HipifyRun::planPrecompiledHeaders(std::vector<PchJob> &Jobs) {
  llvm::SmallString<256> TempDir(Options.TempDir);
  if (TempDir.empty())
    llvm::sys::path::system_temp_directory(/*ErasedOnReboot=*/true, TempDir);
  std::map<std::vector<std::string>, std::vector<std::vector<std::string>>>
      Leading;
  std::vector<std::vector<std::string>> Order; // Keys in source order.
  leadingIncludesByCommand(Order, Leading);
  // Every temporary lives in the run's folder (common's RunFolder: mkdtemp,
  // mode 0700): in a shared TMPDIR another user could otherwise guess a name
  // (the PCH once shared its random stem with the .cu before it) and plant a
  // file that the parse would load. The folder is removed at the end, on
  // SIGINT, SIGTERM and SIGHUP, or after SIGKILL by a later run. A cache is
  // a folder of the user's, checked alike when opened.
  std::string Private;
  unsigned Number = 0;
  for (const std::vector<std::string> &Key : Order) {
    const auto &Lists = Leading[Key];
    // Precompiling costs about one parse: without a cache it pays only when
    // at least two sources share a command; with one, on the next run.
    if (Lists.size() < (Cache ? 1u : 2u))
      continue;
    // The user's own precompiled header comes first: one of ours would have
    // to be chained on it, which clang 19 cannot load (see below).
    if (llvm::any_of(Key, isIncludePch))
      continue;
    std::string BaseStem = Cache ? Cache->stemFor(Key, {}, "") : "";
    auto stemOf = [&](const std::vector<std::string> &Prelude) {
      return Prelude.empty() ? BaseStem : Cache->stemFor(Key, Prelude, BaseStem);
    };
    PreludeCosts Costs;
    if (Cache) {
      Costs.Persistent = true;
      bool BaseFresh = Cache->isFresh(BaseStem);
      Costs.IsBuilt = [&](const std::vector<std::string> &Prelude) {
        return BaseFresh && Cache->isFresh(stemOf(Prelude));
      };
      Costs.Kept = Cache->preludesOn(BaseStem);
    }
    PrecompiledSet &Set = PrecompiledHeaders[Key];
    Set.Preludes.push_back({});
    for (std::vector<std::string> &P :
         choosePreludes(Lists, MaxPreludesPerCommand, Costs))
      Set.Preludes.push_back(std::move(P));
    Set.Paths.assign(Set.Preludes.size(), std::string());
    if (!Cache && Private.empty()) {
      llvm::Expected<RunFolder> Folder = RunFolder::create("hipify-", TempDir);
      if (!Folder) {
        reportWarning(
            "cannot create a temporary folder in '" + TempDir + "' (" +
            llvm::errorToErrorCode(Folder.takeError()).message() +
            "); each source parses the CUDA headers, which is slower");
        PrecompiledHeaders.clear();
        return false;
      }
      PrivateFolder.emplace(std::move(*Folder));
      // --save-temps: no owner file, so neither a signal nor a later run
      // removes what the user asked to keep.
      if (Options.SaveTemps)
        PrivateFolder->keep();
      Private = PrivateFolder->path();
      Temporaries.push_back(Private);
    }
    for (size_t P = 0; P < Set.Preludes.size(); ++P) {
      std::string Text;
      for (const std::string &Header : Set.Preludes[P])
        Text += "#include <" + Header + ">\n";
      std::string Prelude, Output, Stem;
      if (Cache) {
        Stem = stemOf(Set.Preludes[P]);
        Prelude = Stem + ".cu";
        Output = Stem + ".pch";
      } else {
        llvm::SmallString<256> PreludePath(Private), OutputPath(Private);
        llvm::sys::path::append(PreludePath,
                                "cuda-" + llvm::Twine(Number) + ".cu");
        llvm::sys::path::append(OutputPath,
                                "cuda-" + llvm::Twine(Number) + ".pch");
        ++Number;
        std::error_code EC;
        llvm::raw_fd_ostream File(PreludePath, EC, llvm::sys::fs::CD_CreateNew);
        if (EC)
          continue;
        File << Text;
        Prelude = std::string(PreludePath);
        Output = std::string(OutputPath);
        Temporaries.push_back(Prelude);
        Temporaries.push_back(Output);
      }
      std::vector<std::string> Generate = Key;
      std::replace(Generate.begin(), Generate.end(),
                   std::string("-fsyntax-only"), std::string("-c"));
      llvm::append_range(Generate, precompiledHeaderFlags(Key));
      // The implicit instantiations the headers need are made while building
      // (once) instead of at the end of every parse that loads them: for
      // PyTorch's headers, 5 s of a 5.4 s parse.
      Generate.push_back("-fpch-instantiate-templates");
      llvm::append_range(Generate,
                         std::vector<std::string>{"-o", Output, Prelude});
      PchJob J{std::move(Generate), Key, P, Output};
      J.Stem = Stem;
      if (P != 0)
        J.BaseStem = BaseStem;
      J.Text = std::move(Text);
      for (const std::vector<std::string> &List : Lists)
        J.Users += opensWith(List, Set.Preludes[P]);
      Jobs.push_back(std::move(J));
    }
  }
  return true;
}

void HipifyRun::buildPrecompiledHeaders(std::vector<PchJob> &Jobs) {
  // A crash of clang's while building one is caught as in a source's parse
  // (ParseDeadline.cpp): that header is not built, and the run goes on.
  llvm::CrashRecoveryContext::Enable();
  auto build = [this](PchJob &J) { buildPrecompiledHeader(J); };
  unsigned Threads = std::min<unsigned>(jobThreads(), Jobs.size());
  // Each prelude is a PCH of its own, not chained on the CUDA headers' one:
  // clang 19 loses macros of a PCH's base (a chained PCH's identifier table
  // hides the base's definition: libstdc++'s __N is undefined after
  // <cub/cub.cuh> chained on the CUDA headers, so a later <vector> does not
  // parse) and crashes loading a PCH chained on a chained one. Each prelude
  // parses the CUDA headers again (about a second), and all are built in
  // one wave, costliest first, so that no long one starts last.
  std::map<std::pair<std::vector<std::string>, size_t>, size_t> JobOf;
  for (size_t I = 0; I < Jobs.size(); ++I)
    JobOf[{Jobs[I].Key, Jobs[I].Prelude}] = I;
  std::vector<PchJob *> Wave;
  for (PchJob &J : Jobs) {
    if (J.Prelude != 0) {
      // Its base is what a source falls back to when it is not built.
      auto Base = JobOf.find({J.Key, 0});
      if (Base == JobOf.end()) {
        J.Refusal = "the CUDA headers of its command could not be precompiled";
        continue;
      }
      J.Parent = int(Base->second);
      J.Cost = preludeCostOf(PrecompiledHeaders[J.Key].Preludes[J.Prelude]);
      // Its one user builds it when its parse starts (parseSource).
      if (Cache && J.Users == 1 && !Cache->isFresh(J.Stem)) {
        J.Deferred = true;
        continue;
      }
    }
    Wave.push_back(&J);
  }
  llvm::stable_sort(
      Wave, [](const PchJob *A, const PchJob *B) { return A->Cost > B->Cost; });
  unsigned WaveThreads = std::min<unsigned>(Threads, Wave.size());
  if (WaveThreads <= 1) {
    for (PchJob *J : Wave)
      build(*J);
  } else {
    llvm::DefaultThreadPool Pool(llvm::hardware_concurrency(WaveThreads));
    for (PchJob *J : Wave)
      Pool.async([&build, J] { build(*J); });
    Pool.wait();
  }
}

void HipifyRun::adoptPrecompiledHeaders(std::vector<PchJob> &Jobs) {
  for (PchJob &J : Jobs) {
    PrecompiledSet &Set = PrecompiledHeaders[J.Key];
    std::string Named;
    for (const std::string &Header : Set.Preludes[J.Prelude])
      Named += " <" + Header + ">";
    if (J.Deferred && Jobs[J.Parent].Built) {
      Set.Paths[J.Prelude] = J.Output;
      auto Deferred = std::make_unique<DeferredPch>();
      Deferred->Named = Named;
      Deferred->Fallback = Jobs[J.Parent].Output;
      Deferred->Job = std::move(J);
      DeferredPchs[Deferred->Job.Output] = std::move(Deferred);
    } else if (J.Built) {
      Set.Paths[J.Prelude] = J.Output;
      if (Options.Verbose)
        reportNote((J.FromCache ? "loading the CUDA headers"
                                : "precompiled the CUDA headers") +
                   (Named.empty() ? std::string() : " and" + Named) +
                   (J.FromCache ? " precompiled in '" : " into '") + J.Output +
                   "'");
    } else if (J.Prelude == 0) {
      reportWarning("could not precompile the CUDA headers into '" + J.Output +
                    "'" + (J.Refusal.empty() ? "" : " (" + J.Refusal + ")") +
                    "; each source parses them, which is slower");
    } else if (Options.Verbose) {
      // Sources that would have loaded it parse those headers themselves.
      reportNote("not precompiling" + Named + " into '" + J.Output + "'" +
                 (J.Refusal.empty() ? std::string(": they do not parse")
                                    : ": " + J.Refusal));
    }
  }
  if (Cache)
    Cache->prune();
}

std::vector<std::string>
HipifyRun::withDeferredPrecompiledHeader(std::vector<std::string> Command) {
  auto Load = llvm::find(Command, "-include-pch");
  if (Load == Command.end() || Command.end() - Load < 3)
    return Command;
  std::string &Path = *(Load + 2);
  auto It = DeferredPchs.find(Path);
  if (It == DeferredPchs.end())
    return Command;
  DeferredPch &D = *It->second;
  std::call_once(D.Once, [&] {
    buildPrecompiledHeader(D.Job);
    if (!Options.Verbose)
      return;
    // Workers build them; reportNote writes one whole line at a time.
    if (D.Job.Built)
      reportNote("precompiled the CUDA headers and" + D.Named + " into '" +
                 D.Job.Output + "'");
    else
      reportNote("not precompiling" + D.Named + " into '" + D.Job.Output +
                 "'" +
                 (D.Job.Refusal.empty() ? std::string(": they do not parse")
                                        : ": " + D.Job.Refusal) +
                 "; loading the CUDA headers' alone");
  });
  // Its base was built (a deferred prelude is chained on a built one).
  if (!D.Job.Built)
    Path = D.Fallback;
  return Command;
}

/// The macros a parse with \p Command may have defined before a prelude
/// with \p Facts: those defined at its end, and the command's -D.
static llvm::StringSet<> maybeDefined(const PreludeFacts &Facts,
                                      const std::vector<std::string> &Command) {
  llvm::StringSet<> Names = Facts.Defined;
  for (size_t I = 0; I < Command.size(); ++I) {
    llvm::StringRef Arg = Command[I];
    if (Arg == "-D" && I + 1 < Command.size())
      Arg = Command[++I];
    else if (!Arg.consume_front("-D"))
      continue;
    Names.insert(Arg.take_until([](char C) { return C == '='; }));
  }
  return Names;
}

std::string HipifyRun::preludeConflict(const Source &S,
                                       const std::string &Path,
                                       const LeadingList &List) {
  std::vector<std::string> Plain =
      buildParseCommand(Options, TC, S.ProjectFlags, S.Path);
  auto Set = PrecompiledHeaders.find(commandKey(Plain));
  if (Set == PrecompiledHeaders.end())
    return "";
  auto Index = llvm::find(Set->second.Paths, Path);
  if (Index == Set->second.Paths.end())
    return "";
  const std::vector<std::string> &Prelude =
      Set->second.Preludes[Index - Set->second.Paths.begin()];
  std::vector<std::string> Settled(List.Names.begin(),
                                   List.Names.begin() + List.Settled);
  if (opensWith(Settled, Prelude))
    return "";
  std::shared_ptr<PreludeFacts> Facts;
  {
    std::lock_guard<std::mutex> Lock(PreludeFactsLock);
    auto It = PreludeFactsByPch.find(Path);
    if (It != PreludeFactsByPch.end())
      Facts = It->second;
  }
  if (!Facts)
    return "what they declare is not known";
  // Each moved header against the user code before its own #include line.
  for (const std::string &Header : Prelude) {
    if (llvm::is_contained(Settled, Header))
      continue;
    llvm::ArrayRef<std::string> Before = List.barrierBefore(Header);
    // Sources share their user headers (a samples' Common/): read once.
    std::vector<std::string> Key = commandKey(Plain);
    Key.push_back(Path);
    Key.insert(Key.end(), Before.begin(), Before.end());
    std::shared_ptr<const BarrierFacts> Barrier;
    {
      std::lock_guard<std::mutex> Lock(PreludeFactsLock);
      auto It = BarrierFactsCache.find(Key);
      if (It != BarrierFactsCache.end())
        Barrier = It->second;
    }
    if (!Barrier) {
      Barrier = std::make_shared<const BarrierFacts>(BarrierFacts::of(
          Before, userHeaderFinder(Plain), maybeDefined(*Facts, Plain)));
      std::lock_guard<std::mutex> Lock(PreludeFactsLock);
      BarrierFactsCache.try_emplace(Key, Barrier);
    }
    std::string Conflict =
        barrierConflict(*Facts, {Header}, *Barrier, Settled);
    if (!Conflict.empty())
      return Conflict;
  }
  return "";
}

std::vector<std::string> HipifyRun::checkedParseCommand(const Source &S) {
  std::set<std::string> Refused;
  // Read once, when a prelude is loaded: each one tried is checked against
  // the same list.
  std::optional<LeadingList> List;
  for (;;) {
    std::vector<std::string> Command =
        withDeferredPrecompiledHeader(parseCommand(S, Refused));
    auto Load = llvm::find(Command, "-include-pch");
    if (Load == Command.end() || Command.end() - Load < 3)
      return Command;
    const std::string &Path = *(Load + 2);
    if (!List)
      List = leadingList(
          S, buildParseCommand(Options, TC, S.ProjectFlags, S.Path));
    std::string Conflict = preludeConflict(S, Path, *List);
    if (Conflict.empty())
      return Command;
    if (Options.Verbose) {
      reportNote("'" + S.Path + "' does not load '" + Path +
                 "' before the user headers it includes first: " + Conflict);
    }
    // The next most valuable one, down to the CUDA headers' alone.
    Refused.insert(Path);
  }
}

bool HipifyRun::openCache() {
  std::string Dir = Options.CacheDir;
  bool Default = Dir.empty();
  if (Options.NoCache || Options.NoPrecompiledHeaders || !TC.HasCuda)
    return true;
  if (Default) {
    if (Options.OutRoot.empty() || Options.NoOutput)
      return true;
    llvm::SmallString<256> Path(Options.OutRoot);
    llvm::sys::path::append(Path, PrecompiledHeaderCache::DefaultName);
    Dir = std::string(Path);
  }
  // The build of the tool that writes an entry: another may not load it.
  std::string Identity = clang::getClangFullVersion();
  llvm::sys::fs::file_status Tool;
  if (!llvm::sys::fs::status(Options.ExecutablePath, Tool))
    Identity += " " + Options.ExecutablePath + " " +
                std::to_string(Tool.getSize()) + " " +
                std::to_string(Tool.getLastModificationTime()
                                   .time_since_epoch()
                                   .count());
  llvm::Expected<PrecompiledHeaderCache> Opened =
      PrecompiledHeaderCache::open(Dir, Identity);
  if (Opened) {
    Cache.emplace(std::move(*Opened));
    return true;
  }
  std::string Why = toString(Opened.takeError());
  if (!Default) {
    reportError("--cache-dir: " + Why +
                "; name a folder of yours, or leave --cache-dir out");
    return false;
  }
  reportWarning("not keeping precompiled headers across runs: " + Why +
                "; --cache-dir names another folder (--no-cache: none)");
  return true;
}

void HipifyRun::removeTemporaries() {
  if (Options.SaveTemps) {
    for (const std::string &Path : Temporaries)
      reportNote("kept temporary file '" + Path + "'");
    return;
  }
  PrivateFolder.reset(); // the folder and everything in it
}

/// The deepest folder that holds all of \p Dirs (absolute, real paths).
std::string commonFolder(llvm::ArrayRef<std::string> Dirs) {
  if (Dirs.empty())
    return "";
  std::vector<llvm::StringRef> Common(llvm::sys::path::begin(Dirs.front()),
                                      llvm::sys::path::end(Dirs.front()));
  for (llvm::StringRef Dir : Dirs.drop_front()) {
    size_t Shared = 0;
    for (auto It = llvm::sys::path::begin(Dir), End = llvm::sys::path::end(Dir);
         It != End && Shared < Common.size() && *It == Common[Shared]; ++It)
      ++Shared;
    Common.resize(Shared);
  }
  llvm::SmallString<256> Folder;
  for (llvm::StringRef Part : Common)
    llvm::sys::path::append(Folder, Part);
  return std::string(Folder);
}

bool HipifyRun::loadCompilationDatabase() {
  if (!Options.BuildPath.empty()) {
    std::string Error;
    llvm::SmallString<256> File(Options.BuildPath);
    llvm::sys::path::append(File, "compile_commands.json");
    if (!llvm::sys::fs::exists(File)) {
      Error = "there is no compile_commands.json in it";
    } else if (auto Buffer = llvm::MemoryBuffer::getFile(File)) {
      // The database's YAML parser prints every syntax error itself, several
      // lines each; a JSON parse first turns a broken file into one line.
      if (llvm::Expected<llvm::json::Value> Parsed =
              llvm::json::parse((*Buffer)->getBuffer()))
        Database = clang::tooling::JSONCompilationDatabase::loadFromBuffer(
            (*Buffer)->getBuffer(), Error,
            clang::tooling::JSONCommandLineSyntax::AutoDetect);
      else
        Error = "compile_commands.json is not valid JSON (" +
                llvm::toString(Parsed.takeError()) + ")";
    } else {
      Error =
          "cannot read compile_commands.json: " + Buffer.getError().message();
    }
    if (!Database) {
      reportError(
          "cannot use the compilation database in '" + Options.BuildPath +
          "': " + llvm::StringRef(Error).rtrim('.') +
          "; regenerate it (cmake -DCMAKE_EXPORT_COMPILE_COMMANDS=ON) or "
          "drop -p");
      return false;
    }
  }
  return true;
}

bool HipifyRun::prepareSources() {
  if (!loadCompilationDatabase())
    return false;
  bool Ok = true;
  // The folder each source is in, symbolic links resolved: --o-dir mirrors
  // the sources' paths below the folder they all share.
  std::vector<std::string> SourceDirs;
  for (const std::string &Path : Options.Sources) {
    Source S;
    S.Path = Path;
    llvm::Expected<std::string> Contents = readSource(Path);
    if (!Contents) {
      reportError(llvm::toString(Contents.takeError()));
      Ok = false;
      continue;
    }
    S.Contents = std::move(*Contents);
    S.RealPath = realPathOf(Path);
    noteBuildFile(S.Path, S.Contents);
    llvm::StringRef Dir = llvm::sys::path::parent_path(Path);
    SourceDirs.push_back(realPathOf(Dir.empty() ? "." : Dir));
    Sources.push_back(std::move(S));
  }
  if (!Ok)
    return false;
  std::string Common = commonFolder(SourceDirs);
  for (size_t I = 0; I < Sources.size(); ++I) {
    Source &S = Sources[I];
    if (Options.NoOutput)
      break;
    if (!Options.OutputFile.empty()) {
      S.Output = Options.OutputFile;
    } else if (Options.InPlace) {
      S.Output = S.Path;
    } else if (!Options.OutputDir.empty()) {
      llvm::StringRef Relative(SourceDirs[I]);
      Relative.consume_front(Common);
      llvm::SmallString<256> Out(Options.OutputDir);
      llvm::sys::path::append(Out, Relative.ltrim("/"),
                              llvm::sys::path::filename(S.Path) + ".hip");
      S.Output = std::string(Out);
    } else if (Options.Tool == Frontend::Perl) {
      S.Output = "-";
    } else {
      S.Output = S.Path + ".hip";
    }
    Layout.addNamedSource(S.RealPath, S.Output);
  }
  if (!Options.OutputDir.empty() && !Options.NoOutput)
    // Every link on the way is checked, not only the last: another user's
    // link in /tmp as --o-dir, or as a folder inside it, is not followed.
    for (const Source &S : Sources)
      if (llvm::Expected<std::string> Folder =
              resolveFolderPath(llvm::sys::path::parent_path(S.Output));
          !Folder) {
        reportError("--o-dir: " + llvm::toString(Folder.takeError()));
        return false;
      }
  // The outputs named before any parse, checked now: the headers join the
  // plan once the parses found them (checkPlan).
  for (const Source &S : Sources)
    planSourceOutput(S);
  planRunOutputs();
  if (!reportPlanProblems())
    return false;
  for (Source &S : Sources) {
    if (Database) {
      std::vector<clang::tooling::CompileCommand> Commands =
          Database->getCompileCommands(S.RealPath);
      if (Commands.empty())
        reportWarning("'" + S.Path + "' has no entry in " + Options.BuildPath +
                      "/compile_commands.json; parsing it without the "
                      "project's flags");
      else
        S.ProjectFlags = filterProjectFlags(Commands.front().CommandLine,
                                            Commands.front().Directory);
    }
  }
  return Ok;
}

void HipifyRun::translate(Source &S, SourceTranslation &Result) {
  auto Start = std::chrono::steady_clock::now();
  if (testHook("remove-before-parse") ==
      llvm::sys::path::filename(S.Path).str())
    llvm::sys::fs::remove(S.Path);
  Result.SourcePath = S.Path;
  Result.Files.push_back(std::make_unique<FileTranslation>(
      S.Path, S.RealPath, S.Contents, /*IsMainFile=*/true));
  Result.Scopes.emplace_back();
  // A CMake file or Makefile is migrated, not parsed: no AST, no token engine.
  if (BuildFileKind Kind = buildFileKind(S.Path); Kind != BuildFileKind::None) {
    migrateBuildFile(*Result.Files[0], Kind, Policy, outputNameLookup(S));
    Result.Parsed = true; // Nothing to report about a parse.
    return;
  }
  // Already HIP (say, translated twice): parsing it as CUDA fails in the HIP
  // headers and would print their errors; tokens translate any CUDA left.
  Result.HipInput = isHipSource(Result.Files[0]->source());
  if (TC.HasCuda && !Result.HipInput) {
    ASTEngineOptions AO;
    AO.Policy = &Policy;
    AO.TranslateUserHeaders = Options.TranslateUserHeaders;
    AO.HipKernelExecutionSyntax = Options.HipKernelExecutionSyntax;
    AO.SkipExcludedBlocks = Options.SkipExcludedBlocks;
    AO.SystemDirs = {TC.CudaPath, TC.ResourceDir, TC.StandInDir};
    AO.Checks = &Inv.EnabledWarnings;
    AO.UserRoot = UserRoot;
    AO.SkipSystemFunctionBodies = !llvm::any_of(
        buildParseCommand(Options, TC, S.ProjectFlags, S.Path), isIncludePch);
    std::vector<std::string> Command = checkedParseCommand(S);
    ParseOutcome Outcome = runASTEngineWithin(Command, AO, Result,
                                              Options.ParseTimeoutSeconds);
    // (A finished parse replaces the whole Result.)
    Result.ParseCommand = std::move(Command);
    Result.ParseTimedOut = Outcome == ParseOutcome::TimedOut;
    Result.ParseCrashed = Outcome == ParseOutcome::Crashed;
  }
  bool Clean = TC.HasCuda && Result.Parsed && Result.CompileErrors == 0;
  if (Result.Files.size() > 1) {
    std::vector<const FileTranslation *> Files;
    for (const auto &File : Result.Files)
      Files.push_back(File.get());
    Result.Pasting.collect(Files);
  }
  for (size_t I = 0; I < Result.Files.size(); ++I) {
    LexicalScope &Scope = Result.Scopes[I];
    Scope.Pasting = &Result.Pasting;
    Scope.WholeFile = !Clean || Options.Amap;
    Scope.IncludeOrigin = Clean ? EditOrigin::AST : EditOrigin::Lexical;
    Engine.translate(*Result.Files[I], Scope);
    // Without a parse the AST engine rewrote no launch; the lexical rewrite
    // does, rather than leaving --hip-kernel-execution-syntax without effect.
    if (!TC.HasCuda && Options.HipKernelExecutionSyntax)
      rewriteLaunchesLexically(*Result.Files[I]);
  }
  for (const auto &File : Result.Files) {
    File->insertHelpers();
    markTorchExtensionFile(*File);
  }
  double Seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - Start)
          .count();
  Result.Files[0]->statistics().Seconds = Seconds;
}

/// \p Path relative to the folder \p Base (both absolute, `.` and `..`
/// removed).
static std::string relativeTo(llvm::StringRef Path, llvm::StringRef Base) {
  llvm::SmallVector<llvm::StringRef, 16> To, From;
  llvm::StringRef(Path).split(To, '/', -1, /*KeepEmpty=*/false);
  Base.split(From, '/', -1, /*KeepEmpty=*/false);
  size_t Common = 0;
  while (Common < To.size() && Common < From.size() &&
         To[Common] == From[Common])
    ++Common;
  std::string Relative;
  for (size_t I = Common; I < From.size(); ++I)
    Relative += "../";
  for (size_t I = Common; I < To.size(); ++I)
    Relative += To[I].str() + (I + 1 < To.size() ? "/" : "");
  return Relative;
}

OutputNameLookup HipifyRun::outputNameLookup(const Source &S) const {
  // Project mode writes every file under its own name.
  if (Tree || S.Output.empty() || S.Output == "-")
    return {};
  return [this, &S](llvm::StringRef Name) -> std::optional<std::string> {
    llvm::SmallString<256> Listed(llvm::sys::path::parent_path(S.RealPath));
    llvm::sys::path::append(Listed, Name);
    const std::string *Output = Layout.namedOutput(realPathOf(Listed));
    if (!Output || Output->empty() || *Output == "-")
      return std::nullopt;
    return relativeTo(absolutePath(*Output),
                      llvm::sys::path::parent_path(absolutePath(S.Output)));
  };
}

void HipifyRun::noteBuildFile(llvm::StringRef Path, llvm::StringRef Contents) {
  if (buildFileKind(Path) == BuildFileKind::SetupPy &&
      usesTorchCppExtension(Contents))
    TorchExtension = true;
}

void HipifyRun::markTorchExtensionFile(FileTranslation &FT) const {
  // What PyTorch's hipify reads: C, C++ and CUDA sources and headers. A file
  // the translation leaves as it is stays the user's, unmarked.
  switch (projectFileKind(FT.displayPath())) {
  case ProjectFileKind::CudaSource:
  case ProjectFileKind::CxxSource:
  case ProjectFileKind::CSource:
  case ProjectFileKind::Header:
    break;
  default:
    return;
  }
  if (FT.changesAnything() &&
      (TorchExtension || includesTorchHeaders(FT.source())))
    markForTorchHipify(FT);
}

bool HipifyRun::keptBackup(llvm::StringRef Shown,
                           llvm::Expected<std::string> Backup) {
  if (!Backup) {
    reportError(llvm::toString(Backup.takeError()) +
                "; the source was left unchanged");
    return false;
  }
  if (Options.Verbose)
    reportNote("the text of '" + Shown + "' before translation is in '" +
               *Backup + "'");
  return true;
}

bool HipifyRun::writeFile(llvm::StringRef Path, llvm::StringRef Contents,
                          llvm::StringRef Original, bool IsInPlace) {
  if (Path == "-") {
    if (llvm::Error E = writeStandardOutput(Contents)) {
      reportError(llvm::toString(std::move(E)));
      return false;
    }
    return true;
  }
  auto changed = [&] {
    reportError("'" + Path +
                "' changed while it was translated (another program wrote to "
                "it); it was left as it is; translate it again when nothing "
                "else writes to it");
    return false;
  };
  if (std::optional<std::string> Rel = treeRelative(Path))
    return writeTreeFile(*Rel, Contents, Original, IsInPlace);
  if (!UserRoot.empty())
    WrittenHashes[absolutePath(Path)] = contentHash(Contents);
  if (IsInPlace) {
    if (Contents == Original)
      return true; // Nothing to replace: the file and its time stamp stay.
    // Checked before the backup too, so that a backup is never of text that
    // is not the one translated.
    // (A pipe cannot be read again; it is written through, not replaced.)
    if (llvm::sys::fs::is_regular_file(Path) && !fileStillHolds(Path, Original))
      return changed();
    if (!Options.NoBackup) {
      if (!keptBackup(Path, writeBackup(Path, Original)))
        return false;
    }
  }
  if (llvm::Error E =
          writeOutputFile(Path, Contents,
                          IsInPlace ? std::optional<llvm::StringRef>(Original)
                                    : std::nullopt)) {
    reportError(llvm::toString(std::move(E)));
    return false;
  }
  if (Options.Verbose)
    reportNote("wrote '" + Path + "'");
  return true;
}

LayoutSettings HipifyRun::layoutSettings(llvm::StringRef InRoot) const {
  LayoutSettings Settings;
  Settings.InPlace = Options.InPlace;
  Settings.NoOutput = Options.NoOutput;
  Settings.NoBackup = Options.NoBackup;
  Settings.OutputDir = !Options.OutputDir.empty();
  Settings.InRoot = InRoot.str();
  Settings.InRootName = Options.InRoot;
  // (--merge's too, before any --in-root is known.)
  Settings.OutRoot = Options.InPlace ? Options.InRoot : Options.OutRoot;
  Settings.RealPath = [](llvm::StringRef Path) { return realPathOf(Path); };
  Settings.BackupPath = [](llvm::StringRef Path, llvm::StringRef Original) {
    return plannedBackupPath(Path, Original);
  };
  return Settings;
}

LayoutSource HipifyRun::layoutSource(const Source &S,
                                     const SourceTranslation &Result) {
  LayoutSource L;
  L.Path = S.Path;
  L.RealPath = S.RealPath;
  L.Output = S.Output;
  for (const auto &FT : Result.Files)
    L.Files.push_back({FT->realPath().str(), FT->displayPath().str(),
                       FT->contents(), FT->changesAnything()});
  for (const UserHeaderInclude &Inc : Result.HeaderIncludes)
    L.Includes.push_back({Inc.IncludingFile, Inc.NameBegin, Inc.NameEnd,
                          Inc.Spelled, Inc.HeaderRealPath});
  return L;
}

SourceLayout HipifyRun::planOutputs(const Source &S,
                                    SourceTranslation &Result) {
  SourceLayout L = Layout.place(layoutSource(S, Result));
  for (const IncludeEdit &E : L.IncludeEdits)
    Result.Files[E.File]->addEdit(E.Offset, E.Length, E.Text, EditOrigin::AST);
  return L;
}

bool HipifyRun::emit(const Source &S, SourceTranslation &Result,
                     const std::vector<bool> &Claimed) {
  if (!Result.CommandLineError.empty()) {
    if (!llvm::sys::fs::exists(S.Path)) {
      reportError("'" + S.Path +
                  "' was deleted or moved while hipify-clang "
                  "ran, so it was not translated; translate it again");
      return false;
    }
    // A lexical translation would hide the mistake, and exit 0.
    reportError("clang refused the compiler options for '" + S.Path +
                "': " + Result.CommandLineError +
                "; correct them (the options before the sources or after "
                "'--')");
    return false;
  }
  llvm::errs() << printable(Result.CompilerMessages, /*KeepNewlines=*/true);
  if (Result.HipInput) {
    if (Options.Verbose)
      reportNote("'" + S.Path +
                 "' is already HIP (it includes a hip/ header and no CUDA "
                 "header); not parsed as CUDA, CUDA names left in it are "
                 "translated by tokens");
  } else if (!TC.HasCuda) {
    // Said once for the run, in run().
  } else if (Result.ParseTimedOut) {
    reportWarning(llvm::formatv("parsing '{0}' took longer than {1} s "
                                "(--parse-timeout; a macro that expands "
                                "exponentially?); translated it lexically",
                                S.Path, Options.ParseTimeoutSeconds)
                      .str());
  } else if (Result.ParseCrashed) {
    // Like a source that does not parse: a valid lexical translation, so a
    // warning (exit 0), but the bug is ours or clang's.
    reportWarning("the parse of '" + S.Path +
                  "' crashed (a bug of clang or hipify-clang; please report "
                  "it, with the source); translated it lexically");
  } else if (!Result.Parsed) {
    reportWarning("'" + S.Path + "' could not be parsed (" + Result.FirstError +
                  "); translated it lexically");
  } else if (Result.CompileErrors) {
    reportWarning(
        llvm::formatv(
            "'{0}' has {1} compile error{2} (first: {3}); kept the "
            "translation of what parsed and translated the rest lexically",
            S.Path, Result.CompileErrors, Result.CompileErrors == 1 ? "" : "s",
            Result.FirstError)
            .str());
  }

  reportOutsideRoot(S, Result);
  bool Ok = true;
  for (size_t I = 0; I < Result.Files.size(); ++I) {
    if (I && !Claimed[I])
      continue;
    FileTranslation &FT = *Result.Files[I];
    TranslationStatistics Stats = finishFile(FT);
    if (ReportAs) {
      std::string Output;
      const HeaderPlacement *H = I ? Layout.header(FT.realPath()) : nullptr;
      if (!Options.NoOutput)
        Output = I == 0 ? S.Output
                        : (H->Written && !H->WrittenBySource ? H->Path : "");
      ReportedFiles.push_back(reportFile(FT, Stats, Selection, Output));
    }
    // The report lists an output only once it is written.
    size_t Reported = ReportAs ? ReportedFiles.size() - 1 : SIZE_MAX;
    auto notWritten = [&] {
      if (Reported != SIZE_MAX)
        ReportedFiles[Reported].Output.clear();
      Ok = false;
    };
    llvm::Expected<std::string> Translated = FT.apply();
    if (!Translated) {
      reportError("internal error translating '" + FT.displayPath() +
                  "': " + llvm::toString(Translated.takeError()));
      Ok = false;
      continue;
    }
    FileStats.push_back(Stats);
    if (Options.NoOutput)
      continue;
    if (I == 0) {
      if (!writeFile(S.Output, *Translated, FT.contents(), Options.InPlace))
        notWritten();
      continue;
    }
    const HeaderPlacement &H = *Layout.header(FT.realPath());
    if (!H.Written || H.WrittenBySource)
      continue;
    // A header from a subfolder of the source's folder goes to the same
    // subfolder of the output's (project mode's tree makes its own).
    if (!Tree)
      if (std::error_code EC = llvm::sys::fs::create_directories(
              llvm::sys::path::parent_path(H.Path), /*IgnoreExisting=*/true,
              llvm::sys::fs::all_all)) {
        reportError("cannot create the folder for '" + H.Path +
                    "': " + EC.message());
        notWritten();
        continue;
      }
    if (!writeFile(H.Path, *Translated, FT.contents(), Options.InPlace))
      notWritten();
    else if (!Options.InPlace && !Tree)
      // (Project mode records its outputs with their inputs:
      // recordProjectOutputs.)
      Plan.manifest().record(H.Path, {contentHash(*Translated), std::nullopt});
  }
  return Ok;
}

TranslationStatistics HipifyRun::finishFile(FileTranslation &FT) {
  if (!Options.QuietWarnings)
    llvm::errs() << printable(FT.formatWarnings(Selection, WarningErrors),
                              /*KeepNewlines=*/true);
  NewerHip.collect(FT);
  FT.finishStatistics();
  TranslationStatistics Stats = FT.statistics();
  Stats.ChangedFiles = FT.changesAnything();
  return Stats;
}

void HipifyRun::reportOutsideRoot(const Source &S, SourceTranslation &Result) {
  TranslationStatistics &Stats = Result.Files[0]->statistics();
  for (const OutsideRootInclude &H : Result.OutsideRoot) {
    auto [It, New] = OutsideScans.try_emplace(H.RealPath);
    OutsideScan &Scan = It->second;
    // What the header would translate, found as for any file without a
    // parse: the same rows, so the answer does not depend on the engine.
    TranslationStatistics Found;
    if (New) {
      std::string Text;
      if (!readWholeFile(H.RealPath, Text))
        continue;
      if (llvm::Error E = checkSourceText(H.RealPath, Text)) {
        llvm::consumeError(std::move(E));
        continue;
      }
      FileTranslation FT(H.DisplayPath, H.RealPath, Text,
                         /*IsMainFile=*/false);
      LexicalScope Whole;
      Whole.WholeFile = true;
      Engine.translate(FT, Whole);
      Found = FT.statistics();
      Scan.References = Found.Converted + Found.Unconverted;
      std::set<std::string> Names;
      for (const auto &[Name, Count] : Found.ConvertedByName)
        Names.insert(Name);
      for (const auto &[Name, Count] : Found.UnconvertedByName)
        Names.insert(Name);
      Scan.Names.assign(Names.begin(), Names.end());
      Scan.Found = std::move(Found);
    }
    if (!Scan.References)
      continue;
    // Every including source depends on it: none of them is fully converted.
    Stats.Unconverted += Scan.References;
    for (const auto *Counts :
         {&Scan.Found.ConvertedByName, &Scan.Found.UnconvertedByName})
      for (const auto &[Name, Count] : *Counts)
        Stats.UnconvertedByName[Name] += Count;
    for (const auto *Counts :
         {&Scan.Found.ConvertedByKind, &Scan.Found.UnconvertedByKind})
      for (const auto &[Kind, Count] : *Counts)
        Stats.UnconvertedByKind[Kind] += Count;
    for (const auto *Counts :
         {&Scan.Found.ConvertedByApi, &Scan.Found.UnconvertedByApi})
      for (const auto &[Api, Count] : *Counts)
        Stats.UnconvertedByApi[Api] += Count;
    if (Scan.Reported)
      continue;
    Scan.Reported = true;
    OutsideRootHeader Reported;
    Reported.Path = H.DisplayPath;
    Reported.IncludedFrom = H.IncludedFrom.empty() ? S.Path : H.IncludedFrom;
    Reported.CudaReferences = Scan.References;
    Reported.FirstNames.assign(
        Scan.Names.begin(),
        Scan.Names.begin() + std::min<size_t>(Scan.Names.size(), 5));
    OutsideRootHeaders.push_back(std::move(Reported));
    if (!Selection.Enabled(warning_names::HeaderOutsideRoot))
      continue;
    std::string Names;
    for (size_t I = 0; I < Scan.Names.size() && I < 3; ++I)
      Names += (I ? ", " : "") + Scan.Names[I];
    if (Scan.Names.size() > 3)
      Names += ", ...";
    std::string Root =
        UserRoot.empty()
            ? std::string(llvm::sys::path::parent_path(S.Path).empty()
                              ? "."
                              : llvm::sys::path::parent_path(S.Path))
            : Options.InRoot;
    std::string Suggested = commonFolder(
        {llvm::sys::path::parent_path(S.RealPath).str(),
         llvm::sys::path::parent_path(H.RealPath).str()});
    std::string Message = llvm::formatv(
        "'{0}' (included from '{1}') uses CUDA names ({2}) but lies outside "
        "'{3}'; it was left untranslated; translate the project together "
        "with --in-root={4} --out-root=<folder> [{5}]",
        H.DisplayPath, H.IncludedFrom.empty() ? S.Path : H.IncludedFrom,
        Names, Root, Suggested, warning_names::HeaderOutsideRoot);
    if (Selection.AsError(warning_names::HeaderOutsideRoot)) {
      reportError(Message);
      ++WarningErrors;
    } else {
      reportWarning(Message);
    }
  }
}

void HipifyRun::planSourceOutput(const Source &S) {
  for (PlannedOutput &O : Layout.sourceOutputs(S.Path, S.Output, S.Contents))
    Plan.add(std::move(O));
}

void HipifyRun::planRunOutputs(llvm::StringRef Manifest) {
  for (PlannedOutput &O : OutputLayout::runOutputs(
           Options.PrintStatsCSV ? llvm::StringRef(statisticsPath()) : "",
           ReportAs ? llvm::StringRef(Options.ReportFile) : "", Manifest))
    Plan.add(std::move(O));
}

bool HipifyRun::reportPlanProblems() {
  std::vector<std::string> Problems = Plan.checkAdded();
  for (const std::string &Problem : Problems)
    reportError(Problem);
  return Problems.empty();
}

bool HipifyRun::checkPlan(const std::vector<SourceTranslation> &Results,
                          const std::vector<SourceLayout> &Layouts) {
  for (size_t I = 0; I < Sources.size(); ++I) {
    Plan.addInput(Sources[I].Path, "the source '" + Sources[I].Path + "'");
    // The headers a source read are inputs too.
    for (size_t J = 1; J < Results[I].Files.size(); ++J)
      Plan.addInput(Results[I].Files[J]->realPath(),
                    "the header '" + Results[I].Files[J]->displayPath().str() +
                        "'");
  }
  // The headers' outputs, checked against every input.
  for (const SourceLayout &L : Layouts)
    for (const PlannedOutput &O : L.Outputs)
      Plan.add(O);
  return reportPlanProblems() && createOutputFolders();
}

bool HipifyRun::createOutputFolders() {
  if (Options.OutputDir.empty() || Options.NoOutput)
    return true;
  for (const Source &S : Sources)
    // Mode 0777 less the umask, as mkdir -p makes them.
    if (std::error_code EC = llvm::sys::fs::create_directories(
            llvm::sys::path::parent_path(S.Output), /*IgnoreExisting=*/true,
            llvm::sys::fs::all_all)) {
      reportError("cannot create the output directory '" +
                  llvm::sys::path::parent_path(S.Output) +
                  "': " + EC.message());
      return false;
    }
  return true;
}

void HipifyRun::writeManifests() {
  for (const auto &[Path, Text] : Plan.manifest().render())
    if (llvm::Error E = writeOutputFile(Path, Text)) {
      reportError(llvm::toString(std::move(E)) +
                  "; a later run will not replace the headers it lists");
      Failed = true;
    }
}

void HipifyRun::reportNewerHip() {
  if (Options.QuietWarnings)
    return;
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  NewerHip.print(OS, Selection, Policy.options().TargetHipVersionText,
                 WarningErrors);
  llvm::errs() << printable(Text, /*KeepNewlines=*/true);
}

void HipifyRun::printStatistics() {
  if (!Options.PrintStats && !Options.PrintStatsCSV)
    return;
  TranslationStatistics Total;
  Total.Files = 0;
  for (const TranslationStatistics &S : FileStats)
    Total.add(S);
  if (Options.PrintStats) {
    // Never mixed into a translation written to standard output.
    bool TranslationOnStdout = llvm::any_of(
        Sources, [](const Source &S) { return S.Output == "-"; });
    llvm::raw_fd_ostream &OS =
        TranslationOnStdout ? llvm::errs() : llvm::outs();
    for (const TranslationStatistics &S : FileStats)
      hipify::printStatistics(OS, S, /*IsTotal=*/false);
    if (FileStats.size() > 1)
      hipify::printStatistics(OS, Total, /*IsTotal=*/true);
    OS.flush();
    if (OS.has_error()) {
      reportError("cannot write the statistics: " + OS.error().message());
      OS.clear_error(); // Else the stream's error is fatal at exit.
      Failed = true;
    }
  }
  if (Options.PrintStatsCSV) {
    std::string Path = statisticsPath();
    std::string CSV;
    llvm::raw_string_ostream OS(CSV);
    for (const TranslationStatistics &S : FileStats)
      printStatisticsCSV(OS, S, /*IsTotal=*/false);
    printStatisticsCSV(OS, Total, /*IsTotal=*/true);
    OS.flush();
    if (llvm::Error E =
            writeOutputFile(Path, llvm::StringRef(CSV).ltrim("\n"))) {
      reportError(llvm::toString(std::move(E)));
      Failed = true;
    }
  }
}

RunFacts HipifyRun::runFacts() const {
  if (MergedFacts)
    return *MergedFacts;
  RunFacts Facts;
  Facts.HipkitVersion = HIPKIT_VERSION;
  Facts.HipVersion = Policy.options().TargetHipVersionText;
  // The options that change what is written, not where: no paths, so two
  // runs over the same tree report the same.
  for (auto [Set, Spelling] :
       {std::pair<bool, const char *>{Options.Names.Roc, "--roc"},
        {Options.Names.MIOpen, "--miopen"},
        {Options.Names.Experimental, "--experimental"},
        {Options.Names.UseHipDataTypes, "--use-hip-data-types"},
        {Options.Amap, "--amap"},
        {Options.HipKernelExecutionSyntax, "--hip-kernel-execution-syntax"},
        {Options.SkipExcludedBlocks,
         "--skip-excluded-preprocessor-conditional-blocks"},
        {!Options.TranslateUserHeaders, "--no-user-headers"},
        {Options.InPlace, "--inplace"}})
    if (Set)
      Facts.Options.push_back(Spelling);
  if (Options.Checks != "*")
    Facts.Options.push_back("--checks=" + Options.Checks);
  if (!Options.WarningsAsErrors.empty())
    Facts.Options.push_back("--warnings-as-errors=" + Options.WarningsAsErrors);
  for (const std::string &Define : Options.Defines)
    Facts.Options.push_back("-D" + Define);
  return Facts;
}

void HipifyRun::writeReport() {
  // A shard collects the report's entries for --merge even without --report.
  if (!ReportAs || Options.ReportFile.empty())
    return;
  ProjectReport Report;
  Report.Files = std::move(ReportedFiles);
  Report.OutsideRoot = OutsideRootHeaders;
  Report.Unchanged = UnchangedFiles;
  Report.Copied = CopiedFiles;
  Report.Run = runFacts();
  // Written like every output: atomically, through links, keeping the mode.
  if (llvm::Error E = writeOutputFile(Options.ReportFile,
                                      renderReport(Report, *ReportAs))) {
    reportError(llvm::toString(std::move(E)));
    Failed = true;
  }
}

void HipifyRun::discoverTargets() {
  TC = discoverToolchain(Options);
  Policy = NamePolicy([&] {
    NameOptions Names = Options.Names;
    Names.TargetHipVersionText = TC.HipVersion;
    Names.TargetHipVersion = NamePolicy::parseVersion(TC.HipVersion);
    return Names;
  }());
}

void HipifyRun::discoverTorch() {
  NameOptions Names = Policy.options();
  std::string Why;
  if (!Options.TorchNaming.empty()) {
    Names.Torch = Options.TorchNaming == "masquerading"
                      ? TorchNaming::Masquerading
                      : TorchNaming::Current;
    Why = "--torch-naming";
  } else {
    for (const Source &S : Sources) {
      std::optional<TorchHeaders> Torch = findTorchHeaders(
          buildParseCommand(Options, TC, S.ProjectFlags, S.Path));
      if (!Torch)
        continue;
      // PyTorch 2.6 is the last release here whose ROCm build masquerades;
      // 2.11 and later keep the CUDA names. A release between them, or one
      // whose headers say none, gets the current naming, and -v says so.
      bool Old = Torch->Version && Torch->Version <= 206;
      Names.Torch = Old ? TorchNaming::Masquerading : TorchNaming::Current;
      Why = (Torch->Version ? "PyTorch " + std::to_string(Torch->Version / 100) +
                                  "." + std::to_string(Torch->Version % 100)
                            : std::string("PyTorch of an unknown release")) +
            " in " + Torch->IncludeDir;
      break;
    }
  }
  Policy = NamePolicy(Names);
  if (Options.Verbose && !Why.empty())
    reportNote(std::string("PyTorch naming: ") +
               (Names.Torch == TorchNaming::Masquerading ? "masquerading"
                                                         : "current") +
               " (" + Why + ")");
}

void HipifyRun::warnAboutToolchain() {
  if (!TC.RocmError.empty())
    reportWarning(TC.RocmError + "; the targeted HIP version is unknown, so "
                                 "names newer than it are not reported");
  if (!TC.HasCuda && Options.Tool != Frontend::Perl)
    reportWarning(
        "no CUDA installation at '" + TC.CudaPath +
        "' (no include/cuda_runtime.h); translating without parsing, by "
        "tokens only (set --cuda-path or CUDA_PATH to parse)");
}

int HipifyRun::finishRun() {
  if (WarningErrors) {
    reportError(llvm::formatv("{0} warning{1} treated as error{1} "
                              "(--warnings-as-errors)",
                              WarningErrors, WarningErrors == 1 ? "" : "s")
                    .str());
    Failed = true;
  }
  exitAfterAbandonedParses(Failed ? 1 : 0);
  return Failed ? 1 : 0;
}

unsigned HipifyRun::jobThreads() const {
  unsigned Threads = Options.Jobs
                         ? Options.Jobs
                         : llvm::hardware_concurrency().compute_thread_count();
  return std::max(1u, Threads);
}

void HipifyRun::noteParseCommand(const SourceTranslation &Result) {
  if (!Options.Verbose || Result.ParseCommand.empty())
    return;
  clearProgress();
  reportNote("parse: " + llvm::join(Result.ParseCommand, " "));
}

void HipifyRun::translateSources(size_t Begin, size_t End,
                                 std::vector<SourceTranslation> &Results) {
  unsigned Threads = std::min<size_t>(jobThreads(), End - Begin);
  if (Threads <= 1) {
    for (size_t I = Begin; I < End; ++I)
      translate(Sources[I], Results[I - Begin]);
    return;
  }
  llvm::DefaultThreadPool Pool(llvm::hardware_concurrency(Threads));
  for (size_t I = Begin; I < End; ++I)
    Pool.async([this, I, Begin, &Results] {
      translate(Sources[I], Results[I - Begin]);
    });
  Pool.wait();
}

int HipifyRun::run() {
  if (!Options.MergeDirs.empty())
    return runMerge();
  if (!Options.InRoot.empty())
    return runProject();
  if (!prepareSources())
    return 1;
  discoverTargets();
  discoverTorch();
  warnAboutToolchain();
  if (!openCache())
    return 1;
  precompileCudaHeaders();
  if (Options.Verbose)
    reportNote("CUDA: " + TC.CudaPath + (TC.HasCuda ? "" : " (not found)") +
               "; targeted HIP version: " +
               (TC.HipVersion.empty() ? "unknown" : TC.HipVersion) +
               (TC.RocmPath.empty()
                    ? ""
                    : " (HIP root " + TC.HipPath + "; ROCm root " +
                          TC.RocmPath + ", from " + TC.RocmSource + ")"));
  std::vector<SourceTranslation> Results(Sources.size());
  translateSources(0, Sources.size(), Results);
  // Every output is known and checked before the first is written.
  std::vector<SourceLayout> Layouts;
  for (size_t I = 0; I < Sources.size(); ++I)
    Layouts.push_back(planOutputs(Sources[I], Results[I]));
  if (!checkPlan(Results, Layouts)) {
    removeTemporaries();
    exitAfterAbandonedParses(1);
    return 1;
  }
  for (size_t I = 0; I < Sources.size(); ++I) {
    noteParseCommand(Results[I]);
    if (!emit(Sources[I], Results[I], Layouts[I].Claimed))
      Failed = true;
  }
  writeManifests();
  removeTemporaries();
  reportNewerHip();
  printStatistics();
  writeReport();
  return finishRun();
}

} // namespace hipkit::hipify::driver

int hipkit::hipify::runHipify(HipifyOptions Options) {
  std::optional<Invocation> Inv = Invocation::create(std::move(Options));
  if (!Inv)
    return 1;
  return HipifyRun(std::move(*Inv)).run();
}

int hipkit::hipify::listChecks(const std::string &Checks) {
  std::optional<hipkit::checks::GlobList> Enabled =
      parseWarningSelection("--checks", Checks);
  if (!Enabled)
    return 1;
  auto print = [&](llvm::StringRef Name, llvm::StringRef Summary) {
    llvm::outs() << (Enabled->contains(Name) ? "  " : "- ") << Name;
    if (!Summary.empty())
      llvm::outs() << ": " << Summary;
    llvm::outs() << "\n";
  };
  llvm::outs() << "porting checks (docs/clang-plugins/):\n";
  for (const hipkit::checks::CheckInfo &Info : hipkit::checks::allPortingChecks())
    print(Info.Name, Info.Summary);
  llvm::outs() << "translation warnings (docs/hipify-clang.md):\n";
  for (llvm::StringRef Name : hipkit::hipify::warning_names::All)
    print(Name, "");
  return 0;
}
