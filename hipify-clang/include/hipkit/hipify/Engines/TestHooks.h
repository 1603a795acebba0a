//===- TestHooks.h - Races a test makes happen on cue (internal) -*- C++
//-*-===//
//
// Some failures need another program to act at the wrong moment: a run killed
// after it wrote some outputs, a source deleted between its read and its
// parse. A lit test cannot time that, so it names the moment in the
// environment variable HIPIFY_TEST_HOOKS ("kill-after-outputs=3",
// "remove-before-parse=a.cu", "crash-in-parse=b.cu", comma-separated). Only
// the test suite sets it;
// docs/internals.md lists the hooks.
//
//===----------------------------------------------------------------------===//
#ifndef HIPKIT_HIPIFY_LIB_TESTHOOKS_H
#define HIPKIT_HIPIFY_LIB_TESTHOOKS_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <cstdlib>
#include <optional>
#include <string>
#include <vector>

namespace hipkit::hipify::driver {

/// Every value the test gave the hook \p Name, in order.
inline std::vector<std::string> testHookValues(llvm::StringRef Name) {
  std::vector<std::string> Values;
  const char *Hooks = std::getenv("HIPIFY_TEST_HOOKS");
  if (!Hooks)
    return Values;
  llvm::SmallVector<llvm::StringRef, 4> Items;
  llvm::StringRef(Hooks).split(Items, ',', -1, /*KeepEmpty=*/false);
  for (llvm::StringRef Item : Items) {
    auto [Key, Value] = Item.split('=');
    if (Key == Name)
      Values.push_back(Value.str());
  }
  return Values;
}

/// The first value of the hook \p Name, if the test set it.
inline std::optional<std::string> testHook(llvm::StringRef Name) {
  std::vector<std::string> Values = testHookValues(Name);
  if (Values.empty())
    return std::nullopt;
  return Values.front();
}

} // namespace hipkit::hipify::driver

#endif
