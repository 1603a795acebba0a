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
//===----------------------------------------------------------------------===//
#include "hipkit/hipify/ASTEngine.h"

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
};

std::atomic<bool> Abandoned{false};

} // namespace

bool hipkit::hipify::runASTEngineWithin(llvm::ArrayRef<std::string> Command,
                                        const ASTEngineOptions &Options,
                                        SourceTranslation &Out,
                                        unsigned Seconds) {
  if (Seconds == 0) {
    runASTEngine(Command, Options, Out);
    return true;
  }
  auto Job = std::make_shared<ParseJob>();
  Job->Command.assign(Command.begin(), Command.end());
  Job->Options = Options;
  Job->Out.SourcePath = Out.SourcePath;
  const FileTranslation &Main = *Out.Files.front();
  Job->Out.Files.push_back(std::make_unique<FileTranslation>(
      Main.displayPath().str(), Main.realPath().str(), Main.contents().str(),
      /*IsMainFile=*/true));
  Job->Out.Scopes.emplace_back();
  // clang's own stack size for a parse (clang::DesiredStackSize): a
  // thread's default is smaller where `ulimit -s` is unlimited.
  llvm::thread(std::optional<unsigned>(8u << 20), [Job] {
    runASTEngine(Job->Command, Job->Options, Job->Out);
    std::lock_guard<std::mutex> Lock(Job->Mutex);
    Job->Done = true;
    Job->Finished.notify_all();
  }).detach();
  std::unique_lock<std::mutex> Lock(Job->Mutex);
  if (!Job->Finished.wait_for(Lock, std::chrono::seconds(Seconds),
                              [&] { return Job->Done; })) {
    Abandoned = true;
    return false;
  }
  Out = std::move(Job->Out);
  return true;
}

void hipkit::hipify::exitAfterAbandonedParses(int ExitCode) {
  if (!Abandoned)
    return;
  llvm::outs().flush();
  llvm::errs().flush();
  llvm::sys::Process::Exit(ExitCode, /*NoCleanup=*/true);
}
