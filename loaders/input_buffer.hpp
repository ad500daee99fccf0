// SPDX-License-Identifier: Apache-2.0
// InputBuffer: the bytes of an input file, memory-mapped read-only, or inflated into memory
// when the content starts with the gzip magic 1f 8b (detected by content, not by name).
// Only regular files; trailing bytes after the last gzip member are an error, as in
// `spgraph stream`.
// Phases: open + fstat, mmap (O(1)); for gzip, one inflate pass (O(uncompressed size) memory).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace spgraph {

class InputBuffer {
 public:
  /// Maps `path` (or inflates it if gzip-compressed, to at most `max_bytes` when non-zero);
  /// throws IoError naming the file on failure. Only regular files are read: a FIFO, a device
  /// or a socket is refused at once (opened non-blocking, so a FIFO with no writer cannot
  /// hang). A regular file that reports size 0 (/proc) is read to its end.
  static InputBuffer open(const std::string& path, std::uint64_t max_bytes = 0);
  /// Wraps bytes already in memory, which must outlive the buffer unless they are gzip (then
  /// they are inflated into owned memory, at most `max_bytes`); `name` is used in errors.
  static InputBuffer from_memory(const std::string& name, std::string_view bytes,
                                 std::uint64_t max_bytes = 0);

  InputBuffer(InputBuffer&& o) noexcept;
  InputBuffer& operator=(InputBuffer&& o) noexcept;
  InputBuffer(const InputBuffer&) = delete;
  InputBuffer& operator=(const InputBuffer&) = delete;
  ~InputBuffer();

  /// The (uncompressed) content.
  std::string_view bytes() const { return view_; }
  /// Size of the file as stored (compressed size for gzip).
  std::uint64_t stored_size() const { return stored_size_; }
  /// True if the input was gzip-compressed.
  bool was_gzip() const { return gzip_; }
  /// Says that `part` of bytes() has been consumed: for a mapped file, its whole pages leave the
  /// process's resident memory (they are read from the file again if touched), so that a
  /// loader that copies the file into its arrays does not hold both. A no-op for inflated or
  /// in-memory content.
  void drop_pages(std::string_view part) const;

 private:
  InputBuffer() = default;
  void release();

  void* map_ = nullptr;
  std::size_t map_len_ = 0;
  std::string owned_;
  std::string_view view_;
  std::uint64_t stored_size_ = 0;
  bool gzip_ = false;
};

/// True if `bytes` begins with the gzip magic number.
bool is_gzip(std::string_view bytes);

/// Inflates a gzip stream (all members); throws ParseError naming `name` if it is corrupt, is
/// followed by anything but another gzip member, or expands past `max_bytes` (0 = no limit).
std::string gunzip(const std::string& name, std::string_view bytes, std::uint64_t max_bytes = 0);

}  // namespace spgraph
