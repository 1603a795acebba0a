import os
from setuptools import setup
from torch.utils import cpp_extension

archs = ["80", "90"]
ext_args = {"cxx": ["-O3", "-fopenmp", "-lineinfo"], "nvcc": ["-O3"]}
ext_args["nvcc"].append("--use_fast_math")
ext_args["nvcc"] += [f"-gencode=arch=compute_{a},code=sm_{a}" for a in archs]
if os.environ.get("DEBUG"):
    ext_args["nvcc"].append("-G")

gencode = "-gencode=arch=compute_" + archs[0]
other = dict(cxx=["-DWITH_CUDA"], nvcc=["-DWITH_CUDA", "--expt-relaxed-constexpr", gencode, '-Xcompiler', "-fno-strict-aliasing"])

setup(
    name="shapes",
    ext_modules=[
        cpp_extension.CUDAExtension("a", ["a.cu"], extra_compile_args=ext_args),
        cpp_extension.CUDAExtension("b", ["b.cu"], extra_compile_args=other),
    ],
    cmdclass={"build_ext": cpp_extension.BuildExtension},
)
print("build with -lineinfo for profiles")
UNUSED = ["-lineinfo"]
home = cpp_extension.CUDA_HOME
