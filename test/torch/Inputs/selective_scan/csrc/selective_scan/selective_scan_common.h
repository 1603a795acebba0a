// What the forward and backward kernels share: the complex type, the (a, b) pairs the
// scans combine (h_t = a_t * h_{t-1} + b_t), the scan operator and its running-prefix
// callback, and the block loads and stores of one chunk.
#pragma once

#ifndef USE_ROCM
    #include <cuda_bf16.h>
#else
    #include <hip/hip_bf16.h>
#endif
#include <cuda_fp16.h>

#include <c10/util/BFloat16.h>
#include <c10/util/Half.h>
#include <c10/util/complex.h>  // For scalar_value_type

#include <type_traits>

using complex_t = c10::complex<float>;

////////////////////////////////////////////////////////////////////////////////////////////////////

inline __device__ float2 operator+(const float2 & a, const float2 & b) {
    return {a.x + b.x, a.y + b.y};
}

inline __device__ float4 operator+(const float4 & a, const float4 & b) {
    return {a.x + b.x, a.y + b.y, a.z + b.z, a.w + b.w};
}

// exp(z) = e^re (cos(im) + i sin(im)).
__device__ __forceinline__ complex_t cexpf(complex_t z) {
    const float t = expf(z.real_);
    float sin_im, cos_im;
    sincosf(z.imag_, &sin_im, &cos_im);
    return complex_t(t * cos_im, t * sin_im);
}

__device__ __forceinline__ float exp_w(float x) { return expf(x); }
__device__ __forceinline__ complex_t exp_w(complex_t z) { return cexpf(z); }
__device__ __forceinline__ float conj_w(float x) { return x; }
__device__ __forceinline__ complex_t conj_w(complex_t z) { return complex_t(z.real_, -z.imag_); }
__device__ __forceinline__ float real_w(float x) { return x; }
__device__ __forceinline__ float real_w(complex_t z) { return z.real_; }

////////////////////////////////////////////////////////////////////////////////////////////////////

// The pair (a, b) of one step, as the scans carry it: float2 for real weights, float4
// (a.re, a.im, b.re, b.im) for complex ones.
template<typename weight_t> struct ScanTypeOf;
template<> struct ScanTypeOf<float> { using type = float2; };
template<> struct ScanTypeOf<complex_t> { using type = float4; };

__device__ __forceinline__ float2 make_scan(float a, float b) { return make_float2(a, b); }
__device__ __forceinline__ float4 make_scan(complex_t a, complex_t b) {
    return make_float4(a.real_, a.imag_, b.real_, b.imag_);
}
__device__ __forceinline__ float scan_b(float2 ab) { return ab.y; }
__device__ __forceinline__ complex_t scan_b(float4 ab) { return complex_t(ab.z, ab.w); }

template<typename weight_t>
__device__ __forceinline__ typename ScanTypeOf<weight_t>::type scan_identity() {
    return make_scan(weight_t(1.f), weight_t(0.f));
}

// (a0, b0) then (a1, b1): h -> a1 * (a0 * h + b0) + b1.
template<typename scalar_t> struct SSMScanOp;

template<>
struct SSMScanOp<float> {
    __device__ __forceinline__ float2 operator()(const float2 &ab0, const float2 &ab1) const {
        return make_float2(ab1.x * ab0.x, ab1.x * ab0.y + ab1.y);
    }
};

template<>
struct SSMScanOp<complex_t> {
    __device__ __forceinline__ float4 operator()(const float4 &ab0, const float4 &ab1) const {
        complex_t a0 = complex_t(ab0.x, ab0.y);
        complex_t b0 = complex_t(ab0.z, ab0.w);
        complex_t a1 = complex_t(ab1.x, ab1.y);
        complex_t b1 = complex_t(ab1.z, ab1.w);
        complex_t out_a = a1 * a0;
        complex_t out_b = a1 * b0 + b1;
        return make_float4(out_a.real_, out_a.imag_, out_b.real_, out_b.imag_);
    }
};

// A stateful callback functor that maintains a running prefix to be applied
// during consecutive scan operations (the chunks of one sequence).
template <typename scalar_t> struct SSMScanPrefixCallbackOp {
    using scan_t = typename ScanTypeOf<scalar_t>::type;
    scan_t running_prefix;
    // Constructor
    __device__ SSMScanPrefixCallbackOp(scan_t running_prefix_) : running_prefix(running_prefix_) {}
    // Callback operator to be entered by the first warp of threads in the block.
    // Thread-0 is responsible for returning a value for seeding the block-wide scan.
    __device__ scan_t operator()(scan_t block_aggregate) {
        scan_t old_prefix = running_prefix;
        running_prefix = SSMScanOp<scalar_t>()(running_prefix, block_aggregate);
        return old_prefix;
    }
};

////////////////////////////////////////////////////////////////////////////////////////////////////

template<typename Ktraits>
inline __device__ void load_input(typename Ktraits::input_t *u,
                                  typename Ktraits::input_t (&u_vals)[Ktraits::kNItems],
                                  typename Ktraits::BlockLoadT::TempStorage &smem_load,
                                  int seqlen) {
    if constexpr (Ktraits::kIsEvenLen) {
        typename Ktraits::BlockLoadT(smem_load).Load(u, u_vals);
    } else {
        typename Ktraits::BlockLoadT(smem_load).Load(u, u_vals, seqlen, typename Ktraits::input_t(0.f));
    }
}

template<typename Ktraits>
inline __device__ void store_output(typename Ktraits::input_t *out,
                                    const float (&out_vals)[Ktraits::kNItems],
                                    typename Ktraits::BlockStoreT::TempStorage &smem_store,
                                    int seqlen) {
    typename Ktraits::input_t write_vals[Ktraits::kNItems];
    #pragma unroll
    for (int i = 0; i < Ktraits::kNItems; ++i) { write_vals[i] = out_vals[i]; }
    if constexpr (Ktraits::kIsEvenLen) {
        typename Ktraits::BlockStoreT(smem_store).Store(out, write_vals);
    } else {
        typename Ktraits::BlockStoreT(smem_store).Store(out, write_vals, seqlen);
    }
}
