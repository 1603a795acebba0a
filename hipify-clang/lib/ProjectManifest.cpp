//===- ProjectManifest.cpp - What the last project run wrote --------------===//

#include "hipkit/hipify/ProjectManifest.h"
#include "hipkit/Support/OutputFile.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"

using namespace hipkit::hipify;

namespace {
constexpr llvm::StringLiteral Format = "hipify-clang project manifest 1";

llvm::Error notAManifest(llvm::StringRef Path, llvm::StringRef Why) {
  return llvm::createStringError(
      std::make_error_code(std::errc::invalid_argument),
      "'" + Path + "' is not a hipify-clang project manifest (" + Why +
          "); remove it (its outputs will then count as foreign files) or "
          "choose another --out-root");
}
} // namespace

llvm::Expected<ProjectManifest>
ProjectManifest::load(llvm::StringRef Path) {
  ProjectManifest Manifest;
  if (!llvm::sys::fs::exists(Path))
    return Manifest;
  std::string Text;
  if (!hipkit::readWholeFile(Path, Text))
    return llvm::createStringError(
        std::make_error_code(std::errc::io_error),
        "cannot read the manifest '" + Path + "'; make it readable");
  llvm::Expected<llvm::json::Value> Parsed = llvm::json::parse(Text);
  if (!Parsed)
    return notAManifest(Path, llvm::toString(Parsed.takeError()));
  const llvm::json::Object *Root = Parsed->getAsObject();
  if (!Root || Root->getString("format") != Format)
    return notAManifest(Path, "no \"format\": \"" + Format.str() + "\"");
  if (std::optional<llvm::StringRef> Key = Root->getString("run"))
    Manifest.RunKey = Key->str();
  const llvm::json::Object *Outputs = Root->getObject("outputs");
  if (!Outputs)
    return notAManifest(Path, "no \"outputs\"");
  for (const auto &[Name, Value] : *Outputs) {
    const llvm::json::Object *Fields = Value.getAsObject();
    if (!Fields)
      return notAManifest(Path, "an output that is not an object");
    Entry &E = Manifest.Outputs[Name.str()];
    if (std::optional<llvm::StringRef> Hash = Fields->getString("sha256"))
      E.OutputHash = Hash->str();
    if (std::optional<llvm::StringRef> Owner = Fields->getString("owner"))
      E.Owner = Owner->str();
    if (const llvm::json::Object *Inputs = Fields->getObject("inputs"))
      for (const auto &[Input, Hash] : *Inputs)
        if (std::optional<llvm::StringRef> H = Hash.getAsString())
          E.Inputs[Input.str()] = H->str();
  }
  return Manifest;
}

std::string ProjectManifest::render() const {
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  llvm::json::OStream J(OS, /*IndentSize=*/1);
  J.object([&] {
    J.attribute("format", Format);
    J.attribute("run", RunKey);
    J.attributeObject("outputs", [&] {
      for (const auto &[Name, E] : Outputs)
        J.attributeObject(Name, [&] {
          J.attribute("sha256", E.OutputHash);
          if (!E.Owner.empty())
            J.attribute("owner", E.Owner);
          J.attributeObject("inputs", [&] {
            for (const auto &[Input, Hash] : E.Inputs)
              J.attribute(Input, Hash);
          });
        });
    });
  });
  OS << "\n";
  return Text;
}
