//===- JobSlots.cpp - hipcc's job slots and GNU make's jobserver ----------===//
#include "hipkit/Hipcc/JobSlots.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Threading.h"

#include <cerrno>
#include <fcntl.h>
#include <string>
#include <sys/stat.h>
#include <unistd.h>

using namespace llvm;

namespace hipkit {

Expected<unsigned> jobLimit(std::optional<StringRef> Option,
                            std::optional<std::string> HipccJobs) {
  StringRef Given, From;
  if (Option) {
    Given = *Option;
    From = "-j";
  } else if (HipccJobs && !HipccJobs->empty()) {
    Given = *HipccJobs;
    From = "HIPCC_JOBS=";
  } else {
    return hardware_concurrency().compute_thread_count() + 1;
  }
  unsigned Jobs = 0;
  if (Given.getAsInteger(10, Jobs) || Jobs == 0)
    return createStringError(inconvertibleErrorCode(),
                             "invalid job count '" + Given + "' in " + From +
                                 Given + "; give a number of jobs of 1 or more");
  return Jobs;
}

JobServerAuth parseMakeFlags(StringRef MakeFlags) {
  JobServerAuth Auth;
  SmallVector<StringRef, 8> Words;
  SplitString(MakeFlags, Words, " \t");
  for (StringRef Word : Words) {
    if (Word == "--")
      break;
    StringRef Value;
    if (!Word.consume_front("--jobserver-auth=") &&
        !Word.consume_front("--jobserver-fds="))
      continue;
    Value = Word;
    JobServerAuth Next;
    Next.Spelling = Value.str();
    if (Value.consume_front("fifo:")) {
      Next.Form = JobServerAuth::Fifo;
      Next.FifoPath = Value.str();
    } else {
      auto [R, W] = Value.split(',');
      if (R.getAsInteger(10, Next.ReadFd) || W.getAsInteger(10, Next.WriteFd) ||
          Next.ReadFd < 0 || Next.WriteFd < 0)
        continue; // a form hipcc does not know (Windows' semaphore): ignored
      Next.Form = JobServerAuth::Pipe;
    }
    Auth = Next;
  }
  return Auth;
}

static bool isOpenPipe(int Fd) {
  struct stat St;
  return fcntl(Fd, F_GETFD) != -1 && fstat(Fd, &St) == 0 && S_ISFIFO(St.st_mode);
}

JobSlots::JobSlots(unsigned Limit, const JobServerAuth &Auth,
                   std::string &Warning)
    : Limit(Limit ? Limit : 1) {
  switch (Auth.Form) {
  case JobServerAuth::None:
    return;
  case JobServerAuth::Fifo: {
    // Only a named pipe is make's jobserver: tokens written into anything
    // else (a regular file, even read-only as root; a device) would damage
    // it. Looked at before opening (opening a device can act on it), and
    // both descriptors checked after, so a swapped path is not used either.
    struct stat Named, Read, Written;
    if (stat(Auth.FifoPath.c_str(), &Named) || !S_ISFIFO(Named.st_mode)) {
      this->Limit = 1;
      Warning = "make's jobserver (--jobserver-auth=" + Auth.Spelling +
                " in MAKEFLAGS) is not a named pipe; ignoring it and "
                "compiling one job at a time (unset MAKEFLAGS, or fix the "
                "make that set it)";
      return;
    }
    // Our own descriptors of the named pipe: non-blocking reads are ours alone.
    TokenReadFd = open(Auth.FifoPath.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (TokenReadFd >= 0) {
      // Through our read descriptor: the very pipe just checked.
      std::string Self = "/proc/self/fd/" + std::to_string(TokenReadFd);
      TokenWriteFd = open(Self.c_str(), O_WRONLY | O_CLOEXEC);
      OwnWriteFd = true;
      if (TokenWriteFd >= 0 &&
          (fstat(TokenReadFd, &Read) || fstat(TokenWriteFd, &Written) ||
           !S_ISFIFO(Read.st_mode) || Read.st_dev != Named.st_dev ||
           Read.st_ino != Named.st_ino || Written.st_ino != Read.st_ino)) {
        close(TokenWriteFd);
        TokenWriteFd = -1;
      }
    }
    break;
  }
  case JobServerAuth::Pipe:
    if (isOpenPipe(Auth.ReadFd) && isOpenPipe(Auth.WriteFd)) {
      // The inherited descriptor shares its file status with make and every
      // sibling, so it must stay blocking; reopening the pipe through /proc
      // gives hipcc a description of its own it can make non-blocking.
      std::string Self = "/proc/self/fd/" + std::to_string(Auth.ReadFd);
      TokenReadFd = open(Self.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
      TokenWriteFd = Auth.WriteFd;
    }
    break;
  }
  if (TokenReadFd < 0 || TokenWriteFd < 0) {
    if (TokenReadFd >= 0)
      close(TokenReadFd);
    TokenReadFd = TokenWriteFd = -1;
    this->Limit = 1;
    Warning = "make's jobserver (--jobserver-auth=" + Auth.Spelling +
              " in MAKEFLAGS) is not open in this process; compiling one job "
              "at a time (mark the make rule with '+' to pass the jobserver "
              "to hipcc, or unset MAKEFLAGS)";
  }
}

JobSlots::~JobSlots() {
  returnAllTokensFromSignalHandler();
  if (TokenReadFd >= 0)
    close(TokenReadFd);
  if (OwnWriteFd && TokenWriteFd >= 0)
    close(TokenWriteFd);
}

bool JobSlots::tryAcquire() {
  if (InUse >= Limit)
    return false;
  if (InUse == 0 || TokenReadFd < 0) { // the implicit slot, or a local one
    ++InUse;
    return true;
  }
  if (HeldCount >= sizeof(Held))
    return false;
  char Token;
  ssize_t N;
  do
    N = read(TokenReadFd, &Token, 1);
  while (N < 0 && errno == EINTR);
  if (N != 1)
    return false; // EAGAIN: every token is taken; EOF: make is gone
  Held[HeldCount] = Token;
  HeldCount = HeldCount + 1;
  ++TokensTakenTotal;
  if (HeldCount > MostTokensHeld)
    MostTokensHeld = HeldCount;
  ++InUse;
  return true;
}

void JobSlots::release() {
  if (InUse == 0)
    return;
  --InUse;
  // The implicit slot is the last one given up: the slots still in use beyond
  // it are the tokens to keep.
  unsigned TokensNeeded = InUse > 0 ? InUse - 1 : 0;
  while (HeldCount > TokensNeeded) {
    char Token = Held[HeldCount - 1];
    HeldCount = HeldCount - 1;
    ssize_t N;
    do
      N = write(TokenWriteFd, &Token, 1);
    while (N < 0 && errno == EINTR);
  }
}

void JobSlots::returnAllTokensFromSignalHandler() {
  while (HeldCount > 0) {
    char Token = Held[HeldCount - 1];
    HeldCount = HeldCount - 1;
    ssize_t N;
    do
      N = write(TokenWriteFd, &Token, 1);
    while (N < 0 && errno == EINTR);
  }
}

} // namespace hipkit
