// SPDX-License-Identifier: Apache-2.0
// Implementation of the parallel chunked line runner (see parallel_lines.hpp).
#include "loaders/parallel_lines.hpp"

#include <omp.h>

#include <algorithm>
#include <cstring>
#include <exception>

#include "engine/core/error.hpp"
#include "engine/core/resources.hpp"

namespace spgraph {

int resolve_threads(int threads) {
  check_thread_count(threads, "parser thread count");
  return threads > 0 ? threads : omp_get_max_threads();
}

std::uint64_t count_newlines(std::string_view text) {
  return std::uint64_t(std::count(text.begin(), text.end(), '\n'));
}

std::vector<std::string_view> split_at_newlines(std::string_view body, std::size_t parts) {
  std::vector<std::string_view> out;
  parts = std::max<std::size_t>(parts, 1);
  std::size_t begin = 0;
  for (std::size_t k = 1; k <= parts && begin < body.size(); ++k) {
    std::size_t end = k == parts ? body.size() : std::max(begin, body.size() * k / parts);
    if (end < body.size()) {
      const void* nl = std::memchr(body.data() + end, '\n', body.size() - end);
      end = nl ? std::size_t(static_cast<const char*>(nl) - body.data()) + 1 : body.size();
    }
    out.push_back(body.substr(begin, end - begin));
    begin = end;
  }
  return out;
}

std::size_t plan_chunks(std::string_view body, const LineRunOptions& opt) {
  // A pure function of the body's size, min_chunk and the thread count: never of progress or
  // of anything else that differs between two passes over the same body.
  const std::size_t threads = std::size_t(resolve_threads(opt.threads));
  if (threads == 1) return 1;
  const std::size_t by_size = body.size() / std::max<std::size_t>(opt.min_chunk, 1) + 1;
  return std::min(by_size, threads * 8);
}

std::vector<std::string_view> plan_line_chunks(std::string_view body, const LineRunOptions& opt) {
  return split_at_newlines(body, plan_chunks(body, opt));
}

std::uint64_t global_line(const std::vector<std::string_view>& chunks, std::uint64_t first_line,
                          std::size_t c, std::uint64_t local) {
  std::uint64_t line = first_line;
  for (std::size_t k = 0; k < c; ++k) line += count_newlines(chunks[k]);
  return line + local - 1;
}

std::vector<std::string_view> run_line_chunks(
    const std::string& file, std::string_view body, const LineRunOptions& opt,
    const std::function<std::optional<ChunkError>(std::size_t, std::string_view)>& parse) {
  return run_line_chunks(file, plan_line_chunks(body, opt), opt, parse);
}

std::vector<std::string_view> run_line_chunks(
    const std::string& file, std::vector<std::string_view> chunks, const LineRunOptions& opt,
    const std::function<std::optional<ChunkError>(std::size_t, std::string_view)>& parse) {
  std::vector<std::optional<ChunkError>> errors(chunks.size());
  std::vector<std::exception_ptr> failures(chunks.size());
  std::uint64_t done = opt.progress_offset;
  const int threads = std::min<int>(resolve_threads(opt.threads), int(chunks.size()));
#pragma omp parallel for schedule(dynamic, 1) num_threads(std::max(threads, 1))
  for (std::size_t c = 0; c < chunks.size(); ++c) {
    try {
      errors[c] = parse(c, chunks[c]);
    } catch (...) {
      failures[c] = std::current_exception();
    }
    if (opt.progress) {
#pragma omp critical(spgraph_load_progress)
      {
        done += chunks[c].size();
        opt.progress(done, opt.progress_total);
      }
    }
  }
  for (std::size_t c = 0; c < chunks.size(); ++c) {
    if (failures[c]) std::rethrow_exception(failures[c]);
    if (!errors[c]) continue;
    throw ParseError(file, global_line(chunks, opt.first_line, c, errors[c]->local_line),
                     errors[c]->message);
  }
  return chunks;
}

}  // namespace spgraph
