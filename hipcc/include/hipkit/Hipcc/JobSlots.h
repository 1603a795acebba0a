//===- JobSlots.h - How many jobs hipcc may run at once ---------*- C++ -*-===//
//
// hipcc's parallel offload compile runs one process per job slot. It owns one
// slot itself (the one make or the shell gave it); every further slot is a
// token from GNU make's jobserver when hipcc runs inside `make -jN`, so a build
// never runs more processes than make was told, or else a local slot up to the
// limit (-j N, HIPCC_JOBS, the number of cores).
//
//===----------------------------------------------------------------------===//
#ifndef HIPKIT_HIPCC_JOBSLOTS_H
#define HIPKIT_HIPCC_JOBSLOTS_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>

namespace hipkit {

/// How many jobs a multi-architecture compile may run at once: \p Option
/// (hipcc's -j value), else \p HipccJobs (the HIPCC_JOBS variable), else the
/// cores this process may use and one more. The host job waits for the bundle
/// part of its life, and five one-second jobs on two cores pack into three
/// rounds where sharing the cores gets closer to 2.5
/// (bench/hipcc_parallel.py: 0.63x of clang's time with two slots, 0.56-0.60x
/// with three), as make -j(N+1) does. An error of one line for a count that
/// is no positive number.
llvm::Expected<unsigned> jobLimit(std::optional<llvm::StringRef> Option,
                                  std::optional<std::string> HipccJobs);

/// GNU make's jobserver as MAKEFLAGS announces it.
struct JobServerAuth {
  enum Kind { None, Fifo, Pipe } Form = None;
  std::string FifoPath; // Fifo: the named pipe
  int ReadFd = -1;      // Pipe: the inherited descriptors
  int WriteFd = -1;
  std::string Spelling; // the --jobserver-auth word, for messages
};

/// Reads --jobserver-auth=fifo:PATH, --jobserver-auth=R,W (make 4.2+) or
/// --jobserver-fds=R,W (older make) from \p MakeFlags; the last one counts.
/// Words after " -- " are variable assignments, not options.
JobServerAuth parseMakeFlags(llvm::StringRef MakeFlags);

class JobSlots {
public:
  /// \p Limit caps the slots (at least 1). With a jobserver, slots beyond the
  /// implicit one are its tokens; when the jobserver is announced but not open
  /// in this process (make passes its pipe only to rules marked '+'),
  /// \p Warning says so and hipcc keeps to its one slot.
  JobSlots(unsigned Limit, const JobServerAuth &Auth, std::string &Warning);
  ~JobSlots();
  JobSlots(const JobSlots &) = delete;
  JobSlots &operator=(const JobSlots &) = delete;

  /// Takes a slot if one is free now; never blocks.
  bool tryAcquire();
  /// Gives back a slot taken with tryAcquire (a token goes back to make).
  void release();
  /// A descriptor that becomes readable when a token may be free, or -1.
  int pollDescriptor() const { return TokenReadFd; }
  bool usesJobServer() const { return TokenReadFd >= 0; }
  unsigned tokensTaken() const { return TokensTakenTotal; }
  unsigned mostTokensHeld() const { return MostTokensHeld; }
  unsigned tokensHeld() const { return HeldCount; }
  unsigned inUse() const { return InUse; }
  /// Returns every token still held; async-signal-safe (only write(2)).
  void returnAllTokensFromSignalHandler();

private:
  unsigned Limit;
  unsigned InUse = 0; // slots in use, the implicit one included
  int TokenReadFd = -1;  // our own non-blocking descriptor of the jobserver
  int TokenWriteFd = -1; // where tokens go back
  bool OwnWriteFd = false;
  /// The bytes read, given back as they came (make 4.4 checks them).
  char Held[256];
  volatile unsigned HeldCount = 0;
  unsigned TokensTakenTotal = 0;
  unsigned MostTokensHeld = 0;
};

} // namespace hipkit

#endif
