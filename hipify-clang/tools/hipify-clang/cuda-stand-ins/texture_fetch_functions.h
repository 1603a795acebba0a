/*
 * Stand-in for CUDA's texture_fetch_functions.h, shipped with hipify-clang.
 *
 * clang 19's __clang_cuda_runtime_wrapper.h includes "texture_fetch_functions.h",
 * which held the texture *reference* fetch functions. Texture references were
 * removed in CUDA 12 and CUDA 13 removed the header itself. hipify-clang adds
 * this directory with -idirafter, so a CUDA installation that still has the
 * header uses its own copy; with CUDA 13 this empty stand-in is found instead.
 * The texture *object* functions (tex1Dfetch<T>(cudaTextureObject_t, ...),
 * tex2D<T>, ...) live in texture_indirect_functions.h, which CUDA 13 still
 * ships and which is deliberately not replaced.
 */
#ifndef HIPIFY_CLANG_STAND_IN_TEXTURE_FETCH_FUNCTIONS_H
#define HIPIFY_CLANG_STAND_IN_TEXTURE_FETCH_FUNCTIONS_H
#endif
