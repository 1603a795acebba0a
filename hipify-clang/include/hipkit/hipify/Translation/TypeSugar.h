//===- TypeSugar.h - The typedefs a type is written through -*- C++ -*-===//
//
// CUDA's library types are typedefs (cublasStatus_t of an anonymous enum,
// __nv_bfloat16 in older CUDA): what a type is called where it is written is
// found by walking its sugar, typedef by typedef.
//
//===----------------------------------------------------------------------===//

#ifndef HIPKIT_HIPIFY_TYPESUGAR_H
#define HIPKIT_HIPIFY_TYPESUGAR_H

#include "clang/AST/Type.h"
#include "llvm/ADT/STLFunctionalExtras.h"

namespace hipkit::hipify {

/// The first typedef \p T is written through (outermost first, through
/// elaborated spellings) for which \p Wanted holds, or nullptr.
inline const clang::TypedefNameDecl *
findTypedef(clang::QualType T,
            llvm::function_ref<bool(const clang::TypedefNameDecl &)> Wanted) {
  while (true) {
    const clang::Type *Sugar = T.getTypePtr();
    if (const auto *Typedef = llvm::dyn_cast<clang::TypedefType>(Sugar)) {
      if (Wanted(*Typedef->getDecl()))
        return Typedef->getDecl();
      T = Typedef->desugar();
    } else if (const auto *Elaborated =
                   llvm::dyn_cast<clang::ElaboratedType>(Sugar)) {
      T = Elaborated->getNamedType();
    } else {
      return nullptr;
    }
  }
}

} // namespace hipkit::hipify

#endif
