// SPDX-License-Identifier: Apache-2.0
// The thread count of kernel calls (thread_scope.hpp) and its Python face:
// spgraph.set_num_threads(n) and spgraph.get_num_threads().
#include "python/src/thread_scope.hpp"

#include <omp.h>
#include <sched.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdlib>

#include "engine/core/resources.hpp"
#include "python/src/common.hpp"

namespace spgraph::python {

namespace {

std::atomic<int> g_limit{0};  // 0: the default

int affinity_cpus() {
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof(set), &set) == 0) return std::max(1, CPU_COUNT(&set));
  return hardware_threads();
}

}  // namespace

int default_thread_limit() {
  // OMP_NUM_THREADS may be a list ("4,2" for nested levels): the first number is this level's.
  if (const char* env = std::getenv("OMP_NUM_THREADS"); env != nullptr && *env != '\0') {
    char* end = nullptr;
    const long n = std::strtol(env, &end, 10);
    if (end != env && n > 0) return int(std::min<long>(n, max_thread_count()));
  }
  return affinity_cpus();
}

int thread_limit() {
  const int set = g_limit.load(std::memory_order_relaxed);
  return set > 0 ? set : default_thread_limit();
}

void set_thread_limit(long long threads) {
  check_thread_count(threads, "set_num_threads:");
  g_limit.store(int(threads), std::memory_order_relaxed);
}

int threads_for(double work) {
  const int limit = thread_limit();
  if (!(work < double(limit) * kThreadChunk)) return limit;  // also infinity and NaN
  return std::clamp(int(std::floor(work / kThreadChunk)), 1, limit);
}

KernelScope::KernelScope(double work) : previous_(omp_get_max_threads()) {
  omp_set_num_threads(threads_for(work));
}

KernelScope::~KernelScope() {
  omp_set_num_threads(previous_);
}

void register_threads(py::module_& m) {
  m.def("set_num_threads", &set_thread_limit, py::arg("n"),
        R"doc(Sets the most threads any spgraph kernel may use, from every Python thread; 0 restores
the default (OMP_NUM_THREADS when set, else the CPUs this process may run on). Small work runs
on one thread whatever the setting (GraphBLAS's rule: one thread per 64K vertices + entries).)doc");
  m.def("get_num_threads", &thread_limit,
        "The most threads a spgraph kernel may use now (set_num_threads, or the default).");
  m.def("_threads_for", &threads_for, py::arg("work"),
        "The threads a kernel call with `work` units (vertices + entries) would use.");
  m.def(
      "_kernel_threads",
      [](double work) {
        KernelScope scope(work);
        return omp_get_max_threads();
      },
      py::arg("work"), "The OpenMP team size a kernel sees inside a KernelScope (for tests).");
}

}  // namespace spgraph::python
