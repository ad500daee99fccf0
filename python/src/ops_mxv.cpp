// SPDX-License-Identifier: Apache-2.0
// spgraph.mxv: w<mask> = A ⊕.⊗ u (or A' ⊕.⊗ u) over a named semiring (engine/ops.hpp), u dense
// (a numpy array) or sparse (indices and values), the mask a numpy array whose true positions
// may be written. Returns the result's indices and values; spgraph/__init__.py makes them dense.
#include "engine/ops.hpp"
#include "engine/semiring_registry.hpp"
#include "python/src/thread_scope.hpp"
#include "python/src/typed.hpp"

namespace spgraph::python {

namespace {

/// u as Vector<T>: full from a dense array, or from (indices, values).
template <class T>
Vector<T> vector_arg(Vertex n, const py::object& indices, const py::array& values) {
  auto v = py::array_t<T, py::array::c_style | py::array::forcecast>::ensure(values);
  if (!v) throw py::error_already_set();
  const T* p = v.data();
  if (indices.is_none()) {
    if (std::size_t(v.size()) != n)
      throw DimensionMismatch("mxv: u has " + std::to_string(v.size()) + " entries, A has " +
                              std::to_string(n) + " columns");
    std::vector<T> dense(n);
    for (Vertex i = 0; i < n; ++i) dense[i] = p[i];
    Vector<T> u(n);
    u.assign_bitmap(std::vector<std::uint8_t>(n, 1), std::move(dense), n);
    return u;
  }
  const std::vector<Vertex> idx = dense_ids(indices, n, "u index");
  if (idx.size() != std::size_t(v.size()))
    throw DimensionMismatch("mxv: u has " + std::to_string(idx.size()) + " indices but " +
                            std::to_string(v.size()) + " values");
  std::vector<std::uint8_t> present(n, 0);
  std::vector<T> dense(n);
  Offset count = 0;
  for (std::size_t k = 0; k < idx.size(); ++k) {
    count += !present[idx[k]];
    present[idx[k]] = 1;
    dense[idx[k]] = p[k];  // a repeated index keeps the last value
  }
  Vector<T> u(n);
  u.assign_bitmap(std::move(present), std::move(dense), count);
  return u;
}

py::tuple mxv_py(const Graph& a, const py::object& u_indices, const py::array& u_values,
                 const std::string& semiring, const py::object& mask, bool complement,
                 bool structural, bool transpose, const std::string& dtype,
                 const std::string& spmv) {
  Descriptor d;
  d.mask_complement = complement;
  d.mask_structural = structural;
  d.transpose_a = transpose;
  if (spmv == "auto")
    d.spmv_format = SpmvFormat::Auto;
  else if (spmv == "csr")
    d.spmv_format = SpmvFormat::Csr;
  else if (spmv == "csr5")
    d.spmv_format = SpmvFormat::Csr5;
  else
    throw InvalidArgument("spmv must be auto, csr or csr5, got '" + spmv + "'");
  const char kind = u_values.dtype().kind();
  const std::string t =
      op_dtype(dtype, semiring,
               {value_type_of(*a.matrix), kind == 'f' ? ValueType::Double : ValueType::Int64});
  const Vertex rows = transpose ? a.ncols() : a.nrows();
  const Vertex cols = transpose ? a.nrows() : a.ncols();
  std::optional<Vector<bool>> mv;
  if (!mask.is_none()) {
    auto mk = py::array_t<bool, py::array::c_style | py::array::forcecast>::ensure(mask);
    if (!mk) throw py::error_already_set();
    if (std::size_t(mk.size()) != rows)
      throw DimensionMismatch("mxv: the mask has " + std::to_string(mk.size()) +
                              " entries, w has " + std::to_string(rows));
    std::vector<std::uint8_t> present(rows);
    Offset count = 0;
    for (Vertex i = 0; i < rows; ++i) count += present[i] = mk.data()[i] ? 1 : 0;
    mv.emplace(rows);
    mv->assign_bitmap(std::move(present), std::vector<bool>(rows, true), count);
  }
  const Vector<bool>* m = mv ? &*mv : nullptr;
  py::tuple out;
  with_dtype(t, [&](auto tag) {
    using T = decltype(tag);
    std::optional<Matrix<T>> ta;
    const Matrix<T>& ma = matrix_as<T>(a, ta);
    const Vector<T> u = vector_arg<T>(cols, u_indices, u_values);
    Vector<T> w(rows);
    std::vector<Vertex> idx;
    std::vector<T> vals;
    with_semiring<T>(semiring, [&](auto sr) {
      KernelScope nogil(graph_work(a));
      mxv(w, m, NoAccum{}, sr, ma, u, d);
      w.extract_tuples(idx, vals);
    });
    py::object values;
    if constexpr (std::is_same_v<T, bool>) {
      std::vector<std::uint8_t> bytes(vals.begin(), vals.end());
      values = own_array(std::move(bytes)).attr("view")(py::dtype::of<bool>());
    } else {
      values = own_array(std::move(vals));
    }
    T fill{};
    with_semiring<T>(semiring, [&](auto sr) { fill = decltype(sr)::identity(); });
    out = py::make_tuple(own_array(std::move(idx)), values, py::cast(fill), rows);
  });
  return out;
}

}  // namespace

void register_mxv(py::module_& m) {
  m.def("_mxv", &mxv_py, py::arg("a"), py::arg("u_indices"), py::arg("u_values"),
        py::arg("semiring") = "plus_times", py::arg("mask") = py::none(),
        py::arg("complement") = false, py::arg("structural") = false, py::arg("transpose") = false,
        py::arg("dtype") = "", py::arg("spmv") = "auto");
}

}  // namespace spgraph::python
