//===- BuildFileEdits.cpp - Edits shared by the build-file kinds ----------===//
//
// What a compiler flag of a CMake file, a Makefile or a setup.py becomes, and
// how each kind records a spelling it leaves: below both readers
// (BuildFileMigration.cpp, SetupPyMigration.cpp), which share nothing else.
//
//===----------------------------------------------------------------------===//
#include "BuildFileEdits.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"

using namespace hipkit;
using namespace hipkit::hipify;
using namespace hipkit::hipify::buildfile;
namespace nvcc = hipkit::nvcc;

void buildfile::Editor::leave(unsigned Offset, const llvm::Twine &Message) {
  FT.warn(Offset, warning_names::BuildFileLeft, Message);
  TranslationStatistics &S = FT.statistics();
  ++S.Unconverted;
  ++S.UnconvertedByKind[StatisticsKind.str()];
  ++S.UnconvertedByApi[Api.str()];
}

bool buildfile::namesNvidiaProcessors(llvm::StringRef Value) {
  Value = Value.trim("\"'\\");
  if (Value.starts_with("sm_") || Value.starts_with("compute_") ||
      Value.starts_with("lto_") || Value.starts_with("arch=") ||
      Value.starts_with("$(") || Value.starts_with("${") ||
      Value.starts_with("{"))
    return true;
  return Value == "native" || Value == "all" || Value == "all-major";
}

FlagOutcome buildfile::decideNvccFlag(const nvcc::FlagMatch &M,
                                      llvm::StringRef Spelling) {
  using Action = FlagOutcome::Action;
  const nvcc::FlagRow &R = *M.Row;
  FlagOutcome Out;
  llvm::StringRef Value = M.Value.value_or("");
  if (R.namesProcessors()) {
    // -arch and -code are other compilers' flags too (-arch x86_64): only
    // NVIDIA processors make them nvcc's.
    if (namesNvidiaProcessors(Value))
      Out.What = Action::Processor;
    return Out;
  }
  if (R.hasNoCounterpart()) {
    Out.What = Action::Leave;
    Out.Message =
        ("nvcc's '" + Spelling + "' has no HIP counterpart: " + R.Why).str();
    return Out;
  }
  if (R.isJobCount()) {
    // -t is other tools' flag too (cp -t DIR): nvcc's takes a number.
    if (!Spelling.ltrim('-').starts_with(R.Long) &&
        (Value.empty() || !llvm::all_of(Value, llvm::isDigit)))
      return Out;
    Out.What = Action::Remove;
    Out.Message = ("removed nvcc's '" + Spelling +
                   "': hipkit's hipcc compiles the AMD processors of a "
                   "source in parallel by itself (its -j), which other "
                   "hipcc's and clang do not take")
                      .str();
    return Out;
  }
  if (R.isHostCompilerOptions()) {
    // -Xcompiler -O2,-fPIC or -Xcompiler "-O2 -fPIC": clang takes the host
    // compiler's options itself.
    llvm::SmallVector<llvm::StringRef, 4> Options;
    llvm::SplitString(Value.trim("\"'\\"), Options, ", \t");
    for (llvm::StringRef O : Options)
      Out.Words.push_back(O.trim("\"'").str());
    Out.What = Out.Words.empty() ? Action::Remove : Action::Replace;
    return Out;
  }
  llvm::SmallVector<llvm::StringRef, 4> Words;
  llvm::StringRef(R.Amd).split(Words, ' ', -1, /*KeepEmpty=*/false);
  for (llvm::StringRef W : Words) {
    std::string Word = W.str();
    if (size_t At = Word.find("$VALUE"); At != std::string::npos)
      Word.replace(At, 6, Value.str());
    Out.Words.push_back(std::move(Word));
  }
  Out.What = Out.Words.empty() ? Action::Remove : Action::Replace;
  return Out;
}

/// The macros CUDA's own headers test to switch features off
/// (__CUDA_NO_HALF_OPERATORS__, __CUDA_NO_BFLOAT16_CONVERSIONS__): a -D or
/// -U of one the tables lack still names CUDA, and is reported.
static constexpr llvm::StringLiteral CudaHeaderSwitchPrefix = "__CUDA_NO_";

std::optional<FlagOutcome>
buildfile::decideMacroFlag(llvm::StringRef Word, const FileTranslation &FT,
                           const NamePolicy &Policy) {
  using Action = FlagOutcome::Action;
  llvm::StringRef Flag = Word.take_front(2);
  if (Flag != "-D" && Flag != "-U")
    return std::nullopt;
  llvm::StringRef Name = Word.drop_front(2);
  llvm::StringRef Rest = Name.substr(Name.find('='));
  Name = Name.take_front(Name.size() - Rest.size());
  FlagOutcome Out;
  // The tables' rows are the one answer, as in the sources.
  const ApiMapping *Row = FT.resolver().resolve(Name);
  if (!Row || Row->Kind != NameKind::Macro) {
    if (!Name.starts_with(CudaHeaderSwitchPrefix))
      return std::nullopt;
    Out.What = Action::Leave;
    Out.Message = ("'" + Word + "' names '" + Name +
                   "', a switch of CUDA's headers that hipify's tables do not "
                   "map; HIP's headers do not read it: write HIP's switch, or "
                   "remove it")
                      .str();
    return Out;
  }
  NameDecision Decision = FT.resolver().resolution(*Row, Policy).Decision;
  if (Decision.Action == NameAction::KeepIdentical)
    return Out;
  if (!Row->Rewrite.empty()) {
    // CUDA_VERSION's counterpart counts otherwise (HIP_VERSION): defining
    // it with CUDA's value would lie.
    Out.What = Action::Leave;
    Out.Message = ("'" + Word + "' sets CUDA's '" + Name +
                   "', whose HIP counterpart '" + Decision.Replacement +
                   "' has other values; write HIP's setting, or remove it")
                      .str();
    return Out;
  }
  if (Decision.Action != NameAction::Rewrite) {
    Out.What = Action::Leave;
    Out.Message = ("'" + Word + "' names CUDA's '" + Name +
                   "', which HIP has no counterpart of; HIP's headers do not "
                   "read it: remove it")
                      .str();
    return Out;
  }
  Out.What = Action::Replace;
  Out.Words.push_back((Flag + Decision.Replacement + Rest).str());
  return Out;
}
