// A namespace alias declares the user's own name: `namespace cub = hipcub;`
// keeps its name whichever engine sees it (issue 28). Where the file's own
// alias is visible (after it, in the same #if branch or one nested in it, and
// inside the braces around it), the name is the alias, so `cub::X` stays too,
// in code and macro bodies; before it, outside its branch, and other aliases'
// targets (`namespace cb = cub;`), cub is CUDA's and is translated.
// REQUIRES: cuda
// RUN: rm -rf %t && mkdir -p %t/rocm/share/hip
// RUN: printf 'HIP_VERSION_MAJOR=6\nHIP_VERSION_MINOR=4\nHIP_VERSION_PATCH=0\n' > %t/rocm/share/hip/version
// RUN: %hipify %s -o %t/out.hip --rocm-path=%t/rocm 2> %t/err
// RUN: FileCheck %s --check-prefix=QUIET --allow-empty --input-file=%t/err
// QUIET-NOT: {{.}}
// RUN: grep -v '^ *//' %t/out.hip | FileCheck %s --check-prefixes=CHECK,CUDA --implicit-check-not='hipcub = hipcub'
// hipify-perl, the token engine alone, the same.
// RUN: env ROCM_PATH=%t/rocm %hipify_perl %s 2> %t/err-perl | grep -v '^ *//' | FileCheck %s --check-prefixes=CHECK,CUDA --implicit-check-not='hipcub = hipcub'
// RUN: FileCheck %s --check-prefix=QUIET --allow-empty --input-file=%t/err-perl
// The parse takes the #ifndef branch (lexical: the #else branch), and with
// -DUSE_ROCM the other one: the same rules.
// RUN: %hipify %s -o %t/rocm.hip --rocm-path=%t/rocm -- -DUSE_ROCM -isystem %S/Inputs/hipcub-stand-in 2> %t/err-rocm
// RUN: FileCheck %s --check-prefix=QUIET --allow-empty --input-file=%t/err-rocm
// RUN: grep -v '^ *//' %t/rocm.hip | FileCheck %s --check-prefixes=CHECK,ROCM --implicit-check-not='hipcub = hipcub'

// CHECK: #ifndef USE_ROCM
// CHECK: #include <hipcub/block/block_scan.hpp>
// CHECK-NEXT: #define SCAN_T(N) hipcub::BlockScan<int, N>
// CHECK-NEXT: #else
// CHECK-NEXT: #include <hipcub/hipcub.hpp>
// CHECK-NEXT: #define EARLY_SCAN_T(N) hipcub::BlockScan<int, N>
// CHECK-NEXT: namespace cub = hipcub;
// CHECK-NEXT: #define SCAN_T(N) cub::BlockScan<int, N>
// CHECK-NEXT: using WideScan = cub::BlockScan<int, 256>;
// CHECK-NEXT: #if defined(__HIP_PLATFORM_AMD__)
// CHECK-NEXT: using WarpScan = cub::WarpScan<int>;
// CHECK-NEXT: #endif
// CHECK-NEXT: #endif
#ifndef USE_ROCM
#include <cub/block/block_scan.cuh>
#define SCAN_T(N) cub::BlockScan<int, N>
#else
#include <hipcub/hipcub.hpp>
#define EARLY_SCAN_T(N) cub::BlockScan<int, N>
namespace cub = hipcub;
#define SCAN_T(N) cub::BlockScan<int, N>
using WideScan = cub::BlockScan<int, 256>;
#if defined(__HIP_PLATFORM_AMD__)
using WarpScan = cub::WarpScan<int>;
#endif
#endif

// After the #endif the parse decides: CUDA's cub without USE_ROCM, the alias
// with it (the stand-in's hipcub).
// CUDA: using Scan = hipcub::BlockScan<int, 128>;
// ROCM: using Scan = cub::BlockScan<int, 128>;
using Scan = cub::BlockScan<int, 128>;
