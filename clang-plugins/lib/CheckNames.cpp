//===- CheckNames.cpp -----------------------------------------------------===//
#include "hipkit/checks/CheckNames.h"

using namespace llvm;

namespace hipkit::checks {

ArrayRef<CheckName> portingCheckNames() {
  static const CheckName Names[] = {
#define HIPKIT_PORTING_CHECK(NAME, CLASS, SUMMARY) {NAME, SUMMARY},
#include "hipkit/checks/PortingChecks.def"
  };
  return Names;
}

Expected<GlobList> GlobList::parse(StringRef Text) {
  GlobList List;
  SmallVector<StringRef, 8> Parts;
  Text.split(Parts, ',', -1, /*KeepEmpty=*/false);
  for (StringRef Part : Parts) {
    Part = Part.trim();
    if (Part.empty())
      continue;
    bool Positive = !Part.consume_front("-");
    Part = Part.trim();
    if (Part.empty() ||
        Part.find_first_not_of("abcdefghijklmnopqrstuvwxyz"
                               "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.*") !=
            StringRef::npos)
      return createStringError(inconvertibleErrorCode(),
                               "malformed check glob '" + Part +
                                   "'; expected names, '*' and a leading '-'");
    std::string Pattern = "^";
    for (char C : Part)
      Pattern += C == '*' ? std::string(".*") : Regex::escape(StringRef(&C, 1));
    Pattern += "$";
    List.Globs.push_back(
        {Positive, Part.str(), std::make_shared<Regex>(Pattern)});
  }
  return List;
}

bool GlobList::contains(StringRef Name) const {
  for (auto It = Globs.rbegin(); It != Globs.rend(); ++It)
    if (It->Regex->match(Name))
      return It->Positive;
  return false;
}

std::optional<std::string>
GlobList::globMatchingNone(ArrayRef<StringRef> Names) const {
  for (const Glob &G : Globs)
    if (none_of(Names, [&](StringRef Name) { return G.Regex->match(Name); }))
      return (G.Positive ? "" : "-") + G.Pattern;
  return std::nullopt;
}

Expected<GlobList> parseSelection(StringRef Text, ArrayRef<StringRef> Names,
                                  StringRef NamesAre) {
  Expected<GlobList> List = GlobList::parse(Text);
  if (!List)
    return List.takeError();
  if (std::optional<std::string> Unmatched = List->globMatchingNone(Names))
    return createStringError(inconvertibleErrorCode(),
                             "'" + *Unmatched + "' matches no " + NamesAre);
  return List;
}

} // namespace hipkit::checks
