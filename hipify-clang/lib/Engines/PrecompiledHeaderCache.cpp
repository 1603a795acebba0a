//===- PrecompiledHeaderCache.cpp - precompiled headers kept across runs --===//

#include "hipkit/hipify/Engines/PrecompiledHeaderCache.h"
#include "hipkit/Support/OutputFile.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SHA256.h"
#include <algorithm>
#include <map>
#include <unistd.h>

namespace hipkit::hipify {

namespace {
constexpr llvm::StringLiteral InputsFormat =
    "hipify-clang precompiled header inputs 1";

std::string joined(llvm::StringRef Stem, llvm::StringRef Extension) {
  return (Stem + Extension).str();
}

/// "<size> <nanoseconds since the epoch>" of \p Path, or "" when it is gone.
std::string stampOf(llvm::StringRef Path) {
  llvm::sys::fs::file_status Status;
  if (llvm::sys::fs::status(Path, Status))
    return "";
  auto Time = Status.getLastModificationTime().time_since_epoch();
  return std::to_string(Status.getSize()) + " " +
         std::to_string(
             std::chrono::duration_cast<std::chrono::nanoseconds>(Time)
                 .count());
}

bool isEntryStem(llvm::StringRef Name) {
  return Name.size() == 32 && llvm::all_of(Name, llvm::isHexDigit);
}
} // namespace

llvm::Expected<PrecompiledHeaderCache>
PrecompiledHeaderCache::open(llvm::StringRef Dir,
                             llvm::StringRef ToolIdentity) {
  auto refuse = [&](const llvm::Twine &Why) {
    return llvm::createStringError("'" + Dir + "' " + Why);
  };
  llvm::sys::fs::file_status Status;
  if (llvm::sys::fs::status(Dir, Status, /*Follow=*/false)) {
    // Only the last level is created: a mistyped --cache-dir would otherwise
    // become a chain of new folders.
    if (std::error_code EC = llvm::sys::fs::create_directory(
            Dir, /*IgnoreExisting=*/false, llvm::sys::fs::owner_all))
      return refuse("cannot be created (" + EC.message() + ")");
    if (llvm::sys::fs::status(Dir, Status, /*Follow=*/false))
      return refuse("cannot be read after creating it");
  }
  if (Status.type() != llvm::sys::fs::file_type::directory_file)
    return refuse("is not a folder");
  if (Status.getUser() != ::geteuid())
    return refuse("belongs to another user");
  if (Status.permissions() &
      (llvm::sys::fs::group_write | llvm::sys::fs::others_write))
    return refuse("may be written by other users (chmod go-w it)");
  // Absolute: a chained header records its base's path, and an entry its
  // own, which a run from another folder must find.
  llvm::SmallString<256> Absolute(Dir);
  if (std::error_code EC = llvm::sys::fs::make_absolute(Absolute))
    return refuse("has no absolute path (" + EC.message() + ")");
  llvm::sys::path::remove_dots(Absolute, /*remove_dot_dot=*/true);
  return PrecompiledHeaderCache(std::string(Absolute), ToolIdentity.str());
}

std::string
PrecompiledHeaderCache::stemFor(const std::vector<std::string> &Command,
                                const std::vector<std::string> &Prelude,
                                llvm::StringRef BaseStem) const {
  llvm::SHA256 Hash;
  auto add = [&Hash](llvm::StringRef Piece) {
    Hash.update(Piece);
    Hash.update(llvm::StringRef("\0", 1));
  };
  add(InputsFormat);
  add(ToolIdentity);
  add("command");
  for (const std::string &Arg : Command)
    add(Arg);
  add("prelude");
  for (const std::string &Header : Prelude)
    add(Header);
  add("base");
  add(BaseStem);
  std::array<uint8_t, 32> Digest = Hash.final();
  llvm::SmallString<256> Stem(Dir);
  llvm::sys::path::append(
      Stem, llvm::toHex(llvm::ArrayRef<uint8_t>(Digest).take_front(16),
                        /*LowerCase=*/true));
  return std::string(Stem);
}

std::string PrecompiledHeaderCache::toolLine() const {
  std::string Line = "tool " + ToolIdentity;
  std::replace(Line.begin(), Line.end(), '\n', ' ');
  return Line;
}

void PrecompiledHeaderCache::markUsed(llvm::StringRef Stem) {
  std::lock_guard<std::mutex> Lock(UsedLock);
  Used.insert(Stem.str());
}

bool PrecompiledHeaderCache::isFresh(llvm::StringRef Stem) {
  {
    std::lock_guard<std::mutex> Lock(UsedLock);
    if (Fresh.count(Stem.str()))
      return true;
  }
  std::string InputsPath = joined(Stem, ".inputs");
  llvm::Expected<std::optional<std::string>> Text =
      readRegularFile(InputsPath, 16 << 20);
  if (!Text) {
    llvm::consumeError(Text.takeError());
    return false;
  }
  if (!*Text)
    return false;
  llvm::StringRef Rest = **Text;
  auto [First, AfterFirst] = Rest.split('\n');
  auto [Tool, Lines] = AfterFirst.split('\n');
  if (First != InputsFormat || Tool != toolLine())
    return false;
  bool Any = false;
  while (!Lines.empty()) {
    llvm::StringRef Line;
    std::tie(Line, Lines) = Lines.split('\n');
    if (Line.empty() || Line.starts_with("base "))
      continue;
    // "<size> <time> <path>": the path is the rest of the line.
    auto [Size, AfterSize] = Line.split(' ');
    auto [Time, Path] = AfterSize.split(' ');
    if (Path.empty() || stampOf(Path) != (Size + " " + Time).str())
      return false;
    Any = true;
  }
  if (!Any)
    return false;
  markUsed(Stem);
  {
    std::lock_guard<std::mutex> Lock(UsedLock);
    Fresh.insert(Stem.str());
  }
  // Used now: prune keeps it.
  int FD;
  if (!llvm::sys::fs::openFileForWrite(InputsPath, FD,
                                       llvm::sys::fs::CD_OpenExisting,
                                       llvm::sys::fs::OF_Append)) {
    (void)llvm::sys::fs::setLastAccessAndModificationTime(
        FD, std::chrono::system_clock::now());
    ::close(FD);
  }
  return true;
}

llvm::Error PrecompiledHeaderCache::prepare(llvm::StringRef Stem,
                                            llvm::StringRef PreludeText) {
  markUsed(Stem);
  {
    std::lock_guard<std::mutex> Lock(UsedLock);
    Fresh.erase(Stem.str());
  }
  std::error_code EC = llvm::sys::fs::remove(joined(Stem, ".inputs"));
  if (EC)
    return llvm::createStringError("cannot remove '" +
                                   joined(Stem, ".inputs") +
                                   "': " + EC.message());
  std::string Main = joined(Stem, ".cu");
  // Rewritten only when other: its time is one of the inputs that entries
  // chained on it do not record, but clang checks it when loading.
  if (fileStillHolds(Main, PreludeText))
    return llvm::Error::success();
  return writeOutputFile(Main, PreludeText);
}

llvm::Error
PrecompiledHeaderCache::recordInputs(llvm::StringRef Stem,
                                     const std::vector<std::string> &Inputs,
                                     llvm::StringRef BaseStem) {
  std::string Text = InputsFormat.str() + "\n" + toolLine() + "\n";
  if (!BaseStem.empty())
    Text += ("base " + llvm::sys::path::filename(BaseStem) + "\n").str();
  std::vector<std::string> All = {joined(Stem, ".pch"), joined(Stem, ".cu")};
  llvm::append_range(All, Inputs);
  for (const std::string &Path : All) {
    if (Path.find('\n') != std::string::npos)
      return llvm::createStringError("'" + Path +
                                     "' has a line break in its name");
    std::string Stamp = stampOf(Path);
    if (Stamp.empty())
      return llvm::createStringError("'" + Path +
                                     "' is gone since it was read");
    Text += Stamp + " " + Path + "\n";
  }
  return writeOutputFile(joined(Stem, ".inputs"), Text);
}

std::vector<std::vector<std::string>>
PrecompiledHeaderCache::preludesOn(llvm::StringRef BaseStem) {
  std::string Wanted = ("base " + llvm::sys::path::filename(BaseStem)).str();
  std::vector<std::vector<std::string>> Preludes;
  std::error_code EC;
  for (llvm::sys::fs::directory_iterator It(Dir, EC), End; !EC && It != End;
       It.increment(EC)) {
    llvm::StringRef Path = It->path();
    if (!Path.consume_back(".inputs") ||
        !isEntryStem(llvm::sys::path::filename(Path)))
      continue;
    std::string Inputs, Main;
    if (!readWholeFile(It->path(), Inputs) ||
        llvm::StringRef(Inputs).split('\n').second.split('\n').second.split(
            '\n').first != Wanted ||
        !readWholeFile((Path + ".cu").str(), Main))
      continue;
    std::vector<std::string> Headers;
    for (llvm::StringRef Rest = Main; !Rest.empty();) {
      llvm::StringRef Line;
      std::tie(Line, Rest) = Rest.split('\n');
      if (Line.consume_front("#include <") && Line.consume_back(">"))
        Headers.push_back(Line.str());
    }
    if (!Headers.empty())
      Preludes.push_back(std::move(Headers));
  }
  llvm::sort(Preludes);
  return Preludes;
}

void PrecompiledHeaderCache::prune() {
  auto Now = std::chrono::system_clock::now();
  // By stem: the pieces of each entry, and whether it has its .inputs.
  std::map<std::string, std::vector<std::string>> Pieces;
  std::error_code EC;
  for (llvm::sys::fs::directory_iterator It(Dir, EC), End; !EC && It != End;
       It.increment(EC)) {
    llvm::StringRef Name = llvm::sys::path::filename(It->path());
    llvm::StringRef Stem = Name.take_until([](char C) { return C == '.'; });
    if (isEntryStem(Stem))
      Pieces[(Dir + "/" + Stem).str()].push_back(It->path());
  }
  for (const auto &[Stem, Files] : Pieces) {
    if (Used.count(Stem))
      continue;
    llvm::sys::fs::file_status Status;
    bool HasInputs = !llvm::sys::fs::status(Stem + ".inputs", Status);
    // An entry without its .inputs is a build that failed, or one another
    // run is making right now: left alone for an hour.
    auto MaxAge = HasInputs ? std::chrono::duration_cast<std::chrono::hours>(
                                  MaxUnusedAge)
                            : std::chrono::hours(1);
    if (!HasInputs) {
      // The newest piece decides.
      bool Young = false;
      for (const std::string &File : Files)
        if (!llvm::sys::fs::status(File, Status) &&
            Now - Status.getLastModificationTime() < MaxAge)
          Young = true;
      if (Young)
        continue;
    } else if (Now - Status.getLastModificationTime() < MaxAge) {
      // Another build of the tool wrote it: this one never loads it (an
      // upgrade would otherwise leave every entry behind for a month).
      std::string Text;
      if (!readWholeFile(Stem + ".inputs", Text) ||
          llvm::StringRef(Text).split('\n').second.split('\n').first ==
              toolLine())
        continue;
    }
    for (const std::string &File : Files)
      (void)llvm::sys::fs::remove(File);
  }
}

} // namespace hipkit::hipify
