// SPDX-License-Identifier: Apache-2.0
// GraphStore<T> (graph_store.hpp): a DynamicGraph with a write-ahead log (store_log.hpp) and
// checkpoints in the binary format (loaders/binary_format.hpp). Directory layout:
//   store.meta                 the graph's settings (written last when a store is created)
//   wal.log                    the log: header, then one record per batch since the checkpoint
//   checkpoint-<version>.spg   the newest checkpoint (older ones are deleted after a new one)
//   store.lock                 flock'ed while a process has the store open
// See docs/store.md for the formats and the recovery rules.
#include "store/graph_store.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <random>
#include <sstream>
#include <type_traits>

#include "loaders/binary_format.hpp"
#include "store/store_files.hpp"
#include "store/store_log.hpp"

namespace spgraph {

namespace fs = store_files;

namespace {

constexpr const char* kMetaName = "store.meta";
constexpr const char* kLogName = "wal.log";
constexpr const char* kLockName = "store.lock";
constexpr const char* kCheckpointPrefix = "checkpoint-";
constexpr const char* kCheckpointSuffix = ".spg";

/// The checkpoint file name of a version (zero-padded so that names sort by version).
std::string checkpoint_name(std::uint64_t version) {
  char name[64];
  std::snprintf(name, sizeof name, "%s%020llu%s", kCheckpointPrefix, (unsigned long long)version,
                kCheckpointSuffix);
  return name;
}

/// The version in a checkpoint file name, or false when `name` is not one.
bool checkpoint_version(const std::string& name, std::uint64_t& version) {
  const std::string prefix = kCheckpointPrefix, suffix = kCheckpointSuffix;
  if (name.size() != prefix.size() + 20 + suffix.size() || name.rfind(prefix, 0) != 0 ||
      name.compare(name.size() - suffix.size(), suffix.size(), suffix) != 0)
    return false;
  version = 0;
  for (std::size_t k = prefix.size(); k < prefix.size() + 20; ++k) {
    if (name[k] < '0' || name[k] > '9') return false;
    version = version * 10 + std::uint64_t(name[k] - '0');
  }
  return true;
}

/// A store id as store.meta writes it: 16 hex digits.
std::string hex_id(std::uint64_t id) {
  char text[32];
  std::snprintf(text, sizeof text, "%016llx", (unsigned long long)id);
  return text;
}

/// A create that died before writing store.meta leaves at most checkpoint 0 and a log without
/// records. A later checkpoint, or a log holding records, belongs to a store that has lost its
/// store.meta: creating over it would delete acknowledged batches, so this throws StoreError
/// saying what is there and how to recover.
void refuse_store_without_meta(const std::string& dir) {
  std::string found;
  for (const std::string& name : fs::list_directory(dir)) {
    std::uint64_t v = 0;
    if (checkpoint_version(name, v) && v > 0) {
      found += (found.empty() ? "" : ", ") + name + " (version " + std::to_string(v) + ")";
    } else if (name == kLogName) {
      struct stat st {};
      const std::uint64_t bytes =
          ::stat(fs::join(dir, name).c_str(), &st) == 0 ? std::uint64_t(st.st_size) : 0;
      if (bytes > store_log::kFileHeaderBytes)
        found += (found.empty() ? "" : ", ") + name + " (" + std::to_string(bytes) +
                 " bytes: logged batches)";
    }
  }
  if (found.empty()) return;
  throw StoreError(
      dir + ": holds the files of a store but no " + kMetaName + ": " + found +
      ". Creating a store here would delete them. To recover the store, write " + kMetaName +
      " again with the settings it was created with (docs/store.md, "
      "\"Recovery by hand\"), then open it; to start a new store, use another directory");
}

/// store.meta against what the checkpoint's header records (the graph's directedness as its
/// symmetric flag, weights as its pattern flag, the index base): an edited or swapped
/// store.meta would reopen the graph as something else (every id shifted, an undirected graph
/// taken as directed), so a mismatch is a StoreError naming both files.
void check_meta_against_checkpoint(const std::string& dir, const DynamicGraphOptions& graph,
                                   int index_base, const std::string& ck_path,
                                   const LoadInfo& info) {
  const std::string meta_path = fs::join(dir, kMetaName);
  const auto refuse = [&](const std::string& setting, const std::string& holds) {
    throw StoreError(meta_path + " says '" + setting + "', but " + ck_path + " holds " + holds +
                     ": store.meta was edited or belongs to another store; restore it "
                     "(docs/store.md, \"Recovery by hand\")");
  };
  const bool pattern = info.field == "pattern";
  if (graph.weighted == pattern)
    refuse(std::string("weighted ") + (graph.weighted ? "1" : "0"),
           pattern ? "a pattern (unweighted) graph" : "a weighted graph");
  if (graph.directed == info.symmetric_storage)
    refuse(std::string("directed ") + (graph.directed ? "1" : "0"),
           info.symmetric_storage ? "an undirected graph (symmetric storage)" : "a directed graph");
  if (info.index_base != index_base)
    refuse("index_base " + std::to_string(index_base),
           "a graph numbered from " + std::to_string(info.index_base));
}

/// The checkpoint's stamp against its file name and the store: a checkpoint renamed to another
/// version, or copied from another store, would open the wrong graph and skip logged batches.
/// Stores made before ids (store.meta without `id`) have unstamped checkpoints.
void check_stamp(const std::string& dir, std::uint64_t store_id, const std::string& ck_path,
                 std::uint64_t named_version, const LoadInfo& info) {
  if (!info.store_stamp) {
    if (store_id != 0)
      throw StoreError(ck_path +
                       ": not a checkpoint of this store (it has no store stamp); "
                       "it was copied in from elsewhere");
    return;
  }
  if (store_id != 0 && info.store_stamp->store_id != store_id)
    throw StoreError(ck_path + ": a checkpoint of another store (its stamp names store " +
                     hex_id(info.store_stamp->store_id) + ", " + fs::join(dir, kMetaName) +
                     " says " + hex_id(store_id) + ")");
  if (info.store_stamp->version != named_version)
    throw StoreError(ck_path + ": the file name says version " + std::to_string(named_version) +
                     " but the checkpoint holds version " +
                     std::to_string(info.store_stamp->version) +
                     ": it was renamed or copied; give it back its name (" +
                     checkpoint_name(info.store_stamp->version) + ")");
}

std::string duplicates_name(DuplicatePolicy d) {
  return d == DuplicatePolicy::Combine ? "combine" : "ignore";
}

std::string meta_text(const StoreMeta& m) {
  std::string t = "spgraph-store 1\n";
  t += "directed " + std::to_string(m.directed ? 1 : 0) + "\n";
  t += "weighted " + std::to_string(m.weighted ? 1 : 0) + "\n";
  t += "duplicates " + duplicates_name(m.duplicates) + "\n";
  t += "index_base " + std::to_string(m.index_base) + "\n";
  if (m.id != 0) t += "id " + hex_id(m.id) + "\n";
  return t;
}

/// A new store's id: random, with non-zero low 32 bits (the log header's store tag).
std::uint64_t new_store_id() {
  std::random_device rd;
  std::uint64_t id = 0;
  while (std::uint32_t(id) == 0) id = std::uint64_t(rd()) << 32 | rd();
  return id;
}

/// The store id in store.meta's `id` value: 16 hex digits, not all zero.
bool parse_store_id(const std::string& text, std::uint64_t& id) {
  const char* end = text.data() + text.size();
  const auto [at, ec] = std::from_chars(text.data(), end, id, 16);
  return text.size() == 16 && ec == std::errc() && at == end && id != 0;
}

class RealIo : public StoreIo {};

}  // namespace

long StoreIo::write(int fd, const void* data, std::size_t n) {
  return ::write(fd, data, n);
}
int StoreIo::sync(int fd) {
  return ::fdatasync(fd);
}
int StoreIo::truncate(int fd, std::uint64_t size) {
  return ::ftruncate(fd, off_t(size));
}

StoreMeta read_store_meta(const std::string& dir) {
  const std::string path = fs::join(dir, kMetaName);
  if (!fs::exists(path)) throw StoreError(dir + ": not a spgraph store (no " + kMetaName + ")");
  std::istringstream in(fs::read_file(path));
  std::string magic, key;
  int format = 0;
  if (!(in >> magic >> format) || magic != "spgraph-store" || format != 1)
    throw StoreError(path + ": not a spgraph store metadata file (version 1)");
  StoreMeta m;
  std::vector<std::string> seen;
  while (in >> key) {
    std::string value;
    if (!(in >> value)) throw StoreError(path + ": key '" + key + "' has no value");
    if (std::find(seen.begin(), seen.end(), key) != seen.end())
      throw StoreError(path + ": the setting '" + key + "' is given twice");
    if (key == "directed" && (value == "0" || value == "1")) {
      m.directed = value == "1";
    } else if (key == "weighted" && (value == "0" || value == "1")) {
      m.weighted = value == "1";
    } else if (key == "duplicates" && (value == "ignore" || value == "combine")) {
      m.duplicates =
          value == "combine" ? DuplicatePolicy::Combine : DuplicatePolicy::IgnoreIfPresent;
    } else if (key == "index_base" && (value == "0" || value == "1")) {
      m.index_base = value == "1";
    } else if (key == "id" && parse_store_id(value, m.id)) {
      // Stores made before ids have none (their checkpoints carry no stamp).
    } else {
      throw StoreError(path + ": unknown setting '" + key + " " + value + "'");
    }
    seen.push_back(key);
  }
  for (const char* needed : {"directed", "weighted", "duplicates", "index_base"})
    if (std::find(seen.begin(), seen.end(), needed) == seen.end())
      throw StoreError(path + ": incomplete: the setting '" + needed + "' is missing");
  return m;
}

template <class T>
struct GraphStore<T>::Files {
  fs::Fd lock;  // flock(LOCK_EX) on store.lock while the store is open
  fs::Fd log;
  std::string log_path;
  std::uint64_t log_size = 0;
};

template <class T>
GraphStore<T>::GraphStore(std::string dir, StoreOptions options)
    : dir_(std::move(dir)), options_(std::move(options)), files_(std::make_unique<Files>()) {
  if (!options_.io) options_.io = std::make_shared<RealIo>();
  files_->log_path = fs::join(dir_, kLogName);
}

/// Takes the store's lock: one process at a time (the kernel drops it if the process dies).
template <class T>
void GraphStore<T>::lock_directory() {
  const std::string path = fs::join(dir_, kLockName);
  files_->lock = fs::Fd(::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644));
  if (files_->lock.get() < 0) throw StoreError(fs::errno_message(path, "cannot open the lock"));
  if (::flock(files_->lock.get(), LOCK_EX | LOCK_NB) != 0)
    throw StoreError(errno == EWOULDBLOCK ? dir_ + ": the store is open in another process"
                                          : fs::errno_message(path, "cannot lock"));
}

template <class T>
bool GraphStore<T>::exists(const std::string& dir) {
  return fs::exists(fs::join(dir, kMetaName));
}

template <class T>
std::unique_ptr<GraphStore<T>> GraphStore<T>::create(const std::string& dir, const Matrix<T>& base,
                                                     int index_base, StoreOptions options) {
  if (options.graph.duplicates == DuplicatePolicy::Keep)
    throw InvalidArgument(
        "graph store: duplicates 'keep' (a multigraph) is not supported; a store keeps a set "
        "of edges ('ignore' or 'combine')");
  if (index_base != 0 && index_base != 1)
    throw InvalidArgument("graph store: the index base must be 0 or 1");
  fs::make_directory(dir);
  if (exists(dir)) throw StoreError(dir + ": already holds a store (open it instead)");
  options.graph.weighted = !std::is_same_v<T, bool>;
  options.graph.start_version = 0;
  std::unique_ptr<GraphStore> s(new GraphStore(dir, options));
  s->lock_directory();
  if (exists(dir)) throw StoreError(dir + ": already holds a store (open it instead)");
  s->index_base_ = index_base;
  s->store_id_ = new_store_id();
  s->graph_ = std::make_unique<DynamicGraph<T>>(base, s->options_.graph);
  // Leftovers of an earlier, unfinished create (no metadata was written) are replaced; the
  // files of a store that lost its metadata are not (refuse_store_without_meta).
  refuse_store_without_meta(dir);
  for (const std::string& name : fs::list_directory(dir)) {
    std::uint64_t v = 0;
    if (checkpoint_version(name, v) || name == kLogName) fs::remove_file(fs::join(dir, name));
  }
  s->checkpoint_locked();  // checkpoint 0 (also writes an empty log)
  StoreMeta meta;
  meta.directed = s->options_.graph.directed;
  meta.weighted = s->options_.graph.weighted;
  meta.duplicates = s->options_.graph.duplicates;
  meta.index_base = index_base;
  meta.id = s->store_id_;
  fs::write_file_atomically(dir, kMetaName, meta_text(meta));  // the store now exists
  return s;
}

template <class T>
std::unique_ptr<GraphStore<T>> GraphStore<T>::open(const std::string& dir, StoreOptions options) {
  const StoreMeta meta = read_store_meta(dir);
  if (meta.weighted != !std::is_same_v<T, bool>)
    throw StoreError(fs::join(dir, kMetaName) + ": the store holds a " +
                     std::string(meta.weighted ? "weighted" : "pattern (unweighted)") +
                     " graph; open it as GraphStore<" + (meta.weighted ? "double" : "bool") + ">");
  options.graph.directed = meta.directed;
  options.graph.weighted = meta.weighted;
  options.graph.duplicates = meta.duplicates;
  std::unique_ptr<GraphStore> s(new GraphStore(dir, options));
  s->lock_directory();
  s->index_base_ = meta.index_base;
  s->store_id_ = meta.id;
  s->recover();
  return s;
}

/// Loads the newest checkpoint, replays the log after it, drops a torn tail, opens the log.
template <class T>
void GraphStore<T>::recover() {
  const auto t0 = std::chrono::steady_clock::now();
  std::uint64_t newest = 0;
  bool found = false;
  for (const std::string& name : fs::list_directory(dir_)) {
    std::uint64_t v = 0;
    if (fs::is_unfinished_write(name)) {
      fs::remove_file(fs::join(dir_, name));  // an unfinished checkpoint or metadata write
    } else if (checkpoint_version(name, v) && (!found || v > newest)) {
      newest = v;
      found = true;
    }
  }
  if (!found) throw StoreError(dir_ + ": the store has no checkpoint file");
  const std::string ck_path = fs::join(dir_, checkpoint_name(newest));
  LoadOptions lo;
  lo.pattern_only = std::is_same_v<T, bool>;
  LoadedMatrix loaded;
  try {
    loaded = read_binary(ck_path, fs::read_file(ck_path), lo);
  } catch (const StoreError&) {
    throw;
  } catch (const Error& e) {
    throw StoreError(ck_path + ": the checkpoint cannot be read: " + e.what());
  }
  const Matrix<T>* base = std::get_if<Matrix<T>>(&loaded.matrix);
  if (!base) throw StoreError(ck_path + ": the checkpoint holds the wrong value type");
  check_meta_against_checkpoint(dir_, options_.graph, index_base_, ck_path, loaded.info);
  check_stamp(dir_, store_id_, ck_path, newest, loaded.info);
  // A store.meta written again by hand without its `id` (docs/store.md, "Recovery by hand"):
  // the checkpoint's stamp still knows it, so the log is checked and new checkpoints stamped.
  if (store_id_ == 0 && loaded.info.store_stamp) store_id_ = loaded.info.store_stamp->store_id;
  options_.graph.start_version = newest;
  graph_ = std::make_unique<DynamicGraph<T>>(*base, options_.graph);
  recovery_.checkpoint_version = newest;

  const std::string log = fs::read_file(files_->log_path);
  if (store_id_ != 0 && log.size() >= store_log::kFileHeaderBytes &&
      store_log::header_store_tag(log) != store_tag())
    throw StoreError(files_->log_path +
                     ": the log belongs to another store (its header's store "
                     "tag is not this store's id in " +
                     fs::join(dir_, kMetaName) + "); nothing was changed");
  const store_log::Scan scan =
      store_log::scan(files_->log_path, log, options_.graph.weighted, options_.salvage);
  std::uint64_t version = newest;
  for (const store_log::Record& r : scan.records) {
    if (r.version <= newest) {
      ++recovery_.skipped;  // already in the checkpoint (a crash before the log was truncated)
      continue;
    }
    if (r.version != version + 1)
      throw StoreError(files_->log_path + " at byte " + std::to_string(r.offset) +
                       ": the log continues at version " + std::to_string(r.version) +
                       ", but the store holds version " + std::to_string(version) +
                       "; the batches between are missing");
    try {
      if (r.type == store_log::kBatchRecord)
        graph_->apply(store_log::decode_batch<T>(files_->log_path, r, options_.graph.weighted));
      else
        graph_->add_vertices(store_log::decode_add_vertices(files_->log_path, r));
    } catch (const StoreError&) {
      throw;
    } catch (const Error& e) {
      throw StoreError(files_->log_path + " at byte " + std::to_string(r.offset) +
                       ": a logged batch cannot be applied: " + e.what());
    }
    version = r.version;
    ++recovery_.replayed;
  }
  recovery_.torn_bytes = scan.torn_bytes;
  if (scan.damaged_bytes > 0)
    keep_salvaged_tail(std::string_view(log).substr(std::size_t(scan.valid_bytes)), scan.damage);
  open_log();
  if (scan.torn_bytes > 0 || scan.damaged_bytes > 0) {
    if (options_.io->truncate(files_->log.get(), scan.valid_bytes) != 0 ||
        options_.io->sync(files_->log.get()) != 0)
      throw StoreError(fs::errno_message(files_->log_path, scan.damaged_bytes > 0
                                                               ? "cannot cut off the damaged part"
                                                               : "cannot drop the torn tail"));
  }
  files_->log_size = scan.valid_bytes;
  since_checkpoint_ = recovery_.replayed;
  recovery_.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

/// Salvaging: copies the log from its first corrupt record on to wal.log.salvage-<n> (the first
/// n not taken), durably, before recover() cuts it off the log.
template <class T>
void GraphStore<T>::keep_salvaged_tail(std::string_view tail, std::string damage) {
  std::string name;
  for (int n = 1;; ++n) {
    name = std::string(kLogName) + ".salvage-" + std::to_string(n);
    if (!fs::exists(fs::join(dir_, name))) break;
  }
  fs::write_file_atomically(dir_, name, tail);
  recovery_.salvaged_bytes = tail.size();
  recovery_.salvage_file = fs::join(dir_, name);
  recovery_.damage = std::move(damage);
}

template <class T>
void GraphStore<T>::open_log() {
  files_->log = fs::Fd(::open(files_->log_path.c_str(), O_WRONLY | O_APPEND | O_CLOEXEC));
  if (files_->log.get() < 0) throw StoreError(fs::errno_message(files_->log_path, "cannot open"));
}

template <class T>
GraphStore<T>::~GraphStore() {
  std::lock_guard<std::mutex> lock(mutex_);
  if (options_.checkpoint_on_close && poisoned_.empty() && since_checkpoint_ > 0 && graph_) {
    try {
      checkpoint_locked();
    } catch (const std::exception&) {
      // The log holds every batch: the next open replays them.
    }
  }
}

template <class T>
void GraphStore<T>::check_writable() const {
  if (!poisoned_.empty())
    throw StoreError(dir_ + ": the store refuses updates until it is reopened: " + poisoned_);
}

/// Appends `bytes` (`count` records from `first_version`) to the log and syncs it. A failed
/// write is undone (the log truncated back) and throws; a failed undo or sync poisons the store.
template <class T>
void GraphStore<T>::append_records(const std::string& bytes, std::uint64_t first_version,
                                   std::size_t count) {
  StoreIo& io = *options_.io;
  const int fd = files_->log.get();
  std::size_t done = 0;
  while (done < bytes.size()) {
    const long w = io.write(fd, bytes.data() + done, bytes.size() - done);
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) {
      const int err = w < 0 ? errno : ENOSPC;
      std::string what = files_->log_path + ": cannot append ";
      what += count == 1 ? "the batch of version " + std::to_string(first_version)
                         : std::to_string(count) + " batches from version " +
                               std::to_string(first_version);
      what += " (wrote " + std::to_string(done) + " of " + std::to_string(bytes.size()) +
              " bytes): " + std::strerror(err);
      if (io.truncate(fd, files_->log_size) != 0) {
        poisoned_ = what + "; the log could not be truncated back: " + std::strerror(errno);
        throw StoreError(poisoned_);
      }
      throw StoreError(what + "; nothing was applied and the store is unchanged");
    }
    done += std::size_t(w);
  }
  if (options_.sync && io.sync(fd) != 0) {
    poisoned_ = fs::errno_message(files_->log_path, "fsync failed after appending version " +
                                                        std::to_string(first_version)) +
                "; whether it reached the disk is unknown (reopen the store to recover)";
    throw StoreError(poisoned_);
  }
  files_->log_size += bytes.size();
}

template <class T>
BatchSummary GraphStore<T>::apply(const UpdateBatch<T>& batch) {
  std::lock_guard<std::mutex> lock(mutex_);
  check_writable();
  graph_->check(batch);  // throws the graph's own error before anything is written
  const std::uint64_t version = graph_->snapshot().version() + 1;
  append_records(store_log::encode_batch(version, batch, options_.graph.weighted), version, 1);
  const BatchSummary s = graph_->apply(batch);
  ++since_checkpoint_;
  maybe_checkpoint();
  return s;
}

template <class T>
std::vector<StoreOutcome> GraphStore<T>::apply_group(
    std::span<const UpdateBatch<T>* const> batches) {
  std::lock_guard<std::mutex> lock(mutex_);
  check_writable();
  std::vector<StoreOutcome> out(batches.size());
  std::string bytes;
  std::uint64_t next = graph_->snapshot().version() + 1;
  const std::uint64_t first = next;
  std::size_t count = 0;
  for (std::size_t k = 0; k < batches.size(); ++k) {
    try {
      graph_->check(*batches[k]);
    } catch (const Error& e) {
      out[k].error = e.what();
      continue;
    }
    bytes += store_log::encode_batch(next++, *batches[k], options_.graph.weighted);
    out[k].ok = true;
    ++count;
  }
  if (count == 0) return out;
  append_records(bytes, first, count);
  for (std::size_t k = 0; k < batches.size(); ++k)
    if (out[k].ok) out[k].summary = graph_->apply(*batches[k]);
  since_checkpoint_ += count;
  maybe_checkpoint();
  return out;
}

template <class T>
BatchSummary GraphStore<T>::add_vertices(Vertex k) {
  std::lock_guard<std::mutex> lock(mutex_);
  check_writable();
  const GraphSnapshot<T> s = graph_->snapshot();
  if (Offset(s.num_vertices()) + k > kMaxDimension)
    throw InvalidArgument("graph store: more than 4294967294 vertices");
  append_records(store_log::encode_add_vertices(s.version() + 1, k), s.version() + 1, 1);
  const BatchSummary r = graph_->add_vertices(k);
  ++since_checkpoint_;
  maybe_checkpoint();
  return r;
}

template <class T>
void GraphStore<T>::checkpoint() {
  std::lock_guard<std::mutex> lock(mutex_);
  check_writable();
  checkpoint_locked();
}

template <class T>
void GraphStore<T>::track_triangles(std::shared_ptr<IncrementalCount> counter) {
  std::lock_guard<std::mutex> lock(mutex_);
  graph_->track_triangles(std::move(counter));
}

template <class T>
void GraphStore<T>::maintain(std::shared_ptr<MaintainedView> view, ViewPolicy policy) {
  std::lock_guard<std::mutex> lock(mutex_);
  graph_->maintain(std::move(view), policy);
}

template <class T>
bool GraphStore<T>::unmaintain(const std::string& name) {
  std::lock_guard<std::mutex> lock(mutex_);
  return graph_->unmaintain(name);
}

template <class T>
void GraphStore<T>::maybe_checkpoint() {
  if (options_.checkpoint_every == 0 || since_checkpoint_ < options_.checkpoint_every) return;
  try {
    checkpoint_locked();
    checkpoint_error_.clear();
  } catch (const std::exception& e) {
    checkpoint_error_ = e.what();  // the batch is applied and logged; the log keeps it
  }
}

/// Writes the checkpoint of the current version, truncates the log, deletes older checkpoints.
template <class T>
void GraphStore<T>::checkpoint_locked() {
  const GraphSnapshot<T> s = graph_->snapshot();
  const std::uint64_t version = s.version();
  const StoreStamp stamp{version, store_id_};
  const std::string bytes = encode_binary(AnyMatrix(s.matrix()), !options_.graph.directed,
                                          index_base_, nullptr, store_id_ ? &stamp : nullptr);
  fs::write_file_atomically(dir_, checkpoint_name(version), bytes);
  // The checkpoint is durable; the log's records are now redundant (recovery skips records at
  // or below the checkpoint's version, so a crash before the truncation below is harmless).
  if (files_->log.get() < 0) {
    fs::write_file_atomically(dir_, kLogName,
                              store_log::file_header(options_.graph.weighted, store_tag()));
    open_log();
  } else {
    if (options_.io->truncate(files_->log.get(), store_log::kFileHeaderBytes) != 0 ||
        options_.io->sync(files_->log.get()) != 0)
      throw StoreError(fs::errno_message(files_->log_path, "cannot truncate after a checkpoint"));
  }
  files_->log_size = store_log::kFileHeaderBytes;
  since_checkpoint_ = 0;
  for (const std::string& name : fs::list_directory(dir_)) {
    std::uint64_t v = 0;
    if (checkpoint_version(name, v) && v < version) fs::remove_file(fs::join(dir_, name));
  }
}

template <class T>
std::uint64_t GraphStore<T>::log_bytes() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return files_->log_size;
}

template <class T>
std::string GraphStore<T>::checkpoint_error() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return checkpoint_error_;
}

template class GraphStore<bool>;
template class GraphStore<double>;

}  // namespace spgraph
