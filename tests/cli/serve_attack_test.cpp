// SPDX-License-Identifier: Apache-2.0
// `spgraph serve` under attack, so that no request can take the server down or lose an answered
// batch (docs/server.md, "Limits" and "Shutdown"): the real binary on 127.0.0.1, driven over raw
// sockets, so that requests no HTTP client library would send can be sent. Every attack is a
// bounded loop, and after each the server must still answer /health. Checked: malformed HTTP (bare
// LF, a bad request line, two Content-Lengths, a length and chunked together, a GET with a body, a
// POST without a length, 200,000 header lines, a 10 KB header line) gets a 4xx naming the problem;
// a chunked body past --max-body is 413 and applies nothing; 50 pipelined GETs get 50 answers in
// order; body rules are `stream`'s (a byte order mark and CRLF accepted, CR-only line ends, 1e309
// and a repeated JSON key refused); growth past the size rule is refused; --token-file guards
// updates; slow clients neither starve /health nor stop a graceful shutdown; connections past
// --max-connections get 503; POSTs in flight at SIGTERM are answered and kept; server messages use
// the file's ids; an empty POST is refused at once in every framing, and the status page and
// the new endpoints keep every rule; and the peak resident memory stays within the bound
// docs/server.md states. No assertion depends on timing: the waits are deadlines for things that
// must happen.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "tests/cli/serve_process.hpp"

namespace spgraph::testing {
namespace {

/// A client socket connected to the server.
class Socket {
 public:
  explicit Socket(int port, int timeout_ms = 5000) : fd_(::socket(AF_INET, SOCK_STREAM, 0)) {
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_port = htons(std::uint16_t(port));
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    timeval tv{timeout_ms / 1000, (timeout_ms % 1000) * 1000};
    setsockopt(fd_, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    setsockopt(fd_, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
    ok_ = ::connect(fd_, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0;
  }
  ~Socket() { ::close(fd_); }
  bool ok() const { return ok_; }
  /// Sends all of `data` (false when the server closed first).
  bool send(const std::string& data) {
    std::size_t put = 0;
    while (put < data.size()) {
      const ssize_t n = ::send(fd_, data.data() + put, data.size() - put, MSG_NOSIGNAL);
      if (n <= 0) return false;
      put += std::size_t(n);
    }
    return true;
  }
  /// Reads until the server closes or the timeout passes with nothing new.
  std::string read_all() {
    std::string out;
    char buf[65536];
    for (;;) {
      const ssize_t n = ::recv(fd_, buf, sizeof buf, 0);
      if (n <= 0) break;
      out.append(buf, std::size_t(n));
    }
    return out;
  }

 private:
  int fd_;
  bool ok_ = false;
};

/// Sends `request` on a fresh connection and returns all the server answers.
std::string round_trip(int port, const std::string& request, int timeout_ms = 5000) {
  Socket s(port, timeout_ms);
  if (!s.ok()) return {};
  s.send(request);
  return s.read_all();
}

int status_of(const std::string& reply) {
  return reply.rfind("HTTP/1.1 ", 0) == 0 ? std::atoi(reply.c_str() + 9) : 0;
}

std::size_t count(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

std::string get_request(const std::string& path) {
  return "GET " + path + " HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n";
}

std::string post_request(const std::string& body, const std::string& extra = "") {
  return "POST /updates HTTP/1.1\r\nHost: t\r\nConnection: close\r\n" + extra +
         "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body;
}

std::string chunked(const std::string& body, std::size_t piece = 65536) {
  std::string out;
  char size[32];
  for (std::size_t k = 0; k < body.size(); k += piece) {
    const std::string part = body.substr(k, piece);
    std::snprintf(size, sizeof size, "%zx\r\n", part.size());
    out += size + part + "\r\n";
  }
  return out + "0\r\n\r\n";
}

bool healthy(int port) {
  return status_of(round_trip(port, get_request("/health"))) == 200;
}

std::string version_of(int port) {
  const std::string r = round_trip(port, get_request("/health"));
  const std::size_t at = r.find("\"version\":");
  return at == std::string::npos ? "" : r.substr(at + 10, r.find('}', at) - at - 10);
}

std::filesystem::path small_graph(const std::string& name, const std::string& text) {
  return temp_file(name, text);
}

struct Case {
  const char* what;
  std::string request;
  int status;
  const char* message;
};

TEST(ServeAttack, MalformedRequestsGetA4xxThatNamesTheProblem) {
  const auto g = small_graph("attack_g1.txt", "1 2\n2 3\n3 1\n");
  Server s = start_server({g.string(), "--max-body", "100000"});
  ASSERT_GT(s.port, 0) << s.first_line;
  std::string headers;
  for (int k = 0; k < 200000; ++k) headers += "X-A: b\r\n";
  const std::vector<Case> cases = {
      {"bare LF", "GET /health HTTP/1.1\nHost: t\n\n", 400, "does not end in CRLF"},
      {"bad request line", "HELLO\r\n\r\n", 400, "malformed request line"},
      {"HTTP/2 request line", "GET /health HTTP/2.0\r\n\r\n", 400, "malformed request line"},
      {"two lengths", post_request("+ 1 2\n", "Content-Length: 7\r\n"), 400,
       "more than one Content-Length"},
      {"length and chunked",
       "POST /updates HTTP/1.1\r\nContent-Length: 6\r\nTransfer-Encoding: chunked\r\n\r\n", 400,
       "both Content-Length and Transfer-Encoding"},
      {"gzip transfer coding", "POST /updates HTTP/1.1\r\nTransfer-Encoding: gzip\r\n\r\n", 501,
       "not supported"},
      {"GET with a body", "GET /health HTTP/1.1\r\nContent-Length: 6\r\n\r\n+ 1 2\n", 400,
       "takes no body"},
      {"POST without a length", "POST /updates HTTP/1.1\r\n\r\n+ 1 2\n", 411,
       "needs a Content-Length"},
      {"200,000 header lines", "GET /health HTTP/1.1\r\n" + headers + "\r\n", 431,
       "too many header lines"},
      {"a 10 KB header line",
       "GET /health HTTP/1.1\r\nX-A: " + std::string(10000, 'a') + "\r\n\r\n", 431, "longer than"},
      {"a 10 KB request line", "GET /health?" + std::string(10000, 'a') + " HTTP/1.1\r\n\r\n", 414,
       "request line longer"},
      {"a header without a colon", "GET /health HTTP/1.1\r\nnocolon\r\n\r\n", 400,
       "is not 'Name: value'"},
      {"a folded header", "GET /health HTTP/1.1\r\nX-A: b\r\n c\r\n\r\n", 400,
       "is not 'Name: value'"},
      {"length past --max-body", "POST /updates HTTP/1.1\r\nContent-Length: 100001\r\n\r\n", 413,
       "too large"},
      {"a length that is not a number", "POST /updates HTTP/1.1\r\nContent-Length: 1e3\r\n\r\n",
       400, "not a decimal byte count"},
      {"broken chunk framing",
       "POST /updates HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n+ 1 2\n\r\n0\r\n\r\n",
       400, "chunked encoding is broken"},
      {"a repeated parameter", get_request("/bfs?source=1&source=2"), 400,
       "'source' is given more than once"},
      {"no such endpoint", get_request("/nothing"), 404, "no such endpoint"},
      {"wrong method", "DELETE /updates HTTP/1.1\r\nConnection: close\r\n\r\n", 405, "takes POST"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.what);
    const std::string reply = round_trip(s.port, c.request);
    EXPECT_EQ(status_of(reply), c.status) << reply.substr(0, 400);
    EXPECT_NE(reply.find(c.message), std::string::npos) << reply.substr(0, 400);
    EXPECT_NE(reply.find("Content-Type: application/json"), std::string::npos);
    EXPECT_EQ(reply.find("EXCEPTION_WHAT"), std::string::npos);
    EXPECT_TRUE(healthy(s.port));
  }
  EXPECT_EQ(version_of(s.port), "0");  // nothing was applied
  EXPECT_TRUE(exited_ok(stop_server(s)));
}

TEST(ServeAttack, ChunkedBodiesAreHeldToMaxBodyAndPipelinedRequestsAllAnswered) {
  const auto g = small_graph("attack_g2.txt", "0 1\n1 2\n");
  Server s = start_server({g.string(), "--max-body", "100000"});
  ASSERT_GT(s.port, 0) << s.first_line;
  std::string body;
  while (body.size() <= 400000) body += "+ 1 2\n";
  const std::string reply = round_trip(
      s.port, "POST /updates HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n" + chunked(body, 4096));
  EXPECT_EQ(status_of(reply), 413) << reply.substr(0, 300);
  EXPECT_NE(reply.find("--max-body"), std::string::npos);
  // Within the limit, chunked works, in small pieces too.
  const std::string ok = round_trip(
      s.port, "POST /updates HTTP/1.1\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n" +
                  chunked("+ 2 3\n+ 3 4\n", 5));
  EXPECT_EQ(status_of(ok), 200) << ok;
  EXPECT_EQ(version_of(s.port), "1");
  std::string pipelined;
  for (int k = 0; k < 50; ++k)
    pipelined += "GET /degree?vertex=" + std::to_string(k % 5) + " HTTP/1.1\r\nHost: t\r\n\r\n";
  pipelined += get_request("/health");
  const std::string all = round_trip(s.port, pipelined);
  EXPECT_EQ(count(all, "HTTP/1.1 200 OK"), 51u);
  // In order: the k-th answer names vertex k % 5.
  std::size_t at = 0;
  for (int k = 0; k < 50; ++k) {
    at = all.find("\"vertex\":", at);
    ASSERT_NE(at, std::string::npos);
    EXPECT_EQ(std::atoi(all.c_str() + at + 9), k % 5);
    ++at;
  }
  EXPECT_TRUE(exited_ok(stop_server(s)));
}

// An empty POST is refused at once, whatever its framing, and the connection is closed after
// the reply (a client reading to the end is not kept for the idle timeout); the new endpoints
// are held to the same request rules as the old ones.
TEST(ServeAttack, EmptyPostsAreRefusedAtOnceAndNewEndpointsKeepTheLimits) {
  const auto g = small_graph("attack_empty.txt", "0 1\n1 2\n");
  Server s = start_server({g.string(), "--base", "0"});
  ASSERT_GT(s.port, 0) << s.first_line;
  // No "Connection: close" from the client: the server must close by itself.
  const std::vector<Case> empty = {
      {"Content-Length: 0", "POST /updates HTTP/1.1\r\nHost: t\r\nContent-Length: 0\r\n\r\n", 400,
       "empty body"},
      {"JSON, Content-Length: 0",
       "POST /updates HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n"
       "Content-Length: 0\r\n\r\n",
       400, "empty body"},
      {"chunked, no data",
       "POST /updates HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", 400,
       "empty body"},
      {"no length", "POST /updates HTTP/1.1\r\nHost: t\r\n\r\n", 411, "Content-Length"},
      {"HTTP/1.0, no length", "POST /updates HTTP/1.0\r\n\r\n", 411, "Content-Length"},
  };
  for (const Case& c : empty) {
    SCOPED_TRACE(c.what);
    // A read timeout far above any answer time: the reply ends with the server's close.
    const std::string reply = round_trip(s.port, c.request, 60000);
    EXPECT_EQ(status_of(reply), c.status) << reply;
    EXPECT_NE(reply.find(c.message), std::string::npos) << reply;
    EXPECT_NE(reply.find("Connection: close"), std::string::npos) << reply;
    EXPECT_EQ(count(reply, "HTTP/1.1 "), 1u) << reply;
  }
  const std::vector<Case> limits = {
      {"a body on GET /", "GET / HTTP/1.1\r\nContent-Length: 3\r\n\r\nabc", 400, "takes no body"},
      {"POST to the page", "POST / HTTP/1.1\r\nContent-Length: 0\r\nConnection: close\r\n\r\n", 405,
       "takes GET"},
      {"a long line to /openapi.json",
       "GET /openapi.json HTTP/1.1\r\nX: " + std::string(10000, 'a') + "\r\n\r\n", 431,
       "longer than"},
      {"a huge page", get_request("/bfs?source=0&levels=1&limit=100001"), 400, "'limit'"},
      {"a huge top", get_request("/pagerank?top=99999999999999999999"), 400, "'top'"},
  };
  for (const Case& c : limits) {
    SCOPED_TRACE(c.what);
    const std::string reply = round_trip(s.port, c.request);
    EXPECT_EQ(status_of(reply), c.status) << reply.substr(0, 400);
    EXPECT_NE(reply.find(c.message), std::string::npos) << reply.substr(0, 400);
    EXPECT_TRUE(healthy(s.port));
  }
  EXPECT_EQ(version_of(s.port), "0");  // nothing was applied
  EXPECT_TRUE(exited_ok(stop_server(s)));
}

TEST(ServeAttack, BodiesFollowTheStreamRules) {
  const auto g = small_graph("attack_g3.txt", "1 2 1.5\n2 3 2\n");
  Server s = start_server({g.string()});
  ASSERT_GT(s.port, 0) << s.first_line;
  EXPECT_EQ(status_of(round_trip(s.port, post_request("\xEF\xBB\xBF+ 1 3 1\r\n+ 3 4 1\r\n"))), 200);
  const std::vector<Case> refused = {
      {"CR-only line ends", post_request("+ 1 4 1\r+ 4 5 1\r"), 400, "line 1: CR-only"},
      {"1e309 in JSON", post_request(R"([{"op":"insert","u":1,"v":2,"w":1e309}])"), 400,
       "element 0: number overflow"},
      {"1e400 in text", post_request("+ 1 2 1e400\n"), 400, "line 1:"},
      {"a repeated JSON key", post_request(R"([{"op":"insert","u":1,"v":2,"u":3}])"), 400,
       "field 'u' is given twice"},
      {"JSON that is not an array",
       post_request(R"({"op":"insert"})", "Content-Type: application/json\r\n"), 400,
       "must be an array"},
      {"a nested JSON value", post_request(R"([{"op":"insert","u":[1],"v":2}])"), 400,
       "must be a non-negative integer vertex id"},
  };
  for (const Case& c : refused) {
    SCOPED_TRACE(c.what);
    const std::string reply = round_trip(s.port, c.request);
    EXPECT_EQ(status_of(reply), c.status) << reply;
    EXPECT_NE(reply.find(c.message), std::string::npos) << reply;
  }
  EXPECT_EQ(version_of(s.port), "1");
  // Messages name the file's ids (numbered from 1 here), not internal ones.
  EXPECT_EQ(status_of(round_trip(s.port, post_request("= 2 3 -4\n"))), 200);
  const std::string sssp = round_trip(s.port, get_request("/sssp?source=1"));
  EXPECT_EQ(status_of(sssp), 400) << sssp;
  EXPECT_NE(sssp.find("arc 2 -> 3 has negative weight -4"), std::string::npos) << sssp;
  EXPECT_TRUE(exited_ok(stop_server(s)));
}

TEST(ServeAttack, GrowthFollowsTheSizeRule) {
  const auto g = small_graph("attack_g4.txt", "1 2\n");
  Server s = start_server({g.string(), "--max-vertices", "4294967294"});
  ASSERT_GT(s.port, 0) << s.first_line;
  const std::string reply = round_trip(s.port, post_request("+ 1 4000000000\n"));
  EXPECT_EQ(status_of(reply), 400) << reply;
  EXPECT_NE(reply.find("would grow the graph to 4000000000 vertices"), std::string::npos) << reply;
  EXPECT_EQ(version_of(s.port), "0");
  EXPECT_EQ(status_of(round_trip(s.port, post_request("+ 1 1000\n"))), 200);
  EXPECT_TRUE(exited_ok(stop_server(s)));
}

TEST(ServeAttack, TokenFileGuardsUpdatesOnly) {
  const auto g = small_graph("attack_g5.txt", "0 1\n");
  const auto short_token = temp_file("attack_short_token", "abc\n");
  Server bad = start_server({g.string(), "--token-file", short_token.string()});
  EXPECT_EQ(bad.port, 0);
  EXPECT_NE(read_file(bad.log).find("use at least 16"), std::string::npos) << read_file(bad.log);
  // The token file is checked before the graph is read: a missing graph is not the error.
  const CliRun early =
      run("serve /nonexistent/graph.txt --port 0 --token-file " + short_token.string());
  EXPECT_EQ(early.exit_code, 1) << early.output;
  EXPECT_NE(early.output.find("use at least 16"), std::string::npos) << early.output;
  const std::string token = "s3cret-token-0123456789";
  const auto file = temp_file("attack_token", token + "\n");
  Server s = start_server({g.string(), "--token-file", file.string()});
  ASSERT_GT(s.port, 0) << s.first_line;
  const std::string none = round_trip(s.port, post_request("+ 1 2\n"));
  EXPECT_EQ(status_of(none), 401) << none;
  EXPECT_NE(none.find("WWW-Authenticate: Bearer"), std::string::npos);
  const std::string wrong = round_trip(
      s.port, post_request("+ 1 2\n", "Authorization: Bearer s3cret-token-0123456788\r\n"));
  EXPECT_EQ(status_of(wrong), 401) << wrong;
  EXPECT_NE(wrong.find("wrong token"), std::string::npos);
  EXPECT_EQ(version_of(s.port), "0");
  const std::string right =
      round_trip(s.port, post_request("+ 1 2\n", "Authorization: Bearer " + token + "\r\n"));
  EXPECT_EQ(status_of(right), 200) << right;
  EXPECT_EQ(status_of(round_trip(s.port, get_request("/degree?vertex=1"))), 200);
  EXPECT_TRUE(exited_ok(stop_server(s)));
}

// Slow clients (a header line every 300 ms) hold connections, not the threads /health and the
// queries need; they are cut off with 408 by the header deadline; and past --max-connections
// a connection is told 503. A slow client does not hold up SIGTERM past the drain time.
TEST(ServeAttack, SlowClientsNeitherStarveHealthNorBlockShutdown) {
  const auto g = small_graph("attack_g6.txt", "0 1\n1 2\n");
  Server s = start_server({g.string(), "--max-connections", "12", "--request-timeout", "3"});
  ASSERT_GT(s.port, 0) << s.first_line;
  std::atomic<bool> stop{false};
  std::atomic<int> cut_off{0};
  std::vector<std::thread> slow;
  for (int k = 0; k < 10; ++k)
    slow.emplace_back([&] {
      Socket c(s.port, 8000);
      c.send("GET /health HTTP/1.1\r\n");
      for (int line = 0; line < 40 && !stop; ++line) {
        if (!c.send("X-Slow: " + std::to_string(line) + "\r\n")) break;
        std::this_thread::sleep_for(std::chrono::milliseconds(300));
      }
      if (status_of(c.read_all()) == 408) ++cut_off;
    });
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  for (int k = 0; k < 20; ++k) EXPECT_TRUE(healthy(s.port));
  for (std::thread& t : slow) t.join();
  EXPECT_EQ(cut_off.load(), 10);
  {  // past the connection limit
    std::vector<std::unique_ptr<Socket>> held;
    for (int k = 0; k < 12; ++k) {
      held.push_back(std::make_unique<Socket>(s.port));
      held.back()->send("GET /health HTTP/1.1\r\n");
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    const std::string reply = round_trip(s.port, get_request("/health"));
    EXPECT_EQ(status_of(reply), 503) << reply;
    EXPECT_NE(reply.find("--max-connections"), std::string::npos);
    // A slow client mid-request when SIGTERM comes: the server still exits, cleanly.
    kill(s.child.pid, SIGTERM);
    EXPECT_TRUE(exited_ok(wait_child(s.child)));
  }
}

// SIGTERM under load: every POST gets an answer or a closed connection before any of its bytes
// were taken; the store holds exactly the answered batches.
TEST(ServeAttack, PostsInFlightAtShutdownAreAnsweredAndKept) {
  const auto g = small_graph("attack_g7.txt", "0 1\n1 2\n");
  const auto dir = temp_file("attack_store");
  Server s = start_server({g.string(), "--store", dir.string()});
  ASSERT_GT(s.port, 0) << s.first_line;
  std::atomic<int> acknowledged{0};
  std::atomic<bool> stop{false};
  std::vector<std::thread> writers;
  for (int w = 0; w < 4; ++w)
    writers.emplace_back([&, w] {
      for (int k = 0; k < 2000 && !stop; ++k) {
        const std::string r = round_trip(
            s.port, post_request("+ " + std::to_string(w) + " " + std::to_string(k + 3) + "\n"));
        if (status_of(r) == 200) ++acknowledged;
        if (r.empty()) break;  // the server has stopped
      }
    });
  while (acknowledged.load() < 40) std::this_thread::sleep_for(std::chrono::milliseconds(5));
  kill(s.child.pid, SIGTERM);
  EXPECT_TRUE(exited_ok(wait_child(s.child)));
  stop = true;
  for (std::thread& t : writers) t.join();
  Server again = start_server({"--store", dir.string()});
  ASSERT_GT(again.port, 0) << again.first_line;
  EXPECT_EQ(version_of(again.port), std::to_string(acknowledged.load()));
  EXPECT_TRUE(exited_ok(stop_server(again)));
  std::filesystem::remove_all(dir);
}

std::uint64_t status_kib(pid_t pid, const char* field) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/status");
  std::string line;
  while (std::getline(in, line))
    if (line.rfind(field, 0) == 0) return std::stoull(line.substr(std::strlen(field) + 1));
  return 0;
}

// docs/server.md: peak resident memory <= the graph at rest + 16 x --max-pending + 64 MiB.
// One client sends the largest bodies the limits allow (text and JSON, weighted, within the
// limit and past it, chunked), then queries; the server's VmHWM must stay inside the bound.
TEST(ServeAttack, PeakMemoryStaysWithinTheDocumentedBound) {
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
  GTEST_SKIP() << "resident memory is not meaningful under a sanitizer";
#endif
  const auto g = small_graph("attack_g8.txt", "1 2 0.5\n2 3 1\n3 1 2\n");
  const std::uint64_t max_body = 4 << 20, max_pending = 8 << 20;
  Server s = start_server({g.string(), "--max-body", std::to_string(max_body), "--max-pending",
                           std::to_string(max_pending)});
  ASSERT_GT(s.port, 0) << s.first_line;
  ASSERT_TRUE(healthy(s.port));
  const std::uint64_t rest_kib = status_kib(s.child.pid, "VmRSS:");
  std::string text;
  while (text.size() + 6 <= max_body) text += "- 1 3\n";  // erases of an absent edge
  std::string json = "[";
  while (json.size() + 40 <= max_body) json += R"({"op":"erase","u":1,"v":3},)";
  json.back() = ']';
  for (int round = 0; round < 3; ++round) {
    EXPECT_EQ(status_of(round_trip(s.port, post_request(text))), 200);
    EXPECT_EQ(status_of(round_trip(s.port, post_request(json))), 200);
    EXPECT_EQ(status_of(round_trip(s.port,
                                   "POST /updates HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n" +
                                       chunked(text + text))),
              413);
    EXPECT_EQ(status_of(round_trip(s.port, get_request("/pagerank"))), 200);
  }
  const std::uint64_t peak_kib = status_kib(s.child.pid, "VmHWM:");
  const std::uint64_t bound_kib = rest_kib + (16 * max_pending + (64 << 20)) / 1024;
  EXPECT_LE(peak_kib, bound_kib) << "at rest " << rest_kib << " KiB";
  std::printf("serve memory: at rest %llu KiB, peak %llu KiB, bound %llu KiB\n",
              (unsigned long long)rest_kib, (unsigned long long)peak_kib,
              (unsigned long long)bound_kib);
  EXPECT_TRUE(exited_ok(stop_server(s)));
}

}  // namespace
}  // namespace spgraph::testing
