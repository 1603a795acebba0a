# Run by `cmake --install` (and cpack), included twice from the top-level install rules:
# hipkit_install_permissions_begin() first, hipkit_install_permissions_end() last.
#
# Why: CMake gives installed files 644/755 itself, but the directories it creates on the way
# (<prefix>/amdgcn, lib/cmake, share/doc, the prefix itself) are made with mkdir and keep the
# installer's umask: under `umask 077` every user but the installer would find hipkit's prefix
# closed (and hipcc would not read its own device libraries). The end step adds go+rX to every
# directory holding an installed file, from the file up to the prefix; the prefix and the
# directories above it only when this install created them. It only adds permissions, so
# existing directories (/usr/local/lib, setgid ones) keep what they had.

# Install scripts run with no policies set; the functions keep the ones in effect here.
cmake_policy(PUSH)
cmake_policy(VERSION 3.25)

# The prefix as the install writes it: a relative one (`cmake --install build --prefix
# rel/dir`) is relative to the current folder, and walking up a relative path never reaches
# an existing directory.
function(hipkit_install_permissions_prefix out)
  get_filename_component(prefix "$ENV{DESTDIR}${CMAKE_INSTALL_PREFIX}" ABSOLUTE)
  set(${out} "${prefix}" PARENT_SCOPE)
endfunction()

function(hipkit_install_permissions_begin)
  # The deepest directory on the way to the prefix that exists before anything is installed.
  hipkit_install_permissions_prefix(dir)
  while(NOT IS_DIRECTORY "${dir}")
    get_filename_component(dir "${dir}" DIRECTORY)
  endwhile()
  set(HIPKIT_INSTALL_EXISTING_DIR "${dir}" PARENT_SCOPE)
endfunction()

function(hipkit_install_permissions_end)
  hipkit_install_permissions_prefix(prefix)
  # Stop below the prefix when it existed already, else below the first directory that did.
  set(stop "${prefix}")
  if(NOT HIPKIT_INSTALL_EXISTING_DIR STREQUAL prefix)
    set(stop "${HIPKIT_INSTALL_EXISTING_DIR}")
  endif()
  set(dirs)
  foreach(file IN LISTS CMAKE_INSTALL_MANIFEST_FILES)
    get_filename_component(dir "${file}" DIRECTORY)
    string(LENGTH "${stop}" stop_length)
    while(NOT dir STREQUAL stop AND NOT dir IN_LIST dirs)
      string(LENGTH "${dir}" dir_length)
      string(FIND "${dir}" "${stop}/" at)
      if(NOT at EQUAL 0 OR dir_length LESS_EQUAL stop_length)
        break() # outside the prefix (an absolute DESTINATION)
      endif()
      list(APPEND dirs "${dir}")
      get_filename_component(dir "${dir}" DIRECTORY)
    endwhile()
  endforeach()
  if(dirs)
    execute_process(COMMAND chmod go+rX ${dirs} RESULT_VARIABLE result)
    if(NOT result EQUAL 0)
      message(FATAL_ERROR "hipkit: error: cannot make the installed directories readable by every user (chmod go+rX failed); check the permissions under ${prefix}")
    endif()
  endif()
endfunction()

cmake_policy(POP)
