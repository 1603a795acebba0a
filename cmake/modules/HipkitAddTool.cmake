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

# Anything the test suite needs built (tools, bitcode, staged files) registers here.
function(hipkit_add_test_depends)
  set_property(GLOBAL APPEND PROPERTY HIPKIT_TEST_DEPENDS ${ARGN})
endfunction()
