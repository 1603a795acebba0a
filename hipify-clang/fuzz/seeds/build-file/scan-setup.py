
# Build the selective scan extension.
import os
from pathlib import Path
from setuptools import setup
import torch
from torch.utils.cpp_extension import BuildExtension, CUDAExtension, CUDA_HOME

this_dir = os.path.dirname(os.path.abspath(__file__))


def append_nvcc_threads(nvcc_extra_args):
    return nvcc_extra_args + ["--threads", "4"]


cc_flag = []
cc_flag.append("-gencode")
cc_flag.append("arch=compute_80,code=sm_80")
if torch.version.cuda >= "11.8":
    cc_flag.append("-gencode")
    cc_flag.append("arch=compute_90,code=sm_90")

nvcc_flags = [
    "-O3",
    "-std=c++17",
    "-U__CUDA_NO_HALF_OPERATORS__",
    "-U__CUDA_NO_HALF_CONVERSIONS__",
    "-U__CUDA_NO_HALF2_OPERATORS__",
    "--expt-relaxed-constexpr",
    "--expt-extended-lambda",
    "--use_fast_math",
    "--ptxas-options=-v",
    "-lineinfo",
]
nvcc_flags += ["-Xptxas", "-O3"]  # register use

setup(
    name="selective_scan",
    ext_modules=[
        CUDAExtension(
            name="selective_scan_cuda",
            sources=[
                "csrc/selective_scan.cpp",
                "csrc/selective_scan_fwd_fp32.cu",
            ],
            extra_compile_args={
                "cxx": ["-O3", "-std=c++17", "-D__CUDA_NO_HALF_OPERATORS__"],
                "nvcc": append_nvcc_threads(nvcc_flags + cc_flag + ["-Xcompiler", "-fPIC,-Wall"]),
            },
            include_dirs=[Path(this_dir) / "csrc"],
        ),
        CUDAExtension("tiny", ["tiny.cu"], extra_compile_args=['-O2', '-gencode=arch=compute_80,code=sm_80', '--threads=2', "-dc"]),
    ],
    cmdclass={"build_ext": BuildExtension},
)
