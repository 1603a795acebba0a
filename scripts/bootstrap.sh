#!/usr/bin/env bash
# Installs every system package hipkit needs to build and test, from Debian 12's archive.
# Idempotent: when everything is present it only checks and returns.
set -euo pipefail

packages=(
  clang-19 clang-tools-19 libclang-19-dev llvm-19-dev lld-19 llvm-19-tools libclang-cpp19-dev
  libclang-rt-19-dev  # libFuzzer and the sanitizer runtimes (cmake/Fuzzers.cmake)
  rocm-device-libs libamdhip64-dev
  cmake ninja-build make g++ python3 ccache file binutils dpkg-dev patch
  chromium python3-jsonschema  # test/clang-plugins: hipify's HTML and JSON reports
  libpython3-dev  # Python.h, which PyTorch's torch/extension.h includes (test/torch)
  libgtest-dev  # googletest: the unit tests (hipify-clang/unittests, hipcc/unittests; test/Unit)
  distcc  # distcc and distccd: the loopback farm tests (test/hipcc/launcher-distcc*.test) and bench
  icecc zstd iproute2  # icecream and the compressor of its environments; ip for the farm's
                       # own network namespace: test/hipcc/launcher-icecc*.test, scripts/icecc-hip-env.sh
  sccache  # Debian's sccache 0.4: test/hipcc/launcher-sccache.test, docs/distributed.md
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done

if ((${#missing[@]})); then
  echo "bootstrap: installing ${missing[*]}"
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO=sudo
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
else
  echo "bootstrap: all system packages present"
fi
