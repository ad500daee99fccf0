// SPDX-License-Identifier: Apache-2.0
// cpp-httplib's Server with the connection handling `spgraph serve` needs (docs/server.md,
// "Limits" and "Shutdown"): every connection is read through a GuardedStream
// (request_guard.hpp), its own keep-alive loop serves pipelined requests in order, and:
//   - at most max_connections are served at once, each on its own thread, so that slow clients
//     cannot hold the threads that health checks and queries need; one more is told 503;
//   - once stop_gracefully() is called, idle connections close, a request whose bytes have
//     arrived is still answered (with "Connection: close"), and reads wait no longer than the
//     drain time;
//   - the route handlers reach the stream of the request they answer through current_stream().
#pragma once

#include <httplib.h>

#include <atomic>
#include <chrono>
#include <cstdint>

#include "tools/spgraph/serve/request_guard.hpp"

namespace spgraph::serve {

class GuardedServer : public httplib::Server {
 public:
  GuardedServer(const RequestLimits& limits, std::size_t max_connections);

  /// Stops accepting; requests already sent are still answered, and reads stop waiting after
  /// `drain`. The listen call returns once every connection is done.
  void stop_gracefully(std::chrono::milliseconds drain);

  /// The stream of the request this thread is answering (null outside a request).
  static GuardedStream* current_stream();

  const RequestLimits& limits() const { return limits_; }
  std::size_t open_connections() const { return open_.load(); }

 protected:
  bool process_and_close_socket(socket_t sock) override;

 private:
  void serve_connection(GuardedStream& strm);

  RequestLimits limits_;
  std::size_t max_connections_;
  std::atomic<std::size_t> open_{0};
  std::atomic<bool> stopping_{false};
  std::atomic<std::int64_t> drain_deadline_{0};
};

}  // namespace spgraph::serve
