"""The `Common/` folder of the cuda-samples-shaped tree (cuda_samples_tree.py).

NVIDIA's cuda-samples (v12.x) share a `Common/` folder whose headers every
sample includes with `-I Common`: helper_cuda.h (error checks, `_cudaGetErrorEnum`
for the runtime, the driver API and each library, device selection),
helper_cuda_drvapi.h, helper_functions.h (which includes exception.h,
helper_image.h, helper_string.h and helper_timer.h), helper_math.h (vector-type
operators) and helper_gl.h. Their text is not part of hipkit, so this module
writes headers of the same names, include structure and size, as code of its
own: the error tables are generated from the enumerators of the installed CUDA
headers (the names are the API's), the operator tables from the vector types,
the search paths from the tree's own sample folders.

Where a header holds something the tree cannot reproduce it says so in its
first lines; NPP is not installed with CUDA here, so helper_cuda.h's sixth
library table names cuDNN's statuses instead.
"""
import os
import re

CUDA_INCLUDE = "/usr/local/cuda/include"


def enumerators(header, name):
    """The enumerators of the enum `name` (its tag or typedef name) declared in
    `header` under CUDA_INCLUDE, aliases (a value seen before) left out."""
    text = open(os.path.join(CUDA_INCLUDE, header), errors="replace").read()
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    text = re.sub(r"//[^\n]*", "", text)
    text = re.sub(r"^\s*#[^\n]*", "", text, flags=re.M)
    for m in re.finditer(r"enum\s+(?:__device_builtin__\s+)?(\w+)?\s*\{([^{}]*)\}\s*(\w+)?",
                         text):
        if name not in (m.group(1), m.group(3)):
            continue
        names, values = [], set()
        for item in m.group(2).split(","):
            item = item.strip()
            if not item:
                continue
            enumerator, _, value = item.partition("=")
            enumerator, value = enumerator.split()[0], value.strip()
            if value and (value in values or value in names):
                continue
            values.add(value)
            names.append(enumerator)
        return names
    raise ValueError("%s: no enum %s" % (header, name))


# (guard macro the library's header defines, header, enum, C type)
ERROR_TABLES = [
    ("__cuda_cuda_h__", "cuda.h", "cudaError_enum", "CUresult"),
    ("CUBLAS_API_H_", "cublas_api.h", "cublasStatus_t", "cublasStatus_t"),
    ("_CUFFT_H_", "cufft.h", "cufftResult_t", "cufftResult"),
    ("CUSPARSEAPI", "cusparse.h", "cusparseStatus_t", "cusparseStatus_t"),
    ("CUSOLVER_COMMON_H_", "cusolver_common.h", "cusolverStatus_t", "cusolverStatus_t"),
    ("CURAND_H_", "curand.h", "curandStatus", "curandStatus_t"),
    # NVIDIA's sixth table is NPP's (NppStatus); NPP is not installed here.
    ("CUDNN_GRAPH_H_", "cudnn_graph.h", "cudnnStatus_t", "cudnnStatus_t"),
]


def error_table(guard, header, enum, ctype):
    lines = ["#ifdef %s" % guard,
             "// %s's statuses by name (%s)." % (ctype, header),
             "static const char *_cudaGetErrorEnum(%s error) {" % ctype,
             "  switch (error) {"]
    for name in enumerators(header, enum):
        lines += ["    case %s:" % name, '      return "%s";' % name]
    lines += ["  }", "", '  return "<unknown>";', "}", "#endif", ""]
    return "\n".join(lines)


def helper_cuda_h():
    tables = "\n".join(error_table(*t) for t in ERROR_TABLES)
    sm = "\n".join("      {0x%x, %d}," % (0x10 * major + minor, cores)
                   for major, minor, cores in
                   [(3, 0, 192), (3, 2, 192), (3, 5, 192), (3, 7, 192), (5, 0, 128),
                    (5, 2, 128), (5, 3, 128), (6, 0, 64), (6, 1, 128), (6, 2, 128),
                    (7, 0, 64), (7, 2, 64), (7, 5, 64), (8, 0, 64), (8, 6, 128),
                    (8, 7, 128), (8, 9, 128), (9, 0, 128), (10, 0, 128),
                    (10, 1, 128), (12, 0, 128)])
    arch = "\n".join('      {0x%x, "%s"},' % (0x10 * major + minor, name)
                     for major, minor, name in
                     [(3, 0, "Kepler"), (3, 2, "Kepler"), (3, 5, "Kepler"), (3, 7, "Kepler"),
                      (5, 0, "Maxwell"), (5, 2, "Maxwell"), (5, 3, "Maxwell"),
                      (6, 0, "Pascal"), (6, 1, "Pascal"), (6, 2, "Pascal"), (7, 0, "Volta"),
                      (7, 2, "Xavier"), (7, 5, "Turing"), (8, 0, "Ampere"), (8, 6, "Ampere"),
                      (8, 7, "Ampere"), (8, 9, "Ada"), (9, 0, "Hopper"),
                      (10, 0, "Blackwell"), (10, 1, "Blackwell"), (12, 0, "Blackwell")])
    return HELPER_CUDA_H.replace("@TABLES@", tables).replace("@SM@", sm).replace("@ARCH@", arch)


HELPER_CUDA_H = r"""// helper_cuda.h: error checks, error names and device selection shared by
// the samples (written for hipkit's benchmark, shaped like the header of the
// same name in NVIDIA's cuda-samples).
#ifndef COMMON_HELPER_CUDA_H_
#define COMMON_HELPER_CUDA_H_

#pragma once

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <helper_string.h>

#ifndef EXIT_WAIVED
#define EXIT_WAIVED 2
#endif

// The name of an error code, one overload per API the including source uses
// (each library's header defines the macro tested here).
#ifdef __DRIVER_TYPES_H__
static const char *_cudaGetErrorEnum(cudaError_t error) {
  return cudaGetErrorName(error);
}
#endif

@TABLES@
#ifdef __DRIVER_TYPES_H__
#ifndef DEVICE_RESET
#define DEVICE_RESET cudaDeviceReset();
#endif
#else
#ifndef DEVICE_RESET
#define DEVICE_RESET
#endif
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

#ifdef __DRIVER_TYPES_H__
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
#endif

#ifndef MAX
#define MAX(a, b) (a > b ? a : b)
#endif

// Float to int with rounding to the nearest integer.
inline int ftoi(float value) {
  return (value >= 0 ? static_cast<int>(value + 0.5)
                     : static_cast<int>(value - 0.5));
}

// Cores per streaming multiprocessor by compute capability (0xMm).
inline int _ConvertSMVer2Cores(int major, int minor) {
  typedef struct {
    int SM;
    int Cores;
  } sSMtoCores;

  sSMtoCores nGpuArchCoresPerSM[] = {
@SM@
      {-1, -1}};

  int index = 0;

  while (nGpuArchCoresPerSM[index].SM != -1) {
    if (nGpuArchCoresPerSM[index].SM == ((major << 4) + minor)) {
      return nGpuArchCoresPerSM[index].Cores;
    }

    index++;
  }

  printf(
      "MapSMtoCores for SM %d.%d is undefined."
      "  Default to use %d Cores/SM\n",
      major, minor, nGpuArchCoresPerSM[index - 1].Cores);
  return nGpuArchCoresPerSM[index - 1].Cores;
}

// The architecture's name by compute capability (0xMm).
inline const char *_ConvertSMVer2ArchName(int major, int minor) {
  typedef struct {
    int SM;
    const char *name;
  } sSMtoArchName;

  sSMtoArchName nGpuArchNameSM[] = {
@ARCH@
      {-1, "Graphics Device"}};

  int index = 0;

  while (nGpuArchNameSM[index].SM != -1) {
    if (nGpuArchNameSM[index].SM == ((major << 4) + minor)) {
      return nGpuArchNameSM[index].name;
    }

    index++;
  }

  printf(
      "MapSMtoArchName for SM %d.%d is undefined."
      "  Default to use %s\n",
      major, minor, nGpuArchNameSM[index - 1].name);
  return nGpuArchNameSM[index - 1].name;
}

#ifdef __CUDA_RUNTIME_H__
// Makes device devID current after checking it exists and can compute.
inline int gpuDeviceInit(int devID) {
  int device_count;
  checkCudaErrors(cudaGetDeviceCount(&device_count));

  if (device_count == 0) {
    fprintf(stderr,
            "gpuDeviceInit() CUDA error: "
            "no devices supporting CUDA.\n");
    exit(EXIT_FAILURE);
  }

  if (devID < 0) {
    devID = 0;
  }

  if (devID > device_count - 1) {
    fprintf(stderr, "\n");
    fprintf(stderr, ">> %d CUDA capable GPU device(s) detected. <<\n",
            device_count);
    fprintf(stderr,
            ">> gpuDeviceInit (-device=%d) is not a valid"
            " GPU device. <<\n",
            devID);
    fprintf(stderr, "\n");
    return -devID;
  }

  int computeMode = -1, major = 0, minor = 0;
  checkCudaErrors(cudaDeviceGetAttribute(&computeMode, cudaDevAttrComputeMode, devID));
  checkCudaErrors(cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, devID));
  checkCudaErrors(cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, devID));
  if (computeMode == cudaComputeModeProhibited) {
    fprintf(stderr,
            "Error: device is running in <Compute Mode "
            "Prohibited>, no threads can use cudaSetDevice().\n");
    return -1;
  }

  if (major < 1) {
    fprintf(stderr, "gpuDeviceInit(): GPU device does not support CUDA.\n");
    exit(EXIT_FAILURE);
  }

  checkCudaErrors(cudaSetDevice(devID));
  printf("gpuDeviceInit() CUDA Device [%d]: \"%s\n", devID,
         _ConvertSMVer2ArchName(major, minor));

  return devID;
}

// The device with the most GFLOPS (cores x clock).
inline int gpuGetMaxGflopsDeviceId() {
  int current_device = 0, sm_per_multiproc = 0;
  int max_perf_device = 0;
  int device_count = 0;
  int devices_prohibited = 0;

  uint64_t max_compute_perf = 0;
  checkCudaErrors(cudaGetDeviceCount(&device_count));

  if (device_count == 0) {
    fprintf(stderr,
            "gpuGetMaxGflopsDeviceId() CUDA error:"
            " no devices supporting CUDA.\n");
    exit(EXIT_FAILURE);
  }

  // Find the best CUDA capable GPU device
  current_device = 0;

  while (current_device < device_count) {
    int computeMode = -1, major = 0, minor = 0;
    checkCudaErrors(cudaDeviceGetAttribute(&computeMode, cudaDevAttrComputeMode, current_device));
    checkCudaErrors(cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, current_device));
    checkCudaErrors(cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, current_device));

    // If this GPU is not running on Compute Mode prohibited,
    // then we can add it to the list
    if (computeMode != cudaComputeModeProhibited) {
      if (major == 9999 && minor == 9999) {
        sm_per_multiproc = 1;
      } else {
        sm_per_multiproc = _ConvertSMVer2Cores(major, minor);
      }
      int multiProcessorCount = 0, clockRate = 0;
      checkCudaErrors(cudaDeviceGetAttribute(&multiProcessorCount, cudaDevAttrMultiProcessorCount, current_device));
      cudaError_t result = cudaDeviceGetAttribute(&clockRate, cudaDevAttrClockRate, current_device);
      if (result != cudaSuccess) {
        // If cudaDevAttrClockRate attribute is not supported we
        // set clockRate as 1, to consider GPU with most SMs and CUDA Cores.
        if (result == cudaErrorInvalidValue) {
          clockRate = 1;
        } else {
          fprintf(stderr, "CUDA error at %s:%d code=%d(%s) \n", __FILE__, __LINE__,
                  static_cast<unsigned int>(result), _cudaGetErrorEnum(result));
          exit(EXIT_FAILURE);
        }
      }
      uint64_t compute_perf = (uint64_t)multiProcessorCount * sm_per_multiproc * clockRate;

      if (compute_perf > max_compute_perf) {
        max_compute_perf = compute_perf;
        max_perf_device = current_device;
      }
    } else {
      devices_prohibited++;
    }

    ++current_device;
  }

  if (devices_prohibited == device_count) {
    fprintf(stderr,
            "gpuGetMaxGflopsDeviceId() CUDA error:"
            " all devices have compute mode prohibited.\n");
    exit(EXIT_FAILURE);
  }

  return max_perf_device;
}

// The device named by -device=N, else the fastest one; made current.
inline int findCudaDevice(int argc, const char **argv) {
  int devID = 0;

  // If the command-line has a device number specified, use it
  if (checkCmdLineFlag(argc, argv, "device")) {
    devID = getCmdLineArgumentInt(argc, argv, "device=");

    if (devID < 0) {
      printf("Invalid command line parameter\n ");
      exit(EXIT_FAILURE);
    } else {
      devID = gpuDeviceInit(devID);

      if (devID < 0) {
        printf("exiting...\n");
        exit(EXIT_FAILURE);
      }
    }
  } else {
    // Otherwise pick the device with highest Gflops/s
    devID = gpuGetMaxGflopsDeviceId();
    checkCudaErrors(cudaSetDevice(devID));
    int major = 0, minor = 0;
    checkCudaErrors(cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, devID));
    checkCudaErrors(cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, devID));
    printf("GPU Device %d: \"%s\" with compute capability %d.%d\n\n",
           devID, _ConvertSMVer2ArchName(major, minor), major, minor);
  }

  return devID;
}

// The first device of compute capability 2.0 or later that can do GL interop.
inline int findIntegratedGPU() {
  int current_device = 0;
  int device_count = 0;
  int devices_prohibited = 0;

  checkCudaErrors(cudaGetDeviceCount(&device_count));

  if (device_count == 0) {
    fprintf(stderr, "CUDA error: no devices supporting CUDA.\n");
    exit(EXIT_FAILURE);
  }

  // Find the integrated GPU which is compute capable
  while (current_device < device_count) {
    int computeMode = -1, integrated = -1;
    checkCudaErrors(cudaDeviceGetAttribute(&computeMode, cudaDevAttrComputeMode, current_device));
    checkCudaErrors(cudaDeviceGetAttribute(&integrated, cudaDevAttrIntegrated, current_device));
    // If GPU is integrated and is not running on Compute Mode prohibited,
    // then cuda can map to GLES resource
    if (integrated && (computeMode != cudaComputeModeProhibited)) {
      checkCudaErrors(cudaSetDevice(current_device));

      int major = 0, minor = 0;
      checkCudaErrors(cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, current_device));
      checkCudaErrors(cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, current_device));
      printf("GPU Device %d: \"%s\" with compute capability %d.%d\n\n",
             current_device, _ConvertSMVer2ArchName(major, minor), major, minor);

      return current_device;
    } else {
      devices_prohibited++;
    }

    current_device++;
  }

  if (devices_prohibited == device_count) {
    fprintf(stderr,
            "CUDA error:"
            " No GLES-CUDA Interop capable GPU found.\n");
    exit(EXIT_FAILURE);
  }

  return -1;
}

// Whether the current device has at least compute capability major.minor.
inline bool checkCudaCapabilities(int major_version, int minor_version) {
  int dev;
  int major = 0, minor = 0;

  checkCudaErrors(cudaGetDevice(&dev));
  checkCudaErrors(cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, dev));
  checkCudaErrors(cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, dev));

  if ((major > major_version) ||
      (major == major_version &&
       minor >= minor_version)) {
    printf("  Device %d: <%16s >, Compute SM %d.%d detected\n", dev,
           _ConvertSMVer2ArchName(major, minor), major, minor);
    return true;
  } else {
    printf(
        "  No GPU device was found that can support "
        "CUDA compute capability %d.%d.\n",
        major_version, minor_version);
    return false;
  }
}
#endif

#endif  // COMMON_HELPER_CUDA_H_
"""

HELPER_CUDA_DRVAPI_H = r"""// helper_cuda_drvapi.h: device selection through the driver API, for the
// samples that load modules with cuModuleLoad (written for hipkit's benchmark,
// shaped like NVIDIA's header of the same name).
#ifndef COMMON_HELPER_CUDA_DRVAPI_H_
#define COMMON_HELPER_CUDA_DRVAPI_H_

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sstream>

#include <helper_string.h>

#ifndef MAX
#define MAX(a, b) (a > b ? a : b)
#endif

#ifndef COMMON_HELPER_CUDA_H_
inline int ftoi(float value) {
  return (value >= 0 ? static_cast<int>(value + 0.5)
                     : static_cast<int>(value - 0.5));
}
#endif

#ifndef EXIT_WAIVED
#define EXIT_WAIVED 2
#endif

#ifdef __cuda_cuda_h__
#ifndef checkCudaErrors
#define checkCudaErrors(err) __checkCudaErrors(err, __FILE__, __LINE__)

// Prints the driver's name for an error and exits.
inline void __checkCudaErrors(CUresult err, const char *file, const int line) {
  if (CUDA_SUCCESS != err) {
    const char *errorStr = NULL;
    cuGetErrorString(err, &errorStr);
    fprintf(stderr,
            "checkCudaErrors() Driver API error = %04d \"%s\" from file <%s>, "
            "line %i.\n",
            err, errorStr, file, line);
    exit(EXIT_FAILURE);
  }
}
#endif

// The attribute `attrib` of `device`, through the driver.
template <class T>
inline void getCudaAttribute(T *attribute, CUdevice_attribute device_attribute,
                             int device) {
  checkCudaErrors(cuDeviceGetAttribute(attribute, device_attribute, device));
}

// Makes device ARGS_DEVID current; returns it, or a negative number.
inline int gpuDeviceInitDRV(int ARGC, const char **ARGV) {
  int cuDevice = 0;
  int deviceCount = 0;
  checkCudaErrors(cuInit(0));

  checkCudaErrors(cuDeviceGetCount(&deviceCount));

  if (deviceCount == 0) {
    fprintf(stderr, "cudaDeviceInit error: no devices supporting CUDA\n");
    exit(EXIT_FAILURE);
  }

  int dev = 0;
  dev = getCmdLineArgumentInt(ARGC, (const char **)ARGV, "device=");

  if (dev < 0) {
    dev = 0;
  }

  if (dev > deviceCount - 1) {
    fprintf(stderr, "\n");
    fprintf(stderr, ">> %d CUDA capable GPU device(s) detected. <<\n",
            deviceCount);
    fprintf(stderr,
            ">> cudaDeviceInit (-device=%d) is not a valid GPU device. <<\n",
            dev);
    fprintf(stderr, "\n");
    return -dev;
  }

  checkCudaErrors(cuDeviceGet(&cuDevice, dev));
  char name[100];
  checkCudaErrors(cuDeviceGetName(name, 100, cuDevice));

  int computeMode;
  getCudaAttribute<int>(&computeMode, CU_DEVICE_ATTRIBUTE_COMPUTE_MODE, dev);

  if (computeMode == CU_COMPUTEMODE_PROHIBITED) {
    fprintf(stderr,
            "Error: device is running in <CU_COMPUTEMODE_PROHIBITED>, no "
            "threads can use this CUDA Device.\n");
    return -1;
  }

  if (checkCmdLineFlag(ARGC, (const char **)ARGV, "quiet") == false) {
    printf("gpuDeviceInitDRV() Using CUDA Device [%d]: %s\n", dev, name);
  }

  return dev;
}

// The device with the most GFLOPS, through the driver.
inline int gpuGetMaxGflopsDeviceIdDRV() {
  CUdevice current_device = 0;
  CUdevice max_perf_device = 0;
  int device_count = 0;
  int sm_per_multiproc = 0;
  unsigned long long max_compute_perf = 0;
  int major = 0;
  int minor = 0;
  int multiProcessorCount;
  int clockRate;
  int devices_prohibited = 0;

  cuInit(0);
  checkCudaErrors(cuDeviceGetCount(&device_count));

  if (device_count == 0) {
    fprintf(stderr,
            "gpuGetMaxGflopsDeviceIdDRV error: no devices supporting CUDA\n");
    exit(EXIT_FAILURE);
  }

  // Find the best SM, then the best GFLOPS among it
  current_device = 0;

  while (current_device < device_count) {
    checkCudaErrors(cuDeviceGetAttribute(
        &multiProcessorCount, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT,
        current_device));
    checkCudaErrors(cuDeviceGetAttribute(
        &clockRate, CU_DEVICE_ATTRIBUTE_CLOCK_RATE, current_device));
    checkCudaErrors(cuDeviceGetAttribute(
        &major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, current_device));
    checkCudaErrors(cuDeviceGetAttribute(
        &minor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, current_device));

    int computeMode;
    getCudaAttribute<int>(&computeMode, CU_DEVICE_ATTRIBUTE_COMPUTE_MODE,
                          current_device);

    if (computeMode != CU_COMPUTEMODE_PROHIBITED) {
      if (major == 9999 && minor == 9999) {
        sm_per_multiproc = 1;
      } else {
        sm_per_multiproc = major >= 8 ? 128 : 64;
      }

      unsigned long long compute_perf =
          (unsigned long long)(multiProcessorCount * sm_per_multiproc *
                               clockRate);

      if (compute_perf > max_compute_perf) {
        max_compute_perf = compute_perf;
        max_perf_device = current_device;
      }
    } else {
      devices_prohibited++;
    }

    ++current_device;
  }

  if (devices_prohibited == device_count) {
    fprintf(stderr,
            "gpuGetMaxGflopsDeviceIdDRV error: all devices have compute mode "
            "prohibited.\n");
    exit(EXIT_FAILURE);
  }

  return max_perf_device;
}

// The device named by -device=N, else the fastest one.
inline CUdevice findCudaDeviceDRV(int argc, const char **argv) {
  CUdevice cuDevice;
  int devID = 0;

  // If the command-line has a device number specified, use it
  if (checkCmdLineFlag(argc, (const char **)argv, "device")) {
    devID = gpuDeviceInitDRV(argc, argv);

    if (devID < 0) {
      printf("exiting...\n");
      exit(EXIT_SUCCESS);
    }
  } else {
    // Otherwise pick the device with highest Gflops/s
    char name[100];
    devID = gpuGetMaxGflopsDeviceIdDRV();
    checkCudaErrors(cuDeviceGet(&cuDevice, devID));
    cuDeviceGetName(name, 100, cuDevice);
    printf("> Using CUDA Device [%d]: %s\n", devID, name);
  }

  cuDeviceGet(&cuDevice, devID);

  return cuDevice;
}

// Whether the device has at least compute capability major.minor.
inline bool checkCudaCapabilitiesDRV(int major_version, int minor_version,
                                     int devID) {
  CUdevice cuDevice;
  char name[256];
  int major = 0, minor = 0;

  checkCudaErrors(cuDeviceGet(&cuDevice, devID));
  checkCudaErrors(cuDeviceGetName(name, 100, cuDevice));
  checkCudaErrors(cuDeviceGetAttribute(
      &major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, cuDevice));
  checkCudaErrors(cuDeviceGetAttribute(
      &minor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, cuDevice));

  if ((major > major_version) ||
      (major == major_version && minor >= minor_version)) {
    printf("> Device %d: <%16s >, Compute SM %d.%d detected\n", devID, name,
           major, minor);
    return true;
  } else {
    printf(
        "No GPU device was found that can support CUDA compute capability "
        "%d.%d.\n",
        major_version, minor_version);
    return false;
  }
}
#endif

// Whether the file at `path` is a readable module image.
inline bool findModulePath(const char *module_file, std::string &module_path,
                           char **argv, std::ostringstream &ptx_source) {
  char *actual_path = sdkFindFilePath(module_file, argv[0]);

  if (actual_path) {
    module_path = actual_path;
  } else {
    printf("> findModulePath file not found: <%s> \n", module_file);
    return false;
  }

  if (module_path.empty()) {
    printf("> findModulePath could not find file: <%s> \n", module_file);
    return false;
  } else {
    printf("> findModulePath found file at <%s>\n", module_path.c_str());
    if (module_path.rfind(".ptx") != std::string::npos) {
      FILE *fp = fopen(module_path.c_str(), "rb");
      fseek(fp, 0, SEEK_END);
      int file_size = ftell(fp);
      char *buf = new char[file_size + 1];
      fseek(fp, 0, SEEK_SET);
      fread(buf, sizeof(char), file_size, fp);
      fclose(fp);
      buf[file_size] = '\0';
      ptx_source << buf;
      delete[] buf;
    }
    return true;
  }
}

#endif  // COMMON_HELPER_CUDA_DRVAPI_H_
"""

EXCEPTION_H = r"""// exception.h: an exception carrying the file and line it was thrown at,
// and the samples' main() wrapper (written for hipkit's benchmark, shaped like
// NVIDIA's header of the same name).
#ifndef COMMON_EXCEPTION_H_
#define COMMON_EXCEPTION_H_

// includes
#include <stdlib.h>
#include <exception>
#include <iostream>
#include <sstream>
#include <stdexcept>
#include <string>

// An exception that knows where it was thrown.
template <class Std_Exception>
class Exception : public Std_Exception {
 public:
  // Throws an exception with a message, the file and the line.
  static void throw_it(const char *file, const int line,
                       const char *detailed = "-");

  // The same with the message as a std::string.
  static void throw_it(const char *file, const int line,
                       const std::string &detailed);

  virtual ~Exception() throw();

 private:
  Exception();

  explicit Exception(const std::string &str);
};

// Prints the exception's message and exits.
template <class Exception_Typ>
inline void handleException(const Exception_Typ &ex) {
  std::cerr << ex.what() << std::endl;

  exit(EXIT_FAILURE);
}

#define RUNTIME_EXCEPTION(msg) \
  Exception<std::runtime_error>::throw_it(__FILE__, __LINE__, msg)

#define LOGIC_EXCEPTION(msg) \
  Exception<std::logic_error>::throw_it(__FILE__, __LINE__, msg)

#define RANGE_EXCEPTION(msg) \
  Exception<std::range_error>::throw_it(__FILE__, __LINE__, msg)

template <class Std_Exception>
void Exception<Std_Exception>::throw_it(const char *file, const int line,
                                        const char *detailed) {
  std::stringstream s;

  // Quiet heavy-weight but exceptions are not for
  // performance / release versions
  s << "Exception in file '" << file << "' in line " << line << "\n"
    << "Detailed description: " << detailed << "\n";

  throw Exception(s.str());
}

template <class Std_Exception>
void Exception<Std_Exception>::throw_it(const char *file, const int line,
                                        const std::string &msg) {
  throw_it(file, line, msg.c_str());
}

template <class Std_Exception>
Exception<Std_Exception>::Exception() : Std_Exception("Unknown Exception.\n") {}

template <class Std_Exception>
Exception<Std_Exception>::Exception(const std::string &s) : Std_Exception(s) {}

template <class Std_Exception>
Exception<Std_Exception>::~Exception() throw() {}

// Runs the sample's main body, reporting an exception as a failure.
#define MAIN_WITH_EXCEPTION_HANDLING(body)                   \
  int main(int argc, char **argv) {                          \
    try {                                                    \
      return body(argc, argv);                               \
    } catch (const std::exception &ex) {                     \
      std::cerr << "std::exception: " << ex.what() << "\n";  \
      return EXIT_FAILURE;                                   \
    } catch (...) {                                          \
      std::cerr << "unknown exception\n";                    \
      return EXIT_FAILURE;                                   \
    }                                                        \
  }

#endif  // COMMON_EXCEPTION_H_
"""

HELPER_FUNCTIONS_H = r"""// helper_functions.h: what the samples share besides CUDA: string parsing,
// timers, image and data helpers (written for hipkit's benchmark, shaped like
// NVIDIA's header of the same name).
#ifndef COMMON_HELPER_FUNCTIONS_H_
#define COMMON_HELPER_FUNCTIONS_H_

#ifdef WIN32
#pragma warning(disable : 4996)
#endif

// includes, project
#include <assert.h>
#include <exception.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include <algorithm>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

// includes, timer, string parsing, image helpers
#include <helper_image.h>   // image compare, dump, data comparisons
#include <helper_string.h>  // string parsing
#include <helper_timer.h>   // timers

#ifndef EXIT_WAIVED
#define EXIT_WAIVED 2
#endif

#endif  // COMMON_HELPER_FUNCTIONS_H_
"""


def helper_string_h(search_paths):
    paths = "\n".join('      "%s",' % p for p in search_paths)
    getters = []
    for ctype, name, convert in [("int", "Int", "atoi(&string_argv[length + auto_inc])"),
                                 ("float", "Float",
                                  "(float)atof(&string_argv[length + auto_inc])"),
                                 ("double", "Double", "atof(&string_argv[length + auto_inc])"),
                                 ("long", "Long", "atol(&string_argv[length + auto_inc])"),
                                 ("unsigned", "Unsigned",
                                  "(unsigned)strtoul(&string_argv[length + auto_inc], NULL, 10)")]:
        getters.append(f"""
// The value of -name=value on the command line as {ctype}, or 0.
inline {ctype} getCmdLineArgument{name}(const int argc, const char **argv,
                                  const char *string_ref) {{
  bool bFound = false;
  {ctype} value = 0;

  if (argc >= 1) {{
    for (int i = 1; i < argc; i++) {{
      int string_start = stringRemoveDelimiter('-', argv[i]);
      const char *string_argv = &argv[i][string_start];
      int length = static_cast<int>(strlen(string_ref));

      if (!STRNCASECMP(string_argv, string_ref, length)) {{
        if (length + 1 <= static_cast<int>(strlen(string_argv))) {{
          int auto_inc = (string_argv[length] == '=') ? 1 : 0;
          value = {convert};
        }} else {{
          value = 0;
        }}

        bFound = true;
        continue;
      }}
    }}
  }}

  if (bFound) {{
    return value;
  }} else {{
    return 0;
  }}
}}
""")
    return HELPER_STRING_H.replace("@PATHS@", paths).replace("@GETTERS@", "".join(getters))


HELPER_STRING_H = r"""// helper_string.h: command-line parsing and data-file search shared by the
// samples (written for hipkit's benchmark, shaped like NVIDIA's header of the
// same name: its search-path table lists this tree's own sample folders).
#ifndef COMMON_HELPER_STRING_H_
#define COMMON_HELPER_STRING_H_

#include <stdio.h>
#include <stdlib.h>
#include <fstream>
#include <string>

#if defined(WIN32) || defined(_WIN32) || defined(WIN64) || defined(_WIN64)
#ifndef _CRT_SECURE_NO_DEPRECATE
#define _CRT_SECURE_NO_DEPRECATE
#endif
#ifndef STRCASECMP
#define STRCASECMP _stricmp
#endif
#ifndef STRNCASECMP
#define STRNCASECMP _strnicmp
#endif
#ifndef STRCPY
#define STRCPY(sFilePath, nLength, sPath) strcpy_s(sFilePath, nLength, sPath)
#endif

#ifndef FOPEN
#define FOPEN(fHandle, filename, mode) fopen_s(&fHandle, filename, mode)
#endif
#ifndef FOPEN_FAIL
#define FOPEN_FAIL(result) (result != 0)
#endif
#ifndef SSCANF
#define SSCANF sscanf_s
#endif
#ifndef SPRINTF
#define SPRINTF sprintf_s
#endif
#else  // Linux Includes
#include <string.h>
#include <strings.h>

#ifndef STRCASECMP
#define STRCASECMP strcasecmp
#endif
#ifndef STRNCASECMP
#define STRNCASECMP strncasecmp
#endif
#ifndef STRCPY
#define STRCPY(sFilePath, nLength, sPath) strcpy(sFilePath, sPath)
#endif

#ifndef FOPEN
#define FOPEN(fHandle, filename, mode) (fHandle = fopen(filename, mode))
#endif
#ifndef FOPEN_FAIL
#define FOPEN_FAIL(result) (result == NULL)
#endif
#ifndef SSCANF
#define SSCANF sscanf
#endif
#ifndef SPRINTF
#define SPRINTF sprintf
#endif
#endif

#ifndef EXIT_WAIVED
#define EXIT_WAIVED 2
#endif

// How many leading `delimiter`s the string has.
inline int stringRemoveDelimiter(char delimiter, const char *string) {
  int string_start = 0;

  while (string[string_start] == delimiter) {
    string_start++;
  }

  if (string_start >= static_cast<int>(strlen(string) - 1)) {
    return 0;
  }

  return string_start;
}

// The extension of a file name, after its last '.'.
inline int getFileExtension(char *filename, char **extension) {
  int string_length = static_cast<int>(strlen(filename));

  while (filename[string_length--] != '.') {
    if (string_length == 0) break;
  }

  if (string_length > 0) string_length += 2;

  if (string_length == 0)
    *extension = NULL;
  else
    *extension = &filename[string_length];

  return string_length;
}

// Whether -name or -name=value is on the command line.
inline bool checkCmdLineFlag(const int argc, const char **argv,
                             const char *string_ref) {
  bool bFound = false;

  if (argc >= 1) {
    for (int i = 1; i < argc; i++) {
      int string_start = stringRemoveDelimiter('-', argv[i]);
      const char *string_argv = &argv[i][string_start];

      const char *equal_pos = strchr(string_argv, '=');
      int argv_length = static_cast<int>(
          equal_pos == 0 ? strlen(string_argv) : equal_pos - string_argv);

      int length = static_cast<int>(strlen(string_ref));

      if (length == argv_length &&
          !STRNCASECMP(string_argv, string_ref, length)) {
        bFound = true;
        continue;
      }
    }
  }

  return bFound;
}

// The value of -name=value on the command line as T, through operator>>.
template <class T>
inline bool getCmdLineArgumentValue(const int argc, const char **argv,
                                    const char *string_ref, T *value) {
  bool bFound = false;

  if (argc >= 1) {
    for (int i = 1; i < argc; i++) {
      int string_start = stringRemoveDelimiter('-', argv[i]);
      const char *string_argv = &argv[i][string_start];
      int length = static_cast<int>(strlen(string_ref));

      if (!STRNCASECMP(string_argv, string_ref, length)) {
        if (length + 1 <= static_cast<int>(strlen(string_argv))) {
          int auto_inc = (string_argv[length] == '=') ? 1 : 0;
          *value = (T)atoi(&string_argv[length + auto_inc]);
        }

        bFound = true;
        i = argc;
      }
    }
  }

  return bFound;
}
@GETTERS@
// The value of -name=value on the command line as a string.
inline bool getCmdLineArgumentString(const int argc, const char **argv,
                                     const char *string_ref,
                                     char **string_retval) {
  bool bFound = false;

  if (argc >= 1) {
    for (int i = 1; i < argc; i++) {
      int string_start = stringRemoveDelimiter('-', argv[i]);
      char *string_argv = const_cast<char *>(&argv[i][string_start]);
      int length = static_cast<int>(strlen(string_ref));

      if (!STRNCASECMP(string_argv, string_ref, length)) {
        *string_retval = &string_argv[length + 1];
        bFound = true;
        continue;
      }
    }
  }

  if (!bFound) {
    *string_retval = NULL;
  }

  return bFound;
}

// Searches the sample's data folders for a file; returns its path (to be
// freed) or NULL.
inline char *sdkFindFilePath(const char *filename,
                             const char *executable_path) {
  // The folders, relative to the executable, where a sample's data may be.
  const char *searchPath[] = {
      "./",
      "./data/",
      "../",
      "../data/",
      "../../data/",
      "../../../data/",
      "../../../../data/",
@PATHS@
  };

  // The executable's name, which replaces <executable_name> in a path.
  std::string executable_name;

  if (executable_path != 0) {
    executable_name = std::string(executable_path);

#if defined(WIN32) || defined(_WIN32) || defined(WIN64) || defined(_WIN64)
    // Windows path delimiter
    size_t delimiter_pos = executable_name.find_last_of('\\');
    executable_name.erase(0, delimiter_pos + 1);

    if (executable_name.rfind(".exe") != std::string::npos) {
      // we strip .exe, only if the .exe is found
      executable_name.resize(executable_name.size() - 4);
    }

#else
    // Linux & OSX path delimiter
    size_t delimiter_pos = executable_name.find_last_of('/');
    executable_name.erase(0, delimiter_pos + 1);
#endif
  }

  // Loop over all search paths and return the first hit
  for (unsigned int i = 0; i < sizeof(searchPath) / sizeof(char *); ++i) {
    std::string path(searchPath[i]);
    size_t executable_name_pos = path.find("<executable_name>");

    // If there is executable_name variable in the searchPath
    // replace it with the value
    if (executable_name_pos != std::string::npos) {
      if (executable_path != 0) {
        path.replace(executable_name_pos, strlen("<executable_name>"),
                     executable_name);
      } else {
        // Skip this path entry if no executable argument is given
        continue;
      }
    }

    // Test if the file exists
    path.append(filename);
    FILE *fp;
    FOPEN(fp, path.c_str(), "rb");

    if (fp != NULL) {
      fclose(fp);
      // File found
      // returning an allocated array here for backwards compatibility reasons
      char *file_path = reinterpret_cast<char *>(malloc(path.length() + 1));
      STRCPY(file_path, path.length() + 1, path.c_str());
      return file_path;
    }

    if (fp) {
      fclose(fp);
    }
  }

  // File not found
  printf("\nerror: sdkFindFilePath: file <%s> not found!\n", filename);
  return 0;
}

#endif  // COMMON_HELPER_STRING_H_
"""

HELPER_TIMER_H = r"""// helper_timer.h: the samples' stop watches (written for hipkit's benchmark,
// shaped like NVIDIA's header of the same name).
#ifndef COMMON_HELPER_TIMER_H_
#define COMMON_HELPER_TIMER_H_

#ifndef EXIT_WAIVED
#define EXIT_WAIVED 2
#endif

// includes, system
#include <vector>

// includes, project
#include <exception.h>

// A stop watch: start, stop, reset, elapsed and average time in ms.
class StopWatchInterface {
 public:
  StopWatchInterface() {}
  virtual ~StopWatchInterface() {}

 public:
  //! Start time measurement
  virtual void start() = 0;

  //! Stop time measurement
  virtual void stop() = 0;

  //! Reset time counters to zero
  virtual void reset() = 0;

  //! Time in msec. after start. If the stop watch is still running (i.e.
  //! there was no call to stop()) then the elapsed time is returned,
  //! otherwise the time between the last start() and stop call is returned
  virtual float getTime() = 0;

  //! Mean time to date based on the number of times the stopwatch has been
  //! _stopped_ (ie finished sessions) and the current total time
  virtual float getAverageTime() = 0;
};

#if defined(WIN32) || defined(_WIN32) || defined(WIN64) || defined(_WIN64)
// includes, system
#define WINDOWS_LEAN_AND_MEAN
#include <windows.h>
#undef min
#undef max

// The Windows stop watch (QueryPerformanceCounter).
class StopWatchWin : public StopWatchInterface {
 public:
  StopWatchWin()
      : start_time(),
        end_time(),
        diff_time(0.0f),
        total_time(0.0f),
        running(false),
        clock_sessions(0),
        freq(0),
        freq_set(false) {
    if (!freq_set) {
      LARGE_INTEGER temp;
      QueryPerformanceFrequency(reinterpret_cast<LARGE_INTEGER *>(&temp));
      freq = (static_cast<double>(temp.QuadPart)) / 1000.0;
      freq_set = true;
    }
  }

  ~StopWatchWin() {}

 public:
  inline void start();
  inline void stop();
  inline void reset();
  inline float getTime();
  inline float getAverageTime();

 private:
  LARGE_INTEGER start_time;
  LARGE_INTEGER end_time;
  float diff_time;
  float total_time;
  bool running;
  int clock_sessions;
  double freq;
  bool freq_set;
};

inline void StopWatchWin::start() {
  QueryPerformanceCounter(reinterpret_cast<LARGE_INTEGER *>(&start_time));
  running = true;
}

inline void StopWatchWin::stop() {
  QueryPerformanceCounter(reinterpret_cast<LARGE_INTEGER *>(&end_time));
  diff_time = static_cast<float>(((static_cast<double>(end_time.QuadPart) -
                                   static_cast<double>(start_time.QuadPart)) /
                                  freq));

  total_time += diff_time;
  clock_sessions++;
  running = false;
}

inline void StopWatchWin::reset() {
  diff_time = 0;
  total_time = 0;
  clock_sessions = 0;

  if (running) {
    QueryPerformanceCounter(reinterpret_cast<LARGE_INTEGER *>(&start_time));
  }
}

inline float StopWatchWin::getTime() {
  float retval = total_time;

  if (running) {
    LARGE_INTEGER temp;
    QueryPerformanceCounter(reinterpret_cast<LARGE_INTEGER *>(&temp));
    retval += static_cast<float>(((static_cast<double>(temp.QuadPart) -
                                   static_cast<double>(start_time.QuadPart)) /
                                  freq));
  }

  return retval;
}

inline float StopWatchWin::getAverageTime() {
  return (clock_sessions > 0) ? (total_time / clock_sessions) : 0.0f;
}
#else
// Declarations for Stopwatch on Linux and Mac OSX
// includes, system
#include <sys/time.h>
#include <ctime>

// The POSIX stop watch (gettimeofday).
class StopWatchLinux : public StopWatchInterface {
 public:
  StopWatchLinux()
      : start_time(),
        diff_time(0.0),
        total_time(0.0),
        running(false),
        clock_sessions(0) {}

  virtual ~StopWatchLinux() {}

 public:
  inline void start();
  inline void stop();
  inline void reset();
  inline float getTime();
  inline float getAverageTime();

 private:
  inline float getDiffTime();

 private:
  struct timeval start_time;
  float diff_time;
  float total_time;
  bool running;
  int clock_sessions;
};

inline void StopWatchLinux::start() {
  gettimeofday(&start_time, 0);
  running = true;
}

inline void StopWatchLinux::stop() {
  diff_time = getDiffTime();
  total_time += diff_time;
  running = false;
  clock_sessions++;
}

inline void StopWatchLinux::reset() {
  diff_time = 0;
  total_time = 0;
  clock_sessions = 0;

  if (running) {
    gettimeofday(&start_time, 0);
  }
}

inline float StopWatchLinux::getTime() {
  // Return the TOTAL time to date
  float retval = total_time;

  if (running) {
    retval += getDiffTime();
  }

  return retval;
}

inline float StopWatchLinux::getAverageTime() {
  return (clock_sessions > 0) ? (total_time / clock_sessions) : 0.0f;
}

inline float StopWatchLinux::getDiffTime() {
  struct timeval t_time;
  gettimeofday(&t_time, 0);

  // time difference in milli-seconds
  return static_cast<float>(1000.0 * (t_time.tv_sec - start_time.tv_sec) +
                            (0.001 * (t_time.tv_usec - start_time.tv_usec)));
}
#endif  // WIN32

// Creates a stop watch in *timer_interface.
inline bool sdkCreateTimer(StopWatchInterface **timer_interface) {
#if defined(WIN32) || defined(_WIN32) || defined(WIN64) || defined(_WIN64)
  *timer_interface = reinterpret_cast<StopWatchInterface *>(new StopWatchWin());
#else
  *timer_interface =
      reinterpret_cast<StopWatchInterface *>(new StopWatchLinux());
#endif
  return (*timer_interface != NULL) ? true : false;
}

// Deletes the stop watch.
inline bool sdkDeleteTimer(StopWatchInterface **timer_interface) {
  if (*timer_interface) {
    delete *timer_interface;
    *timer_interface = NULL;
  }

  return true;
}

// Starts the stop watch.
inline bool sdkStartTimer(StopWatchInterface **timer_interface) {
  if (*timer_interface) {
    (*timer_interface)->start();
  }

  return true;
}

// Stops the stop watch.
inline bool sdkStopTimer(StopWatchInterface **timer_interface) {
  if (*timer_interface) {
    (*timer_interface)->stop();
  }

  return true;
}

// Resets the stop watch.
inline bool sdkResetTimer(StopWatchInterface **timer_interface) {
  if (*timer_interface) {
    (*timer_interface)->reset();
  }

  return true;
}

// The mean time of the stop watch's sessions, in ms.
inline float sdkGetAverageTimerValue(StopWatchInterface **timer_interface) {
  if (*timer_interface) {
    return (*timer_interface)->getAverageTime();
  } else {
    return 0.0f;
  }
}

// The total time of the stop watch, in ms.
inline float sdkGetTimerValue(StopWatchInterface **timer_interface) {
  if (*timer_interface) {
    return (*timer_interface)->getTime();
  } else {
    return 0.0f;
  }
}

#endif  // COMMON_HELPER_TIMER_H_
"""


def helper_image_h():
    # Conversions and comparisons for each element type the samples compare.
    types = [("unsigned char", "UByte"), ("char", "Byte"), ("short", "Short"),
             ("unsigned short", "UShort"), ("int", "Int"), ("unsigned int", "UInt"),
             ("float", "Float"), ("double", "Double")]
    parts = []
    for ctype, name in types:
        parts.append(f"""
// Compares two arrays of {ctype} element by element, within `epsilon`;
// prints the first mismatches and returns whether they agree.
inline bool compareData{name}(const {ctype} *reference, const {ctype} *data,
                        const unsigned int len, const float epsilon,
                        const float threshold) {{
  assert(epsilon >= 0);

  bool result = true;
  unsigned int error_count = 0;

  for (unsigned int i = 0; i < len; ++i) {{
    float diff = static_cast<float>(reference[i]) - static_cast<float>(data[i]);
    bool comp = (diff <= epsilon) && (diff >= -epsilon);
    result &= comp;

    error_count += !comp;

#if 0
    if (!comp) {{
      std::cerr << "ERROR, i = " << i << ",\\t "
                << reference[i] << " / " << data[i]
                << " (reference / data)\\n";
    }}
#endif
  }}

  if (threshold == 0.0f) {{
    return (result) ? true : false;
  }} else {{
    if (error_count) {{
      printf("%4.2f(%%) of bytes mismatched (count=%d)\\n",
             static_cast<float>(error_count) * 100 / static_cast<float>(len),
             error_count);
    }}

    return (len * threshold > error_count) ? true : false;
  }}
}}

// Reads `len` values of {ctype} from a text file, one per line.
inline bool sdkReadFile{name}(const char *filename, {ctype} **data,
                         unsigned int *len, bool verbose) {{
  assert(NULL != filename);
  assert(NULL != len);

  std::vector<{ctype}> data_read;
  std::fstream fh(filename, std::fstream::in);

  if (!fh.good()) {{
    if (verbose) std::cerr << "sdkReadFile() : Opening file failed." << std::endl;
    return false;
  }}

  {ctype} token;

  while (!fh.eof()) {{
    fh >> token;
    data_read.push_back(token);
  }}

  data_read.pop_back();

  if (!fh.eof()) {{
    if (verbose) std::cerr << "WARNING : readData() : reading file might have failed."
                           << std::endl;
  }}

  fh.close();

  if (0 != *len) {{
    if (*len != data_read.size()) {{
      std::cerr << "sdkReadFile() : Initialized memory given but "
                << "size  mismatch with signal read "
                << "(data read / data init = " << (unsigned int)data_read.size()
                << " / " << *len << ")" << std::endl;
      return false;
    }}
  }} else {{
    *len = static_cast<unsigned int>(data_read.size());
    *data = reinterpret_cast<{ctype} *>(malloc(sizeof({ctype}) * *len));
  }}

  std::copy(data_read.begin(), data_read.end(), *data);
  return true;
}}
""")
    return HELPER_IMAGE_H.replace("@TYPED@", "".join(parts))


HELPER_IMAGE_H = r"""// helper_image.h: PPM/PGM loading and saving and data comparisons for the
// samples (written for hipkit's benchmark, shaped like NVIDIA's header of the
// same name).
#ifndef COMMON_HELPER_IMAGE_H_
#define COMMON_HELPER_IMAGE_H_

#include <assert.h>
#include <exception.h>
#include <math.h>
#include <stdint.h>

#include <algorithm>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#ifndef MIN
#define MIN(a, b) ((a < b) ? a : b)
#endif
#ifndef MAX
#define MAX(a, b) ((a > b) ? a : b)
#endif

#ifndef EXIT_WAIVED
#define EXIT_WAIVED 2
#endif

#include <helper_string.h>

// namespace unnamed (internal)
namespace helper_image_internal {
//! size of PGM file header
const unsigned int PGMHeaderSize = 0x40;

// types

//! Data converter from unsigned char / unsigned byte to type T
template <class T>
struct ConverterFromUByte;

//! Data converter from unsigned char / unsigned byte
template <>
struct ConverterFromUByte<unsigned char> {
  //! Conversion operator
  //! @return converted value
  //! @param  val  value to convert
  float operator()(const unsigned char &val) {
    return static_cast<unsigned char>(val);
  }
};

//! Data converter from unsigned char / unsigned byte to float
template <>
struct ConverterFromUByte<float> {
  //! Conversion operator
  //! @return converted value
  //! @param  val  value to convert
  float operator()(const unsigned char &val) {
    return static_cast<float>(val) / 255.0f;
  }
};

//! Data converter from unsigned char / unsigned byte to type T
template <class T>
struct ConverterToUByte;

//! Data converter from unsigned char / unsigned byte to unsigned int
template <>
struct ConverterToUByte<unsigned char> {
  //! Conversion operator (essentially a passthru
  //! @return converted value
  //! @param  val  value to convert
  unsigned char operator()(const unsigned char &val) { return val; }
};

//! Data converter from unsigned char / unsigned byte to unsigned int
template <>
struct ConverterToUByte<float> {
  //! Conversion operator
  //! @return converted value
  //! @param  val  value to convert
  unsigned char operator()(const float &val) {
    return static_cast<unsigned char>(val * 255.0f);
  }
};
}  // namespace helper_image_internal

#if defined(WIN32) || defined(_WIN32) || defined(WIN64) || defined(_WIN64)
#ifndef FOPEN
#define FOPEN(fHandle, filename, mode) fopen_s(&fHandle, filename, mode)
#endif
#ifndef FOPEN_FAIL
#define FOPEN_FAIL(result) (result != 0)
#endif
#ifndef SSCANF
#define SSCANF sscanf_s
#endif
#else
#ifndef FOPEN
#define FOPEN(fHandle, filename, mode) (fHandle = fopen(filename, mode))
#endif
#ifndef FOPEN_FAIL
#define FOPEN_FAIL(result) (result == NULL)
#endif
#ifndef SSCANF
#define SSCANF sscanf
#endif
#endif

// Loads a PGM (P5) or PPM (P6) file: its pixels in *data (allocated when
// NULL), its size in *w, *h and its channel count in *channels.
inline bool __loadPPM(const char *file, unsigned char **data, unsigned int *w,
                      unsigned int *h, unsigned int *channels) {
  FILE *fp = NULL;

  if (FOPEN_FAIL(FOPEN(fp, file, "rb"))) {
    std::cerr << "__LoadPPM() : Failed to open file: " << file << std::endl;
    return false;
  }

  // check header
  char header[helper_image_internal::PGMHeaderSize];

  if (fgets(header, helper_image_internal::PGMHeaderSize, fp) == NULL) {
    std::cerr << "__LoadPPM() : reading PGM header returned NULL" << std::endl;
    return false;
  }

  if (strncmp(header, "P5", 2) == 0) {
    *channels = 1;
  } else if (strncmp(header, "P6", 2) == 0) {
    *channels = 3;
  } else {
    std::cerr << "__LoadPPM() : File is not a PPM or PGM image" << std::endl;
    *channels = 0;
    return false;
  }

  // parse header, read maxval, width and height
  unsigned int width = 0;
  unsigned int height = 0;
  unsigned int maxval = 0;
  unsigned int i = 0;

  while (i < 3) {
    if (fgets(header, helper_image_internal::PGMHeaderSize, fp) == NULL) {
      std::cerr << "__LoadPPM() : reading PGM header returned NULL"
                << std::endl;
      return false;
    }

    if (header[0] == '#') {
      continue;
    }

    if (i == 0) {
      i += SSCANF(header, "%u %u %u", &width, &height, &maxval);
    } else if (i == 1) {
      i += SSCANF(header, "%u %u", &height, &maxval);
    } else if (i == 2) {
      i += SSCANF(header, "%u", &maxval);
    }
  }

  // check if given handle for the data is initialized
  if (NULL != *data) {
    if (*w != width || *h != height) {
      std::cerr << "__LoadPPM() : Invalid image dimensions." << std::endl;
    }
  } else {
    *data = (unsigned char *)malloc(sizeof(unsigned char) * width * height *
                                    *channels);
    *w = width;
    *h = height;
  }

  // read and close file
  if (fread(*data, sizeof(unsigned char), width * height * *channels, fp) ==
      0) {
    std::cerr << "__LoadPPM() read data returned error." << std::endl;
  }

  fclose(fp);

  return true;
}

// Loads a PGM image as T (unsigned char or float).
template <class T>
inline bool sdkLoadPGM(const char *file, T **data, unsigned int *w,
                       unsigned int *h) {
  unsigned char *idata = NULL;
  unsigned int channels;

  if (true != __loadPPM(file, &idata, w, h, &channels)) {
    return false;
  }

  unsigned int size = *w * *h * channels;

  // initialize mem if necessary
  // the correct size is checked / set in loadPGMc()
  if (NULL == *data) {
    *data = reinterpret_cast<T *>(malloc(sizeof(T) * size));
  }

  // copy and cast data
  std::transform(idata, idata + size, *data,
                 helper_image_internal::ConverterFromUByte<T>());

  free(idata);

  return true;
}

// Loads a PPM image as T, with an alpha channel added.
template <class T>
inline bool sdkLoadPPM4(const char *file, T **data, unsigned int *w,
                        unsigned int *h) {
  unsigned char *idata = 0;
  unsigned int channels;

  if (__loadPPM(file, &idata, w, h, &channels)) {
    // pad 4th component
    int size = *w * *h;
    // keep the original pointer
    unsigned char *idata_orig = idata;
    *data = reinterpret_cast<T *>(malloc(sizeof(T) * size * 4));
    unsigned char *ptr = *data;

    for (int i = 0; i < size; i++) {
      *ptr++ = *idata++;
      *ptr++ = *idata++;
      *ptr++ = *idata++;
      *ptr++ = 0;
    }

    free(idata_orig);
    return true;
  } else {
    free(idata);
    return false;
  }
}

// Saves a PGM (one channel) or PPM (three) file.
inline bool __savePPM(const char *file, unsigned char *data, unsigned int w,
                      unsigned int h, unsigned int channels) {
  assert(NULL != data);
  assert(w > 0);
  assert(h > 0);

  std::fstream fh(file, std::fstream::out | std::fstream::binary);

  if (fh.bad()) {
    std::cerr << "__savePPM() : Opening file failed." << std::endl;
    return false;
  }

  if (channels == 1) {
    fh << "P5\n";
  } else if (channels == 3) {
    fh << "P6\n";
  } else {
    std::cerr << "__savePPM() : Invalid number of channels." << std::endl;
    return false;
  }

  fh << w << "\n" << h << "\n" << 0xff << std::endl;

  for (unsigned int i = 0; (i < (w * h * channels)) && fh.good(); ++i) {
    fh << data[i];
  }

  fh.flush();

  if (fh.bad()) {
    std::cerr << "__savePPM() : Writing data failed." << std::endl;
    return false;
  }

  fh.close();

  return true;
}

// Saves T data as a PGM image.
template <class T>
inline bool sdkSavePGM(const char *file, T *data, unsigned int w,
                       unsigned int h) {
  unsigned int size = w * h;
  unsigned char *idata = (unsigned char *)malloc(sizeof(unsigned char) * size);

  std::transform(data, data + size, idata,
                 helper_image_internal::ConverterToUByte<T>());

  // write file
  bool result = __savePPM(file, idata, w, h, 1);

  // cleanup
  free(idata);

  return result;
}

// Saves RGBA data as a PPM image (the alpha channel dropped).
inline bool sdkSavePPM4ub(const char *file, unsigned char *data, unsigned int w,
                          unsigned int h) {
  // strip 4th component
  int size = w * h;
  unsigned char *ndata =
      (unsigned char *)malloc(sizeof(unsigned char) * size * 3);
  unsigned char *ptr = ndata;

  for (int i = 0; i < size; i++) {
    *ptr++ = *data++;
    *ptr++ = *data++;
    *ptr++ = *data++;
    data++;
  }

  bool result = __savePPM(file, ndata, w, h, 3);
  free(ndata);
  return result;
}

// Reads a text file of values of T, one per line.
template <class T>
inline bool sdkReadFile(const char *filename, T **data, unsigned int *len,
                        bool verbose) {
  // check input arguments
  assert(NULL != filename);
  assert(NULL != len);

  // intermediate storage for the data read
  std::vector<T> data_read;

  // open file for reading
  FILE *fh = NULL;

  // check if filestream is valid
  if (FOPEN_FAIL(FOPEN(fh, filename, "r"))) {
    printf("Unable to open input file: %s\n", filename);
    return false;
  }

  // read all data elements
  T token;

  while (!feof(fh)) {
    fscanf(fh, "%f", &token);
    data_read.push_back(token);
  }

  // the last element is read twice
  data_read.pop_back();
  fclose(fh);

  // check if the given handle is already initialized
  if (NULL != *data) {
    if (*len != data_read.size()) {
      std::cerr << "sdkReadFile() : Initialized memory given but "
                << "size  mismatch with signal read "
                << "(data read / data init = " << (unsigned int)data_read.size()
                << " / " << *len << ")" << std::endl;

      return false;
    }
  } else {
    // allocate storage for the data read
    *data = reinterpret_cast<T *>(malloc(sizeof(T) * data_read.size()));
    // store signal size
    *len = static_cast<unsigned int>(data_read.size());
  }

  // copy data
  memcpy(*data, &data_read.front(), sizeof(T) * data_read.size());

  return true;
}

// Writes `len` values of T to a text file, one per line, with an epsilon.
template <class T, class S>
inline bool sdkWriteFile(const char *filename, const T *data, unsigned int len,
                         const S epsilon, bool verbose, bool append = false) {
  assert(NULL != filename);
  assert(NULL != data);

  // open file for writing
  //    if (append) {
  std::fstream fh(filename, std::fstream::out | std::fstream::ate);

  if (verbose) {
    std::cerr << "sdkWriteFile() : Open file " << filename
              << " for write/append." << std::endl;
  }

  /*    } else {
          std::fstream fh(filename, std::fstream::out);
          if (verbose) {
              std::cerr << "sdkWriteFile() : Open file " << filename << " for
     write." << std::endl;
          }
      }
  */

  // check if filestream is valid
  if (!fh.good()) {
    if (verbose) {
      std::cerr << "sdkWriteFile() : Opening file failed." << std::endl;
    }

    return false;
  }

  // first write epsilon
  fh << "# " << epsilon << "\n";

  // write data
  for (unsigned int i = 0; (i < len) && (fh.good()); ++i) {
    fh << data[i] << ' ';
  }

  // Check if writing succeeded
  if (!fh.good()) {
    if (verbose) {
      std::cerr << "sdkWriteFile() : Writing file failed." << std::endl;
    }

    return false;
  }

  // file ends with nl
  fh << std::endl;

  return true;
}

// Compares two arrays of T within `epsilon` (absolute), or allows a share
// `threshold` of them to differ.
template <class T, class S>
inline bool compareData(const T *reference, const T *data,
                        const unsigned int len, const S epsilon,
                        const float threshold) {
  assert(epsilon >= 0);

  bool result = true;
  unsigned int error_count = 0;

  for (unsigned int i = 0; i < len; ++i) {
    float diff = static_cast<float>(reference[i]) - static_cast<float>(data[i]);
    bool comp = (diff <= epsilon) && (diff >= -epsilon);
    result &= comp;

    error_count += !comp;
  }

  if (threshold == 0.0f) {
    return (result) ? true : false;
  } else {
    if (error_count) {
      printf("%4.2f(%%) of bytes mismatched (count=%d)\n",
             static_cast<float>(error_count) * 100 / static_cast<float>(len),
             error_count);
    }

    return (len * threshold > error_count) ? true : false;
  }
}

#ifndef __MIN_EPSILON_ERROR
#define __MIN_EPSILON_ERROR 1e-3f
#endif

// Compares two arrays of T relative to the reference's magnitude.
template <class T, class S>
inline bool compareDataAsFloatThreshold(const T *reference, const T *data,
                                        const unsigned int len,
                                        const S epsilon,
                                        const float threshold) {
  float max_error = MAX((float)epsilon, __MIN_EPSILON_ERROR);
  int error_count = 0;
  bool result = true;

  for (unsigned int i = 0; i < len; ++i) {
    float diff =
        fabs(static_cast<float>(reference[i]) - static_cast<float>(data[i]));
    bool comp = (diff < max_error);
    result &= comp;

    if (!comp) {
      error_count++;
    }
  }

  if (threshold == 0.0f) {
    if (error_count) {
      printf("total # of errors = %d\n", error_count);
    }

    return (error_count == 0) ? true : false;
  } else {
    if (error_count) {
      printf("%4.2f(%%) of bytes mismatched (count=%d)\n",
             static_cast<float>(error_count) * 100 / static_cast<float>(len),
             error_count);
    }

    return ((len * threshold > error_count) ? true : false);
  }
}

// Writes a binary dump of `bytes` bytes.
inline void sdkDumpBin(void *data, unsigned int bytes, const char *filename) {
  printf("sdkDumpBin: <%s>\n", filename);
  FILE *fp;
  FOPEN(fp, filename, "wb");
  fwrite(data, bytes, 1, fp);
  fflush(fp);
  fclose(fp);
}

// Compares a binary dump of unsigned ints with a reference file.
inline bool sdkCompareBin2BinUint(const char *src_file, const char *ref_file,
                                  unsigned int nelements, const float epsilon,
                                  const float threshold, char *exec_path) {
  unsigned int *src_buffer, *ref_buffer;
  FILE *src_fp = NULL, *ref_fp = NULL;

  uint64_t error_count = 0;
  size_t fsize = 0;

  if (FOPEN_FAIL(FOPEN(src_fp, src_file, "rb"))) {
    printf("compareBin2Bin <unsigned int> unable to open src_file: %s\n",
           src_file);
    error_count++;
  }

  char *ref_file_path = sdkFindFilePath(ref_file, exec_path);

  if (ref_file_path == NULL) {
    printf("compareBin2Bin <unsigned int>  unable to find <%s> in <%s>\n",
           ref_file, exec_path);
    printf(">>> Check info.xml and [project//data] folder <%s> <<<\n",
           ref_file);
    printf("Aborting comparison!\n");
    printf("  FAILED\n");
    error_count++;

    if (src_fp) {
      fclose(src_fp);
    }

    if (ref_fp) {
      fclose(ref_fp);
    }
  } else {
    if (FOPEN_FAIL(FOPEN(ref_fp, ref_file_path, "rb"))) {
      printf(
          "compareBin2Bin <unsigned int>  unable to open ref_file: %s\n",
          ref_file_path);
      error_count++;
    }

    if (src_fp && ref_fp) {
      src_buffer = (unsigned int *)malloc(nelements * sizeof(unsigned int));
      ref_buffer = (unsigned int *)malloc(nelements * sizeof(unsigned int));

      fsize = fread(src_buffer, nelements, sizeof(unsigned int), src_fp);
      fsize = fread(ref_buffer, nelements, sizeof(unsigned int), ref_fp);

      printf(
          "> compareBin2Bin <unsigned int> nelements=%d,"
          " epsilon=%4.2f, threshold=%4.2f\n",
          nelements, epsilon, threshold);
      printf("   src_file <%s>, size=%d bytes\n", src_file,
             static_cast<int>(fsize));
      printf("   ref_file <%s>, size=%d bytes\n", ref_file_path,
             static_cast<int>(fsize));

      if (!compareData<unsigned int, float>(ref_buffer, src_buffer, nelements,
                                            epsilon, threshold)) {
        error_count++;
      }

      fclose(src_fp);
      fclose(ref_fp);

      free(src_buffer);
      free(ref_buffer);
    } else {
      if (src_fp) {
        fclose(src_fp);
      }

      if (ref_fp) {
        fclose(ref_fp);
      }
    }
  }

  if (error_count == 0) {
    printf("  OK\n");
  } else {
    printf("  FAILURE: %d errors...\n", (unsigned int)error_count);
  }

  return (error_count == 0);  // returns true if all pixels pass
}

// Compares two PPM images within `epsilon` per byte.
inline bool sdkComparePPM(const char *src_file, const char *ref_file,
                          const float epsilon, const float threshold,
                          bool verboseErrors) {
  unsigned char *src_data, *ref_data;
  uint64_t error_count = 0;
  unsigned int ref_width, ref_height;
  unsigned int src_width, src_height;

  if (src_file == NULL || ref_file == NULL) {
    if (verboseErrors) {
      std::cerr << "PPMvsPPM: src_file or ref_file is NULL."
                   "  Aborting comparison\n";
    }

    return false;
  }

  if (verboseErrors) {
    std::cerr << "> Compare (a)rendered:  <" << src_file << ">\n";
    std::cerr << ">         (b)reference: <" << ref_file << ">\n";
  }

  if (sdkLoadPPM4(ref_file, &ref_data, &ref_width, &ref_height) != true) {
    if (verboseErrors) {
      std::cerr << "PPMvsPPM: unable to load ref image file: " << ref_file
                << "\n";
    }

    return false;
  }

  if (sdkLoadPPM4(src_file, &src_data, &src_width, &src_height) != true) {
    std::cerr << "PPMvsPPM: unable to load src image file: " << src_file
              << "\n";
    return false;
  }

  if (src_height != ref_height || src_width != ref_width) {
    if (verboseErrors) {
      std::cerr << "PPMvsPPM: source and ref size mismatch (" << src_width
                << "," << src_height << ")vs(" << ref_width << ","
                << ref_height << ")\n";
    }
  }

  if (verboseErrors) {
    std::cerr << "PPMvsPPM: comparing images size (" << src_width << ","
              << src_height << ") epsilon(" << epsilon << "), threshold("
              << threshold * 100 << "%)\n";
  }

  if (compareData(ref_data, src_data, src_width * src_height * 4, epsilon,
                  threshold) == false) {
    error_count = 1;
  }

  if (error_count == 0) {
    if (verboseErrors) {
      std::cerr << "    OK\n\n";
    }
  } else {
    if (verboseErrors) {
      std::cerr << "    FAILURE!  " << error_count << " errors...\n\n";
    }
  }

  // returns true if all pixels pass
  return (error_count == 0) ? true : false;
}
@TYPED@
#endif  // COMMON_HELPER_IMAGE_H_
"""


def helper_math_h():
    """Operators and functions over CUDA's vector types, as NVIDIA's
    helper_math.h has them: per type, constructors from scalars and other
    vectors, negation, + - * / with vectors and scalars and their assignments,
    min, max, lerp, clamp, dot, length, normalize, floor, frac, fmod, abs."""
    out = [r"""// helper_math.h: operators and functions over CUDA's vector types, for the
// samples (written for hipkit's benchmark, shaped like NVIDIA's header of the
// same name).
#ifndef HELPER_MATH_H
#define HELPER_MATH_H

#include "cuda_runtime.h"

typedef unsigned int uint;
typedef unsigned short ushort;

#ifndef EXIT_WAIVED
#define EXIT_WAIVED 2
#endif

#ifndef __CUDACC__
#include <math.h>

// Host implementations of CUDA functions.
inline float fminf(float a, float b) { return a < b ? a : b; }

inline float fmaxf(float a, float b) { return a > b ? a : b; }

inline int max(int a, int b) { return a > b ? a : b; }

inline int min(int a, int b) { return a < b ? a : b; }

inline float rsqrtf(float x) { return 1.0f / sqrtf(x); }
#endif

// Linear interpolation between two floats.
inline __device__ __host__ float lerp(float a, float b, float t) {
  return a + t * (b - a);
}

// Clamps a scalar to [a, b].
inline __device__ __host__ float clamp(float f, float a, float b) {
  return fmaxf(a, fminf(f, b));
}
inline __device__ __host__ int clamp(int f, int a, int b) {
  return max(a, min(f, b));
}
inline __device__ __host__ uint clamp(uint f, uint a, uint b) {
  return max(a, min(f, b));
}
"""]
    comps = {2: "xy", 3: "xyz", 4: "xyzw"}
    scalars = [("float", "float"), ("int", "int"), ("uint", "uint")]
    for base, short in scalars:
        for n in (2, 3, 4):
            T = "%s%d" % (base, n)
            c = comps[n]
            make = "make_%s" % T
            lines = ["", "// %s" % T]
            lines.append("inline __host__ __device__ %s %s(%s s) {" % (T, make, base))
            lines.append("  return %s(%s);" % (make, ", ".join("s" for _ in c)))
            lines.append("}")
            if n > 2:
                prev = "%s%d" % (base, n - 1)
                lines.append("inline __host__ __device__ %s %s(%s a, %s s) {" %
                             (T, make, prev, base))
                lines.append("  return %s(%s, s);" % (make, ", ".join("a." + x for x in c[:-1])))
                lines.append("}")
            if n < 4:
                lines.append("inline __host__ __device__ %s %s(%s%d a) {" % (T, make, base, n + 1))
                lines.append("  return %s(%s);" % (make, ", ".join("a." + x for x in c)))
                lines.append("}")
            for other, _ in scalars:
                if other != base:
                    lines.append("inline __host__ __device__ %s %s(%s%d a) {" %
                                 (T, make, other, n))
                    lines.append("  return %s(%s);" % (
                        make, ", ".join("%s(a.%s)" % (base, x) for x in c)))
                    lines.append("}")
            if base != "uint":
                lines.append("inline __host__ __device__ %s operator-(%s &a) {" % (T, T))
                lines.append("  return %s(%s);" % (make, ", ".join("-a." + x for x in c)))
                lines.append("}")
            for op in "+-*/":
                lines.append("inline __host__ __device__ %s operator%s(%s a, %s b) {" %
                             (T, op, T, T))
                lines.append("  return %s(%s);" % (make, ", ".join(
                    "a.%s %s b.%s" % (x, op, x) for x in c)))
                lines.append("}")
                lines.append("inline __host__ __device__ void operator%s=(%s &a, %s b) {" %
                             (op, T, T))
                for x in c:
                    lines.append("  a.%s %s= b.%s;" % (x, op, x))
                lines.append("}")
                lines.append("inline __host__ __device__ %s operator%s(%s a, %s b) {" %
                             (T, op, T, base))
                lines.append("  return %s(%s);" % (make, ", ".join(
                    "a.%s %s b" % (x, op) for x in c)))
                lines.append("}")
                lines.append("inline __host__ __device__ %s operator%s(%s b, %s a) {" %
                             (T, op, base, T))
                lines.append("  return %s(%s);" % (make, ", ".join(
                    "b %s a.%s" % (op, x) for x in c)))
                lines.append("}")
                lines.append("inline __host__ __device__ void operator%s=(%s &a, %s b) {" %
                             (op, T, base))
                for x in c:
                    lines.append("  a.%s %s= b;" % (x, op))
                lines.append("}")
            mn, mx = ("fminf", "fmaxf") if base == "float" else ("min", "max")
            for name, fn in (("fminf" if base == "float" else "min", mn),
                             ("fmaxf" if base == "float" else "max", mx)):
                lines.append("inline __host__ __device__ %s %s(%s a, %s b) {" % (T, name, T, T))
                lines.append("  return %s(%s);" % (make, ", ".join(
                    "%s(a.%s, b.%s)" % (fn, x, x) for x in c)))
                lines.append("}")
            lines.append("inline __device__ __host__ %s clamp(%s v, %s a, %s b) {" %
                         (T, T, base, base))
            lines.append("  return %s(%s);" % (make, ", ".join(
                "clamp(v.%s, a, b)" % x for x in c)))
            lines.append("}")
            lines.append("inline __device__ __host__ %s clamp(%s v, %s a, %s b) {" % (T, T, T, T))
            lines.append("  return %s(%s);" % (make, ", ".join(
                "clamp(v.%s, a.%s, b.%s)" % (x, x, x) for x in c)))
            lines.append("}")
            lines.append("inline __host__ __device__ %s dot(%s a, %s b) {" % (base, T, T))
            lines.append("  return %s;" % " + ".join("a.%s * b.%s" % (x, x) for x in c))
            lines.append("}")
            if base == "float":
                lines.append("inline __device__ __host__ %s lerp(%s a, %s b, float t) {" %
                             (T, T, T))
                lines.append("  return a + t * (b - a);")
                lines.append("}")
                lines.append("inline __host__ __device__ float length(%s v) {" % T)
                lines.append("  return sqrtf(dot(v, v));")
                lines.append("}")
                lines.append("inline __host__ __device__ %s normalize(%s v) {" % (T, T))
                lines.append("  float invLen = rsqrtf(dot(v, v));")
                lines.append("  return v * invLen;")
                lines.append("}")
                for fn in ("floorf", "fracf", "fabs"):
                    name = {"floorf": "floorf", "fracf": "fracf", "fabs": "fabs"}[fn]
                    inner = {"floorf": "floorf(v.%s)", "fracf": "v.%s - floorf(v.%s)",
                             "fabs": "fabs(v.%s)"}[fn]
                    lines.append("inline __host__ __device__ %s %s(%s v) {" % (T, name, T))
                    lines.append("  return %s(%s);" % (make, ", ".join(
                        inner.replace("%s", x) for x in c)))
                    lines.append("}")
                lines.append("inline __host__ __device__ %s fmodf(%s a, %s b) {" % (T, T, T))
                lines.append("  return %s(%s);" % (make, ", ".join(
                    "fmodf(a.%s, b.%s)" % (x, x) for x in c)))
                lines.append("}")
                lines.append("inline __host__ __device__ %s reflect(%s i, %s n) {" % (T, T, T))
                lines.append("  return i - 2.0f * n * dot(n, i);")
                lines.append("}")
                lines.append("inline __device__ __host__ %s smoothstep(%s a, %s b, %s x) {" %
                             (T, T, T, T))
                lines.append("  %s y = clamp((x - a) / (b - a), 0.0f, 1.0f);" % T)
                lines.append("  return (y * y * (make_%s(3.0f) - (make_%s(2.0f) * y)));" % (T, T))
                lines.append("}")
            elif base == "int":
                lines.append("inline __host__ __device__ %s abs(%s v) {" % (T, T))
                lines.append("  return %s(%s);" % (make, ", ".join("abs(v.%s)" % x for x in c)))
                lines.append("}")
            out.append("\n".join(lines) + "\n")
    out.append(r"""
// The cross product of two float3.
inline __host__ __device__ float3 cross(float3 a, float3 b) {
  return make_float3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z,
                     a.x * b.y - a.y * b.x);
}

#endif  // HELPER_MATH_H
""")
    return "".join(out)


HELPER_GL_H = r"""// helper_gl.h: OpenGL set-up for the graphics samples (written for hipkit's
// benchmark, shaped like NVIDIA's header of the same name).
#ifndef HELPER_GL_H
#define HELPER_GL_H

#if defined(__APPLE__) || defined(MACOSX)
#include <OpenGL/gl.h>
#else
#include <GL/gl.h>
#ifdef _WIN32
#include <GL/wglext.h>
#endif
#if defined(__linux__) || defined(__QNXNTO__) || defined(__FreeBSD__)
#include <GL/glext.h>
#include <GL/glx.h>
#endif
#endif

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>

#include <sstream>
#include <string>
#include <vector>

#ifndef EXIT_WAIVED
#define EXIT_WAIVED 2
#endif

// The extensions the sample needs, space separated, are all present.
inline bool isGLVersionSupported(unsigned reqMajor, unsigned reqMinor) {
  std::string version((const char *)glGetString(GL_VERSION));
  std::stringstream stream(version);
  unsigned major, minor;
  char dot;

  stream >> major >> dot >> minor;

  assert(dot == '.');
  return major > reqMajor || (major == reqMajor && minor >= reqMinor);
}

// Whether every extension named in `exts` (space separated) is supported.
inline bool areGLExtensionsSupported(const std::string &extensions) {
  std::string all((const char *)glGetString(GL_EXTENSIONS));
  std::vector<std::string> allExtensions;
  {
    std::istringstream stream(all);
    std::string extension;
    while (stream >> extension) allExtensions.push_back(extension);
  }
  std::istringstream wanted(extensions);
  std::string extension;

  while (wanted >> extension) {
    bool found = false;
    for (size_t i = 0; i < allExtensions.size(); ++i)
      if (allExtensions[i] == extension) found = true;
    if (!found) {
      fprintf(stderr, "Extension %s is missing\n", extension.c_str());
      return false;
    }
  }

  return true;
}

// Prints the last OpenGL error, if any; returns whether there was none.
inline bool sdkCheckErrorGL(const char *file, const int line) {
  bool ret_val = true;

  // check for error
  GLenum gl_error = glGetError();

  if (gl_error != GL_NO_ERROR) {
    char tmpStr[512];
    // NOTE: "%s(%i) : " allows Visual Studio to directly jump to the file at
    // the right line when the user double clicks on the error line in the
    // Output pane. Like any compile error.
    snprintf(tmpStr, 255, "\n%s(%i) : GL Error : %d\n\n", file, line,
             (int)gl_error);
    fprintf(stderr, "%s", tmpStr);
    ret_val = false;
  }

  return ret_val;
}

#define SDK_CHECK_ERROR_GL()                                          \
  if (false == sdkCheckErrorGL(__FILE__, __LINE__)) {                 \
    exit(EXIT_FAILURE);                                               \
  }

#endif  // HELPER_GL_H
"""


def write_common(common, search_paths):
    """Writes Common/ under `common`; returns the headers' paths."""
    headers = {
        "helper_cuda.h": helper_cuda_h(),
        "helper_cuda_drvapi.h": HELPER_CUDA_DRVAPI_H,
        "exception.h": EXCEPTION_H,
        "helper_functions.h": HELPER_FUNCTIONS_H,
        "helper_string.h": helper_string_h(search_paths),
        "helper_timer.h": HELPER_TIMER_H,
        "helper_image.h": helper_image_h(),
        "helper_math.h": helper_math_h(),
        "helper_gl.h": HELPER_GL_H,
    }
    os.makedirs(common, exist_ok=True)
    paths = []
    for name, text in headers.items():
        path = os.path.join(common, name)
        with open(path, "w") as out:
            out.write(text)
        paths.append(path)
    return paths
