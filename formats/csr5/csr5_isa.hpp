// SPDX-License-Identifier: Apache-2.0
// The instruction sets the CSR5 SpMV kernels come in, and the widest one this CPU runs, found
// once at run time with __builtin_cpu_supports (the build targets baseline x86-64, so the
// vector kernels are compiled with __attribute__((target(...))) and only called when present).
#pragma once

namespace spgraph {

enum class Csr5Isa { Scalar, Avx2, Avx512 };

/// The widest Csr5Isa this CPU supports (AVX-512 needs F; AVX2 needs AVX2 and FMA).
inline Csr5Isa csr5_cpu_isa() {
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
  static const Csr5Isa isa = [] {
    __builtin_cpu_init();
    // The AVX-512 level also runs the AVX2 kernel (an ω = 4 view), so it needs AVX2 and FMA too.
    if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx2") &&
        __builtin_cpu_supports("fma"))
      return Csr5Isa::Avx512;
    if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma")) return Csr5Isa::Avx2;
    return Csr5Isa::Scalar;
  }();
  return isa;
#else
  return Csr5Isa::Scalar;
#endif
}

/// The name used in reports and benchmarks ("scalar", "avx2", "avx512").
constexpr const char* csr5_isa_name(Csr5Isa isa) {
  return isa == Csr5Isa::Avx512 ? "avx512" : isa == Csr5Isa::Avx2 ? "avx2" : "scalar";
}

}  // namespace spgraph
