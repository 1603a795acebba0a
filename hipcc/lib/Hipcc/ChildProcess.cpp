//===- ChildProcess.cpp - Children that do not outlive hipcc --------------===//
#include "ChildProcess.h"

#include <cerrno>
#include <csignal>
#include <fcntl.h>
#include <pthread.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

using namespace llvm;

namespace hipkit {

Expected<sys::ProcessInfo> startTiedChild(StringRef Program,
                                          ArrayRef<std::string> Argv,
                                          std::optional<StringRef> StderrPath) {
  auto failure = [&](int Errno) -> Error {
    std::error_code EC(Errno, std::generic_category());
    return createStringError(EC,
                             "cannot run '" + Program + "': " + EC.message());
  };
  // Everything the child needs is made before fork: between fork and exec
  // only async-signal-safe calls are allowed.
  std::string ProgramPath = Program.str();
  std::vector<char *> ArgvPtrs;
  for (const std::string &A : Argv)
    ArgvPtrs.push_back(const_cast<char *>(A.c_str()));
  ArgvPtrs.push_back(nullptr);
  int ErrFd = -1;
  if (StderrPath) {
    ErrFd = ::open(StderrPath->str().c_str(),
                   O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    if (ErrFd < 0)
      return failure(errno);
  }
  // The exec's errno comes back through a pipe that exec closes: no bytes
  // mean the program runs.
  int Report[2];
  if (::pipe2(Report, O_CLOEXEC)) {
    int Errno = errno;
    if (ErrFd >= 0)
      ::close(ErrFd);
    return failure(Errno);
  }
  // As posix_spawn does: no signal reaches the child before its handlers are
  // the default ones again (hipcc's cleanup handler must never run in it).
  sigset_t All, Old;
  sigfillset(&All);
  ::pthread_sigmask(SIG_SETMASK, &All, &Old);
  pid_t Parent = ::getpid();
  pid_t Pid = ::fork();
  if (Pid == 0) {
    ::close(Report[0]);
    for (int Signal = 1; Signal < NSIG; ++Signal) {
      struct sigaction Action;
      if (!::sigaction(Signal, nullptr, &Action) &&
          Action.sa_handler != SIG_IGN && Action.sa_handler != SIG_DFL) {
        Action.sa_handler = SIG_DFL;
        Action.sa_flags = 0;
        ::sigaction(Signal, &Action, nullptr);
      }
    }
    // SIGTERM when hipcc dies; and hipcc may have died before this call.
    if (::prctl(PR_SET_PDEATHSIG, SIGTERM) || ::getppid() != Parent)
      ::_exit(127);
    ::sigprocmask(SIG_SETMASK, &Old, nullptr);
    if (ErrFd >= 0 && ::dup2(ErrFd, STDERR_FILENO) < 0) {
      int Errno = errno;
      (void)!::write(Report[1], &Errno, sizeof Errno);
      ::_exit(127);
    }
    ::execve(ProgramPath.c_str(), ArgvPtrs.data(), environ);
    int Errno = errno;
    (void)!::write(Report[1], &Errno, sizeof Errno);
    ::_exit(127);
  }
  int ForkErrno = errno;
  ::pthread_sigmask(SIG_SETMASK, &Old, nullptr);
  ::close(Report[1]);
  if (ErrFd >= 0)
    ::close(ErrFd);
  if (Pid < 0) {
    ::close(Report[0]);
    return failure(ForkErrno);
  }
  int ExecErrno = 0;
  ssize_t N;
  do
    N = ::read(Report[0], &ExecErrno, sizeof ExecErrno);
  while (N < 0 && errno == EINTR);
  ::close(Report[0]);
  if (N == sizeof ExecErrno) {
    int Status;
    while (::waitpid(Pid, &Status, 0) < 0 && errno == EINTR)
      ;
    return failure(ExecErrno);
  }
  sys::ProcessInfo Info;
  Info.Pid = Pid;
  Info.Process = Pid;
  return Info;
}

Expected<int> runTiedChild(StringRef Program, ArrayRef<std::string> Argv) {
  Expected<sys::ProcessInfo> Child = startTiedChild(Program, Argv);
  if (!Child)
    return Child.takeError();
  int Status;
  while (::waitpid(Child->Pid, &Status, 0) < 0)
    if (errno != EINTR)
      return createStringError(std::error_code(errno, std::generic_category()),
                               "cannot wait for '" + Program + "'");
  if (WIFEXITED(Status))
    return WEXITSTATUS(Status);
  return -1;
}

} // namespace hipkit
