//===- TokenEngine.h - Translating by clang's raw lexer --------*- C++ -*-===//
//
// The token engine reads a file with clang's Lexer in raw mode (no
// preprocessing, no parse) and translates what the AST engine cannot reach:
// identifiers in #if branches the parse did not take, in macro bodies, and in
// whole files that failed to compile or were parsed without CUDA. Comments and
// string literals are never touched: the lexer returns them as whole tokens.
// It also owns #include lines, which it rewrites the same way in every mode.
//
//===----------------------------------------------------------------------===//
#ifndef HIPKIT_HIPIFY_TOKENENGINE_H
#define HIPKIT_HIPIFY_TOKENENGINE_H

#include "hipkit/hipify/Translation/FileTranslation.h"
#include "hipkit/hipify/Tables/NamePolicy.h"
#include "hipkit/hipify/Engines/PastedNames.h"
#include "hipkit/hipify/Source/SourceText.h"

#include <vector>

namespace hipkit::hipify {

/// Where the token engine translates names.
struct LexicalScope {
  /// Translate every CUDA name the AST engine did not already handle (a failed
  /// parse, no CUDA installation, --amap).
  bool WholeFile = false;
  /// Otherwise: only these ranges (untaken #if branches, macro bodies).
  std::vector<OffsetRange> Ranges;
  /// #if branches the parse did not take (for the include rules: an include
  /// there is rewritten but cannot make another one redundant).
  std::vector<OffsetRange> Skipped;
  /// How include edits in taken branches are counted.
  EditOrigin IncludeOrigin = EditOrigin::Lexical;
  /// The uses of pasting macros in the other files of the translation.
  const PastingUses *Pasting = nullptr;
};

/// Whether \p Source is already HIP (hipify's own output, or code written
/// for HIP): it includes a hip/ header and no CUDA header. Parsing it as CUDA
/// only fails in the HIP headers.
bool isHipSource(const SourceText &Source);
/// The same for text that has no translation yet (NUL-terminated).
bool isHipSource(llvm::StringRef Contents);

class TokenEngine {
public:
  explicit TokenEngine(const NamePolicy &Policy) : Policy(Policy) {}

  /// Adds lexical name references within \p Scope and rewrites the file's
  /// #include lines:
  ///  - each CUDA header becomes its HIP header (unsupported ones are
  ///  reported);
  ///  - an include made redundant by an earlier one of the same HIP header that
  ///    is active whenever it is (same or enclosing #if block) is removed;
  ///  - hip/hip_runtime.h is inserted before the first other HIP header that
  ///    is not preceded by it;
  ///  - a file using CUDA features with no HIP header gets hip/hip_runtime.h
  ///    (nvcc includes cuda_runtime.h implicitly; hipcc does not).
  void translate(FileTranslation &FT, const LexicalScope &Scope) const;

private:
  /// The pasted names, then every other name within \p Scope.
  void translateNames(FileTranslation &FT, const LexicalScope &Scope) const;
  /// The include lines, and the HIP runtime include a file using CUDA lacks.
  void translateIncludes(FileTranslation &FT,
                         const LexicalScope &Scope) const;

  const NamePolicy &Policy;
};

} // namespace hipkit::hipify

#endif
