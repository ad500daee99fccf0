// SPDX-License-Identifier: Apache-2.0
// GuardedServer (guarded_server.hpp): the keep-alive loop over GuardedStream, the connection
// limit and the graceful stop of `spgraph serve`.
#include "tools/spgraph/serve/guarded_server.hpp"

#include <sys/socket.h>
#include <unistd.h>

#include <string>

namespace spgraph::serve {

namespace {

thread_local GuardedStream* tls_stream = nullptr;

/// Counts an open connection while it lives.
class OpenConnection {
 public:
  explicit OpenConnection(std::atomic<std::size_t>& open) : open_(open), count_(++open) {}
  ~OpenConnection() { --open_; }
  std::size_t count() const { return count_; }

 private:
  std::atomic<std::size_t>& open_;
  std::size_t count_;
};

}  // namespace

GuardedServer::GuardedServer(const RequestLimits& limits, std::size_t max_connections)
    : limits_(limits), max_connections_(max_connections) {
  // One thread per connection, and a few more that only turn away connections past the limit.
  new_task_queue = [this] { return new httplib::ThreadPool(max_connections_ + 4); };
  set_payload_max_length(std::size_t(limits_.max_body));
}

void GuardedServer::stop_gracefully(std::chrono::milliseconds drain) {
  drain_deadline_ = (GuardClock::now() + drain).time_since_epoch().count();
  stopping_ = true;
  stop();
}

GuardedStream* GuardedServer::current_stream() {
  return tls_stream;
}

bool GuardedServer::process_and_close_socket(socket_t sock) {
  {
    OpenConnection open(open_);
    GuardedStream strm(sock, limits_, drain_deadline_);
    if (open.count() > max_connections_) {
      strm.write_error(503, "too many connections: the server serves " +
                                std::to_string(max_connections_) +
                                " at once (--max-connections); retry shortly");
      strm.linger(std::chrono::milliseconds(100));  // keeps the spare threads free
    } else {
      serve_connection(strm);
    }
  }
  ::close(sock);
  return true;
}

void GuardedServer::serve_connection(GuardedStream& strm) {
  tls_stream = &strm;
  for (;;) {
    if (!strm.wait_for_request(stopping_)) break;
    strm.begin_request();
    const bool last = stopping_.load();  // answered with "Connection: close"
    bool closed = false;
    const bool ok = process_request(strm, last, closed, nullptr);
    // A request line the guard refused ends the request before cpp-httplib answers anything.
    if (strm.failed() && strm.written() == 0)
      strm.write_error(strm.failure().status, strm.failure().reason);
    if (strm.closing()) {
      strm.linger();
      break;
    }
    if (!ok || closed || last) break;
  }
  tls_stream = nullptr;
}

}  // namespace spgraph::serve
