// The parameters of the selective scan kernels, filled by selective_scan.cpp.
#pragma once

#include <cstdint>

// The chunk the kernels walk a long sequence in; x holds the scan state at the end of each.
constexpr int kSelectiveScanChunkSize = 512;

struct SSMParamsBase {
    using index_t = uint32_t;

    int batch, dim, seqlen, dstate, n_chunks;
    bool delta_softplus;

    // u, delta, out, z, out_z: (batch, dim, seqlen); B, C: (batch, dstate, seqlen);
    // A: (dim, dstate); D, delta_bias: (dim); x: (batch, dim, n_chunks, dstate) scan states.
    index_t A_d_stride;
    index_t A_dstate_stride;
    index_t B_batch_stride;
    index_t B_dstate_stride;
    index_t C_batch_stride;
    index_t C_dstate_stride;
    index_t u_batch_stride;
    index_t u_d_stride;
    index_t delta_batch_stride;
    index_t delta_d_stride;
    index_t z_batch_stride;
    index_t z_d_stride;
    index_t out_batch_stride;
    index_t out_d_stride;
    index_t out_z_batch_stride;
    index_t out_z_d_stride;

    // Common data pointers.
    void *__restrict__ A_ptr;
    void *__restrict__ B_ptr;
    void *__restrict__ C_ptr;
    void *__restrict__ D_ptr;
    void *__restrict__ u_ptr;
    void *__restrict__ delta_ptr;
    void *__restrict__ delta_bias_ptr;
    void *__restrict__ out_ptr;
    void *__restrict__ x_ptr;
    void *__restrict__ z_ptr;
    void *__restrict__ out_z_ptr;
};

struct SSMParamsBwd: public SSMParamsBase {
    // dout, du, ddelta, dz: the strides of u; dB, dC: (batch, dstate, seqlen), float.
    index_t dout_batch_stride;
    index_t dout_d_stride;
    index_t dB_batch_stride;
    index_t dB_dstate_stride;
    index_t dC_batch_stride;
    index_t dC_dstate_stride;

    void *__restrict__ dout_ptr;
    void *__restrict__ du_ptr;
    void *__restrict__ dA_ptr;
    void *__restrict__ dB_ptr;
    void *__restrict__ dC_ptr;
    void *__restrict__ dD_ptr;
    void *__restrict__ ddelta_ptr;
    void *__restrict__ ddelta_bias_ptr;
    void *__restrict__ dz_ptr;
};
