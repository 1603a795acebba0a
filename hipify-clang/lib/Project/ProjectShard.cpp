//===- ProjectShard.cpp - --shard=K/N and --merge: a project on a farm ----===//
//
// A large project is translated by N machines, each one share (--shard=K/N),
// then joined (--merge) into the --out-root one run over the whole project
// writes: the same files, the same manifest, the same report.
//
// A file's share is a hash of its path below --in-root, so every machine
// agrees without talking to the others. A shard parses its share of the
// sources; every header a parse reaches is translated there as in one run (by
// the first of the shard's sources reaching it); a file no parse of the shard
// reaches is written, by tokens, migrated, copied or linked, by the shard that
// owns its path. Which of these a single run writes depends on all sources, so
// each shard records, per file it emitted, where it stands in a single run's
// order (the global source index, the file's place in that source's
// translation) and its report entry (.hipify-shard.json); the merge keeps,
// per path, the translation of the lowest source index that reached it, else
// the owner's, and lays the report out in that order. docs/distributed.md,
// "Sharded translation", says what users see.
//
//===----------------------------------------------------------------------===//
#include "HipifyRun.h"
#include "hipkit/Support/Diagnostics.h"
#include "hipkit/Support/OutputFile.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <map>
#include <set>

using namespace hipkit;
using namespace hipkit::hipify;
using namespace hipkit::hipify::driver;
namespace json = llvm::json;

namespace {
constexpr llvm::StringLiteral RecordFormat = "hipify-clang shard record 1";

// Every string of the record is stored with the manifest's encoding: file
// names and source lines need not be UTF-8, and a merged report must hold
// the same bytes as one run's.
json::Value enc(llvm::StringRef Text) {
  return ProjectManifest::encodeName(Text);
}

std::string dec(const json::Object &O, llvm::StringRef Key) {
  std::optional<llvm::StringRef> Stored = O.getString(Key);
  return Stored ? ProjectManifest::decodeName(*Stored).value_or("") : "";
}

uint64_t number(const json::Object &O, llvm::StringRef Key) {
  return uint64_t(O.getInteger(Key).value_or(0));
}

json::Object countsJSON(const std::map<std::string, unsigned> &Counts) {
  json::Object O;
  for (const auto &[Name, N] : Counts)
    O[ProjectManifest::encodeName(Name)] = N;
  return O;
}

std::map<std::string, unsigned> readCounts(const json::Object *O) {
  std::map<std::string, unsigned> Counts;
  if (O)
    for (const auto &[Name, N] : *O)
      Counts[ProjectManifest::decodeName(Name).value_or("")] =
          unsigned(N.getAsInteger().value_or(0));
  return Counts;
}

json::Object statsJSON(const TranslationStatistics &S) {
  return json::Object{{"file", enc(S.FileName)},
                      {"converted", S.Converted},
                      {"unconverted", S.Unconverted},
                      {"ast_checked", S.AstChecked},
                      {"lexical", S.Lexical},
                      {"converted_by_kind", countsJSON(S.ConvertedByKind)},
                      {"converted_by_api", countsJSON(S.ConvertedByApi)},
                      {"converted_by_name", countsJSON(S.ConvertedByName)},
                      {"unconverted_by_kind", countsJSON(S.UnconvertedByKind)},
                      {"unconverted_by_api", countsJSON(S.UnconvertedByApi)},
                      {"unconverted_by_name", countsJSON(S.UnconvertedByName)},
                      {"replaced_bytes", int64_t(S.ReplacedBytes)},
                      {"total_bytes", int64_t(S.TotalBytes)},
                      {"changed_lines", S.ChangedLines},
                      {"total_lines", S.TotalLines},
                      {"seconds", S.Seconds},
                      {"files", S.Files},
                      {"changed_files", S.ChangedFiles}};
}

TranslationStatistics readStats(const json::Object &O) {
  TranslationStatistics S;
  S.FileName = dec(O, "file");
  S.Converted = number(O, "converted");
  S.Unconverted = number(O, "unconverted");
  S.AstChecked = number(O, "ast_checked");
  S.Lexical = number(O, "lexical");
  S.ConvertedByKind = readCounts(O.getObject("converted_by_kind"));
  S.ConvertedByApi = readCounts(O.getObject("converted_by_api"));
  S.ConvertedByName = readCounts(O.getObject("converted_by_name"));
  S.UnconvertedByKind = readCounts(O.getObject("unconverted_by_kind"));
  S.UnconvertedByApi = readCounts(O.getObject("unconverted_by_api"));
  S.UnconvertedByName = readCounts(O.getObject("unconverted_by_name"));
  S.ReplacedBytes = number(O, "replaced_bytes");
  S.TotalBytes = number(O, "total_bytes");
  S.ChangedLines = number(O, "changed_lines");
  S.TotalLines = number(O, "total_lines");
  S.Seconds = O.getNumber("seconds").value_or(0);
  S.Files = number(O, "files");
  S.ChangedFiles = number(O, "changed_files");
  return S;
}

json::Object reportedJSON(const ReportedFile &F) {
  json::Array Warnings;
  for (const ReportedWarning &W : F.Warnings)
    Warnings.push_back(
        json::Object{{"check", enc(W.Check)},
                     {"line", W.Line},
                     {"column", W.Column},
                     {"message", enc(W.Message)},
                     {"source_line", enc(W.SourceLine)},
                     {"translated_number", W.TranslatedLineNumber},
                     {"translated_line", enc(W.TranslatedLine)},
                     {"hazard", W.IsHazard},
                     {"error", W.IsError},
                     {"note", W.IsNote}});
  return json::Object{{"path", enc(F.Path)},
                      {"output", enc(F.Output)},
                      {"stats", statsJSON(F.Stats)},
                      {"warnings", std::move(Warnings)}};
}

ReportedFile readReported(const json::Object &O) {
  ReportedFile F;
  F.Path = dec(O, "path");
  F.Output = dec(O, "output");
  if (const json::Object *Stats = O.getObject("stats"))
    F.Stats = readStats(*Stats);
  if (const json::Array *Warnings = O.getArray("warnings"))
    for (const json::Value &V : *Warnings) {
      const json::Object *W = V.getAsObject();
      if (!W)
        continue;
      ReportedWarning R;
      R.Check = dec(*W, "check");
      R.Line = number(*W, "line");
      R.Column = number(*W, "column");
      R.Message = dec(*W, "message");
      R.SourceLine = dec(*W, "source_line");
      R.TranslatedLineNumber = number(*W, "translated_number");
      R.TranslatedLine = dec(*W, "translated_line");
      R.IsHazard = W->getBoolean("hazard").value_or(false);
      R.IsError = W->getBoolean("error").value_or(false);
      R.IsNote = W->getBoolean("note").value_or(false);
      F.Warnings.push_back(std::move(R));
    }
  return F;
}

json::Array texts(const std::vector<std::string> &Texts) {
  json::Array A;
  for (const std::string &T : Texts)
    A.push_back(enc(T));
  return A;
}

std::vector<std::string> readTexts(const json::Array *A) {
  std::vector<std::string> Out;
  if (A)
    for (const json::Value &V : *A)
      Out.push_back(ProjectManifest::decodeName(V.getAsString().value_or(""))
                        .value_or(""));
  return Out;
}

/// One shard as --merge reads it.
struct ShardOnDisk {
  std::string Dir;
  unsigned Index = 0, Count = 0;
  std::string Run, InRoot, InRootNamed, Files;
  uint64_t Sources = 0;
  RunFacts Facts;
  std::string FactsText; ///< For comparing the facts of two shards.
  ProjectManifest Manifest;
  std::vector<ShardItem> Items;
  std::vector<ShardOutside> Outside;
};
} // namespace

unsigned HipifyRun::shardOf(llvm::StringRef RelPath) const {
  // SHA-256 of the path below the root: the same on every machine and in
  // every run, whatever the order the files were listed in.
  std::string Hash = contentHash(RelPath);
  uint64_t Value = 0;
  llvm::StringRef(Hash).take_front(15).getAsInteger(16, Value);
  return unsigned(Value % Options.ShardCount);
}

bool HipifyRun::shardOwns(const ProjectFile &File) const {
  return shardOf(File.RelPath) == Options.ShardIndex - 1;
}

bool HipifyRun::selectShardSources() {
  // A record of an earlier run goes first: a shard that fails now must not
  // look finished.
  if (llvm::Error E = Tree->remove(ShardRecordName)) {
    reportError(llvm::toString(std::move(E)));
    return false;
  }
  GlobalSourceCount = Sources.size();
  std::string Listing;
  for (const ProjectFile &F : ProjectFiles)
    Listing += F.RelPath + '\0' + std::to_string(int(F.Kind)) + '\n';
  Listing += "sources\n";
  std::vector<Source> Mine;
  for (size_t I = 0; I < Sources.size(); ++I) {
    std::string Rel = relativeToRoot(Sources[I].RealPath);
    Listing += Rel + '\n';
    if (shardOf(Rel) == Options.ShardIndex - 1) {
      ShardSourceIndex.push_back(I);
      Mine.push_back(std::move(Sources[I]));
    } else {
      // Another shard's: neither parsed nor written here.
      Handled.insert(Rel);
    }
  }
  ShardFilesDigest = contentHash(Listing);
  Sources = std::move(Mine);
  // Every file's report entry is kept for the merge, --report or not.
  if (!ReportAs)
    ReportAs = ReportFormat::JSON;
  return true;
}

void HipifyRun::recordShardSource(size_t Index, const SourceTranslation &Result,
                                  const std::vector<bool> &Claimed,
                                  size_t ReportedBefore, size_t OutsideBefore) {
  uint64_t Global = ShardSourceIndex[Index];
  size_t Reported = ReportedBefore;
  for (size_t J = 0; J < Result.Files.size(); ++J) {
    if (J && !Claimed[J])
      continue;
    ShardItem Item;
    Item.Order = Global;
    Item.Sub = J;
    Item.Rel = relativeToRoot(Result.Files[J]->realPath());
    Item.Via = int64_t(Global);
    // emit() reports each file it emits, in this order, unless it failed
    // (and then the shard is not finished and no record is written).
    if (Reported < ReportedFiles.size())
      Item.Report = ReportedFiles[Reported++];
    ShardItems.push_back(std::move(Item));
  }
  for (size_t K = OutsideBefore; K < OutsideRootHeaders.size(); ++K) {
    ShardOutside O;
    O.Order = Global;
    O.Sub = K - OutsideBefore;
    O.Header = OutsideRootHeaders[K];
    for (const OutsideRootInclude &H : Result.OutsideRoot)
      if (H.DisplayPath == O.Header.Path) {
        O.RealPath = H.RealPath;
        break;
      }
    ShardOutsides.push_back(std::move(O));
  }
}

void HipifyRun::recordShardUnreached(size_t FileIndex, size_t ReportedBefore,
                                     size_t CopiedBefore) {
  ShardItem Item;
  Item.Order = GlobalSourceCount + FileIndex;
  Item.Rel = ProjectFiles[FileIndex].RelPath;
  if (ReportedBefore < ReportedFiles.size())
    Item.Report = ReportedFiles[ReportedBefore];
  Item.Copied = CopiedBefore < CopiedFiles.size();
  ShardItems.push_back(std::move(Item));
}

bool HipifyRun::writeShardRecord() {
  RunFacts Facts = runFacts();
  json::Array Items;
  for (const ShardItem &I : ShardItems) {
    json::Object O{{"order", int64_t(I.Order)},
                   {"sub", int64_t(I.Sub)},
                   {"path", enc(I.Rel)},
                   {"via", I.Via},
                   {"copied", I.Copied}};
    if (I.Report)
      O["report"] = reportedJSON(*I.Report);
    Items.push_back(std::move(O));
  }
  json::Array Outside;
  for (const ShardOutside &O : ShardOutsides)
    Outside.push_back(
        json::Object{{"order", int64_t(O.Order)},
                     {"sub", int64_t(O.Sub)},
                     {"real_path", enc(O.RealPath)},
                     {"path", enc(O.Header.Path)},
                     {"included_from", enc(O.Header.IncludedFrom)},
                     {"cuda_references", O.Header.CudaReferences},
                     {"first_names", texts(O.Header.FirstNames)}});
  json::Object Record{
      {"format", RecordFormat},
      {"shard", Options.ShardIndex},
      {"shards", Options.ShardCount},
      {"run", TreeManifest.This.RunKey},
      {"in_root", enc(UserRoot)},
      {"in_root_named", enc(Options.InRoot)},
      {"files", ShardFilesDigest},
      {"sources", int64_t(GlobalSourceCount)},
      {"facts", json::Object{{"hipkit_version", enc(Facts.HipkitVersion)},
                             {"hip_version", enc(Facts.HipVersion)},
                             {"options", texts(Facts.Options)}}},
      {"items", std::move(Items)},
      {"outside_root", std::move(Outside)}};
  std::string Text = llvm::formatv("{0:1}", json::Value(std::move(Record)));
  if (llvm::Error E = Tree->write(ShardRecordName, Text + "\n", {})) {
    reportError(llvm::toString(std::move(E)) + "; --merge will not take "
                                               "this shard; run it again");
    return false;
  }
  return true;
}

/// Reads the shard at \p Dir, or says in one line what is wrong.
static llvm::Expected<ShardOnDisk> readShard(llvm::StringRef Dir) {
  ShardOnDisk S;
  S.Dir = Dir.str();
  auto fail = [&](const llvm::Twine &Why) {
    return llvm::createStringError(
        std::make_error_code(std::errc::invalid_argument), Why);
  };
  std::string RecordPath = (Dir + "/" + ShardRecordName).str();
  llvm::Expected<std::optional<std::string>> Text =
      readRegularFile(RecordPath, ProjectManifest::MaxBytes);
  if (!Text)
    return Text.takeError();
  if (!*Text)
    return fail("'" + Dir + "' holds no finished shard (no '" + RecordPath +
                "'); name the --out-root of each `hipify-clang --shard=K/N` "
                "run, after it succeeded");
  llvm::Expected<json::Value> Parsed = json::parse(**Text);
  const json::Object *R = Parsed ? Parsed->getAsObject() : nullptr;
  if (!Parsed)
    llvm::consumeError(Parsed.takeError());
  if (!R || R->getString("format") != RecordFormat)
    return fail("'" + RecordPath +
                "' is not a shard record of this "
                "hipify-clang (\"format\": \"" +
                RecordFormat + "\"); translate the shard again");
  S.Index = number(*R, "shard");
  S.Count = number(*R, "shards");
  S.Run = R->getString("run").value_or("").str();
  S.InRoot = dec(*R, "in_root");
  S.InRootNamed = dec(*R, "in_root_named");
  S.Files = R->getString("files").value_or("").str();
  S.Sources = number(*R, "sources");
  if (const json::Object *F = R->getObject("facts")) {
    S.Facts.HipkitVersion = dec(*F, "hipkit_version");
    S.Facts.HipVersion = dec(*F, "hip_version");
    S.Facts.Options = readTexts(F->getArray("options"));
  }
  S.FactsText = S.Facts.HipkitVersion + '\n' + S.Facts.HipVersion;
  for (const std::string &O : S.Facts.Options)
    S.FactsText += '\n' + O;
  if (!S.Count || !S.Index || S.Index > S.Count)
    return fail("'" + RecordPath +
                "' names no shard K/N; translate the "
                "shard again");
  if (const json::Array *Items = R->getArray("items"))
    for (const json::Value &V : *Items) {
      const json::Object *O = V.getAsObject();
      if (!O)
        continue;
      ShardItem I;
      I.Order = number(*O, "order");
      I.Sub = number(*O, "sub");
      I.Rel = dec(*O, "path");
      I.Via = O->getInteger("via").value_or(-1);
      I.Copied = O->getBoolean("copied").value_or(false);
      if (const json::Object *Report = O->getObject("report"))
        I.Report = readReported(*Report);
      S.Items.push_back(std::move(I));
    }
  if (const json::Array *Outside = R->getArray("outside_root"))
    for (const json::Value &V : *Outside) {
      const json::Object *O = V.getAsObject();
      if (!O)
        continue;
      ShardOutside H;
      H.Order = number(*O, "order");
      H.Sub = number(*O, "sub");
      H.RealPath = dec(*O, "real_path");
      H.Header.Path = dec(*O, "path");
      H.Header.IncludedFrom = dec(*O, "included_from");
      H.Header.CudaReferences = number(*O, "cuda_references");
      H.Header.FirstNames = readTexts(O->getArray("first_names"));
      S.Outside.push_back(std::move(H));
    }
  std::string ManifestPath = (Dir + "/" + ProjectManifest::FileName).str();
  llvm::Expected<std::optional<std::string>> ManifestText =
      readRegularFile(ManifestPath, ProjectManifest::MaxBytes);
  if (!ManifestText)
    return ManifestText.takeError();
  if (!*ManifestText)
    return fail("'" + Dir + "' holds a shard record but no manifest ('" +
                ManifestPath + "'); translate the shard again");
  llvm::Expected<ProjectManifest> M =
      ProjectManifest::parse(**ManifestText, ManifestPath);
  if (!M)
    return M.takeError();
  S.Manifest = std::move(*M);
  return S;
}

namespace {
/// A merge's refusal: one line, saying what to do.
llvm::Error mergeError(const llvm::Twine &Why) {
  return llvm::createStringError(
      std::make_error_code(std::errc::invalid_argument), Why);
}

/// Whether \p Shards are the N shards of one translation, each once, and
/// read every input with the same text.
llvm::Error checkShardsAgree(const std::vector<ShardOnDisk> &Shards) {
  const ShardOnDisk &First = Shards.front();
  for (const ShardOnDisk &S : Shards) {
    auto differ = [&](const llvm::Twine &What) {
      return mergeError("'" + S.Dir + "' and '" + First.Dir +
                        "' are shards of different translations (" + What +
                        " differ); merge the N shards of one --in-root "
                        "translated with the same files and options; nothing "
                        "was written");
    };
    if (S.Count != First.Count)
      return differ("their shard counts, " + std::to_string(S.Count) + " and " +
                    std::to_string(First.Count) + ",");
    if (S.Run != First.Run || S.FactsText != First.FactsText)
      return differ("their options, hipkit versions or CUDA installations");
    if (S.InRoot != First.InRoot || S.InRootNamed != First.InRootNamed)
      return differ("their --in-root, '" + S.InRootNamed + "' and '" +
                    First.InRootNamed + "',");
    if (S.Files != First.Files || S.Sources != First.Sources)
      return differ("the files of their projects");
  }
  std::vector<const ShardOnDisk *> ByIndex(First.Count + 1, nullptr);
  for (const ShardOnDisk &S : Shards) {
    if (const ShardOnDisk *Other = ByIndex[S.Index])
      return mergeError(llvm::formatv("'{0}' and '{1}' are both shard {2}/{3} "
                                      "(their shares overlap); give each shard "
                                      "once; nothing was written",
                                      Other->Dir, S.Dir, S.Index, S.Count));
    ByIndex[S.Index] = &S;
  }
  for (unsigned K = 1; K <= First.Count; ++K)
    if (!ByIndex[K])
      return mergeError(llvm::formatv("shard {0}/{1} is missing ({2} of {1} "
                                      "given); add the --out-root of the run "
                                      "with --shard={0}/{1}; nothing was "
                                      "written",
                                      K, First.Count, Shards.size()));
  // The same input must have been read with the same text everywhere: a
  // shard made from another checkout is refused, not merged.
  std::map<std::string, std::pair<std::string, const ShardOnDisk *>> Inputs;
  for (const ShardOnDisk &S : Shards)
    for (const auto &[Rel, E] : S.Manifest.Outputs)
      for (const auto &[Input, Hash] : E.Inputs) {
        auto [It, New] = Inputs.try_emplace(Input, Hash, &S);
        if (!New && It->second.first != Hash)
          return mergeError("'" + Input +
                            "' was read with different contents by "
                            "the shards in '" +
                            It->second.second->Dir + "' and '" + S.Dir +
                            "'; translate every shard from the same "
                            "checkout; nothing was written");
      }
  return llvm::Error::success();
}

/// Per output path, what one run writes.
struct Chosen {
  const ShardOnDisk *Shard = nullptr;
  const ShardItem *Item = nullptr;
};
using ChosenOutputs = std::map<std::string, Chosen>;
/// Every parse's translation of each path.
using ParsesOfPath =
    std::map<std::string,
             std::vector<std::pair<const ShardOnDisk *, const ShardItem *>>>;

/// The translation one run writes for each path: the one through the first
/// source (in run order) whose parse reached it, else the one of the shard
/// owning the path. \p Parses gets every parse's, for the divergences.
llvm::Expected<ChosenOutputs> chooseOutputs(const std::vector<ShardOnDisk> &Shards,
                                            ParsesOfPath &Parses) {
  ChosenOutputs Outputs;
  for (const ShardOnDisk &S : Shards)
    for (const ShardItem &I : S.Items) {
      if (I.Via >= 0)
        Parses[I.Rel].push_back({&S, &I});
      Chosen &C = Outputs[I.Rel];
      bool Better =
          !C.Item || (I.Via >= 0 && (C.Item->Via < 0 || I.Via < C.Item->Via));
      if (!Better && I.Via < 0 && C.Item->Via < 0)
        return mergeError("'" + I.Rel + "' was written by no parse in both '" +
                          C.Shard->Dir + "' and '" + S.Dir +
                          "' (overlapping shares); give each shard once; "
                          "nothing was written");
      if (Better)
        C = {&S, &I};
    }
  return std::move(Outputs);
}

/// A header that sources of two shares translate differently: each shard
/// warned about the sources of its own share; this one only the merge sees.
std::vector<std::string> findDivergences(const std::vector<ShardOnDisk> &Shards,
                                         const ChosenOutputs &Outputs,
                                         ParsesOfPath &Parses) {
  std::map<int64_t, std::string> SourceOf;
  for (const ShardOnDisk &S : Shards)
    for (const ShardItem &I : S.Items)
      if (I.Via >= 0 && I.Sub == 0)
        SourceOf[I.Via] = I.Rel;
  auto hashIn = [](const ShardOnDisk &S, llvm::StringRef Rel) -> std::string {
    auto It = S.Manifest.Outputs.find(Rel.str());
    return It == S.Manifest.Outputs.end() ? "" : It->second.OutputHash;
  };
  std::vector<std::string> Divergences;
  for (const auto &[Rel, C] : Outputs) {
    if (C.Item->Via < 0 || C.Item->Sub == 0)
      continue;
    std::string Kept = hashIn(*C.Shard, Rel);
    const ShardItem *Differs = nullptr;
    for (const auto &[S, I] : Parses[Rel])
      if (I->Via > C.Item->Via && (!Differs || I->Via < Differs->Via) &&
          hashIn(*S, Rel) != Kept)
        Differs = I;
    if (Differs)
      Divergences.push_back(
          "'" + Rel + "' translates differently when '" +
          SourceOf[Differs->Via] + "' includes it than when '" +
          SourceOf[C.Item->Via] +
          "' does (found by the merge: two shards parsed them); the "
          "translation through '" +
          SourceOf[C.Item->Via] +
          "' was kept; check the header's #if branches and the uses of its "
          "macros");
  }
  return Divergences;
}

/// The new --out-root: created, or empty. A merge never replaces files.
llvm::Error checkMergeOutRoot(llvm::StringRef OutRoot,
                              const std::vector<ShardOnDisk> &Shards) {
  std::error_code EC;
  llvm::sys::fs::directory_iterator Entry(OutRoot, EC);
  if (!EC && Entry != llvm::sys::fs::directory_iterator())
    return mergeError("--out-root '" + OutRoot +
                      "' is not empty; --merge writes the joined translation "
                      "into a new or empty folder; nothing was written");
  for (const ShardOnDisk &S : Shards)
    if (realPathOf(S.Dir) == realPathOf(OutRoot))
      return mergeError("--out-root '" + OutRoot + "' is the shard '" + S.Dir +
                        "'; merge into a new folder; nothing was written");
  return llvm::Error::success();
}

/// The joined manifest: the chosen shard's entry of each path, each checked
/// against the file the shard holds.
llvm::Expected<ProjectManifest> mergedManifest(const ShardOnDisk &First,
                                               const ChosenOutputs &Outputs) {
  ProjectManifest Merged;
  Merged.RunKey = First.Run;
  Merged.InRoot = First.InRoot;
  for (const auto &[Rel, C] : Outputs) {
    auto It = C.Shard->Manifest.Outputs.find(Rel);
    if (It == C.Shard->Manifest.Outputs.end())
      continue; // Not written (the input vanished while the shard ran).
    const ProjectManifest::Entry &E = It->second;
    if (!E.LinkTarget &&
        hashRegularFile(C.Shard->Dir + "/" + Rel) != E.OutputHash)
      return mergeError("'" + C.Shard->Dir + "/" + Rel +
                        "' is not what its shard wrote (its manifest records "
                        "another text); translate that shard again; nothing "
                        "was written");
    Merged.Outputs[Rel] = E;
  }
  return std::move(Merged);
}

/// Copies (or links) every output of \p Merged from its shard into \p Tree,
/// then writes the manifest.
llvm::Error writeMergedTree(OutputTree &Tree, const ProjectManifest &Merged,
                            const ChosenOutputs &Outputs) {
  for (const auto &[Rel, E] : Merged.Outputs) {
    const ShardOnDisk &S = *Outputs.at(Rel).Shard;
    if (E.LinkTarget) {
      if (llvm::Error Err = Tree.makeLink(*E.LinkTarget, Rel))
        return Err;
      continue;
    }
    // The shard's file has the input's permission bits; the copy keeps them.
    llvm::Expected<std::string> Copied = Tree.copy(S.Dir + "/" + Rel, Rel, {});
    if (!Copied)
      return Copied.takeError();
    if (*Copied != E.OutputHash)
      return mergeError("'" + S.Dir + "/" + Rel +
                        "' changed while it was merged; merge again");
  }
  return Tree.write(ProjectManifest::FileName, Merged.render(), {});
}

/// The headers outside the root the shards met, each once, in the order one
/// run meets them.
std::vector<OutsideRootHeader>
mergedOutsideHeaders(const std::vector<ShardOnDisk> &Shards) {
  std::map<std::string, const ShardOutside *> FirstOutside;
  for (const ShardOnDisk &S : Shards)
    for (const ShardOutside &O : S.Outside) {
      const ShardOutside *&Kept = FirstOutside[O.RealPath];
      if (!Kept || std::tie(O.Order, O.Sub) < std::tie(Kept->Order, Kept->Sub))
        Kept = &O;
    }
  std::vector<const ShardOutside *> Outside;
  for (const auto &[Path, O] : FirstOutside)
    Outside.push_back(O);
  llvm::sort(Outside, [](const ShardOutside *A, const ShardOutside *B) {
    return std::tie(A->Order, A->Sub) < std::tie(B->Order, B->Sub);
  });
  std::vector<OutsideRootHeader> Headers;
  for (const ShardOutside *O : Outside)
    Headers.push_back(O->Header);
  return Headers;
}
} // namespace

int HipifyRun::runMerge() {
  auto failed = [](llvm::Error E) {
    reportError(llvm::toString(std::move(E)));
    return 1;
  };
  // Everything is read and checked before anything is written.
  std::vector<ShardOnDisk> Shards;
  for (const std::string &Dir : Options.MergeDirs) {
    llvm::Expected<ShardOnDisk> S = readShard(normalisedRootName(Dir));
    if (!S) {
      reportError(llvm::toString(S.takeError()) + "; nothing was written");
      return 1;
    }
    Shards.push_back(std::move(*S));
  }
  const ShardOnDisk &First = Shards.front();
  if (llvm::Error E = checkShardsAgree(Shards))
    return failed(std::move(E));
  ParsesOfPath Parses;
  llvm::Expected<ChosenOutputs> Outputs = chooseOutputs(Shards, Parses);
  if (!Outputs)
    return failed(Outputs.takeError());
  std::vector<std::string> Divergences =
      findDivergences(Shards, *Outputs, Parses);
  if (llvm::Error E = checkMergeOutRoot(Options.OutRoot, Shards))
    return failed(std::move(E));
  llvm::Expected<ProjectManifest> Merged = mergedManifest(First, *Outputs);
  if (!Merged)
    return failed(Merged.takeError());
  llvm::Expected<OutputTree> Opened =
      OutputTree::open(Options.OutRoot, /*Create=*/true);
  if (!Opened) {
    reportError("--out-root: " + llvm::toString(Opened.takeError()));
    return 1;
  }
  Tree = std::move(*Opened);
  if (llvm::Error E = writeMergedTree(*Tree, *Merged, *Outputs))
    return failed(std::move(E));

  // The report and the statistics, in the order one run emits the files.
  std::vector<const ShardItem *> Order;
  for (const auto &[Rel, C] : *Outputs)
    Order.push_back(C.Item);
  llvm::sort(Order, [](const ShardItem *A, const ShardItem *B) {
    return std::tie(A->Order, A->Sub) < std::tie(B->Order, B->Sub);
  });
  for (const ShardItem *I : Order) {
    if (I->Copied)
      CopiedFiles.push_back(I->Rel);
    if (!I->Report)
      continue;
    ReportedFile F = *I->Report;
    if (!F.Output.empty())
      F.Output = projectOutput(I->Rel);
    FileStats.push_back(F.Stats);
    ReportedFiles.push_back(std::move(F));
  }
  llvm::append_range(OutsideRootHeaders, mergedOutsideHeaders(Shards));
  for (const std::string &Warning : Divergences)
    reportWarning(Warning);
  MergedFacts = First.Facts;
  printStatistics();
  writeReport();
  if (Options.Verbose)
    reportNote(llvm::formatv("merged {0} shards into '{1}': {2} outputs",
                             Shards.size(), Options.OutRoot,
                             Merged->Outputs.size())
                   .str());
  return Failed ? 1 : 0;
}
