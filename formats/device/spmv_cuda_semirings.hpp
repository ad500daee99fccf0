// SPDX-License-Identifier: Apache-2.0
// The (semiring, matrix type) pairs the CUDA SpMV kernels are compiled for: the CSR5 kernel
// (formats/csr5/csr5_spmv_cuda.cu) and the CSR-vector kernel (formats/csr/spmv_vector_cuda.cu)
// are instantiated for the same list, written once here as X-macros that both .cu files expand,
// and tested by spmv_cuda_has, which the engine checks before it calls either.
//
// The list: every semiring of the engine's dispatch table (engine/instantiate.hpp) over the two
// value types the CLI's SpMV commands run on (double and int64; the positional SECONDI ones over
// int64 only, as GraphBLAS defines them), each for matrices stored as that value type or as a
// pattern (Matrix<bool>), plus the int64 counting semirings over Matrix<double> (structure
// counts on a weighted graph). LOR_LAND is over bool only and the engine keeps boolean results
// on the CPU's bitmap kernel (engine/ops.hpp), so it has no device instance; neither do int32
// and float, which the CLI does not offer for SpMV, nor vxm's swapped multiplies.
#pragma once

#include <cstdint>
#include <type_traits>

#include "engine/core/semiring.hpp"

// clang-format off
// M(SR) for every semiring template defined over any numeric type.
#define SPGRAPH_CUDA_SPMV_NUMERIC_SEMIRINGS(M, V)                                        \
  M(PlusTimes<V>) M(MinPlus<V>) M(MaxPlus<V>) M(MaxMin<V>) M(MinMax<V>) M(PlusPair<V>)   \
  M(AnyPair<V>) M(PlusFirst<V>) M(PlusSecond<V>) M(MinFirst<V>) M(MinSecond<V>)         \
  M(MaxFirst<V>) M(MaxSecond<V>)
// clang-format on
// M(SR) for the positional semirings, defined over the integer types only.
#define SPGRAPH_CUDA_SPMV_INTEGER_SEMIRINGS(M, V) M(AnySecondI<V>) M(MinSecondI<V>)
// M(SR) for the int64 semirings that also run on Matrix<double>.
#define SPGRAPH_CUDA_SPMV_COUNTING_SEMIRINGS(M) \
  M(PlusPair<std::int64_t>) M(MinSecondI<std::int64_t>) M(AnyPair<std::int64_t>)

// I(SR, T) for every compiled pair (a .cu file defines I as its explicit instantiation).
#define SPGRAPH_CUDA_SPMV_OVER_VALUE_AND_PATTERN(SR) I(SR, typename SR::value_type) I(SR, bool)
#define SPGRAPH_CUDA_SPMV_OVER_DOUBLE(SR) I(SR, double)
#define SPGRAPH_CUDA_SPMV_INSTANCES                                                           \
  SPGRAPH_CUDA_SPMV_NUMERIC_SEMIRINGS(SPGRAPH_CUDA_SPMV_OVER_VALUE_AND_PATTERN, double)       \
  SPGRAPH_CUDA_SPMV_NUMERIC_SEMIRINGS(SPGRAPH_CUDA_SPMV_OVER_VALUE_AND_PATTERN, std::int64_t) \
  SPGRAPH_CUDA_SPMV_INTEGER_SEMIRINGS(SPGRAPH_CUDA_SPMV_OVER_VALUE_AND_PATTERN, std::int64_t) \
  SPGRAPH_CUDA_SPMV_COUNTING_SEMIRINGS(SPGRAPH_CUDA_SPMV_OVER_DOUBLE)

namespace spgraph {
namespace detail {

#define SPGRAPH_CUDA_SPMV_IS(S) || std::is_same_v<SR, S>
template <class SR>
inline constexpr bool cuda_spmv_semiring =
    false SPGRAPH_CUDA_SPMV_NUMERIC_SEMIRINGS(SPGRAPH_CUDA_SPMV_IS, double)
        SPGRAPH_CUDA_SPMV_NUMERIC_SEMIRINGS(SPGRAPH_CUDA_SPMV_IS, std::int64_t)
            SPGRAPH_CUDA_SPMV_INTEGER_SEMIRINGS(SPGRAPH_CUDA_SPMV_IS, std::int64_t);
template <class SR>
inline constexpr bool cuda_spmv_counting_semiring =
    false SPGRAPH_CUDA_SPMV_COUNTING_SEMIRINGS(SPGRAPH_CUDA_SPMV_IS);
#undef SPGRAPH_CUDA_SPMV_IS

}  // namespace detail

/// True for the (SR, T) pairs the CUDA SpMV kernels (CSR5 and CSR vector) are compiled for:
/// SR one of the list above, T its value type or bool, or double for the counting semirings.
template <class SR, class T>
inline constexpr bool spmv_cuda_has =
    (detail::cuda_spmv_semiring<SR> &&
     (std::is_same_v<T, typename SR::value_type> || std::is_same_v<T, bool>)) ||
    (detail::cuda_spmv_counting_semiring<SR> && std::is_same_v<T, double>);

}  // namespace spgraph
