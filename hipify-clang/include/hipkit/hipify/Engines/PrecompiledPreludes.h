//===- PrecompiledPreludes.h - which system includes to precompile --------===//
//
// A source may load a header precompiled from the system includes X (a
// "prelude") only if every name of X is among the `#include` lines that open
// the source, before any other directive of the source. The source's own
// includes of X are then no-ops (the precompiled header is checked to hold
// only include-guarded system headers, see Driver.cpp), and the rest of the
// source sees what it would see without it: the library headers of X may be
// included in any order ([using.headers]: the C++ library guarantees it; CUDA's
// headers are self-contained alike), and no #define of the source comes before
// them, since a directive ends the list. A user header the list reaches adds
// what it opens with, after its include guard, up to its first other
// directive or code (helper_functions.h opening with <exception.h>, which
// opens with <iostream>); the list then goes on past that header's code
// (cuda-samples: <helper_cuda.h>, then <cooperative_groups.h>). A header of X
// listed after user code (LeadingList::barrierBefore) is moved before it, so X
// is loaded only where the two cannot interact: the parse that precompiles X
// records what each of its headers lexes, defines and declares (PreludeFacts),
// the user code is read for its macros and global names (BarrierFacts), and
// barrierConflict says where they meet; the driver then tries the next prelude.
// Which preludes are worth building is chosen here, from the sources' own
// lists and a fixed estimate of each header's cost.
//
//===----------------------------------------------------------------------===//

#ifndef HIPKIT_HIPIFY_PRECOMPILEDPRELUDES_H
#define HIPKIT_HIPIFY_PRECOMPILEDPRELUDES_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/StringSet.h"
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace clang {
class ASTConsumer;
class CompilerInstance;
}

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

/// A source's leading system includes, read through the user headers it
/// opens with and past them. Names[0, Settled) come before any user code;
/// the rest come after the code of the user headers in Barrier (real paths,
/// with the user headers they include): a prelude holding one of those may
/// be loaded only where moving its headers before that code changes nothing
/// (barrierConflict).
struct LeadingList {
  std::vector<std::string> Names;
  size_t Settled = 0;
  std::vector<std::string> Barrier;
  /// How many of Names come before the end of each of Barrier's headers.
  std::vector<size_t> BarrierEnds;

  /// The headers of Barrier whose code ends before \p Header (one of
  /// Names) is first included.
  llvm::ArrayRef<std::string> barrierBefore(llvm::StringRef Header) const;
};

/// Finds the user header an `#include` of \p Name in a file of \p Folder
/// opens: "" for a system header (or none), std::nullopt when it cannot
/// tell (a quoted name with -iquote folders).
using UserHeaderFinder = std::function<std::optional<std::string>(
    llvm::StringRef Name, bool Angled, llvm::StringRef Folder)>;

/// The LeadingList of the source at \p Path holding \p Contents: its
/// leading includes, each user header's after its include guard, and, past a
/// user header's code, those that follow it.
LeadingList scanLeadingIncludes(llvm::StringRef Path, llvm::StringRef Contents,
                                const UserHeaderFinder &FindUserHeader);

/// What one header of a prelude adds to the CUDA headers and to the
/// prelude's headers before it, seen by the parse that precompiles the
/// prelude (createPreludeFactsCollector) in the files that header's #include
/// line brings first: every identifier they lex (tokens, macro names
/// expanded or tested; #if-excluded lines are not lexed), the macros they
/// #define or #undef, the names they declare at global scope, and whether
/// one of them has a global `using namespace`.
struct HeaderFacts {
  llvm::StringSet<> Identifiers, Macros, Globals;
  /// The identifiers a `(` follows or a directive tests or expands as a
  /// macro: those a function-like macro of user code would touch.
  llvm::StringSet<> Called;
  bool GlobalUsingDirective = false;
  /// For a macro or global name, how the file that defines or declares it
  /// was #included, then how the file that included it was, up to the
  /// prelude's header (`bits/types/FILE.h`, `stdio.h`, ...): a source that
  /// includes one of them itself before its user code had the name there
  /// already.
  llvm::StringMap<std::vector<std::string>> IncludedAs;
};

/// A prelude's HeaderFacts by header name, and every macro defined at its
/// end: what user code parsed before some of its headers in a source could
/// interact with.
struct PreludeFacts {
  std::map<std::string, HeaderFacts> ByHeader;
  llvm::StringSet<> Defined;

  /// One fact a line, for the cache (PrecompiledHeaderCache); parse() reads
  /// it back, std::nullopt when it is not such a text.
  std::string serialize() const;
  static std::optional<PreludeFacts> parse(llvm::StringRef Text);
};

/// A consumer for the parse that precompiles a prelude: fills \p Facts
/// from the files the prelude's own includes bring (those the CUDA headers
/// before them did not) and the global names they declare.
std::unique_ptr<clang::ASTConsumer>
createPreludeFactsCollector(clang::CompilerInstance &CI, PreludeFacts &Facts);

/// The user code of a LeadingList's Barrier.
struct BarrierFacts {
  /// The macros it #defines or #undefs, with the file that does; those
  /// only #defined function-like (`MAX(a, b)`), which a name expands only
  /// when a `(` follows it.
  llvm::StringMap<std::string> Macros;
  llvm::StringSet<> FunctionLike;
  /// Every identifier; those not after `.`, `->` or `::`, which name
  /// lookup may find at global scope.
  llvm::StringSet<> Identifiers, Unqualified;
  /// For an identifier, the system headers every file naming it #includes
  /// itself before it first names it (helper_gl.h's <assert.h> before its
  /// `assert`): there the code saw what those headers give, moved or not.
  /// None for a name a macro body holds, whose expansion may come earlier.
  llvm::StringMap<std::set<std::string>> IncludedBeforeUse;

  /// Whether every file naming \p Name includes <\p Header> before.
  bool includesBeforeUse(llvm::StringRef Name, llvm::StringRef Header) const;
  /// Why moving headers before it is not checked ("" when it is): a
  /// #pragma that changes what follows (pack, push_macro, ...), a computed
  /// #include, a file that cannot be read.
  std::string Unusual;

  /// Reads \p Files and the user headers they include (FindUserHeader).
  /// Lines in an #if branch that cannot be taken are left out: one whose
  /// condition is `#ifdef X` or `defined(X) || ...` where no X is in
  /// \p MaybeDefined (the prelude's Defined and the command's -D) nor
  /// #defined by the files themselves.
  static BarrierFacts of(llvm::ArrayRef<std::string> Files,
                         const UserHeaderFinder &FindUserHeader,
                         const llvm::StringSet<> &MaybeDefined);
};

/// "" when a source may load a prelude with facts \p Prelude although its
/// headers \p Moved come after the user code \p Barrier in the source: none
/// of the code's macros is an identifier of their files, none of their
/// macros or global names is an identifier of the code, and the code holds
/// nothing unusual (a name the source's \p Settled includes provide before
/// the code is no conflict). Otherwise why not, for a note.
std::string barrierConflict(const PreludeFacts &Prelude,
                            llvm::ArrayRef<std::string> Moved,
                            const BarrierFacts &Barrier,
                            llvm::ArrayRef<std::string> Settled = {});

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
