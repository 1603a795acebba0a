# A small CUDA kernel package in the shape of the public ones (vLLM's and flash-attention's
# csrc/): one binding source, kernels in folders by kind, shared headers under csrc/include.
from setuptools import setup
from torch.utils.cpp_extension import BuildExtension, CUDAExtension

CXX_FLAGS = ["-O3"]
NVCC_FLAGS = [
    "-O3",
    "-U__CUDA_NO_HALF_OPERATORS__",
    "-U__CUDA_NO_HALF_CONVERSIONS__",
    "-U__CUDA_NO_BFLOAT16_OPERATORS__",
    "-U__CUDA_NO_BFLOAT16_CONVERSIONS__",
    "--expt-relaxed-constexpr",
    "--use_fast_math",
    "-gencode",
    "arch=compute_90,code=sm_90",
    "-lineinfo",
    "--threads",
    "4",
]

setup(
    name="kernels",
    ext_modules=[
        CUDAExtension(
            name="kernels_cuda",
            sources=[
                "csrc/bindings.cpp",
                "csrc/scan/block_scan.cu",
                "csrc/norm/rms_norm.cu",
                "csrc/activation/silu_and_mul.cu",
            ],
            include_dirs=["csrc/include"],
            extra_compile_args={"cxx": CXX_FLAGS, "nvcc": NVCC_FLAGS},
        )
    ],
    cmdclass={"build_ext": BuildExtension},
)
