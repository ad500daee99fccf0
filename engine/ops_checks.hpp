// SPDX-License-Identifier: Apache-2.0
// Argument checks and operand orientation shared by the operations of engine/ops.hpp and
// engine/ops_mxm.hpp: shapes as an operation sees them (after an optional transpose), and
// DimensionMismatch messages that name both shapes, and the backend check of operations that
// run on the CPU only.
#pragma once

#include <string>
#include <type_traits>
#include <utility>

#include "engine/backend.hpp"
#include "engine/core/descriptor.hpp"
#include "engine/core/error.hpp"
#include "engine/mask.hpp"
#include "engine/matrix.hpp"
#include "engine/vector.hpp"

namespace spgraph::detail {

/// Throws BackendUnavailable unless d asks for the CPU: `op` has no kernel on other backends.
inline void cpu_only(const Descriptor& d, const char* op) {
  if (d.backend == Backend::Cpu) return;
  require_backend(d.backend);
  no_kernel_on_backend(d.backend, op);
}

inline std::string dims(Vertex r, Vertex c) {
  return std::to_string(r) + " x " + std::to_string(c);
}

/// Rows and columns of A as the operation sees it (after an optional transpose).
template <class T>
std::pair<Vertex, Vertex> effective_shape(const Matrix<T>& a, bool transposed) {
  return transposed ? std::pair{a.ncols(), a.nrows()} : std::pair{a.nrows(), a.ncols()};
}

/// The rows of A as the operation sees it: A's CSR, or the cached transpose.
template <class T>
const Csr<T>& oriented(const Matrix<T>& a, bool transposed) {
  return transposed ? a.transposed() : a.csr();
}

/// Throws DimensionMismatch unless the mask (if any) has the output's size.
template <VectorMaskArg P>
void check_vector_mask(const char* op, P mask, Vertex n) {
  if constexpr (!std::is_null_pointer_v<P>) {
    if (mask != nullptr && mask->size() != n)
      throw DimensionMismatch(std::string(op) + ": mask has size " + std::to_string(mask->size()) +
                              " but the output has size " + std::to_string(n));
  }
}

/// Throws DimensionMismatch unless the mask (if any) has the output's shape.
template <MatrixMaskArg P>
void check_matrix_mask(const char* op, P mask, Vertex r, Vertex c) {
  if constexpr (!std::is_null_pointer_v<P>) {
    if (mask != nullptr && (mask->nrows() != r || mask->ncols() != c))
      throw DimensionMismatch(std::string(op) + ": mask is " + dims(mask->nrows(), mask->ncols()) +
                              " but the output is " + dims(r, c));
  }
}

/// Throws DimensionMismatch unless the output is r x c.
template <class T>
void check_output(const char* op, const Matrix<T>& c, Vertex r, Vertex cols) {
  if (c.nrows() != r || c.ncols() != cols)
    throw DimensionMismatch(std::string(op) + ": output is " + dims(c.nrows(), c.ncols()) +
                            " but the result is " + dims(r, cols));
}

}  // namespace spgraph::detail
