// SPDX-License-Identifier: Apache-2.0
// The crash test's child (store_crash_test.cpp): opens (or creates) a store and applies the
// batches store_test_batch(seed, version) one after another, forever, printing each version
// to stdout once apply() has returned (the acknowledgement), until the parent kills it. The log
// is written 7 bytes per system call, so kills tear records.
// Usage: store_crash_child DIR SEED WEIGHTED(0|1)
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>

#include "store/graph_store.hpp"
#include "tests/unit/store/store_test_model.hpp"

namespace {

/// Writes at most 7 bytes per write(2) call (a legal short write), so that a kill can land in
/// the middle of a record and recovery meets real torn tails.
class ChunkedIo : public spgraph::StoreIo {
 public:
  long write(int fd, const void* data, std::size_t n) override {
    return StoreIo::write(fd, data, n < 7 ? n : 7);
  }
};

template <class T>
int run(const std::string& dir, std::uint64_t seed, bool weighted) {
  using namespace spgraph;
  StoreOptions o;
  o.checkpoint_every = 5;  // kills land in checkpoints too
  o.checkpoint_on_close = false;
  o.io = std::make_shared<ChunkedIo>();
  auto store = GraphStore<T>::exists(dir) ? GraphStore<T>::open(dir, o)
                                          : GraphStore<T>::create(dir, Matrix<T>(64, 64), 0, o);
  for (;;) {
    const std::uint64_t v = store->version() + 1;
    store->apply(testing::store_test_batch<T>(seed, v, weighted));
    std::printf("%llu\n", (unsigned long long)v);
    std::fflush(stdout);
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 4) {
    std::fprintf(stderr, "usage: store_crash_child DIR SEED WEIGHTED\n");
    return 2;
  }
  try {
    const bool weighted = std::string(argv[3]) == "1";
    const std::uint64_t seed = std::strtoull(argv[2], nullptr, 10);
    return weighted ? run<double>(argv[1], seed, true) : run<bool>(argv[1], seed, false);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "store_crash_child: %s\n", e.what());
    return 1;
  }
}
