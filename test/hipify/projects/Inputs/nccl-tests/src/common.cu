// Shaped like nccl-tests' src/common.cu; written for hipkit's tests (the
// tables, the data initialization and a timed loop; no argument parsing).
#include "common.h"
#include <cstring>
#include <unistd.h>
#include "cuda.h"
#include "../verifiable/verifiable.h"

int test_ncclVersion = 0; // init'd with ncclGetVersion()

#if NCCL_MAJOR >= 2
  ncclDataType_t test_types[ncclNumTypes] = {
    ncclInt8, ncclUint8, ncclInt32, ncclUint32, ncclInt64, ncclUint64, ncclHalf, ncclFloat, ncclDouble
  #if defined(__CUDA_BF16_TYPES_EXIST__) && NCCL_VERSION_CODE >= NCCL_VERSION(2,10,0)
    , ncclBfloat16
  #endif
  };
  const char *test_typenames[ncclNumTypes] = {
    "int8", "uint8", "int32", "uint32", "int64", "uint64", "half", "float", "double"
  #if defined(__CUDA_BF16_TYPES_EXIST__) && NCCL_VERSION_CODE >= NCCL_VERSION(2,10,0)
    , "bfloat16"
  #endif
  };
  int test_typenum = -1;
#endif

ncclRedOp_t test_ops[] = {ncclSum, ncclProd, ncclMax, ncclMin
#if NCCL_VERSION_CODE >= NCCL_VERSION(2,10,0)
  , ncclAvg
#endif
};
const char *test_opnames[] = {"sum", "prod", "max", "min", "avg"};
int test_opnum = 4;

// Weak fallback for NCCL releases without ncclGetLastError.
extern "C" __attribute__((weak)) char const* ncclGetLastError(ncclComm_t comm) {
  return "";
}

void getHostName(char* hostname, int maxlen) {
  gethostname(hostname, maxlen);
  for (int i=0; i< maxlen; i++) {
    if (hostname[i] == '.') {
      hostname[i] = '\0';
      return;
    }
  }
}

testResult_t InitData(void* data, const size_t count, size_t offset, ncclDataType_t type,
                      ncclRedOp_t op, uint64_t seed, int nranks, int rank) {
  ncclVerifiablePrepareInput(data, count, (int)type, (int)op, nranks, rank, seed, offset, cudaStreamDefault);
  CUDACHECK(cudaDeviceSynchronize());
  return testSuccess;
}

testResult_t TimeTest(struct threadArgs* args, ncclDataType_t type, const char* typeName,
                      ncclRedOp_t op, const char* opName, int root) {
  cudaEvent_t start, stop;
  CUDACHECK(cudaEventCreateWithFlags(&start, cudaEventDefault));
  CUDACHECK(cudaEventCreate(&stop));
  timer tim;
  for (int iter = 0; iter < 20; iter++) {
    CUDACHECK(cudaEventRecord(start, args->streams[0]));
#if NCCL_MAJOR >= 2
    NCCLCHECK(ncclGroupStart());
#endif
    for (int i = 0; i < args->nGpus; i++) {
      CUDACHECK(cudaSetDevice(args->gpus[i]));
      TESTCHECK(args->collTest->runColl(args->sendbuffs[i], args->recvbuffs[i], args->nbytes / wordSize(type),
                                        type, op, root, args->comms[i], args->streams[i]));
    }
#if NCCL_MAJOR >= 2
    NCCLCHECK(ncclGroupEnd());
#endif
    CUDACHECK(cudaEventRecord(stop, args->streams[0]));
  }
  CUDACHECK(cudaEventSynchronize(stop));
  float ms;
  CUDACHECK(cudaEventElapsedTime(&ms, start, stop));
  printf("%-10s %-6s %8.2f us (%.2f s wall)\n", typeName, opName, 1000.0 * ms / 20, tim.elapsed());
  return testSuccess;
}

int main(int argc, char* argv[]) {
  int nGpus = 1;
  CUDACHECK(cudaGetDeviceCount(&nGpus));
  NCCLCHECK(ncclGetVersion(&test_ncclVersion));
  printf("# nccl-tests: NCCL %d, %d GPUs\n", test_ncclVersion, nGpus);
#ifdef MPI_SUPPORT
  MPI_Init(&argc, &argv);
#endif
  ncclUniqueId id;
  NCCLCHECK(ncclGetUniqueId(&id));
  ncclComm_t* comms = (ncclComm_t*)malloc(sizeof(ncclComm_t) * nGpus);
  int* gpus = (int*)malloc(sizeof(int) * nGpus);
  for (int i = 0; i < nGpus; i++) gpus[i] = i;
  NCCLCHECK(ncclCommInitAll(comms, nGpus, gpus));
  for (int i = 0; i < nGpus; i++) ncclCommDestroy(comms[i]);
#ifdef MPI_SUPPORT
  MPI_Finalize();
#endif
  return 0;
}
