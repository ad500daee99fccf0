// SPDX-License-Identifier: Apache-2.0
// The one owner of GraphBLAS handles, for the GraphBLAS peers and the cross-check test
// (tests/unit/engine/graphblas_crosscheck_test.cpp): GrbOwner<H> frees a GrB_Matrix, GrB_Vector,
// GrB_Descriptor, GrB_Scalar, GrB_Type or GrB_UnaryOp with the matching GrB_*_free, and an array
// that GraphBLAS hands over (GxB unpack) with free(), as LAGraph's GrB_free / LAGraph_Free do; it
// is movable, so a handle can be returned or moved into a graph. Also here: check(), which turns
// a failed GraphBLAS call into a spgraph::Error, and the one translation of spgraph's Descriptor
// into a GrB_Descriptor. Built only when GraphBLAS is found (SPGRAPH_HAVE_GRAPHBLAS).
#pragma once

extern "C" {
#include <GraphBLAS.h>
}

#include <cstdlib>
#include <string>
#include <type_traits>
#include <utility>

#include "engine/core/descriptor.hpp"
#include "engine/core/error.hpp"

namespace spgraph::peers {

namespace detail {

/// Throws spgraph::Error naming the call when a GraphBLAS call fails.
inline void check(GrB_Info info, const char* what) {
  if (info != GrB_SUCCESS && info != GrB_NO_VALUE)
    throw Error(std::string("GraphBLAS: ") + what + " failed (GrB_Info " + std::to_string(info) +
                ")");
}

// GrB_free is a C11 _Generic macro; C++ calls the typed functions.
inline void grb_free(GrB_Matrix* h) {
  GrB_Matrix_free(h);
}
inline void grb_free(GrB_Vector* h) {
  GrB_Vector_free(h);
}
inline void grb_free(GrB_Descriptor* h) {
  GrB_Descriptor_free(h);
}
inline void grb_free(GrB_Scalar* h) {
  GrB_Scalar_free(h);
}
inline void grb_free(GrB_Type* h) {
  GrB_Type_free(h);
}
inline void grb_free(GrB_UnaryOp* h) {
  GrB_UnaryOp_free(h);
}
/// An array GraphBLAS hands over (GxB unpack) or takes (GxB pack): malloc'd memory, since
/// GraphBLAS was started with GrB_init and so uses malloc and free.
template <class T>
requires std::is_arithmetic_v<T> || std::is_void_v<T>
void grb_free(T** h) {
  std::free(*h);
  *h = nullptr;
}

}  // namespace detail

/// Owns one GraphBLAS handle (or one malloc'd array GraphBLAS hands over) and frees it when it
/// goes out of scope or is replaced. Reads as the handle itself (an implicit conversion), so a
/// call reads as LAGraph writes it: GrB_mxv(w, nullptr, nullptr, semiring, A, u, nullptr).
template <class H>
class GrbOwner {
 public:
  GrbOwner() = default;
  /// Takes `h` over.
  explicit GrbOwner(H h) noexcept : h_(h) {}
  GrbOwner(GrbOwner&& other) noexcept : h_(other.release()) {}
  GrbOwner& operator=(GrbOwner&& other) noexcept {
    if (this != &other) reset(other.release());
    return *this;
  }
  GrbOwner(const GrbOwner&) = delete;
  GrbOwner& operator=(const GrbOwner&) = delete;
  ~GrbOwner() { reset(); }

  H get() const noexcept { return h_; }
  operator H() const noexcept { return h_; }  // NOLINT(google-explicit-constructor)

  /// Frees what is held and gives the empty slot to a call that creates a handle in it
  /// (GrB_Matrix_new(m.out(), ...), GrB_Vector_dup, GxB unpack).
  H* out() noexcept {
    reset();
    return &h_;
  }
  /// The slot as it is, for a call that moves the handle into GraphBLAS and empties the slot
  /// (GxB pack).
  H* address() noexcept { return &h_; }
  /// Gives the handle up without freeing it.
  H release() noexcept { return std::exchange(h_, nullptr); }
  /// Frees what is held and takes `h` over.
  void reset(H h = nullptr) noexcept {
    if (h_) detail::grb_free(&h_);
    h_ = h;
  }

 private:
  H h_ = nullptr;
};

/// A GrB_Descriptor with the same settings as `d`: replace, the mask's complement and structure,
/// and the inputs' transposes.
inline GrbOwner<GrB_Descriptor> grb_descriptor(const Descriptor& d) {
  GrbOwner<GrB_Descriptor> desc;
  detail::check(GrB_Descriptor_new(desc.out()), "GrB_Descriptor_new");
  if (d.replace) detail::check(GrB_Descriptor_set(desc, GrB_OUTP, GrB_REPLACE), "desc");
  const int mask = (d.mask_complement ? GrB_COMP : 0) + (d.mask_structural ? GrB_STRUCTURE : 0);
  if (mask) detail::check(GrB_Descriptor_set(desc, GrB_MASK, GrB_Desc_Value(mask)), "desc");
  if (d.transpose_a) detail::check(GrB_Descriptor_set(desc, GrB_INP0, GrB_TRAN), "desc");
  if (d.transpose_b) detail::check(GrB_Descriptor_set(desc, GrB_INP1, GrB_TRAN), "desc");
  return desc;
}

}  // namespace spgraph::peers
