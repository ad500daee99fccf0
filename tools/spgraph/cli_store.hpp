// SPDX-License-Identifier: Apache-2.0
// How `spgraph stream --store` and `spgraph serve --store` start from a durable store
// (store/graph_store.hpp): read an existing store's settings (a graph file given next to
// it is ignored, with a note), and create the store from a loaded graph or open and recover
// it, saying on stderr what recovery found.
#pragma once

#include <cstdio>
#include <memory>
#include <optional>
#include <string>

#include "store/graph_store.hpp"
#include "tools/cli/cli_common.hpp"

namespace spgraph::cli {

/// The settings of the store in `dir` when it holds one (then `file`, if given, is ignored and
/// a note says so unless `quiet`); nullopt when `dir` is empty or holds no store yet.
inline std::optional<StoreMeta> existing_store(const std::string& dir, const std::string& file,
                                               bool quiet) {
  if (dir.empty() || !GraphStore<bool>::exists(dir)) return std::nullopt;
  const StoreMeta meta = read_store_meta(dir);
  if (!file.empty() && !quiet)
    std::fprintf(stderr, "spgraph: %s already holds a store; the graph file %s is ignored\n",
                 printable(dir).c_str(), printable(file).c_str());
  return meta;
}

/// The store in `dir`: created from `base` (numbered from `index_base`), or with a null base
/// opened and recovered (with `salvage`, past a damaged log record: StoreOptions::salvage),
/// with a note on stderr of what recovery found unless `quiet`. What salvage moved aside is
/// always said, quiet or not.
template <class T>
std::unique_ptr<GraphStore<T>> start_store(const std::string& dir, const Matrix<T>* base,
                                           int index_base, const DynamicGraphOptions& graph,
                                           std::uint64_t checkpoint_every, bool quiet,
                                           bool salvage = false) {
  StoreOptions so;
  so.graph = graph;
  so.checkpoint_every = checkpoint_every;
  so.salvage = salvage;
  if (base) return GraphStore<T>::create(dir, *base, index_base, so);
  std::unique_ptr<GraphStore<T>> store = GraphStore<T>::open(dir, so);
  if (const StoreRecovery& r = store->recovery(); r.salvaged_bytes > 0)
    std::fprintf(stderr,
                 "spgraph: --salvage: %s; kept the log up to version %llu and moved the %llu "
                 "bytes after it to %s\n",
                 printable(r.damage).c_str(), (unsigned long long)store->version(),
                 (unsigned long long)r.salvaged_bytes, printable(r.salvage_file).c_str());
  if (!quiet) {
    const StoreRecovery& r = store->recovery();
    std::fprintf(stderr,
                 "spgraph: opened store %s at version %llu (checkpoint %llu, %llu logged batches "
                 "replayed, %llu torn bytes dropped)\n",
                 printable(dir).c_str(), (unsigned long long)store->version(),
                 (unsigned long long)r.checkpoint_version, (unsigned long long)r.replayed,
                 (unsigned long long)r.torn_bytes);
  }
  return store;
}

}  // namespace spgraph::cli
