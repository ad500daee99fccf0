// SPDX-License-Identifier: Apache-2.0
// The instruction sets the k-selection kernels (formats/topk/) come in, and the widest one this
// CPU runs, found once at run time with __builtin_cpu_supports. The build targets baseline
// x86-64, so the vector kernels are compiled with __attribute__((target(...))) and only called
// when the CPU has them (the house pattern of formats/csr5/csr5_isa.hpp).
#pragma once

#include <cstdint>

namespace spgraph {

enum class TopkIsa : std::uint8_t { Scalar, Avx2, Avx512 };

/// The widest TopkIsa this CPU supports (AVX2 needs AVX2 and BMI1; AVX-512 needs F, BW, DQ, VL
/// on top of that, since the 64-byte kernels also run the 32-byte AVX2 ones).
inline TopkIsa topk_cpu_isa() {
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
  static const TopkIsa isa = [] {
    __builtin_cpu_init();
    const bool avx2 = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi");
    if (avx2 && __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
        __builtin_cpu_supports("avx512dq") && __builtin_cpu_supports("avx512vl"))
      return TopkIsa::Avx512;
    return avx2 ? TopkIsa::Avx2 : TopkIsa::Scalar;
  }();
  return isa;
#else
  return TopkIsa::Scalar;
#endif
}

/// `asked`, lowered to what this CPU runs.
inline TopkIsa topk_clamp_isa(TopkIsa asked) {
  const TopkIsa cpu = topk_cpu_isa();
  return static_cast<std::uint8_t>(asked) > static_cast<std::uint8_t>(cpu) ? cpu : asked;
}

/// The name used in reports and benchmarks ("scalar", "avx2", "avx512").
constexpr const char* topk_isa_name(TopkIsa isa) {
  return isa == TopkIsa::Avx512 ? "avx512" : isa == TopkIsa::Avx2 ? "avx2" : "scalar";
}

}  // namespace spgraph
