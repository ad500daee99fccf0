// SPDX-License-Identifier: Apache-2.0
// GraphStore<T>: a DynamicGraph (engine/dynamic_graph.hpp) made durable in a directory: a
// write-ahead log of applied batches plus checkpoints in the binary format. The layout on disk
// and the recovery rules are in docs/store.md; the record codec is in store_log.hpp.
//
// Contract:
//   - apply() validates the batch, appends it to the log as one framed, checksummed record,
//     fsyncs the log, and only then applies and publishes it. When apply() returns, the batch
//     is durable; a reader can never see a batch that a crash could lose.
//   - apply_group() does the same for several batches with one fsync (group commit): each batch
//     is still its own record and its own version.
//   - A batch the graph would reject (a bad vertex id, a re-weight on a pattern graph) throws
//     before anything is written. A failed write (short write, ENOSPC, EIO) truncates the log
//     back to where it was and throws StoreError: the batch is not applied and the store is as
//     before. If even that truncation fails, or fsync fails, the store refuses further updates
//     (StoreError) until it is reopened; reopening recovers what reached the disk.
//   - checkpoint() writes the current snapshot as checkpoint-<version>.spg through OutputFile
//     (temporary file, fsync, rename), fsyncs the directory, truncates the log, then deletes older
//     checkpoints. It runs on demand, every StoreOptions::checkpoint_every batches, and on a
//     clean close (the destructor).
//   - open() loads the newest checkpoint and replays the log records after its version. A torn
//     tail (a crash mid-append: a prefix of a record, then nothing or zeros) is dropped; any
//     other damaged record, the last one included, is a StoreError naming the log and the byte
//     offset, and nothing is changed (StoreOptions::salvage keeps what precedes it instead).
// Versions: a store's versions go on across restarts (the snapshot of version v holds exactly
// the first v batches ever applied).
// One writer at a time (calls are serialized by a mutex); snapshot() never waits for it. One
// process at a time: the directory is locked (flock) while a store is open.
// Vertex ids are dense integers; the store records the numbering base (0 or 1) users see.
// Duplicate policy: IgnoreIfPresent or Combine (a set of edges); Keep is refused.
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/error.hpp"
#include "engine/dynamic_graph.hpp"

namespace spgraph {

/// A store that cannot do what was asked (I/O failure, corrupt log or checkpoint, wrong
/// directory); the message names the file and, for the log, the byte offset.
class StoreError : public Error {
 public:
  explicit StoreError(const std::string& what) : Error(what) {}
};

/// The system calls the store's log goes through; tests replace them to inject faults (short
/// writes, ENOSPC, failed fsync). The default calls write(2), fdatasync(2), ftruncate(2).
class StoreIo {
 public:
  virtual ~StoreIo() = default;
  /// As write(2): bytes written (possibly fewer than n), or -1 with errno set.
  virtual long write(int fd, const void* data, std::size_t n);
  /// As fdatasync(2): 0, or -1 with errno set.
  virtual int sync(int fd);
  /// As ftruncate(2).
  virtual int truncate(int fd, std::uint64_t size);
};

/// How a store behaves. `graph` is used when a store is created; an existing store keeps the
/// directed / weighted / duplicates settings it was created with (other fields apply).
struct StoreOptions {
  DynamicGraphOptions graph;
  /// fsync every append (the durability promise). False only for benchmarks of the log's
  /// other costs; a crash may then lose acknowledged batches.
  bool sync = true;
  /// Batches between automatic checkpoints (0: only on demand and on a clean close).
  std::uint64_t checkpoint_every = 0;
  /// Write a checkpoint when the store is closed cleanly (destructor).
  bool checkpoint_on_close = true;
  /// open(): a corrupt log record (anything but a torn tail, docs/store.md) normally refuses
  /// the open and changes nothing. With salvage, the records before it are kept, and the log
  /// from it to the end is copied to wal.log.salvage-<n> in the store's directory and then cut
  /// off (StoreRecovery says what was moved and why).
  bool salvage = false;
  /// Fault injection for tests; null uses the real system calls.
  std::shared_ptr<StoreIo> io;
};

/// What opening a store found.
struct StoreRecovery {
  std::uint64_t checkpoint_version = 0;  ///< version of the checkpoint loaded (0: none yet)
  std::uint64_t replayed = 0;            ///< log records applied after it
  std::uint64_t skipped = 0;             ///< records already in the checkpoint
  std::uint64_t torn_bytes = 0;          ///< bytes of a torn tail dropped from the log
  /// With StoreOptions::salvage: bytes from the first corrupt record to the end of the log,
  /// moved to `salvage_file` (0: the log was sound), and what was wrong there.
  std::uint64_t salvaged_bytes = 0;
  std::string salvage_file;
  std::string damage;
  double seconds = 0;  ///< time to load and replay
};

/// What a store directory says about its graph (store.meta), readable before choosing T.
struct StoreMeta {
  bool directed = false;
  bool weighted = false;  ///< GraphStore<double>; else GraphStore<bool>
  DuplicatePolicy duplicates = DuplicatePolicy::IgnoreIfPresent;
  int index_base = 0;
  /// The store's id, made at random when it is created (`id` in store.meta; 0 for stores made
  /// before ids). Its checkpoints carry it with their version, and its log header its low 32
  /// bits, so that a renamed, copied or foreign file is refused (docs/store.md).
  std::uint64_t id = 0;
};
/// Reads `dir`'s metadata; StoreError when it is missing or malformed.
StoreMeta read_store_meta(const std::string& dir);

/// One batch's outcome in apply_group: its summary, or the reason it was refused.
struct StoreOutcome {
  bool ok = false;
  BatchSummary summary;  ///< when ok
  std::string error;     ///< when not ok (the batch was not logged nor applied)
};

template <class T>
class GraphStore {
 public:
  /// Creates a store in `dir` (created if absent; it must not already hold a store) holding
  /// `base`, as DynamicGraph(base, options.graph) would; `index_base` is the id users see for
  /// vertex 0. The initial state is written as checkpoint 0.
  static std::unique_ptr<GraphStore> create(const std::string& dir, const Matrix<T>& base,
                                            int index_base, StoreOptions options);
  /// Opens the store in `dir` and recovers it (see the file comment).
  static std::unique_ptr<GraphStore> open(const std::string& dir, StoreOptions options);
  /// True when `dir` holds a store (its metadata file exists).
  static bool exists(const std::string& dir);

  GraphStore(const GraphStore&) = delete;
  GraphStore& operator=(const GraphStore&) = delete;
  /// Closes the store, with a checkpoint when checkpoint_on_close (errors are swallowed here:
  /// the log already holds every batch).
  ~GraphStore();

  /// Logs (durably) and applies one batch; throws as the graph would for an invalid batch, or
  /// StoreError for a failed write (nothing applied either way).
  BatchSummary apply(const UpdateBatch<T>& batch);
  /// Group commit: validates each batch, appends the valid ones, fsyncs once, applies them in
  /// order. Invalid batches get ok = false and are skipped; an I/O failure throws StoreError
  /// and applies none of them.
  std::vector<StoreOutcome> apply_group(std::span<const UpdateBatch<T>* const> batches);
  /// Adds k isolated vertices (one logged batch).
  BatchSummary add_vertices(Vertex k);
  /// Writes a checkpoint of the current state now (see the file comment).
  void checkpoint();
  /// Starts maintaining the triangle count (DynamicGraph::track_triangles); not persisted.
  void track_triangles(std::shared_ptr<IncrementalCount> counter);
  /// Registers a maintained view (DynamicGraph::maintain); not persisted: after a reopen the
  /// caller registers it again and it is computed on the recovered graph.
  void maintain(std::shared_ptr<MaintainedView> view, ViewPolicy policy = ViewPolicy::Auto);
  /// Stops maintaining a view (DynamicGraph::unmaintain).
  bool unmaintain(const std::string& name);

  /// The latest published snapshot (never waits for the writer).
  GraphSnapshot<T> snapshot() const { return graph_->snapshot(); }
  /// The graph (read-only: updates must go through the store to be logged).
  const DynamicGraph<T>& graph() const { return *graph_; }
  /// The version of the latest applied batch.
  std::uint64_t version() const { return graph_->snapshot().version(); }
  /// The id users see for vertex 0.
  int index_base() const { return index_base_; }
  const std::string& directory() const { return dir_; }
  const StoreRecovery& recovery() const { return recovery_; }
  /// Bytes in the log now (header included).
  std::uint64_t log_bytes() const;
  /// Why the last automatic checkpoint failed (empty: none failed). The batch that triggered it
  /// was applied and logged all the same; the log just keeps growing until one succeeds.
  std::string checkpoint_error() const;

 private:
  struct Files;
  GraphStore(std::string dir, StoreOptions options);
  void lock_directory();
  void recover();
  void open_log();
  void keep_salvaged_tail(std::string_view tail, std::string damage);
  void append_records(const std::string& bytes, std::uint64_t first_version, std::size_t count);
  void checkpoint_locked();
  void maybe_checkpoint();
  void check_writable() const;

  std::string dir_;
  StoreOptions options_;
  int index_base_ = 0;
  std::uint64_t store_id_ = 0;  // StoreMeta::id
  std::uint32_t store_tag() const { return std::uint32_t(store_id_); }
  std::unique_ptr<DynamicGraph<T>> graph_;
  std::unique_ptr<Files> files_;
  StoreRecovery recovery_;
  std::uint64_t since_checkpoint_ = 0;
  std::string poisoned_;          // why updates are refused (empty: healthy)
  std::string checkpoint_error_;  // the last automatic checkpoint's failure
  mutable std::mutex mutex_;
};

extern template class GraphStore<bool>;
extern template class GraphStore<double>;

}  // namespace spgraph
