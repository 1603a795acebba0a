//===- CallArguments.h - A call's arguments found in its text ---*- C++ -*-===//
//
// The rules that rearrange a call's arguments (`arguments`, `when`) work on
// the text from the callee's name on, so that both engines, macro bodies and
// skipped blocks are handled alike: the arguments are split at the commas of
// the call's own parentheses, past nested brackets, literals and comments,
// as clang's raw lexer reads them (CudaLexer.h), the same tokens the token
// engine sees. Every rule that edits a call's text finds the call here.
//
//===----------------------------------------------------------------------===//
#ifndef HIPKIT_HIPIFY_CALLARGUMENTS_H
#define HIPKIT_HIPIFY_CALLARGUMENTS_H

#include "hipkit/hipify/Tables/NamePolicy.h"
#include "hipkit/hipify/Translation/RewriteRule.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace hipkit::hipify {

struct CallArguments {
  /// From after the `(` to the `)`.
  OffsetRange List;
  /// Where each argument's text starts: just after its `(` or `,`; one for
  /// `f()`.
  std::vector<unsigned> Starts;
  /// Each argument without the spaces around it; none for `f()`.
  std::vector<OffsetRange> Arguments;

  /// Argument \p I as written, with the spaces around it.
  llvm::StringRef argumentText(llvm::StringRef Text, unsigned I) const;
};

/// The call whose callee name starts at \p NameOffset of \p Text, or nothing
/// when the name is not followed by an argument list. \p Text must be
/// followed by a NUL byte (a FileTranslation's contents are).
std::optional<CallArguments> findCallArguments(llvm::StringRef Text,
                                               unsigned NameOffset);

/// The range that removes arguments [First, First + Count) of \p Call with
/// their separators: up to the next argument, or, for the last ones, from
/// the comma before them. std::nullopt when the call has fewer arguments.
std::optional<OffsetRange> argumentsRange(llvm::StringRef Text,
                                          const CallArguments &Call,
                                          unsigned First, unsigned Count);

/// \p Argument's text without comments and enclosing parentheses: what a
/// rule compares with a name (`/*format*/ (CUDNN_TENSOR_NCHW)`).
std::string argumentWord(llvm::StringRef Text, OffsetRange Argument);

/// A rule's condition on a call: argument N is written as one of Names
/// (`1=CUDNN_TENSOR_NCHW|CUDNN_TENSOR_NHWC`).
struct ArgumentCondition {
  unsigned Argument;
  llvm::SmallVector<llvm::StringRef, 4> Names;
};

/// Parses `N=NAME|NAME` conditions joined by `&` into \p Conditions (which
/// point into \p Spec). Returns false when one does not parse.
bool parseArgumentConditions(
    llvm::StringRef Spec, llvm::SmallVectorImpl<ArgumentCondition> &Conditions);

/// Whether every condition holds for \p Call in \p Text.
bool argumentConditionsHold(llvm::StringRef Text, const CallArguments &Call,
                            llvm::ArrayRef<ArgumentCondition> Conditions);

/// "argument 1 is A or B and argument 2 is C", for messages.
std::string describeConditions(llvm::ArrayRef<ArgumentCondition> Conditions);

/// Whether an argument's text may have side effects (a call, an assignment,
/// an increment): such an argument may be neither written twice nor dropped.
bool mayHaveSideEffects(llvm::StringRef ArgumentText);

/// Parses a rule's argument list `0,2,=false`: call argument N, or `=TEXT`
/// written as it is. Returns false when an item is neither.
bool parseArgumentPieces(llvm::StringRef Spec,
                         std::vector<RuleEdits::ArgumentPiece> &Pieces);

/// Whether the reference at \p Offset is one an argument rule still has to
/// rewrite: its name is written as \p Decision says, its call not yet
/// rearranged (by the other engine).
inline bool awaitsArrangement(const RuleEdits &FT, unsigned Offset,
                              const NameDecision &Decision) {
  return Decision.Action == NameAction::Rewrite &&
         !FT.hasArgumentArrangement(Offset);
}

/// Reports \p Row's name at \p Offset, which a rule rewrites at its call but
/// which is used without one: counted as unconverted and warned about, \p Why
/// saying what about \p Written needs the call ("takes other arguments").
/// Returns false, the rules' "left as it is".
bool reportUseWithoutCall(RuleEdits &FT, unsigned Offset, const ApiMapping &Row,
                          llvm::StringRef Written, llvm::StringRef Why);

/// The call an argument rule rewrites at \p Offset. Where there is none to
/// rewrite, nullopt, and \p Done holds what the rule returns: true where the
/// reference awaits no arrangement (awaitsArrangement), reportUseWithoutCall's
/// false (\p Why as there) where the name is used without a call.
std::optional<CallArguments> callToArrange(RuleEdits &FT, unsigned Offset,
                                           const ApiMapping &Row,
                                           const NameDecision &Decision,
                                           llvm::StringRef Why, bool &Done);

/// Rearranges the call at \p NameOffset into \p Pieces when it has the
/// arguments they use; otherwise warns why, counts \p Row as unconverted and
/// returns false. An argument written twice must be free of side effects.
bool arrangeCallArguments(RuleEdits &FT, unsigned NameOffset,
                          const ApiMapping &Row, llvm::StringRef Written,
                          const CallArguments &Call,
                          const std::vector<RuleEdits::ArgumentPiece> &Pieces);

} // namespace hipkit::hipify

#endif
