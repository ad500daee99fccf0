// SPDX-License-Identifier: Apache-2.0
// GuardedStream (request_guard.hpp): a connection's socket under the request rules of
// docs/server.md, "Limits". Header syntax follows RFC 9112 sections 2.2, 3 and 5 (CRLF line
// ends, "Name: value" with a token name, no obs-fold) and the body framing rules of section 6
// (one Content-Length, chunked alone, no length and chunked together).
#include "tools/spgraph/serve/request_guard.hpp"

#include <netdb.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <nlohmann/json.hpp>

namespace spgraph::serve {

namespace {

constexpr std::size_t kBufferBytes = std::size_t(16) << 10;
constexpr std::size_t kMaxLineBytes = 8192;  // one header line, or the request line
constexpr std::uint64_t kFramingSlack = std::uint64_t(64) << 10;

bool is_token_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
         std::strchr("!#$%&'*+-.^_`|~", c) != nullptr;
}

std::string lower(std::string s) {
  for (char& c : s)
    if (c >= 'A' && c <= 'Z') c = char(c - 'A' + 'a');
  return s;
}

std::string trim(const std::string& s) {
  const std::size_t b = s.find_first_not_of(" \t");
  if (b == std::string::npos) return {};
  return s.substr(b, s.find_last_not_of(" \t") - b + 1);
}

/// Waits until `fd` is ready for `events` or `deadline` passes; a deadline already past still
/// looks once (what has arrived by now counts).
bool wait_fd(int fd, short events, GuardClock::time_point deadline) {
  for (;;) {
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - GuardClock::now());
    pollfd p{fd, events, 0};
    const int r = ::poll(&p, 1, int(std::clamp<std::int64_t>(left.count(), 0, 1000000)));
    if (r > 0) return true;
    if (r < 0 && errno == EINTR) continue;
    if (r < 0 || left.count() <= 0) return false;
  }
}

void address_of(int fd, bool peer, std::string& ip, int& port) {
  sockaddr_storage addr{};
  socklen_t len = sizeof addr;
  const int r = peer ? ::getpeername(fd, reinterpret_cast<sockaddr*>(&addr), &len)
                     : ::getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &len);
  char host[NI_MAXHOST] = "", serv[NI_MAXSERV] = "";
  if (r != 0 || ::getnameinfo(reinterpret_cast<sockaddr*>(&addr), len, host, sizeof host, serv,
                              sizeof serv, NI_NUMERICHOST | NI_NUMERICSERV) != 0)
    return;
  ip = host;
  port = std::atoi(serv);
}

/// The reason phrase of the statuses the guard answers itself.
const char* reason_phrase(int status) {
  switch (status) {
    case 400:
      return "Bad Request";
    case 408:
      return "Request Timeout";
    case 411:
      return "Length Required";
    case 413:
      return "Payload Too Large";
    case 414:
      return "URI Too Long";
    case 431:
      return "Request Header Fields Too Large";
    case 501:
      return "Not Implemented";
    case 503:
      return "Service Unavailable";
    default:
      return "Error";
  }
}

}  // namespace

GuardedStream::GuardedStream(socket_t sock, const RequestLimits& limits,
                             const std::atomic<std::int64_t>& drain_deadline)
    : sock_(sock), limits_(limits), drain_deadline_(drain_deadline), buf_(kBufferBytes) {}

bool GuardedStream::fail(int status, std::string reason) {
  if (!failed()) failure_ = {status, std::move(reason)};
  return false;
}

GuardClock::time_point GuardedStream::read_deadline() const {
  GuardClock::time_point d =
      started_ + (in_headers_ ? limits_.header_timeout : limits_.request_timeout);
  if (const std::int64_t drain = drain_deadline_.load())
    d = std::min(d, GuardClock::time_point(GuardClock::duration(drain)));
  return d;
}

bool GuardedStream::receive() {
  ssize_t got;
  do {
    got = ::recv(sock_, buf_.data(), buf_.size(), 0);
  } while (got < 0 && errno == EINTR);
  if (got <= 0) {
    peer_closed_ = true;
    return false;
  }
  pos_ = 0;
  end_ = std::size_t(got);
  return true;
}

bool GuardedStream::fill() {
  if (peer_closed_) return false;
  if (!wait_fd(sock_, POLLIN, read_deadline())) {
    const bool stopping = drain_deadline_.load() != 0;
    return fail(408, stopping ? "the server is shutting down and the request was not complete"
                     : in_headers_
                         ? "request timeout: the headers did not arrive within " +
                               std::to_string(limits_.header_timeout.count() / 1000) + " s"
                         : "request timeout: the request did not arrive within " +
                               std::to_string(limits_.request_timeout.count() / 1000) + " s");
  }
  return receive();
}

bool GuardedStream::wait_for_request(const std::atomic<bool>& stopping) {
  if (pos_ < end_) return true;
  if (peer_closed_) return false;
  const auto idle_end = GuardClock::now() + limits_.idle_timeout;
  for (;;) {
    // In slices, so that an idle connection notices the server stopping.
    const auto slice = std::min(idle_end, GuardClock::now() + std::chrono::milliseconds(50));
    const bool ready = wait_fd(sock_, POLLIN, stopping.load() ? GuardClock::now() : slice);
    if (ready) break;
    if (stopping.load() || GuardClock::now() >= idle_end) return false;
  }
  return receive();
}

void GuardedStream::begin_request() {
  started_ = GuardClock::now();
  in_headers_ = true;
  header_bytes_ = header_lines_ = 0;
  line_.clear();
  body_bytes_ = 0;
  content_lengths_ = 0;
  head_ = {};
  failure_ = {};
  close_after_reply_ = false;
  written_ = 0;
}

bool GuardedStream::is_readable() const {
  if (pos_ < end_) return true;
  return !peer_closed_ && wait_fd(sock_, POLLIN, read_deadline());
}

bool GuardedStream::is_writable() const {
  return wait_fd(sock_, POLLOUT, GuardClock::now() + limits_.write_timeout);
}

ssize_t GuardedStream::read(char* ptr, size_t size) {
  if (failed() || size == 0) return -1;
  if (pos_ == end_ && !fill()) return failed() ? -1 : 0;
  const std::size_t n = std::min(size, end_ - pos_);
  if (!track(buf_.data() + pos_, n)) return -1;
  std::memcpy(ptr, buf_.data() + pos_, n);
  pos_ += n;
  return ssize_t(n);
}

ssize_t GuardedStream::write(const char* ptr, size_t size) {
  if (!wait_fd(sock_, POLLOUT, GuardClock::now() + limits_.write_timeout)) return -1;
  ssize_t put;
  do {
    put = ::send(sock_, ptr, size, MSG_NOSIGNAL);
  } while (put < 0 && errno == EINTR);
  if (put > 0) written_ += std::uint64_t(put);
  return put;
}

void GuardedStream::write_error(int status, const std::string& reason) {
  const std::string body = nlohmann::json{{"error", reason}}.dump(
                               -1, ' ', false, nlohmann::json::error_handler_t::replace) +
                           "\n";
  const std::string all =
      "HTTP/1.1 " + std::to_string(status) + " " + reason_phrase(status) +
      "\r\nContent-Type: application/json\r\nContent-Length: " + std::to_string(body.size()) +
      "\r\nConnection: close\r\n\r\n" + body;
  std::size_t put = 0;
  while (put < all.size()) {
    const ssize_t n = write(all.data() + put, all.size() - put);
    if (n <= 0) break;
    put += std::size_t(n);
  }
}

void GuardedStream::get_remote_ip_and_port(std::string& ip, int& port) const {
  address_of(sock_, true, ip, port);
}

void GuardedStream::get_local_ip_and_port(std::string& ip, int& port) const {
  address_of(sock_, false, ip, port);
}

void GuardedStream::linger(std::chrono::milliseconds wait) {
  ::shutdown(sock_, SHUT_WR);
  const auto until = GuardClock::now() + wait;
  std::size_t dropped = 0;
  while (dropped < (std::size_t(1) << 20) && wait_fd(sock_, POLLIN, until)) {
    const ssize_t got = ::recv(sock_, buf_.data(), buf_.size(), 0);
    if (got <= 0) break;
    dropped += std::size_t(got);
  }
}

bool GuardedStream::track(const char* data, std::size_t n) {
  if (!in_headers_) {
    body_bytes_ += n;
    if (body_bytes_ > 2 * limits_.max_body + kFramingSlack)
      return fail(413, "request body too large: more than the server's --max-body (" +
                           std::to_string(limits_.max_body) + " bytes) were sent");
    return true;
  }
  // Headers are read a byte at a time (cpp-httplib's line reader), so a read never spans the
  // end of the headers; the loop still handles any split.
  for (std::size_t k = 0; k < n; ++k) {
    if (!in_headers_) return track(data + k, n - k);
    if (++header_bytes_ > limits_.max_header_bytes)
      return fail(431, "request headers too large: more than " +
                           std::to_string(limits_.max_header_bytes) + " bytes");
    line_ += data[k];
    if (line_.size() > kMaxLineBytes + 2)
      return fail(header_lines_ == 0 ? 414 : 431,
                  std::string(header_lines_ == 0 ? "request line" : "a header line") +
                      " longer than " + std::to_string(kMaxLineBytes) + " bytes");
    if (data[k] == '\n' && !header_line_done()) return false;
  }
  return true;
}

bool GuardedStream::header_line_done() {
  const std::size_t number = header_lines_++;
  if (line_.size() < 2 || line_[line_.size() - 2] != '\r')
    return fail(400, "malformed request: " +
                         (number == 0 ? std::string("the request line")
                                      : "header line " + std::to_string(number)) +
                         " does not end in CRLF");
  const std::string text = line_.substr(0, line_.size() - 2);
  line_.clear();
  if (number == 0) {  // METHOD SP TARGET SP HTTP/1.x
    const std::size_t a = text.find(' '), b = text.rfind(' ');
    bool ok = a != std::string::npos && a > 0 && b > a + 1;
    for (std::size_t k = 0; ok && k < a; ++k) ok = text[k] >= 'A' && text[k] <= 'Z';
    for (std::size_t k = a + 1; ok && k < b; ++k)
      ok = (unsigned char)text[k] > ' ' && text[k] != '\x7f';
    ok = ok && (text.compare(b + 1, std::string::npos, "HTTP/1.1") == 0 ||
                text.compare(b + 1, std::string::npos, "HTTP/1.0") == 0);
    if (!ok)
      return fail(400,
                  "malformed request line: expected 'METHOD /path HTTP/1.1' (HTTP/1.0 and "
                  "HTTP/1.1 are served)");
    head_.method = text.substr(0, a);
    return true;
  }
  if (text.empty()) return headers_done();
  if (number > limits_.max_header_lines)
    return fail(431,
                "too many header lines: more than " + std::to_string(limits_.max_header_lines));
  const std::size_t colon = text.find(':');
  bool ok = colon != std::string::npos && colon > 0;
  for (std::size_t k = 0; ok && k < colon; ++k) ok = is_token_char(text[k]);
  for (std::size_t k = colon + 1; ok && k < text.size(); ++k)
    ok = text[k] == '\t' || ((unsigned char)text[k] >= ' ' && text[k] != '\x7f');
  if (!ok)
    return fail(400, "malformed request: header line " + std::to_string(number) +
                         " is not 'Name: value' (a token name, no line folding, no control "
                         "bytes)");
  const std::string name = lower(text.substr(0, colon));
  const std::string value = trim(text.substr(colon + 1));
  if (name == "content-length") {
    if (++content_lengths_ > 1)
      return fail(400, "malformed request: more than one Content-Length header");
    bool digits = !value.empty() && value.size() <= 19;
    for (char c : value) digits = digits && c >= '0' && c <= '9';
    if (!digits)
      return fail(400, "malformed request: Content-Length '" + value.substr(0, 40) +
                           "' is not a decimal byte count");
    head_.has_length = true;
    head_.length = std::stoull(value);
  } else if (name == "transfer-encoding") {
    if (lower(value) != "chunked" || head_.chunked)
      return fail(501, "Transfer-Encoding '" + value.substr(0, 40) +
                           "' is not supported (only a single 'chunked')");
    head_.chunked = true;
  }
  return true;
}

bool GuardedStream::headers_done() {
  in_headers_ = false;
  if (head_.has_length && head_.chunked)
    return fail(400, "malformed request: both Content-Length and Transfer-Encoding are given");
  const bool body = head_.chunked || (head_.has_length && head_.length > 0);
  if ((head_.method == "GET" || head_.method == "HEAD") && body)
    return fail(400, "a " + head_.method + " request takes no body");
  if (head_.method == "POST" && !head_.has_length && !head_.chunked)
    return fail(411, "a POST needs a Content-Length header or Transfer-Encoding: chunked");
  if (head_.has_length && head_.length > limits_.max_body)
    return fail(413, "request body too large: " + std::to_string(head_.length) +
                         " bytes, the server's --max-body is " + std::to_string(limits_.max_body));
  return true;
}

}  // namespace spgraph::serve
