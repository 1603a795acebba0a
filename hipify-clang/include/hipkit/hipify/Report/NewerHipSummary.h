//===- NewerHipSummary.h - HIP names newer than the target, once per run --===//
//
// A sample collection written for a current CUDA uses hundreds of names that
// came with HIP releases newer than the one targeted; a warning per name and
// file buried the few warnings that matter. The run says it once per library
// and HIP version, at the first use, with how many names and uses there are
// and how to target a newer HIP; the report keeps every name with its line.
//
//===----------------------------------------------------------------------===//

#ifndef HIPKIT_HIPIFY_NEWERHIPSUMMARY_H
#define HIPKIT_HIPIFY_NEWERHIPSUMMARY_H

#include "hipkit/hipify/Translation/FileTranslation.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/raw_ostream.h"
#include <map>
#include <string>
#include <vector>

namespace hipkit::hipify {

class NewerHipSummary {
public:
  /// Takes \p FT's uses, in the order files are reported (so the first use
  /// of each library and version is the first the user sees).
  void collect(const FileTranslation &FT);
  /// One "path:line:col: warning: ..." line per library and HIP version, in
  /// the order of their first uses; \p Errors counts those printed as
  /// errors. \p TargetVersion is the targeted HIP ("5.2").
  void print(llvm::raw_ostream &OS, const WarningSelection &Selection,
             llvm::StringRef TargetVersion, unsigned &Errors) const;

private:
  struct Group {
    std::string Library, Version;
    std::string FirstLocation; ///< "path:line:col"
    std::string FirstHipName, FirstCudaName;
    llvm::StringSet<> Names, Files;
    unsigned Uses = 0;
  };
  /// In the order of their first uses.
  std::vector<Group> Groups;
  /// Index in Groups by library and version ("hipBLAS", "5.5").
  std::map<std::pair<std::string, std::string>, size_t> IndexOf;
};

} // namespace hipkit::hipify

#endif
