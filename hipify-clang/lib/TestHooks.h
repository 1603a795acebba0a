//===- TestHooks.h - Races a test makes happen on cue (internal) -*- C++
//-*-===//
//
// Some failures need another program to act at the wrong moment: a run killed
// after it wrote some outputs, a source deleted between its read and its
// parse. A lit test cannot time that, so it names the moment in the
// environment variable HIPIFY_TEST_HOOKS ("kill-after-outputs=3",
// "remove-before-parse=a.cu", comma-separated). Only the test suite sets it;
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

namespace hipkit::hipify::driver {

/// The value of the hook \p Name, if the test set it.
inline std::optional<std::string> testHook(llvm::StringRef Name) {
  const char *Hooks = std::getenv("HIPIFY_TEST_HOOKS");
  if (!Hooks)
    return std::nullopt;
  llvm::SmallVector<llvm::StringRef, 4> Items;
  llvm::StringRef(Hooks).split(Items, ',', -1, /*KeepEmpty=*/false);
  for (llvm::StringRef Item : Items) {
    auto [Key, Value] = Item.split('=');
    if (Key == Name)
      return Value.str();
  }
  return std::nullopt;
}

} // namespace hipkit::hipify::driver

#endif
