//===- DevicePropFieldCheck.cpp -------------------------------------------===//
#include "hipkit/checks/DevicePropFieldCheck.h"

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FormatVariadic.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace hipkit::checks {

std::optional<unsigned> hipVersionWithDevicePropField(llvm::StringRef Field) {
  static const llvm::StringMap<unsigned> Fields = {
#define HIPKIT_DEVICE_PROP_FIELD(NAME, HIP_VERSION) {NAME, HIP_VERSION},
#include "DevicePropFields.inc"
#undef HIPKIT_DEVICE_PROP_FIELD
  };
  auto It = Fields.find(Field);
  if (It == Fields.end())
    return std::nullopt;
  return It->second;
}

static std::string versionText(unsigned Version) {
  return llvm::formatv("{0}.{1}", Version / 100, Version % 100).str();
}

void DevicePropFieldCheck::registerMatchers(MatchFinder &Finder) {
  auto DevicePropField =
      fieldDecl(hasDeclContext(recordDecl(hasName("::cudaDeviceProp"))))
          .bind("field");
  // prop.f, p->f, and pointers to members (&cudaDeviceProp::f).
  Finder.addMatcher(memberExpr(member(DevicePropField)).bind("member"), this);
  Finder.addMatcher(declRefExpr(to(DevicePropField)).bind("ref"), this);
}

void DevicePropFieldCheck::run(const MatchFinder::MatchResult &Result) {
  const SourceManager &SM = *Result.SourceManager;
  SourceLocation Loc;
  if (const auto *Member = Result.Nodes.getNodeAs<MemberExpr>("member"))
    Loc = Member->getMemberLoc();
  else if (const auto *Ref = Result.Nodes.getNodeAs<DeclRefExpr>("ref"))
    Loc = Ref->getLocation();
  const auto *FieldDecl = Result.Nodes.getNodeAs<clang::FieldDecl>("field");
  if (Loc.isInvalid() || !FieldDecl ||
      SM.isInSystemHeader(SM.getExpansionLoc(Loc)))
    return;
  llvm::StringRef Field = FieldDecl->getName();
  std::optional<unsigned> HipAdded = hipVersionWithDevicePropField(Field);
  if (!HipAdded)
    return; // Not in the headers the table was derived from.
  unsigned Target = context().TargetHipVersion;
  std::string Message;
  if (*HipAdded == 0)
    Message = llvm::formatv(
        "'{0}' is a cudaDeviceProp field that hipDeviceProp_t does not have, "
        "so the translation does not compile; drop the use or decide the "
        "value another way",
        Field);
  else if (Target && *HipAdded > Target)
    Message = llvm::formatv(
        "'{0}' is a cudaDeviceProp field that the targeted HIP {1}'s "
        "hipDeviceProp_t does not have (HIP {2}'s has it), so the translation "
        "does not compile; target HIP {2} or later (--rocm-path) or drop the "
        "use",
        Field, versionText(Target), versionText(*HipAdded));
  else
    return;
  if (Reported.insert(userLocation(SM, Loc)).second)
    report(SM, Loc, Message);
}

} // namespace hipkit::checks
