// SPDX-License-Identifier: Apache-2.0
// The graph behind `spgraph serve` (docs/server.md): a DynamicGraph in memory or a durable
// GraphStore (store/graph_store.hpp), one writer thread that owns every update, and the
// counters /stats reports.
//
// Writes: an HTTP thread hands a parsed batch to submit() and waits on the returned future.
// The writer thread takes every batch queued since its last round and applies them in arrival
// order: with a store through GraphStore::apply_group (one fsync for the whole round: group
// commit), else one DynamicGraph::apply per batch. Each batch keeps its own version; a batch
// is answered only once it is applied (and durable, with a store). A batch the graph refuses is
// answered with its error and changes nothing.
// Vertex growth follows `spgraph stream`: an insert naming a new vertex grows the graph, an
// erase or re-weight naming a vertex the graph does not have (at that point of the arrival
// order) never does: the writer drops it and counts it as missing.
// New names (serve --remap-ids): a batch carries the names it introduces (NewNames,
// serve_ids.hpp) instead of adding them to the id map as it is parsed. The writer gives them
// their positions when it takes the batch, in commit order (so concurrent batches never share
// a position, and a name an earlier batch added keeps its vertex), checks --max-vertices again,
// and records them in the map only once the graph has accepted the batch, before publishing it.
// Reads: snapshot() never waits for the writer; every query runs on one snapshot.
#pragma once

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <deque>
#include <exception>
#include <future>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "algorithms/triangles/incremental_triangles.hpp"
#include "engine/dynamic_graph.hpp"
#include "store/graph_store.hpp"
#include "tools/spgraph/serve/serve_ids.hpp"

namespace spgraph::serve {

/// The answer to one submitted batch.
struct SubmitResult {
  bool ok = false;
  BatchSummary summary;
  std::string error;
  bool io_error = false;  ///< the store could not write (not the batch's fault)
};

/// Drops the erases and re-weights of `b` that name a vertex >= the vertex count reached at
/// their place in the batch (`n` before it, grown by the inserts before them); `n` becomes the
/// count after the batch. Returns how many were dropped.
template <class T>
Offset drop_absent_vertices(UpdateBatch<T>& b, Offset& n) {
  std::size_t kept = 0;
  for (const EdgeUpdate<T>& e : b.updates) {
    const Offset top = Offset(std::max(e.u, e.v));
    if (e.kind != UpdateKind::Insert && top >= n) continue;
    if (e.kind == UpdateKind::Insert) n = std::max(n, top + 1);
    b.updates[kept++] = e;
  }
  const Offset dropped = Offset(b.updates.size() - kept);
  b.updates.resize(kept);
  return dropped;
}

template <class T>
class GraphService {
 public:
  /// Serves an in-memory graph (`memory`) or a store (`store`); exactly one is set.
  GraphService(std::unique_ptr<DynamicGraph<T>> memory, std::unique_ptr<GraphStore<T>> store)
      : memory_(std::move(memory)), store_(std::move(store)) {
    writer_ = std::thread([this] { write_loop(); });
  }
  GraphService(const GraphService&) = delete;
  GraphService& operator=(const GraphService&) = delete;
  /// Applies what is queued, stops the writer, then closes the store (a clean close
  /// checkpoints).
  ~GraphService() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      stopping_ = true;
    }
    wake_.notify_all();
    writer_.join();
  }

  /// Queues a batch for the writer thread; with remapped ids, `names` are the vertices it names
  /// first (positioned and recorded in `ids` by the writer).
  std::future<SubmitResult> submit(UpdateBatch<T> batch, NewNames names = {},
                                   ServeIds* ids = nullptr) {
    const std::size_t size = batch.size();
    Pending p{std::move(batch), size, {}, std::move(names), ids};
    std::future<SubmitResult> f = p.promise.get_future();
    {
      std::lock_guard<std::mutex> lock(mutex_);
      queue_.push_back(std::move(p));
    }
    wake_.notify_one();
    return f;
  }

  GraphSnapshot<T> snapshot() const { return store_ ? store_->snapshot() : graph().snapshot(); }
  const DynamicGraph<T>& graph() const { return store_ ? store_->graph() : *memory_; }
  /// Starts keeping the triangle count if it is not kept yet (the first /triangles request):
  /// counted once on the latest version, then batch by batch.
  void track_triangles() {
    std::lock_guard<std::mutex> lock(triangles_mutex_);
    if (snapshot().triangles()) return;
    if (store_)
      store_->track_triangles(std::make_shared<IncrementalTriangles>());
    else
      memory_->track_triangles(std::make_shared<IncrementalTriangles>());
  }
  const GraphStore<T>* store() const { return store_.get(); }

  /// Batches and updates applied, batches refused, writer rounds (commit groups).
  std::atomic<std::uint64_t> batches{0}, updates{0}, refused{0}, groups{0};

 private:
  struct Pending {
    UpdateBatch<T> batch;
    std::size_t size = 0;  ///< updates as submitted (before drop_absent_vertices)
    std::promise<SubmitResult> promise;
    NewNames names;           ///< vertices the batch names first (remapped ids)
    ServeIds* ids = nullptr;  ///< the map they go to
  };

  /// Gives the batch's new names their positions as the map stands now (the graph has `n`
  /// vertices); false, with `error` set, when that would pass --max-vertices.
  static bool place_names(Pending& p, Offset n, std::string& error) {
    if (p.names.empty() || !p.ids) return true;
    const auto positions = p.ids->place(p.names.names, Vertex(n), p.names.max_vertices, error);
    if (!positions) return false;
    p.names.rewrite(p.batch, *positions);
    return true;
  }
  /// Records the batch's new names in the map (the batch passed the graph's checks).
  static void record_names(Pending& p) {
    if (!p.names.empty() && p.ids) p.ids->record(p.names.names);
  }

  void write_loop() {
    for (;;) {
      std::deque<Pending> round;
      {
        std::unique_lock<std::mutex> lock(mutex_);
        wake_.wait(lock, [&] { return stopping_ || !queue_.empty(); });
        if (queue_.empty() && stopping_) return;
        round.swap(queue_);
      }
      std::vector<SubmitResult> results(round.size());
      try {
        if (store_)
          apply_to_store(round, results);
        else
          apply_in_memory(round, results);
      } catch (const std::exception& e) {  // e.g. out of memory: nothing more of this round
        for (SubmitResult& r : results)
          if (!r.ok && r.error.empty()) r = {false, {}, e.what(), true};
      }
      answer(round, results);
    }
  }

  void apply_in_memory(std::deque<Pending>& round, std::vector<SubmitResult>& results) {
    for (std::size_t k = 0; k < round.size(); ++k) {
      Offset n = memory_->snapshot().num_vertices();
      std::string why;
      if (!place_names(round[k], n, why)) {
        results[k] = {false, {}, why, false};
        continue;
      }
      const Offset dropped = drop_absent_vertices(round[k].batch, n);
      try {
        if (!round[k].names.empty()) {
          memory_->check(round[k].batch);
          record_names(round[k]);  // before apply publishes the vertices they name
        }
        results[k] = {true, memory_->apply(round[k].batch), {}, false};
        results[k].summary.missing += dropped;
      } catch (const Error& e) {  // refused: the graph is unchanged
        results[k] = {false, {}, e.what(), false};
      }
    }
  }

  void apply_to_store(std::deque<Pending>& round, std::vector<SubmitResult>& results) {
    // Each batch is checked (as apply_group would) and trimmed against the vertex count that
    // the batches before it in the round leave; the valid ones go to the log together.
    Offset n = store_->snapshot().num_vertices();
    std::vector<Offset> dropped(round.size(), 0);
    std::vector<const UpdateBatch<T>*> group;
    std::vector<std::size_t> index;
    for (std::size_t k = 0; k < round.size(); ++k) {
      std::string why;
      if (!place_names(round[k], n, why)) {
        results[k] = {false, {}, why, false};
        continue;
      }
      Offset grown = n;
      dropped[k] = drop_absent_vertices(round[k].batch, grown);
      try {
        store_->graph().check(round[k].batch);
      } catch (const Error& e) {
        results[k] = {false, {}, e.what(), false};
        continue;
      }
      // Recorded before the group is written, so the next batch's names are placed after them
      // (a failed write leaves them named, without edges: the store then refuses updates).
      record_names(round[k]);
      n = grown;
      group.push_back(&round[k].batch);
      index.push_back(k);
    }
    if (group.empty()) return;
    std::vector<StoreOutcome> out;
    try {
      out = store_->apply_group(group);
    } catch (const std::exception& e) {  // an I/O failure: none of the group was applied
      for (std::size_t k : index) results[k] = {false, {}, e.what(), true};
      return;
    }
    for (std::size_t j = 0; j < out.size(); ++j) {
      SubmitResult& r = results[index[j]];
      r = {out[j].ok, out[j].summary, out[j].error, false};
      r.summary.missing += dropped[index[j]];
    }
  }

  void answer(std::deque<Pending>& round, std::vector<SubmitResult>& results) {
    ++groups;
    for (std::size_t k = 0; k < round.size(); ++k) {
      if (results[k].ok) {
        ++batches;
        updates += round[k].size;
      } else {
        ++refused;
      }
      round[k].promise.set_value(std::move(results[k]));
    }
  }

  std::unique_ptr<DynamicGraph<T>> memory_;
  std::unique_ptr<GraphStore<T>> store_;
  std::mutex mutex_, triangles_mutex_;
  std::condition_variable wake_;
  std::deque<Pending> queue_;
  bool stopping_ = false;
  std::thread writer_;
};

}  // namespace spgraph::serve
