//===- hipify-report-render.cpp - Render a report from its parts ----------===//
//
// A test tool (built for the lit suite, not installed): renders a migration
// report (renderReport) from a JSON description of its parts, so tests can
// check how the report shows what a run may hold before a real run holds it
// (headers outside the root, files unchanged since the last run, copied
// files) and with any names. Usage:
//
//   hipify-report-render <parts.json> <format: report.json|.md|.html>
//
// parts.json: {"run": {"hipkit_version", "hip_version", "options": []},
//   "files": [{"path", "output", "converted", "unconverted"}],
//   "outside_root": [{"path", "included_from", "cuda_references",
//   "first_names": []}], "unchanged": [], "copied": []}
// The report goes to standard output.
//
//===----------------------------------------------------------------------===//
#include "hipkit/Support/Diagnostics.h"
#include "hipkit/hipify/Report/MigrationReport.h"

#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

using namespace hipkit::hipify;
using llvm::json::Array;
using llvm::json::Object;

static std::string text(const Object &O, llvm::StringRef Key) {
  return O.getString(Key).value_or("").str();
}

static std::vector<std::string> texts(const Array *A) {
  std::vector<std::string> Out;
  if (A)
    for (const llvm::json::Value &V : *A)
      Out.push_back(V.getAsString().value_or("").str());
  return Out;
}

int main(int Argc, char **Argv) {
  llvm::InitLLVM X(Argc, Argv);
  hipkit::setToolName("hipify-report-render");
  if (Argc != 3)
    hipkit::exitWithError(
        "usage: hipify-report-render <parts.json> <report.json|.md|.html>");
  llvm::Expected<ReportFormat> Format = reportFormatFor(Argv[2]);
  if (!Format)
    hipkit::exitWithError(Format.takeError());
  auto Buffer = llvm::MemoryBuffer::getFile(Argv[1]);
  if (!Buffer)
    hipkit::exitWithError(llvm::Twine("cannot read '") + Argv[1] + "'");
  llvm::Expected<llvm::json::Value> Parts =
      llvm::json::parse((*Buffer)->getBuffer());
  if (!Parts)
    hipkit::exitWithError(Parts.takeError());
  const Object *Root = Parts->getAsObject();
  if (!Root)
    hipkit::exitWithError("parts.json: expected an object");

  ProjectReport Report;
  if (const Object *Run = Root->getObject("run")) {
    Report.Run.HipkitVersion = text(*Run, "hipkit_version");
    Report.Run.HipVersion = text(*Run, "hip_version");
    Report.Run.Options = texts(Run->getArray("options"));
  }
  if (const Array *Files = Root->getArray("files"))
    for (const llvm::json::Value &V : *Files) {
      const Object &F = *V.getAsObject();
      ReportedFile File;
      File.Path = text(F, "path");
      File.Output = text(F, "output");
      File.Stats.Converted = F.getInteger("converted").value_or(0);
      File.Stats.Unconverted = F.getInteger("unconverted").value_or(0);
      File.Stats.ChangedFiles = File.Stats.Converted != 0;
      if (File.Stats.Converted)
        File.Stats.ConvertedByApi["runtime"] = File.Stats.Converted;
      if (File.Stats.Unconverted)
        File.Stats.UnconvertedByApi["runtime"] = File.Stats.Unconverted;
      Report.Files.push_back(std::move(File));
    }
  if (const Array *Headers = Root->getArray("outside_root"))
    for (const llvm::json::Value &V : *Headers) {
      const Object &H = *V.getAsObject();
      Report.OutsideRoot.push_back(
          {text(H, "path"), text(H, "included_from"),
           static_cast<unsigned>(H.getInteger("cuda_references").value_or(0)),
           texts(H.getArray("first_names"))});
    }
  Report.Unchanged = texts(Root->getArray("unchanged"));
  Report.Copied = texts(Root->getArray("copied"));
  llvm::outs() << renderReport(Report, *Format);
  return 0;
}
