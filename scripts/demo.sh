#!/usr/bin/env bash
# The main job on the shipped examples: build hipkit, compile a HIP program for gfx942 and show
# what its fat binary holds (bundles, the code object's ELF target, the kernels), then translate
# a CUDA program to HIP and compile that too.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
build=${HIPKIT_BUILD_DIR:-$top/build}
cmake -S "$top" -B "$build" -G Ninja >/dev/null
ninja -C "$build" all
bin=$build/stage/bin
llvm=/usr/lib/llvm-19/bin
out=$build/demo
mkdir -p "$out"

echo "== hipcc examples/hello.hip -o hello --offload-arch=gfx942"
"$bin/hipcc" "$top/examples/hello.hip" -o "$out/hello" --offload-arch=gfx942
"$llvm/llvm-readelf" --file-headers --dynamic-table "$out/hello" | grep -E 'Class|Machine|NEEDED|RUNPATH'
echo "== bundles in hello's .hip_fatbin"
"$llvm/llvm-objcopy" --dump-section=.hip_fatbin="$out/hello.fatbin" "$out/hello" "$out/hello.stripped"
"$llvm/clang-offload-bundler" --list --type=o --input="$out/hello.fatbin"
"$llvm/clang-offload-bundler" --unbundle --type=o --input="$out/hello.fatbin" \
  --targets=hipv4-amdgcn-amd-amdhsa--gfx942 --output="$out/hello.gfx942.co"
echo "== the gfx942 code object: ELF target flags"
"$llvm/llvm-readobj" --file-headers "$out/hello.gfx942.co" | sed -n '/Machine/p;/Flags \[/,/\]/p'
echo "== its kernels (from the metadata note)"
"$llvm/llvm-readelf" --notes "$out/hello.gfx942.co" | grep -E '^ *\.name: +[^ ]+$|amdhsa.target'

if [ -x "$bin/hipify-clang" ] && [ -f "$top/examples/vector_add.cu" ]; then
  echo "== hipify-clang examples/vector_add.cu -o vector_add.hip"
  "$bin/hipify-clang" "$top/examples/vector_add.cu" -o "$out/vector_add.hip"
  sed -n '1,40p' "$out/vector_add.hip"
  "$bin/hipcc" "$out/vector_add.hip" -o "$out/vector_add" --offload-arch=gfx942
  echo "== vector_add built: $out/vector_add"
fi
