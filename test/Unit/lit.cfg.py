# -*- Python -*-
# hipkit's unit tests: the googletest programs the build puts in <build>/unittests/<component>/
# (hipkit_add_unittest), each test case run by lit's GoogleTest format, so that check-hipkit
# runs them with the lit suite. As LLVM's test/Unit/lit.cfg.py.
import os

import lit.formats

config.name = "hipkit-unit"
if not hasattr(config, "hipkit_unittests_dir"):
    # Found through the source tree (a run with another exec_root, such as identity-guard's):
    # the programs are where the build's lit.site.cfg.py says, so there is nothing to run.
    config.unsupported = True
else:
    config.test_source_root = config.hipkit_unittests_dir
    config.test_exec_root = config.hipkit_unittests_dir
    config.test_format = lit.formats.GoogleTest(".", "Tests")
    # The units never look at a developer's HIP or CUDA configuration: the tests hand them
    # their environment; these are removed in case one reads it anyway.
    for var in ["HIP_PLATFORM", "HIP_PATH", "ROCM_PATH", "HIP_CLANG_PATH", "DEVICE_LIB_PATH",
                "HIP_DEVICE_LIB_PATH", "HIPCC_COMPILE_FLAGS_APPEND", "HIPCC_LINK_FLAGS_APPEND",
                "HIPCC_VERBOSE", "HCC_AMDGPU_TARGET", "CUDA_PATH"]:
        config.environment.pop(var, None)
    config.environment["HOME"] = os.environ.get("HOME", "/tmp")
