// Right-to-left block scans, the mirror image of cub::BlockScan: a block whose threads
// hold kNItems items each in a blocked arrangement scans them from the last item to the
// first, and a postfix callback (called by thread 0 with the block's aggregate) carries
// the items of later chunks into it. The backward pass runs its adjoint recurrence with it.
#pragma once

#ifndef USE_ROCM
    #include <cub/config.cuh>
    #include <cub/util_type.cuh>
#else
    #include <hipcub/hipcub.hpp>
    namespace cub = hipcub;
#endif

#include "uninitialized_copy.cuh"

// Combines the items of one thread from the last to the first.
template <int LENGTH, typename T, typename ReductionOp>
__device__ __forceinline__ T ThreadReverseReduce(const T (&input)[LENGTH], ReductionOp reduction_op) {
    static_assert(LENGTH > 0);
    T retval = input[LENGTH - 1];
    #pragma unroll
    for (int i = LENGTH - 2; i >= 0; --i) { retval = reduction_op(retval, input[i]); }
    return retval;
}

// output[i] = postfix combined with input[LENGTH - 1], ..., input[i + 1].
template <int LENGTH, typename T, typename ScanOp>
__device__ __forceinline__ void ThreadReverseScanExclusive(const T (&input)[LENGTH], T (&output)[LENGTH],
                                                           ScanOp scan_op, const T postfix) {
    T exclusive = postfix;
    #pragma unroll
    for (int i = LENGTH - 1; i >= 0; --i) {
        output[i] = exclusive;
        exclusive = scan_op(exclusive, input[i]);
    }
}

// A shuffle of any type made of 4-byte words.
template <typename T>
__device__ __forceinline__ T ShuffleDownWords(T value, int offset) {
    static_assert(sizeof(T) % sizeof(int) == 0, "ShuffleDownWords moves 4-byte words");
    constexpr int kWords = sizeof(T) / sizeof(int);
    int words[kWords];
    memcpy(words, &value, sizeof(T));
    #pragma unroll
    for (int i = 0; i < kWords; ++i) { words[i] = __shfl_down_sync(0xffffffffu, words[i], offset); }
    memcpy(&value, words, sizeof(T));
    return value;
}

template<typename T, int kNThreads>
struct BlockReverseScan {
    static constexpr int kWarpThreads = 32;
    static_assert(kNThreads % kWarpThreads == 0, "BlockReverseScan needs whole warps");
    static constexpr int kNWarps = kNThreads / kWarpThreads;

    struct _TempStorage {
        T warp_aggregates[kNWarps];
        T block_postfix;
    };
    // Alias wrapper allowing storage to be unioned.
    struct TempStorage : cub::Uninitialized<_TempStorage> {};

    _TempStorage &temp_storage;

    __device__ __forceinline__ BlockReverseScan(TempStorage &temp_storage_)
        : temp_storage(temp_storage_.Alias()) {}

    // output[i] of each thread: the block postfix combined with every later item.
    template <int ITEMS_PER_THREAD, typename ScanOp, typename BlockPostfixCallbackOp>
    __device__ __forceinline__ void ExclusiveReverseScan(const T (&input)[ITEMS_PER_THREAD],
                                                         T (&output)[ITEMS_PER_THREAD],
                                                         ScanOp scan_op,
                                                         BlockPostfixCallbackOp &block_postfix_callback_op) {
        const int lane = threadIdx.x % kWarpThreads;
        const int warp = threadIdx.x / kWarpThreads;
        const T thread_aggregate = ThreadReverseReduce(input, scan_op);
        // Inclusive right-to-left scan of the warp's thread aggregates.
        T inclusive = thread_aggregate;
        #pragma unroll
        for (int offset = 1; offset < kWarpThreads; offset *= 2) {
            const T later = ShuffleDownWords(inclusive, offset);
            if (lane + offset < kWarpThreads) { inclusive = scan_op(later, inclusive); }
        }
        const T exclusive_in_warp = ShuffleDownWords(inclusive, 1);
        if (lane == 0) { detail::uninitialized_copy(temp_storage.warp_aggregates + warp, inclusive); }
        __syncthreads();
        if (threadIdx.x == 0) {
            T block_aggregate = temp_storage.warp_aggregates[kNWarps - 1];
            #pragma unroll
            for (int w = kNWarps - 2; w >= 0; --w) {
                block_aggregate = scan_op(block_aggregate, temp_storage.warp_aggregates[w]);
            }
            detail::uninitialized_copy(&temp_storage.block_postfix, block_postfix_callback_op(block_aggregate));
        }
        __syncthreads();
        T thread_postfix = temp_storage.block_postfix;
        for (int w = kNWarps - 1; w > warp; --w) {
            thread_postfix = scan_op(thread_postfix, temp_storage.warp_aggregates[w]);
        }
        if (lane < kWarpThreads - 1) { thread_postfix = scan_op(thread_postfix, exclusive_in_warp); }
        ThreadReverseScanExclusive(input, output, scan_op, thread_postfix);
        __syncthreads();
    }
};
