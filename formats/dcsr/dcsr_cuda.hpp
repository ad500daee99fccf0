// SPDX-License-Identifier: Apache-2.0
// DcsrDevice<T>: the Dynamic CSR in device memory (King, Gilray, Kirby & Might, "Dynamic-CSR",
// 2016, section III: segments with slack, batches placed in parallel, new segments from a
// device pool, defragmentation, SpMV on the fragmented form), with the CPU format's batch
// semantics (inserts, erases and assigns in batch order under the duplicate policy; dcsr.hpp).
// A plain header: it names no CUDA type, so that the engine and the CLI include it in every
// build. The members are defined in dcsr_update_cuda.cu and dcsr_query_cuda.cu (spgraph_cuda) in a
// CUDA build, and in engine/dcsr_cuda_refusal.cpp otherwise, where each throws BackendUnavailable
// naming why.
//
// A batch (apply): uploaded, sorted by (row, column) with a stable CUB radix sort, cut into one
// group per touched row, then merged by one thread per row (dcsr_merge_lanes.hpp), with
// dcsr_merge_batch's loop for rows the pool could not serve; it is applied whole before apply
// returns. Reads (SpMV, BFS, degree, download) see the state after the last whole batch: the
// device has one writer, and nothing reads during a batch. A snapshot (freeze) is an
// independent compact copy in device memory, O(rows + entries) on the device, which later
// batches do not touch: the CPU format's copy-on-write pages and write-once slots are what let
// readers run beside a writer, which the device does not offer.
//
// The lane logic is the host emulation's (dcsr_device_emulated.hpp, run by the CPU tests):
// the two give identical answers on the model test.
//
// STATUS: compiled, never run (written where no GPU was available to run it).
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <type_traits>
#include <vector>

#include "engine/core/edge_update.hpp"
#include "engine/core/semiring.hpp"
#include "formats/csr/csr.hpp"
#include "formats/dcsr/dcsr_device_driver.hpp"
#include "formats/dcsr/dcsr_params.hpp"

namespace spgraph {

/// The semirings DcsrDevice::spmv is compiled for.
template <class SR>
inline constexpr bool dcsr_cuda_has =
    std::is_same_v<SR, PlusTimes<double>> || std::is_same_v<SR, MinPlus<double>>;

/// A Dynamic CSR in device memory (T = double or bool); see the file comment.
template <class T>
class DcsrDevice {
 public:
  /// An empty nrows x ncols matrix (rows get segments on their first insert). Throws
  /// BackendUnavailable without a device, InvalidArgument for k outside 1..255 or Reject.
  DcsrDevice(Vertex nrows, Vertex ncols, bool pattern, DcsrParams params);
  /// A copy of `a`: one segment per row, no slack (paper, section III.A, "From CSR"), in a
  /// pool of params.growth times its entries.
  static DcsrDevice from_csr(const Csr<T>& a, DcsrParams params);
  DcsrDevice(DcsrDevice&&) noexcept;
  DcsrDevice& operator=(DcsrDevice&&) noexcept;
  ~DcsrDevice();

  Vertex nrows() const;
  Vertex ncols() const;
  /// Entries present (every copy under Keep).
  Offset nvals() const;
  /// Batches applied so far.
  std::uint64_t version() const;

  /// Grows the dimensions (new rows are empty); shrinking throws InvalidArgument.
  void resize(Vertex nrows, Vertex ncols);
  /// Applies a batch whole: update k is (kinds[k], rows[k], cols[k], vals[k]) (`kinds` empty:
  /// every update inserts; `vals` empty for a pattern). Indices must be in range: the caller
  /// validated them (as Dcsr::apply_trusted). `counted`, when not empty, marks the updates
  /// whose effects are counted in the result (a graph's mirrored arcs are not).
  DcsrDeviceResult apply(std::span<const UpdateKind> kinds, std::span<const Vertex> rows,
                         std::span<const Vertex> cols, std::span<const T> vals,
                         std::span<const std::uint8_t> counted = {});
  /// Compacts every row into one segment with no slack (Alg. 4).
  void defragment();
  /// An independent compact copy (see the file comment).
  DcsrDevice freeze() const;

  /// y = A ⊕.⊗ x on the fragmented form, one warp per row (x: ncols entries, y: nrows; host
  /// memory, uploaded and downloaded). SR must be one of dcsr_cuda_has.
  template <class SR>
  void spmv(const typename SR::value_type* x, typename SR::value_type* y) const;
  /// The same with x and y in device memory, no transfer (what a benchmark times); returns
  /// when the kernel has finished.
  template <class SR>
  void spmv_on_device(const typename SR::value_type* x, typename SR::value_type* y) const;
  /// BFS levels from `source` (kNoVertex where unreached): level-synchronous push, one warp per
  /// frontier vertex.
  std::vector<Vertex> bfs_levels(Vertex source) const;
  /// Entries of row r.
  Offset degree(Vertex r) const;
  /// Every entry, copied to the host row by row in storage order.
  DcsrDeviceContents<T> download() const;
  DcsrStats stats() const;
  /// Device memory the matrix holds (pool, row tables).
  std::size_t device_bytes() const;

  /// The backend's state: defined and used only in dcsr_*_cuda.cu (opaque elsewhere).
  struct Impl;

 private:
  explicit DcsrDevice(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace spgraph
