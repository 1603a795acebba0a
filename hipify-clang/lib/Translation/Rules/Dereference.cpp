//===- Dereference.cpp - deref:TYPE,TYPE... -------------------------------===//
//
// HIP declares __ldg for the scalar, vector and half types but for no
// bfloat16 type (no release up to 7.2), as `return *ptr;`; CUDA has it for
// every type (the cache-hinted loads are CacheHint.cpp's). A call whose
// pointer argument points to one of
// TYPES (the CUDA spellings, as the row lists them; `!TYPES`: to any type but
// those), or whose argument is still dependent in a template (an
// instantiation may need such a type), becomes the load itself: the name is
// replaced by `*` (`__ldg(&x[i])` -> `*(&x[i])`), which is what HIP's own
// loads do on every type.
//
//===----------------------------------------------------------------------===//
#include "hipkit/hipify/Translation/RewriteRule.h"
#include "hipkit/hipify/Translation/TypeSugar.h"

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Type.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"

using namespace clang;
using namespace hipkit::hipify;

namespace {

class DereferenceRule : public RewriteRule {
public:
  DereferenceRule(llvm::SmallVector<llvm::StringRef, 4> Types, bool AllBut)
      : RewriteRule(RewriteRuleKind::Dereference), Types(std::move(Types)),
        AllBut(AllBut) {}

  void rewriteCall(CallEditor &Editor, const CallSite &Site) const override {
    const Expr *Arg = writtenArgument(Site.Call, 0);
    if (!Arg || Site.Call.getNumArgs() != 1)
      return;
    // A pointer to a listed type (or, with '!', to any other type).
    if (!Arg->isTypeDependent() && (!Arg->getType()->isPointerType() ||
                                    pointsToListedType(Arg->getType()) == AllBut))
      return;
    unsigned Offset;
    RuleEdits *FT = Editor.translationAt(Site.NameLoc, Offset);
    if (!FT || !FT->firstRewriteAt(Offset, "deref"))
      return;
    FT->addEdit(Offset, Site.Row.CudaName.size(), "*", EditOrigin::AST);
  }

private:
  /// Whether \p T is a pointer to a listed type, as written (a typedef of
  /// it) or as declared.
  bool pointsToListedType(QualType T) const {
    if (!T->isPointerType())
      return false;
    QualType Pointee = T->getPointeeType();
    // As written (`typedef __nv_bfloat16 bf16;`), or as declared.
    if (findTypedef(Pointee, [&](const TypedefNameDecl &Typedef) {
          return isListed(Typedef.getName());
        }))
      return true;
    const TagDecl *Tag = Pointee->getAsTagDecl();
    return Tag && isListed(Tag->getName());
  }
  bool isListed(llvm::StringRef Name) const {
    return llvm::is_contained(Types, Name);
  }

  llvm::SmallVector<llvm::StringRef, 4> Types; ///< Into the constant table.
  /// `deref:!TYPES`: the types are those HIP declares the function for.
  bool AllBut;
};

} // namespace

std::unique_ptr<RewriteRule>
hipkit::hipify::createDereferenceRule(llvm::StringRef Text) {
  bool AllBut = Text.consume_front("!");
  llvm::SmallVector<llvm::StringRef, 4> Types;
  Text.split(Types, ',', -1, /*KeepEmpty=*/false);
  if (Types.empty())
    return nullptr;
  return std::make_unique<DereferenceRule>(std::move(Types), AllBut);
}
