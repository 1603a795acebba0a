// The selective scan's forward pass, one block per (batch, dim) walking the sequence in
// chunks: for each state n, h_t = exp(delta_t * A_n) * h_{t-1} + delta_t * B_{n,t} * u_t
// (a block scan of (a, b) pairs whose running prefix carries one chunk into the next),
// y_t = D * u_t + sum_n C_{n,t} * Re(h_t), out_z = y * silu(z). The state reached at the
// end of each chunk goes to x, from which the backward pass starts its chunks again.
#pragma once

#include <c10/util/BFloat16.h>
#include <c10/util/Half.h>
#include <c10/cuda/CUDAException.h>  // For C10_CUDA_CHECK and C10_CUDA_KERNEL_LAUNCH_CHECK

#ifndef USE_ROCM
    #include <cub/block/block_load.cuh>
    #include <cub/block/block_store.cuh>
    #include <cub/block/block_scan.cuh>
#else
    #include <hipcub/hipcub.hpp>
    namespace cub = hipcub;
#endif

#include "selective_scan.h"
#include "selective_scan_common.h"
#include "static_switch.h"

template<int kNThreads_, int kNItems_, bool kIsEvenLen_, bool kHasZ_,
         typename input_t_, typename weight_t_>
struct Selective_Scan_fwd_kernel_traits {
    using input_t = input_t_;
    using weight_t = weight_t_;
    static constexpr int kNThreads = kNThreads_;
    static constexpr int kNItems = kNItems_;
    static constexpr int kChunkSize = kNThreads * kNItems;
    static constexpr bool kIsEvenLen = kIsEvenLen_;
    static constexpr bool kHasZ = kHasZ_;
    static constexpr bool kIsComplex = std::is_same_v<weight_t, complex_t>;
    using scan_t = typename ScanTypeOf<weight_t>::type;
    using BlockLoadT = cub::BlockLoad<input_t, kNThreads, kNItems, cub::BLOCK_LOAD_WARP_TRANSPOSE>;
    using BlockStoreT = cub::BlockStore<input_t, kNThreads, kNItems, cub::BLOCK_STORE_WARP_TRANSPOSE>;
    using BlockScanT = cub::BlockScan<scan_t, kNThreads, cub::BLOCK_SCAN_WARP_SCANS>;
    static constexpr int kSmemIOSize = sizeof(typename BlockLoadT::TempStorage) > sizeof(typename BlockStoreT::TempStorage)
        ? sizeof(typename BlockLoadT::TempStorage) : sizeof(typename BlockStoreT::TempStorage);
    // Rounded up to 16 bytes: the running prefixes (scan_t) follow.
    static constexpr int kSmemSize = (kSmemIOSize + sizeof(typename BlockScanT::TempStorage) + 15) / 16 * 16;
};

template<typename Ktraits>
__global__ __launch_bounds__(Ktraits::kNThreads)
void selective_scan_fwd_kernel(SSMParamsBase params) {
    constexpr bool kHasZ = Ktraits::kHasZ;
    constexpr int kNItems = Ktraits::kNItems;
    constexpr int kChunkSize = Ktraits::kChunkSize;
    using input_t = typename Ktraits::input_t;
    using weight_t = typename Ktraits::weight_t;
    using scan_t = typename Ktraits::scan_t;

    // Shared memory.
    extern __shared__ float4 smem_f4_[];
    char *smem_ = reinterpret_cast<char *>(smem_f4_);
    auto& smem_load = reinterpret_cast<typename Ktraits::BlockLoadT::TempStorage&>(*smem_);
    auto& smem_store = reinterpret_cast<typename Ktraits::BlockStoreT::TempStorage&>(*smem_);
    auto& smem_scan = *reinterpret_cast<typename Ktraits::BlockScanT::TempStorage*>(smem_ + Ktraits::kSmemIOSize);
    scan_t *smem_running_prefix = reinterpret_cast<scan_t *>(smem_ + Ktraits::kSmemSize);

    const int batch_id = blockIdx.x;
    const int dim_id = blockIdx.y;
    input_t *u = reinterpret_cast<input_t *>(params.u_ptr) + batch_id * params.u_batch_stride
        + dim_id * params.u_d_stride;
    input_t *delta = reinterpret_cast<input_t *>(params.delta_ptr) + batch_id * params.delta_batch_stride
        + dim_id * params.delta_d_stride;
    weight_t *A = reinterpret_cast<weight_t *>(params.A_ptr) + dim_id * params.A_d_stride;
    input_t *Bvar = reinterpret_cast<input_t *>(params.B_ptr) + batch_id * params.B_batch_stride;
    input_t *Cvar = reinterpret_cast<input_t *>(params.C_ptr) + batch_id * params.C_batch_stride;
    scan_t *x = reinterpret_cast<scan_t *>(params.x_ptr) + (batch_id * params.dim + dim_id) * params.n_chunks * params.dstate;
    input_t *out = reinterpret_cast<input_t *>(params.out_ptr) + batch_id * params.out_batch_stride
        + dim_id * params.out_d_stride;

    const float D_val = params.D_ptr == nullptr ? 0.f : reinterpret_cast<float *>(params.D_ptr)[dim_id];
    const float delta_bias = params.delta_bias_ptr == nullptr ? 0.f : reinterpret_cast<float *>(params.delta_bias_ptr)[dim_id];

    for (int chunk = 0; chunk < params.n_chunks; ++chunk) {
        const int chunk_start = chunk * kChunkSize;
        const int valid = params.seqlen - chunk_start;
        input_t u_vals[kNItems], delta_vals_load[kNItems];
        __syncthreads();
        load_input<Ktraits>(u + chunk_start, u_vals, smem_load, valid);
        __syncthreads();
        load_input<Ktraits>(delta + chunk_start, delta_vals_load, smem_load, valid);

        float delta_vals[kNItems], delta_u_vals[kNItems], out_vals[kNItems];
        #pragma unroll
        for (int i = 0; i < kNItems; ++i) {
            const float u_val = float(u_vals[i]);
            delta_vals[i] = float(delta_vals_load[i]) + delta_bias;
            if (params.delta_softplus) {
                delta_vals[i] = delta_vals[i] <= 20.f ? log1pf(expf(delta_vals[i])) : delta_vals[i];
            }
            delta_u_vals[i] = delta_vals[i] * u_val;
            out_vals[i] = D_val * u_val;
        }

        for (int state_idx = 0; state_idx < params.dstate; ++state_idx) {
            const weight_t A_val = A[state_idx * params.A_dstate_stride];
            input_t B_vals[kNItems], C_vals[kNItems];
            __syncthreads();
            load_input<Ktraits>(Bvar + state_idx * params.B_dstate_stride + chunk_start, B_vals, smem_load, valid);
            __syncthreads();
            load_input<Ktraits>(Cvar + state_idx * params.C_dstate_stride + chunk_start, C_vals, smem_load, valid);

            scan_t thread_data[kNItems];
            #pragma unroll
            for (int i = 0; i < kNItems; ++i) {
                thread_data[i] = make_scan(exp_w(delta_vals[i] * A_val),
                                           weight_t(float(B_vals[i]) * delta_u_vals[i]));
                if constexpr (!Ktraits::kIsEvenLen) {  // So that the last state is correct
                    if (threadIdx.x * kNItems + i >= valid) { thread_data[i] = scan_identity<weight_t>(); }
                }
            }
            // Initialize running total
            scan_t running_prefix = chunk > 0 ? smem_running_prefix[state_idx] : scan_identity<weight_t>();
            SSMScanPrefixCallbackOp<weight_t> prefix_op(running_prefix);
            typename Ktraits::BlockScanT(smem_scan).InclusiveScan(
                thread_data, thread_data, SSMScanOp<weight_t>(), prefix_op);
            // There's a syncthreads in the scan op, so we don't need to sync here.
            // Unless there's only 1 warp, but then it's the same thread (0) reading and writing.
            if (threadIdx.x == 0) {
                smem_running_prefix[state_idx] = prefix_op.running_prefix;
                x[chunk * params.dstate + state_idx] = prefix_op.running_prefix;
            }
            #pragma unroll
            for (int i = 0; i < kNItems; ++i) {
                out_vals[i] += float(C_vals[i]) * real_w(scan_b(thread_data[i]));
            }
        }

        __syncthreads();
        store_output<Ktraits>(out + chunk_start, out_vals, smem_store, valid);
        if constexpr (kHasZ) {
            input_t *z = reinterpret_cast<input_t *>(params.z_ptr) + batch_id * params.z_batch_stride
                + dim_id * params.z_d_stride + chunk_start;
            input_t *out_z = reinterpret_cast<input_t *>(params.out_z_ptr) + batch_id * params.out_z_batch_stride
                + dim_id * params.out_z_d_stride + chunk_start;
            input_t z_vals[kNItems];
            __syncthreads();
            load_input<Ktraits>(z, z_vals, smem_load, valid);
            #pragma unroll
            for (int i = 0; i < kNItems; ++i) {
                const float z_val = z_vals[i];
                out_vals[i] *= z_val / (1 + expf(-z_val));
            }
            __syncthreads();
            store_output<Ktraits>(out_z, out_vals, smem_store, valid);
        }
    }
}

template<int kNThreads, int kNItems, typename input_t, typename weight_t>
void selective_scan_fwd_launch(SSMParamsBase &params, cudaStream_t stream) {
    BOOL_SWITCH(params.seqlen % (kNThreads * kNItems) == 0, kIsEvenLen, [&] {
        BOOL_SWITCH(params.z_ptr != nullptr , kHasZ, [&] {
            using Ktraits = Selective_Scan_fwd_kernel_traits<kNThreads, kNItems, kIsEvenLen, kHasZ, input_t, weight_t>;
            const int kSmemSize = Ktraits::kSmemSize + params.dstate * sizeof(typename Ktraits::scan_t);
            dim3 grid(params.batch, params.dim);
            auto kernel = &selective_scan_fwd_kernel<Ktraits>;
            if (kSmemSize >= 48 * 1024) {
                #ifndef USE_ROCM
                C10_CUDA_CHECK(cudaFuncSetAttribute(
                    kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, kSmemSize));
                #else
                C10_CUDA_CHECK(cudaFuncSetAttribute(
                    (void *) kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, kSmemSize));
                #endif
            }
            kernel<<<grid, Ktraits::kNThreads, kSmemSize, stream>>>(params);
            C10_CUDA_KERNEL_LAUNCH_CHECK();
        });
    });
}

template<typename input_t, typename weight_t>
void selective_scan_fwd_cuda(SSMParamsBase &params, cudaStream_t stream) {
    // As mamba does: a ROCm build launches multiples of the 64-lane wavefront (hipCUB's
    // warp-transposing loads need whole wavefronts); a short sequence is still one chunk.
#ifndef USE_ROCM
    if (params.seqlen <= 128) {
        selective_scan_fwd_launch<32, 4, input_t, weight_t>(params, stream);
    } else {
        static_assert(128 * 4 == kSelectiveScanChunkSize);
        selective_scan_fwd_launch<128, 4, input_t, weight_t>(params, stream);
    }
#else
    if (params.seqlen <= 256) {
        selective_scan_fwd_launch<64, 4, input_t, weight_t>(params, stream);
    } else {
        static_assert(128 * 4 == kSelectiveScanChunkSize);
        selective_scan_fwd_launch<128, 4, input_t, weight_t>(params, stream);
    }
#endif
}
