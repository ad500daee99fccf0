// SPDX-License-Identifier: Apache-2.0
// OutputFile: the one way spgraph writes a file. Bytes go to a temporary file beside the target
// (".NAME.spgraph-XXXXXX" in the same directory, so the final rename stays on one file system),
// gzip-compressed when the target's name ends in ".gz". commit() flushes, fsyncs the file,
// renames it over the target and fsyncs the directory, so a reader finds either the old file or
// the complete new one, never a part. A file that is not committed is removed: by the
// destructor, or by remove_uncommitted_outputs() from a signal handler (a process killed with
// SIGKILL can leave its hidden temporary file behind, never a partial target).
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace spgraph {

class OutputFile {
 public:
  /// Creates the temporary file for `path`; throws IoError naming `path` if it cannot.
  explicit OutputFile(std::string path);
  ~OutputFile();
  OutputFile(const OutputFile&) = delete;
  OutputFile& operator=(const OutputFile&) = delete;

  /// Appends bytes (buffered; compressed when the target ends in ".gz"). Throws IoError.
  void write(std::string_view bytes);
  /// Makes the file appear at its path, complete. Throws IoError (the target is then untouched).
  void commit();
  const std::string& path() const { return path_; }

 private:
  void flush_buffer(bool finish);
  void write_fd(const char* data, std::size_t n);
  void discard() noexcept;

  std::string path_, temp_;
  int fd_ = -1;
  int slot_ = -1;  ///< index in the signal-safe registry of uncommitted files
  bool gzip_ = false;
  bool committed_ = false;
  std::string buf_;
  struct Deflate;
  Deflate* z_ = nullptr;
};

/// Throws InvalidArgument if `output` is the same file as one of `inputs` (same device and
/// inode, so links and other spellings of a path count); inputs that do not exist are skipped.
void refuse_overwriting_input(const std::string& output, const std::vector<std::string>& inputs);

/// Unlinks every temporary output not yet committed. Async-signal-safe.
void remove_uncommitted_outputs() noexcept;

}  // namespace spgraph
