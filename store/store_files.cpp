// SPDX-License-Identifier: Apache-2.0
// File-system steps of the durable store (store_files.hpp). Whole files are written through
// the project's one atomic writer, loaders/output_file.hpp.
#include "store/store_files.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "store/graph_store.hpp"
#include "loaders/output_file.hpp"

namespace spgraph::store_files {

Fd& Fd::operator=(Fd&& o) noexcept {
  if (this != &o) {
    if (fd_ >= 0) ::close(fd_);
    fd_ = o.fd_;
    o.fd_ = -1;
  }
  return *this;
}

Fd::~Fd() {
  if (fd_ >= 0) ::close(fd_);
}

std::string errno_message(const std::string& path, const std::string& what) {
  std::string m = path;
  m += ": ";
  m += what;
  m += ": ";
  m += std::strerror(errno);
  return m;
}

std::string join(const std::string& dir, std::string_view name) {
  std::string p = dir;
  if (!p.empty() && p.back() != '/') p += '/';
  p += name;
  return p;
}

void make_directory(const std::string& dir) {
  struct stat st {};
  if (::stat(dir.c_str(), &st) == 0) {
    if (!S_ISDIR(st.st_mode)) throw StoreError(dir + ": exists and is not a directory");
    return;
  }
  if (::mkdir(dir.c_str(), 0755) != 0) throw StoreError(errno_message(dir, "cannot create"));
}

std::vector<std::string> list_directory(const std::string& dir) {
  DIR* d = ::opendir(dir.c_str());
  if (!d) throw StoreError(errno_message(dir, "cannot list"));
  std::vector<std::string> names;
  while (const dirent* e = ::readdir(d)) {
    const std::string n = e->d_name;
    if (n != "." && n != "..") names.push_back(n);
  }
  ::closedir(d);
  return names;
}

void sync_directory(const std::string& dir) {
  Fd fd(::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
  if (fd.get() < 0) throw StoreError(errno_message(dir, "cannot open the directory"));
  if (::fsync(fd.get()) != 0) throw StoreError(errno_message(dir, "cannot sync the directory"));
}

std::string read_file(const std::string& path) {
  Fd fd(::open(path.c_str(), O_RDONLY | O_CLOEXEC));
  if (fd.get() < 0) throw StoreError(errno_message(path, "cannot open"));
  std::string bytes;
  char buf[1 << 16];
  for (;;) {
    const ssize_t r = ::read(fd.get(), buf, sizeof buf);
    if (r < 0 && errno == EINTR) continue;
    if (r < 0) throw StoreError(errno_message(path, "cannot read"));
    if (r == 0) break;
    bytes.append(buf, std::size_t(r));
  }
  return bytes;
}

void write_file_atomically(const std::string& dir, const std::string& name,
                           std::string_view bytes) {
  try {
    OutputFile out(join(dir, name));
    out.write(bytes);
    out.commit();
  } catch (const IoError& e) {
    throw StoreError(e.what());
  }
  // OutputFile syncs the directory on a best-effort basis; the store truncates its log only
  // after a checkpoint's rename is durable, so here a failure must be an error.
  sync_directory(dir);
}

bool is_unfinished_write(const std::string& name) {
  return name.size() > 1 && name[0] == '.' && name.find(".spgraph-") != std::string::npos;
}

bool exists(const std::string& path) {
  struct stat st {};
  return ::stat(path.c_str(), &st) == 0;
}

void remove_file(const std::string& path) {
  if (::unlink(path.c_str()) != 0 && errno != ENOENT)
    throw StoreError(errno_message(path, "cannot remove"));
}

}  // namespace spgraph::store_files
