// Virtual memory management as CUDA's vectorAddMMAP and compressible-memory
// samples do it once translated: reserve an address range, create a pinned
// allocation on the device, map it, grant
// access, use it from a kernel, read the allocation's properties back, and
// a memory pool whose properties take the same enumerators
// (hipMemAllocationTypePinned, hipMemLocationTypeDevice). On NVIDIA,
// hipMemAllocationProp has the runtime's enum types (CUDA has no runtime
// counterpart of CUmemAllocationProp) and the functions convert.
#include "common.h"
#include <vector>

__global__ void fill(int *data, size_t n) {
  size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x;
  if (i < n)
    data[i] = static_cast<int>(i * 3);
}

int main() {
  int device = 0;
  HIP_CHECK(hipSetDevice(device));
  hipMemAllocationProp prop = {};
  prop.type = hipMemAllocationTypePinned;
  prop.location.type = hipMemLocationTypeDevice;
  prop.location.id = device;
  size_t granularity = 0;
  HIP_CHECK(hipMemGetAllocationGranularity(&granularity, &prop,
                                           hipMemAllocationGranularityMinimum));
  CHECK(granularity > 0);
  const size_t n = 1 << 20;
  size_t size = (n * sizeof(int) + granularity - 1) / granularity * granularity;
  void *address = nullptr;
  HIP_CHECK(hipMemAddressReserve(&address, size, 0, nullptr, 0));
  hipMemGenericAllocationHandle_t handle;
  HIP_CHECK(hipMemCreate(&handle, size, &prop, 0));
  HIP_CHECK(hipMemMap(address, size, 0, handle, 0));
  hipMemAccessDesc access = {};
  access.location.type = hipMemLocationTypeDevice;
  access.location.id = device;
  access.flags = hipMemAccessFlagsProtReadWrite;
  HIP_CHECK(hipMemSetAccess(address, size, &access, 1));
  unsigned long long flags = 0;
  HIP_CHECK(hipMemGetAccess(&flags, &access.location, address));
  CHECK(flags == hipMemAccessFlagsProtReadWrite);
  hipMemAllocationProp found = {};
  HIP_CHECK(hipMemGetAllocationPropertiesFromHandle(&found, handle));
  CHECK(found.type == hipMemAllocationTypePinned);
  CHECK(found.location.type == hipMemLocationTypeDevice);
  CHECK(found.location.id == device);

  int *data = static_cast<int *>(address);
  fill<<<(n + 255) / 256, 256>>>(data, n);
  HIP_CHECK(hipGetLastError());
  std::vector<int> back(n);
  HIP_CHECK(hipMemcpy(back.data(), data, n * sizeof(int), hipMemcpyDeviceToHost));
  for (size_t i = 0; i < n; ++i)
    CHECK(back[i] == static_cast<int>(i * 3));

  HIP_CHECK(hipMemUnmap(address, size));
  HIP_CHECK(hipMemRelease(handle));
  HIP_CHECK(hipMemAddressFree(address, size));

  hipMemPoolProps pool_props = {};
  pool_props.allocType = hipMemAllocationTypePinned;
  pool_props.location.type = hipMemLocationTypeDevice;
  pool_props.location.id = device;
  hipMemPool_t pool;
  HIP_CHECK(hipMemPoolCreate(&pool, &pool_props));
  HIP_CHECK(hipMemPoolDestroy(pool));
  std::printf("PASS\n");
  return 0;
}
