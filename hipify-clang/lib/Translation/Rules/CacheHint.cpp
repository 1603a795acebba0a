//===- CacheHint.cpp - hint:ACCESS[:TYPES] --------------------------------===//
//
// CUDA's cache-hinted loads (__ldca, __ldcg, __ldcs, __ldlu) and stores
// (__stcg, __stcs, __stwb, __stwt) exist for every scalar and vector type;
// HIP declares the loads for __half and __half2 alone, each as `return
// *ptr;`, and no store at all (no release up to 7.2). A hint never changes
// the value read or written, so a call becomes the access itself:
//
// - ACCESS `stream-load` / `stream-store` (__ldcs, __ldlu: "last use" is a
//   streaming load on global memory; __stcs): where the AST engine sees a
//   pointee clang's __builtin_nontemporal_load/_store take (an integer,
//   floating-point, pointer or vector type), the builtin, which is the
//   streaming hint on AMD GPUs (`__stcs(p, v)` ->
//   `__builtin_nontemporal_store(v, p)`); elsewhere the plain access.
//   HIP's int4, float4... are structs wrapping a vector, which the builtins
//   reject.
// - ACCESS `load` / `store` (the other hints): the plain access.
// - ACCESS `volatile-load` (__ldcv: fetched again, never from a cache): a
//   plain load may be kept in a register (a polling loop would never end),
//   so where the AST engine sees an integer, floating-point or pointer
//   pointee the call becomes a relaxed atomic load at system scope, which
//   reads memory each time, coherent with the host and other devices
//   (`__hip_atomic_load(p, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_SYSTEM)`,
//   clang's builtin under every HIP); elsewhere it is left and reported.
//
// The plain access is `(*(p))` for a load and `(*(p) = v)` for a store: it
// parenthesizes the pointer and the whole (`__ldcs(p).x` stays a member of
// the load), writes each argument once and in place, so its own edits and
// side effects stay as they are. TYPES are the pointee types (CUDA
// spellings, as written or declared) HIP declares the function for: such a
// call is kept.
//
// Where the type is unknown the plain access is written: in the token engine
// (a header no parse reached, an #if branch the parse skipped, a file
// translated without CUDA), in a macro body (one spelling, many expansions)
// and in a template where the pointer is dependent. The plain access is
// correct for every type, and for the types HIP declares it is what HIP's
// own function does; only the hint is lost.
//
//===----------------------------------------------------------------------===//
#include "hipkit/hipify/Translation/CallArguments.h"
#include "hipkit/hipify/Translation/RewriteRule.h"
#include "hipkit/hipify/Translation/TypeSugar.h"

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Type.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/FormatVariadic.h"

using namespace clang;
using namespace hipkit::hipify;

namespace {

/// FileTranslation::firstRewriteAt keys: the reference was handled (by the
/// AST engine's call rewrite or the text), and the call was kept.
constexpr llvm::StringLiteral Handled = "hint";
constexpr llvm::StringLiteral Kept = "hint-kept";

/// Whether no typedef (or alias) is among \p Type's sugar.
bool spelledWithoutTypedef(QualType Type) {
  const clang::Type *T = Type.getTypePtr();
  while (true) {
    if (isa<TypedefType>(T))
      return false;
    const clang::Type *Next =
        T->getLocallyUnqualifiedSingleStepDesugaredType().getTypePtr();
    if (Next == T)
      return true;
    T = Next;
  }
}

class CacheHintRule : public RewriteRule {
public:
  CacheHintRule(bool Store, bool Streaming, bool Volatile,
                llvm::SmallVector<llvm::StringRef, 2> HipTypes)
      : RewriteRule(RewriteRuleKind::CacheHint), Store(Store),
        Streaming(Streaming), Volatile(Volatile),
        HipTypes(std::move(HipTypes)) {}

  bool rewriteReference(RuleEdits &FT, unsigned Offset, const ApiMapping &Row,
                        EditOrigin Origin,
                        NameDecision &Decision) const override {
    if (!FT.firstRewriteAt(Offset, Handled)) {
      // The AST engine rewrote (or kept) the call with its types.
      if (!FT.firstRewriteAt(Offset, Kept))
        return true;
      FT.countConverted(Row, Origin);
      return false;
    }
    if (Volatile) {
      FT.countUnconverted(Row);
      FT.warn(Offset, warning_names::RuleNotApplied,
              llvm::formatv("'{0}' reads memory again at each call, which "
                            "HIP writes only for a pointer to an integer, "
                            "floating-point or pointer type the parse sees; "
                            "left untranslated (write *(volatile T *)(ptr))",
                            Row.CudaName));
      return false;
    }
    std::optional<CallArguments> Call =
        findCallArguments(FT.contents(), Offset);
    if (!Call || Call->Arguments.size() != arity()) {
      // `&__ldcs`: HIP's own function where it has one, else reported.
      if (Decision.Action != NameAction::ReportUnsupported)
        return true;
      return reportUseWithoutCall(FT, Offset, Row,
                                  Store ? "*(ptr) = value" : "*(ptr)",
                                  "replaces only a call");
    }
    writePlainAccess(FT, *Call);
    Decision.Action = NameAction::Rewrite;
    Decision.Replacement = "(*";
    Decision.NewerThanTarget = false;
    return true;
  }

  void rewriteCall(CallEditor &Editor, const CallSite &Site) const override {
    // A macro body is one spelling for many expansions, of any types: the
    // reference writes the plain access there.
    if (Site.NameLoc.isMacroID())
      return;
    unsigned Offset;
    RuleEdits *FT = Editor.translationAt(Site.NameLoc, Offset);
    if (!FT)
      return;
    std::optional<CallArguments> Call =
        findCallArguments(FT->contents(), Offset);
    const Expr *Pointer = writtenArgument(Site.Call, 0);
    if (!Call || Call->Arguments.size() != arity() || !Pointer ||
        Site.Call.getNumArgs() != arity())
      return;
    enum { Keep, NonTemporal, Plain, AtomicLoad } Form = Plain;
    QualType Type = Pointer->getType();
    if (!Pointer->isTypeDependent() && Type->isPointerType() &&
        !Type->getPointeeType()->isDependentType()) {
      QualType Pointee = Type->getPointeeType();
      // A typedef may name another type where the translation is built
      // (llm.c's floatX is float in the parse, __nv_bfloat16 under
      // -DENABLE_BF16): only a type spelled without one decides the form.
      bool Fixed = spelledWithoutTypedef(Pointee);
      if (isHipType(Pointee))
        Form = Keep;
      else if (Streaming && Fixed && takenByNonTemporalBuiltins(Pointee))
        Form = NonTemporal;
      else if (Volatile && Fixed &&
               (Pointee->isIntegerType() || Pointee->isRealFloatingType() ||
                Pointee->isAnyPointerType()))
        Form = AtomicLoad;
    }
    // Anything else is reported by the reference.
    if (Volatile && Form != AtomicLoad)
      return;
    if (!FT->firstRewriteAt(Offset, Handled))
      return;
    unsigned Length = Site.Row.CudaName.size();
    switch (Form) {
    case Keep:
      FT->firstRewriteAt(Offset, Kept);
      return;
    case NonTemporal:
      FT->addEdit(Offset, Length,
                  Store ? "__builtin_nontemporal_store"
                        : "__builtin_nontemporal_load",
                  EditOrigin::AST);
      // The builtin takes the value first.
      if (Store)
        FT->addArgumentArrangement(Offset, Call->List, Call->Arguments,
                                   {{1, ""}, {0, ""}});
      return;
    case Plain:
      FT->addEdit(Offset, Length, "(*", EditOrigin::AST);
      writePlainAccess(*FT, *Call);
      return;
    case AtomicLoad:
      FT->addEdit(Offset, Length, "__hip_atomic_load", EditOrigin::AST);
      FT->addEdit(Call->List.End, 0,
                  ", __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_SYSTEM",
                  EditOrigin::AST);
      return;
    }
  }

private:
  unsigned arity() const { return Store ? 2 : 1; }

  /// The rest of `(*(p))` or `(*(p) = v)` around the name's `(*`: the
  /// call's own parentheses enclose the pointer (and, for a store, the
  /// assignment, its comma becoming `) =`).
  void writePlainAccess(RuleEdits &FT, const CallArguments &Call) const {
    if (Store)
      FT.addEdit(Call.Starts[1] - 1, 1, ") =", EditOrigin::Lexical);
    else
      FT.addEdit(Call.List.End + 1, 0, ")", EditOrigin::Lexical);
  }

  /// What clang's __builtin_nontemporal_load and _store accept (Sema's own
  /// test), on the pointee as CUDA declares it: its scalars are HIP's,
  /// its vector structs (int4) and __half are structs in HIP too.
  static bool takenByNonTemporalBuiltins(QualType T) {
    return T->isIntegerType() || T->isAnyPointerType() ||
           T->isBlockPointerType() || T->isFloatingType() ||
           T->isVectorType();
  }

  /// Whether \p Pointee is a type HIP declares the function for, as written
  /// (a typedef of it) or as declared.
  bool isHipType(QualType Pointee) const {
    if (HipTypes.empty())
      return false;
    if (findTypedef(Pointee, [&](const TypedefNameDecl &Typedef) {
          return llvm::is_contained(HipTypes, Typedef.getName());
        }))
      return true;
    const TagDecl *Tag = Pointee->getAsTagDecl();
    return Tag && llvm::is_contained(HipTypes, Tag->getName());
  }

  bool Store;
  bool Streaming;
  bool Volatile;
  llvm::SmallVector<llvm::StringRef, 2> HipTypes; ///< Into the constant table.
};

} // namespace

std::unique_ptr<RewriteRule>
hipkit::hipify::createCacheHintRule(llvm::StringRef Text) {
  auto [Access, Types] = Text.split(':');
  bool Streaming = Access.consume_front("stream-");
  bool Volatile = !Streaming && Access.consume_front("volatile-");
  if (Access != "load" && (Access != "store" || Volatile))
    return nullptr;
  llvm::SmallVector<llvm::StringRef, 2> HipTypes;
  Types.split(HipTypes, ',', -1, /*KeepEmpty=*/false);
  return std::make_unique<CacheHintRule>(Access == "store", Streaming,
                                         Volatile, std::move(HipTypes));
}
