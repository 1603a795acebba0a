//===- ParallelOffload.cpp - Offload architectures compiled at once -------===//
//
// The job list is clang's own: clang::driver::Driver::BuildCompilation on the
// very argument vector hipcc would hand to clang++, so every job, its
// arguments, the -cuid, the target IDs of the bundle and the temporary file
// names are what clang++ itself would run. What changes is only when the
// jobs run:
//  - jobs whose inputs are ready run at once, each in a job slot (JobSlots:
//    -j, HIPCC_JOBS, GNU make's jobserver);
//  - the host job reads the bundle (-fcuda-include-gpubinary) from a named
//    pipe instead of the bundler's file. clang opens that file only when it
//    generates the module constructor, after the whole source is parsed and
//    turned into IR, so the host front end runs beside the device jobs; while
//    it waits for the pipe it gives its slot back;
//  - diagnostics of each job are kept in a file and printed in clang's job
//    order, once, and a job clang would not have run after a failure
//    (Compilation::ExecuteJobs: none after a failed HIP device job, none whose
//    input failed) is stopped and its output dropped;
//  - final outputs are written into hipcc's private folder and put in place
//    by common's installOutputFile once clang's order says the job counts, so
//    -o never holds half a result or the result of a compile that failed, and
//    -o /dev/null, /dev/stdout, a named pipe or a symbolic link is written
//    through as clang would, never renamed over;
//  - every temporary file (clang's too: TMPDIR points there while hipcc
//    runs) lives in one folder (common's RunFolder) that a later run cleans
//    when this one was killed, and every job gets SIGTERM when hipcc dies
//    (ChildProcess);
//  - with a launcher (HIPCC_LAUNCHER: distcc, ccache, ...), each device
//    compile's -cc1 and lld jobs become one self-contained driver-level
//    compile of a source preprocessed here (JobLauncher.h), handed to the
//    launcher; the lld job is then empty. The bundler, the host compile and
//    the link stay local.
//
//===----------------------------------------------------------------------===//
#include "hipkit/Hipcc/ParallelOffload.h"

#include "ChildProcess.h"
#include "ClangDriver.h"
#include "hipkit/Hipcc/DeviceLibraries.h"
#include "hipkit/Hipcc/JobLauncher.h"
#include "hipkit/Hipcc/JobSlots.h"
#include "hipkit/Support/Diagnostics.h"
#include "hipkit/Support/OutputFile.h"
#include "hipkit/Support/RunFolder.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/DiagnosticIDs.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Driver/Action.h"
#include "clang/Driver/Compilation.h"
#include "clang/Driver/Driver.h"
#include "clang/Driver/Job.h"
#include "clang/Driver/Options.h"
#include "clang/Driver/Tool.h"
#include "clang/Driver/ToolChain.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Option/ArgList.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Host.h"

#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace llvm;
using namespace clang::driver;
namespace copt = clang::driver::options;

namespace hipkit {
namespace {

//===----------------------------------------------------------------------===//
// Cleanup on SIGINT, SIGTERM and SIGHUP
//===----------------------------------------------------------------------===//

/// What the signal handler must undo. Fixed arrays of plain C strings and pids
/// so the handler touches nothing that allocates or locks.
struct SignalCleanup {
  static constexpr unsigned MaxChildren = 128, MaxPaths = 512;
  volatile pid_t Children[MaxChildren] = {};
  const char *volatile Files[MaxPaths] = {};
  volatile sig_atomic_t NumFiles = 0;
  JobSlots *volatile Slots = nullptr;
  /// Set while a job is being started: a child that exists but is not yet in
  /// Children would outlive hipcc and leave its files. The handler then only
  /// notes the signal, and the cleanup runs once the child is noted.
  volatile sig_atomic_t Starting = 0;
  volatile sig_atomic_t PendingSignal = 0;
};
SignalCleanup Cleanup;
/// SIGPIPE too: `hipcc ... 2>&1 | head` ends hipcc when it next prints, and it
/// must clean up as for ^C (unless SIGPIPE is ignored: then the write fails
/// with EPIPE and the run ends normally, cleaning up on its way out).
constexpr int CleanupSignals[] = {SIGINT, SIGTERM, SIGHUP, SIGPIPE};
struct sigaction PreviousActions[std::size(CleanupSignals)];

extern "C" void onInterrupt(int Signal) {
  if (Cleanup.Starting) {
    Cleanup.PendingSignal = Signal;
    return;
  }
  // Children first: they remove their own partial outputs when they die, and
  // none may rename a result into place after the files below are gone.
  // A signal sent to the process group (a terminal's ^C, timeout) has reached
  // them too. A second SIGTERM that lands while LLVM's handler in the child
  // has already restored the default action but not yet removed its
  // temporary file kills it with the file left, so they get a moment to die
  // of the first one before hipcc sends its own.
  for (int Tick = 0; Tick < 40; ++Tick) {
    bool Running = false;
    for (volatile pid_t &Pid : Cleanup.Children)
      if (Pid > 0) {
        if (waitpid(Pid, nullptr, WNOHANG) == Pid)
          Pid = 0;
        else
          Running = true;
      }
    if (!Running)
      break;
    struct timespec FiveMs = {0, 5000000};
    nanosleep(&FiveMs, nullptr);
  }
  for (volatile pid_t &Pid : Cleanup.Children)
    if (Pid > 0)
      kill(Pid, SIGTERM);
  for (volatile pid_t &Pid : Cleanup.Children)
    if (Pid > 0) {
      waitpid(Pid, nullptr, 0);
      Pid = 0;
    }
  for (sig_atomic_t I = 0; I < Cleanup.NumFiles; ++I)
    if (Cleanup.Files[I])
      unlink(Cleanup.Files[I]);
  // The run's folder, its owner file last (written again when something
  // unknown keeps the folder, so a later run cleans it).
  RunFolder::removeAllFromSignalHandler();
  if (Cleanup.Slots)
    Cleanup.Slots->returnAllTokensFromSignalHandler();
  // Die of the same signal, as clang would.
  signal(Signal, SIG_DFL);
  raise(Signal);
}

class SignalGuard {
public:
  SignalGuard() {
    struct sigaction Action = {};
    Action.sa_handler = onInterrupt;
    sigemptyset(&Action.sa_mask);
    for (int S : CleanupSignals)
      sigaddset(&Action.sa_mask, S);
    for (size_t I = 0; I < std::size(CleanupSignals); ++I) {
      sigaction(CleanupSignals[I], nullptr, &PreviousActions[I]);
      if (CleanupSignals[I] != SIGPIPE ||
          PreviousActions[I].sa_handler != SIG_IGN)
        sigaction(CleanupSignals[I], &Action, nullptr);
    }
  }
  ~SignalGuard() {
    for (size_t I = 0; I < std::size(CleanupSignals); ++I)
      sigaction(CleanupSignals[I], &PreviousActions[I], nullptr);
    Cleanup.Slots = nullptr;
    Cleanup.NumFiles = 0;
  }
};

void removeOnSignal(const char *Path) {
  if (Cleanup.NumFiles < (sig_atomic_t)SignalCleanup::MaxPaths) {
    Cleanup.Files[Cleanup.NumFiles] = Path;
    Cleanup.NumFiles = Cleanup.NumFiles + 1;
  }
}

/// Brackets starting a job (see SignalCleanup::Starting).
void beginStartingJob() { Cleanup.Starting = 1; }
void endStartingJob() {
  Cleanup.Starting = 0;
  if (sig_atomic_t Signal = Cleanup.PendingSignal)
    onInterrupt(Signal);
}

void noteChild(pid_t Pid, bool Running) {
  for (volatile pid_t &Slot : Cleanup.Children)
    if (Running ? Slot == 0 : Slot == Pid) {
      Slot = Running ? Pid : 0;
      return;
    }
}

//===----------------------------------------------------------------------===//
// The plan: clang's jobs, with hipcc's changes
//===----------------------------------------------------------------------===//

/// Driver diagnostics (warnings about unused arguments, errors) are clang's
/// to print; a command that draws any is left to clang++.
class CountingConsumer : public clang::DiagnosticConsumer {
public:
  void HandleDiagnostic(clang::DiagnosticsEngine::Level Level,
                        const clang::Diagnostic &Info) override {
    ++Count;
  }
  unsigned Count = 0;
};

struct Job {
  const Command *Cmd = nullptr;
  std::vector<std::string> Argv; // Argv[0] is the program
  std::vector<size_t> Needs;     // jobs whose outputs this one reads
  /// The job whose output reaches this one through the named pipe FifoPath.
  std::optional<size_t> StreamedFrom;
  std::string FifoPath;
  std::string BundlePath; // the file the producer writes
  int FifoFd = -1;
  bool FifoDone = false;
  std::unique_ptr<MemoryBuffer> FifoData;
  size_t FifoWritten = 0;
  /// Final outputs: (temporary the job writes, path it becomes).
  std::vector<std::pair<std::string, std::string>> Results;
  std::string StderrPath;
  enum { Waiting, Running, Finished, Dropped } State = Waiting;
  /// Through a launcher: the local preprocessing run before Argv, its
  /// diagnostics and output; InPreprocess while it runs.
  std::vector<std::string> PreprocessArgv;
  std::string PreprocessStderrPath, PreprocessedPath;
  bool InPreprocess = false;
  /// A job whose output another one (the launched device compile) writes.
  bool Absorbed = false;
  /// A launched device compile: clang's own job, run here when the launcher
  /// fails, and the link job it absorbed; the message saying so.
  std::vector<std::string> LocalArgv;
  std::optional<size_t> AbsorbedLink;
  std::string FallbackNote;
  sys::ProcessInfo Process;
  int Status = 0;
  bool HoldsSlot = false;
};

/// clang's Compilation.cpp, ActionFailed: whether clang skips the job of
/// action \p A after \p Failing. It aborts the whole HIP pipeline after any
/// failure (the same source would only fail again), and skips every job
/// built on a failed one.
bool actionFailed(const Action *A,
                  ArrayRef<std::pair<int, const Command *>> Failing) {
  if (Failing.empty())
    return false;
  if (A->isOffloading(Action::OFK_Cuda) || A->isOffloading(Action::OFK_HIP))
    return true;
  for (const auto &F : Failing)
    if (A == &F.second->getSource())
      return true;
  return any_of(A->getInputs(),
                [&](const Action *In) { return actionFailed(In, Failing); });
}

/// Command lines hipcc leaves to clang++: they print instead of compiling,
/// share one output stream, keep every file (-save-temps), or read stdin.
bool leftToClang(const llvm::opt::ArgList &Args) {
  for (llvm::opt::OptSpecifier ID :
       {copt::OPT__HASH_HASH_HASH, copt::OPT_v, copt::OPT_ccc_print_phases,
        copt::OPT_ccc_print_bindings, copt::OPT_save_temps,
        copt::OPT_save_temps_EQ, copt::OPT_E, copt::OPT_M, copt::OPT_MM,
        copt::OPT_fdriver_only, copt::OPT_help, copt::OPT__version,
        copt::OPT_print_search_dirs, copt::OPT_fsyntax_only})
    if (Args.hasArg(ID))
      return true;
  if (Args.getLastArgValue(copt::OPT_o) == "-")
    return true;
  unsigned Inputs = 0;
  for (const llvm::opt::Arg *A : Args.filtered(copt::OPT_INPUT)) {
    if (StringRef(A->getValue()) == "-")
      return true;
    ++Inputs;
  }
  return Inputs != 1;
}

/// Whether a job with arguments \p Argv names \p Path as its output (-o X
/// for clang and lld, -output=X for clang-offload-bundler).
bool writesTo(ArrayRef<std::string> Argv, StringRef Path) {
  for (size_t A = 0; A < Argv.size(); ++A)
    if ((Argv[A] == "-o" && A + 1 < Argv.size() && Argv[A + 1] == Path) ||
        Argv[A] == ("-output=" + Path).str())
      return true;
  return false;
}

class ParallelRun {
public:
  ParallelRun(const ClangInvocation &Invocation,
              const ParallelOffloadSettings &Settings)
      : Invocation(Invocation), Settings(Settings) {
    if (const char *TmpDir = getenv("TMPDIR"))
      SavedTmpDir = TmpDir;
  }
  ~ParallelRun();

  /// Builds clang's compilation; false when the command is left to clang++.
  bool plan();
  int execute();

private:
  bool redirectFinalOutputs(Job &J);
  bool streamBundle(Job &Host, size_t BundleJob, StringRef BundlePath);
  void launchDeviceCompiles();
  bool start(size_t I);
  void spawn(Job &J, ArrayRef<std::string> Argv, const std::string &StderrPath);
  void stop(Job &J);
  void reap();
  void compileHere(Job &J, int Status);
  void feedPipes();
  void replay();
  int finish();
  bool ready(size_t I) const;
  bool doomed(size_t I) const {
    return actionFailed(&Jobs[I].Cmd->getSource(), Failing);
  }

  /// First, so it is removed last, after clang's files in it.
  std::optional<RunFolder> Folder;
  const ClangInvocation &Invocation;
  const ParallelOffloadSettings &Settings;
  std::string ProgramName; // "clang++", as clang names itself in messages
  std::unique_ptr<clang::DiagnosticsEngine> Diags;
  CountingConsumer Consumer;
  std::unique_ptr<Driver> TheDriver;
  std::unique_ptr<Compilation> C;
  std::vector<const char *> DriverArgv;
  std::vector<Job> Jobs;
  std::optional<std::string> SavedTmpDir; // TMPDIR before the run, if set
  unsigned NumResults = 0;
  std::unique_ptr<JobSlots> Slots;
  std::vector<std::pair<int, const Command *>> Failing;
  size_t Cursor = 0; // jobs before it are settled, in clang's order
  /// Paths the signal handler removes; kept alive (and stable) here.
  std::vector<std::unique_ptr<std::string>> OwnedPaths;
};

ParallelRun::~ParallelRun() {
  // The handler must not reach for what is freed below.
  Cleanup.NumFiles = 0;
  Cleanup.Slots = nullptr;
  for (Job &J : Jobs)
    if (J.State == Job::Running)
      stop(J);
  if (SavedTmpDir)
    setenv("TMPDIR", SavedTmpDir->c_str(), 1);
  else
    unsetenv("TMPDIR");
  for (Job &J : Jobs) {
    if (!J.StderrPath.empty())
      sys::fs::remove(J.StderrPath);
    if (!J.PreprocessStderrPath.empty())
      sys::fs::remove(J.PreprocessStderrPath);
    if (!J.PreprocessedPath.empty())
      sys::fs::remove(J.PreprocessedPath);
    for (auto &[Temporary, Final] : J.Results)
      sys::fs::remove(Temporary);
    if (!J.FifoPath.empty())
      ::unlink(J.FifoPath.c_str()); // sys::fs::remove keeps named pipes
    if (J.FifoFd >= 0)
      close(J.FifoFd);
  }
  // ~Compilation removes clang's temporary files, ~RunFolder the folder.
}

bool ParallelRun::plan() {
  // The driver as clang++'s main sets it up: the real path of the binary
  // (clang canonicalizes it), the mode its name gives (clang++: g++), the
  // mode argument inserted after argv[0] (it is hashed into the -cuid).
  std::optional<ClangDriverSetup> Clang =
      setUpClangDriver(Invocation.ClangPath, Invocation.Args, Consumer);
  if (!Clang)
    return false;
  ProgramName = sys::path::stem(Invocation.ClangPath).str();
  Diags = std::move(Clang->Diags);
  TheDriver = std::move(Clang->Driver);
  DriverArgv = std::move(Clang->Argv);
  const clang::driver::ParsedClangName &NameParts = Clang->NameParts;
  if (!NameParts.TargetPrefix.empty())
    return false; // a cross-compiler name (x86_64-linux-gnu-clang++): clang's
  // One folder for every temporary file of the run. clang's driver names its
  // temporary files after TMPDIR (BuildCompilation creates them), and the jobs
  // inherit it.
  // (RunFolder::create first removes the folders of killed runs.)
  Expected<RunFolder> Made =
      RunFolder::create("hipcc-", SavedTmpDir.value_or(""));
  if (!Made) {
    consumeError(Made.takeError()); // clang++ reports an unusable TMPDIR
    return false;
  }
  Folder.emplace(std::move(*Made));
  setenv("TMPDIR", Folder->path().c_str(), 1);
  C.reset(TheDriver->BuildCompilation(DriverArgv));
  if (!C || Consumer.Count || Diags->hasErrorOccurred() ||
      C->containsError() || leftToClang(C->getArgs()))
    return false;

  // Worth it only with two or more device compilations to overlap.
  unsigned DeviceCompiles = 0;
  for (const Command &Cmd : C->getJobs()) {
    if (!sys::commandLineFitsWithinSystemLimits(Cmd.getExecutable(),
                                                Cmd.getArguments()))
      return false; // clang would write a response file
    if (is_contained(Cmd.getArguments(), StringRef("-fcuda-is-device")))
      ++DeviceCompiles;
  }
  // A launcher takes even a single device compile elsewhere.
  if (DeviceCompiles < (Settings.Launcher ? 1u : 2u))
    return false;

  // A job needs every earlier job whose action its own action is built on.
  DenseMap<const Action *, size_t> JobOfAction;
  for (const Command &Cmd : C->getJobs()) {
    Job J;
    J.Cmd = &Cmd;
    J.Argv.push_back(Cmd.getExecutable());
    for (const char *A : Cmd.getArguments())
      J.Argv.push_back(A);
    SmallVector<const Action *, 16> Work(Cmd.getSource().getInputs().begin(),
                                         Cmd.getSource().getInputs().end());
    SmallPtrSet<const Action *, 16> Seen;
    while (!Work.empty()) {
      const Action *A = Work.pop_back_val();
      if (!Seen.insert(A).second)
        continue;
      if (auto It = JobOfAction.find(A); It != JobOfAction.end())
        J.Needs.push_back(It->second);
      append_range(Work, A->getInputs());
    }
    JobOfAction[&Cmd.getSource()] = Jobs.size();
    Jobs.push_back(std::move(J));
  }
  for (size_t I = 0; I < Jobs.size(); ++I) {
    Job &J = Jobs[I];
    auto Flag = find(J.Argv, "-fcuda-include-gpubinary");
    if (Flag != J.Argv.end() && std::next(Flag) != J.Argv.end()) {
      std::string Bundle = *std::next(Flag);
      auto Producer = find_if(J.Needs, [&](size_t N) {
        return writesTo(Jobs[N].Argv, Bundle);
      });
      if (Producer == J.Needs.end() || !streamBundle(J, *Producer, Bundle))
        return false;
    }
    if (!redirectFinalOutputs(J))
      return false;
    J.StderrPath = Folder->path() + "/job-" + std::to_string(I) + ".stderr";
  }
  if (Settings.Launcher)
    launchDeviceCompiles();
  for (Job &J : Jobs) {
    removeOnSignal(J.StderrPath.c_str());
    if (!J.PreprocessedPath.empty()) {
      removeOnSignal(J.PreprocessStderrPath.c_str());
      removeOnSignal(J.PreprocessedPath.c_str());
    }
    for (auto &Result : J.Results)
      removeOnSignal(Result.first.c_str());
    if (!J.FifoPath.empty())
      removeOnSignal(J.FifoPath.c_str());
  }
  for (const char *Temp : C->getTempFiles())
    removeOnSignal(Temp);
  return true;
}

/// A final output (not one of clang's temporary files) is written into the
/// run's folder and put in place when the job counts. Only the option naming
/// the output changes (-o X, -output=X), never another mention of the path
/// (-MT X names the make target).
bool ParallelRun::redirectFinalOutputs(Job &J) {
  // Final is taken by value: Temporary may be the very argument naming it.
  auto Beside = [&](std::string Final, std::string &Temporary) {
    // A folder, a dangling path, a loop of links: clang reports it its way.
    Expected<OutputTarget> Target = resolveOutput(Final);
    if (!Target) {
      consumeError(Target.takeError());
      return false;
    }
    if (Target->Type == OutputTarget::Kind::Directory)
      return false;
    if (Target->Type != OutputTarget::Kind::WriteThrough) {
      StringRef Dir = sys::path::parent_path(Target->ReplacedPath);
      if (!Dir.empty() && !sys::fs::is_directory(Dir))
        return false;
    }
    Temporary = Folder->path() + "/result-" + std::to_string(NumResults++);
    J.Results.emplace_back(Temporary, std::move(Final));
    return true;
  };
  // -MD: every job of a HIP compile writes the same dependency file, clang's
  // last (the host's) wins. Each writes its own, renamed in clang's order.
  for (size_t A = 0; A + 1 < J.Argv.size(); ++A)
    if (J.Argv[A] == "-dependency-file" &&
        !Beside(J.Argv[A + 1], J.Argv[A + 1]))
      return false;
  const auto *JA = dyn_cast<JobAction>(&J.Cmd->getSource());
  const char *Out = JA ? C->getResultFiles().lookup(JA) : nullptr;
  if (!Out)
    return true; // only clang's temporary files
  std::string Temporary;
  if (!Beside(Out, Temporary))
    return false;
  bool Replaced = false;
  for (size_t A = 0; A < J.Argv.size(); ++A) {
    if (J.Argv[A] == "-o" && A + 1 < J.Argv.size() && J.Argv[A + 1] == Out) {
      J.Argv[A + 1] = Temporary;
      Replaced = true;
    } else if (J.Argv[A] == "-output=" + std::string(Out)) {
      J.Argv[A] = "-output=" + Temporary;
      Replaced = true;
    }
  }
  return Replaced;
}

/// The host job reads the bundle from a named pipe hipcc fills once the
/// bundler is done, so it may start before the device jobs end.
bool ParallelRun::streamBundle(Job &Host, size_t BundleJob,
                               StringRef BundlePath) {
  std::string Fifo = Folder->path() + "/bundle-" +
                     std::to_string(&Host - Jobs.data()) + ".pipe";
  if (mkfifo(Fifo.c_str(), 0600) != 0)
    return false;
  Host.FifoPath = Fifo;
  Host.BundlePath = BundlePath.str();
  Host.StreamedFrom = BundleJob;
  for (std::string &A : Host.Argv)
    if (A == BundlePath)
      A = Fifo;
  // The bundle and everything it is made of now arrive through the pipe.
  erase_if(Host.Needs, [&](size_t N) {
    return N == BundleJob || is_contained(Jobs[BundleJob].Needs, N);
  });
  return true;
}

/// Whether a -cc1 job writes the name or the command line of its input into
/// the object: debug information (its compile unit is named after the main
/// file, which a compile of preprocessed text cannot name the same way, nor
/// checksum the same), coverage mapping, -frecord-command-line.
static bool namesItsInput(ArrayRef<std::string> Argv) {
  return any_of(Argv, [](StringRef A) {
    return A.starts_with("-debug-info-kind=") || A == "-fcoverage-mapping" ||
           A.starts_with("-fprofile-instrument") ||
           A == "-record-command-line";
  });
}

/// Each device compile clang runs as -cc1 (-emit-obj) then lld becomes one
/// launched compile writing lld's output (JobLauncher.h). A job of another
/// shape (-fgpu-rdc's bitcode, -S), or one whose object would name the
/// preprocessed file (namesItsInput), stays local.
void ParallelRun::launchDeviceCompiles() {
  for (size_t I = 0; I < Jobs.size(); ++I) {
    Job &J = Jobs[I];
    if (!is_contained(J.Argv, "-fcuda-is-device") ||
        !is_contained(J.Argv, "-emit-obj") || namesItsInput(J.Argv))
      continue;
    const char *Arch = J.Cmd->getSource().getOffloadingArch();
    // Its link: the one job that reads the object (the bundler, a link job
    // too, reads the link's output).
    auto ObjFlag = find(J.Argv, "-o");
    if (!Arch || ObjFlag == J.Argv.end() || std::next(ObjFlag) == J.Argv.end())
      continue;
    SmallVector<size_t, 1> Links;
    for (size_t L = I + 1; L < Jobs.size(); ++L)
      if (is_contained(Jobs[L].Argv, *std::next(ObjFlag)))
        Links.push_back(L);
    if (Links.size() != 1 ||
        !isa<LinkJobAction>(Jobs[Links[0]].Cmd->getSource()))
      continue;
    Job &Link = Jobs[Links[0]];
    auto OutFlag = find(Link.Argv, "-o");
    if (OutFlag == Link.Argv.end() || std::next(OutFlag) == Link.Argv.end())
      continue;
    DeviceCompileRequest Request;
    Request.ClangPath = Invocation.ClangPath;
    Request.DriverArgs = &C->getInputArgs();
    Request.Arch = Arch;
    for (size_t A = 0; A < J.Argv.size(); ++A) {
      StringRef Arg = J.Argv[A];
      if (Arg.consume_front("-cuid="))
        Request.Cuid = Arg.str();
      else if (Arg == "-mlink-builtin-bitcode" && A + 1 < J.Argv.size())
        Request.DeviceLibraries.push_back(J.Argv[++A]);
    }
    Request.PreprocessedPath =
        Folder->path() + "/device-" + std::to_string(I) + ".ii";
    Request.OutputPath = *std::next(OutFlag);
    DeviceCompile Device = makeDeviceCompile(Request);
    J.PreprocessArgv = std::move(Device.Preprocess);
    J.PreprocessedPath = Request.PreprocessedPath;
    J.PreprocessStderrPath =
        Folder->path() + "/job-" + std::to_string(I) + ".pre.stderr";
    J.LocalArgv = std::move(J.Argv);
    J.AbsorbedLink = Links[0];
    J.Argv = withDeviceLibrariesHashed(
        launch(*Settings.Launcher, Device.Compile), Request.DeviceLibraries);
    // Its -dependency-file, if any, is not written: the host job's, which
    // clang writes last over the device jobs' ones, is the one that counts.
    J.Results.clear();
    Link.Absorbed = true;
  }
}

bool ParallelRun::ready(size_t I) const {
  const Job &J = Jobs[I];
  return J.State == Job::Waiting && !doomed(I) &&
         all_of(J.Needs, [&](size_t N) {
           return Jobs[N].State == Job::Finished && Jobs[N].Status == 0;
         });
}

bool ParallelRun::start(size_t I) {
  Job &J = Jobs[I];
  if (J.Absorbed) { // its output is already there
    J.State = Job::Finished;
    J.Status = 0;
    if (J.HoldsSlot)
      Slots->release();
    J.HoldsSlot = false;
    return true;
  }
  if (!J.PreprocessArgv.empty()) {
    J.InPreprocess = true;
    spawn(J, J.PreprocessArgv, J.PreprocessStderrPath);
  } else {
    spawn(J, J.Argv, J.StderrPath);
  }
  return true;
}

/// Starts one process of \p J (a job has two through a launcher).
void ParallelRun::spawn(Job &J, ArrayRef<std::string> Argv,
                        const std::string &StderrPath) {
  if (Settings.PrintJobs) {
    errs() << "hipcc-job:";
    for (const std::string &A : Argv)
      errs() << " " << quoteForShell(A);
    errs() << "\n";
  }
  beginStartingJob();
  Expected<sys::ProcessInfo> Child =
      startTiedChild(Argv[0], Argv, StringRef(StderrPath));
  if (Child) {
    J.Process = *Child;
    noteChild(J.Process.Pid, true);
  }
  endStartingJob();
  if (!Child) {
    // As clang: the job fails with a message naming what could not run.
    std::error_code EC;
    raw_fd_ostream Err(StderrPath, EC);
    Err << ProgramName
        << ": error: unable to execute command: " << toString(Child.takeError())
        << "\n";
    J.State = Job::Finished;
    J.Status = 1;
    J.InPreprocess = false;
    if (J.HoldsSlot)
      Slots->release();
    J.HoldsSlot = false;
    return;
  }
  J.State = Job::Running;
}

void ParallelRun::stop(Job &J) {
  if (J.State == Job::Running) {
    kill(J.Process.Pid, SIGTERM);
    sys::Wait(J.Process, std::nullopt);
    noteChild(J.Process.Pid, false);
  }
  // Only now: a host still reading the pipe would take its end for an empty
  // bundle and finish.
  if (J.FifoFd >= 0) {
    close(J.FifoFd);
    J.FifoFd = -1;
  }
  if (J.HoldsSlot)
    Slots->release();
  J.HoldsSlot = false;
  J.State = Job::Dropped;
}

void ParallelRun::reap() {
  for (Job &J : Jobs) {
    if (J.State != Job::Running)
      continue;
    std::string ErrMsg;
    sys::ProcessInfo Done = sys::Wait(J.Process, /*SecondsToWait=*/0, &ErrMsg);
    if (Done.Pid == 0)
      continue;
    noteChild(J.Process.Pid, false);
    if (J.InPreprocess) {
      // The compile goes on in the same slot.
      J.InPreprocess = false;
      if (Done.ReturnCode == 0) {
        spawn(J, J.Argv, J.StderrPath);
        continue;
      }
    }
    J.State = Job::Finished;
    J.Status = Done.ReturnCode;
    if (J.HoldsSlot)
      Slots->release();
    J.HoldsSlot = false;
    if (J.AbsorbedLink && J.Status != 0 && J.Status != 1)
      compileHere(J, J.Status);
  }
}

/// A launched compile that ended neither well nor with the compiler's errors
/// (status 1): the launcher failed (distcc: 100-199, no server and no
/// fallback) or it was killed. Its output is not trusted; clang's own jobs
/// run here instead, after a message saying why.
void ParallelRun::compileHere(Job &J, int Status) {
  const char *Arch = J.Cmd->getSource().getOffloadingArch();
  std::string Launcher =
      sys::path::filename(Settings.Launcher->Command.front()).str();
  std::string Why = Status < 0 ? std::string("killed by a signal")
                               : "exit status " + std::to_string(Status);
  J.FallbackNote = "hipcc: warning: the launcher '" + Launcher + "' (" +
                   Settings.Launcher->Variable + ") failed on the " +
                   (Arch ? Arch : "device") + " compile (" + Why +
                   "); compiling it here\n";
  J.Argv = std::move(J.LocalArgv);
  J.PreprocessArgv.clear();
  Jobs[*J.AbsorbedLink].Absorbed = false;
  J.AbsorbedLink.reset();
  J.State = Job::Waiting;
  J.Status = 0;
}

/// Writes finished bundles into the pipes of the host jobs waiting for them,
/// and gives back the slot of a host job that waits.
void ParallelRun::feedPipes() {
  for (Job &J : Jobs) {
    if (!J.StreamedFrom || J.State != Job::Running || J.FifoDone)
      continue;
    if (J.FifoFd < 0) {
      // Opening succeeds only once the host opened its end to read.
      J.FifoFd = open(J.FifoPath.c_str(), O_WRONLY | O_NONBLOCK | O_CLOEXEC);
      if (J.FifoFd < 0)
        continue;
    }
    const Job &Bundler = Jobs[*J.StreamedFrom];
    bool BundleReady = Bundler.State == Job::Finished && Bundler.Status == 0;
    if (!BundleReady) {
      if (J.HoldsSlot) { // it waits, and uses no processor meanwhile
        Slots->release();
        J.HoldsSlot = false;
      }
      continue;
    }
    if (!J.HoldsSlot) {
      if (!Slots->tryAcquire())
        continue;
      J.HoldsSlot = true;
    }
    if (!J.FifoData) {
      auto Data = MemoryBuffer::getFile(J.BundlePath,
                                        /*IsText=*/false,
                                        /*RequiresNullTerminator=*/false);
      if (!Data) { // clang's host job would report the unreadable file
        J.FifoDone = true;
        close(J.FifoFd);
        J.FifoFd = -1;
        continue;
      }
      J.FifoData = std::move(*Data);
    }
    // A host that died meanwhile must not kill hipcc with SIGPIPE: block it
    // around the write and take a pending one back.
    sigset_t Pipe, Old;
    sigemptyset(&Pipe);
    sigaddset(&Pipe, SIGPIPE);
    pthread_sigmask(SIG_BLOCK, &Pipe, &Old);
    StringRef Rest = J.FifoData->getBuffer().drop_front(J.FifoWritten);
    ssize_t N = Rest.empty() ? 0 : write(J.FifoFd, Rest.data(), Rest.size());
    if (N > 0)
      J.FifoWritten += N;
    bool Broken = N < 0 && errno == EPIPE;
    if (Broken) {
      struct timespec Zero = {0, 0};
      sigtimedwait(&Pipe, nullptr, &Zero);
    }
    pthread_sigmask(SIG_SETMASK, &Old, nullptr);
    if (Broken || J.FifoWritten == J.FifoData->getBufferSize()) {
      close(J.FifoFd); // end of file: the host goes on
      J.FifoFd = -1;
      J.FifoDone = true;
    }
  }
}

/// Settles jobs in clang's order: prints their diagnostics, records failures,
/// puts results in place, and stops jobs clang would not have run.
void ParallelRun::replay() {
  while (Cursor < Jobs.size()) {
    Job &J = Jobs[Cursor];
    if (doomed(Cursor)) {
      stop(J);
      ++Cursor;
      continue;
    }
    if (J.State != Job::Finished)
      return;
    if (!J.PreprocessStderrPath.empty())
      if (auto Text = MemoryBuffer::getFile(J.PreprocessStderrPath))
        errs() << (*Text)->getBuffer();
    errs() << J.FallbackNote;
    if (auto Text = MemoryBuffer::getFile(J.StderrPath)) {
      errs() << (*Text)->getBuffer();
      errs().flush();
    }
    if (J.Status != 0) {
      Failing.emplace_back(J.Status, J.Cmd);
    } else {
      for (auto &[Temporary, Final] : J.Results)
        if (Error E = installOutputFile(Temporary, Final)) {
          errs() << ProgramName << ": error: " << toString(std::move(E))
                 << "\n";
          Failing.emplace_back(1, J.Cmd);
        }
    }
    ++Cursor;
  }
}

/// clang's Driver::ExecuteCompilation after the jobs: results of failed jobs
/// removed, a message for tools that print none, the first failure's status.
int ParallelRun::finish() {
  int Status = 0;
  for (const auto &[Res, Cmd] : Failing) {
    if (!TheDriver->isSaveTempsEnabled()) {
      const JobAction *JA = cast<JobAction>(&Cmd->getSource());
      C->CleanupFileMap(C->getResultFiles(), JA, true);
      if (Res < 0)
        C->CleanupFileMap(C->getFailureResultFiles(), JA, true);
    }
    if (!Cmd->getCreator().hasGoodDiagnostics() || Res != 1) {
      errs() << ProgramName << ": error: " << Cmd->getCreator().getShortName()
             << " command failed";
      if (Res < 0)
        errs() << " due to signal";
      else
        errs() << " with exit code " << Res;
      errs() << " (use -v to see invocation)\n";
    }
    if (!Status)
      Status = Res < 0 ? 1 : Res;
  }
  return Status;
}

int ParallelRun::execute() {
  std::string Warning;
  Slots = std::make_unique<JobSlots>(
      Settings.MaxJobs, parseMakeFlags(Settings.MakeFlags), Warning);
  if (!Warning.empty())
    reportWarning(Warning);
  Cleanup.Slots = Slots.get();
  if (Settings.PrintJobs)
    errs() << "hipcc-job-slots: " << Settings.MaxJobs << "\n";

  while (Cursor < Jobs.size()) {
    reap();
    feedPipes();
    replay();
    if (Cursor >= Jobs.size())
      break;
    // Start what can run: the host jobs first (the longest chain: front end,
    // wait, back end), then clang's order.
    bool WantSlot = false;
    for (bool HostPass : {true, false})
      for (size_t I = Cursor; I < Jobs.size(); ++I) {
        if (Jobs[I].StreamedFrom.has_value() != HostPass || !ready(I))
          continue;
        if (!Slots->tryAcquire()) {
          WantSlot = true;
          break;
        }
        Jobs[I].HoldsSlot = true;
        start(I);
      }
    // Nothing signals a finished child to poll(2); a short wait keeps the
    // loop cheap and the reaction quick (compile jobs run for seconds).
    struct pollfd Fds[1];
    nfds_t NumFds = 0;
    if (WantSlot && Slots->pollDescriptor() >= 0)
      Fds[NumFds++] = {Slots->pollDescriptor(), POLLIN, 0};
    poll(Fds, NumFds, 5);
  }
  if (Settings.PrintJobs && Slots->usesJobServer())
    errs() << "hipcc-jobserver: took a token " << Slots->tokensTaken()
           << " times, at most " << Slots->mostTokensHeld()
           << " at once; holds " << Slots->tokensHeld() << " now\n";
  int Status = finish();
  Cleanup.Slots = nullptr;
  Slots.reset();
  return Status;
}

} // namespace

/// A cheap first look, so that a single-architecture compile (the usual one)
/// pays nothing for building clang's job list: two or more offload targets
/// named (hipcc spells each as its own --offload-arch=).
static bool namesSeveralOffloadArchs(ArrayRef<std::string> Args) {
  StringSet<> Archs;
  for (StringRef A : Args)
    if (A.consume_front("--offload-arch=") ||
        A.consume_front("--cuda-gpu-arch=")) {
      SmallVector<StringRef, 4> Values;
      A.split(Values, ',');
      for (StringRef V : Values)
        Archs.insert(V);
    }
  return Archs.size() >= 2;
}

std::optional<int> runOffloadInParallel(const ClangInvocation &Invocation,
                                        const ParallelOffloadSettings &Settings) {
  if (!Settings.Launcher &&
      (Settings.MaxJobs < 2 || !namesSeveralOffloadArchs(Invocation.Args)))
    return std::nullopt;
  SignalGuard Guard;
  ParallelRun Run(Invocation, Settings);
  if (!Run.plan())
    return std::nullopt;
  errs().flush();
  outs().flush();
  return Run.execute();
}

} // namespace hipkit
