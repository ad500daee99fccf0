// SPDX-License-Identifier: Apache-2.0
// The one adapter from an engine semiring (engine/core/semiring.hpp: identity, add, mul) to the
// struct CombBLAS's SpMV and SpGEMM take as their SR parameter (CombBLAS's Semirings.h: id,
// returnedSAID, add, multiply, axpy, mpi_op). A user-defined engine semiring works here
// unchanged. Positional multiplies (SECONDI, FIRSTI) have no CombBLAS form, since CombBLAS passes
// only values: a traversal that needs the index puts it in the vector's values instead
// (FullyDistSpVec::setNumToInd) and uses SECOND. (BFS runs its own steps, distributed_bfs.hpp.)
#pragma once

#include <mpi.h>

#include "tools/spgraph_mpi/combblas.hpp"

#include "engine/core/semiring.hpp"

namespace spgraph::mpi {

template <class S, class In1 = typename S::value_type, class In2 = typename S::value_type>
struct CombBlasSemiring {
  using T = typename S::value_type;
  static_assert(!is_positional_op_v<typename S::mul_op, T>,
                "CombBLAS passes values only: put indices in the vector and use SECOND/FIRST");
  static T id() { return S::identity(); }
  static bool returnedSAID() { return false; }
  static T add(const T& a, const T& b) { return S::add(a, b); }
  static T multiply(const In1& a, const In2& b) { return S::mul(T(a), T(b), 0, 0, 0); }
  static void axpy(const In1& a, const In2& x, T& y) { y = add(y, multiply(a, x)); }
  /// The add monoid as an MPI reduction (commutative, as every engine monoid is).
  static MPI_Op mpi_op() {
    static MPI_Op op = [] {
      MPI_Op o;
      MPI_Op_create(&reduce, 1, &o);
      return o;
    }();
    return op;
  }

 private:
  static void reduce(void* in, void* inout, int* len, MPI_Datatype*) {
    const T* a = static_cast<const T*>(in);
    T* b = static_cast<T*>(inout);
    for (int i = 0; i < *len; ++i) b[i] = S::add(a[i], b[i]);
  }
};

}  // namespace spgraph::mpi
