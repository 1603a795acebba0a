//===- RewriteRule.h - What a row's rewrite column does ---------*- C++ -*-===//
//
// A row's `rewrite` column (tables/README.md) names a rule of the registry
// RewriteRules.def and gives it an argument: `drop:0`, `cast:1:const void *`,
// `value:11070`. Each rule is one small class (lib/Translation/Rules/<Class>.cpp) with
// the parser of its argument, the AST engine's rewrite of a call and either
// engine's rewrite of a reference; the engines only call them. Rules are
// parsed once per row.
//
//===----------------------------------------------------------------------===//
#ifndef HIPKIT_HIPIFY_REWRITERULE_H
#define HIPKIT_HIPIFY_REWRITERULE_H

#include "hipkit/hipify/Source/SourceText.h"
#include "hipkit/hipify/Tables/MappingTable.h"
#include "hipkit/hipify/Tables/NamePolicy.h"
#include "hipkit/hipify/Tables/NameResolver.h"
#include "hipkit/hipify/Translation/EditBuffer.h"
#include "hipkit/hipify/Translation/FileWarnings.h"
#include "hipkit/hipify/Translation/Statistics.h"

#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"

#include <memory>
#include <optional>
#include <vector>

namespace clang {
class CallExpr;
class Expr;
class FunctionDecl;
class MemberExpr;
class SourceManager;
} // namespace clang

namespace hipkit::hipify {

enum class RewriteRuleKind {
#define HIPIFY_REWRITE_RULE(Name, Class, Syntax, Kind, NeedsFallback, Test,    \
                            Doc)                                               \
  Class,
#include "hipkit/hipify/Tables/RewriteRules.def"
};

/// What a rule may read of one file's translation and add to it: the rules'
/// own view of a file, which FileTranslation gives them. A rule sees the text,
/// the resolver, its edits, counts and warnings, never the rest of the record
/// (the references, the helpers' placement), so that the rules do not depend
/// on the record that calls them (FileTranslation::addReference).
class RuleEdits {
public:
  using ArgumentPiece = EditBuffer::ArgumentPiece;

  virtual ~RuleEdits();

  /// The file's bytes, and its raw tokens and directive index (SourceText.h).
  virtual llvm::StringRef contents() const = 0;
  virtual const SourceText &source() const = 0;
  /// "\r\n" when the file's lines end so, else "\n": inserted lines match.
  virtual llvm::StringRef lineEnding() const = 0;
  /// Which row a CUDA spelling denotes in this file.
  virtual const NameResolver &resolver() const = 0;

  /// An edit that is not a name (FileTranslation::addEdit): \p Kind is the
  /// statistics category ("include") or empty when the edit is part of a
  /// change already counted.
  virtual void addEdit(unsigned Offset, unsigned Length, llvm::StringRef Text,
                       EditOrigin Origin, llvm::StringRef Kind = "",
                       llvm::StringRef Api = "") = 0;
  /// Removes [Begin, End) as the argument drop of the call whose callee name
  /// is at \p NameOffset (the drop:N rule); each call is edited once,
  /// whichever engine asks.
  virtual void addArgumentDrop(unsigned NameOffset, unsigned Begin,
                               unsigned End) = 0;
  virtual bool hasArgumentDrop(unsigned NameOffset) const = 0;
  /// Rearranges the call's argument list (EditBuffer::addArrangement); each
  /// call is rearranged once, whichever engine asks.
  virtual void addArgumentArrangement(unsigned NameOffset, OffsetRange List,
                                      std::vector<OffsetRange> Arguments,
                                      std::vector<ArgumentPiece> Pieces) = 0;
  virtual bool hasArgumentArrangement(unsigned NameOffset) const = 0;
  /// Removes the name of \p Row at \p Offset (\p Length bytes, with the
  /// blanks after it), counts it as translated and notes \p Message (the
  /// `remove` rule). A porting check's report of the same spelling is then
  /// dropped: the translation has done what it asks for.
  virtual void removeName(unsigned Offset, unsigned Length,
                          const ApiMapping &Row, EditOrigin Origin,
                          const llvm::Twine &Message) = 0;
  /// The code of HelperBlocks.def's block \p Block is needed from \p Offset
  /// on (a call the `helper` rule wrote); the translation writes it once.
  virtual void requireHelper(llvm::StringRef Block, unsigned Offset) = 0;

  /// True the first time a rule asks for \p Offset under \p Rule's name: a
  /// macro argument expanded several times (BOOL_SWITCH's branches) puts one
  /// spelling in several calls, which a rule must edit once.
  virtual bool firstRewriteAt(unsigned Offset, llvm::StringRef Rule) = 0;
  /// Whether a rule has asked firstRewriteAt for \p Offset under \p Rule's
  /// name: a call rewrite tells the later reference to the same name so.
  virtual bool rewroteAt(unsigned Offset, llvm::StringRef Rule) const = 0;

  /// Counts a reference to \p Row as translated by an edit the rule made.
  virtual void countConverted(const ApiMapping &Row, EditOrigin Origin) = 0;
  /// Counts a reference to \p Row left untranslated.
  virtual void countUnconverted(const ApiMapping &Row) = 0;
  /// The file's counts so far.
  virtual const TranslationStatistics &statistics() const = 0;
  /// A warning at \p Offset, named \p Check (see warning_names).
  virtual void warn(unsigned Offset, llvm::StringRef Check,
                    const llvm::Twine &Message) = 0;
  /// A `note:` saying what was done (or deliberately not done) at \p Offset.
  virtual void note(unsigned Offset, llvm::StringRef Check,
                    const llvm::Twine &Message) = 0;
};

/// What the AST engine offers a rule rewriting a call: where the user's text
/// is, in which of the translated files.
class CallEditor {
public:
  virtual ~CallEditor() = default;
  virtual clang::SourceManager &sourceManager() = 0;
  /// The translation of the user's file that spells \p Loc, and the offset
  /// there; nullptr for code that is not the user's.
  virtual RuleEdits *translationAt(clang::SourceLocation Loc,
                                   unsigned &Offset) = 0;
  /// The offsets of \p Range in \p FT when the user wrote it there as one
  /// piece of text (in the file itself or as a macro argument).
  virtual bool fileRange(clang::CharSourceRange Range, RuleEdits *FT,
                         unsigned &Begin, unsigned &End) = 0;
};

/// An overload of a CUDA function that HIP's headers define and CUDA's lack
/// (`atomicMax(float*,float)`), with the HIP version that first has it.
struct HipDefinedOverload {
  /// The parameters' canonical types, comma-separated, without spaces; an
  /// operator's as `operator+=(float4,float4)`.
  llvm::StringRef Parameters;
  llvm::StringRef Version;
};

/// \p FD's parameters as `hipdefines` lists write them: canonical types
/// without top-level qualifiers, comma-separated, without spaces
/// (`__half2*,__half2`).
std::string overloadParameters(const clang::FunctionDecl &FD);
/// Whether a `hipdefines` list's \p Written parameters (which may have
/// spaces: `unsigned long*,unsigned long`) are \p Key.
bool sameOverloadParameters(llvm::StringRef Written, llvm::StringRef Key);

/// A call the AST engine found to a function whose row has a rewrite, made
/// from the callee reference's one resolution (NameResolver::resolve), so that
/// the rule reads the decision addReference writes for the name.
struct CallSite {
  CallSite(const clang::CallExpr &Call, clang::SourceLocation NameLoc,
           const Resolution &Resolved)
      : Call(Call), NameLoc(NameLoc), Row(*Resolved.Row),
        Decision(Resolved.Decision) {}

  const clang::CallExpr &Call;
  /// Where the callee's name is spelled.
  clang::SourceLocation NameLoc;
  const ApiMapping &Row;
  /// What the name becomes (the fallback, or not).
  NameDecision Decision;
};

class RewriteRule {
public:
  virtual ~RewriteRule();

  /// The rule of \p Row (a row of getAllMappings()), or nullptr when the row
  /// is a plain rename.
  static const RewriteRule *forRow(const ApiMapping &Row);
  /// The rule of \p Resolved's row, or nullptr (no row, or no rule).
  static const RewriteRule *forResolution(const Resolution &Resolved) {
    return Resolved.hasRule() ? forRow(*Resolved.Row) : nullptr;
  }
  /// Parses a `rewrite` column; nullptr when it names no rule or its argument
  /// does not parse (gen_mapping_table.py has rejected both).
  static std::unique_ptr<RewriteRule> parse(llvm::StringRef Rewrite);

  RewriteRuleKind kind() const { return Kind; }
  /// "drop", "cast", "value".
  llvm::StringRef name() const;
  /// The rule's line in docs/hipify/rules.md.
  llvm::StringRef doc() const;

  /// A reference to the row's name at \p Offset of \p FT, found by either
  /// engine (\p Origin), before it is rewritten as \p Decision says. The rule
  /// may change the decision, or edit the text around the name (the token
  /// engine's rewrite of a call). Returns false when the reference is to be
  /// left as it is, the rule having reported why.
  virtual bool rewriteReference(RuleEdits &FT, unsigned Offset,
                                const ApiMapping &Row, EditOrigin Origin,
                                NameDecision &Decision) const;
  /// The AST engine's rewrite of a call to the row's function.
  virtual void rewriteCall(CallEditor &Editor, const CallSite &Site) const;
  /// The token engine's rewrite of an include of the row's header, written
  /// as \p Written (\p LineStart: the start of the include's line,
  /// \p NameOffset: the header name's), under \p Policy's options.
  virtual void rewriteInclude(RuleEdits &FT, unsigned LineStart,
                              unsigned NameOffset, const ApiMapping &Row,
                              llvm::StringRef Written,
                              const NamePolicy &Policy) const;
  /// An include of the row's header, which NamePolicy reports as lacking a
  /// HIP counterpart: the HIP header to write instead where the rule has
  /// translated every use of the header's names in \p FT (the token engine
  /// asks after both engines' names), or std::nullopt to report it.
  virtual std::optional<llvm::StringRef>
  includeReplacement(RuleEdits &FT, const ApiMapping &Row) const;
  /// The AST engine's rewrite of a member access `E` whose object has the
  /// row's type (`perf.algo` for a cudnnConvolutionFwdAlgoPerf_t).
  virtual void rewriteMember(CallEditor &Editor, const clang::MemberExpr &E,
                             const ApiMapping &Row) const;
  /// The AST engine's rewrite of an empty braced list assigned to an object
  /// of the row's type (`acc = {};`), whose `{` is at \p LeftBrace.
  virtual void rewriteEmptyBraces(CallEditor &Editor,
                                  clang::SourceLocation LeftBrace,
                                  const ApiMapping &Row) const;
  /// The overloads of the row's function that HIP defines and CUDA lacks,
  /// whose user definitions are redefinitions on AMD (TranslationCollisions).
  virtual llvm::ArrayRef<HipDefinedOverload> hipDefinedOverloads() const {
    return {};
  }

protected:
  explicit RewriteRule(RewriteRuleKind Kind) : Kind(Kind) {}
  /// Call argument \p Index as the user wrote it, or nullptr when the call
  /// has fewer or it is a default argument.
  static const clang::Expr *writtenArgument(const clang::CallExpr &Call,
                                            unsigned Index);

private:
  RewriteRuleKind Kind;
};

/// The factories of the rules, one per RewriteRules.def entry, defined in
/// lib/Translation/Rules/<Class>.cpp: the rule for \p Argument (the text after "name:"),
/// or nullptr when it does not parse.
#define HIPIFY_REWRITE_RULE(Name, Class, Syntax, Kind, NeedsFallback, Test,    \
                            Doc)                                               \
  std::unique_ptr<RewriteRule> create##Class##Rule(llvm::StringRef Argument);
#include "hipkit/hipify/Tables/RewriteRules.def"

} // namespace hipkit::hipify

#endif
