// SPDX-License-Identifier: Apache-2.0
// Splits a text buffer into chunks that end at newlines and runs a parse function on each
// chunk in parallel (OpenMP, dynamic schedule). A chunk reports an error as (local line,
// message); the runner turns the earliest one into a ParseError with the global 1-based line:
// lines before the body + newlines in earlier chunks + local line.
// Phases: split (O(chunks) memchr probes), parse (O(bytes) / threads), and, only on error,
// one newline count over the chunks before the failing one.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace spgraph {

/// A failure inside one chunk: its 1-based line within the chunk, and what was wrong.
struct ChunkError {
  std::uint64_t local_line = 0;
  std::string message;
};

/// How to run a parallel line parse.
struct LineRunOptions {
  int threads = 0;                  ///< 0 = omp_get_max_threads()
  std::uint64_t first_line = 1;     ///< global line number of the body's first line
  std::size_t min_chunk = 1 << 20;  ///< smallest chunk in bytes
  std::function<void(std::uint64_t, std::uint64_t)> progress;  ///< may be empty
  std::uint64_t progress_offset = 0;  ///< bytes before the body (for progress)
  std::uint64_t progress_total = 0;   ///< total bytes (for progress)
};

/// Splits `body` into about `parts` pieces, each ending just after a newline (the last at the end).
std::vector<std::string_view> split_at_newlines(std::string_view body, std::size_t parts);

/// Number of chunks run_line_chunks will use for `body`: a pure function of the body's size,
/// opt.min_chunk and opt.threads (1 thread: 1 chunk), so passes over one body agree.
std::size_t plan_chunks(std::string_view body, const LineRunOptions& opt);

/// split_at_newlines(body, plan_chunks(body, opt)).
std::vector<std::string_view> plan_line_chunks(std::string_view body, const LineRunOptions& opt);

/// Runs `parse(chunk_index, chunk_text)` for each chunk of split_at_newlines(body,
/// plan_chunks(body, opt)); throws ParseError(file, global line, message) for the earliest error.
/// Returns the chunks, so callers can map later findings to global lines with global_line().
std::vector<std::string_view> run_line_chunks(
    const std::string& file, std::string_view body, const LineRunOptions& opt,
    const std::function<std::optional<ChunkError>(std::size_t, std::string_view)>& parse);

/// The same over chunks planned by the caller (a reader that makes several passes plans once).
std::vector<std::string_view> run_line_chunks(
    const std::string& file, std::vector<std::string_view> chunks, const LineRunOptions& opt,
    const std::function<std::optional<ChunkError>(std::size_t, std::string_view)>& parse);

/// The global line of local line `local` (1-based) of chunk `c`.
std::uint64_t global_line(const std::vector<std::string_view>& chunks, std::uint64_t first_line,
                          std::size_t c, std::uint64_t local);

/// Number of newline characters in `text`.
std::uint64_t count_newlines(std::string_view text);

/// Resolves the effective thread count (0 = all available); throws InvalidArgument above
/// max_thread_count() (engine/core/resources.hpp).
int resolve_threads(int threads);

}  // namespace spgraph
