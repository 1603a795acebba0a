# -*- Python -*-
# hipkit's lit configuration: one suite, one folder per component.
import glob
import os
import shutil
import subprocess

import lit.formats

config.name = "hipkit"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".test", ".hip", ".cu", ".cpp", ".c", ".ll"]
config.excludes = ["Inputs", "CMakeLists.txt", "README.md", "lit.cfg.py", "lit.site.cfg.py"]
config.test_source_root = os.path.dirname(__file__)

if not hasattr(config, "hipkit_stage_dir"):
    lit_config.fatal("run the suite from the build tree: ninja -C build check-hipkit")

stage = config.hipkit_stage_dir
bindir = os.path.join(stage, "bin")

# test/hipify/identity-guard.test runs the suite again with hipify-clang
# replaced by a copier (param hipify_tool), in its own exec root so its
# temporaries never meet those of the run it is part of.
hipify_tool = lit_config.params.get("hipify_tool", os.path.join(bindir, "hipify-clang"))
hipify_perl_tool = lit_config.params.get("hipify_perl_tool",
                                        os.path.join(bindir, "hipify-perl"))
if "exec_root" in lit_config.params:
    config.test_exec_root = lit_config.params["exec_root"]

# FileCheck, not, split-file and the llvm-* tools come from LLVM 19.
config.environment["PATH"] = os.pathsep.join(
    [config.llvm_tools_dir, config.environment.get("PATH", os.environ.get("PATH", ""))])
# Tests must not inherit a developer's hipcc configuration.
for var in ["HIP_PLATFORM", "HIP_PATH", "ROCM_PATH", "HIP_CLANG_PATH", "DEVICE_LIB_PATH",
            "HIP_DEVICE_LIB_PATH", "HIPCC_COMPILE_FLAGS_APPEND", "HIPCC_LINK_FLAGS_APPEND",
            "HIPCC_VERBOSE", "HCC_AMDGPU_TARGET", "HIP_COMPILE_CXX_AS_HIP", "CUDA_PATH"]:
    config.environment.pop(var, None)
config.environment["HOME"] = os.environ.get("HOME", "/tmp")

config.substitutions.append(("%hipkit_root", stage))
# Projects built end to end (test/cmake, test/hipify/build-files, test/hipify/projects): lit's
# shell does not expand $PATH, so they get the PATH "a newcomer" has, the hipkit prefix's bin/
# in front of the suite's PATH; their outputs' code objects are listed by one script; their own
# compiler settings come from the RUN lines only.
config.substitutions.append(
    ("%hipkit_path", os.pathsep.join([os.path.join(stage, "bin"), config.environment["PATH"]])))
config.substitutions.append(
    ("%code_objects", "%s %s" % (config.python_executable,
                                 os.path.join(config.hipkit_src_root, "test", "cmake", "Inputs",
                                              "list-code-objects.py"))))
for var in ["CC", "CXX", "HIPCXX", "HIPFLAGS", "CXXFLAGS", "CFLAGS", "LDFLAGS", "CMAKE_GENERATOR",
            "CMAKE_HIP_COMPILER_LAUNCHER", "CMAKE_CXX_COMPILER_LAUNCHER", "CMAKE_PREFIX_PATH",
            "CCACHE_DIR", "MAKEFLAGS"]:
    config.environment.pop(var, None)
config.substitutions.append(("%hipkit_src", config.hipkit_src_root))
config.substitutions.append(("%hipcc", os.path.join(bindir, "hipcc")))
config.substitutions.append(("%hipconfig", os.path.join(bindir, "hipconfig")))
config.substitutions.append(("%rocm_search",
                             os.path.join(config.hipkit_obj_root, "test-tools", "rocm-search")))
config.substitutions.append(("%hipify_report_render",
                             os.path.join(config.hipkit_obj_root, "test-tools", "hipify-report-render")))
config.substitutions.append(("%hipify_edits",
                             os.path.join(config.hipkit_obj_root, "test-tools", "hipify-edits")))
# Before %hipify, which is a prefix of it.
config.substitutions.append(("%hipify_perl", hipify_perl_tool))
config.substitutions.append(("%hipify", hipify_tool))
config.substitutions.append(("%bitcode_dir", os.path.join(stage, "amdgcn", "bitcode")))
config.substitutions.append(("%clangxx", os.path.join(config.llvm_tools_dir, "clang++")))
config.substitutions.append(("%clang", os.path.join(config.llvm_tools_dir, "clang")))
config.substitutions.append(("%llvm_bin", config.llvm_tools_dir))
config.substitutions.append(("%cuda_path", config.cuda_path))
config.substitutions.append(("%python", config.python_executable))
config.substitutions.append(("%cmake", config.cmake_command))
config.substitutions.append(("%lit", config.lit_command))
config.substitutions.append(("%hipkit_test_obj", config.hipkit_test_obj_root))

config.available_features.add("llvm-%s" % config.llvm_version_major)

# The libFuzzer targets (cmake/Fuzzers.cmake; test/fuzz runs them), when this
# build has them: %fuzz_hipify_token, %fuzz_hipify_translation,
# %fuzz_hipify_output_plan, %fuzz_hipify_build_file, %fuzz_hipcc.
fuzz_bin_dir = getattr(config, "hipkit_fuzz_bin_dir", "")
fuzzers = {"%fuzz_hipify_token": "hipify-token-fuzzer",
           "%fuzz_hipify_translation": "hipify-translation-fuzzer",
           "%fuzz_hipify_output_plan": "hipify-output-plan-fuzzer",
           "%fuzz_hipify_build_file": "hipify-build-file-fuzzer",
           "%fuzz_hipcc": "hipcc-fuzzer"}
for substitution, fuzzer in fuzzers.items():
    config.substitutions.append((substitution, os.path.join(fuzz_bin_dir, fuzzer)))
if fuzz_bin_dir and all(os.path.exists(os.path.join(fuzz_bin_dir, f)) for f in fuzzers.values()):
    config.available_features.add("fuzzers")
if os.path.exists(os.path.join(config.cuda_path, "include", "cuda_runtime.h")):
    config.available_features.add("cuda")
if shutil.which("nvcc", path=os.path.join(config.cuda_path, "bin")):
    config.available_features.add("nvcc")
# The ROCm 6.4 library tree (hipBLAS, rocBLAS, ...) that scripts/fetch-rocm-libraries.sh
# unpacks into the build folder; its versions.tsv is written last, so it marks a whole tree.
config.substitutions.append(("%rocm_libraries", config.rocm_libraries_dir))
if os.path.exists(os.path.join(config.rocm_libraries_dir, "versions.tsv")):
    config.available_features.add("rocm-6.4-libraries")
# CUDA 11.8's and 11.2's headers (scripts/fetch-cuda-legacy-headers.sh: <tree>/11.8/include,
# <tree>/11.2/include), which the library derivations read for the names CUDA 13 removed.
config.substitutions.append(("%cuda_legacy", config.cuda_legacy_dir))
if os.path.exists(os.path.join(config.cuda_legacy_dir, "versions.tsv")):
    config.available_features.add("cuda-legacy-headers")
# PyTorch's headers and hipify (scripts/fetch-torch.sh): %torch/2.14/include (the naming
# that keeps at::cuda), %torch/2.6/include (the masquerading naming), %torch/hipify-<release>
# (torch's own hipify, run as the reference), %torch/pybind11/include.
config.substitutions.append(("%torch", config.torch_dir))
# The system Python's headers (libpython3-dev), which torch/extension.h includes.
_python_headers = sorted(glob.glob("/usr/include/python3.*/Python.h"))
config.substitutions.append(("%cpython_include", os.path.dirname(_python_headers[-1])
                             if _python_headers else "/usr/include/python3"))
if _python_headers:
    config.available_features.add("python-headers")
_torch_versions = os.path.join(config.torch_dir, "versions.tsv")
if os.path.exists(_torch_versions):
    with open(_torch_versions) as _f:
        for _release in sorted({_l.split("\t")[0] for _l in _f if _l.strip()}):
            if _release[0].isdigit():
                config.available_features.add("torch-" + _release)
# hipify-clang's HTML report is rendered in headless Chromium (Debian's
# chromium), its JSON report validated with python3-jsonschema; both come
# from scripts/bootstrap.sh.
_chromium = shutil.which("chromium")
if _chromium:
    config.available_features.add("chromium")
    config.substitutions.append(("%chromium", _chromium))
try:
    import jsonschema  # noqa: F401
    config.available_features.add("jsonschema")
except ImportError:
    pass
# The same tree completed into a ROCm root by scripts/fetch-rocm-root.sh (device libraries,
# HIP 6.4's version file and runtime): tests against a newer ROCm installation.
if os.path.exists(os.path.join(config.rocm_libraries_dir, "root-versions.tsv")):
    config.available_features.add("rocm-6.4-root")
if shutil.which("ccache"):
    config.available_features.add("ccache")
if shutil.which("sccache"):
    config.available_features.add("sccache")
# Debian's distcc (client and distccd): the loopback farm tests
# (test/hipcc/launcher-distcc*.test, Inputs/distcc_farm.py).
if shutil.which("distcc") and shutil.which("distccd"):
    config.available_features.add("distcc")
# Debian's icecc (icecc, iceccd, icecc-scheduler, icecc-create-env): the
# loopback farm tests (test/hipcc/launcher-icecc*.test, Inputs/icecc_farm.py),
# which run the farm in a network namespace of its own (unshare, as root).
if all(shutil.which(t) for t in ("icecc", "iceccd", "icecc-scheduler",
                                 "icecc-create-env", "unshare", "zstd", "flock")):
    config.available_features.add("icecc")
# Their compiler environment (scripts/icecc-hip-env.sh --cache): built by the
# first test of a run that needs it, kept while its inputs' hashes stay the same.
config.substitutions.append(("%icecc_env_cache",
                             os.path.join(config.hipkit_test_obj_root, "icecc-env")))
# Tests that give files to another user or drop privileges need root (CI runs
# as root); setpriv (util-linux) is how they drop them.
if os.geteuid() == 0:
    config.available_features.add("root")
if shutil.which("setpriv"):
    config.available_features.add("setpriv")
# Tests of writing to devices (-o /dev/null, -o /dev/stdout) run in a private
# mount namespace with a tmpfs /dev of its own: %private_dev 'COMMANDS' runs
# COMMANDS (sh syntax) there. Never against the machine's real /dev.
_private_dev = ["unshare", "--mount", "--propagation", "private"]
try:
    if shutil.which("unshare") and subprocess.run(
            _private_dev + ["sh", "-c", "mount -t tmpfs tmpfs /dev"],
            capture_output=True, timeout=60).returncode == 0:
        config.available_features.add("private-dev")
except (OSError, subprocess.SubprocessError):
    pass
config.substitutions.append(("%private_dev", " ".join(
    _private_dev + ["sh", os.path.join(config.test_source_root, "Inputs",
                                       "private-dev.sh")])))

# hipcc's default offload target depends on the AMD GPUs amdgpu-arch reports.
try:
    _gpus = subprocess.run([os.path.join(config.llvm_tools_dir, "amdgpu-arch")],
                           capture_output=True, text=True, timeout=60).stdout.split()
except (OSError, subprocess.SubprocessError):
    _gpus = []
if not _gpus:
    config.available_features.add("no-amd-gpu")
