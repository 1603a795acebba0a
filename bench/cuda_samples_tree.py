"""A tree shaped like NVIDIA's cuda-samples (v12.x), built from hipkit's own material.

NVIDIA's cuda-samples has about 175 `.cu` programs of 100 to 1,500 lines, one
per folder under `Samples/<category>/`, many with `.cpp` host files and headers
of their own beside them, all including the shared headers of `Common/`
(helper_cuda.h, helper_functions.h and what it includes, helper_math.h,
helper_gl.h, ...) with `-I Common`; a good share include Thrust, CUB,
cooperative_groups.h, cuda_fp16.h, the GL headers and CUDA's libraries. The
samples are not part of hipkit, so this module builds a tree of that shape:

- each `.cu` is one or more programs of `test/hipify/corpus` (one in seven also
  one of `test/hipify/libraries`), concatenated until it reaches a length drawn
  (deterministically) between 100 and 1,500 lines; each program sits in its own
  `namespace <file>_<program>` with its `main` renamed `run` and its `extern "C"`
  kernels and clashing macros renamed or undefined, so the programs of one file
  never clash and no two files are the same text;
- `Common/` holds hipkit's own headers of the samples' names, include structure
  and size (samples_common.py: error-name tables generated from the installed
  CUDA headers' enumerators, operator tables from the vector types, the
  search-path table from this tree's sample folders);
- each sample includes, as often as in cuda-samples, <helper_functions.h> (3 in
  5), <helper_cuda.h> (all), <helper_math.h> (1 in 5), the GL headers with
  <helper_gl.h> and <cuda_gl_interop.h> (1 in 7), Thrust (1 in 8 besides the
  Thrust programs), CUB (1 in 20), <cooperative_groups.h> (1 in 4) and
  <cuda_fp16.h> (1 in 10), each with code that uses it; 3 in 10 include the
  helpers first, the others in cuda-samples' usual order (system, CUDA,
  project); 2 in 5 have a `<sample>_kernel.cuh` of their own and 2 in 5 a
  `.cpp` beside the `.cu` (half of them host code calling the runtime or, some,
  the driver API through <helper_cuda_drvapi.h>; the others host reference
  code without CUDA, which is copied, not parsed).

The lit lines of the test programs (`// RUN:`, `// CHECK:` ...) are dropped.
"""
import os
import random
import re

import samples_common

CATEGORIES = ["0_Introduction", "1_Utilities", "2_Concepts_and_Techniques",
              "3_CUDA_Features", "4_CUDA_Libraries", "5_Domain_Specific",
              "6_Performance", "7_libNVVM"]
# Library programs of test/hipify/libraries whose headers CUDA 13 ships.
LIBRARIES = ["cublas", "cufft", "curand", "cusparse", "cusolver", "cub", "thrust"]
# The macros helper_cuda.h defines; a program's own macro of the same name is
# renamed so that it does not redefine the helper's.
HELPER_MACROS = ["checkCudaErrors", "getLastCudaError", "printLastCudaError"]
# Functions of helper_cuda.h that a program may define too; its own are
# renamed, or argument-dependent lookup would find both.
HELPER_FUNCTIONS = ["check", "findCudaDevice", "gpuDeviceInit"]

LIT_LINE = re.compile(r"^\s*//\s*[A-Z][A-Z0-9_-]*:")
INCLUDE = re.compile(r"^\s*#\s*include\b")
DEFINE = re.compile(r"^\s*#\s*define\s+([A-Za-z_]\w*)", re.M)
MAIN = re.compile(r"\bint\s+main\s*\(([^)]*)\)")
EXTERN_C = re.compile(r'extern\s+"C"\s+__global__\s+void\s+([A-Za-z_]\w*)')


class Program:
    """One corpus program split into its #include lines and its body."""

    def __init__(self, path, library=None):
        self.name = os.path.splitext(os.path.basename(path))[0]
        self.library = library
        lines = [l for l in open(path).read().splitlines() if not LIT_LINE.match(l)]
        self.includes = [l.strip() for l in lines if INCLUDE.match(l)]
        self.body = "\n".join(l for l in lines if not INCLUDE.match(l)).strip("\n")
        main = MAIN.search(self.body)
        if not main:
            raise ValueError("%s: no main()" % path)
        self.takes_args = "argc" in main.group(1)
        self.macros = sorted(set(DEFINE.findall(self.body)))
        self.extern_c = sorted(set(EXTERN_C.findall(self.body)))
        self.lines = self.body.count("\n") + 1 + len(self.includes) + 3

    def chunk(self, namespace):
        """The program's body in its own namespace: main is `run`, helper
        macro names and extern "C" kernels get the namespace as suffix, and its
        other macros are undefined after it."""
        body = MAIN.sub(lambda m: "int run(%s)" % m.group(1), self.body, count=1)
        renamed = [m for m in self.macros if m in HELPER_MACROS] + self.extern_c
        renamed += [f for f in HELPER_FUNCTIONS if re.search(r"\b%s\s*\(" % f, body)]
        for name in renamed:
            body = re.sub(r"\b%s\b" % re.escape(name), "%s_%s" % (name, namespace), body)
        undefs = "".join("#undef %s\n" % m for m in self.macros if m not in HELPER_MACROS)
        return "namespace %s {\n%s\n} // namespace %s\n%s" % (namespace, body, namespace, undefs)


def load_programs(repo):
    corpus = os.path.join(repo, "test", "hipify", "corpus")
    runtime = []
    for name in sorted(os.listdir(corpus)):
        path = os.path.join(corpus, name)
        if not name.endswith(".cu") or "\n//--- " in open(path).read():
            continue  # multi-file programs (split-file) are not one source
        runtime.append(Program(path))
    libraries = []
    for library in LIBRARIES:
        folder = os.path.join(repo, "test", "hipify", "libraries", library)
        for name in sorted(os.listdir(folder)):
            if name.endswith(".cu"):
                libraries.append(Program(os.path.join(folder, name), library))
    return runtime, libraries


def camel(name):
    parts = name.split("_")
    return parts[0] + "".join(p[:1].upper() + p[1:] for p in parts[1:])


def program_header(sample):
    """A sample's own header: a timer, a kernel and its launch helper."""
    guard = sample.upper() + "_CUH"
    return f"""// {sample}.cuh: the timer and fill kernel {sample} shares between its files.
#ifndef {guard}
#define {guard}
#include <cuda_runtime.h>
#include <helper_cuda.h>

#define {sample.upper()}_BLOCK 256

struct {sample}Timer {{
  cudaEvent_t start, stop;
  {sample}Timer() {{
    checkCudaErrors(cudaEventCreate(&start));
    checkCudaErrors(cudaEventCreate(&stop));
  }}
  ~{sample}Timer() {{
    cudaEventDestroy(start);
    cudaEventDestroy(stop);
  }}
  void begin(cudaStream_t s = 0) {{ checkCudaErrors(cudaEventRecord(start, s)); }}
  float end(cudaStream_t s = 0) {{
    checkCudaErrors(cudaEventRecord(stop, s));
    checkCudaErrors(cudaEventSynchronize(stop));
    float ms = 0.0f;
    checkCudaErrors(cudaEventElapsedTime(&ms, start, stop));
    return ms;
  }}
}};

template <typename T>
__device__ __forceinline__ T {sample}WarpSum(T v) {{
  for (int offset = warpSize / 2; offset > 0; offset /= 2)
    v += __shfl_down_sync(0xffffffff, v, offset);
  return v;
}}

__global__ void {sample}Fill(float *p, float v, size_t n) {{
  size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
  if (i < n)
    p[i] = v;
}}

inline void {sample}FillDevice(float *p, float v, size_t n, cudaStream_t s = 0) {{
  unsigned blocks = (unsigned)((n + {sample.upper()}_BLOCK - 1) / {sample.upper()}_BLOCK);
  {sample}Fill<<<blocks, {sample.upper()}_BLOCK, 0, s>>>(p, v, n);
  getLastCudaError("{sample}Fill failed");
}}
#endif // {guard}
"""


def sample_main(sample, namespaces, has_header):
    lines = ["int main(int argc, char **argv) {",
             "  int dev = findCudaDevice(argc, (const char **)argv);",
             "  printf(\"%s on device %d\\n\", \"" + sample + "\", dev);",
             "  int failures = 0;"]
    if has_header:
        lines += ["  {",
                  "    %sTimer timer;" % sample,
                  "    float *scratch = nullptr;",
                  "    checkCudaErrors(cudaMalloc(&scratch, 1 << 20));",
                  "    timer.begin();",
                  "    %sFillDevice(scratch, 1.0f, (1 << 20) / sizeof(float));" % sample,
                  "    printf(\"fill: %.3f ms\\n\", timer.end());",
                  "    checkCudaErrors(cudaFree(scratch));",
                  "  }"]
    for namespace, takes_args in namespaces:
        call = "run(argc, argv)" if takes_args else "run()"
        lines.append("  failures += %s::%s != 0;" % (namespace, call))
    lines += ["  checkCudaErrors(cudaDeviceSynchronize());",
              "  return failures ? EXIT_FAILURE : EXIT_SUCCESS;", "}"]
    return "\n".join(lines) + "\n"


def sample_features(rng, index, chosen):
    """What a sample includes besides its programs, drawn as often as in
    cuda-samples v12 (counted there by hand: about 60% helper_functions.h,
    a quarter cooperative_groups.h, one in seven a graphics sample, one in
    eight Thrust, ...)."""
    texts = " ".join(i for p in chosen for i in p.includes)
    return {
        "functions": rng.random() < 0.6,
        "helpers_first": rng.random() < 0.3,
        "graphics": index % 7 == 3,
        "thrust": "thrust/" not in texts and rng.random() < 0.125,
        "cub": "cub/" not in texts and rng.random() < 0.05,
        "cg": "cooperative_groups" not in texts and rng.random() < 0.25,
        "fp16": "cuda_fp16" not in texts and rng.random() < 0.1,
        "math": rng.random() < 0.2,
        "header": index % 5 in (0, 2),
        "host": rng.random() < 0.4,
        "driver": rng.random() < 0.15,
    }


def sample_extras(sample, f):
    """Code of the sample that uses what its features include."""
    parts = []
    if f["thrust"]:
        parts.append("// Sorts keys on the device with Thrust.\n"
                     "inline void %sSortKeys(int n) {\n"
                     "  thrust::device_vector<float> keys(n);\n"
                     "  thrust::sequence(keys.begin(), keys.end(), 0.0f, -1.0f);\n"
                     "  thrust::sort(keys.begin(), keys.end());\n"
                     "}\n" % sample)
    if f["cub"]:
        parts.append("// Sums values on the device with CUB.\n"
                     "inline void %sSum(const int *in, int *out, int n) {\n"
                     "  void *temp = nullptr;\n"
                     "  size_t bytes = 0;\n"
                     "  cub::DeviceReduce::Sum(temp, bytes, in, out, n);\n"
                     "  checkCudaErrors(cudaMalloc(&temp, bytes));\n"
                     "  cub::DeviceReduce::Sum(temp, bytes, in, out, n);\n"
                     "  checkCudaErrors(cudaFree(temp));\n"
                     "}\n" % sample)
    if f["cg"]:
        parts.append("__global__ void %sGridSync(float *p) {\n"
                     "  cooperative_groups::thread_block block = "
                     "cooperative_groups::this_thread_block();\n"
                     "  p[block.thread_rank()] = 0.0f;\n"
                     "  block.sync();\n"
                     "}\n" % sample)
    if f["fp16"]:
        parts.append("__global__ void %sHalfScale(__half *p, int n) {\n"
                     "  int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
                     "  if (i < n)\n"
                     "    p[i] = __hmul(p[i], __float2half(2.0f));\n"
                     "}\n" % sample)
    if f["math"]:
        parts.append("__global__ void %sNormalize(float3 *v, int n) {\n"
                     "  int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
                     "  if (i < n)\n"
                     "    v[i] = normalize(v[i] * 2.0f + make_float3(1.0f));\n"
                     "}\n" % sample)
    if f["graphics"]:
        parts.append("// The buffer the sample draws, registered with CUDA.\n"
                     "static GLuint %sTexture;\n"
                     "static struct cudaGraphicsResource *%sResource;\n"
                     "inline void %sMapBuffer(float4 **ptr) {\n"
                     "  size_t bytes = 0;\n"
                     "  checkCudaErrors(cudaGraphicsMapResources(1, &%sResource, 0));\n"
                     "  checkCudaErrors(cudaGraphicsResourceGetMappedPointer((void **)ptr, "
                     "&bytes, %sResource));\n"
                     "}\n"
                     "inline void %sDisplay() {\n"
                     "  glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);\n"
                     "  glBindTexture(GL_TEXTURE_2D, %sTexture);\n"
                     "  glutSwapBuffers();\n"
                     "}\n" % ((sample,) * 7))
    if f["functions"]:
        parts.append("// Times a host loop with the samples' stop watch.\n"
                     "inline float %sTimeHost(int n) {\n"
                     "  StopWatchInterface *timer = NULL;\n"
                     "  sdkCreateTimer(&timer);\n"
                     "  sdkStartTimer(&timer);\n"
                     "  std::vector<float> v(n, 1.0f);\n"
                     "  bool same = compareData(v.data(), v.data(), (unsigned)n, 0.0f, 0.0f);\n"
                     "  sdkStopTimer(&timer);\n"
                     "  float ms = sdkGetTimerValue(&timer);\n"
                     "  sdkDeleteTimer(&timer);\n"
                     "  return same ? ms : -1.0f;\n"
                     "}\n" % sample)
    return "\n".join(parts)


def host_file(sample, f):
    """A `.cpp` beside the sample's `.cu`: its host reference (no CUDA) or,
    for half of them, host code calling the runtime (or the driver API)."""
    if f["host_cuda"]:
        if f["driver"]:
            return (
                "// %s's host side, through the driver API.\n"
                "#include <stdio.h>\n#include <string.h>\n#include <cuda.h>\n"
                "#include <helper_cuda.h>\n#include <helper_cuda_drvapi.h>\n"
                "#include <helper_functions.h>\n\n"
                "int %sHostRun(int argc, char **argv) {\n"
                "  CUdevice dev = findCudaDeviceDRV(argc, (const char **)argv);\n"
                "  CUcontext ctx;\n"
                "  checkCudaErrors(cuDevicePrimaryCtxRetain(&ctx, dev));\n"
                "  checkCudaErrors(cuCtxSetCurrent(ctx));\n"
                "  CUdeviceptr d;\n"
                "  checkCudaErrors(cuMemAlloc(&d, 1 << 20));\n"
                "  checkCudaErrors(cuMemsetD8(d, 0, 1 << 20));\n"
                "  checkCudaErrors(cuMemFree(d));\n"
                "  checkCudaErrors(cuDevicePrimaryCtxRelease(dev));\n"
                "  return 0;\n}\n" % (sample, sample))
        return (
            "// %s's host side: buffers and the reference check.\n"
            "#include <stdio.h>\n#include <stdlib.h>\n#include <vector>\n"
            "#include <cuda_runtime.h>\n"
            "#include <helper_cuda.h>\n#include <helper_functions.h>\n\n"
            "int %sHostRun(int n) {\n"
            "  std::vector<float> h(n, 1.0f), back(n);\n"
            "  float *d = NULL;\n"
            "  checkCudaErrors(cudaMalloc((void **)&d, n * sizeof(float)));\n"
            "  checkCudaErrors(cudaMemcpy(d, h.data(), n * sizeof(float), "
            "cudaMemcpyHostToDevice));\n"
            "  checkCudaErrors(cudaMemcpy(back.data(), d, n * sizeof(float), "
            "cudaMemcpyDeviceToHost));\n"
            "  checkCudaErrors(cudaFree(d));\n"
            "  return compareData(h.data(), back.data(), (unsigned)n, 0.0f, 0.0f) ? 0 : 1;\n"
            "}\n" % (sample, sample))
    return (
        "// %s's reference computed on the host.\n"
        "#include <stdio.h>\n#include <stdlib.h>\n#include <math.h>\n\n"
        "extern \"C\" void %sComputeGold(float *reference, const float *data, unsigned len) {\n"
        "  for (unsigned i = 0; i < len; ++i)\n"
        "    reference[i] = sqrtf(data[i] * data[i] + 1.0f);\n"
        "}\n" % (sample, sample))


def build_tree(repo, root, count=175, seed=18):
    """Writes the tree under root; returns (sources, headers, total .cu lines).
    `sources` are the `.cu` files and the `.cpp` files beside them."""
    runtime, libraries = load_programs(repo)
    rng = random.Random(seed)
    # About one sample in seven uses a library, as in cuda-samples.
    library_slots = set(rng.sample(range(count), count // 7))
    next_library = 0
    plans, folders = [], []
    for index in range(count):
        # Lengths skewed towards short samples, as in cuda-samples: the
        # median is about 200 lines, a few reach 1,500.
        target = int(100 * 15 ** (rng.random() ** 2))
        chosen = []
        if index in library_slots:
            chosen.append(libraries[next_library % len(libraries)])
            next_library += 1
        pool = runtime[:]
        rng.shuffle(pool)
        while pool and (not chosen or sum(p.lines for p in chosen) < target):
            if chosen and sum(p.lines for p in chosen) + pool[-1].lines > 1450:
                break
            chosen.append(pool.pop())
        sample = camel(chosen[0].name) + str(index)
        category = CATEGORIES[index % len(CATEGORIES)]
        plans.append((index, chosen, sample, category))
        folders.append("../../../Samples/%s/%s/data/" % (category, sample))
    # helper_string.h's search paths name the samples' data folders.
    headers = samples_common.write_common(os.path.join(root, "Common"), folders)
    sources, total_lines = [], 0
    for index, chosen, sample, category in plans:
        f = sample_features(rng, index, chosen)
        f["host_cuda"] = f["host"] and rng.random() < 0.5
        folder = os.path.join(root, "Samples", category, sample)
        os.makedirs(folder, exist_ok=True)
        program_includes = []
        for program in chosen:
            program_includes += [i for i in program.includes if i not in program_includes]
        system = ["#include <stdio.h>", "#include <stdlib.h>", "#include <string.h>"]
        if f["graphics"]:
            system += ["#include <helper_gl.h>", "#include <GL/freeglut.h>"]
        cuda = ["#include <cuda_runtime.h>"]
        if f["graphics"]:
            cuda.append("#include <cuda_gl_interop.h>")
        cuda += [i for i in program_includes if i not in system + cuda]
        for feature, names in (("thrust", ["thrust/device_vector.h", "thrust/sequence.h",
                                           "thrust/sort.h"]),
                               ("cub", ["cub/cub.cuh"]),
                               ("cg", ["cooperative_groups.h"]),
                               ("fp16", ["cuda_fp16.h"])):
            if f[feature]:
                cuda += ["#include <%s>" % n for n in names]
        project = []
        if f["functions"]:
            project.append("#include <helper_functions.h>")
        project.append("#include <helper_cuda.h>")
        if f["math"]:
            project.append("#include <helper_math.h>")
        if f["helpers_first"]:
            includes = project + system + cuda
        else:
            includes = (["// includes, system"] + system + ["", "// includes, CUDA"] + cuda +
                        ["", "// includes, project"] + project)
        if f["header"]:
            includes.append('#include "%s_kernel.cuh"' % sample)
            header = os.path.join(folder, sample + "_kernel.cuh")
            with open(header, "w") as out:
                out.write(program_header(sample))
            headers.append(header)
        namespaces, chunks = [], []
        for program in chosen:
            namespace = "%s_%s" % (sample, program.name)
            namespaces.append((namespace, program.takes_args))
            chunks.append(program.chunk(namespace))
        text = ("// %s: %s, from hipkit's corpus (bench/cuda_samples_tree.py).\n" %
                (sample, ", ".join(p.name for p in chosen)) +
                "\n".join(includes) + "\n\n" + sample_extras(sample, f) + "\n" +
                "\n".join(chunks) + "\n" +
                sample_main(sample, namespaces, f["header"]))
        path = os.path.join(folder, sample + ".cu")
        with open(path, "w") as out:
            out.write(text)
        sources.append(path)
        total_lines += text.count("\n")
        if f["host"]:
            name = sample + ("_host.cpp" if f["host_cuda"] else "_gold.cpp")
            path = os.path.join(folder, name)
            text = host_file(sample, f)
            with open(path, "w") as out:
                out.write(text)
            sources.append(path)
            total_lines += text.count("\n")
    return sources, headers, total_lines
