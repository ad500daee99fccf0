// SPDX-License-Identifier: Apache-2.0
// Matrix<T>: the user's handle on a sparse matrix. It owns one CSR with sorted rows and builds
// derived views lazily on first use, caching them until the matrix changes: the transpose (CSC
// view), the CSR5 views of A and A' (formats/csr5/, for dense-vector SpMV), and the views a
// backend keeps for it (the CUDA backend's device mirrors of A and A', built and typed by the
// backend: backend_view). The cache is guarded by a mutex, so concurrent readers may ask for it
// safely.
#pragma once

#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <typeindex>
#include <typeinfo>
#include <vector>

#include "engine/core/error.hpp"
#include "engine/core/semiring.hpp"
#include "engine/core/types.hpp"
#include "formats/coo/coo.hpp"
#include "formats/csr/adjacency.hpp"
#include "formats/csr/csr.hpp"
#include "formats/csr/structure_symmetry.hpp"
#include "formats/csr5/csr5.hpp"
#include "formats/csr5/csr5_build.hpp"

namespace spgraph {

/// A sparse matrix of T (bool, int32, int64, float, double) in CSR form with sorted rows,
/// or a pattern (structure only). Copies are deep; the cached views are not copied.
template <class T>
class Matrix {
 public:
  using value_type = T;

  /// An empty 0 × 0 matrix.
  Matrix() : cache_(std::make_unique<Cache>()) {}
  /// An empty nrows × ncols matrix; `pattern` stores no values.
  Matrix(Vertex nrows, Vertex ncols, bool pattern = false)
      : csr_(Csr<T>::empty(nrows, ncols, pattern)), cache_(std::make_unique<Cache>()) {}
  /// Wraps CSR arrays after checking their invariants.
  explicit Matrix(Csr<T> csr) : csr_(std::move(csr)), cache_(std::make_unique<Cache>()) {
    validate_csr(csr_);
  }
  /// A deep copy of the arrays; the copy builds its own cached views.
  Matrix(const Matrix& o) : csr_(o.csr_), cache_(std::make_unique<Cache>()) {}
  Matrix(Matrix&&) noexcept = default;
  Matrix& operator=(const Matrix& o) {
    if (this != &o) {
      csr_ = o.csr_;
      cache_ = std::make_unique<Cache>();
    }
    return *this;
  }
  Matrix& operator=(Matrix&&) noexcept = default;

  /// Builds from tuples; repeated (i, j) are folded with DupOp or rejected, per `policy`.
  template <class DupOp = PlusOp<T>>
  static Matrix build(Vertex nrows, Vertex ncols, std::span<const Vertex> rows,
                      std::span<const Vertex> cols, std::span<const T> vals,
                      DuplicatePolicy policy = DuplicatePolicy::Combine) {
    Coo<T> coo{nrows,
               ncols,
               false,
               {rows.begin(), rows.end()},
               {cols.begin(), cols.end()},
               {vals.begin(), vals.end()}};
    if (vals.size() != rows.size())
      throw InvalidArgument("build: " + std::to_string(rows.size()) + " indices but " +
                            std::to_string(vals.size()) + " values");
    return Matrix(build_csr<T, DupOp>(std::move(coo), policy), Trusted{});
  }
  /// Builds a pattern (structure-only) matrix from tuples; repeats are merged or rejected.
  static Matrix build_pattern(Vertex nrows, Vertex ncols, std::span<const Vertex> rows,
                              std::span<const Vertex> cols,
                              DuplicatePolicy policy = DuplicatePolicy::Combine) {
    Coo<T> coo{nrows, ncols, true, {rows.begin(), rows.end()}, {cols.begin(), cols.end()}, {}};
    return Matrix(build_csr<T, FirstOp<T>>(std::move(coo), policy), Trusted{});
  }
  /// Builds from COO tuples already in memory, consuming them.
  template <class DupOp = PlusOp<T>>
  static Matrix from_coo(Coo<T>&& coo, DuplicatePolicy policy = DuplicatePolicy::Combine) {
    return Matrix(build_csr<T, DupOp>(std::move(coo), policy), Trusted{});
  }

  /// Number of rows, columns and stored entries; whether the matrix stores no values.
  Vertex nrows() const { return csr_.nrows; }
  Vertex ncols() const { return csr_.ncols; }
  Offset nvals() const { return csr_.nnz(); }
  bool is_pattern() const { return csr_.pattern; }

  /// The CSR arrays (rows sorted).
  const Csr<T>& csr() const { return csr_; }
  /// The transpose in CSR form (the CSC view of this matrix), built on first use and cached.
  const Csr<T>& transposed() const {
    std::lock_guard<std::mutex> lock(cache_->mutex);
    if (!cache_->transpose) cache_->transpose = std::make_shared<Csr<T>>(transpose(csr_));
    return *cache_->transpose;
  }
  /// True when the structure equals the transpose's (an undirected graph; values ignored):
  /// tested once (formats/csr/structure_symmetry.hpp) and cached until the matrix changes, or
  /// known from the start when the caller declared it (mark_structure_symmetric).
  bool structure_symmetric() const {
    std::lock_guard<std::mutex> lock(cache_->mutex);
    if (!cache_->symmetric) cache_->symmetric = structure_is_symmetric(csr_);
    return *cache_->symmetric;
  }
  /// The largest number of entries in a row (0 for an empty matrix), computed once and cached
  /// until the matrix changes: BFS bounds a frontier's out-edges with it.
  Offset max_row_length() const {
    std::lock_guard<std::mutex> lock(cache_->mutex);
    if (!cache_->max_row_length) cache_->max_row_length = max_degree(adjacency_of(csr_));
    return *cache_->max_row_length;
  }
  /// True when structure_symmetric() has been answered (for tests of the cache).
  bool has_cached_structure_symmetry() const {
    std::lock_guard<std::mutex> lock(cache_->mutex);
    return cache_->symmetric.has_value();
  }
  /// Records that the structure is symmetric without testing it: for loaders whose format
  /// stores one triangle and mirrors it (a "symmetric" Matrix Market file, METIS), where it
  /// holds by construction.
  void mark_structure_symmetric() {
    std::lock_guard<std::mutex> lock(cache_->mutex);
    cache_->symmetric = true;
  }
  /// True when the transpose is cached (for tests of the lazy view).
  bool has_cached_transpose() const {
    std::lock_guard<std::mutex> lock(cache_->mutex);
    return cache_->transpose != nullptr;
  }
  /// The CSR5 view of A (or of A' with `of_transpose`), built on first use and cached until
  /// the matrix changes. It reads the row offsets of the CSR it was built from, which the cache
  /// keeps alive alongside it.
  const Csr5<T>& csr5(bool of_transpose = false) const {
    const Csr<T>& source = of_transpose ? transposed() : csr_;
    std::lock_guard<std::mutex> lock(cache_->mutex);
    auto& slot = cache_->csr5[of_transpose ? 1 : 0];
    if (!slot) slot = std::make_shared<Csr5<T>>(csr5_from_csr(source));
    return *slot;
  }
  /// True when the CSR5 view of A (or A') is cached.
  bool has_cached_csr5(bool of_transpose = false) const {
    std::lock_guard<std::mutex> lock(cache_->mutex);
    return cache_->csr5[of_transpose ? 1 : 0] != nullptr;
  }
  /// A view of A (or of A' with `of_transpose`) that a backend keeps with the matrix, such as
  /// the CUDA backend's device mirror of op(A): make() (returning a View) builds it on the first
  /// call for (View, of_transpose), and it is kept until the matrix changes, as the transpose
  /// is. make runs without the cache's lock (it may ask for the transpose or the CSR5 view);
  /// when two threads race, the first view stored is kept and the other dropped. The shared
  /// pointer keeps the view alive for a caller even if the matrix changes meanwhile.
  template <class View, class Make>
  std::shared_ptr<const View> backend_view(bool of_transpose, Make&& make) const {
    const std::type_index type(typeid(View));
    {
      std::lock_guard<std::mutex> lock(cache_->mutex);
      for (const BackendView& v : cache_->backend_views)
        if (v.type == type && v.of_transpose == of_transpose)
          return std::static_pointer_cast<const View>(v.view);
    }
    auto built = std::make_shared<const View>(make());
    std::lock_guard<std::mutex> lock(cache_->mutex);
    for (const BackendView& v : cache_->backend_views)
      if (v.type == type && v.of_transpose == of_transpose)
        return std::static_pointer_cast<const View>(v.view);
    cache_->backend_views.push_back({type, of_transpose, built});
    return built;
  }
  /// How many backend views are cached (for tests of the cache).
  std::size_t cached_backend_views() const {
    std::lock_guard<std::mutex> lock(cache_->mutex);
    return cache_->backend_views.size();
  }
  /// Replaces the contents; drops cached views.
  void assign(Csr<T> csr) {
    validate_csr(csr);
    assign_trusted(std::move(csr));
  }
  /// Replaces the contents with arrays the caller guarantees are valid; drops cached views.
  void assign_trusted(Csr<T> csr) {
    std::lock_guard<std::mutex> lock(cache_->mutex);
    cache_->csr5[0].reset();
    cache_->csr5[1].reset();
    cache_->transpose.reset();
    cache_->symmetric.reset();
    cache_->max_row_length.reset();
    cache_->backend_views.clear();
    csr_ = std::move(csr);
  }

  /// The value at (i, j), or nullopt if no entry is stored there.
  std::optional<T> get(Vertex i, Vertex j) const {
    check_index(i, j);
    auto b = csr_.col.begin() + csr_.row_ptr[i], e = csr_.col.begin() + csr_.row_ptr[i + 1];
    auto it = std::lower_bound(b, e, j);
    if (it == e || *it != j) return std::nullopt;
    return csr_.value(Offset(it - csr_.col.begin()));
  }

  /// Writes every stored entry as tuples in row-major order.
  void extract_tuples(std::vector<Vertex>& rows, std::vector<Vertex>& cols,
                      std::vector<T>& vals) const {
    rows.resize(nvals());
    cols.assign(csr_.col.begin(), csr_.col.end());
    vals.resize(nvals());
    for (Vertex i = 0; i < nrows(); ++i)
      for (Offset k = csr_.row_ptr[i]; k < csr_.row_ptr[i + 1]; ++k) {
        rows[k] = i;
        vals[k] = csr_.value(k);
      }
  }

  /// Bytes held by the matrix, including the cached transpose and CSR5 views.
  std::size_t memory_bytes() const {
    std::lock_guard<std::mutex> lock(cache_->mutex);
    return csr_.bytes() + (cache_->transpose ? cache_->transpose->bytes() : 0) +
           (cache_->csr5[0] ? cache_->csr5[0]->bytes() : 0) +
           (cache_->csr5[1] ? cache_->csr5[1]->bytes() : 0);
  }

  /// Wraps arrays produced by a kernel that guarantees the invariants (no O(nnz) check).
  static Matrix trusted(Csr<T> csr) { return Matrix(std::move(csr), Trusted{}); }

 private:
  struct Trusted {};
  Matrix(Csr<T> csr, Trusted) : csr_(std::move(csr)), cache_(std::make_unique<Cache>()) {}
  /// One backend_view: its type, which operand it views, and the view.
  struct BackendView {
    std::type_index type;
    bool of_transpose;
    std::shared_ptr<const void> view;
  };
  struct Cache {
    std::mutex mutex;
    std::shared_ptr<const Csr<T>> transpose;
    std::shared_ptr<const Csr5<T>> csr5[2];  ///< views of A and of A'
    std::optional<bool> symmetric;           ///< structure_symmetric(), once answered
    std::optional<Offset> max_row_length;    ///< max_row_length(), once answered
    std::vector<BackendView> backend_views;  ///< backend_view(), per (type, operand)
  };
  void check_index(Vertex i, Vertex j) const {
    if (i >= nrows() || j >= ncols())
      throw IndexOutOfBounds("index (" + std::to_string(i) + ", " + std::to_string(j) +
                             ") outside a " + std::to_string(nrows()) + " x " +
                             std::to_string(ncols()) + " matrix");
  }

  Csr<T> csr_;
  std::unique_ptr<Cache> cache_;
};

}  // namespace spgraph
