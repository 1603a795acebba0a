# The LLTM example of PyTorch's "Custom C++ and CUDA Extensions" tutorial, CUDA version:
# one binding source and one kernel source, built by torch.utils.cpp_extension.
from setuptools import setup
from torch.utils.cpp_extension import BuildExtension, CUDAExtension

NVCC_FLAGS = [
    "-O3",
    "-U__CUDA_NO_HALF_OPERATORS__",
    "--use_fast_math",
    "-gencode",
    "arch=compute_90,code=sm_90",
    "-lineinfo",
    "--threads",
    "4",
]

setup(
    name="lltm_cuda",
    ext_modules=[
        CUDAExtension(
            name="lltm_cuda",
            sources=["csrc/lltm_cuda.cpp", "csrc/lltm_cuda_kernel.cu"],
            include_dirs=["include"],
            extra_compile_args={"cxx": ["-O3"], "nvcc": NVCC_FLAGS},
        )
    ],
    cmdclass={"build_ext": BuildExtension},
)
