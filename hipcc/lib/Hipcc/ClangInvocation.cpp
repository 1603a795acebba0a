//===- ClangInvocation.cpp - What a hipcc command becomes -----------------===//
#include "hipkit/Hipcc/ClangInvocation.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

using namespace llvm;

namespace hipkit {

std::string quoteForShell(StringRef Arg) {
  // '#' starts a comment only at the start of a word ("-###" needs no quotes).
  bool Safe = !Arg.empty() && Arg.front() != '#' && all_of(Arg, [](char C) {
    return isAlnum(C) || StringRef("_@%+=:,./-#").contains(C);
  });
  if (Safe)
    return Arg.str();
  std::string Quoted = "'";
  for (char C : Arg) {
    if (C == '\'')
      Quoted += "'\\''";
    else
      Quoted += C;
  }
  return Quoted + "'";
}

} // namespace hipkit
