# hipkit_default_gpu_targets(<targets-var> <reason-var>)
# The AMD GPU processors to compile for when a project names none, the same for CMake's HIP
# language (CMAKE_HIP_ARCHITECTURES), for find_package(hip) (GPU_TARGETS) and for hipcc: the GPUs
# of this machine, as ROCm's rocm_agent_enumerator (what CMake itself asks) or else LLVM's
# amdgpu-arch (what hipcc asks) reports them, and with no GPU, gfx942, hipcc's default.
# <reason-var> receives a phrase saying which of these it was.
include("${CMAKE_CURRENT_LIST_DIR}/hipkit-llvm.cmake")

function(hipkit_default_gpu_targets targets_var reason_var)
  find_program(_hipkit_agent_enumerator NAMES rocm_agent_enumerator NO_CACHE)
  if(_hipkit_agent_enumerator)
    execute_process(COMMAND "${_hipkit_agent_enumerator}" -t GPU
      RESULT_VARIABLE result OUTPUT_VARIABLE output ERROR_QUIET TIMEOUT 20)
    if(result EQUAL 0)
      string(REGEX MATCHALL "gfx[0-9a-f]+" found "${output}")
      list(REMOVE_ITEM found gfx000)
      list(REMOVE_DUPLICATES found)
      if(found)
        set(${targets_var} "${found}" PARENT_SCOPE)
        set(${reason_var} "the GPUs rocm_agent_enumerator found" PARENT_SCOPE)
        return()
      endif()
    endif()
  endif()
  if(EXISTS "${HIPKIT_LLVM_TOOLS_DIR}/amdgpu-arch")
    execute_process(COMMAND "${HIPKIT_LLVM_TOOLS_DIR}/amdgpu-arch"
      RESULT_VARIABLE result OUTPUT_VARIABLE output ERROR_QUIET TIMEOUT 20)
    if(result EQUAL 0)
      string(REGEX MATCHALL "gfx[0-9a-f]+" found "${output}")
      list(REMOVE_DUPLICATES found)
      if(found)
        set(${targets_var} "${found}" PARENT_SCOPE)
        set(${reason_var} "the GPUs amdgpu-arch found" PARENT_SCOPE)
        return()
      endif()
    endif()
  endif()
  set(${targets_var} "gfx942" PARENT_SCOPE)
  set(${reason_var} "no AMD GPU found by rocm_agent_enumerator or amdgpu-arch: hipkit's default, as hipcc's" PARENT_SCOPE)
endfunction()
