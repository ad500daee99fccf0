// SPDX-License-Identifier: Apache-2.0
// Implementation of InputBuffer: mmap for plain files, zlib inflate for gzip.
#include "loaders/input_buffer.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <utility>

#include "engine/core/error.hpp"
#include "engine/core/resources.hpp"

namespace spgraph {

void InputBuffer::drop_pages(std::string_view part) const {
  const char* base = static_cast<const char*>(map_);
  if (!map_ || view_.data() != base || part.empty() || part.data() < base ||
      part.data() + part.size() > base + map_len_)
    return;
  const auto page = std::uintptr_t(sysconf(_SC_PAGESIZE));
  const auto lo = (std::uintptr_t(part.data()) + page - 1) / page * page;
  const auto hi = std::uintptr_t(part.data() + part.size()) / page * page;
  // A private, read-only file mapping: the pages return from the file if read again.
  if (hi > lo) madvise(reinterpret_cast<void*>(lo), hi - lo, MADV_DONTNEED);
}

bool is_gzip(std::string_view bytes) {
  return bytes.size() >= 2 && static_cast<unsigned char>(bytes[0]) == 0x1f &&
         static_cast<unsigned char>(bytes[1]) == 0x8b;
}

std::string gunzip(const std::string& name, std::string_view bytes, std::uint64_t max_bytes) {
  std::string out;
  const std::size_t first = std::max<std::size_t>(bytes.size() * 4, 1 << 16);
  out.resize(max_bytes ? std::min<std::uint64_t>(first, max_bytes + 1) : first);
  z_stream zs{};
  if (inflateInit2(&zs, 15 + 32) != Z_OK) throw IoError(name + ": cannot initialise zlib");
  zs.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(bytes.data()));
  std::size_t in_left = bytes.size(), produced = 0;
  auto fail = [&](const std::string& why) {
    inflateEnd(&zs);
    throw ParseError(name, 0, why);
  };
  // The output grows to at most max_bytes + 1: one byte past the limit proves it is passed.
  auto fail_if_too_big = [&] {
    if (max_bytes && produced > max_bytes)
      fail("gzip data expands to more than " + human_bytes(double(max_bytes)) + " (from " +
           human_bytes(double(bytes.size())) +
           " compressed), more than half the memory budget leaves for parsing; nothing was "
           "parsed");
  };
  for (;;) {
    const uInt in_chunk = uInt(std::min<std::size_t>(in_left, 1u << 30));
    zs.avail_in = in_chunk;
    if (produced == out.size()) {
      fail_if_too_big();
      std::size_t grow = out.size() * 2;
      if (max_bytes) grow = std::min<std::uint64_t>(grow, max_bytes + 1);
      out.resize(grow);
    }
    const uInt out_chunk = uInt(std::min<std::size_t>(out.size() - produced, 1u << 30));
    zs.next_out = reinterpret_cast<Bytef*>(out.data() + produced);
    zs.avail_out = out_chunk;
    const int rc = inflate(&zs, Z_NO_FLUSH);
    in_left -= in_chunk - zs.avail_in;
    produced += out_chunk - zs.avail_out;
    if (rc == Z_STREAM_END) {
      // Concatenated gzip members are legal; anything else after a member is not.
      if (in_left == 0) break;
      if (in_left >= 2 && is_gzip(std::string_view(reinterpret_cast<const char*>(zs.next_in), 2))) {
        inflateReset(&zs);
        continue;
      }
      fail("corrupt gzip stream: " + std::to_string(in_left) +
           " bytes of trailing data after the gzip stream");
    }
    if (rc == Z_MEM_ERROR) {
      inflateEnd(&zs);
      throw OutOfMemory(name + ": zlib ran out of memory");
    }
    if (rc != Z_OK && rc != Z_BUF_ERROR)
      fail("corrupt gzip stream: " + std::string(zs.msg ? zs.msg : "invalid data"));
    if (rc == Z_BUF_ERROR && in_left == 0 && zs.avail_out != 0)
      fail("corrupt gzip stream: truncated (unexpected end of data)");
  }
  fail_if_too_big();
  inflateEnd(&zs);
  out.resize(produced);
  out.shrink_to_fit();
  return out;
}

namespace {

/// What a non-regular file is, for the message that refuses it.
std::string kind_of(mode_t mode) {
  if (S_ISDIR(mode)) return "is a directory";
  if (S_ISFIFO(mode))
    return "is a FIFO (named pipe): graph files must be regular files, which spgraph maps into "
           "memory; save the data to a file first (only 'stream --updates' reads pipes)";
  if (S_ISCHR(mode))
    return "is a character device, not a regular file: graph files must be regular files (only "
           "'stream --updates' reads pipes and standard input)";
  if (S_ISBLK(mode)) return "is a block device, not a regular file";
  if (S_ISSOCK(mode)) return "is a socket, not a regular file";
  return "is not a regular file";
}

/// Reads a regular file that reports size 0 but may have content (/proc and /sys files).
std::string read_all(const std::string& path, int fd, std::uint64_t max_bytes) {
  std::string out;
  char buf[1 << 16];
  for (;;) {
    const ssize_t k = ::read(fd, buf, sizeof buf);
    if (k == 0) return out;
    if (k < 0) {
      if (errno == EINTR || errno == EAGAIN) continue;
      throw IoError(path + ": cannot read: " + std::strerror(errno));
    }
    out.append(buf, std::size_t(k));
    if (max_bytes && out.size() > max_bytes)
      throw IoError(path + ": reports size 0 but holds more than " +
                    human_bytes(double(max_bytes)));
  }
}

}  // namespace

InputBuffer InputBuffer::open(const std::string& path, std::uint64_t max_bytes) {
  // O_NONBLOCK: opening a FIFO with no writer must not block; it is refused below.
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) throw IoError(path + ": cannot open: " + std::strerror(errno));
  struct stat st {};
  if (fstat(fd, &st) != 0) {
    const std::string why = std::strerror(errno);
    ::close(fd);
    throw IoError(path + ": cannot read: " + why);
  }
  if (!S_ISREG(st.st_mode)) {
    ::close(fd);
    throw IoError(path + ": cannot read: " + kind_of(st.st_mode));
  }
  InputBuffer b;
  b.stored_size_ = std::uint64_t(st.st_size);
  if (st.st_size > 0) {
    void* m = mmap(nullptr, std::size_t(st.st_size), PROT_READ, MAP_PRIVATE, fd, 0);
    if (m == MAP_FAILED) {
      const std::string why = std::strerror(errno);
      ::close(fd);
      throw IoError(path + ": cannot map: " + why);
    }
    // Two calls: the advice values are not bit flags (SEQUENTIAL | WILLNEED is WILLNEED).
    madvise(m, std::size_t(st.st_size), MADV_SEQUENTIAL);
    madvise(m, std::size_t(st.st_size), MADV_WILLNEED);
    b.map_ = m;
    b.map_len_ = std::size_t(st.st_size);
    b.view_ = std::string_view(static_cast<const char*>(m), b.map_len_);
  } else {
    try {
      b.owned_ = read_all(path, fd, max_bytes);
    } catch (...) {
      ::close(fd);
      throw;
    }
    b.view_ = b.owned_;
    b.stored_size_ = b.owned_.size();
  }
  ::close(fd);
  if (is_gzip(b.view_)) {
    std::string inflated = gunzip(path, b.view_, max_bytes);
    b.release();
    b.owned_ = std::move(inflated);
    b.view_ = b.owned_;
    b.gzip_ = true;
  }
  return b;
}

InputBuffer InputBuffer::from_memory(const std::string& name, std::string_view bytes,
                                     std::uint64_t max_bytes) {
  InputBuffer b;
  b.stored_size_ = bytes.size();
  if (is_gzip(bytes)) {
    b.owned_ = gunzip(name, bytes, max_bytes);
    b.gzip_ = true;
    b.view_ = b.owned_;
  } else {
    b.view_ = bytes;
  }
  return b;
}

InputBuffer::InputBuffer(InputBuffer&& o) noexcept {
  *this = std::move(o);
}

InputBuffer& InputBuffer::operator=(InputBuffer&& o) noexcept {
  if (this != &o) {
    release();
    const bool owned_view = o.view_.data() == o.owned_.data();
    map_ = std::exchange(o.map_, nullptr);
    map_len_ = std::exchange(o.map_len_, 0);
    owned_ = std::move(o.owned_);
    view_ = owned_view ? std::string_view(owned_) : o.view_;
    o.view_ = {};
    stored_size_ = o.stored_size_;
    gzip_ = o.gzip_;
  }
  return *this;
}

InputBuffer::~InputBuffer() {
  release();
}

void InputBuffer::release() {
  if (map_) munmap(map_, map_len_);
  map_ = nullptr;
  map_len_ = 0;
}

}  // namespace spgraph
