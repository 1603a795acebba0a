/*
 * Surface functions for hipify-clang's parse, shipped with hipify-clang.
 *
 * clang 19's CUDA wrapper never includes CUDA's surface_indirect_functions.h
 * (surf2Dread, surf2Dwrite, ...), and could not compile it: their bodies call
 * __nv_tex_surf_handler with surface operations that clang's texture
 * intrinsics do not implement. hipify-clang needs only the declarations, so it
 * force-includes this file, which includes CUDA's own header with
 * __nv_tex_surf_handler expanding to nothing. The names and signatures are
 * CUDA's; nothing here is ever compiled into code.
 */
#ifndef HIPIFY_CLANG_CUDA_SURFACE_FUNCTIONS_H
#define HIPIFY_CLANG_CUDA_SURFACE_FUNCTIONS_H
#pragma push_macro("__nv_tex_surf_handler")
#undef __nv_tex_surf_handler
#define __nv_tex_surf_handler(...) ((void)0)
#include <surface_indirect_functions.h>
#pragma pop_macro("__nv_tex_surf_handler")
#endif
