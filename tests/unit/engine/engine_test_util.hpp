// SPDX-License-Identifier: Apache-2.0
// Shared helpers for the engine tests: random operands, the list of write modes (mask kind,
// complement, replace, accumulator), and comparison of results against oracle candidates.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

#include "engine/core/descriptor.hpp"
#include "engine/core/semiring.hpp"
#include "engine/matrix.hpp"
#include "engine/vector.hpp"
#include "tests/oracle/dense_oracle.hpp"

namespace spgraph::testing {

/// Every semiring of the registry, over one or two of its value types each.
using RegistrySemirings =
    ::testing::Types<PlusTimes<std::int32_t>, PlusTimes<double>, MinPlus<std::int64_t>,
                     MinPlus<double>, MaxPlus<std::int32_t>, MaxMin<double>, MinMax<std::int32_t>,
                     LorLand<bool>, PlusPair<std::int64_t>, AnyPair<std::int32_t>,
                     AnySecondI<std::int64_t>, MinSecondI<std::int32_t>, PlusFirst<double>,
                     PlusSecond<std::int32_t>, MinFirst<std::int64_t>, MinSecond<float>,
                     MaxFirst<double>, MaxSecond<std::int64_t>>;

/// A random value in [0, 9] (or {false, true}); integer-valued, so float sums are exact.
template <class T>
T random_value(std::mt19937_64& rng) {
  if constexpr (std::is_same_v<T, bool>) {
    return std::uniform_int_distribution<int>(0, 1)(rng) != 0;
  } else {
    return static_cast<T>(std::uniform_int_distribution<int>(0, 9)(rng));
  }
}

/// A random nrows × ncols matrix with about `density` of its positions stored.
template <class T>
Matrix<T> random_matrix(std::mt19937_64& rng, Vertex nrows, Vertex ncols, double density,
                        bool pattern = false) {
  std::vector<Vertex> r, c;
  std::vector<T> v;
  std::bernoulli_distribution keep(density);
  for (Vertex i = 0; i < nrows; ++i)
    for (Vertex j = 0; j < ncols; ++j)
      if (keep(rng)) {
        r.push_back(i);
        c.push_back(j);
        v.push_back(random_value<T>(rng));
      }
  if (pattern) return Matrix<T>::build_pattern(nrows, ncols, r, c, DuplicatePolicy::Reject);
  // A plain array, since std::vector<bool> cannot be viewed as a span.
  auto vals = std::make_unique<T[]>(v.size());
  std::copy(v.begin(), v.end(), vals.get());
  return Matrix<T>::build(nrows, ncols, r, c, std::span<const T>(vals.get(), v.size()),
                          DuplicatePolicy::Reject);
}

/// A random vector of size n with about `density` of its positions stored, in the given form.
template <class T>
Vector<T> random_vector(std::mt19937_64& rng, Vertex n, double density, VectorForm form) {
  Vector<T> v(n);
  std::bernoulli_distribution keep(density);
  for (Vertex i = 0; i < n; ++i)
    if (keep(rng)) v.set(i, random_value<T>(rng));
  if (form == VectorForm::Bitmap)
    v.to_bitmap();
  else
    v.to_sparse();
  return v;
}

/// How an operation writes its output.
enum class MaskKind { None, Valued, Structural };
struct WriteMode {
  MaskKind mask = MaskKind::None;
  bool complement = false;
  bool replace = false;
  bool accum = false;

  Descriptor descriptor() const {
    Descriptor d;
    d.mask_structural = mask == MaskKind::Structural;
    d.mask_complement = complement;
    d.replace = replace;
    return d;
  }
  std::string name() const {
    const char* kinds[] = {"none", "valued", "structural"};
    return std::string("mask=") + kinds[int(mask)] + (complement ? " complement" : "") +
           (replace ? " replace" : "") + (accum ? " accum" : "");
  }
};

/// Every combination of mask kind, complement, replace and accumulator (24 modes).
inline std::vector<WriteMode> all_write_modes() {
  std::vector<WriteMode> out;
  for (MaskKind k : {MaskKind::None, MaskKind::Valued, MaskKind::Structural})
    for (bool comp : {false, true})
      for (bool rep : {false, true})
        for (bool acc : {false, true}) out.push_back({k, comp, rep, acc});
  return out;
}

/// Calls f(mask_pointer, accum) with nullptr or &mask, and NoAccum{} or Accum{}, per `mode`.
template <class Accum, class MaskObj, class F>
void with_write_mode(const WriteMode& mode, const MaskObj& mask, F&& f) {
  auto with_accum = [&](auto mask_ptr) {
    if (mode.accum)
      f(mask_ptr, Accum{});
    else
      f(mask_ptr, NoAccum{});
  };
  if (mode.mask == MaskKind::None)
    with_accum(nullptr);
  else
    with_accum(&mask);
}

/// The oracle write-back for `mode`, given the old output, the mask and the result candidates.
template <class Accum, class TC, class M, class Z>
oracle::Candidates<TC> expected_write(const WriteMode& mode,
                                      const std::vector<std::optional<TC>>& old,
                                      const std::vector<std::optional<M>>& mask,
                                      const oracle::Candidates<Z>& t) {
  const Descriptor d = mode.descriptor();
  const auto bits = oracle::mask_bits(mode.mask == MaskKind::None ? nullptr : &mask, old.size(), d);
  if (mode.accum) return oracle::write_back<Accum>(old, bits, d.replace, t);
  return oracle::write_back<NoAccum>(old, bits, d.replace, t);
}

/// Success when `got` has entries exactly where `want` has candidates, each value a candidate;
/// otherwise a failure naming the first differing position.
template <class T>
::testing::AssertionResult matches(const std::vector<std::optional<T>>& got,
                                   const oracle::Candidates<T>& want) {
  if (got.size() != want.size())
    return ::testing::AssertionFailure() << "size " << got.size() << ", expected " << want.size();
  for (std::size_t i = 0; i < got.size(); ++i) {
    if (want[i].empty()) {
      if (got[i])
        return ::testing::AssertionFailure() << "unexpected entry " << +*got[i] << " at " << i;
    } else if (!got[i]) {
      return ::testing::AssertionFailure()
             << "missing entry at " << i << " (expected " << +want[i][0] << ")";
    } else {
      bool ok = false;
      for (const T& x : want[i]) ok = ok || x == *got[i];
      if (!ok)
        return ::testing::AssertionFailure()
               << "entry " << i << " = " << +*got[i] << ", expected " << +want[i][0]
               << (want[i].size() > 1 ? " (or another candidate)" : "");
    }
  }
  return ::testing::AssertionSuccess();
}

/// A per-test seed, recorded so a failure can be replayed.
inline std::uint64_t test_seed(std::uint64_t base) {
  ::testing::Test::RecordProperty("seed", std::to_string(base));
  return base;
}

}  // namespace spgraph::testing
