// SPDX-License-Identifier: Apache-2.0
// GraphBLAS peer for `spgraph compare mxm` and `compare spmv` (graphblas_peer.hpp,
// graphblas_spmv.hpp): typed matrices built with GrB_Matrix_build, GrB_mxm and GrB_mxv over the
// built-in semiring of the same name as spgraph's (GxB_<ADD>_<MUL>_<TYPE>), and extraction back
// for verification.
#include <cstring>
#include <map>
#include <utility>

#include "tools/compare/peers/graphblas_internal.hpp"
#include "tools/compare/peers/graphblas_peer.hpp"
#include "tools/compare/peers/graphblas_spmv.hpp"

namespace spgraph::peers {

using detail::check;

GraphBlasMatrix::GraphBlasMatrix() : impl_(std::make_unique<Impl>()) {}

template <class T>
GraphBlasMatrix::GraphBlasMatrix(const Csr<T>& a) : impl_(std::make_unique<Impl>()) {
  const auto t0 = std::chrono::steady_clock::now();
  impl_->m = detail::grb_matrix_from_csr(a);
  build_seconds_ = detail::seconds_since(t0);
}

GraphBlasMatrix::GraphBlasMatrix(GraphBlasMatrix&&) noexcept = default;
GraphBlasMatrix& GraphBlasMatrix::operator=(GraphBlasMatrix&&) noexcept = default;
GraphBlasMatrix::~GraphBlasMatrix() = default;

std::size_t GraphBlasMatrix::memory_bytes() const {
  return detail::grb_bytes(impl_->m);
}

template <class T>
Csr<T> GraphBlasMatrix::to_csr() const {
  const GrB_Matrix m = impl_->m;
  GrB_Index nr = 0, nc = 0, nv = 0;
  check(GrB_Matrix_nrows(&nr, m), "nrows");
  check(GrB_Matrix_ncols(&nc, m), "ncols");
  check(GrB_Matrix_nvals(&nv, m), "nvals");
  std::vector<GrB_Index> rows(nv), cols(nv);
  std::vector<T> vals(nv);
  GrB_Index got = nv;
  if constexpr (std::is_same_v<T, bool>) {
    std::vector<std::uint8_t> bytes(nv);
    check(GrB_Matrix_extractTuples_BOOL(rows.data(), cols.data(),
                                        reinterpret_cast<bool*>(bytes.data()), &got, m),
          "extractTuples");
    for (GrB_Index k = 0; k < nv; ++k) vals[k] = bytes[k] != 0;
  } else if constexpr (std::is_same_v<T, std::int32_t>) {
    check(GrB_Matrix_extractTuples_INT32(rows.data(), cols.data(), vals.data(), &got, m),
          "extract");
  } else if constexpr (std::is_same_v<T, std::int64_t>) {
    check(GrB_Matrix_extractTuples_INT64(rows.data(), cols.data(), vals.data(), &got, m),
          "extract");
  } else if constexpr (std::is_same_v<T, float>) {
    check(GrB_Matrix_extractTuples_FP32(rows.data(), cols.data(), vals.data(), &got, m), "extract");
  } else {
    check(GrB_Matrix_extractTuples_FP64(rows.data(), cols.data(), vals.data(), &got, m), "extract");
  }
  // extractTuples of a by-row matrix returns row-major order with sorted rows; counting by
  // row keeps that order.
  Csr<T> c = Csr<T>::empty(Vertex(nr), Vertex(nc), false);
  for (GrB_Index k = 0; k < got; ++k) ++c.row_ptr[rows[k] + 1];
  for (GrB_Index i = 0; i < nr; ++i) c.row_ptr[i + 1] += c.row_ptr[i];
  c.col.resize(got);
  c.val.resize(got);
  std::vector<Offset> next(c.row_ptr.begin(), c.row_ptr.end() - 1);
  for (GrB_Index k = 0; k < got; ++k) {
    const Offset p = next[rows[k]]++;
    c.col[p] = Vertex(cols[k]);
    c.val[p] = vals[k];
  }
  for (Vertex i = 0; i < c.nrows; ++i) {  // sort rows, in case the order was not row-major
    std::vector<std::pair<Vertex, T>> row;
    bool sorted = true;
    for (Offset p = c.row_ptr[i]; p + 1 < c.row_ptr[i + 1]; ++p) sorted &= c.col[p] < c.col[p + 1];
    if (sorted) continue;
    for (Offset p = c.row_ptr[i]; p < c.row_ptr[i + 1]; ++p) row.emplace_back(c.col[p], c.val[p]);
    std::sort(row.begin(), row.end());
    for (Offset p = c.row_ptr[i]; p < c.row_ptr[i + 1]; ++p) {
      c.col[p] = row[p - c.row_ptr[i]].first;
      c.val[p] = row[p - c.row_ptr[i]].second;
    }
  }
  return c;
}

namespace {

/// GraphBLAS's type suffix for T.
template <class T>
const char* type_suffix() {
  if constexpr (std::is_same_v<T, bool>)
    return "BOOL";
  else if constexpr (std::is_same_v<T, std::int32_t>)
    return "INT32";
  else if constexpr (std::is_same_v<T, std::int64_t>)
    return "INT64";
  else if constexpr (std::is_same_v<T, float>)
    return "FP32";
  else
    return "FP64";
}

// The built-in semirings by "name_TYPE": one row per spgraph semiring and value type that the
// registry (engine/instantiate.hpp) allows.
#define SPGRAPH_GRB_NUMERIC(name, ADD, MUL)                                               \
  {name "_INT32", GxB_##ADD##_##MUL##_INT32}, {name "_INT64", GxB_##ADD##_##MUL##_INT64}, \
      {name "_FP32", GxB_##ADD##_##MUL##_FP32}, {                                         \
    name "_FP64", GxB_##ADD##_##MUL##_FP64                                                \
  }
const std::map<std::string, GrB_Semiring>& semiring_table() {
  static const std::map<std::string, GrB_Semiring> table = {
      SPGRAPH_GRB_NUMERIC("plus_times", PLUS, TIMES),
      SPGRAPH_GRB_NUMERIC("min_plus", MIN, PLUS),
      SPGRAPH_GRB_NUMERIC("max_plus", MAX, PLUS),
      SPGRAPH_GRB_NUMERIC("max_min", MAX, MIN),
      SPGRAPH_GRB_NUMERIC("min_max", MIN, MAX),
      SPGRAPH_GRB_NUMERIC("plus_pair", PLUS, PAIR),
      SPGRAPH_GRB_NUMERIC("any_pair", ANY, PAIR),
      SPGRAPH_GRB_NUMERIC("plus_first", PLUS, FIRST),
      SPGRAPH_GRB_NUMERIC("plus_second", PLUS, SECOND),
      SPGRAPH_GRB_NUMERIC("min_first", MIN, FIRST),
      SPGRAPH_GRB_NUMERIC("min_second", MIN, SECOND),
      SPGRAPH_GRB_NUMERIC("max_first", MAX, FIRST),
      SPGRAPH_GRB_NUMERIC("max_second", MAX, SECOND),
      {"any_pair_BOOL", GxB_ANY_PAIR_BOOL},
      {"lor_land_BOOL", GxB_LOR_LAND_BOOL},
      {"any_secondi_INT32", GxB_ANY_SECONDI_INT32},
      {"any_secondi_INT64", GxB_ANY_SECONDI_INT64},
      {"min_secondi_INT32", GxB_MIN_SECONDI_INT32},
      {"min_secondi_INT64", GxB_MIN_SECONDI_INT64},
  };
  return table;
}
#undef SPGRAPH_GRB_NUMERIC

template <class T>
GrB_Semiring find_semiring(const std::string& name) {
  const auto it = semiring_table().find(name + "_" + type_suffix<T>());
  if (it == semiring_table().end())
    throw InvalidArgument("GraphBLAS has no built-in semiring " + name + " over " +
                          type_suffix<T>());
  return it->second;
}

}  // namespace

template <class T>
void check_graphblas_semiring(const std::string& semiring) {
  find_semiring<T>(semiring);
}

template <class T>
double graphblas_mxm(GraphBlasMatrix& c, const std::string& semiring, const GraphBlasMatrix* mask,
                     const GraphBlasMatrix& a, const GraphBlasMatrix& b, const Descriptor& d) {
  const GrB_Semiring sr = find_semiring<T>(semiring);
  const GrbOwner<GrB_Descriptor> desc = grb_descriptor(d);
  GrB_Index nr = 0, nc = 0;
  check(d.transpose_a ? GrB_Matrix_ncols(&nr, a.impl().m) : GrB_Matrix_nrows(&nr, a.impl().m),
        "dims");
  check(d.transpose_b ? GrB_Matrix_nrows(&nc, b.impl().m) : GrB_Matrix_ncols(&nc, b.impl().m),
        "dims");
  GrbOwner<GrB_Matrix>& out = c.impl().m;
  out.reset();  // the old C is freed before the timing
  const auto t0 = std::chrono::steady_clock::now();
  check(GrB_Matrix_new(out.out(), detail::grb_type<T>(), nr, nc), "GrB_Matrix_new(C)");
  check(GrB_mxm(out, mask ? mask->impl().m.get() : nullptr, nullptr, sr, a.impl().m, b.impl().m,
                desc),
        "GrB_mxm");
  check(GrB_Matrix_wait(out, GrB_MATERIALIZE), "GrB_wait(C)");
  return detail::seconds_since(t0);
}

template <class T>
struct GraphBlasSpmv<T>::Impl {
  GrB_Matrix a = nullptr;  // not owned
  GrB_Semiring semiring = nullptr;
  GrbOwner<GrB_Vector> x, w;
};

template <class T>
GraphBlasSpmv<T>::GraphBlasSpmv(const GraphBlasMatrix& a, const std::string& semiring,
                                const std::vector<T>& x)
    : impl_(std::make_unique<Impl>()) {
  impl_->a = a.impl().m;
  impl_->semiring = find_semiring<T>(semiring);
  GrB_Index nr = 0, nc = 0;
  check(GrB_Matrix_nrows(&nr, impl_->a), "nrows");
  check(GrB_Matrix_ncols(&nc, impl_->a), "ncols");
  check(GrB_Vector_new(impl_->x.out(), detail::grb_type<T>(), nc), "GrB_Vector_new(x)");
  check(GrB_Vector_new(impl_->w.out(), detail::grb_type<T>(), nr), "GrB_Vector_new(w)");
  std::vector<GrB_Index> idx(std::max<GrB_Index>(nc, 1));
  for (GrB_Index i = 0; i < nc; ++i) idx[i] = i;
  std::vector<T> vals(x.begin(), x.end());
  vals.resize(std::max<std::size_t>(vals.size(), 1));
  if constexpr (std::is_same_v<T, std::int64_t>)
    check(GrB_Vector_build_INT64(impl_->x, idx.data(), vals.data(), nc, GrB_PLUS_INT64), "build x");
  else
    check(GrB_Vector_build_FP64(impl_->x, idx.data(), vals.data(), nc, GrB_PLUS_FP64), "build x");
  check(GrB_Vector_wait(impl_->x, GrB_MATERIALIZE), "GrB_wait(x)");
}

template <class T>
GraphBlasSpmv<T>::~GraphBlasSpmv() = default;

template <class T>
double GraphBlasSpmv<T>::run() {
  const auto t0 = std::chrono::steady_clock::now();
  check(GrB_mxv(impl_->w, nullptr, nullptr, impl_->semiring, impl_->a, impl_->x, nullptr),
        "GrB_mxv");
  check(GrB_Vector_wait(impl_->w, GrB_MATERIALIZE), "GrB_wait(w)");
  return detail::seconds_since(t0);
}

template <class T>
void GraphBlasSpmv<T>::result(std::vector<T>& values, std::vector<std::uint8_t>& present) const {
  GrB_Index n = 0, nv = 0;
  check(GrB_Vector_size(&n, impl_->w), "size");
  check(GrB_Vector_nvals(&nv, impl_->w), "nvals");
  std::vector<GrB_Index> idx(std::max<GrB_Index>(nv, 1));
  std::vector<T> vals(std::max<GrB_Index>(nv, 1));
  GrB_Index got = nv;
  if constexpr (std::is_same_v<T, std::int64_t>)
    check(GrB_Vector_extractTuples_INT64(idx.data(), vals.data(), &got, impl_->w), "extract");
  else
    check(GrB_Vector_extractTuples_FP64(idx.data(), vals.data(), &got, impl_->w), "extract");
  values.assign(n, T(0));
  present.assign(n, 0);
  for (GrB_Index k = 0; k < got; ++k) {
    values[idx[k]] = vals[k];
    present[idx[k]] = 1;
  }
}

template <class T>
std::size_t GraphBlasSpmv<T>::memory_bytes() const {
  return detail::grb_bytes(impl_->x) + detail::grb_bytes(impl_->w);
}

template class GraphBlasSpmv<double>;
template class GraphBlasSpmv<std::int64_t>;

#define SPGRAPH_GRB_INSTANTIATE(T)                                                               \
  template GraphBlasMatrix::GraphBlasMatrix(const Csr<T>&);                                      \
  template Csr<T> GraphBlasMatrix::to_csr<T>() const;                                            \
  template void check_graphblas_semiring<T>(const std::string&);                                 \
  template double graphblas_mxm<T>(GraphBlasMatrix&, const std::string&, const GraphBlasMatrix*, \
                                   const GraphBlasMatrix&, const GraphBlasMatrix&,               \
                                   const Descriptor&);
SPGRAPH_GRB_INSTANTIATE(bool)
SPGRAPH_GRB_INSTANTIATE(std::int32_t)
SPGRAPH_GRB_INSTANTIATE(std::int64_t)
SPGRAPH_GRB_INSTANTIATE(float)
SPGRAPH_GRB_INSTANTIATE(double)
#undef SPGRAPH_GRB_INSTANTIATE

}  // namespace spgraph::peers
