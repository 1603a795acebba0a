//===- TranslationCollisions.h - What the translation merges --*- C++ -*-===//
//
// Two CUDA names that map to one HIP name turn distinct C++ entities into one:
// overloads on cudaError_t and CUresult (both hipError_t) become redefinitions,
// explicit specializations for both become one specialization defined twice,
// and case labels naming two CUDA enumerators of one HIP enumerator become
// duplicates. After the AST engine has recorded its edits, this finds those
// declarations and labels in the user's files (from the parse's types, mapped
// through the tables as the translation writes them) and makes the output
// compile: the later entities' declarations go under `#if 0`, later duplicate
// labels are removed, each with a warning saying what was done.
//
// A user's own definition of an overload HIP's headers define and CUDA's lack
// (the row's `hipdefines` rule: atomicMax for float) is a redefinition on AMD
// too: it goes under `#if !defined(__HIP_PLATFORM_AMD__)`, with a warning.
//
// It needs the parse: a file translated by tokens only is not checked. A
// definition in a block the parse skipped (SkippedDefinitions.h) that the
// translation makes the same as another is only warned about: whether both
// blocks are ever compiled together, only the build knows.
//
//===----------------------------------------------------------------------===//
#ifndef HIPKIT_HIPIFY_TRANSLATIONCOLLISIONS_H
#define HIPKIT_HIPIFY_TRANSLATIONCOLLISIONS_H

#include "hipkit/hipify/Translation/FileTranslation.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "llvm/ADT/ArrayRef.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace hipkit::hipify {

/// What the collision finder asks of the AST engine's translation.
class TranslatedNames {
public:
  virtual ~TranslatedNames() = default;
  /// How the translation of \p In resolves a reference to \p D, a
  /// declaration of the CUDA headers (NameResolver.h); an empty resolution
  /// for the user's declarations and names without a row. What it writes for
  /// the reference is the resolution's renamedTo().
  virtual Resolution resolutionOf(const clang::NamedDecl &D,
                                  FileTranslation &In) = 0;
  /// How the translation of \p In resolves the name \p Spelled met by its
  /// tokens (in a block the parse skipped, or a user's definition).
  virtual Resolution resolutionOfSpelling(llvm::StringRef Spelled,
                                          FileTranslation &In) = 0;
  /// The user file \p Loc is spelled in and its offset there; null for files
  /// that are not translated.
  virtual FileTranslation *translationAt(clang::SourceLocation Loc,
                                         unsigned &Offset) = 0;
  /// The user's files, each with the #if blocks the parse skipped in it.
  virtual std::vector<std::pair<FileTranslation *, std::vector<OffsetRange>>>
  skippedBlocks() = 0;
};

/// Finds, in \p UserDecls (the user's top-level declarations), the
/// declarations and case labels the translation makes collide, and edits
/// their files so that the output compiles.
void resolveTranslationCollisions(llvm::ArrayRef<clang::Decl *> UserDecls,
                                  clang::ASTContext &AST,
                                  TranslatedNames &Names);

} // namespace hipkit::hipify

#endif
