// SPDX-License-Identifier: Apache-2.0
// Shared pieces of the Python bindings (the engine for Python users, numpy and scipy.sparse in
// and out): the Graph object the module hands out, numpy arrays that own or view C++ vectors
// without copying, and the registration functions of each binding file.
#pragma once

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "engine/any_matrix.hpp"
#include "engine/matrix.hpp"
#include "python/src/vertex_names.hpp"

namespace spgraph {
class ReachabilityIndex;
}

namespace spgraph::python {

namespace py = pybind11;

/// A graph (or any sparse matrix) as Python sees it: an immutable matrix of any value type, the
/// file's vertex names, and derived views built once on first use (the structure as a pattern,
/// the weights as doubles, the reachability index). Shared: numpy views of its arrays keep the
/// matrix alive after the Graph object is gone.
struct Graph {
  std::shared_ptr<const AnyMatrix> matrix;
  VertexNames names;
  bool undirected = false;  ///< symmetric storage in the file, or loaded with undirected=True
  std::string path;         ///< the file it came from (empty when built in memory)

  Graph() = default;
  Graph(AnyMatrix m, VertexNames n, bool undirected_graph, std::string from = {})
      : matrix(std::make_shared<const AnyMatrix>(std::move(m))),
        names(std::move(n)),
        undirected(undirected_graph),
        path(std::move(from)) {}

  Vertex nrows() const { return nrows_of(*matrix); }
  Vertex ncols() const { return ncols_of(*matrix); }
  Offset nvals() const { return nvals_of(*matrix); }
  /// The structure as a pattern matrix: the matrix itself when it is one, else built once.
  const Matrix<bool>& pattern() const;
  /// The values as doubles (a pattern reads 1): the matrix itself when it holds doubles.
  const Matrix<double>& weights() const;
  /// The reachability index, built once on first use.
  const ReachabilityIndex& reachability() const;

 private:
  struct Derived {
    std::once_flag pattern_once, weights_once, reach_once;
    std::unique_ptr<Matrix<bool>> pattern;
    std::unique_ptr<Matrix<double>> weights;
    std::shared_ptr<const ReachabilityIndex> reach;
  };
  std::shared_ptr<Derived> derived_ = std::make_shared<Derived>();
};

/// A 1-D numpy array that takes ownership of `v` (moved to the heap; freed by the capsule).
template <class T>
py::array_t<T> own_array(std::vector<T>&& v) {
  auto* heap = new std::vector<T>(std::move(v));
  py::capsule owner(heap, [](void* p) { delete static_cast<std::vector<T>*>(p); });
  return py::array_t<T>({py::ssize_t(heap->size())}, {py::ssize_t(sizeof(T))}, heap->data(), owner);
}

/// A read-only 1-D numpy array of `dtype` over `size` elements at `data`, keeping `owner`
/// (a shared pointer to whatever holds the memory) alive through a capsule. No copy.
py::array view_array(const void* data, std::size_t size, const py::dtype& dtype,
                     std::shared_ptr<const void> owner);

/// True for one vertex argument (an int, a str, a 0-d array), false for a sequence or array.
inline bool is_scalar_arg(py::handle v) {
  if (py::isinstance<py::str>(v) || py::isinstance<py::bytes>(v)) return true;
  if (py::isinstance<py::array>(v)) return py::reinterpret_borrow<py::array>(v).ndim() == 0;
  return PyIndex_Check(v.ptr()) != 0;
}

/// Dense vertex ids from a Python int, a name, or a sequence / numpy array of them.
Vertex vertex_arg(const Graph& g, py::handle v, const char* what);
std::vector<Vertex> vertices_arg(const Graph& g, py::handle v, const char* what);
/// Plain dense ids (no names): an int or an integer array, each checked below `n`.
std::vector<Vertex> dense_ids(py::handle v, Vertex n, const char* what);

// Registration, one function per binding file.
void register_errors(py::module_& m);
void register_graph(py::module_& m);
void register_algorithms(py::module_& m);
void register_closure(py::module_& m);
void register_knn(py::module_& m);
void register_mxm(py::module_& m);
void register_mxv(py::module_& m);
void register_dynamic(py::module_& m);
void register_communities(py::module_& m);
void register_graph_build(py::module_& m);
void register_graph_protocol(py::module_& m);
void register_graph_serialize(py::module_& m);
void register_scc(py::module_& m);
void register_paths(py::module_& m);
void register_threads(py::module_& m);

}  // namespace spgraph::python
