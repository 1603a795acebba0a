//===- PerlFrontend.h - hipify-clang run as hipify-perl ---------*- C++ -*-===//
//
// hipify-perl is a second name of the hipify-clang executable (a link beside
// it); main() hands over when it was started by that name.
//
//===----------------------------------------------------------------------===//
#ifndef HIPKIT_HIPIFY_TOOLS_PERLFRONTEND_H
#define HIPKIT_HIPIFY_TOOLS_PERLFRONTEND_H

#include "llvm/ADT/StringRef.h"

/// True when \p Argv0 names hipify-perl (any directory, any suffix).
bool isHipifyPerlName(llvm::StringRef Argv0);

/// hipify-perl's main: AMD's command line (PerlOptions.td) over the same run
/// as hipify-clang's, translating by tokens only. \p MainAddress locates the
/// executable.
int hipifyPerlMain(int Argc, char **Argv, void *MainAddress);

#endif
