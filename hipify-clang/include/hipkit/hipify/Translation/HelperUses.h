//===- HelperUses.h - The helper blocks a file's translation needs -*- C++ -*-//
//
// Code HIP lacks but a few lines over HIP's API provide is a block of
// Tables/HelperBlocks.def, named by the `helper:BLOCK:NAME` rule. The rule
// records each use here; once both engines are done, each block is written
// once per file, at the start of the line of the top-level declaration (or
// directive) holding its first use, with a note there.
//
//===----------------------------------------------------------------------===//
#ifndef HIPKIT_HIPIFY_HELPERUSES_H
#define HIPKIT_HIPIFY_HELPERUSES_H

#include "hipkit/hipify/Source/SourceText.h"
#include "hipkit/hipify/Translation/EditBuffer.h"
#include "hipkit/hipify/Translation/FileWarnings.h"

#include "llvm/ADT/StringRef.h"

#include <map>
#include <string>

namespace hipkit::hipify {

class HelperUses {
public:
  /// The code of HelperBlocks.def's block \p Block is needed from \p Offset
  /// on (a call the `helper` rule wrote).
  void require(llvm::StringRef Block, unsigned Offset);
  /// Writes each required block once into \p Buffer, before the top-level
  /// declaration (or directive) of \p Source holding its first use, with a
  /// note in \p Log there; then forgets them.
  void insert(EditBuffer &Buffer, const SourceText &Source, WarningLog &Log);

private:
  /// Per block, the offset of its first use.
  std::map<std::string, unsigned> FirstUse;
};

} // namespace hipkit::hipify

#endif
