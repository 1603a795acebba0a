# A selective-scan package in the shape of mamba's (state-spaces/mamba, csrc/selective_scan):
# the forward and backward passes instantiated per input type and weight type in 12 .cu
# files over shared kernel headers, and a .cpp with the binding and the type dispatch.
import os

from setuptools import setup
from torch.utils.cpp_extension import BuildExtension, CUDAExtension

this_dir = os.path.dirname(os.path.abspath(__file__))


def append_nvcc_threads(nvcc_extra_args):
    return nvcc_extra_args + ["--threads", "4"]


cc_flag = ["-gencode", "arch=compute_90,code=sm_90"]

ext_modules = [
    CUDAExtension(
        name="selective_scan_cuda",
        sources=[
            "csrc/selective_scan/selective_scan.cpp",
            "csrc/selective_scan/selective_scan_fwd_fp32_real.cu",
            "csrc/selective_scan/selective_scan_fwd_fp32_complex.cu",
            "csrc/selective_scan/selective_scan_fwd_fp16_real.cu",
            "csrc/selective_scan/selective_scan_fwd_fp16_complex.cu",
            "csrc/selective_scan/selective_scan_fwd_bf16_real.cu",
            "csrc/selective_scan/selective_scan_fwd_bf16_complex.cu",
            "csrc/selective_scan/selective_scan_bwd_fp32_real.cu",
            "csrc/selective_scan/selective_scan_bwd_fp32_complex.cu",
            "csrc/selective_scan/selective_scan_bwd_fp16_real.cu",
            "csrc/selective_scan/selective_scan_bwd_fp16_complex.cu",
            "csrc/selective_scan/selective_scan_bwd_bf16_real.cu",
            "csrc/selective_scan/selective_scan_bwd_bf16_complex.cu",
        ],
        extra_compile_args={
            "cxx": ["-O3", "-std=c++20"],
            "nvcc": append_nvcc_threads(
                [
                    "-O3",
                    "-std=c++20",
                    "-U__CUDA_NO_HALF_OPERATORS__",
                    "-U__CUDA_NO_HALF_CONVERSIONS__",
                    "-U__CUDA_NO_BFLOAT16_OPERATORS__",
                    "-U__CUDA_NO_BFLOAT16_CONVERSIONS__",
                    "-U__CUDA_NO_BFLOAT162_OPERATORS__",
                    "-U__CUDA_NO_BFLOAT162_CONVERSIONS__",
                    "--expt-relaxed-constexpr",
                    "--expt-extended-lambda",
                    "--use_fast_math",
                    "--ptxas-options=-v",
                    "-lineinfo",
                ]
                + cc_flag
            ),
        },
        include_dirs=[
            os.path.join(this_dir, "csrc", "selective_scan"),
            os.path.join(this_dir, "csrc", "common"),
        ],
    )
]

setup(
    name="selective_scan",
    ext_modules=ext_modules,
    cmdclass={"build_ext": BuildExtension},
)
