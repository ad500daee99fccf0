// SPDX-License-Identifier: Apache-2.0
// Hash SpGEMM on a CUDA device (Nagasaka, Nukada & Matsuoka, ICPP 2017): C<mask> = A ⊕.⊗ B for
// the (semiring, type) pairs of spgemm_cuda_has, on host CSR matrices (uploaded, and the result
// downloaded, by the call; device_stats() counts both). The device-resident form, for callers
// that keep operands on the device (the closure's rounds, the benchmark), is in
// spgemm_hash_resident_cuda.hpp. The per-thread logic is in spgemm_hash_lanes.hpp, shared with the
// host emulation that the CPU tests run (spgemm_hash_emulated.hpp). A plain header: no CUDA
// include, so the engine's dispatch compiles in every build; defined in spgemm_hash_cuda.cu, in
// spgraph_cuda, built only with SPGRAPH_ENABLE_CUDA.
//
// STATUS: compiled (nvcc, -Werror, sm_80 and sm_90), never run: written where no GPU was lent.
// Its device tests (tests/unit/device/spgemm_cuda_test.cpp, label cuda) wait for one.
#pragma once

#include <cstdint>
#include <type_traits>

#include "engine/core/semiring.hpp"
#include "formats/csr/csr.hpp"
#include "formats/csr/spgemm_hash_lanes.hpp"

namespace spgraph {

namespace detail {
template <class SR, class T>
inline constexpr bool spgemm_cuda_pair =
    (std::is_same_v<T, double> &&
     (std::is_same_v<SR, PlusTimes<double>> || std::is_same_v<SR, MinPlus<double>> ||
      std::is_same_v<SR, MaxPlus<double>> || std::is_same_v<SR, PlusPair<std::int64_t>>)) ||
    (std::is_same_v<T, std::int64_t> && std::is_same_v<SR, PlusTimes<std::int64_t>>) ||
    (std::is_same_v<T, bool> &&
     (std::is_same_v<SR, PlusTimes<double>> || std::is_same_v<SR, PlusPair<std::int64_t>> ||
      std::is_same_v<SR, AnyPair<std::int64_t>> || std::is_same_v<SR, MinSecondI<std::int64_t>> ||
      std::is_same_v<SR, LorLand<bool>>));
}  // namespace detail

/// True for the (SR, A's type, B's type) combinations spgemm_hash_cuda is compiled for.
template <class SR, class TA, class TB>
inline constexpr bool spgemm_cuda_has = std::is_same_v<TA, TB>&& detail::spgemm_cuda_pair<SR, TA>;

/// The entries of a mask that allow (all of them when structural, those whose value is true
/// otherwise), as the pattern spgemm_hash_cuda takes.
template <class M>
Csr<bool> spgemm_allowed_pattern(const Csr<M>& mask, bool structural) {
  Csr<bool> p = Csr<bool>::empty(mask.nrows, mask.ncols, true);
  if (structural || mask.pattern) {
    p.row_ptr = mask.row_ptr;
    p.col = mask.col;
    return p;
  }
  for (Vertex i = 0; i < mask.nrows; ++i) {
    for (Offset k = mask.row_ptr[i]; k < mask.row_ptr[i + 1]; ++k)
      if (static_cast<bool>(mask.val[k])) p.col.push_back(mask.col[k]);
    p.row_ptr[i + 1] = p.col.size();
  }
  return p;
}

/// C<mask> = A ⊕.⊗ B on the device, rows sorted. `allowed`: the mask's allowed entries as a
/// pattern (nullptr: no mask); `complement`: allow every column except those. `values` = false
/// returns a pattern (for products whose every value is 1). Every row with products is placed
/// in bin `min_bin` at least (tests force each path with it); `rows`, if given, receives the
/// rows each bin took. Throws BackendUnavailable without a device, OutOfMemory naming the bytes
/// when the device's memory does not suffice.
template <class SR, class TA, class TB>
Csr<typename SR::value_type> spgemm_hash_cuda(const Csr<TA>& a, const Csr<TB>& b,
                                              const Csr<bool>* allowed, bool complement,
                                              bool values, int min_bin = 0,
                                              SpgemmBinRows* rows = nullptr);

}  // namespace spgraph
