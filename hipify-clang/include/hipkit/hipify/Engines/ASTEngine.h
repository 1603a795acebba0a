//===- ASTEngine.h - Translating what the parse proves ---------*- C++ -*-===//
//
// The AST engine parses a source with clang 19 in CUDA mode and records, for
// every reference the parse resolves to a declaration or macro of the CUDA
// headers, an edit at the reference's spelling in the user's file (so names
// written through the user's macros are translated once, in the macro). It
// also rewrites kernel launches, finds the user headers a source includes and
// the ranges the token engine must cover (untaken #if branches, macro bodies),
// and resolves the declarations and case labels its names make collide
// (TranslationCollisions.h).
//
//===----------------------------------------------------------------------===//
#ifndef HIPKIT_HIPIFY_ASTENGINE_H
#define HIPKIT_HIPIFY_ASTENGINE_H

#include "hipkit/hipify/Translation/FileTranslation.h"
#include "hipkit/hipify/Tables/NamePolicy.h"
#include "hipkit/hipify/Engines/PastedNames.h"
#include "hipkit/hipify/Engines/TokenEngine.h"

#include "hipkit/checks/CheckRegistry.h"

#include "llvm/ADT/ArrayRef.h"

#include <memory>
#include <string>
#include <vector>

namespace hipkit::hipify {

/// A quoted #include of a user header, so the driver can point it at the
/// header's translation when that is written under another name.
struct UserHeaderInclude {
  unsigned IncludingFile;      ///< Index into SourceTranslation::Files.
  unsigned NameBegin, NameEnd; ///< The name with its quotes.
  std::string Spelled;
  std::string HeaderRealPath;
};

/// A user header (quoted or found on a -I path, not CUDA's or the system's)
/// that lies outside the translated root: never translated by this run.
struct OutsideRootInclude {
  std::string RealPath;
  std::string DisplayPath; ///< As the parse named it.
  /// The file whose #include reached it (as the parse named it).
  std::string IncludedFrom;
};

/// Everything one source produces: the source and its user headers.
struct SourceTranslation {
  std::string SourcePath;
  /// Files[0] is the source; user headers follow in the order first entered.
  std::vector<std::unique_ptr<FileTranslation>> Files;
  /// Where the token engine works in each file (parallel to Files).
  std::vector<LexicalScope> Scopes;
  /// The uses of pasting macros across Files (collected when there are
  /// several): the token engine reads them, the project run compares them.
  PastingUses Pasting;
  std::vector<UserHeaderInclude> HeaderIncludes;
  /// User headers the parse entered outside the root, in the order entered.
  std::vector<OutsideRootInclude> OutsideRoot;
  /// The command the source was parsed with, the prelude it loaded included
  /// (empty: not parsed); `-v` prints it where the source's messages are.
  std::vector<std::string> ParseCommand;
  /// Whether clang parsed the file at all, and how many errors it reported.
  bool Parsed = false;
  unsigned CompileErrors = 0;
  /// The parse took longer than --parse-timeout and was abandoned.
  bool ParseTimedOut = false;
  /// The parse crashed (a bug of clang's or hipify-clang's); nothing it found
  /// is kept.
  bool ParseCrashed = false;
  /// The source is already HIP (isHipSource) and was not parsed as CUDA.
  bool HipInput = false;
  /// The compiler's diagnostics, buffered so parallel runs print in order.
  std::string CompilerMessages;
  std::string FirstError;
  /// clang's driver refused the compiler options themselves (an unsupported
  /// --cuda-gpu-arch, an unknown option): a mistake of the user's, not of
  /// the source, so an error rather than a lexical translation.
  std::string CommandLineError;
};

struct ASTEngineOptions {
  const NamePolicy *Policy = nullptr;
  bool TranslateUserHeaders = true;
  bool HipKernelExecutionSyntax = false;
  /// Untaken #if branches are left to the token engine unless this is set.
  bool SkipExcludedBlocks = false;
  /// The porting checks to run during the parse (hipkit-*); none if null.
  const checks::GlobList *Checks = nullptr;
  /// Directories whose headers are never the user's (CUDA, clang's resources).
  std::vector<std::string> SystemDirs;
  /// The folder whose user headers are translated (real path): the project's
  /// --in-root, or when empty the source's own folder.
  std::string UserRoot;
  /// Leave the bodies of functions defined in system headers unparsed
  /// (nothing in them is translated). Off when the command loads the user's
  /// own precompiled header, built with them: clang would report the
  /// skipped definitions as different from its.
  bool SkipSystemFunctionBodies = false;
};

/// Parses \p Source with the compiler command \p Command (argv[0] first) and
/// fills \p Out. The source's own bytes must already be in Out.Files[0].
void runASTEngine(llvm::ArrayRef<std::string> Command,
                  const ASTEngineOptions &Options, SourceTranslation &Out);

/// How runASTEngineWithin ended.
enum class ParseOutcome {
  Parsed,   ///< Out holds what the parse found (which may be compile errors).
  TimedOut, ///< Longer than the limit: abandoned, still running.
  Crashed,  ///< clang or the AST engine crashed (SIGSEGV, abort()).
};

/// runASTEngine, given at most \p Seconds (0: no limit), with a crash of the
/// parse caught (ParseDeadline.cpp). Unless the outcome is Parsed, \p Out is
/// untouched: its files hold their text and no edit. A parse that timed out
/// is still running (ParseDeadline.cpp says why it cannot be stopped), so the
/// run must end through exitAfterAbandonedParses.
ParseOutcome runASTEngineWithin(llvm::ArrayRef<std::string> Command,
                                const ASTEngineOptions &Options,
                                SourceTranslation &Out, unsigned Seconds);

/// Ends the process with \p ExitCode, standard streams flushed, when a parse
/// was abandoned: its thread still uses the run's options, so neither they
/// nor the process's static objects may be destroyed. Returns otherwise.
void exitAfterAbandonedParses(int ExitCode);

} // namespace hipkit::hipify

#endif
