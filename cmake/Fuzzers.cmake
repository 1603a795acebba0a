# The libFuzzer targets (hipify-clang/fuzz, hipcc/fuzz; docs/fuzzing.md).
#
# libFuzzer and the sanitizers need clang, and the fuzzers must exercise the
# libraries themselves, instrumented; the tools may be built by another
# compiler. So this tree is configured a second time, as an external project
# in <build>/fuzz, with clang 19 and HIPKIT_FUZZ_BUILD=ON (see the top-level
# CMakeLists.txt): it builds the instrumented libraries and the fuzzers into
# <build>/fuzz/bin. Not part of the default build (scripts/demo.sh, the first
# command a new user runs, shows none of it: a second, instrumented build of
# the libraries took half its time), but of check-hipkit, so the lit suite
# (test/fuzz) runs them wherever the tests run, and of scripts/fuzz.sh.
option(HIPKIT_FUZZERS "Build the libFuzzer targets with clang 19 (libclang-rt-19-dev)" ON)
set(HIPKIT_FUZZ_BIN_DIR "")
if(NOT HIPKIT_FUZZERS)
  return()
endif()

set(HIPKIT_FUZZ_CXX_COMPILER "${LLVM_TOOLS_BINARY_DIR}/clang++" CACHE FILEPATH
  "clang++ that builds the fuzzers")
set(HIPKIT_FUZZ_C_COMPILER "${LLVM_TOOLS_BINARY_DIR}/clang" CACHE FILEPATH
  "clang that builds the fuzzers' C parts")

# Debian ships libFuzzer and the sanitizer runtimes in libclang-rt-19-dev,
# which clang-19 does not pull in: say so now rather than at the first link.
set(probe_dir "${CMAKE_BINARY_DIR}/CMakeFiles/hipkit-fuzzer-probe")
file(WRITE "${probe_dir}/probe.cpp"
  "#include <cstddef>\n#include <cstdint>\n"
  "extern \"C\" int LLVMFuzzerTestOneInput(const uint8_t *, size_t) { return 0; }\n")
execute_process(
  COMMAND "${HIPKIT_FUZZ_CXX_COMPILER}" -fsanitize=fuzzer,address,undefined
          "${probe_dir}/probe.cpp" -o "${probe_dir}/probe"
  RESULT_VARIABLE probe_status OUTPUT_VARIABLE probe_output ERROR_VARIABLE probe_output)
if(NOT probe_status EQUAL 0)
  message(FATAL_ERROR "cannot build a libFuzzer target with ${HIPKIT_FUZZ_CXX_COMPILER}: "
    "install clang-19 and libclang-rt-19-dev (scripts/bootstrap.sh does), "
    "or configure with -DHIPKIT_FUZZERS=OFF\n${probe_output}")
endif()

include(ExternalProject)
set(HIPKIT_FUZZ_BIN_DIR "${CMAKE_BINARY_DIR}/fuzz/bin")
ExternalProject_Add(hipkit-fuzzers
  SOURCE_DIR "${PROJECT_SOURCE_DIR}"
  BINARY_DIR "${CMAKE_BINARY_DIR}/fuzz"
  CMAKE_ARGS
    -DHIPKIT_FUZZ_BUILD=ON
    -DCMAKE_BUILD_TYPE=Release
    -DCMAKE_CXX_COMPILER=${HIPKIT_FUZZ_CXX_COMPILER}
    -DCMAKE_C_COMPILER=${HIPKIT_FUZZ_C_COMPILER}
    -DHIPKIT_LLVM_ROOT=${HIPKIT_LLVM_ROOT}
  BUILD_COMMAND "${CMAKE_COMMAND}" --build <BINARY_DIR> --target hipkit-fuzzers
  INSTALL_COMMAND ""
  # The sub-build tracks its own sources: let its ninja decide what to rebuild.
  BUILD_ALWAYS ON
  EXCLUDE_FROM_ALL TRUE)
hipkit_add_test_depends(hipkit-fuzzers)
