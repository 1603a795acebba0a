//===- CallArguments.cpp --------------------------------------------------===//
#include "hipkit/hipify/Translation/CallArguments.h"

#include "hipkit/hipify/Source/CudaLexer.h"

#include "clang/Basic/CharInfo.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

using namespace hipkit::hipify;

namespace {

OffsetRange trimmed(llvm::StringRef Text, unsigned Begin, unsigned End) {
  while (Begin < End && clang::isWhitespace(Text[Begin]))
    ++Begin;
  while (End > Begin && clang::isWhitespace(Text[End - 1]))
    --End;
  return {Begin, End};
}

} // namespace

std::optional<CallArguments>
hipkit::hipify::findCallArguments(llvm::StringRef Text, unsigned NameOffset) {
  CudaRawLexer Lex(Text, NameOffset);
  if (Lex.next().Kind != clang::tok::raw_identifier)
    return std::nullopt;
  RawToken Open = Lex.next();
  if (Open.Kind != clang::tok::l_paren)
    return std::nullopt;
  CallArguments Call;
  Call.List.Begin = Open.end();
  Call.Starts.push_back(Open.end());
  unsigned Depth = 0;
  for (RawToken T = Lex.next();; T = Lex.next()) {
    switch (T.Kind) {
    case clang::tok::eof:
      return std::nullopt;
    case clang::tok::l_paren:
    case clang::tok::l_square:
    case clang::tok::l_brace:
      ++Depth;
      continue;
    case clang::tok::r_paren:
    case clang::tok::r_square:
    case clang::tok::r_brace:
      if (Depth == 0) {
        Call.List.End = T.Offset;
        break;
      }
      --Depth;
      continue;
    case clang::tok::comma:
      if (Depth == 0)
        Call.Starts.push_back(T.end());
      continue;
    default:
      continue;
    }
    break;
  }
  for (size_t I = 0; I != Call.Starts.size(); ++I) {
    unsigned End =
        I + 1 < Call.Starts.size() ? Call.Starts[I + 1] - 1 : Call.List.End;
    Call.Arguments.push_back(trimmed(Text, Call.Starts[I], End));
  }
  if (Call.Arguments.size() == 1 &&
      Call.Arguments[0].Begin == Call.Arguments[0].End)
    Call.Arguments.clear();
  return Call;
}

llvm::StringRef CallArguments::argumentText(llvm::StringRef Text,
                                            unsigned I) const {
  unsigned End = I + 1 < Starts.size() ? Starts[I + 1] - 1 : List.End;
  return Text.slice(Starts[I], End);
}

std::optional<OffsetRange>
hipkit::hipify::argumentsRange(llvm::StringRef Text, const CallArguments &Call,
                               unsigned First, unsigned Count) {
  unsigned Last = First + Count;
  if (Count == 0 || Last > Call.Starts.size())
    return std::nullopt;
  auto SkipSpace = [&](unsigned At) {
    while (At < Text.size() && clang::isWhitespace(Text[At]))
      ++At;
    return At;
  };
  // The arguments and their commas, up to the next argument's first character.
  if (Last < Call.Starts.size())
    return OffsetRange{SkipSpace(Call.Starts[First]),
                       SkipSpace(Call.Starts[Last])};
  // The last ones: from the comma before them to the parenthesis.
  if (First > 0)
    return OffsetRange{Call.Starts[First] - 1, Call.List.End};
  return OffsetRange{Call.Starts[0], Call.List.End};
}

std::string hipkit::hipify::argumentWord(llvm::StringRef Text,
                                         OffsetRange Argument) {
  // The tokens' spellings, without the comments and spaces between them.
  std::string Word;
  CudaRawLexer Lex(Text, Argument.Begin);
  for (RawToken T = Lex.next();
       T.Kind != clang::tok::eof && T.Offset < Argument.End; T = Lex.next())
    Word += Text.substr(T.Offset, std::min(T.end(), Argument.End) - T.Offset);
  llvm::StringRef W = Word;
  while (W.starts_with("(") && W.ends_with(")"))
    W = W.drop_front().drop_back();
  W.consume_front("::");
  return W.str();
}

bool hipkit::hipify::parseArgumentPieces(
    llvm::StringRef Spec, std::vector<RuleEdits::ArgumentPiece> &Pieces) {
  llvm::SmallVector<llvm::StringRef, 16> Items;
  Spec.split(Items, ',');
  for (llvm::StringRef Item : Items) {
    unsigned Index;
    if (Item.starts_with("=") && Item.size() > 1)
      Pieces.push_back({-1, Item.drop_front().str()});
    else if (!Item.getAsInteger(10, Index))
      Pieces.push_back({static_cast<int>(Index), "", ""});
    else
      return false;
  }
  return !Pieces.empty();
}

bool hipkit::hipify::parseArgumentConditions(
    llvm::StringRef Spec,
    llvm::SmallVectorImpl<ArgumentCondition> &Conditions) {
  llvm::SmallVector<llvm::StringRef, 2> Texts;
  Spec.split(Texts, '&');
  for (llvm::StringRef One : Texts) {
    auto [Index, Names] = One.split('=');
    ArgumentCondition Cond;
    if (Index.getAsInteger(10, Cond.Argument) || Names.empty())
      return false;
    Names.split(Cond.Names, '|');
    Conditions.push_back(std::move(Cond));
  }
  return true;
}

bool hipkit::hipify::argumentConditionsHold(
    llvm::StringRef Text, const CallArguments &Call,
    llvm::ArrayRef<ArgumentCondition> Conditions) {
  return llvm::all_of(Conditions, [&](const ArgumentCondition &Cond) {
    if (Cond.Argument >= Call.Arguments.size())
      return false;
    std::string Word = argumentWord(Text, Call.Arguments[Cond.Argument]);
    return llvm::is_contained(Cond.Names, Word);
  });
}

std::string hipkit::hipify::describeConditions(
    llvm::ArrayRef<ArgumentCondition> Conditions) {
  std::string Text;
  for (size_t J = 0; J != Conditions.size(); ++J) {
    if (J)
      Text += " and ";
    Text += llvm::formatv("argument {0} is ", Conditions[J].Argument).str();
    Text += llvm::join(Conditions[J].Names, " or ");
  }
  return Text;
}

bool hipkit::hipify::mayHaveSideEffects(llvm::StringRef ArgumentText) {
  return ArgumentText.find_first_of("(=") != llvm::StringRef::npos ||
         ArgumentText.contains("++") || ArgumentText.contains("--");
}

bool hipkit::hipify::reportUseWithoutCall(RuleEdits &FT, unsigned Offset,
                                          const ApiMapping &Row,
                                          llvm::StringRef Written,
                                          llvm::StringRef Why) {
  FT.countUnconverted(Row);
  FT.warn(Offset, warning_names::CallNotFound,
          llvm::formatv("'{0}' is used without a call, and '{1}' {2}; left "
                        "untranslated",
                        Row.CudaName, Written, Why));
  return false;
}

std::optional<CallArguments> hipkit::hipify::callToArrange(
    RuleEdits &FT, unsigned Offset, const ApiMapping &Row,
    const NameDecision &Decision, llvm::StringRef Why, bool &Done) {
  Done = true;
  if (!awaitsArrangement(FT, Offset, Decision))
    return std::nullopt;
  std::optional<CallArguments> Call = findCallArguments(FT.contents(), Offset);
  if (!Call)
    Done = reportUseWithoutCall(FT, Offset, Row, Decision.Replacement, Why);
  return Call;
}

bool hipkit::hipify::arrangeCallArguments(
    RuleEdits &FT, unsigned NameOffset, const ApiMapping &Row,
    llvm::StringRef Written, const CallArguments &Call,
    const std::vector<RuleEdits::ArgumentPiece> &Pieces) {
  unsigned Needed = 0;
  llvm::SmallVector<unsigned, 16> Uses(Call.Arguments.size() + 1);
  for (const RuleEdits::ArgumentPiece &Piece : Pieces)
    if (Piece.Index >= 0) {
      Needed = std::max<unsigned>(Needed, Piece.Index + 1);
      if (static_cast<size_t>(Piece.Index) < Call.Arguments.size())
        ++Uses[Piece.Index];
    }
  if (Call.Arguments.size() < Needed) {
    FT.countUnconverted(Row);
    FT.warn(NameOffset, warning_names::RuleNotApplied,
            llvm::formatv("'{0}' is called with {1} arguments, but its form "
                          "'{2}' needs at least {3} of them; left untranslated",
                          Row.CudaName, Call.Arguments.size(), Written,
                          Needed));
    return false;
  }
  // An argument written twice is evaluated twice: only names, members and
  // constants may be.
  for (size_t I = 0; I != Call.Arguments.size(); ++I) {
    if (Uses[I] < 2)
      continue;
    llvm::StringRef Text =
        FT.contents().slice(Call.Arguments[I].Begin, Call.Arguments[I].End);
    if (mayHaveSideEffects(Text)) {
      FT.countUnconverted(Row);
      FT.warn(NameOffset, warning_names::RuleNotApplied,
              llvm::formatv("'{0}' becomes '{1}', which takes argument {2} "
                            "('{3}') twice; it may have side effects, so the "
                            "call is left untranslated (pass a variable)",
                            Row.CudaName, Written, I, Text));
      return false;
    }
  }
  FT.addArgumentArrangement(NameOffset, Call.List, Call.Arguments, Pieces);
  return true;
}
