// SPDX-License-Identifier: Apache-2.0
// The limits `spgraph serve` holds for every request, whatever its framing (docs/server.md,
// "Limits"). cpp-httplib parses requests from an httplib::Stream; GuardedStream is that stream
// over one connection's socket. It reads ahead into its own buffer, which lives as long as the
// connection, so pipelined requests are kept (cpp-httplib's own stream is rebuilt per request
// and drops what it read ahead). Per request it enforces:
//   - the request line and headers: at most max_header_bytes and max_header_lines, every line
//     ending in CRLF, a request line "METHOD TARGET HTTP/1.x", headers "Name: value", at most one
//     Content-Length (digits only, at most max_body), Transfer-Encoding only "chunked" and never
//     with Content-Length, no body on a GET, a length on every POST (RFC 9112, sections 3, 5, 6);
//   - the bytes read after the headers: at most 2 * max_body + 64 KiB (the handler holds the
//     body's data to max_body itself; this bounds chunk framing);
//   - time: the headers within header_timeout of the request's first byte, the whole request
//     within request_timeout, each write within write_timeout, and all of it within the drain
//     deadline once the server stops.
// A request that breaks a rule makes every later read fail; failure() says why (the HTTP status
// and a reason for the client), and the connection is closed after the reply.
#pragma once

#include <httplib.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

namespace spgraph::serve {

using GuardClock = std::chrono::steady_clock;

/// What one request may cost. Defaults are those of `spgraph serve`.
struct RequestLimits {
  std::size_t max_header_bytes = std::size_t(64) << 10;  ///< request line and headers
  std::size_t max_header_lines = 100;                    ///< header lines (request line apart)
  std::uint64_t max_body = std::uint64_t(16) << 20;      ///< --max-body: a body's data bytes
  std::chrono::milliseconds header_timeout{10000};       ///< first byte to the end of the headers
  std::chrono::milliseconds request_timeout{60000};      ///< first byte to the body's last byte
  std::chrono::milliseconds idle_timeout{5000};          ///< keep-alive: wait for the next request
  std::chrono::milliseconds write_timeout{10000};        ///< one write of a reply
};

/// Why a request was cut off: the HTTP status to answer and what to tell the client.
struct RequestFailure {
  int status = 0;  ///< 0: no failure
  std::string reason;
};

/// What the headers said, as the guard read them.
struct RequestHead {
  std::string method;
  bool has_length = false, chunked = false;
  std::uint64_t length = 0;
};

class GuardedStream final : public httplib::Stream {
 public:
  /// `drain_deadline`: nanoseconds since GuardClock's epoch after which no read or write may
  /// wait (0: none); the server sets it when it stops.
  GuardedStream(socket_t sock, const RequestLimits& limits,
                const std::atomic<std::int64_t>& drain_deadline);

  bool is_readable() const override;
  bool is_writable() const override;
  ssize_t read(char* ptr, size_t size) override;
  ssize_t write(const char* ptr, size_t size) override;
  void get_remote_ip_and_port(std::string& ip, int& port) const override;
  void get_local_ip_and_port(std::string& ip, int& port) const override;
  socket_t socket() const override { return sock_; }

  /// Waits for the first byte of the next request: true when it is here; false when the peer
  /// closed, nothing came within idle_timeout, or `stopping` is set and nothing had come.
  bool wait_for_request(const std::atomic<bool>& stopping);
  /// Starts the budgets and clocks of the next request.
  void begin_request();

  const RequestFailure& failure() const { return failure_; }
  bool failed() const { return failure_.status != 0; }
  /// Marks the connection to be closed after this reply (a refusal before its body was read).
  void close_after_reply() { close_after_reply_ = true; }
  bool closing() const { return close_after_reply_ || failed(); }
  const RequestHead& head() const { return head_; }

  /// Bytes written since begin_request (0: nothing of a reply was sent).
  std::uint64_t written() const { return written_; }
  /// Writes a whole reply of `status` with {"error": reason} and "Connection: close" (for a
  /// request cut off before cpp-httplib could answer it).
  void write_error(int status, const std::string& reason);

  /// Closes the write side, then reads and drops what the peer still sends for at most `wait`
  /// (so that a refusal sent before the body was read is not lost to a connection reset).
  void linger(std::chrono::milliseconds wait = std::chrono::milliseconds(500));

 private:
  bool fail(int status, std::string reason);
  /// Fills the buffer: false on a failure, a timeout or the peer's end.
  bool fill();
  /// One recv into the buffer (the socket is readable): false at the peer's end.
  bool receive();
  GuardClock::time_point read_deadline() const;
  /// Checks delivered bytes against the header rules and budgets.
  bool track(const char* data, std::size_t n);
  bool header_line_done();
  bool headers_done();

  socket_t sock_;
  const RequestLimits& limits_;
  const std::atomic<std::int64_t>& drain_deadline_;
  std::vector<char> buf_;
  std::size_t pos_ = 0, end_ = 0;
  bool peer_closed_ = false;

  // The request being read.
  GuardClock::time_point started_{};
  bool in_headers_ = true;
  std::size_t header_bytes_ = 0, header_lines_ = 0;
  std::string line_;  ///< the header line being delivered
  std::uint64_t body_bytes_ = 0;
  unsigned content_lengths_ = 0;
  RequestHead head_;
  RequestFailure failure_;
  bool close_after_reply_ = false;
  std::uint64_t written_ = 0;
};

}  // namespace spgraph::serve
