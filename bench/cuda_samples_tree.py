"""A tree shaped like NVIDIA's cuda-samples, built from hipkit's own test corpus.

NVIDIA's cuda-samples has about 175 `.cu` files of 100 to 1,500 lines, one
program per folder under `Samples/<category>/`, each including the shared
`Common/helper_cuda.h` (found through `-I Common`), some a header of their own,
about one in seven a CUDA library (cuBLAS, cuFFT, cuRAND, cuSPARSE, cuSOLVER,
Thrust, CUB). The samples themselves are not part of hipkit, so this module
builds a tree of that shape from the programs in `test/hipify/corpus` and
`test/hipify/libraries`:

- each `.cu` is one or more corpus programs, concatenated until it reaches a
  length drawn (deterministically) between 100 and 1,500 lines; each program
  sits in its own `namespace <file>_<program>` with its `main` renamed `run`
  and its `extern "C"` kernels and macros renamed or undefined, so the
  programs of one file never clash and no two files are the same text;
- every `.cu` includes `<helper_cuda.h>` (written here: error-check macros,
  `_cudaGetErrorEnum` for the runtime, driver and each library, device-query
  helpers, shaped like NVIDIA's) and gets a `main` that uses it;
- two in five programs also include a header of their own (`<name>.cuh`, a
  timer, a kernel and a launch helper) and use it.

The lit lines of the test programs (`// RUN:`, `// CHECK:` ...) are dropped.
"""
import os
import random
import re

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


def build_tree(repo, root, count=175, seed=18):
    """Writes the tree under root; returns (sources, headers, total .cu lines)."""
    runtime, libraries = load_programs(repo)
    rng = random.Random(seed)
    common = os.path.join(root, "Common")
    os.makedirs(common, exist_ok=True)
    with open(os.path.join(common, "helper_cuda.h"), "w") as out:
        out.write(HELPER_CUDA_H)
    headers = [os.path.join(common, "helper_cuda.h")]
    # About one sample in seven uses a library, as in cuda-samples.
    library_slots = set(rng.sample(range(count), count // 7))
    next_library = 0
    sources, total_lines = [], 0
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
        folder = os.path.join(root, "Samples", CATEGORIES[index % len(CATEGORIES)], sample)
        os.makedirs(folder, exist_ok=True)
        has_header = index % 5 in (0, 2)
        includes = []
        for program in chosen:
            includes += [i for i in program.includes if i not in includes]
        includes.append("#include <helper_cuda.h>")
        if has_header:
            includes.append('#include "%s.cuh"' % sample)
            header = os.path.join(folder, sample + ".cuh")
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
                "\n".join(includes) + "\n\n" + "\n".join(chunks) + "\n" +
                sample_main(sample, namespaces, has_header))
        path = os.path.join(folder, sample + ".cu")
        with open(path, "w") as out:
            out.write(text)
        sources.append(path)
        total_lines += text.count("\n")
    return sources, headers, total_lines


HELPER_CUDA_H = r"""// helper_cuda.h: error checks and device selection shared by every sample
// (shaped like the header of the same name in NVIDIA's cuda-samples; written
// for hipkit's benchmark).
#ifndef COMMON_HELPER_CUDA_H_
#define COMMON_HELPER_CUDA_H_

#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#ifndef MAX
#define MAX(a, b) ((a) > (b) ? (a) : (b))
#endif

// The name of an error code, one overload per API the including source uses
// (each library's header defines the macro tested here).
static const char *_cudaGetErrorEnum(cudaError_t error) {
  return cudaGetErrorName(error);
}

#ifdef __cuda_cuda_h__
static const char *_cudaGetErrorEnum(CUresult error) {
  static char unknown[] = "<unknown>";
  const char *name = nullptr;
  cuGetErrorName(error, &name);
  return name ? name : unknown;
}
#endif

#ifdef CUBLAS_API_H_
static const char *_cudaGetErrorEnum(cublasStatus_t error) {
  switch (error) {
  case CUBLAS_STATUS_SUCCESS:
    return "CUBLAS_STATUS_SUCCESS";
  case CUBLAS_STATUS_NOT_INITIALIZED:
    return "CUBLAS_STATUS_NOT_INITIALIZED";
  case CUBLAS_STATUS_ALLOC_FAILED:
    return "CUBLAS_STATUS_ALLOC_FAILED";
  case CUBLAS_STATUS_INVALID_VALUE:
    return "CUBLAS_STATUS_INVALID_VALUE";
  case CUBLAS_STATUS_ARCH_MISMATCH:
    return "CUBLAS_STATUS_ARCH_MISMATCH";
  case CUBLAS_STATUS_MAPPING_ERROR:
    return "CUBLAS_STATUS_MAPPING_ERROR";
  case CUBLAS_STATUS_EXECUTION_FAILED:
    return "CUBLAS_STATUS_EXECUTION_FAILED";
  case CUBLAS_STATUS_INTERNAL_ERROR:
    return "CUBLAS_STATUS_INTERNAL_ERROR";
  case CUBLAS_STATUS_NOT_SUPPORTED:
    return "CUBLAS_STATUS_NOT_SUPPORTED";
  default:
    return "<unknown>";
  }
}
#endif

#ifdef _CUFFT_H_
static const char *_cudaGetErrorEnum(cufftResult error) {
  switch (error) {
  case CUFFT_SUCCESS:
    return "CUFFT_SUCCESS";
  case CUFFT_INVALID_PLAN:
    return "CUFFT_INVALID_PLAN";
  case CUFFT_ALLOC_FAILED:
    return "CUFFT_ALLOC_FAILED";
  case CUFFT_INVALID_VALUE:
    return "CUFFT_INVALID_VALUE";
  case CUFFT_INTERNAL_ERROR:
    return "CUFFT_INTERNAL_ERROR";
  case CUFFT_EXEC_FAILED:
    return "CUFFT_EXEC_FAILED";
  case CUFFT_SETUP_FAILED:
    return "CUFFT_SETUP_FAILED";
  case CUFFT_INVALID_SIZE:
    return "CUFFT_INVALID_SIZE";
  default:
    return "<unknown>";
  }
}
#endif

#ifdef CUSPARSE_H_
static const char *_cudaGetErrorEnum(cusparseStatus_t error) {
  switch (error) {
  case CUSPARSE_STATUS_SUCCESS:
    return "CUSPARSE_STATUS_SUCCESS";
  case CUSPARSE_STATUS_NOT_INITIALIZED:
    return "CUSPARSE_STATUS_NOT_INITIALIZED";
  case CUSPARSE_STATUS_ALLOC_FAILED:
    return "CUSPARSE_STATUS_ALLOC_FAILED";
  case CUSPARSE_STATUS_INVALID_VALUE:
    return "CUSPARSE_STATUS_INVALID_VALUE";
  case CUSPARSE_STATUS_ARCH_MISMATCH:
    return "CUSPARSE_STATUS_ARCH_MISMATCH";
  case CUSPARSE_STATUS_EXECUTION_FAILED:
    return "CUSPARSE_STATUS_EXECUTION_FAILED";
  case CUSPARSE_STATUS_INTERNAL_ERROR:
    return "CUSPARSE_STATUS_INTERNAL_ERROR";
  default:
    return "<unknown>";
  }
}
#endif

#ifdef CUSOLVER_COMMON_H_
static const char *_cudaGetErrorEnum(cusolverStatus_t error) {
  switch (error) {
  case CUSOLVER_STATUS_SUCCESS:
    return "CUSOLVER_STATUS_SUCCESS";
  case CUSOLVER_STATUS_NOT_INITIALIZED:
    return "CUSOLVER_STATUS_NOT_INITIALIZED";
  case CUSOLVER_STATUS_ALLOC_FAILED:
    return "CUSOLVER_STATUS_ALLOC_FAILED";
  case CUSOLVER_STATUS_INVALID_VALUE:
    return "CUSOLVER_STATUS_INVALID_VALUE";
  case CUSOLVER_STATUS_ARCH_MISMATCH:
    return "CUSOLVER_STATUS_ARCH_MISMATCH";
  case CUSOLVER_STATUS_EXECUTION_FAILED:
    return "CUSOLVER_STATUS_EXECUTION_FAILED";
  case CUSOLVER_STATUS_INTERNAL_ERROR:
    return "CUSOLVER_STATUS_INTERNAL_ERROR";
  default:
    return "<unknown>";
  }
}
#endif

#ifdef CURAND_H_
static const char *_cudaGetErrorEnum(curandStatus_t error) {
  switch (error) {
  case CURAND_STATUS_SUCCESS:
    return "CURAND_STATUS_SUCCESS";
  case CURAND_STATUS_VERSION_MISMATCH:
    return "CURAND_STATUS_VERSION_MISMATCH";
  case CURAND_STATUS_NOT_INITIALIZED:
    return "CURAND_STATUS_NOT_INITIALIZED";
  case CURAND_STATUS_ALLOCATION_FAILED:
    return "CURAND_STATUS_ALLOCATION_FAILED";
  case CURAND_STATUS_TYPE_ERROR:
    return "CURAND_STATUS_TYPE_ERROR";
  case CURAND_STATUS_OUT_OF_RANGE:
    return "CURAND_STATUS_OUT_OF_RANGE";
  case CURAND_STATUS_LAUNCH_FAILURE:
    return "CURAND_STATUS_LAUNCH_FAILURE";
  default:
    return "<unknown>";
  }
}
#endif

template <typename T>
void check(T result, char const *const func, const char *const file,
           int const line) {
  if (result) {
    fprintf(stderr, "CUDA error at %s:%d code=%d(%s) \"%s\" \n", file, line,
            static_cast<unsigned int>(result), _cudaGetErrorEnum(result), func);
    exit(EXIT_FAILURE);
  }
}

// Checks the value a CUDA call returns; prints where and exits on failure.
#define checkCudaErrors(val) check((val), #val, __FILE__, __LINE__)

// Checks for an error left by a kernel launch (or any earlier call).
#define getLastCudaError(msg) __getLastCudaError(msg, __FILE__, __LINE__)

inline void __getLastCudaError(const char *errorMessage, const char *file,
                               const int line) {
  cudaError_t err = cudaGetLastError();
  if (cudaSuccess != err) {
    fprintf(stderr,
            "%s(%i) : getLastCudaError() CUDA error :"
            " %s : (%d) %s.\n",
            file, line, errorMessage, static_cast<int>(err),
            cudaGetErrorString(err));
    exit(EXIT_FAILURE);
  }
}

// The same, without exiting.
#define printLastCudaError(msg) __printLastCudaError(msg, __FILE__, __LINE__)

inline void __printLastCudaError(const char *errorMessage, const char *file,
                                 const int line) {
  cudaError_t err = cudaGetLastError();
  if (cudaSuccess != err) {
    fprintf(stderr,
            "%s(%i) : getLastCudaError() CUDA error :"
            " %s : (%d) %s.\n",
            file, line, errorMessage, static_cast<int>(err),
            cudaGetErrorString(err));
  }
}

// Cores per streaming multiprocessor by compute capability (0xMm).
inline int _ConvertSMVer2Cores(int major, int minor) {
  struct SMtoCores {
    int SM;
    int Cores;
  };
  static const SMtoCores table[] = {
      {0x30, 192}, {0x50, 128}, {0x60, 64},  {0x61, 128}, {0x70, 64},
      {0x75, 64},  {0x80, 64},  {0x86, 128}, {0x89, 128}, {0x90, 128},
      {0xa0, 128}, {0xc0, 128}, {-1, -1}};
  int index = 0;
  while (table[index].SM != -1) {
    if (table[index].SM == ((major << 4) + minor))
      return table[index].Cores;
    index++;
  }
  printf("MapSMtoCores for SM %d.%d is undefined; default to %d cores/SM\n",
         major, minor, table[index - 1].Cores);
  return table[index - 1].Cores;
}

inline const char *_ConvertSMVer2ArchName(int major, int minor) {
  if (major >= 9)
    return "Hopper";
  if (major == 8)
    return minor >= 9 ? "Ada" : "Ampere";
  if (major == 7)
    return minor >= 5 ? "Turing" : "Volta";
  return "Pascal or older";
}

// The value of -name=value on the command line, or 0.
inline int getCmdLineArgumentInt(const int argc, const char **argv,
                                 const char *name) {
  size_t length = strlen(name);
  for (int i = 1; i < argc; i++) {
    const char *arg = argv[i];
    while (*arg == '-')
      arg++;
    if (strncmp(arg, name, length) == 0 && arg[length] == '=')
      return atoi(arg + length + 1);
  }
  return 0;
}

inline bool checkCmdLineFlag(const int argc, const char **argv,
                             const char *name) {
  size_t length = strlen(name);
  for (int i = 1; i < argc; i++) {
    const char *arg = argv[i];
    while (*arg == '-')
      arg++;
    if (strncmp(arg, name, length) == 0 &&
        (arg[length] == '\0' || arg[length] == '='))
      return true;
  }
  return false;
}

// Makes device devID current after checking it exists and can compute.
inline int gpuDeviceInit(int devID) {
  int deviceCount = 0;
  checkCudaErrors(cudaGetDeviceCount(&deviceCount));
  if (deviceCount == 0) {
    fprintf(stderr, "gpuDeviceInit() CUDA error: no devices supporting CUDA.\n");
    exit(EXIT_FAILURE);
  }
  if (devID < 0)
    devID = 0;
  if (devID > deviceCount - 1) {
    fprintf(stderr, ">> %d CUDA capable GPU device(s) detected. <<\n",
            deviceCount);
    fprintf(stderr, ">> gpuDeviceInit (-device=%d) is not a valid GPU device. <<\n",
            devID);
    return -devID;
  }
  int computeMode = -1, major = 0, minor = 0;
  checkCudaErrors(cudaDeviceGetAttribute(&computeMode, cudaDevAttrComputeMode, devID));
  checkCudaErrors(cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, devID));
  checkCudaErrors(cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, devID));
  if (computeMode == cudaComputeModeProhibited) {
    fprintf(stderr, "Error: device is running in <Compute Mode Prohibited>.\n");
    return -1;
  }
  checkCudaErrors(cudaSetDevice(devID));
  printf("gpuDeviceInit() CUDA Device [%d]: \"%s\"\n", devID,
         _ConvertSMVer2ArchName(major, minor));
  return devID;
}

// The device with the most GFLOPS (cores x clock).
inline int gpuGetMaxGflopsDeviceId() {
  int deviceCount = 0, maxPerfDevice = 0;
  unsigned long long maxComputePerf = 0;
  checkCudaErrors(cudaGetDeviceCount(&deviceCount));
  for (int device = 0; device < deviceCount; device++) {
    int computeMode = -1, major = 0, minor = 0, smCount = 0, clockRate = 1;
    checkCudaErrors(cudaDeviceGetAttribute(&computeMode, cudaDevAttrComputeMode, device));
    checkCudaErrors(cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, device));
    checkCudaErrors(cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, device));
    checkCudaErrors(cudaDeviceGetAttribute(&smCount, cudaDevAttrMultiProcessorCount, device));
    cudaError_t result = cudaDeviceGetAttribute(&clockRate, cudaDevAttrClockRate, device);
    if (result != cudaSuccess) {
      if (result == cudaErrorInvalidValue)
        clockRate = 1;
      else
        checkCudaErrors(result);
    }
    if (computeMode == cudaComputeModeProhibited)
      continue;
    unsigned long long perf =
        (unsigned long long)smCount * _ConvertSMVer2Cores(major, minor) * clockRate;
    if (perf > maxComputePerf) {
      maxComputePerf = perf;
      maxPerfDevice = device;
    }
  }
  return maxPerfDevice;
}

// The device named by -device=N, else the fastest one; made current.
inline int findCudaDevice(int argc, const char **argv) {
  int devID = 0;
  if (checkCmdLineFlag(argc, argv, "device")) {
    devID = getCmdLineArgumentInt(argc, argv, "device");
    if (devID < 0) {
      printf("Invalid command line parameter\n ");
      exit(EXIT_FAILURE);
    }
    devID = gpuDeviceInit(devID);
    if (devID < 0) {
      printf("exiting...\n");
      exit(EXIT_FAILURE);
    }
  } else {
    devID = gpuGetMaxGflopsDeviceId();
    checkCudaErrors(cudaSetDevice(devID));
    int major = 0, minor = 0;
    checkCudaErrors(cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, devID));
    checkCudaErrors(cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, devID));
    printf("GPU Device %d: \"%s\" with compute capability %d.%d\n\n", devID,
           _ConvertSMVer2ArchName(major, minor), major, minor);
  }
  return devID;
}

// Whether the current device has at least compute capability major.minor.
inline bool checkCudaCapabilities(int major_version, int minor_version) {
  int dev, major = 0, minor = 0;
  checkCudaErrors(cudaGetDevice(&dev));
  checkCudaErrors(cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, dev));
  checkCudaErrors(cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, dev));
  if ((major > major_version) ||
      (major == major_version && minor >= minor_version)) {
    printf("  Device %d: <%16s >, Compute SM %d.%d detected\n", dev,
           _ConvertSMVer2ArchName(major, minor), major, minor);
    return true;
  }
  printf("  No GPU device was found that can support CUDA compute capability %d.%d.\n",
         major_version, minor_version);
  return false;
}

#endif // COMMON_HELPER_CUDA_H_
"""
