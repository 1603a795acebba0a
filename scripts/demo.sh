#!/usr/bin/env bash
# The main job on the shipped examples: build hipkit, compile a HIP program for gfx942,
# translate a CUDA program to HIP and compile that too, then show what the fat binaries hold.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
build=${HIPKIT_BUILD_DIR:-$top/build}
cmake -S "$top" -B "$build" -G Ninja >/dev/null
ninja -C "$build" all
bin=$build/stage/bin
out=$build/demo
mkdir -p "$out"

echo "== hipcc examples/hello.hip -o hello --offload-arch=gfx942"
"$bin/hipcc" "$top/examples/hello.hip" -o "$out/hello" --offload-arch=gfx942
echo "== bundles in hello's .hip_fatbin"
objcopy=/usr/lib/llvm-19/bin/llvm-objcopy; "$objcopy" --dump-section=.hip_fatbin="$out/hello.fatbin" "$out/hello" /dev/null
/usr/lib/llvm-19/bin/clang-offload-bundler --list --type=o --input="$out/hello.fatbin"
if [ -x "$bin/hipify-clang" ] && [ -f "$top/examples/vector_add.cu" ]; then
  echo "== hipify-clang examples/vector_add.cu -o vector_add.hip"
  "$bin/hipify-clang" "$top/examples/vector_add.cu" -o "$out/vector_add.hip"
  sed -n '1,40p' "$out/vector_add.hip"
  "$bin/hipcc" "$out/vector_add.hip" -o "$out/vector_add" --offload-arch=gfx942
  echo "== vector_add built: $out/vector_add"
fi
