//===- PrecompiledPreludes.h - which system includes to precompile --------===//
//
// A source may load a header precompiled from the system includes X (a
// "prelude") only if every name of X is among the `#include` lines that open
// the source, before any other directive, user header or code. The source's
// own includes of X are then no-ops (the precompiled header is checked to hold
// only include-guarded system headers, see Driver.cpp), and the rest of the
// source sees what it would see without it: the library headers of X may be
// included in any order ([using.headers]: the C++ library guarantees it; CUDA's
// headers are self-contained alike), and nothing before them in the source
// (a #define, a user header) can change them, since the list ends there. A
// user header the list reaches adds what it opens with, after its include
// guard, and ends the list: those includes come next in every parse of the
// source, with only the guard's macro defined between, which no library header
// tests (helper_functions.h opening with <exception.h>, which opens with
// <iostream>: the samples' standard headers are precompiled too).
// Which preludes are worth building is chosen here, from the sources' own
// lists and a fixed estimate of each header's cost.
//
//===----------------------------------------------------------------------===//

#ifndef HIPKIT_HIPIFY_PRECOMPILEDPRELUDES_H
#define HIPKIT_HIPIFY_PRECOMPILEDPRELUDES_H

#include "llvm/ADT/StringRef.h"
#include <functional>
#include <string>
#include <vector>

namespace hipkit::hipify {

class SourceText;

/// One `#include` line that opens a source.
struct LeadingInclude {
  std::string Name;
  bool Angled;
};

/// The `#include <...>` and `#include "..."` lines that open \p Source from
/// \p From on, before any other directive or code (comments and blank lines
/// are skipped; so is a block of `#pragma warning` under `#if`). A
/// macro-named include, tokens after the name or anything unusual ends the
/// list: a shorter list is always safe.
std::vector<LeadingInclude> leadingIncludes(const SourceText &Source,
                                            unsigned From = 0);
/// The same for \p Text, which must be followed by a NUL byte (a
/// std::string's or a MemoryBuffer's contents are).
std::vector<LeadingInclude> leadingIncludes(llvm::StringRef Text);

/// Where what opens a header before its first include ends: comments,
/// `#pragma once`, and an include guard's `#ifndef G` and `#define G`; 0 when
/// it opens with anything else.
unsigned afterIncludeGuard(const SourceText &Source);
/// \p Text (NUL-terminated) from there on.
llvm::StringRef afterIncludeGuard(llvm::StringRef Text);

/// How many user headers a source's list of leading includes reads through
/// (HipifyRun::leadingSystemIncludes).
constexpr unsigned MaxUserHeadersInPrelude = 16;

/// Estimated parse cost of \p Header beyond clang's CUDA wrapper, in tenths
/// of a CPU second on this class of machine (measured: bench/README.md).
unsigned headerCost(llvm::StringRef Header);

/// What building a prelude costs a run.
struct PreludeCosts {
  /// Kept across runs (PrecompiledHeaderCache.h): a prelude only one source
  /// opens with is worth building when it is costly, since the next run that
  /// parses the source loads it; half its cost is counted against it (at
  /// least MinPersistentPreludeCost) while no chosen prelude serves its users.
  /// Otherwise building one costs a parse of it, and only a prelude two
  /// sources share can pay for that.
  bool Persistent = false;
  /// Whether a prelude is built already (kept by an earlier run): it costs
  /// nothing, so a rerun loads what the first run built.
  std::function<bool(const std::vector<std::string> &)> IsBuilt;
  /// Preludes earlier runs built for the command: candidates too, so that a
  /// rerun parsing fewer sources still finds the ones they shared.
  std::vector<std::vector<std::string>> Kept;
};

/// The least cost counted against building a prelude a cache keeps:
/// building one, then loading it, costs a little more than parsing its
/// headers, so a cheap one is not worth a file.
constexpr unsigned MinPersistentPreludeCost = 20;

/// Chooses at most \p Limit preludes for sources whose leading system
/// includes are \p Lists (all sharing one parse command), greedily by the
/// estimated cost they take off the parses minus the cost of building them
/// (\p Costs). Each prelude lists its headers in the order one of the
/// sources includes them. The empty prelude (the CUDA headers alone) is not
/// among the results.
std::vector<std::vector<std::string>>
choosePreludes(const std::vector<std::vector<std::string>> &Lists,
               unsigned Limit, const PreludeCosts &Costs = {});

/// Whether a source whose leading system includes are \p List may load
/// \p Prelude: it includes every header of it.
bool opensWith(const std::vector<std::string> &List,
               const std::vector<std::string> &Prelude);

/// The estimated parse cost of \p Prelude's headers (headerCost's unit).
unsigned preludeCostOf(const std::vector<std::string> &Prelude);

/// The most valuable of \p Preludes whose every header \p List includes,
/// or -1 when none is.
int bestPrelude(const std::vector<std::vector<std::string>> &Preludes,
                const std::vector<std::string> &List);

} // namespace hipkit::hipify

#endif
