// SPDX-License-Identifier: Apache-2.0
// The thread count of the module's kernel calls, decided in one place. Every binding that runs a
// kernel opens a KernelScope around it: the GIL is released and the calling thread's OpenMP team
// size is set, for that call only, to clamp(work / kThreadChunk, 1, thread_limit()), the rule
// SuiteSparse:GraphBLAS applies with its chunk (GxB_CHUNK, 64K units of work): small work runs on
// the calling thread alone, with no team to wake. thread_limit() is spgraph.set_num_threads(n)
// when set, else OMP_NUM_THREADS when set, else the CPUs this process may run on
// (sched_getaffinity), not every core of a machine that cgroups or taskset share out. The
// setting is the module's, not the OpenMP thread's, so it applies alike to kernels called from
// any Python thread (OpenMP's own omp_set_num_threads reaches only the thread that calls it).
#pragma once

#include <pybind11/pybind11.h>

#include <algorithm>
#include <limits>

#include "python/src/common.hpp"

namespace spgraph::python {

namespace py = pybind11;

/// The units of work per thread. A call's work is that of one parallel pass, as GraphBLAS counts
/// one operation's: vertices + stored entries for a traversal or an SpMV sweep (an iterative
/// kernel's sweeps are separate fork-joins, so iterations do not add up), the wedges for kernels
/// that visit them in one pass (triangles, closure, similarity), times the sources for kernels
/// that run sources side by side (betweenness, distance kNN).
inline constexpr double kThreadChunk = 65536;
/// Work that is never split by size: the limit applies alone (loaders, update batches).
inline constexpr double kUnsizedWork = std::numeric_limits<double>::infinity();

/// The default limit: OMP_NUM_THREADS (its first number) when set, else the CPUs of this
/// process's affinity mask (at least 1).
int default_thread_limit();
/// The most threads a kernel call may use: the set_thread_limit() value, or the default.
int thread_limit();
/// Sets the limit (0 restores the default); throws InvalidArgument outside 0..max_thread_count().
void set_thread_limit(long long threads);
/// Threads for `work` units: clamp(work / kThreadChunk, 1, thread_limit()).
int threads_for(double work);

/// For one kernel call: sets this thread's OpenMP team size to threads_for(work) and releases
/// the GIL; the destructor restores both. Construct it with the GIL held.
class KernelScope {
 public:
  explicit KernelScope(double work);
  ~KernelScope();
  KernelScope(const KernelScope&) = delete;
  KernelScope& operator=(const KernelScope&) = delete;

 private:
  int previous_;
  py::gil_scoped_release nogil_;
};

/// The work of `passes` passes, run side by side, over a graph of `vertices` rows and `entries`
/// stored entries.
inline double graph_work(double vertices, double entries, double passes = 1) {
  return (vertices + entries) * passes;
}
inline double graph_work(const Graph& g, double passes = 1) {
  return graph_work(double(g.nrows()), double(g.nvals()), passes);
}
/// Kernels whose work grows with the degrees (triangles, closure, similarity, SpGEMM): a pass
/// per average degree, a rough stand-in for the wedges they visit.
inline double wedge_work(double vertices, double entries) {
  return graph_work(vertices, entries, std::max(1.0, entries / std::max(1.0, vertices)));
}
inline double wedge_work(const Graph& g) {
  return wedge_work(double(g.nrows()), double(g.nvals()));
}
/// A snapshot of a DynamicGraph (anything with num_vertices() and num_arcs()).
template <class S>
double snapshot_work(const S& x, double passes = 1) {
  return graph_work(double(x.num_vertices()), double(x.num_arcs()), passes);
}

}  // namespace spgraph::python
