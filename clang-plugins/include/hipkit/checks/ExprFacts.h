//===- ExprFacts.h - What the checks ask of an expression -------*- C++ -*-===//
//
// Small questions several checks share: does a value come from the thread
// index, is a constant written as a warp width (a literal, or a macro or
// constant whose name says warp/lane/wave) rather than as some other size
// that happens to be 32 (TILE_DIM), which function does a call name, does a
// function's code run on the device.
//
//===----------------------------------------------------------------------===//
#ifndef HIPKIT_CHECKS_EXPRFACTS_H
#define HIPKIT_CHECKS_EXPRFACTS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"

#include <optional>

namespace hipkit::checks {

/// True when \p E reads threadIdx, directly or through local variables
/// initialised from it (a few levels deep).
bool derivesFromThreadIndex(const clang::Expr *E, unsigned Depth = 0);

/// The value of \p E when it is an integer constant written as a literal or
/// through a macro or constant whose name says it is a warp width; nullopt
/// otherwise (TILE_DIM, BLOCK_SIZE, a template parameter).
std::optional<int64_t> warpWidthConstant(const clang::Expr *E,
                                         const clang::ASTContext &Ctx);

/// The name of the function \p Call calls ("" for indirect calls).
llvm::StringRef calleeName(const clang::CallExpr *Call);

/// True for __ballot, __ballot_sync, __activemask, __match_any_sync, ...:
/// calls whose result has one bit per lane.
bool isLaneMaskCall(const clang::Expr *E);

/// True when \p E reads warpSize (the variable or HIP's macro).
bool readsWarpSize(const clang::Expr *E, const clang::ASTContext &Ctx);

/// True when the code of \p F runs on the GPU: a __global__ or __device__
/// function (__host__ __device__ too), or a lambda that is marked so or is
/// defined in such a function. A lambda without execution-space attributes
/// runs where it is defined, as under nvcc: in a host function
/// (`AT_DISPATCH_FLOATING_TYPES(..., [&] { k<<<...>>>(); })`) it is host code,
/// although clang gives it implicit __host__ __device__ attributes.
bool runsOnDevice(const clang::FunctionDecl *F);

} // namespace hipkit::checks

#endif
