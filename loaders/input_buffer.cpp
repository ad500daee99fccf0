// Implementation of InputBuffer: mmap for plain files, zlib inflate for gzip.
#include "loaders/input_buffer.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include <cerrno>
#include <cstring>
#include <utility>

#include "engine/error.hpp"

namespace spgraph {

bool is_gzip(std::string_view bytes) {
  return bytes.size() >= 2 && static_cast<unsigned char>(bytes[0]) == 0x1f &&
         static_cast<unsigned char>(bytes[1]) == 0x8b;
}

std::string gunzip(const std::string& name, std::string_view bytes) {
  std::string out;
  out.resize(std::max<std::size_t>(bytes.size() * 4, 1 << 16));
  z_stream zs{};
  if (inflateInit2(&zs, 15 + 32) != Z_OK) throw IoError(name + ": cannot initialise zlib");
  zs.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(bytes.data()));
  std::size_t in_left = bytes.size(), produced = 0;
  for (;;) {
    const uInt in_chunk = uInt(std::min<std::size_t>(in_left, 1u << 30));
    zs.avail_in = in_chunk;
    if (produced == out.size()) out.resize(out.size() * 2);
    const uInt out_chunk = uInt(std::min<std::size_t>(out.size() - produced, 1u << 30));
    zs.next_out = reinterpret_cast<Bytef*>(out.data() + produced);
    zs.avail_out = out_chunk;
    const int rc = inflate(&zs, Z_NO_FLUSH);
    in_left -= in_chunk - zs.avail_in;
    produced += out_chunk - zs.avail_out;
    if (rc == Z_STREAM_END) {
      // Concatenated gzip members are legal; continue if more gzip data follows.
      if (in_left >= 2 && is_gzip(std::string_view(reinterpret_cast<const char*>(zs.next_in), 2))) {
        inflateReset(&zs);
        continue;
      }
      break;
    }
    if (rc != Z_OK && rc != Z_BUF_ERROR) {
      const std::string why = zs.msg ? zs.msg : "invalid data";
      inflateEnd(&zs);
      throw ParseError(name, 0, "corrupt gzip stream: " + why);
    }
    if (rc == Z_BUF_ERROR && in_left == 0 && zs.avail_out != 0) {
      inflateEnd(&zs);
      throw ParseError(name, 0, "corrupt gzip stream: truncated (unexpected end of data)");
    }
  }
  inflateEnd(&zs);
  out.resize(produced);
  return out;
}

InputBuffer InputBuffer::open(const std::string& path) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) throw IoError(path + ": cannot open: " + std::strerror(errno));
  struct stat st {};
  if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    const std::string why = S_ISDIR(st.st_mode) ? "is a directory" : std::strerror(errno);
    ::close(fd);
    throw IoError(path + ": cannot read: " + why);
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
    madvise(m, std::size_t(st.st_size), MADV_SEQUENTIAL | MADV_WILLNEED);
    b.map_ = m;
    b.map_len_ = std::size_t(st.st_size);
    b.view_ = std::string_view(static_cast<const char*>(m), b.map_len_);
  }
  ::close(fd);
  if (is_gzip(b.view_)) {
    b.owned_ = gunzip(path, b.view_);
    b.release();
    b.view_ = b.owned_;
    b.gzip_ = true;
  }
  return b;
}

InputBuffer InputBuffer::from_memory(const std::string& name, std::string_view bytes) {
  InputBuffer b;
  b.stored_size_ = bytes.size();
  if (is_gzip(bytes)) {
    b.owned_ = gunzip(name, bytes);
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
