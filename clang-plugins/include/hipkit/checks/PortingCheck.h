//===- PortingCheck.h - One porting-hazard diagnostic -----------*- C++ -*-===//
//
// A porting check looks at the AST (and, if it needs to, the preprocessor) of
// a translation unit compiled as CUDA or HIP and reports constructs that
// compile but do not carry over to AMD GPUs. Each check is one small class
// with a stable name (`hipkit-<what>`), registered in CheckRegistry.cpp; the
// clang plugin and hipify-clang run the same classes and differ only in where
// a report goes (a HazardSink).
//
//===----------------------------------------------------------------------===//
#ifndef HIPKIT_CHECKS_PORTINGCHECK_H
#define HIPKIT_CHECKS_PORTINGCHECK_H

#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"

#include <optional>
#include <string>

namespace clang {
class Preprocessor;
class SourceManager;
class LangOptions;
} // namespace clang

namespace hipkit::checks {

/// Where reports go: clang's DiagnosticsEngine in the plugin, the file's
/// warning list (and the migration report) in hipify-clang.
class HazardSink {
public:
  virtual ~HazardSink() = default;
  /// \p Loc is already the user's spelling (see userLocation).
  virtual void report(clang::SourceLocation Loc, llvm::StringRef CheckName,
                      const llvm::Twine &Message) = 0;
};

/// What a check may ask about the compilation it runs in.
struct CheckContext {
  /// The AMDGPU processor of a device compilation ("gfx942"); empty for a
  /// host or CUDA parse (hipify-clang), where no AMD target is known.
  std::string OffloadArch;
  /// Whether that GPU supports images (textures, surfaces); nullopt when no
  /// AMD target is known.
  std::optional<bool> TargetHasImages;
  /// The HIP version the code is ported to (major * 100 + minor: 604 for
  /// 6.4), as hipify-clang's --rocm-path finds it; 0 when unknown.
  unsigned TargetHipVersion = 0;
};

/// The location a user should be sent to for \p Loc: where the user wrote
/// it as a macro argument, else where the macro whose body produced it was
/// expanded in the user's code (each use of WARP_SIZE, FULL_MASK, LANE(t)).
clang::SourceLocation userLocation(const clang::SourceManager &SM,
                                   clang::SourceLocation Loc);

class PortingCheck : public clang::ast_matchers::MatchFinder::MatchCallback {
public:
  virtual ~PortingCheck() = default;
  /// The stable name users select with --checks= (clang-tidy glob syntax).
  virtual llvm::StringRef getName() const = 0;
  virtual void registerMatchers(clang::ast_matchers::MatchFinder &Finder) {}
  /// For checks that look at macro expansions (attributes spelled as macros).
  virtual void registerPPCallbacks(clang::Preprocessor &PP) {}

  void setSink(HazardSink *S) { Sink = S; }
  void setContext(CheckContext C) { Context = std::move(C); }

protected:
  /// Reports \p Message at the user's spelling of \p Loc, tagged with the
  /// check's name. Reports outside user code are the sink's to drop.
  void report(const clang::SourceManager &SM, clang::SourceLocation Loc,
              const llvm::Twine &Message);
  const CheckContext &context() const { return Context; }

private:
  HazardSink *Sink = nullptr;
  CheckContext Context;
};

} // namespace hipkit::checks

#endif
