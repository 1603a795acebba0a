//===- PortingChecksPlugin.cpp - The hipkit-porting-checks clang plugin ---===//
//
// Load with: clang++ -fplugin=<prefix>/lib/hipkit/HipkitPortingChecks.so ...
// (hipcc: --porting-checks). Arguments, each after
// -Xclang -plugin-arg-hipkit-porting-checks -Xclang:
//   checks=<globs>              which checks run (clang-tidy glob list)
//   warnings-as-errors=<globs>  which checks report errors instead
//   no-<check>                  same as checks=...,-<check>
//
//===----------------------------------------------------------------------===//
#include "hipkit/checks/CheckRegistry.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendPluginRegistry.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"

#include <memory>
#include <vector>

using namespace clang;

namespace hipkit::checks {
namespace {

/// Reports through clang's diagnostics, as warnings or (for the checks
/// --warnings-as-errors selects) errors.
class DiagnosticsSink : public HazardSink {
public:
  DiagnosticsSink(DiagnosticsEngine &Diags, GlobList AsErrors)
      : Diags(Diags), AsErrors(std::move(AsErrors)) {}
  void report(SourceLocation Loc, StringRef CheckName,
              const llvm::Twine &Message) override {
    DiagnosticsEngine::Level Level = AsErrors.contains(CheckName)
                                         ? DiagnosticsEngine::Error
                                         : DiagnosticsEngine::Warning;
    // The message is an argument, never the format string: a '%' in it
    // (from asm text) is printed as written.
    Diags.Report(Loc, Diags.getCustomDiagID(Level, "%0 [%1]"))
        << Message.str() << CheckName;
  }

private:
  DiagnosticsEngine &Diags;
  GlobList AsErrors;
};

class PortingChecksConsumer : public ASTConsumer {
public:
  PortingChecksConsumer(std::vector<std::unique_ptr<PortingCheck>> C,
                        std::unique_ptr<HazardSink> S)
      : Checks(std::move(C)), Sink(std::move(S)) {
    for (auto &Check : Checks) {
      Check->setSink(Sink.get());
      Check->registerMatchers(Finder);
    }
  }
  void HandleTranslationUnit(ASTContext &Context) override {
    Finder.matchAST(Context);
  }

private:
  std::vector<std::unique_ptr<PortingCheck>> Checks;
  std::unique_ptr<HazardSink> Sink;
  ast_matchers::MatchFinder Finder;
};

class PortingChecksAction : public PluginASTAction {
protected:
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 StringRef) override {
    // A HIP or CUDA program is compiled once for the host and once per GPU;
    // the device compilations report, so a hazard is named once per target
    // and checks that depend on the GPU (images) know it.
    const LangOptions &LO = CI.getLangOpts();
    if ((LO.HIP || LO.CUDA) && !LO.CUDAIsDevice)
      return std::make_unique<ASTConsumer>();
    CheckContext Context;
    if (CI.getTarget().getTriple().isAMDGPU()) {
      Context.OffloadArch = CI.getTargetOpts().CPU;
      Context.TargetHasImages = CI.getTarget().hasHIPImageSupport();
    }
    std::vector<std::unique_ptr<PortingCheck>> Checks =
        createPortingChecks(Enabled);
    for (auto &Check : Checks) {
      Check->setContext(Context);
      Check->registerPPCallbacks(CI.getPreprocessor());
    }
    return std::make_unique<PortingChecksConsumer>(
        std::move(Checks),
        std::make_unique<DiagnosticsSink>(CI.getDiagnostics(), AsErrors));
  }

  bool ParseArgs(const CompilerInstance &CI,
                 const std::vector<std::string> &Args) override {
    DiagnosticsEngine &Diags = CI.getDiagnostics();
    auto fail = [&](const llvm::Twine &Message) {
      Diags.Report(Diags.getCustomDiagID(DiagnosticsEngine::Error,
                                         "hipkit-porting-checks: %0"))
          << Message.str();
      return false;
    };
    std::vector<StringRef> Names;
    for (const CheckName &Check : portingCheckNames())
      Names.push_back(Check.Name);
    // Each argument's globs must select some check: a misspelt name would
    // otherwise change nothing, silently.
    auto selectsSome = [&](StringRef Globs) {
      auto Parsed = parseSelection(Globs, Names, "porting check");
      if (Parsed)
        return true;
      fail(llvm::toString(Parsed.takeError()) + "; the checks are " +
           llvm::join(Names, ", "));
      return false;
    };
    std::string Checks(DefaultChecks), Errors;
    for (const std::string &Arg : Args) {
      StringRef Value(Arg);
      if (Value.consume_front("checks=")) {
        if (!selectsSome(Value))
          return false;
        Checks += ("," + Value).str();
      } else if (Value.consume_front("warnings-as-errors=")) {
        if (!selectsSome(Value))
          return false;
        Errors += ("," + Value).str();
      } else if (Value.consume_front("no-")) {
        std::string Check = Value.starts_with("hipkit-")
                                ? Value.str()
                                : ("hipkit-" + Value).str();
        if (!selectsSome("-" + Check))
          return false;
        Checks += ",-" + Check;
      } else
        return fail("unknown argument '" + Arg +
                    "'; expected 'checks=<globs>', "
                    "'warnings-as-errors=<globs>' or 'no-<check>'");
    }
    auto ParsedChecks = GlobList::parse(Checks);
    if (!ParsedChecks)
      return fail(llvm::toString(ParsedChecks.takeError()));
    auto ParsedErrors = GlobList::parse(Errors);
    if (!ParsedErrors)
      return fail(llvm::toString(ParsedErrors.takeError()));
    Enabled = std::move(*ParsedChecks);
    AsErrors = std::move(*ParsedErrors);
    return true;
  }

  ActionType getActionType() override { return AddAfterMainAction; }

private:
  GlobList Enabled, AsErrors;
};

} // namespace
} // namespace hipkit::checks

static FrontendPluginRegistry::Add<hipkit::checks::PortingChecksAction>
    Registration("hipkit-porting-checks",
                 "diagnose CUDA constructs that do not port to AMD GPUs");
