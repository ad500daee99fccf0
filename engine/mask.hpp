// SPDX-License-Identifier: Apache-2.0
// Mask views: read a GraphBLAS mask (a Vector or Matrix of any value type, or no mask at all)
// as a yes/no question "may the operation write position i (or (i, j))?".
//
// Semantics (GraphBLAS C API 2.0 §3.5.4): a structural mask is true where an entry is present;
// a valued mask is true where an entry is present and its value, cast to bool, is true.
// Complementing flips the answer. No mask means "true everywhere", and a complemented absent
// mask means "false everywhere" (SuiteSparse:GraphBLAS: C<!NULL> = ... writes nothing).
//
// Workspace: a vector mask is flattened into one byte per position unless it is a structural
// bitmap, which is read in place; a matrix mask is read row by row with a forward cursor over
// the row's sorted columns, so it needs no workspace.
#pragma once

#include <cstdint>
#include <type_traits>
#include <vector>

#include "engine/core/descriptor.hpp"
#include "engine/core/types.hpp"
#include "engine/matrix.hpp"
#include "engine/vector.hpp"

namespace spgraph {

/// True for a pointer to a Vector of any value type.
template <class P>
struct IsVectorPointer : std::false_type {};
template <class M>
struct IsVectorPointer<const Vector<M>*> : std::true_type {};
template <class M>
struct IsVectorPointer<Vector<M>*> : std::true_type {};

/// True for a pointer to a Matrix of any value type.
template <class P>
struct IsMatrixPointer : std::false_type {};
template <class M>
struct IsMatrixPointer<const Matrix<M>*> : std::true_type {};
template <class M>
struct IsMatrixPointer<Matrix<M>*> : std::true_type {};

/// A vector mask argument: nullptr (no mask) or a pointer to a Vector of any value type.
template <class P>
concept VectorMaskArg = std::is_null_pointer_v<P> || IsVectorPointer<P>::value;

/// A matrix mask argument: nullptr (no mask) or a pointer to a Matrix of any value type.
template <class P>
concept MatrixMaskArg = std::is_null_pointer_v<P> || IsMatrixPointer<P>::value;

/// A vector mask, flattened so that allows(i) is one byte load.
class VectorMask {
 public:
  /// No mask; with `complement` nothing is allowed, otherwise everything is.
  explicit VectorMask(bool complement = false) : complement_(complement) {}

  /// Views `mask` as the descriptor says (structural or valued, complemented or not).
  template <class M>
  VectorMask(const Vector<M>& mask, const Descriptor& d)
      : given_(true), complement_(d.mask_complement) {
    const Vertex n = mask.size();
    if (mask.form() == VectorForm::Bitmap && d.mask_structural) {
      bits_ = mask.present().data();
      return;
    }
    own_.assign(n, 0);
    if (mask.form() == VectorForm::Bitmap) {
      const auto& p = mask.present();
      const auto& v = mask.dense();
      for (Vertex i = 0; i < n; ++i) own_[i] = p[i] && static_cast<bool>(v[i]);
    } else {
      const auto& idx = mask.indices();
      const auto& val = mask.values();
      for (std::size_t k = 0; k < idx.size(); ++k)
        own_[idx[k]] = d.mask_structural || static_cast<bool>(val[k]);
    }
    bits_ = own_.data();
  }
  VectorMask(const VectorMask&) = delete;
  VectorMask& operator=(const VectorMask&) = delete;

  /// True when a mask vector was given (false for "no mask", complemented or not).
  bool given() const { return given_; }
  /// True when every position is allowed (no mask, not complemented).
  bool allows_all() const { return !given_ && !complement_; }
  /// True when no position is allowed (no mask, complemented).
  bool allows_none() const { return !given_ && complement_; }
  /// Whether position i may be written.
  bool allows(Vertex i) const { return given_ ? (bits_[i] != 0) != complement_ : !complement_; }

 private:
  bool given_ = false;
  bool complement_ = false;
  const std::uint8_t* bits_ = nullptr;
  std::vector<std::uint8_t> own_;
};

/// Builds the VectorMask for a mask argument (nullptr or a Vector pointer).
template <VectorMaskArg P>
VectorMask make_vector_mask(P mask, const Descriptor& d) {
  if constexpr (std::is_null_pointer_v<P>) {
    return VectorMask(d.mask_complement);
  } else {
    if (mask == nullptr) return VectorMask(d.mask_complement);
    return VectorMask(*mask, d);
  }
}

/// A matrix mask read one row at a time; M is the mask's value type (bool when absent).
template <class M>
class MatrixMask {
 public:
  /// Forward cursor over one mask row: allows(j) must be called with non-decreasing j.
  class RowCursor {
   public:
    RowCursor(const MatrixMask& m, Vertex i) : m_(m) {
      if (m.csr_) {
        k_ = m.csr_->row_begin(i);
        end_ = m.csr_->row_end(i);
      }
    }
    /// Whether column j of this row may be written.
    bool allows(Vertex j) {
      if (!m_.csr_) return !m_.complement_;
      while (k_ < end_ && m_.csr_->col[k_] < j) ++k_;
      const bool bit = k_ < end_ && m_.csr_->col[k_] == j &&
                       (m_.structural_ || static_cast<bool>(m_.csr_->value(k_)));
      return bit != m_.complement_;
    }

   private:
    const MatrixMask& m_;
    Offset k_ = 0;
    Offset end_ = 0;
  };

  /// No mask; with `complement` nothing is allowed, otherwise everything is.
  explicit MatrixMask(bool complement = false) : complement_(complement) {}
  /// Views `mask` as the descriptor says.
  MatrixMask(const Matrix<M>& mask, const Descriptor& d)
      : csr_(&mask.csr()), structural_(d.mask_structural), complement_(d.mask_complement) {}

  /// True when a mask matrix was given.
  bool given() const { return csr_ != nullptr; }
  /// True when every position is allowed (no mask, not complemented).
  bool allows_all() const { return !csr_ && !complement_; }
  /// True when no position is allowed (no mask, complemented).
  bool allows_none() const { return !csr_ && complement_; }
  /// A cursor over row i.
  RowCursor row(Vertex i) const { return RowCursor(*this, i); }
  /// The mask's rows (nullptr when no mask was given), and how they are read; for kernels that
  /// apply the mask themselves (mxm).
  const Csr<M>* rows() const { return csr_; }
  bool structural() const { return structural_; }
  bool complement() const { return complement_; }

 private:
  const Csr<M>* csr_ = nullptr;
  bool structural_ = false;
  bool complement_ = false;
};

/// The value type of a matrix mask argument (bool for nullptr).
template <class P>
struct MatrixMaskValue {
  using type = bool;
};
template <class M>
struct MatrixMaskValue<const Matrix<M>*> {
  using type = M;
};
template <class M>
struct MatrixMaskValue<Matrix<M>*> {
  using type = M;
};

/// Builds the MatrixMask for a mask argument (nullptr or a Matrix pointer).
template <MatrixMaskArg P>
MatrixMask<typename MatrixMaskValue<P>::type> make_matrix_mask(P mask, const Descriptor& d) {
  using M = typename MatrixMaskValue<P>::type;
  if constexpr (std::is_null_pointer_v<P>) {
    return MatrixMask<M>(d.mask_complement);
  } else {
    if (mask == nullptr) return MatrixMask<M>(d.mask_complement);
    return MatrixMask<M>(*mask, d);
  }
}

}  // namespace spgraph
