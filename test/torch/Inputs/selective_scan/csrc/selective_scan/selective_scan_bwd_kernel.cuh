// The selective scan's backward pass, one block per (batch, dim) walking the chunks from
// the last to the first. Per state n it recomputes the forward scan of the chunk from the
// saved state x (h_{t-1}), then runs the adjoint recurrence right to left
// (BlockReverseScan): G_t = C_{n,t} * dy_t + conj(a_{t+1}) * G_{t+1}. From G:
//   dB_{n,t} = Re(G_t) * delta_t * u_t,  dC_{n,t} = dy_t * Re(h_t),
//   du_t = D * dy_t + sum_n Re(G_t) * delta_t * B_{n,t},
//   ddelta_t = sum_n Re(G_t) * B_{n,t} * u_t + Re(conj(G_t) * A_n * a_t * h_{t-1}),
//   dA_n = sum_t G_t * conj(delta_t * a_t * h_{t-1}),
// dB, dC, dA, dD and ddelta_bias summed over the blocks that share them with atomics.
#pragma once

#include <c10/util/BFloat16.h>
#include <c10/util/Half.h>
#include <c10/cuda/CUDAException.h>  // For C10_CUDA_CHECK and C10_CUDA_KERNEL_LAUNCH_CHECK
#include <ATen/cuda/Atomic.cuh>  // For atomicAdd on complex

#ifndef USE_ROCM
    #include <cub/block/block_load.cuh>
    #include <cub/block/block_store.cuh>
    #include <cub/block/block_scan.cuh>
    #include <cub/block/block_reduce.cuh>
#else
    #include <hipcub/hipcub.hpp>
    namespace cub = hipcub;
#endif

#include "selective_scan.h"
#include "selective_scan_common.h"
#include "reverse_scan.cuh"
#include "static_switch.h"

template<int kNThreads_, int kNItems_, bool kIsEvenLen_, bool kHasZ_,
         typename input_t_, typename weight_t_>
struct Selective_Scan_bwd_kernel_traits {
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
    using BlockReverseScanT = BlockReverseScan<scan_t, kNThreads>;
    using BlockReduceT = cub::BlockReduce<float, kNThreads>;
    using BlockReduceWeightT = cub::BlockReduce<weight_t, kNThreads>;
    union SmemIO {
        typename BlockLoadT::TempStorage load;
        typename BlockStoreT::TempStorage store;
    };
    union SmemScan {
        typename BlockScanT::TempStorage scan;
        typename BlockReverseScanT::TempStorage reverse_scan;
        typename BlockReduceT::TempStorage reduce;
        typename BlockReduceWeightT::TempStorage reduce_weight;
    };
    // Rounded up to 16 bytes: the running postfixes (scan_t) and dA sums (weight_t) follow.
    static constexpr int kSmemSize = (sizeof(SmemIO) + sizeof(SmemScan) + 15) / 16 * 16;
};

template<typename Ktraits>
__global__ __launch_bounds__(Ktraits::kNThreads)
void selective_scan_bwd_kernel(SSMParamsBwd params) {
    constexpr bool kHasZ = Ktraits::kHasZ;
    constexpr int kNItems = Ktraits::kNItems;
    constexpr int kChunkSize = Ktraits::kChunkSize;
    using input_t = typename Ktraits::input_t;
    using weight_t = typename Ktraits::weight_t;
    using scan_t = typename Ktraits::scan_t;

    // Shared memory.
    extern __shared__ float4 smem_f4_[];
    char *smem_ = reinterpret_cast<char *>(smem_f4_);
    auto& smem_io = *reinterpret_cast<typename Ktraits::SmemIO *>(smem_);
    auto& smem_scan = *reinterpret_cast<typename Ktraits::SmemScan *>(smem_ + sizeof(typename Ktraits::SmemIO));
    scan_t *smem_running_postfix = reinterpret_cast<scan_t *>(smem_ + Ktraits::kSmemSize);
    weight_t *smem_da = reinterpret_cast<weight_t *>(smem_running_postfix + params.dstate);

    const int batch_id = blockIdx.x;
    const int dim_id = blockIdx.y;
    const auto u_offset = batch_id * params.u_batch_stride + dim_id * params.u_d_stride;
    input_t *u = reinterpret_cast<input_t *>(params.u_ptr) + u_offset;
    input_t *delta = reinterpret_cast<input_t *>(params.delta_ptr) + batch_id * params.delta_batch_stride
        + dim_id * params.delta_d_stride;
    input_t *dout = reinterpret_cast<input_t *>(params.dout_ptr) + batch_id * params.dout_batch_stride
        + dim_id * params.dout_d_stride;
    input_t *du = reinterpret_cast<input_t *>(params.du_ptr) + u_offset;
    input_t *ddelta = reinterpret_cast<input_t *>(params.ddelta_ptr) + u_offset;
    weight_t *A = reinterpret_cast<weight_t *>(params.A_ptr) + dim_id * params.A_d_stride;
    weight_t *dA = reinterpret_cast<weight_t *>(params.dA_ptr) + dim_id * params.A_d_stride;
    input_t *Bvar = reinterpret_cast<input_t *>(params.B_ptr) + batch_id * params.B_batch_stride;
    input_t *Cvar = reinterpret_cast<input_t *>(params.C_ptr) + batch_id * params.C_batch_stride;
    float *dB = reinterpret_cast<float *>(params.dB_ptr) + batch_id * params.dB_batch_stride;
    float *dC = reinterpret_cast<float *>(params.dC_ptr) + batch_id * params.dC_batch_stride;
    scan_t *x = reinterpret_cast<scan_t *>(params.x_ptr) + (batch_id * params.dim + dim_id) * params.n_chunks * params.dstate;

    const float D_val = params.D_ptr == nullptr ? 0.f : reinterpret_cast<float *>(params.D_ptr)[dim_id];
    const float delta_bias = params.delta_bias_ptr == nullptr ? 0.f : reinterpret_cast<float *>(params.delta_bias_ptr)[dim_id];
    float dD_val = 0.f, ddelta_bias_val = 0.f;
    for (int state_idx = threadIdx.x; state_idx < params.dstate; state_idx += blockDim.x) {
        smem_da[state_idx] = weight_t(0.f);
    }

    for (int chunk = params.n_chunks - 1; chunk >= 0; --chunk) {
        const int chunk_start = chunk * kChunkSize;
        const int valid = params.seqlen - chunk_start;
        input_t u_vals[kNItems], delta_vals_load[kNItems], dout_vals_load[kNItems];
        __syncthreads();
        load_input<Ktraits>(u + chunk_start, u_vals, smem_io.load, valid);
        __syncthreads();
        load_input<Ktraits>(delta + chunk_start, delta_vals_load, smem_io.load, valid);
        __syncthreads();
        load_input<Ktraits>(dout + chunk_start, dout_vals_load, smem_io.load, valid);

        float dy_vals[kNItems];
        #pragma unroll
        for (int i = 0; i < kNItems; ++i) { dy_vals[i] = float(dout_vals_load[i]); }
        if constexpr (kHasZ) {
            input_t *z = reinterpret_cast<input_t *>(params.z_ptr) + batch_id * params.z_batch_stride
                + dim_id * params.z_d_stride + chunk_start;
            input_t *out = reinterpret_cast<input_t *>(params.out_ptr) + batch_id * params.out_batch_stride
                + dim_id * params.out_d_stride + chunk_start;
            input_t *dz = reinterpret_cast<input_t *>(params.dz_ptr) + u_offset + chunk_start;
            input_t z_vals[kNItems], out_vals[kNItems];
            __syncthreads();
            load_input<Ktraits>(z, z_vals, smem_io.load, valid);
            __syncthreads();
            load_input<Ktraits>(out, out_vals, smem_io.load, valid);
            float dz_vals[kNItems];
            #pragma unroll
            for (int i = 0; i < kNItems; ++i) {
                const float z_val = z_vals[i];
                const float z_sigmoid_val = 1.0f / (1.0f + expf(-z_val));
                dz_vals[i] = dy_vals[i] * float(out_vals[i]) * z_sigmoid_val * (1.0f + z_val * (1.0f - z_sigmoid_val));
                dy_vals[i] *= z_val * z_sigmoid_val;
            }
            __syncthreads();
            store_output<Ktraits>(dz, dz_vals, smem_io.store, valid);
        }

        float delta_vals[kNItems], delta_sigmoid[kNItems], du_vals[kNItems], ddelta_vals[kNItems];
        #pragma unroll
        for (int i = 0; i < kNItems; ++i) {
            const float delta_raw = float(delta_vals_load[i]) + delta_bias;
            delta_sigmoid[i] = 1.0f / (1.0f + expf(-delta_raw));
            delta_vals[i] = params.delta_softplus && delta_raw <= 20.f ? log1pf(expf(delta_raw)) : delta_raw;
            du_vals[i] = D_val * dy_vals[i];
            ddelta_vals[i] = 0.f;
            dD_val += dy_vals[i] * float(u_vals[i]);
        }

        for (int state_idx = 0; state_idx < params.dstate; ++state_idx) {
            const weight_t A_val = A[state_idx * params.A_dstate_stride];
            input_t B_vals[kNItems], C_vals[kNItems];
            __syncthreads();
            load_input<Ktraits>(Bvar + state_idx * params.B_dstate_stride + chunk_start, B_vals, smem_io.load, valid);
            __syncthreads();
            load_input<Ktraits>(Cvar + state_idx * params.C_dstate_stride + chunk_start, C_vals, smem_io.load, valid);

            weight_t a_vals[kNItems];
            scan_t thread_data[kNItems], reverse_data[kNItems];
            #pragma unroll
            for (int i = 0; i < kNItems; ++i) {
                a_vals[i] = exp_w(delta_vals[i] * A_val);
                const weight_t b_val = weight_t(delta_vals[i] * float(B_vals[i]) * float(u_vals[i]));
                const weight_t a_conj = conj_w(a_vals[i]);
                thread_data[i] = make_scan(a_vals[i], b_val);
                reverse_data[i] = make_scan(a_conj, a_conj * weight_t(float(C_vals[i]) * dy_vals[i]));
                if constexpr (!Ktraits::kIsEvenLen) {
                    if (threadIdx.x * kNItems + i >= valid) {
                        thread_data[i] = scan_identity<weight_t>();
                        reverse_data[i] = scan_identity<weight_t>();
                    }
                }
            }
            // h_{t-1}: the forward scan again, exclusive, from the state the forward pass saved.
            scan_t running_prefix = chunk > 0 ? x[(chunk - 1) * params.dstate + state_idx] : scan_identity<weight_t>();
            SSMScanPrefixCallbackOp<weight_t> prefix_op(running_prefix);
            scan_t h_prev_data[kNItems];
            typename Ktraits::BlockScanT(smem_scan.scan).ExclusiveScan(
                thread_data, h_prev_data, SSMScanOp<weight_t>(), prefix_op);
            __syncthreads();
            // G_t - C_t * dy_t: the adjoint of the later steps, right to left.
            scan_t running_postfix = chunk < params.n_chunks - 1 ? smem_running_postfix[state_idx] : scan_identity<weight_t>();
            SSMScanPrefixCallbackOp<weight_t> postfix_op(running_postfix);
            scan_t g_later_data[kNItems];
            typename Ktraits::BlockReverseScanT(smem_scan.reverse_scan).ExclusiveReverseScan(
                reverse_data, g_later_data, SSMScanOp<weight_t>(), postfix_op);
            if (threadIdx.x == 0) { smem_running_postfix[state_idx] = postfix_op.running_prefix; }

            weight_t dA_val = weight_t(0.f);
            #pragma unroll
            for (int i = 0; i < kNItems; ++i) {
                const int t = threadIdx.x * kNItems + i;
                if (t >= valid) { continue; }
                const weight_t h_prev = scan_b(h_prev_data[i]);
                const weight_t h = a_vals[i] * h_prev + weight_t(delta_vals[i] * float(B_vals[i]) * float(u_vals[i]));
                const weight_t G = scan_b(g_later_data[i]) + weight_t(float(C_vals[i]) * dy_vals[i]);
                const float G_re = real_w(G);
                const weight_t a_h_prev = a_vals[i] * h_prev;
                gpuAtomicAdd(dC + state_idx * params.dC_dstate_stride + chunk_start + t, dy_vals[i] * real_w(h));
                gpuAtomicAdd(dB + state_idx * params.dB_dstate_stride + chunk_start + t, G_re * delta_vals[i] * float(u_vals[i]));
                du_vals[i] += G_re * delta_vals[i] * float(B_vals[i]);
                ddelta_vals[i] += G_re * float(B_vals[i]) * float(u_vals[i]) + real_w(conj_w(G) * A_val * a_h_prev);
                dA_val += G * conj_w(delta_vals[i] * a_h_prev);
            }
            dA_val = typename Ktraits::BlockReduceWeightT(smem_scan.reduce_weight).Sum(dA_val);
            if (threadIdx.x == 0) { smem_da[state_idx] += dA_val; }
        }

        #pragma unroll
        for (int i = 0; i < kNItems; ++i) {
            if (params.delta_softplus) { ddelta_vals[i] *= delta_sigmoid[i]; }
            if (threadIdx.x * kNItems + i < valid) { ddelta_bias_val += ddelta_vals[i]; }
        }
        __syncthreads();
        store_output<Ktraits>(du + chunk_start, du_vals, smem_io.store, valid);
        __syncthreads();
        store_output<Ktraits>(ddelta + chunk_start, ddelta_vals, smem_io.store, valid);
    }

    __syncthreads();
    dD_val = typename Ktraits::BlockReduceT(smem_scan.reduce).Sum(dD_val);
    __syncthreads();
    ddelta_bias_val = typename Ktraits::BlockReduceT(smem_scan.reduce).Sum(ddelta_bias_val);
    if (threadIdx.x == 0) {
        gpuAtomicAdd(reinterpret_cast<float *>(params.dD_ptr) + dim_id, dD_val);
        if (params.ddelta_bias_ptr != nullptr) {
            gpuAtomicAdd(reinterpret_cast<float *>(params.ddelta_bias_ptr) + dim_id, ddelta_bias_val);
        }
    }
    __syncthreads();
    for (int state_idx = threadIdx.x; state_idx < params.dstate; state_idx += blockDim.x) {
        gpuAtomicAdd(dA + state_idx * params.A_dstate_stride, smem_da[state_idx]);
    }
}

template<int kNThreads, int kNItems, typename input_t, typename weight_t>
void selective_scan_bwd_launch(SSMParamsBwd &params, cudaStream_t stream) {
    BOOL_SWITCH(params.seqlen % (kNThreads * kNItems) == 0, kIsEvenLen, [&] {
        BOOL_SWITCH(params.z_ptr != nullptr , kHasZ, [&] {
            using Ktraits = Selective_Scan_bwd_kernel_traits<kNThreads, kNItems, kIsEvenLen, kHasZ, input_t, weight_t>;
            const int kSmemSize = Ktraits::kSmemSize
                + params.dstate * (sizeof(typename Ktraits::scan_t) + sizeof(weight_t));
            dim3 grid(params.batch, params.dim);
            auto kernel = &selective_scan_bwd_kernel<Ktraits>;
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
void selective_scan_bwd_cuda(SSMParamsBwd &params, cudaStream_t stream) {
    static_assert(128 * 4 == kSelectiveScanChunkSize);
    selective_scan_bwd_launch<128, 4, input_t, weight_t>(params, stream);
}
