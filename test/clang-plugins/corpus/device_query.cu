// A device query and device choice in the style of CUDA's deviceQuery sample
// and of the launch-size heuristics programs derive from cudaDeviceProp.
#include <cstdio>
#include <cuda_runtime.h>

#define PRINT_PROP(p, field) std::printf("  %-32s %d\n", #field, (int)(p).field)

struct Tuning { int sharedMemPerMultiprocessor; int mpsEnabled; };

static int blocksPerSm(const cudaDeviceProp &prop, size_t sharedPerBlock) {
  size_t bySharedMem = prop.sharedMemPerMultiprocessor / sharedPerBlock; // HAZARD-CUDA: hipkit-device-prop-field
  int byThreads = prop.maxThreadsPerMultiProcessor / prop.maxThreadsPerBlock; // SAFE
  return bySharedMem < (size_t)byThreads ? (int)bySharedMem : byThreads;
}

static void printDevice(int device) {
  cudaDeviceProp prop;
  cudaGetDeviceProperties(&prop, device);
  std::printf("Device %d: %s (sm_%d%d)\n", device, prop.name, prop.major, prop.minor); // SAFE
  PRINT_PROP(prop, multiProcessorCount); // SAFE
  PRINT_PROP(prop, asyncEngineCount); // HAZARD-CUDA: hipkit-device-prop-field
  PRINT_PROP(prop, l2CacheSize); // SAFE
  std::printf("  persisting L2: %d\n", prop.persistingL2CacheMaxSize); // HAZARD-CUDA: hipkit-device-prop-field
  std::printf("  MPS: %s\n", prop.mpsEnabled ? "yes" : "no"); // HAZARD-CUDA: hipkit-device-prop-field
  std::printf("  UUID byte 0: %d\n", (int)prop.uuid.bytes[0]); // HAZARD-CUDA: hipkit-device-prop-field
}

int main() {
  int count = 0;
  cudaGetDeviceCount(&count);
  for (int device = 0; device < count; ++device)
    printDevice(device);
  cudaDeviceProp wanted = {};
  wanted.major = 8; // SAFE
  wanted.unifiedAddressing = 1; // HAZARD-CUDA: hipkit-device-prop-field
  int chosen = 0;
  cudaChooseDevice(&chosen, &wanted);
  Tuning tuning = {48 * 1024, 0};
  int fromTuning = tuning.sharedMemPerMultiprocessor + tuning.mpsEnabled; // SAFE
  cudaDeviceProp prop;
  cudaGetDeviceProperties(&prop, chosen);
  std::printf("%d blocks per SM\n", blocksPerSm(prop, 16 * 1024) + fromTuning * 0);
  return 0;
}
