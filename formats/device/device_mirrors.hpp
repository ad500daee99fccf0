// SPDX-License-Identifier: Apache-2.0
// Device mirrors of the host formats the CUDA kernels read: CSR (formats/csr/csr.hpp), CSR5
// (formats/csr5/csr5.hpp) and pattern vectors (formats/vec/sparse_vector.hpp, indices or
// bitmap, values dropped). Each is built by one upload of the host arrays (counted in
// device_stats()) and can be copied back, which the round-trip tests use. Pattern matrices
// upload no values.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/core/types.hpp"
#include "formats/csr/csr.hpp"
#include "formats/csr/spmv_vector_lanes.hpp"
#include "formats/csr5/csr5.hpp"
#include "formats/csr5/csr5_spmv_lanes.hpp"
#include "formats/csr5/csr5_tile_lanes.hpp"
#include "formats/device/device_buffer.hpp"
#include "formats/vec/sparse_vector.hpp"

namespace spgraph {

/// A CSR matrix in device memory.
template <class T>
struct DeviceCsr {
  Vertex nrows = 0;
  Vertex ncols = 0;
  bool pattern = false;
  Offset nnz = 0;  ///< entries (kept on the host at upload)
  DeviceBuffer<Offset> row_ptr;
  DeviceBuffer<Vertex> col;
  DeviceBuffer<stored_value_t<T>> val;  ///< empty for a pattern

  static DeviceCsr upload(const Csr<T>& a) {
    DeviceCsr d;
    d.nrows = a.nrows;
    d.ncols = a.ncols;
    d.pattern = a.pattern;
    d.nnz = a.nnz();
    d.row_ptr = DeviceBuffer<Offset>::from_host(a.row_ptr);
    d.col = DeviceBuffer<Vertex>::from_host(a.col);
    if (!a.pattern) d.val = DeviceBuffer<stored_value_t<T>>::from_host(a.val);
    return d;
  }
  Csr<T> download() const {
    Csr<T> a = Csr<T>::empty(nrows, ncols, pattern);
    a.row_ptr = row_ptr.to_host();
    a.col = col.to_host();
    if (!pattern) a.val = val.to_host();
    return a;
  }
  std::size_t bytes() const { return row_ptr.bytes() + col.bytes() + val.bytes(); }
  /// The device pointers as the CSR-vector lane logic reads them.
  CsrArrays<stored_value_t<T>> arrays() const {
    return {row_ptr.data(), col.data(), pattern ? nullptr : val.data(), nrows, ncols};
  }
};

/// A CSR5 matrix in device memory, with the row pointers its tail and ANY rows read.
template <class T>
struct DeviceCsr5 {
  using Stored = stored_value_t<T>;
  /// Shape and device pointers as the lane algorithm reads them (set by upload).
  Csr5Arrays<Stored> view;
  Vertex ncols = 0;
  Vertex tail_first_row = 0;  ///< rows [tail_first_row, tail_end_row) hold the tail's entries
  Vertex tail_end_row = 0;
  DeviceBuffer<std::uint64_t> tile_ptr;
  DeviceBuffer<std::uint8_t> step_flags;
  DeviceBuffer<std::uint16_t> lane_desc;
  DeviceBuffer<Offset> eo_ptr;
  DeviceBuffer<Vertex> empty_offset;
  DeviceBuffer<Vertex> col;
  DeviceBuffer<Stored> val;
  DeviceBuffer<Offset> row_ptr;

  static DeviceCsr5 upload(const Csr5<T>& c) {
    DeviceCsr5 d;
    d.ncols = c.ncols;
    if (c.num_tiles * c.tile_size() < c.nnz) {
      d.tail_first_row = d.tail_end_row = c.tile_row(c.num_tiles);
      while (d.tail_end_row < c.nrows && c.row_ptr[d.tail_end_row] < c.nnz) ++d.tail_end_row;
    }
    d.tile_ptr = DeviceBuffer<std::uint64_t>::from_host(c.tile_ptr);
    d.step_flags = DeviceBuffer<std::uint8_t>::from_host(c.step_flags);
    d.lane_desc = DeviceBuffer<std::uint16_t>::from_host(c.lane_desc);
    d.eo_ptr = DeviceBuffer<Offset>::from_host(c.eo_ptr);
    d.empty_offset = DeviceBuffer<Vertex>::from_host(c.empty_offset);
    d.col = DeviceBuffer<Vertex>::from_host(c.col.data(), c.col.size());
    if (!c.pattern) d.val = DeviceBuffer<Stored>::from_host(c.val.data(), c.val.size());
    d.row_ptr = DeviceBuffer<Offset>::from_host(c.row_ptr, std::size_t(c.nrows) + 1);
    // The host view's shape, with the device copies in place of the host arrays.
    d.view = csr5_host_arrays(c);
    d.view.tile_ptr = d.tile_ptr.data();
    d.view.step_flags = d.step_flags.data();
    d.view.lane_desc = d.lane_desc.data();
    d.view.eo_ptr = d.eo_ptr.data();
    d.view.empty_offset = d.empty_offset.data();
    d.view.col = d.col.data();
    d.view.val = c.pattern ? nullptr : d.val.data();
    d.view.row_ptr = d.row_ptr.data();
    return d;
  }
  std::size_t bytes() const {
    return tile_ptr.bytes() + step_flags.bytes() + lane_desc.bytes() + eo_ptr.bytes() +
           empty_offset.bytes() + col.bytes() + val.bytes() + row_ptr.bytes();
  }
};

/// The pattern of a vector in device memory, in the host vector's form: sorted indices, or one
/// byte per position (the bitmap form's presence array).
struct DevicePatternVector {
  Vertex n = 0;
  VectorForm form = VectorForm::Sparse;
  Offset nvals = 0;
  DeviceBuffer<Vertex> indices;        ///< sparse form
  DeviceBuffer<std::uint8_t> present;  ///< bitmap form

  template <class T>
  static DevicePatternVector upload(const SparseVector<T>& v) {
    DevicePatternVector d;
    d.n = v.size();
    d.form = v.form();
    d.nvals = v.nvals();
    if (v.form() == VectorForm::Sparse)
      d.indices = DeviceBuffer<Vertex>::from_host(v.indices());
    else
      d.present = DeviceBuffer<std::uint8_t>::from_host(v.present());
    return d;
  }
  /// The indices present, ascending (either form).
  std::vector<Vertex> download_indices() const {
    if (form == VectorForm::Sparse) return indices.to_host();
    const std::vector<std::uint8_t> p = present.to_host();
    std::vector<Vertex> out;
    for (Vertex i = 0; i < p.size(); ++i)
      if (p[i]) out.push_back(i);
    return out;
  }
};

}  // namespace spgraph
