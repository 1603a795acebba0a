//===- PortingChecksPlugin.cpp - The hipkit-porting-checks clang plugin ---===//
//
// Load with: clang++ -fplugin=<prefix>/lib/hipkit/HipkitPortingChecks.so ...
// Disable one check with: -Xclang -plugin-arg-hipkit-porting-checks
//                         -Xclang no-<check-name>
//
//===----------------------------------------------------------------------===//
#include "InlinePtxCheck.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendPluginRegistry.h"
#include "llvm/ADT/StringSet.h"

#include <memory>
#include <vector>

using namespace clang;

namespace hipkit::plugins {
namespace {

std::vector<std::unique_ptr<PortingCheck>> createAllChecks() {
  std::vector<std::unique_ptr<PortingCheck>> Checks;
  Checks.push_back(std::make_unique<InlinePtxCheck>());
  return Checks;
}

class PortingChecksConsumer : public ASTConsumer {
public:
  explicit PortingChecksConsumer(std::vector<std::unique_ptr<PortingCheck>> C)
      : Checks(std::move(C)) {
    for (auto &Check : Checks)
      Check->registerMatchers(Finder);
  }
  void HandleTranslationUnit(ASTContext &Context) override {
    Finder.matchAST(Context);
  }

private:
  std::vector<std::unique_ptr<PortingCheck>> Checks;
  ast_matchers::MatchFinder Finder;
};

class PortingChecksAction : public PluginASTAction {
protected:
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &,
                                                 StringRef) override {
    std::vector<std::unique_ptr<PortingCheck>> Enabled;
    for (auto &Check : createAllChecks())
      if (!Disabled.contains(Check->getName()))
        Enabled.push_back(std::move(Check));
    return std::make_unique<PortingChecksConsumer>(std::move(Enabled));
  }

  bool ParseArgs(const CompilerInstance &CI,
                 const std::vector<std::string> &Args) override {
    for (const std::string &Arg : Args) {
      StringRef Name(Arg);
      if (Name.consume_front("no-")) {
        Disabled.insert(Name);
        continue;
      }
      DiagnosticsEngine &Diags = CI.getDiagnostics();
      Diags.Report(Diags.getCustomDiagID(
          DiagnosticsEngine::Error,
          "hipkit-porting-checks: unknown argument '%0'; expected "
          "'no-<check>'"))
          << Arg;
      return false;
    }
    return true;
  }

  ActionType getActionType() override { return AddAfterMainAction; }

private:
  llvm::StringSet<> Disabled;
};

} // namespace
} // namespace hipkit::plugins

static FrontendPluginRegistry::Add<hipkit::plugins::PortingChecksAction>
    Registration("hipkit-porting-checks",
                 "diagnose CUDA constructs that do not port to AMD GPUs");
