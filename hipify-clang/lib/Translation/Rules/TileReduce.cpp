//===- TileReduce.cpp - tilereduce:TEXT -----------------------------------===//
//
// No HIP release has CUDA's <cooperative_groups/reduce.h> (HIP 5.7, ROCm 6.4
// and HIP 7.2 declare no reduce and no operator of it), but every HIP since
// 5.2 gives a thread_block_tile shfl_xor, and on a tile CUDA's reduce is a
// butterfly of shfl_xor combined with the operator (details/
// coalesced_reduce.h: `out = op(out, group.shfl_xor(out, mask))` for mask =
// size/2 down to 1). So `cg::reduce(tile, value, op)` on a thread_block_tile
// becomes that loop, as an immediately invoked lambda taking the three
// arguments as the user wrote them; CUDA's operators (`cg::plus<T>()`, less,
// greater, bit_and, bit_or, bit_xor: details/functional.h) become lambdas
// doing what theirs do, on the value's type (CUDA requires T to be it). Any
// other operator (a lambda, a functor) is passed as it is.
//
// The rule is on every row of reduce.h's names (reduce, its operators, the
// async forms) and on the header's: a use the AST engine did not translate
// (a coalesced_group, thread_block or a group whose type is a template
// parameter, a call in a macro body, an operator object declared apart) is
// reported with TEXT, which says what to write instead, and counted
// unconverted; the include of reduce.h becomes HIP's cooperative-groups header
// where every use of those names in the file was translated, and stays,
// reported, otherwise.
//
//===----------------------------------------------------------------------===//
#include "hipkit/hipify/Tables/NameResolver.h"
#include "hipkit/hipify/Translation/RewriteRule.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/TypeLoc.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/FormatVariadic.h"

using namespace clang;
using namespace hipkit::hipify;

namespace {

constexpr llvm::StringLiteral RuleName = "tilereduce";
/// An operator argument of a call left and reported as a whole.
constexpr llvm::StringLiteral CoveredName = "tilereduce-covered";

/// The reduction, with the user's three arguments after it: CUDA's own loop
/// for a tile, on a copy of the value, returning the operator's type.
constexpr llvm::StringLiteral Butterfly =
    "[](const auto &tile, auto value, auto op) -> decltype(op(value, value)) "
    "{ for (unsigned lane = tile.size() / 2; lane > 0; lane /= 2) value = "
    "op(value, tile.shfl_xor(value, lane)); return value; }";

/// What CUDA's operator \p Name (details/functional.h) computes, as a lambda
/// on the value's type; empty for a name that is no such operator.
llvm::StringRef operatorLambda(llvm::StringRef Name) {
  return llvm::StringSwitch<llvm::StringRef>(Name)
      .Case("plus",
            "[](auto a, decltype(a) b) -> decltype(a) { return a + b; }")
      .Case(
          "less",
          "[](auto a, decltype(a) b) -> decltype(a) { return b < a ? b : a; }")
      .Case(
          "greater",
          "[](auto a, decltype(a) b) -> decltype(a) { return a < b ? b : a; }")
      .Case("bit_and",
            "[](auto a, decltype(a) b) -> decltype(a) { return a & b; }")
      .Case("bit_or",
            "[](auto a, decltype(a) b) -> decltype(a) { return a | b; }")
      .Case("bit_xor",
            "[](auto a, decltype(a) b) -> decltype(a) { return a ^ b; }")
      .Default("");
}

/// Whether \p D is declared in CUDA's cooperative_groups namespace (or one of
/// its ABI namespaces, `cooperative_groups::__v1`).
bool inCooperativeGroups(const NamedDecl *D) {
  return D && llvm::StringRef(D->getQualifiedNameAsString())
                  .starts_with("cooperative_groups::");
}

/// Whether \p T (a call argument's type) is a thread_block_tile, also one
/// still dependent on a template parameter (`thread_block_tile<N>`).
bool isThreadBlockTile(QualType T) {
  T = T.getNonReferenceType();
  if (const auto *TST = T->getAs<TemplateSpecializationType>()) {
    const TemplateDecl *TD = TST->getTemplateName().getAsTemplateDecl();
    return TD && TD->getName() == "thread_block_tile" &&
           inCooperativeGroups(TD);
  }
  const CXXRecordDecl *RD = T->getAsCXXRecordDecl();
  return RD && RD->getName() == "thread_block_tile" && inCooperativeGroups(RD);
}

/// The operator argument `cg::plus<T>()` as written: the location of the
/// template's name and the lambda it becomes; none for any other argument.
struct CudaOperator {
  SourceLocation NameLoc;
  llvm::StringRef Lambda;
};
/// Whether \p E is `{}` as written: CUDA 13's operators derive from
/// cuda::std's, so `cg::plus<float>{}` initializes its bases with implicit,
/// empty initializer lists.
bool writtenEmpty(const Expr *E) {
  const auto *List = dyn_cast<InitListExpr>(E->IgnoreImplicit());
  if (!List)
    return false;
  return llvm::all_of(List->inits(), [](const Expr *Init) {
    return isa<ImplicitValueInitExpr>(Init) || writtenEmpty(Init);
  });
}

std::optional<CudaOperator> cudaOperator(const Expr *Arg) {
  Arg = Arg->IgnoreImplicit();
  if (const auto *Construct = dyn_cast<CXXConstructExpr>(Arg))
    if (Construct->isElidable() && Construct->getNumArgs() == 1)
      Arg = Construct->getArg(0)->IgnoreImplicit();
  const TypeSourceInfo *Written = nullptr;
  if (const auto *Temporary = dyn_cast<CXXTemporaryObjectExpr>(Arg))
    Written =
        Temporary->getNumArgs() == 0 ? Temporary->getTypeSourceInfo() : nullptr;
  else if (const auto *Unresolved = dyn_cast<CXXUnresolvedConstructExpr>(Arg))
    Written = Unresolved->getNumArgs() == 0 ? Unresolved->getTypeSourceInfo()
                                            : nullptr;
  else if (const auto *Cast = dyn_cast<CXXFunctionalCastExpr>(Arg))
    Written = writtenEmpty(Cast->getSubExpr()) ? Cast->getTypeInfoAsWritten()
                                               : nullptr;
  if (!Written)
    return std::nullopt;
  TypeLoc TL = Written->getTypeLoc().getUnqualifiedLoc();
  if (auto Elaborated = TL.getAs<ElaboratedTypeLoc>())
    TL = Elaborated.getNamedTypeLoc();
  auto Specialization = TL.getAs<TemplateSpecializationTypeLoc>();
  if (!Specialization)
    return std::nullopt;
  const TemplateDecl *TD =
      Specialization.getTypePtr()->getTemplateName().getAsTemplateDecl();
  if (!TD || !inCooperativeGroups(TD))
    return std::nullopt;
  llvm::StringRef Lambda = operatorLambda(TD->getName());
  if (Lambda.empty())
    return std::nullopt;
  return CudaOperator{Specialization.getTemplateNameLoc(), Lambda};
}

class TileReduceRule : public RewriteRule {
public:
  explicit TileReduceRule(llvm::StringRef Text)
      : RewriteRule(RewriteRuleKind::TileReduce), Text(Text) {}

  void rewriteCall(CallEditor &Editor, const CallSite &Site) const override {
    if (translate(Editor, Site))
      return;
    // The call is reported: CUDA's operators among its arguments are part of
    // that one warning, counted but not reported again.
    for (const Expr *Arg : Site.Call.arguments())
      if (std::optional<CudaOperator> Operator = cudaOperator(Arg)) {
        unsigned Offset;
        if (RuleEdits *FT = Editor.translationAt(Operator->NameLoc, Offset))
          FT->firstRewriteAt(Offset, CoveredName);
      }
  }

  bool rewriteReference(RuleEdits &FT, unsigned Offset, const ApiMapping &Row,
                        EditOrigin Origin,
                        NameDecision &Decision) const override {
    if (Decision.Action != NameAction::ReportUnsupported)
      return true;
    if (FT.rewroteAt(Offset, RuleName)) {
      // The call (or its operator) was written as the butterfly above.
      FT.countConverted(Row, Origin);
      return false;
    }
    FT.countUnconverted(Row);
    if (!FT.rewroteAt(Offset, CoveredName))
      FT.warn(
          Offset, warning_names::Unsupported,
          llvm::formatv("'{0}' has no HIP equivalent: {1}; left untranslated",
                        Row.CudaName, Text));
    return false;
  }

  std::optional<llvm::StringRef>
  includeReplacement(RuleEdits &FT, const ApiMapping &) const override {
    // Any name of the header left in the file keeps the include, reported.
    for (const auto &[Name, Count] : FT.statistics().UnconvertedByName)
      if (const ApiMapping *Row = lookupCudaName(Name))
        if (Row->Kind != NameKind::Header)
          if (const RewriteRule *Rule = RewriteRule::forRow(*Row))
            if (Rule->kind() == RewriteRuleKind::TileReduce)
              return std::nullopt;
    // The butterfly needs the tile's shfl_xor: HIP's cooperative groups.
    const ApiMapping *Groups =
        NameResolver::resolveHeader("cooperative_groups.h");
    if (!Groups || Groups->HipName.empty())
      return std::nullopt;
    return Groups->HipName;
  }

private:
  /// Writes a reduce on a tile as the butterfly; false when the call is not
  /// one that can be (left to be reported).
  bool translate(CallEditor &Editor, const CallSite &Site) const {
    const CallExpr &Call = Site.Call;
    if (Site.Row.CudaName != "cooperative_groups::reduce" ||
        Call.getNumArgs() != 3)
      return false;
    const Expr *Callee = Call.getCallee()->IgnoreImplicit();
    // `cg::reduce<...>(...)` names its own types: left, reported.
    if (const auto *Ref = dyn_cast<DeclRefExpr>(Callee);
        Ref && Ref->hasExplicitTemplateArgs())
      return false;
    if (const auto *Lookup = dyn_cast<UnresolvedLookupExpr>(Callee);
        Lookup && Lookup->hasExplicitTemplateArgs())
      return false;
    const Expr *Group = writtenArgument(Call, 0);
    const Expr *Op = writtenArgument(Call, 2);
    if (!Group || !writtenArgument(Call, 1) || !Op ||
        !isThreadBlockTile(Group->getType()))
      return false;
    unsigned NameOffset;
    RuleEdits *FT = Editor.translationAt(Site.NameLoc, NameOffset);
    if (!FT)
      return false;
    unsigned CalleeBegin, CalleeEnd;
    if (!Editor.fileRange(
            CharSourceRange::getTokenRange(Callee->getSourceRange()), FT,
            CalleeBegin, CalleeEnd))
      return false;
    std::optional<CudaOperator> Operator = cudaOperator(Op);
    // An operator object of CUDA's declared apart (`cg::plus<int> op;`) has a
    // type HIP lacks: its declaration is reported, and so is the call.
    if (!Operator && isCudaOperatorType(Op->getType()))
      return false;
    unsigned OpBegin = 0, OpEnd = 0, OpNameOffset = 0;
    if (Operator &&
        (Editor.translationAt(Operator->NameLoc, OpNameOffset) != FT ||
         !Editor.fileRange(CharSourceRange::getTokenRange(Op->getSourceRange()),
                           FT, OpBegin, OpEnd)))
      return false;
    // A macro argument expanded twice puts one spelling in two calls.
    if (!FT->firstRewriteAt(NameOffset, RuleName))
      return true;
    FT->addEdit(CalleeBegin, CalleeEnd - CalleeBegin, Butterfly,
                EditOrigin::AST);
    if (Operator) {
      FT->firstRewriteAt(OpNameOffset, RuleName);
      FT->addEdit(OpBegin, OpEnd - OpBegin, Operator->Lambda, EditOrigin::AST);
    }
    return true;
  }

  static bool isCudaOperatorType(QualType T) {
    const CXXRecordDecl *RD = T.getNonReferenceType()->getAsCXXRecordDecl();
    return RD && inCooperativeGroups(RD) &&
           !operatorLambda(RD->getName()).empty();
  }

  llvm::StringRef Text; ///< Points into the constant table.
};

} // namespace

std::unique_ptr<RewriteRule>
hipkit::hipify::createTileReduceRule(llvm::StringRef Text) {
  if (Text.empty())
    return nullptr;
  return std::make_unique<TileReduceRule>(Text);
}
