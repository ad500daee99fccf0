// SPDX-License-Identifier: Apache-2.0
// spgraph.mxm: C<M> = A ⊕.⊗ B over a semiring named as on the command line (plus_times,
// min_plus, ..., engine/instantiate.hpp), with GraphBLAS mask semantics (valued or structural,
// complemented) and input transposes (engine/ops_mxm.hpp). The GIL is released while it runs.
#include "engine/ops.hpp"
#include "engine/semiring_registry.hpp"
#include "python/src/thread_scope.hpp"
#include "python/src/typed.hpp"

namespace spgraph::python {

namespace {

std::shared_ptr<Graph> mxm_py(const Graph& a, const Graph& b, const std::string& semiring,
                              const std::shared_ptr<Graph>& mask, bool complement, bool structural,
                              bool transpose_a, bool transpose_b, const std::string& dtype,
                              const std::string& method) {
  Descriptor d;
  d.mask_complement = complement;
  d.mask_structural = structural;
  d.transpose_a = transpose_a;
  d.transpose_b = transpose_b;
  if (method == "auto")
    d.mxm_method = MxmMethod::Auto;
  else if (method == "hash")
    d.mxm_method = MxmMethod::Hash;
  else if (method == "gustavson")
    d.mxm_method = MxmMethod::Gustavson;
  else
    throw InvalidArgument("method must be auto, hash or gustavson, got '" + method + "'");
  const std::string t =
      op_dtype(dtype, semiring, {value_type_of(*a.matrix), value_type_of(*b.matrix)});
  std::optional<Matrix<bool>> mask_tmp;
  const Matrix<bool>* m = mask ? &matrix_as<bool>(*mask, mask_tmp) : nullptr;
  std::shared_ptr<Graph> out;
  with_dtype(t, [&](auto tag) {
    using T = decltype(tag);
    std::optional<Matrix<T>> ta, tb;
    const Matrix<T>& ma = matrix_as<T>(a, ta);
    const Matrix<T>& mb = matrix_as<T>(b, tb);
    const Vertex rows = transpose_a ? ma.ncols() : ma.nrows();
    const Vertex cols = transpose_b ? mb.nrows() : mb.ncols();
    Matrix<T> c(rows, cols);
    with_semiring<T>(semiring, [&](auto sr) {
      KernelScope nogil(wedge_work(a));
      mxm(c, m, NoAccum{}, sr, ma, mb, d);
    });
    out = std::make_shared<Graph>(AnyMatrix(std::move(c)), VertexNames::offset(0), false);
  });
  return out;
}

}  // namespace

void register_mxm(py::module_& m) {
  m.def("_mxm", &mxm_py, py::arg("a"), py::arg("b"), py::arg("semiring") = "plus_times",
        py::arg("mask") = nullptr, py::arg("complement") = false, py::arg("structural") = false,
        py::arg("transpose_a") = false, py::arg("transpose_b") = false, py::arg("dtype") = "",
        py::arg("method") = "auto");
  m.def("semirings", &semiring_names, "The names of every semiring mxm and mxv take.");
}

}  // namespace spgraph::python
