# hipkit_add_tool(<name> SOURCES ... LIBS ...)
# A thin command-line tool over hipkit libraries, linked against the shared libLLVM and
# libclang-cpp, built into stage/bin and installed into <prefix>/bin.
function(hipkit_add_tool name)
  cmake_parse_arguments(ARG "" "" "SOURCES;LIBS" ${ARGN})
  add_executable(${name} ${ARG_SOURCES})
  target_link_libraries(${name} PRIVATE ${ARG_LIBS})
  install(TARGETS ${name} RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
  set_property(GLOBAL APPEND PROPERTY HIPKIT_TEST_DEPENDS ${name})
endfunction()

# hipkit_add_library(<name> SOURCES ... LIBS ...)
# A static library holding a component's logic, so tools and tests share it.
function(hipkit_add_library name)
  cmake_parse_arguments(ARG "" "" "SOURCES;LIBS;INCLUDES" ${ARGN})
  add_library(${name} STATIC ${ARG_SOURCES})
  target_link_libraries(${name} PUBLIC ${ARG_LIBS})
  target_include_directories(${name} PUBLIC ${ARG_INCLUDES})
  set_target_properties(${name} PROPERTIES POSITION_INDEPENDENT_CODE ON)
endfunction()

# hipkit_add_unittest(<component> <name> SOURCES ... LIBS ...)
# A googletest program (Debian's libgtest-dev, with its main) testing a component's units
# directly, built into <build>/unittests/<component>/<name>; lit runs every program there whose
# name ends in "Tests" (test/Unit, lit.formats.GoogleTest) as part of check-hipkit.
function(hipkit_add_unittest component name)
  cmake_parse_arguments(ARG "" "" "SOURCES;LIBS" ${ARGN})
  if(NOT TARGET GTest::gtest_main)
    find_package(GTest CONFIG QUIET)
    if(NOT GTest_FOUND)
      message(FATAL_ERROR "hipkit: googletest not found: install libgtest-dev "
        "(scripts/bootstrap.sh does), or the unit tests cannot be built")
    endif()
  endif()
  add_executable(${name} ${ARG_SOURCES})
  target_link_libraries(${name} PRIVATE ${ARG_LIBS} GTest::gtest GTest::gtest_main)
  set_target_properties(${name} PROPERTIES
    RUNTIME_OUTPUT_DIRECTORY "${CMAKE_BINARY_DIR}/unittests/${component}")
  set_property(GLOBAL APPEND PROPERTY HIPKIT_TEST_DEPENDS ${name})
endfunction()

# Anything the test suite needs built (tools, bitcode, staged files) registers here.
function(hipkit_add_test_depends)
  set_property(GLOBAL APPEND PROPERTY HIPKIT_TEST_DEPENDS ${ARGN})
endfunction()

# LLVM's installed TableGen.cmake expects LLVM's own build to name llvm-tblgen.
if(NOT LLVM_TABLEGEN_EXE)
  set(LLVM_TABLEGEN_EXE "${LLVM_TOOLS_BINARY_DIR}/llvm-tblgen")
endif()
include(TableGen)

# hipkit_add_option_table(<consumer> <options.td> <options.inc>)
# Generates <options.inc> (an llvm::opt table, see
# common/include/hipkit/Support/OptTableDefinition.inc) from <options.td> in the
# current binary directory, before <consumer> is compiled.
function(hipkit_add_option_table consumer td inc)
  set(LLVM_TARGET_DEFINITIONS "${td}")
  tablegen(LLVM "${inc}" -gen-opt-parser-defs)
  add_custom_target(${consumer}-option-table DEPENDS ${TABLEGEN_OUTPUT})
  add_dependencies(${consumer} ${consumer}-option-table)
  target_include_directories(${consumer} PRIVATE "${CMAKE_CURRENT_BINARY_DIR}")
endfunction()

# hipkit_add_stage_permissions(<dir>...)
# Makes the staged tree (and the build directories it links into, such as the patched HIP headers)
# usable by every user, whatever the umask of the build: directories and executables 755, other
# files 644. Compilers, linkers and LLVM's create_directories (0770 by default) otherwise leave
# private modes, and a private amdgcn/ made other users' hipcc miss hipkit's device libraries.
# Runs after every target registered with hipkit_add_test_depends (call it after all of them);
# links are not followed (the prefix's lib/libamdhip64.so points into the system).
function(hipkit_add_stage_permissions)
  get_property(staging_targets GLOBAL PROPERTY HIPKIT_TEST_DEPENDS)
  add_custom_target(hipkit-stage-permissions ALL
    COMMAND chmod -R u=rwX,go=rX ${ARGN}
    COMMENT "Making the staged tree readable by every user"
    VERBATIM)
  add_dependencies(hipkit-stage-permissions ${staging_targets})
  hipkit_add_test_depends(hipkit-stage-permissions)
endfunction()

# hipkit_add_fuzzer(<name> SOURCES ... LIBS ...)
# A libFuzzer target (only in the sanitizer sub-build, HIPKIT_FUZZ_BUILD; see
# cmake/Fuzzers.cmake), built into <sub-build>/bin and part of `hipkit-fuzzers`.
function(hipkit_add_fuzzer name)
  cmake_parse_arguments(ARG "" "" "SOURCES;LIBS" ${ARGN})
  add_executable(${name} ${ARG_SOURCES})
  target_link_libraries(${name} PRIVATE ${ARG_LIBS})
  target_link_options(${name} PRIVATE -fsanitize=fuzzer)
  if(NOT TARGET hipkit-fuzzers)
    add_custom_target(hipkit-fuzzers)
  endif()
  add_dependencies(hipkit-fuzzers ${name})
endfunction()
