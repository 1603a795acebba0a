# hipkit_locate_rocm_device_libs(<out-var> [<dir>])
# Finds the ROCm device-library bitcode directory hipkit builds on: <dir> when
# given, else Debian's rocm-device-libs layout /usr/lib/<multiarch>/amdgcn/bitcode.
# Stops the configure with one clear line when ocml.bc or ockl.bc (the libraries
# clang links into every HIP program) are not there.
function(hipkit_locate_rocm_device_libs out_var)
  if(ARGC GREATER 1 AND NOT "${ARGV1}" STREQUAL "")
    set(dir "${ARGV1}")
  else()
    # CMAKE_LIBRARY_ARCHITECTURE is Debian's multiarch triple once a language is
    # enabled; in script mode (cmake -P) derive it from the host.
    set(multiarch "${CMAKE_LIBRARY_ARCHITECTURE}")
    if(NOT multiarch)
      cmake_host_system_information(RESULT host_processor QUERY OS_PLATFORM)
      set(multiarch "${host_processor}-linux-gnu")
    endif()
    set(dir "/usr/lib/${multiarch}/amdgcn/bitcode")
  endif()
  foreach(required ocml.bc ockl.bc)
    if(NOT EXISTS "${dir}/${required}")
      # NOTICE prints the line as it is; FATAL_ERROR would re-wrap it.
      message(NOTICE "hipkit: error: ROCm device libraries not found: no ${required} in '${dir}'; "
        "install Debian's rocm-device-libs (scripts/bootstrap.sh does) or configure with "
        "-DHIPKIT_ROCM_DEVICE_LIBS_DIR=<directory holding ocml.bc>")
      message(FATAL_ERROR "ROCm device libraries not found")
    endif()
  endforeach()
  set(${out_var} "${dir}" PARENT_SCOPE)
endfunction()
