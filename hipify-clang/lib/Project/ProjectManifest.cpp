//===- ProjectManifest.cpp - What the last project run wrote --------------===//

#include "hipkit/hipify/Project/ProjectManifest.h"
#include "hipkit/Support/OutputTree.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/ConvertUTF.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"

using namespace hipkit::hipify;

namespace {
// Format 2 stores names with encodeName and records the in-root; format 1
// (names as UTF-8 with replacement characters) is still read.
constexpr llvm::StringLiteral Format = "hipify-clang project manifest 2";
constexpr llvm::StringLiteral OldFormat = "hipify-clang project manifest 1";

llvm::Error notAManifest(llvm::StringRef Path, const llvm::Twine &Why) {
  return llvm::createStringError(
      std::make_error_code(std::errc::invalid_argument),
      "'" + Path + "' is not a valid hipify-clang project manifest (" + Why +
          "); remove it (its outputs will then count as foreign files) or "
          "choose another --out-root");
}

/// Whether \p Text nests arrays and objects deeper than any manifest does:
/// llvm::json::parse recurses once per level, and 100,000 '[' overflow the
/// stack.
bool nestsTooDeep(llvm::StringRef Text) {
  constexpr unsigned MaxDepth = 32;
  unsigned Depth = 0;
  bool InString = false;
  for (size_t I = 0; I < Text.size(); ++I) {
    char C = Text[I];
    if (InString) {
      if (C == '\\')
        ++I;
      else if (C == '"')
        InString = false;
      continue;
    }
    if (C == '"')
      InString = true;
    else if (C == '[' || C == '{') {
      if (++Depth > MaxDepth)
        return true;
    } else if ((C == ']' || C == '}') && Depth)
      --Depth;
  }
  return false;
}

bool isHash(llvm::StringRef Text) {
  return Text.size() == 64 && llvm::all_of(Text, [](char C) {
           return llvm::isDigit(C) || (C >= 'a' && C <= 'f');
         });
}

/// Checks one output's stored name; \p Name is its decoded form.
llvm::Error checkOutputName(llvm::StringRef Stored, std::string &Name,
                            bool Encoded, llvm::StringRef Path) {
  std::optional<std::string> Decoded =
      Encoded ? ProjectManifest::decodeName(Stored) : Stored.str();
  if (!Decoded)
    return notAManifest(Path, "the entry '" + Stored + "' is badly encoded");
  if (llvm::Error E = hipkit::checkTreePath(*Decoded)) {
    llvm::consumeError(std::move(E));
    return notAManifest(Path, "the entry '" + Stored +
                                  "' is not a normalised path below the "
                                  "output root");
  }
  if (*Decoded == ProjectManifest::FileName ||
      *Decoded == ProjectManifest::JournalName)
    return notAManifest(Path,
                        "the entry '" + Stored + "' names the manifest itself");
  Name = std::move(*Decoded);
  return llvm::Error::success();
}

/// Reads one output's fields into \p E.
llvm::Error readEntry(const llvm::json::Object &Fields, llvm::StringRef Stored,
                      bool Encoded, llvm::StringRef Path,
                      ProjectManifest::Entry &E) {
  if (std::optional<llvm::StringRef> Link = Fields.getString("link")) {
    E.LinkTarget = Link->str();
  } else {
    std::optional<llvm::StringRef> Hash = Fields.getString("sha256");
    if (!Hash || !isHash(*Hash))
      return notAManifest(Path, "the entry '" + Stored +
                                    "' has no SHA-256 and is no link");
    E.OutputHash = Hash->str();
  }
  if (std::optional<llvm::StringRef> Owner = Fields.getString("owner")) {
    std::string Name;
    if (llvm::Error Err = checkOutputName(*Owner, Name, Encoded, Path))
      return Err;
    E.Owner = std::move(Name);
  }
  if (const llvm::json::Object *Inputs = Fields.getObject("inputs"))
    for (const auto &[Input, Hash] : *Inputs) {
      std::optional<llvm::StringRef> H = Hash.getAsString();
      std::optional<std::string> Key =
          Encoded ? ProjectManifest::decodeName(Input) : Input.str();
      if (!H || !isHash(*H) || !Key)
        return notAManifest(Path, "an input of the entry '" + Stored +
                                      "' is malformed");
      E.Inputs[*Key] = H->str();
    }
  return llvm::Error::success();
}
} // namespace

std::string ProjectManifest::encodeName(llvm::StringRef Name) {
  const auto *Begin = reinterpret_cast<const llvm::UTF8 *>(Name.data());
  if (!Name.contains('%') &&
      llvm::isLegalUTF8String(&Begin, Begin + Name.size()))
    return Name.str();
  std::string Out;
  for (size_t I = 0; I < Name.size();) {
    unsigned char Byte = Name[I];
    unsigned Length = llvm::getNumBytesForUTF8(Byte);
    const auto *At = reinterpret_cast<const llvm::UTF8 *>(Name.data() + I);
    if (Byte != '%' && Byte < 0x80) {
      Out += char(Byte);
      ++I;
    } else if (Byte >= 0x80 && I + Length <= Name.size() &&
               llvm::isLegalUTF8Sequence(At, At + Length)) {
      Out.append(Name.data() + I, Length);
      I += Length;
    } else {
      Out += '%';
      Out += llvm::hexdigit(Byte >> 4, /*LowerCase=*/false);
      Out += llvm::hexdigit(Byte & 15, /*LowerCase=*/false);
      ++I;
    }
  }
  return Out;
}

std::optional<std::string> ProjectManifest::decodeName(llvm::StringRef Stored) {
  std::string Out;
  for (size_t I = 0; I < Stored.size(); ++I) {
    if (Stored[I] != '%') {
      Out += Stored[I];
      continue;
    }
    unsigned Byte;
    if (I + 3 > Stored.size() || Stored.substr(I + 1, 2).getAsInteger(16, Byte))
      return std::nullopt;
    Out += char(Byte);
    I += 2;
  }
  return Out;
}

llvm::Expected<ProjectManifest> ProjectManifest::parse(llvm::StringRef Text,
                                                       llvm::StringRef Path) {
  ProjectManifest Manifest;
  if (nestsTooDeep(Text))
    return notAManifest(Path, "it nests deeper than a manifest does");
  llvm::Expected<llvm::json::Value> Parsed = llvm::json::parse(Text);
  if (!Parsed)
    return notAManifest(Path, llvm::toString(Parsed.takeError()));
  const llvm::json::Object *Root = Parsed->getAsObject();
  std::optional<llvm::StringRef> Version =
      Root ? Root->getString("format") : std::nullopt;
  if (!Version || (*Version != Format && *Version != OldFormat))
    return notAManifest(Path, "no \"format\": \"" + Format.str() + "\"");
  bool Encoded = *Version == Format;
  if (std::optional<llvm::StringRef> Key = Root->getString("run"))
    Manifest.RunKey = Key->str();
  if (std::optional<llvm::StringRef> In = Root->getString("in_root"))
    Manifest.InRoot = In->str();
  const llvm::json::Object *Outputs = Root->getObject("outputs");
  if (!Outputs)
    return notAManifest(Path, "no \"outputs\"");
  for (const auto &[Stored, Value] : *Outputs) {
    const llvm::json::Object *Fields = Value.getAsObject();
    if (!Fields)
      return notAManifest(Path,
                          "the entry '" + Stored.str() + "' is not an object");
    std::string Name;
    if (llvm::Error E = checkOutputName(Stored, Name, Encoded, Path))
      return std::move(E);
    if (llvm::Error E =
            readEntry(*Fields, Stored, Encoded, Path, Manifest.Outputs[Name]))
      return std::move(E);
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
    J.attribute("in_root", encodeName(InRoot));
    J.attributeObject("outputs", [&] {
      for (const auto &[Name, E] : Outputs)
        J.attributeObject(encodeName(Name), [&] {
          if (E.LinkTarget) {
            J.attribute("link", encodeName(*E.LinkTarget));
            return;
          }
          J.attribute("sha256", E.OutputHash);
          if (!E.Owner.empty())
            J.attribute("owner", encodeName(E.Owner));
          J.attributeObject("inputs", [&] {
            for (const auto &[Input, Hash] : E.Inputs)
              J.attribute(encodeName(Input), Hash);
          });
        });
    });
  });
  OS << "\n";
  return Text;
}

std::string ProjectManifest::journalHeader(llvm::StringRef InRoot) {
  std::string Line;
  llvm::raw_string_ostream OS(Line);
  llvm::json::OStream J(OS);
  J.object([&] {
    J.attribute("format", Format);
    J.attribute("in_root", encodeName(InRoot));
  });
  return Line + "\n";
}

std::string ProjectManifest::journalLine(llvm::StringRef RelPath,
                                         const Entry &E) {
  std::string Line;
  llvm::raw_string_ostream OS(Line);
  llvm::json::OStream J(OS);
  J.object([&] {
    J.attribute("path", encodeName(RelPath));
    if (E.LinkTarget)
      J.attribute("link", encodeName(*E.LinkTarget));
    else
      J.attribute("sha256", E.OutputHash);
  });
  return Line + "\n";
}

llvm::Expected<std::string> ProjectManifest::addJournal(llvm::StringRef Journal,
                                                        llvm::StringRef Path) {
  std::string JournalInRoot;
  llvm::StringRef Rest = Journal;
  while (!Rest.empty()) {
    llvm::StringRef Line;
    std::tie(Line, Rest) = Rest.split('\n');
    if (Rest.empty() && !Journal.ends_with("\n"))
      break; // Cut short by a kill.
    if (nestsTooDeep(Line))
      continue;
    llvm::Expected<llvm::json::Value> Parsed = llvm::json::parse(Line);
    if (!Parsed) {
      llvm::consumeError(Parsed.takeError());
      continue;
    }
    const llvm::json::Object *Fields = Parsed->getAsObject();
    if (!Fields)
      continue;
    if (std::optional<llvm::StringRef> In = Fields->getString("in_root")) {
      JournalInRoot = decodeName(*In).value_or("");
      continue;
    }
    std::optional<llvm::StringRef> Stored = Fields->getString("path");
    if (!Stored)
      continue;
    std::string Name;
    if (llvm::Error E = checkOutputName(*Stored, Name, true, Path))
      return std::move(E);
    Entry E;
    if (std::optional<llvm::StringRef> Link = Fields->getString("link")) {
      E.LinkTarget = decodeName(*Link).value_or("");
    } else {
      std::optional<llvm::StringRef> Hash = Fields->getString("sha256");
      if (!Hash || !isHash(*Hash))
        return notAManifest(Path, "the entry '" + *Stored +
                                      "' has no SHA-256 and is no link");
      E.OutputHash = Hash->str();
    }
    // Written after the manifest was: that text is hipify-clang's, and its
    // inputs are unknown, so it is translated again.
    Outputs[Name] = std::move(E);
  }
  return JournalInRoot;
}
