// SPDX-License-Identifier: Apache-2.0
// Backends (engine/backend.hpp, Descriptor::backend): one test body per backend, run for the CPU
// and for CUDA. The CUDA instance skips, with one line saying why, when the backend is not built
// or no device is present; where it runs, its answers must equal the CPU's entry for entry
// (the inputs are small integers, so double sums are exact in any order). Also: names parse,
// and operations with no CUDA kernel refuse the CUDA backend instead of running on the CPU.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <string>

#include "engine/backend.hpp"
#include "engine/ops.hpp"
#include "tests/unit/engine/engine_test_util.hpp"

namespace spgraph::testing {
namespace {

/// Skips the running test unless backend b can run here, naming why not.
#define SKIP_UNLESS_BACKEND(b)                   \
  do {                                           \
    if ((b) != Backend::Cpu) {                   \
      try {                                      \
        require_backend(b);                      \
      } catch (const BackendUnavailable& e) {    \
        GTEST_SKIP() << "skipped: " << e.what(); \
      }                                          \
    }                                            \
  } while (0)

/// y = A ⊕.⊗ u by a serial fold over the CSR rows: the oracle for the full-vector product.
template <class SR, class T>
std::vector<typename SR::value_type> serial_product(const Matrix<T>& a,
                                                    const std::vector<typename SR::value_type>& u) {
  using V = typename SR::value_type;
  const Csr<T>& s = a.csr();
  std::vector<V> y(s.nrows, SR::identity());
  for (Vertex r = 0; r < s.nrows; ++r)
    for (Offset e = s.row_ptr[r]; e < s.row_ptr[r + 1]; ++e) {
      const V av = s.pattern ? V(1) : static_cast<V>(s.val[e]);
      y[r] = SR::add(y[r], SR::mul(av, u[s.col[e]], r, s.col[e], 0));
    }
  return y;
}

class OnBackend : public ::testing::TestWithParam<Backend> {};

template <class SR, class T>
void check_mxv(Backend backend, const Matrix<T>& a, std::mt19937_64& rng, const std::string& what) {
  using V = typename SR::value_type;
  std::vector<V> u(a.ncols());
  Vector<V> uv(a.ncols());
  for (Vertex i = 0; i < a.ncols(); ++i) uv.set(i, u[i] = random_value<V>(rng));
  Vector<V> w(a.nrows());
  Descriptor d;
  d.backend = backend;
  mxv(w, nullptr, NoAccum{}, SR{}, a, uv, d);
  const std::vector<V> y = serial_product<SR>(a, u);
  for (Vertex r = 0; r < a.nrows(); ++r) {
    const auto got = w.get(r);
    if (a.csr().degree(r) == 0) {
      EXPECT_FALSE(got.has_value()) << what << " row " << r;
    } else {
      ASSERT_TRUE(got.has_value()) << what << " row " << r;
      EXPECT_EQ(*got, y[r]) << what << " row " << r;
    }
  }
}

TEST_P(OnBackend, FullVectorMxvMatchesSerialFold) {
  const Backend backend = GetParam();
  SKIP_UNLESS_BACKEND(backend);
  const std::uint64_t seed = test_seed(15);
  SCOPED_TRACE("seed " + std::to_string(seed));
  std::mt19937_64 rng(seed);
  // Shapes: tiny, below one GPU tile, many tiles with empty rows, one dense row.
  for (const auto& [n, density] :
       {std::pair<Vertex, double>{1, 1.0}, {30, 0.1}, {700, 0.02}, {2000, 0.004}}) {
    const std::string what = "n " + std::to_string(n);
    const Matrix<double> a = random_matrix<double>(rng, n, n + 5, density);
    const Matrix<double> p = random_matrix<double>(rng, n, n, density, true);
    check_mxv<PlusTimes<double>>(backend, a, rng, what + " plus_times");
    check_mxv<MinPlus<double>>(backend, a, rng, what + " min_plus");
    check_mxv<MaxPlus<double>>(backend, a, rng, what + " max_plus");
    check_mxv<PlusTimes<double>>(backend, p, rng, what + " plus_times pattern");
    check_mxv<MinPlus<double>>(backend, p, rng, what + " min_plus pattern");
  }
}

INSTANTIATE_TEST_SUITE_P(Backends, OnBackend, ::testing::Values(Backend::Cpu, Backend::Cuda),
                         [](const ::testing::TestParamInfo<Backend>& i) {
                           return std::string(backend_name(i.param));
                         });

TEST(Backend, NamesParseAndPrint) {
  EXPECT_EQ(parse_backend("cpu"), Backend::Cpu);
  EXPECT_EQ(parse_backend("cuda"), Backend::Cuda);
  EXPECT_STREQ(backend_name(Backend::Cuda), "cuda");
  EXPECT_THROW(parse_backend("gpu"), InvalidArgument);
  EXPECT_EQ(Descriptor{}.backend, Backend::Cpu);
  EXPECT_EQ(backend_status(Backend::Cpu).rfind("cpu: ", 0), 0u);
}

TEST(Backend, CudaStatusSaysWhyItCannotRun) {
  const std::string s = backend_status(Backend::Cuda);
  SCOPED_TRACE(s);
  EXPECT_EQ(s.rfind("cuda: ", 0), 0u);
  bool runs = true;
  try {
    require_backend(Backend::Cuda);
  } catch (const BackendUnavailable& e) {
    runs = false;
    EXPECT_EQ(std::string(e.what()), s);  // the same reason, word for word
  }
  if (!cuda_backend_built()) {
    EXPECT_FALSE(runs);
    EXPECT_NE(s.find("not built"), std::string::npos);
  }
}

// Operations without a CUDA kernel refuse it: BackendUnavailable, never a CPU run.
TEST(Backend, OperationsWithoutACudaKernelRefuseIt) {
  std::mt19937_64 rng(3);
  const Matrix<double> a = random_matrix<double>(rng, 20, 20, 0.2);
  Matrix<double> c(20, 20);
  Vector<double> w(20);
  Descriptor d;
  d.backend = Backend::Cuda;
  // mxm has a device kernel for the pairs of spgemm_cuda_has only (max_min is not one of them).
  EXPECT_THROW(mxm(c, nullptr, NoAccum{}, MaxMin<double>{}, a, a, d), BackendUnavailable);
  EXPECT_THROW(mxm_reduce_rows(PlusMonoid<double>{}, nullptr, PlusTimes<double>{}, a, a, d),
               BackendUnavailable);
  EXPECT_THROW(ewise_add(c, nullptr, NoAccum{}, PlusOp<double>{}, a, a, d), BackendUnavailable);
  EXPECT_THROW(transpose(c, nullptr, NoAccum{}, a, d), BackendUnavailable);
  EXPECT_THROW(reduce(w, nullptr, NoAccum{}, PlusMonoid<double>{}, a, d), BackendUnavailable);
  // mxv with a sparse u has no CUDA kernel either.
  Vector<double> u(20);
  u.set(3, 1.0);
  EXPECT_THROW(mxv(w, nullptr, NoAccum{}, PlusTimes<double>{}, a, u, d), BackendUnavailable);
  EXPECT_EQ(c.nvals(), 0u);  // nothing was written
}

}  // namespace
}  // namespace spgraph::testing
