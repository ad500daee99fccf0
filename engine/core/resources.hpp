// SPDX-License-Identifier: Apache-2.0
// The machine's limits as spgraph applies them: memory available for a job (80% of what the
// kernel reports available, unless the caller or SPGRAPH_MEMORY_LIMIT gives a limit), the largest
// thread count a caller may ask for (a multiple of the cores), and byte counts written for people.
// Every check here runs before the allocation or the thread team it guards.
#pragma once

#include <cstdint>
#include <string>

namespace spgraph {

/// MemAvailable from /proc/meminfo, in bytes (0 where unknown).
std::uint64_t available_memory();

/// The byte budget of one job: `limit` when non-zero, else the environment variable
/// SPGRAPH_MEMORY_LIMIT ("800M", "2G": powers of 1000; at least 1M) when set, else 80% of
/// available_memory() (8 GiB where that is unknown). Throws InvalidArgument for a malformed
/// SPGRAPH_MEMORY_LIMIT.
std::uint64_t memory_budget(std::uint64_t limit = 0);

/// States `budget` (what memory_budget(limit) returned) and where it came from, for messages:
/// "the memory limit of 2.00 GB", "the SPGRAPH_MEMORY_LIMIT of 800.0 MB" or "19.20 GB (80% of
/// the memory available)". It is given the budget rather than working it out again, so the
/// figure printed is the one the check used (MemAvailable changes from one read to the next).
std::string describe_budget(std::uint64_t limit, std::uint64_t budget);

/// A byte count for people: "512 B", "12.3 KB", "4.5 MB", "1.20 GB" (decimal units).
std::string human_bytes(double bytes);

/// Hardware threads of this machine (at least 1).
int hardware_threads();

/// The largest thread count accepted anywhere: 8 threads per hardware thread, at least 64.
int max_thread_count();

/// Throws InvalidArgument naming `what` (e.g. "--threads") unless 0 <= threads <=
/// max_thread_count(); 0 means "all cores".
void check_thread_count(long long threads, const std::string& what = "thread count");

}  // namespace spgraph
