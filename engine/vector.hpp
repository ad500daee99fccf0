// SPDX-License-Identifier: Apache-2.0
// Vector<T>: the user's handle on a sparse vector. It owns one SparseVector<T>
// (formats/vec/sparse_vector.hpp: sorted lists or a bitmap, the form chosen by density), as
// Matrix<T> owns one Csr<T>, checks every index it is given, and builds from tuples with the
// duplicate rules of GrB_Vector_build (GraphBLAS C API 2.0). Kernels take and return the
// storage; operations reach it through storage().
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "engine/core/error.hpp"
#include "engine/core/semiring.hpp"
#include "engine/core/types.hpp"
#include "formats/coo/coo.hpp"
#include "formats/csr/csr.hpp"
#include "formats/vec/sparse_vector.hpp"

namespace spgraph {

/// A sparse vector of T, held as sorted (index, value) lists or as a bitmap with dense values.
template <class T>
class Vector {
 public:
  using value_type = T;

  /// An empty vector of size 0.
  Vector() = default;
  /// An empty vector of size n, in sparse form.
  explicit Vector(Vertex n) : v_(n) {}

  /// Builds from (index, value) pairs; repeats are folded with DupOp or rejected.
  template <class DupOp = PlusOp<T>>
  static Vector build(Vertex n, std::span<const Vertex> idx, std::span<const T> vals,
                      DuplicatePolicy policy = DuplicatePolicy::Combine) {
    if (idx.size() != vals.size())
      throw InvalidArgument("vector build: index and value arrays differ in length");
    Coo<T> coo{n,
               1,
               false,
               {idx.begin(), idx.end()},
               std::vector<Vertex>(idx.size(), 0),
               {vals.begin(), vals.end()}};
    Csr<T> c = build_csr<T, DupOp>(std::move(coo), policy);
    std::vector<Vertex> out_idx;
    std::vector<T> out_val;
    for (Vertex i = 0; i < n; ++i)
      if (c.row_ptr[i + 1] > c.row_ptr[i]) {
        out_idx.push_back(i);
        out_val.push_back(c.val[c.row_ptr[i]]);
      }
    Vector v(n);
    v.v_.assign_sparse(std::move(out_idx), std::move(out_val));
    v.v_.conform();
    return v;
  }
  /// A dense (bitmap, all present) vector of size n filled with x.
  static Vector full(Vertex n, T x) {
    Vector v(n);
    v.v_.assign_bitmap(std::vector<std::uint8_t>(n, 1), std::vector<T>(n, x), n);
    return v;
  }

  /// The size, the number of stored entries, and the current storage form.
  Vertex size() const { return v_.size(); }
  Offset nvals() const { return v_.nvals(); }
  VectorForm form() const { return v_.form(); }

  /// The value at i, or nullopt if absent.
  std::optional<T> get(Vertex i) const {
    check(i);
    return v_.get(i);
  }
  /// Stores x at i, replacing any value there.
  void set(Vertex i, T x) {
    check(i);
    v_.set(i, x);
  }
  /// Removes the entry at i, if any.
  void remove(Vertex i) {
    check(i);
    v_.remove(i);
  }
  /// Removes every entry and returns to sparse form; the size is kept.
  void clear() { v_.clear(); }

  /// Calls f(i, value) for every entry in ascending i.
  template <class F>
  void for_each(F&& f) const {
    v_.for_each(std::forward<F>(f));
  }
  /// Writes the entries as (index, value) lists in ascending order.
  void extract_tuples(std::vector<Vertex>& idx, std::vector<T>& vals) const {
    v_.extract_tuples(idx, vals);
  }

  /// Switches to the sparse form.
  void to_sparse() { v_.to_sparse(); }
  /// Switches to the bitmap form.
  void to_bitmap() { v_.to_bitmap(); }
  /// Chooses the form by density (bitmap above n/16 entries, sparse below n/64).
  void conform() { v_.conform(); }

  // Direct access for kernels. Sparse form: indices()/values(). Bitmap: present()/dense().
  const std::vector<Vertex>& indices() const { return v_.indices(); }
  const std::vector<T>& values() const { return v_.values(); }
  const std::vector<std::uint8_t>& present() const { return v_.present(); }
  const std::vector<T>& dense() const { return v_.dense(); }

  /// Replaces the contents with sorted, unique sparse lists (trusted, from a kernel).
  void assign_sparse(std::vector<Vertex> idx, std::vector<T> vals) {
    v_.assign_sparse(std::move(idx), std::move(vals));
  }
  /// Replaces the contents with a bitmap (trusted, from a kernel); nvals is the present count.
  void assign_bitmap(std::vector<std::uint8_t> present, std::vector<T> dense, Offset nvals) {
    v_.assign_bitmap(std::move(present), std::move(dense), nvals);
  }

  /// The storage, for kernels.
  const SparseVector<T>& storage() const { return v_; }
  /// The storage, for operations that write a kernel's result into the handle.
  SparseVector<T>& storage() { return v_; }

  /// Bytes held by the vector.
  std::size_t memory_bytes() const { return v_.memory_bytes(); }

 private:
  void check(Vertex i) const {
    if (i >= size())
      throw IndexOutOfBounds("index " + std::to_string(i) + " outside a vector of size " +
                             std::to_string(size()));
  }

  SparseVector<T> v_;
};

}  // namespace spgraph
