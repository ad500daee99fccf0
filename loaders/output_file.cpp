// SPDX-License-Identifier: Apache-2.0
// Implementation of OutputFile (see output_file.hpp): mkstemp + write(2) + fsync + rename, with
// zlib's deflate for ".gz" targets and a fixed table of pending temporary names that a signal
// handler may unlink without allocating.
#include "loaders/output_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <filesystem>

#include "engine/core/error.hpp"

namespace spgraph {

namespace {

// Temporary files not yet committed. A slot is claimed with a compare-exchange on `used` and
// published by setting `ready` after the name is copied; the handler reads only ready slots.
constexpr int kSlots = 32;
constexpr std::size_t kNameMax = 4096;
struct PendingSlot {
  std::atomic<bool> used{false};
  std::atomic<bool> ready{false};
  char name[kNameMax];
};
PendingSlot g_pending[kSlots];

int claim_slot(const std::string& temp) {
  if (temp.size() >= kNameMax) return -1;
  for (int i = 0; i < kSlots; ++i) {
    bool expected = false;
    if (g_pending[i].used.compare_exchange_strong(expected, true)) {
      std::memcpy(g_pending[i].name, temp.c_str(), temp.size() + 1);
      g_pending[i].ready.store(true);
      return i;
    }
  }
  return -1;  // more than kSlots outputs open at once: still removed by the destructor
}

void release_slot(int i) {
  if (i < 0) return;
  g_pending[i].ready.store(false);
  g_pending[i].used.store(false);
}

std::string errno_text() {
  return std::strerror(errno);
}

bool ends_with_gz(const std::string& path) {
  return path.size() > 3 && path.compare(path.size() - 3, 3, ".gz") == 0;
}

constexpr std::size_t kBufferBytes = std::size_t(1) << 20;

}  // namespace

struct OutputFile::Deflate {
  z_stream zs{};
  std::string out;
};

OutputFile::OutputFile(std::string path) : path_(std::move(path)), gzip_(ends_with_gz(path_)) {
  namespace fs = std::filesystem;
  if (path_.empty()) throw IoError("output path is empty");
  std::error_code ec;
  if (fs::is_directory(path_, ec)) throw IoError(path_ + ": cannot write: is a directory");
  const fs::path target(path_);
  const fs::path dir = target.has_parent_path() ? target.parent_path() : fs::path(".");
  // ".NAME.spgraph-XXXXXX" beside the target. A file name holds at most 255 bytes (NAME_MAX):
  // the temporary name keeps the first 200 bytes of NAME, so a 241- to 255-byte target gets a
  // temporary that fits (mkstemp's suffix keeps it unique).
  const std::string base = target.filename().string();
  std::string hidden(1, '.');  // built by appends: GCC 12 misreports "." + string (-Wrestrict)
  hidden.append(base, 0, std::min<std::size_t>(base.size(), 200));
  hidden.append(".spgraph-XXXXXX");
  temp_ = (dir / hidden).string();
  fd_ = mkostemp(temp_.data(), O_CLOEXEC);
  if (fd_ < 0) throw IoError(path_ + ": cannot open for writing: " + errno_text());
  slot_ = claim_slot(temp_);
  // mkstemp creates 0600; a graph file is as readable as any file the user writes.
  const mode_t mask = umask(0);
  umask(mask);
  fchmod(fd_, 0666 & ~mask);
  if (gzip_) {
    z_ = new Deflate;
    if (deflateInit2(&z_->zs, Z_DEFAULT_COMPRESSION, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) !=
        Z_OK) {
      delete z_;
      z_ = nullptr;
      discard();
      throw IoError(path_ + ": cannot initialise zlib");
    }
    z_->out.resize(kBufferBytes);
  }
  buf_.reserve(kBufferBytes);
}

OutputFile::~OutputFile() {
  if (!committed_) discard();
  if (z_) {
    deflateEnd(&z_->zs);
    delete z_;
  }
}

void OutputFile::discard() noexcept {
  if (fd_ >= 0) ::close(fd_);
  fd_ = -1;
  if (!temp_.empty()) ::unlink(temp_.c_str());
  release_slot(slot_);
  slot_ = -1;
}

void OutputFile::write_fd(const char* data, std::size_t n) {
  while (n) {
    const ssize_t k = ::write(fd_, data, n);
    if (k < 0) {
      if (errno == EINTR) continue;
      throw IoError(path_ + ": write failed: " + errno_text());
    }
    data += k;
    n -= std::size_t(k);
  }
}

void OutputFile::flush_buffer(bool finish) {
  if (!z_) {
    write_fd(buf_.data(), buf_.size());
    buf_.clear();
    return;
  }
  z_stream& zs = z_->zs;
  zs.next_in = reinterpret_cast<Bytef*>(buf_.data());
  zs.avail_in = uInt(buf_.size());
  for (;;) {
    zs.next_out = reinterpret_cast<Bytef*>(z_->out.data());
    zs.avail_out = uInt(z_->out.size());
    const int rc = deflate(&zs, finish ? Z_FINISH : Z_NO_FLUSH);
    if (rc == Z_STREAM_ERROR) throw IoError(path_ + ": gzip compression failed");
    write_fd(z_->out.data(), z_->out.size() - zs.avail_out);
    if (finish ? rc == Z_STREAM_END : zs.avail_in == 0 && zs.avail_out != 0) break;
  }
  buf_.clear();
}

void OutputFile::write(std::string_view bytes) {
  if (committed_ || fd_ < 0) throw IoError(path_ + ": write after commit");
  while (!bytes.empty()) {
    const std::size_t room = kBufferBytes - std::min(buf_.size(), kBufferBytes);
    const std::size_t k = std::min(room, bytes.size());
    buf_.append(bytes.data(), k);
    bytes.remove_prefix(k);
    if (buf_.size() >= kBufferBytes) flush_buffer(false);
  }
}

void OutputFile::commit() {
  if (committed_) return;
  if (fd_ < 0) throw IoError(path_ + ": write after a failure");
  flush_buffer(true);
  if (::fsync(fd_) != 0) throw IoError(path_ + ": cannot sync to disk: " + errno_text());
  if (::close(fd_) != 0) {
    fd_ = -1;
    throw IoError(path_ + ": write failed: " + errno_text());
  }
  fd_ = -1;
  if (std::rename(temp_.c_str(), path_.c_str()) != 0)
    throw IoError(path_ + ": cannot replace the file: " + errno_text());
  committed_ = true;
  release_slot(slot_);
  slot_ = -1;
  // The rename itself reaches the disk with the directory.
  const std::filesystem::path target(path_);
  const std::string dir = target.has_parent_path() ? target.parent_path().string() : ".";
  const int dfd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dfd >= 0) {
    ::fsync(dfd);
    ::close(dfd);
  }
}

void refuse_overwriting_input(const std::string& output, const std::vector<std::string>& inputs) {
  struct stat out {};
  if (output.empty() || ::stat(output.c_str(), &out) != 0) return;
  for (const std::string& in : inputs) {
    struct stat st {};
    if (in.empty() || in == "-" || ::stat(in.c_str(), &st) != 0) continue;
    if (st.st_dev == out.st_dev && st.st_ino == out.st_ino)
      throw InvalidArgument("output " + output + " is the input file " + in +
                            ": writing it would destroy the input; choose another output path");
  }
}

void remove_uncommitted_outputs() noexcept {
  for (PendingSlot& s : g_pending)
    if (s.ready.load()) ::unlink(s.name);
}

}  // namespace spgraph
