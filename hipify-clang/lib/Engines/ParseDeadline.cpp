//===- ParseDeadline.cpp - A parse that may not take forever --------------===//
//
// A macro that expands exponentially keeps clang busy for hours (or until it
// runs out of source locations and aborts the process). clang 19 has no way
// to interrupt a parse from outside: the preprocessor expands a macro to the
// end without returning to any callback that could stop it, and hipkit is
// built without exceptions. So the parse runs on a thread of its own, into a
// private SourceTranslation; when the limit passes, the driver stops waiting,
// translates the source by tokens, and the parse is abandoned. The process
// then ends without running destructors (exitAfterAbandonedParses), since the
// abandoned thread still reads the driver's options.
//
// A parse that crashes (a bug of clang's or of the AST engine's: SIGSEGV,
// abort(), an LLVM fatal error) must not end the run either. It runs inside a
// CrashRecoveryContext, which turns the signal into a failed call on the
// parse's own thread; the source is then translated by tokens, from its text
// alone. What the crashed parse built (its SourceTranslation, clang's
// compiler instance) is left half-made, its destructors never ran: it is
// never read, and never freed.
//
//===----------------------------------------------------------------------===//
#include "hipkit/hipify/Engines/ASTEngine.h"

#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/thread.h"

#include <atomic>
#include <condition_variable>
#include <mutex>
#include <optional>

using namespace hipkit::hipify;

namespace {

/// What the parse thread owns; shared so that an abandoned thread outlives
/// the caller's frame safely.
struct ParseJob {
  std::vector<std::string> Command;
  ASTEngineOptions Options;
  SourceTranslation Out;
  std::mutex Mutex;
  std::condition_variable Finished;
  bool Done = false;
  bool Crashed = false;
};

std::atomic<bool> Abandoned{false};

/// A job that parses into a SourceTranslation of its own, holding only a copy
/// of \p Out's source: the caller's is touched only by a parse that ends.
std::shared_ptr<ParseJob> makeJob(llvm::ArrayRef<std::string> Command,
                                  const ASTEngineOptions &Options,
                                  const SourceTranslation &Out) {
  auto Job = std::make_shared<ParseJob>();
  Job->Command.assign(Command.begin(), Command.end());
  Job->Options = Options;
  Job->Out.SourcePath = Out.SourcePath;
  const FileTranslation &Main = *Out.Files.front();
  Job->Out.Files.push_back(std::make_unique<FileTranslation>(
      Main.displayPath().str(), Main.realPath().str(), Main.contents().str(),
      /*IsMainFile=*/true));
  Job->Out.Scopes.emplace_back();
  return Job;
}

/// Parses, a crash turned into Job.Crashed. Everything the parse allocates
/// lives below RunSafely's frame, so a crash leaks it rather than destroying
/// it half-made.
void runJob(ParseJob &Job) {
  llvm::CrashRecoveryContext Recovery;
  Job.Crashed = !Recovery.RunSafely(
      [&Job] { runASTEngine(Job.Command, Job.Options, Job.Out); });
}

/// What the finished \p Job gives \p Out.
ParseOutcome finish(std::shared_ptr<ParseJob> Job, SourceTranslation &Out) {
  if (Job->Crashed) {
    // Never destroyed: its translation may be in the middle of a change.
    new std::shared_ptr<ParseJob>(std::move(Job));
    return ParseOutcome::Crashed;
  }
  Out = std::move(Job->Out);
  return ParseOutcome::Parsed;
}

} // namespace

ParseOutcome hipkit::hipify::runASTEngineWithin(
    llvm::ArrayRef<std::string> Command, const ASTEngineOptions &Options,
    SourceTranslation &Out, unsigned Seconds) {
  // Once for the process: the signal handlers that RunSafely relies on.
  llvm::CrashRecoveryContext::Enable();
  std::shared_ptr<ParseJob> Job = makeJob(Command, Options, Out);
  if (Seconds == 0) {
    runJob(*Job);
    return finish(std::move(Job), Out);
  }
  // clang's own stack size for a parse (clang::DesiredStackSize): a
  // thread's default is smaller where `ulimit -s` is unlimited.
  llvm::thread(std::optional<unsigned>(8u << 20), [Job] {
    runJob(*Job);
    std::lock_guard<std::mutex> Lock(Job->Mutex);
    Job->Done = true;
    Job->Finished.notify_all();
  }).detach();
  {
    std::unique_lock<std::mutex> Lock(Job->Mutex);
    if (!Job->Finished.wait_for(Lock, std::chrono::seconds(Seconds),
                                [&] { return Job->Done; })) {
      Abandoned = true;
      return ParseOutcome::TimedOut;
    }
  }
  return finish(std::move(Job), Out);
}

void hipkit::hipify::exitAfterAbandonedParses(int ExitCode) {
  if (!Abandoned)
    return;
  llvm::outs().flush();
  llvm::errs().flush();
  llvm::sys::Process::Exit(ExitCode, /*NoCleanup=*/true);
}
