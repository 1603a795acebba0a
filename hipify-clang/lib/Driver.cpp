//===- Driver.cpp - One hipify-clang run ----------------------------------===//
//
// Validates every input before touching anything, parses the sources in
// parallel (each with its own compiler instance), then - in the order the
// sources were named, so output is deterministic - prints diagnostics, writes
// each translation atomically and prints statistics.
//
//===----------------------------------------------------------------------===//
#include "hipkit/hipify/ASTEngine.h"
#include "hipkit/hipify/Options.h"
#include "hipkit/hipify/Statistics.h"
#include "hipkit/hipify/TokenEngine.h"
#include "hipkit/hipify/Toolchain.h"

#include "hipkit/Support/Diagnostics.h"

#include "clang/Frontend/FrontendActions.h"
#include "clang/Tooling/JSONCompilationDatabase.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/ConvertUTF.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/raw_ostream.h"

#include "llvm/Support/Process.h"

#include <algorithm>
#include <chrono>
#include <map>
#include <optional>

using namespace hipkit;
using namespace hipkit::hipify;

namespace {

std::string realPathOf(llvm::StringRef Path) {
  llvm::SmallString<256> Real;
  if (!llvm::sys::fs::real_path(Path, Real))
    return std::string(Real);
  // A file that does not exist yet: resolve its directory.
  llvm::SmallString<256> Dir(llvm::sys::path::parent_path(Path));
  if (Dir.empty())
    Dir = ".";
  if (llvm::sys::fs::real_path(Dir, Real))
    return Path.str();
  llvm::sys::path::append(Real, llvm::sys::path::filename(Path));
  return std::string(Real);
}

/// Reads a source, or says in one line why it cannot be translated.
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
  auto Buffer = llvm::MemoryBuffer::getFile(Path, /*IsText=*/false,
                                            /*RequiresNullTerminator=*/false);
  if (!Buffer)
    return fail("cannot read '" + Path + "': " + Buffer.getError().message());
  llvm::StringRef Text = (*Buffer)->getBuffer();
  if (llvm::Error E = checkSourceText(Path, Text))
    return std::move(E);
  return Text.str();
}

/// Writes \p Contents to \p Path through a temporary file in the same
/// directory and a rename, so \p Path is never left half-written.
llvm::Error writeAtomically(llvm::StringRef Path, llvm::StringRef Contents,
                            std::optional<llvm::sys::fs::perms> Permissions) {
  // A device or pipe (-o /dev/null, a FIFO) is written in place: renaming a
  // temporary over it would replace /dev/null with a regular file.
  llvm::sys::fs::file_status Status;
  if (!llvm::sys::fs::status(Path, Status) &&
      llvm::sys::fs::exists(Status) &&
      !llvm::sys::fs::is_regular_file(Status) &&
      !llvm::sys::fs::is_directory(Status)) {
    std::error_code EC;
    llvm::raw_fd_ostream OS(Path, EC, llvm::sys::fs::OF_None);
    if (!EC) {
      OS << Contents;
      OS.close();
      if (OS.has_error())
        EC = OS.error();
    }
    if (EC)
      return llvm::createStringError(EC, "cannot write '%s': %s",
                                     Path.str().c_str(), EC.message().c_str());
    return llvm::Error::success();
  }
  llvm::SmallString<256> Temp;
  int FD;
  if (std::error_code EC =
          llvm::sys::fs::createUniqueFile(Path + ".hipify-%%%%%%", FD, Temp))
    return llvm::createStringError(EC, "cannot write '%s': %s",
                                   Path.str().c_str(), EC.message().c_str());
  {
    llvm::raw_fd_ostream OS(FD, /*shouldClose=*/true);
    OS << Contents;
    OS.close();
    if (OS.has_error()) {
      llvm::sys::fs::remove(Temp);
      return llvm::createStringError(OS.error(), "cannot write '%s': %s",
                                     Path.str().c_str(),
                                     OS.error().message().c_str());
    }
  }
  if (Permissions)
    llvm::sys::fs::setPermissions(Temp, *Permissions);
  if (std::error_code EC = llvm::sys::fs::rename(Temp, Path)) {
    llvm::sys::fs::remove(Temp);
    return llvm::createStringError(EC, "cannot write '%s': %s",
                                   Path.str().c_str(), EC.message().c_str());
  }
  return llvm::Error::success();
}

struct Source {
  std::string Path; ///< As named on the command line.
  std::string RealPath;
  std::string Contents;
  std::string Output; ///< Empty with --no-output; "-" for standard output.
  std::vector<std::string> ProjectFlags;
};

struct HeaderOutput {
  std::string Path;
  bool Renamed = false; ///< Written as <header>.hip beside the header.
  bool Written = false;
};

class HipifyRun {
public:
  explicit HipifyRun(HipifyOptions Opts)
      : Options(std::move(Opts)), Policy(Options.Names), Engine(Policy) {}

  int run();

private:
  bool checkOptions();
  bool prepareSources();
  bool checkOutputLocation(const Source &S);
  void translate(Source &S, SourceTranslation &Result);
  bool emit(const Source &S, SourceTranslation &Result);
  bool writeFile(llvm::StringRef Path, llvm::StringRef Contents,
                 llvm::StringRef Original, bool IsInPlace);
  void printStatistics();
  std::vector<std::string> parseCommand(const Source &S);
  void precompileCudaHeaders();
  void removeTemporaries();

  HipifyOptions Options;
  Toolchain TC;
  NamePolicy Policy;
  TokenEngine Engine;
  std::vector<Source> Sources;
  llvm::StringMap<HeaderOutput> Headers; ///< By real path, first claim wins.
  std::vector<TranslationStatistics> FileStats;
  bool Failed = false;
  /// Precompiled CUDA headers by parse command (without the source); an
  /// empty path when precompiling failed and sources parse the headers.
  std::map<std::vector<std::string>, std::string> PrecompiledHeaders;
  std::vector<std::string> Temporaries;
};

/// The command without the source, which all sources of a project share.
std::vector<std::string> commandKey(const std::vector<std::string> &Command) {
  return std::vector<std::string>(Command.begin(), Command.end() - 1);
}

std::vector<std::string> HipifyRun::parseCommand(const Source &S) {
  std::vector<std::string> Command =
      buildParseCommand(Options, TC, S.ProjectFlags, S.Path);
  auto It = PrecompiledHeaders.find(commandKey(Command));
  if (It != PrecompiledHeaders.end() && !It->second.empty())
    Command.insert(Command.end() - 1,
                   {"-Xclang", "-include-pch", "-Xclang", It->second});
  return Command;
}

// Parsing the CUDA headers (clang's CUDA wrapper includes cuda_runtime.h and
// much more) is most of the time spent on a typical source. Each distinct parse
// command gets one precompiled header of an empty CUDA file, built once per
// run and loaded by every source parsed with that command; the headers' include
// guards, defined in it, keep the sources from parsing them again.
void HipifyRun::precompileCudaHeaders() {
  if (!TC.HasCuda)
    return;
  llvm::SmallString<256> TempDir(Options.TempDir);
  if (TempDir.empty())
    llvm::sys::path::system_temp_directory(/*ErasedOnReboot=*/true, TempDir);
  else
    llvm::sys::fs::create_directories(TempDir);
  // Precompiling costs about one parse, so it pays only when at least two
  // sources share a command.
  std::map<std::vector<std::string>, unsigned> Uses;
  for (const Source &S : Sources)
    ++Uses[commandKey(buildParseCommand(Options, TC, S.ProjectFlags, S.Path))];
  for (const Source &S : Sources) {
    std::vector<std::string> Command =
        buildParseCommand(Options, TC, S.ProjectFlags, S.Path);
    std::vector<std::string> Key = commandKey(Command);
    if (PrecompiledHeaders.count(Key) || Uses[Key] < 2)
      continue;
    std::string &PCH = PrecompiledHeaders[Key];
    llvm::SmallString<256> Prelude, Output;
    int FD;
    if (llvm::sys::fs::createUniqueFile(TempDir + "/hipify-cuda-%%%%%%.cu", FD,
                                        Prelude))
      continue;
    llvm::sys::Process::SafelyCloseFileDescriptor(FD);
    Temporaries.push_back(std::string(Prelude));
    Output = Prelude;
    llvm::sys::path::replace_extension(Output, "pch");
    Temporaries.push_back(std::string(Output));
    std::vector<std::string> Generate = Key;
    std::replace(Generate.begin(), Generate.end(), std::string("-fsyntax-only"),
                 std::string("-c"));
    llvm::append_range(Generate,
                       std::vector<std::string>{"-o", std::string(Output),
                                                std::string(Prelude)});
    llvm::IntrusiveRefCntPtr<clang::FileManager> Files(new clang::FileManager(
        clang::FileSystemOptions(), llvm::vfs::createPhysicalFileSystem()));
    clang::tooling::ToolInvocation Invocation(
        Generate, std::make_unique<clang::GeneratePCHAction>(), Files.get());
    clang::IgnoringDiagConsumer Quiet;
    Invocation.setDiagnosticConsumer(&Quiet);
    if (Invocation.run() && llvm::sys::fs::exists(Output)) {
      PCH = std::string(Output);
      if (Options.Verbose)
        reportNote("precompiled the CUDA headers into '" + PCH + "'");
    } else if (Options.Verbose) {
      reportNote(
          "could not precompile the CUDA headers; each source parses them");
    }
  }
}

void HipifyRun::removeTemporaries() {
  if (Options.SaveTemps) {
    for (const std::string &Path : Temporaries)
      reportNote("kept temporary file '" + Path + "'");
    return;
  }
  for (const std::string &Path : Temporaries)
    llvm::sys::fs::remove(Path);
}

bool HipifyRun::checkOptions() {
  if (Options.Sources.empty()) {
    reportError("no input files; usage: hipify-clang [options] <source>... [-- "
                "<clang args>]");
    return false;
  }
  int OutputModes = !Options.OutputFile.empty() + !Options.OutputDir.empty() +
                    Options.InPlace;
  if (OutputModes > 1) {
    reportError("-o, --o-dir and --inplace choose where output goes; use only "
                "one of them");
    return false;
  }
  if (!Options.OutputFile.empty() && Options.Sources.size() > 1) {
    reportError("-o names one output but " +
                llvm::Twine(Options.Sources.size()) +
                " sources were given; use --o-dir for several sources");
    return false;
  }
  return true;
}

bool HipifyRun::checkOutputLocation(const Source &S) {
  if (S.Output.empty() || S.Output == "-")
    return true;
  if (realPathOf(S.Output) == S.RealPath && !Options.InPlace) {
    reportError(
        "the output '" + S.Output + "' is the input '" + S.Path +
        "' itself; use --inplace to replace a source with its translation");
    return false;
  }
  llvm::SmallString<256> Dir(llvm::sys::path::parent_path(S.Output));
  if (Dir.empty())
    Dir = ".";
  if (!llvm::sys::fs::is_directory(Dir)) {
    reportError("cannot write '" + S.Output + "': directory '" + Dir +
                "' does not exist; create it or choose another output with -o "
                "or --o-dir");
    return false;
  }
  if (llvm::sys::fs::access(Dir, llvm::sys::fs::AccessMode::Write)) {
    reportError("cannot write '" + S.Output + "': directory '" + Dir +
                "' is not writable; choose another output with -o or --o-dir");
    return false;
  }
  if (llvm::sys::fs::exists(S.Output) &&
      llvm::sys::fs::access(S.Output, llvm::sys::fs::AccessMode::Write) &&
      !Options.InPlace) {
    // The rename would replace it, but a read-only file signals intent.
    reportError("cannot write '" + S.Output +
                "': the file is read-only; remove it or "
                "choose another output with -o or --o-dir");
    return false;
  }
  return true;
}

bool HipifyRun::prepareSources() {
  std::unique_ptr<clang::tooling::CompilationDatabase> Database;
  if (!Options.BuildPath.empty()) {
    std::string Error;
    llvm::SmallString<256> File(Options.BuildPath);
    llvm::sys::path::append(File, "compile_commands.json");
    if (!llvm::sys::fs::exists(File))
      Error = "there is no compile_commands.json in it";
    else
      Database = clang::tooling::JSONCompilationDatabase::loadFromFile(
          File, Error, clang::tooling::JSONCommandLineSyntax::AutoDetect);
    if (!Database) {
      reportError(
          "cannot use the compilation database in '" + Options.BuildPath +
          "': " + Error +
          "; regenerate it (cmake -DCMAKE_EXPORT_COMPILE_COMMANDS=ON) or "
          "drop -p");
      return false;
    }
  }
  if (!Options.OutputDir.empty() &&
      !llvm::sys::fs::is_directory(Options.OutputDir))
    if (std::error_code EC =
            llvm::sys::fs::create_directories(Options.OutputDir)) {
      reportError("cannot create the output directory '" + Options.OutputDir +
                  "': " + EC.message());
      return false;
    }
  bool Ok = true;
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
    if (!Options.NoOutput) {
      if (!Options.OutputFile.empty()) {
        S.Output = Options.OutputFile;
      } else if (Options.InPlace) {
        S.Output = Path;
      } else if (!Options.OutputDir.empty()) {
        llvm::SmallString<256> Out(Options.OutputDir);
        llvm::sys::path::append(Out, llvm::sys::path::filename(Path) + ".hip");
        S.Output = std::string(Out);
      } else {
        S.Output = Path + ".hip";
      }
    }
    if (!checkOutputLocation(S)) {
      Ok = false;
      continue;
    }
    if (Database) {
      std::vector<clang::tooling::CompileCommand> Commands =
          Database->getCompileCommands(S.RealPath);
      if (Commands.empty())
        reportWarning(
            "'" + Path + "' has no entry in " + Options.BuildPath +
            "/compile_commands.json; parsing it without the project's flags");
      else
        S.ProjectFlags = filterProjectFlags(Commands.front().CommandLine,
                                            Commands.front().Directory);
    }
    Sources.push_back(std::move(S));
  }
  return Ok;
}

void HipifyRun::translate(Source &S, SourceTranslation &Result) {
  auto Start = std::chrono::steady_clock::now();
  Result.SourcePath = S.Path;
  Result.Files.push_back(std::make_unique<FileTranslation>(
      S.Path, S.RealPath, S.Contents, /*IsMainFile=*/true));
  Result.Scopes.emplace_back();
  if (TC.HasCuda) {
    ASTEngineOptions AO;
    AO.Policy = &Policy;
    AO.TranslateUserHeaders = Options.TranslateUserHeaders;
    AO.HipKernelExecutionSyntax = Options.HipKernelExecutionSyntax;
    AO.SkipExcludedBlocks = Options.SkipExcludedBlocks;
    AO.SystemDirs = {TC.CudaPath, TC.ResourceDir, TC.StandInDir};
    runASTEngine(parseCommand(S), AO, Result);
  }
  bool Clean = TC.HasCuda && Result.Parsed && Result.CompileErrors == 0;
  for (size_t I = 0; I < Result.Files.size(); ++I) {
    LexicalScope &Scope = Result.Scopes[I];
    Scope.WholeFile = !Clean || Options.Amap;
    Scope.IncludeOrigin = Clean ? EditOrigin::AST : EditOrigin::Lexical;
    Engine.translate(*Result.Files[I], Scope);
  }
  double Seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - Start)
          .count();
  Result.Files[0]->statistics().Seconds = Seconds;
}

bool HipifyRun::writeFile(llvm::StringRef Path, llvm::StringRef Contents,
                          llvm::StringRef Original, bool IsInPlace) {
  if (Path == "-") {
    llvm::outs() << Contents;
    llvm::outs().flush();
    return true;
  }
  std::optional<llvm::sys::fs::perms> Permissions;
  if (IsInPlace) {
    if (Contents == Original)
      return true; // Nothing to replace: the file and its time stamp stay.
    if (llvm::ErrorOr<llvm::sys::fs::perms> P =
            llvm::sys::fs::getPermissions(Path))
      Permissions = *P;
    if (!Options.NoBackup)
      if (llvm::Error E = writeAtomically((Path + ".prehip").str(), Original,
                                          Permissions)) {
        reportError(llvm::toString(std::move(E)) +
                    "; the source was left unchanged");
        return false;
      }
  }
  if (llvm::Error E = writeAtomically(Path, Contents, Permissions)) {
    reportError(llvm::toString(std::move(E)));
    return false;
  }
  if (Options.Verbose)
    reportNote("wrote '" + Path + "'");
  return true;
}

bool HipifyRun::emit(const Source &S, SourceTranslation &Result) {
  llvm::errs() << Result.CompilerMessages;
  FileTranslation &Main = *Result.Files[0];
  if (!TC.HasCuda) {
    // Said once for the run, in run().
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

  // Decide where this source's user headers go; the first source to include
  // a header translates it.
  std::string MainOutput = S.Output;
  bool WriteHeaders = !MainOutput.empty() && MainOutput != "-";
  llvm::SmallString<256> SourceDir(llvm::sys::path::parent_path(S.RealPath));
  llvm::SmallString<256> OutputDir(llvm::sys::path::parent_path(
      WriteHeaders ? realPathOf(MainOutput) : S.RealPath));
  std::vector<bool> Claimed(Result.Files.size(), false);
  for (size_t I = 1; I < Result.Files.size(); ++I) {
    FileTranslation &FT = *Result.Files[I];
    if (Headers.count(FT.realPath()))
      continue;
    Claimed[I] = true;
    HeaderOutput &H = Headers[FT.realPath()];
    if (Options.InPlace) {
      H.Path = FT.realPath().str();
      continue;
    }
    llvm::StringRef Relative = FT.realPath();
    Relative.consume_front(SourceDir);
    Relative = Relative.ltrim("/");
    llvm::SmallString<256> Out(OutputDir);
    llvm::sys::path::append(Out, Relative);
    H.Path = std::string(Out);
    if (H.Path == FT.realPath()) {
      H.Path += ".hip";
      H.Renamed = true;
    }
  }
  // A renamed header is written only if its translation differs; includes of
  // it then name the .hip file. Renaming changes the including header, which
  // may in turn need writing, hence the fixed point.
  auto needsWrite = [&](size_t I) {
    return Result.Files[I]->changesAnything();
  };
  llvm::StringSet<> Redirected;
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (const UserHeaderInclude &Inc : Result.HeaderIncludes) {
      auto It = Headers.find(Inc.HeaderRealPath);
      if (It == Headers.end() || !It->second.Renamed)
        continue;
      // Is the header's translation (in whichever source claimed it) changed?
      bool HeaderChanged = false;
      for (size_t I = 1; I < Result.Files.size(); ++I)
        if (Result.Files[I]->realPath() == Inc.HeaderRealPath)
          HeaderChanged = needsWrite(I) || It->second.Written;
      std::string Key =
          llvm::formatv("{0}:{1}", Inc.IncludingFile, Inc.NameBegin).str();
      if (!HeaderChanged || Redirected.count(Key))
        continue;
      Redirected.insert(Key);
      Result.Files[Inc.IncludingFile]->addEdit(
          Inc.NameBegin, Inc.NameEnd - Inc.NameBegin,
          "\"" + Inc.Spelled + ".hip\"", EditOrigin::AST);
      Changed = true;
    }
  }

  bool Ok = true;
  for (size_t I = 0; I < Result.Files.size(); ++I) {
    if (I && !Claimed[I])
      continue;
    FileTranslation &FT = *Result.Files[I];
    llvm::errs() << FT.formatWarnings();
    FT.finishStatistics();
    TranslationStatistics Stats = FT.statistics();
    Stats.ChangedFiles = FT.changesAnything();
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
      Ok &= writeFile(MainOutput, *Translated, FT.contents(), Options.InPlace);
      continue;
    }
    HeaderOutput &H = Headers[FT.realPath()];
    if (!WriteHeaders || (H.Renamed && !FT.changesAnything()))
      continue;
    // A header from a subfolder of the source's folder goes to the same
    // subfolder of the output's.
    if (std::error_code EC = llvm::sys::fs::create_directories(
            llvm::sys::path::parent_path(H.Path))) {
      reportError("cannot create the folder for '" + H.Path +
                  "': " + EC.message());
      Ok = false;
      continue;
    }
    Ok &= writeFile(H.Path, *Translated, FT.contents(), Options.InPlace);
    H.Written = true;
  }
  (void)Main;
  return Ok;
}

void HipifyRun::printStatistics() {
  if (!Options.PrintStats && !Options.PrintStatsCSV)
    return;
  TranslationStatistics Total;
  Total.Files = 0;
  for (const TranslationStatistics &S : FileStats)
    Total.add(S);
  if (Options.PrintStats) {
    llvm::raw_ostream &OS =
        Options.OutputFile == "-" ? llvm::errs() : llvm::outs();
    for (const TranslationStatistics &S : FileStats)
      hipify::printStatistics(OS, S, /*IsTotal=*/false);
    if (FileStats.size() > 1)
      hipify::printStatistics(OS, Total, /*IsTotal=*/true);
  }
  if (Options.PrintStatsCSV) {
    std::string Path = Options.StatsFile;
    if (Path.empty()) {
      llvm::SmallString<256> P(Options.OutputDir.empty() ? "."
                                                         : Options.OutputDir);
      llvm::sys::path::append(P, "hipify_stats.csv");
      Path = std::string(P);
    }
    std::string CSV;
    llvm::raw_string_ostream OS(CSV);
    for (const TranslationStatistics &S : FileStats)
      printStatisticsCSV(OS, S, /*IsTotal=*/false);
    printStatisticsCSV(OS, Total, /*IsTotal=*/true);
    OS.flush();
    if (llvm::Error E = writeAtomically(Path, llvm::StringRef(CSV).ltrim("\n"),
                                        std::nullopt)) {
      reportError(llvm::toString(std::move(E)));
      Failed = true;
    }
  }
}

int HipifyRun::run() {
  if (!checkOptions() || !prepareSources())
    return 1;
  TC = discoverToolchain(Options);
  Policy = NamePolicy([&] {
    NameOptions Names = Options.Names;
    Names.TargetHipVersionText = TC.HipVersion;
    Names.TargetHipVersion = NamePolicy::parseVersion(TC.HipVersion);
    return Names;
  }());
  if (!TC.HasCuda)
    reportWarning(
        "no CUDA installation at '" + TC.CudaPath +
        "' (no include/cuda_runtime.h); translating without parsing, by "
        "tokens only (set --cuda-path or CUDA_PATH to parse)");
  precompileCudaHeaders();
  if (Options.Verbose) {
    reportNote("CUDA: " + TC.CudaPath + (TC.HasCuda ? "" : " (not found)") +
               "; targeted HIP version: " +
               (TC.HipVersion.empty() ? "unknown" : TC.HipVersion) +
               (TC.RocmPath.empty() ? "" : " (" + TC.RocmPath + ")"));
    for (const Source &S : Sources) {
      std::string Line;
      for (const std::string &Arg : parseCommand(S))
        Line += (Line.empty() ? "" : " ") + Arg;
      reportNote("parse: " + Line);
    }
  }

  std::vector<SourceTranslation> Results(Sources.size());
  {
    unsigned Threads =
        Options.Jobs ? Options.Jobs
                     : llvm::hardware_concurrency().compute_thread_count();
    Threads = std::max(1u, std::min<unsigned>(Threads, Sources.size()));
    if (Threads == 1) {
      for (size_t I = 0; I < Sources.size(); ++I)
        translate(Sources[I], Results[I]);
    } else {
      llvm::DefaultThreadPool Pool(llvm::hardware_concurrency(Threads));
      for (size_t I = 0; I < Sources.size(); ++I)
        Pool.async([this, I, &Results] { translate(Sources[I], Results[I]); });
      Pool.wait();
    }
  }
  for (size_t I = 0; I < Sources.size(); ++I)
    if (!emit(Sources[I], Results[I]))
      Failed = true;
  removeTemporaries();
  printStatistics();
  return Failed ? 1 : 0;
}

} // namespace

int hipkit::hipify::runHipify(HipifyOptions Options) {
  if (Options.Names.TargetHipVersion == 0 &&
      !Options.Names.TargetHipVersionText.empty())
    Options.Names.TargetHipVersion =
        NamePolicy::parseVersion(Options.Names.TargetHipVersionText);
  return HipifyRun(std::move(Options)).run();
}
