// SPDX-License-Identifier: Apache-2.0
// File-system steps of the durable store (graph_store.hpp), each with the error it gives: an
// owned file descriptor, whole-file reads, a durable atomic write (OutputFile, then an fsync of
// the directory that must succeed), directory listing and syncing. Every failure is a
// StoreError naming the path and the system's reason.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace spgraph::store_files {

/// An open file descriptor, closed on destruction.
class Fd {
 public:
  Fd() = default;
  explicit Fd(int fd) : fd_(fd) {}
  Fd(Fd&& o) noexcept : fd_(o.fd_) { o.fd_ = -1; }
  Fd& operator=(Fd&& o) noexcept;
  Fd(const Fd&) = delete;
  Fd& operator=(const Fd&) = delete;
  ~Fd();
  int get() const { return fd_; }

 private:
  int fd_ = -1;
};

/// "path: what: the system's reason" for the current errno.
std::string errno_message(const std::string& path, const std::string& what);
/// dir + "/" + name.
std::string join(const std::string& dir, std::string_view name);
/// Creates `dir` (and no parents) unless it exists as a directory.
void make_directory(const std::string& dir);
/// The names in `dir` (no "." or "..").
std::vector<std::string> list_directory(const std::string& dir);
/// fsync of the directory itself, so that renames and new names in it are durable.
void sync_directory(const std::string& dir);
/// The whole file; StoreError when it cannot be read.
std::string read_file(const std::string& path);
/// Writes `bytes` to dir/name through OutputFile (a hidden temporary file beside it, fsync,
/// rename), then fsyncs the directory, failing if that fails: afterwards `name` holds either its
/// old contents or all of `bytes`, whatever crashes, and the rename is durable.
void write_file_atomically(const std::string& dir, const std::string& name, std::string_view bytes);
/// True when `name` is the temporary file of a write that did not finish (OutputFile's
/// ".NAME.spgraph-XXXXXX"), which recovery deletes.
bool is_unfinished_write(const std::string& name);
/// True when `path` exists.
bool exists(const std::string& path);
/// Removes `path` if it exists.
void remove_file(const std::string& path);

}  // namespace spgraph::store_files
