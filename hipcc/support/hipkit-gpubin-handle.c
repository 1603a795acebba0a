/* The handle through which the module constructors of host objects compiled
 * with --cuda-host-only register their fat binary: clang 19 leaves
 * __hip_gpubin_handle_<CUID> to the link, and hipcc's link step
 * (lib/Hipcc/HostOnlyFatbin.cpp) binds each such name to this storage. Hidden,
 * so every executable and shared library keeps its own registration. */
__attribute__((visibility("hidden"))) void *__hipkit_gpubin_handle;
