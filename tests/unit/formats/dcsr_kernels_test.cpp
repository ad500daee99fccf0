// SPDX-License-Identifier: Apache-2.0
// Dynamic CSR kernels on fragmented matrices (several segments per row, tombstones, unsorted
// tails): dense SpMV, mxv and vxm over the registry's order-independent semirings, checked
// entry by entry against a dense loop over the CSR conversion and against the engine's own
// mxv/vxm on that CSR (itself checked against the dense oracle in tests/unit/engine). Both the
// writer's borrowed view and a frozen snapshot are checked. Seeds are printed.
#include <gtest/gtest.h>

#include <algorithm>

#include <cstdint>
#include <random>
#include <vector>

#include "engine/matrix.hpp"
#include "engine/ops.hpp"
#include "formats/csr/spmv_dense_cpu.hpp"
#include "formats/dcsr/dcsr.hpp"
#include "formats/dcsr/dcsr_spmv_cpu.hpp"
#include "tests/unit/engine/engine_test_util.hpp"

namespace spgraph {
namespace {

using testing::random_matrix;
using testing::random_value;

/// A fragmented copy of a random matrix and the CSR holding the same entries.
template <class T>
struct Fragmented {
  Dcsr<T> dcsr;
  Matrix<T> csr;
};

template <class T>
Fragmented<T> make_fragmented(std::mt19937_64& rng, Vertex n, bool pattern) {
  Matrix<T> base = random_matrix<T>(rng, n, n + 3, 0.05, pattern);
  DcsrParams params;
  params.duplicates = DuplicatePolicy::IgnoreIfPresent;
  params.slack = 2;
  params.tombstone_threshold = 0.9;  // keep the tombstones
  params.space_threshold = 100;      // and the extra segments
  Dcsr<T> d = Dcsr<T>::from_csr(base.csr(), params);
  for (int round = 0; round < 6; ++round) {
    std::vector<Vertex> r, c;
    auto vals = std::make_unique<T[]>(400);
    for (int k = 0; k < 400; ++k) {
      r.push_back(Vertex(rng() % 5 == 0 ? rng() % 4 : rng() % n));
      c.push_back(Vertex(rng() % (n + 3)));
      vals[k] = random_value<T>(rng);
    }
    d.insert(r, c, pattern ? std::span<const T>() : std::span<const T>(vals.get(), 400));
    std::vector<Vertex> er, ec;
    const DcsrView<T> v = d.view();
    for (Vertex row = 0; row < n; row += 3)
      v.for_each(row, [&](Vertex col, Offset) {
        if (rng() % 4 == 0) {
          er.push_back(row);
          ec.push_back(col);
        }
      });
    d.erase(er, ec);
  }
  Matrix<T> csr = Matrix<T>::trusted(d.view().to_csr());
  return {std::move(d), std::move(csr)};
}

template <class SR>
class DcsrKernels : public ::testing::Test {};

using OrderIndependentSemirings =
    ::testing::Types<PlusTimes<std::int32_t>, PlusTimes<double>, MinPlus<std::int64_t>,
                     MinPlus<double>, MaxPlus<std::int32_t>, MaxMin<double>, LorLand<bool>,
                     PlusPair<std::int64_t>, AnyPair<std::int32_t>, MinSecondI<std::int32_t>,
                     PlusFirst<double>, MinSecond<float>>;
TYPED_TEST_SUITE(DcsrKernels, OrderIndependentSemirings);

TYPED_TEST(DcsrKernels, SpmvMxvAndVxmOnFragmentedRowsMatchCsr) {
  using SR = TypeParam;
  using V = typename SR::value_type;
  for (std::uint64_t seed : {11u, 12u}) {
    for (bool pattern : {false, true}) {
      SCOPED_TRACE("seed " + std::to_string(seed) + (pattern ? " pattern" : " valued"));
      std::mt19937_64 rng(seed);
      const Vertex n = 300;
      Fragmented<V> f = make_fragmented<V>(rng, n, pattern);
      const DcsrStats st = f.dcsr.stats();
      ASSERT_GT(st.tombstones, 0u);
      ASSERT_GT(st.multi_segment_rows, 0u);
      const DcsrView<V> frozen = f.dcsr.freeze();
      for (const DcsrView<V>& view : {f.dcsr.view(), frozen}) {
        // Dense SpMV against a plain loop over the CSR and against csr_spmv_dense.
        // Plain arrays: std::vector<bool> has no data().
        auto x = std::make_unique<V[]>(n + 3);
        for (Vertex k = 0; k < n + 3; ++k) x[k] = random_value<V>(rng);
        auto y = std::make_unique<V[]>(n), y_csr = std::make_unique<V[]>(n);
        dcsr_spmv_dense<SR>(view, x.get(), y.get());
        csr_spmv_dense<SR>(f.csr.csr(), x.get(), y_csr.get());
        const Csr<V>& c = f.csr.csr();
        for (Vertex r = 0; r < n; ++r) {
          // The row's terms; their fold (ANY: any one of them), or the identity for none.
          std::vector<V> terms;
          for (Offset p = c.row_ptr[r]; p < c.row_ptr[r + 1]; ++p)
            terms.push_back(SR::mul(c.value(p), x[c.col[p]], r, c.col[p], 0));
          if (terms.empty() || !monoid_is_any<SR>()) {
            V acc = SR::identity();
            for (const V t : terms) acc = SR::add(acc, t);
            EXPECT_EQ(y[r], acc) << "row " << r;
            EXPECT_EQ(y_csr[r], acc) << "row " << r;
          } else {
            EXPECT_NE(std::find(terms.begin(), terms.end(), y[r]), terms.end()) << "row " << r;
            EXPECT_NE(std::find(terms.begin(), terms.end(), y_csr[r]), terms.end()) << "row " << r;
          }
        }
        // mxv and vxm against the engine on the CSR, for a sparse and a dense vector.
        for (double density : {0.02, 0.5}) {
          std::vector<Vertex> ui;
          std::vector<V> uv;
          for (Vertex k = 0; k < n + 3; ++k)
            if (std::bernoulli_distribution(density)(rng)) {
              ui.push_back(k);
              uv.push_back(random_value<V>(rng));
            }
          auto uvals = std::make_unique<V[]>(uv.size());
          std::copy(uv.begin(), uv.end(), uvals.get());
          const Vector<V> u =
              Vector<V>::build(n + 3, ui, std::span<const V>(uvals.get(), uv.size()));
          Vector<V> w(n);
          mxv(w, nullptr, NoAccum{}, SR{}, f.csr, u);
          const SparseVector<V> got = dcsr_mxv<SR>(view, u.storage());
          ASSERT_EQ(got.nvals(), w.nvals());
          w.for_each([&](Vertex i, V x_i) { EXPECT_EQ(got.get(i), std::optional<V>(x_i)) << i; });
          // vxm: u indexes rows.
          std::vector<Vertex> ri;
          std::vector<V> rv;
          for (std::size_t e = 0; e < ui.size(); ++e)
            if (ui[e] < n) {
              ri.push_back(ui[e]);
              rv.push_back(uv[e]);
            }
          auto rvals = std::make_unique<V[]>(rv.size());
          std::copy(rv.begin(), rv.end(), rvals.get());
          const Vector<V> ur = Vector<V>::build(n, ri, std::span<const V>(rvals.get(), rv.size()));
          Vector<V> wr(n + 3);
          vxm(wr, nullptr, NoAccum{}, SR{}, ur, f.csr);
          const SparseVector<V> got_r = dcsr_vxm<SR>(ur.storage(), view);
          ASSERT_EQ(got_r.nvals(), wr.nvals());
          wr.for_each(
              [&](Vertex i, V x_i) { EXPECT_EQ(got_r.get(i), std::optional<V>(x_i)) << i; });
        }
      }
    }
  }
}

TEST(DcsrKernels, DimensionMismatchIsAnError) {
  Dcsr<double> d(4, 5, false);
  EXPECT_THROW(dcsr_mxv<PlusTimes<double>>(d.view(), SparseVector<double>(4)), DimensionMismatch);
  EXPECT_THROW(dcsr_vxm<PlusTimes<double>>(SparseVector<double>(5), d.view()), DimensionMismatch);
}

}  // namespace
}  // namespace spgraph
