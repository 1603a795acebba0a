// Construct a value in storage that holds none yet (CUB's detail::uninitialized_copy,
// which is not part of its public interface): a plain assignment for trivially
// copyable types, placement new for the others.
#pragma once

#ifndef USE_ROCM
    #include <cub/config.cuh>

    #include <cuda/std/type_traits>
    #include <cuda/std/utility>
#else
    #include <hipcub/hipcub.hpp>
    // ROCm has no libcu++: its cuda::std is the standard library.
    #include <type_traits>
    #include <utility>
    namespace cuda {
        namespace std = ::std;
    }
#endif

#include <new>

namespace detail
{

template <typename T,
          typename U,
          typename ::cuda::std::enable_if<::cuda::std::is_trivially_copyable<T>::value, int>::type = 0>
__host__ __device__ void uninitialized_copy(T *ptr, U &&val)
{
    *ptr = ::cuda::std::forward<U>(val);
}

template <typename T,
          typename U,
          typename ::cuda::std::enable_if<!::cuda::std::is_trivially_copyable<T>::value, int>::type = 0>
__host__ __device__ void uninitialized_copy(T *ptr, U &&val)
{
    new (ptr) T(::cuda::std::forward<U>(val));
}

}  // namespace detail
