// SPDX-License-Identifier: Apache-2.0
// SparseVector<T>: the storage of a sparse vector (a GraphBLAS vector: entries may be absent),
// held either as sorted (index, value) lists or as a bitmap (presence bytes plus a dense value
// array). conform() picks the form by density with hysteresis: bitmap above 1/16 full, sparse
// below 1/64, as SuiteSparse:GraphBLAS does with its sparse and bitmap formats (Davis,
// "Algorithm 1037: SuiteSparse:GraphBLAS: Parallel Graph Algorithms in the Language of Sparse
// Linear Algebra", ACM TOMS 2023). Both forms hold the same entries; every accessor gives
// results in ascending index order.
//
// This is what kernels read and write; engine/vector.hpp wraps it as the user's Vector<T>,
// which checks indices. Here indices are the caller's to keep below size().
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "engine/core/types.hpp"

namespace spgraph {

/// The storage of a sparse vector: sorted (index, value) lists, or a presence bitmap with
/// dense values.
enum class VectorForm { Sparse, Bitmap };

template <class T>
class SparseVector {
 public:
  using value_type = T;

  SparseVector() = default;
  /// An empty vector of size n, in sparse form.
  explicit SparseVector(Vertex n) : n_(n) {}

  Vertex size() const { return n_; }
  Offset nvals() const { return form_ == VectorForm::Sparse ? idx_.size() : nvals_; }
  VectorForm form() const { return form_; }

  /// The value at i < size(), or nullopt if absent.
  std::optional<T> get(Vertex i) const {
    if (form_ == VectorForm::Bitmap) {
      if (!present_[i]) return std::nullopt;
      return dense_[i];
    }
    auto it = std::lower_bound(idx_.begin(), idx_.end(), i);
    if (it == idx_.end() || *it != i) return std::nullopt;
    return val_[it - idx_.begin()];
  }
  /// Stores x at i < size(), replacing any value there.
  void set(Vertex i, T x) {
    if (form_ == VectorForm::Bitmap) {
      nvals_ += !present_[i];
      present_[i] = 1;
      dense_[i] = x;
      return;
    }
    auto it = std::lower_bound(idx_.begin(), idx_.end(), i);
    auto pos = it - idx_.begin();
    if (it != idx_.end() && *it == i) {
      val_[pos] = x;
    } else {
      idx_.insert(it, i);
      val_.insert(val_.begin() + pos, x);
    }
  }
  /// Removes the entry at i < size(), if any.
  void remove(Vertex i) {
    if (form_ == VectorForm::Bitmap) {
      nvals_ -= present_[i];
      present_[i] = 0;
      return;
    }
    auto it = std::lower_bound(idx_.begin(), idx_.end(), i);
    if (it != idx_.end() && *it == i) {
      val_.erase(val_.begin() + (it - idx_.begin()));
      idx_.erase(it);
    }
  }
  /// Removes every entry and returns to sparse form; the size is kept.
  void clear() {
    form_ = VectorForm::Sparse;
    idx_.clear();
    val_.clear();
    present_ = {};
    dense_ = {};
    nvals_ = 0;
  }

  /// Calls f(i, value) for every entry in ascending i.
  template <class F>
  void for_each(F&& f) const {
    if (form_ == VectorForm::Sparse) {
      for (std::size_t k = 0; k < idx_.size(); ++k) f(idx_[k], val_[k]);
    } else {
      for (Vertex i = 0; i < n_; ++i)
        if (present_[i]) f(i, dense_[i]);
    }
  }
  /// Writes the entries as (index, value) lists in ascending order.
  void extract_tuples(std::vector<Vertex>& idx, std::vector<T>& vals) const {
    idx.clear();
    vals.clear();
    for_each([&](Vertex i, T x) {
      idx.push_back(i);
      vals.push_back(x);
    });
  }

  /// Switches to the sparse form.
  void to_sparse() {
    if (form_ == VectorForm::Sparse) return;
    idx_.clear();
    val_.clear();
    idx_.reserve(nvals_);
    val_.reserve(nvals_);
    for (Vertex i = 0; i < n_; ++i)
      if (present_[i]) {
        idx_.push_back(i);
        val_.push_back(dense_[i]);
      }
    present_ = {};
    dense_ = {};
    nvals_ = 0;
    form_ = VectorForm::Sparse;
  }
  /// Switches to the bitmap form.
  void to_bitmap() {
    if (form_ == VectorForm::Bitmap) return;
    present_.assign(n_, 0);
    dense_.assign(n_, T{});
    for (std::size_t k = 0; k < idx_.size(); ++k) {
      present_[idx_[k]] = 1;
      dense_[idx_[k]] = val_[k];
    }
    nvals_ = idx_.size();
    idx_ = {};
    val_ = {};
    form_ = VectorForm::Bitmap;
  }
  /// Chooses the form by density (bitmap above n/16 entries, sparse below n/64).
  void conform() {
    const Offset nv = nvals();
    if (form_ == VectorForm::Sparse && nv > Offset(n_) / 16)
      to_bitmap();
    else if (form_ == VectorForm::Bitmap && nv < Offset(n_) / 64)
      to_sparse();
  }

  // Direct access for kernels. Sparse form: indices()/values(). Bitmap: present()/dense().
  const std::vector<Vertex>& indices() const { return idx_; }
  const std::vector<T>& values() const { return val_; }
  const std::vector<std::uint8_t>& present() const { return present_; }
  const std::vector<T>& dense() const { return dense_; }

  /// Replaces the contents with sorted, unique sparse lists (trusted, from a kernel).
  void assign_sparse(std::vector<Vertex> idx, std::vector<T> vals) {
    clear();
    idx_ = std::move(idx);
    val_ = std::move(vals);
  }
  /// Replaces the contents with a bitmap (trusted, from a kernel); nvals is the present count.
  void assign_bitmap(std::vector<std::uint8_t> present, std::vector<T> dense, Offset nvals) {
    clear();
    form_ = VectorForm::Bitmap;
    present_ = std::move(present);
    dense_ = std::move(dense);
    nvals_ = nvals;
  }

  /// Bytes held by the vector.
  std::size_t memory_bytes() const {
    return idx_.capacity() * sizeof(Vertex) + val_.capacity() * sizeof(T) + present_.capacity() +
           dense_.capacity() * sizeof(T);
  }

 private:
  Vertex n_ = 0;
  VectorForm form_ = VectorForm::Sparse;
  std::vector<Vertex> idx_;
  std::vector<T> val_;
  std::vector<std::uint8_t> present_;
  std::vector<T> dense_;
  Offset nvals_ = 0;
};

}  // namespace spgraph
