// SPDX-License-Identifier: Apache-2.0
// CowTable: a two-level table of fixed-size pages with copy-on-write by version stamp, the
// versioned storage behind Dynamic CSR snapshots (formats/dcsr/dcsr.hpp).
//
// One writer owns the table. freeze() returns an immutable copy of the directory (one pointer
// per 256 pages) and ends the writer's current version; from then on the writer never writes a
// page or directory that a frozen copy can see: the first write to such an object copies it
// (stamp <= frozen) and the copy is the writer's alone. Readers of a frozen copy therefore read
// memory that no thread writes, without locks or atomics, and pages are freed by reference
// count when the last copy that holds them is dropped (deferred reclamation).
//
// A page that was never written reads as a value-initialized Page (all zeros), so a table can
// grow by any number of pages in O(pages / 256).
//
// Cost: freeze O(pages / 256); the first write to a page after a freeze copies the page and its
// directory (256 pointers); later writes in the same version are plain stores.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

namespace spgraph {

template <class Page>
class CowTable {
 public:
  static constexpr unsigned kDirBits = 8;
  static constexpr std::size_t kDirPages = std::size_t(1) << kDirBits;

  struct Box {
    Page page{};
    std::uint64_t stamp = 0;
  };
  struct Dir {
    std::array<std::shared_ptr<Box>, kDirPages> pages{};
    std::uint64_t stamp = 0;
  };
  using DirList = std::vector<std::shared_ptr<Dir>>;

  /// Read access to the pages of a table (the writer's current one or a frozen copy).
  class Reader {
   public:
    Reader() = default;
    explicit Reader(const DirList* dirs) : dirs_(dirs) {}
    /// The page, or nullptr when it was never written (reads as all zeros).
    const Page* page(std::size_t p) const {
      const std::size_t d = p >> kDirBits;
      if (d >= dirs_->size()) return nullptr;
      const Dir* dir = (*dirs_)[d].get();
      if (!dir) return nullptr;
      const Box* box = dir->pages[p & (kDirPages - 1)].get();
      return box ? &box->page : nullptr;
    }

   private:
    const DirList* dirs_ = nullptr;
  };

  /// An immutable copy of the table as of one freeze().
  using Frozen = std::shared_ptr<const DirList>;

  /// Makes room for `pages` pages (new pages read as zeros). Never shrinks.
  void reserve_pages(std::size_t pages) {
    const std::size_t dirs = (pages + kDirPages - 1) >> kDirBits;
    if (dirs > dirs_.size()) dirs_.resize(dirs);
  }
  /// Drops every page (all read as zeros again); frozen copies keep theirs.
  void clear() {
    for (auto& d : dirs_) d.reset();
  }

  Reader reader() const { return Reader(&dirs_); }
  const Page* page(std::size_t p) const { return reader().page(p); }

  /// The page for writing, copied first if a frozen copy can see it. Not thread-safe: callers
  /// make every page they will write writable before writing from several threads.
  Page& writable(std::size_t p) {
    const std::size_t d = p >> kDirBits;
    if (d >= dirs_.size()) dirs_.resize(d + 1);
    std::shared_ptr<Dir>& dir = dirs_[d];
    if (!dir) {
      dir = std::make_shared<Dir>();
      dir->stamp = stamp_;
    } else if (dir->stamp <= frozen_) {
      dir = std::make_shared<Dir>(*dir);
      dir->stamp = stamp_;
    }
    std::shared_ptr<Box>& box = dir->pages[p & (kDirPages - 1)];
    if (!box) {
      box = std::make_shared<Box>();
      box->stamp = stamp_;
    } else if (box->stamp <= frozen_) {
      box = std::make_shared<Box>(*box);
      box->stamp = stamp_;
    }
    return box->page;
  }

  /// True when writable(p) would not copy (the page is already the writer's alone).
  bool is_writable(std::size_t p) const {
    const std::size_t d = p >> kDirBits;
    if (d >= dirs_.size() || !dirs_[d] || dirs_[d]->stamp <= frozen_) return false;
    const auto& box = dirs_[d]->pages[p & (kDirPages - 1)];
    return box && box->stamp > frozen_;
  }

  /// Ends the current version and returns the table as of now, shared with the writer until
  /// the writer's next write to each page.
  Frozen freeze() {
    auto copy = std::make_shared<const DirList>(dirs_);
    frozen_ = stamp_++;
    return copy;
  }

  /// Pages currently held (never-written pages excluded), for memory accounting.
  std::size_t pages_held() const {
    std::size_t count = 0;
    for (const auto& d : dirs_)
      if (d)
        for (const auto& b : d->pages) count += b != nullptr;
    return count;
  }
  std::size_t dirs_held() const {
    std::size_t count = 0;
    for (const auto& d : dirs_) count += d != nullptr;
    return count;
  }

 private:
  DirList dirs_;
  std::uint64_t stamp_ = 1;   // version being written
  std::uint64_t frozen_ = 0;  // newest version a frozen copy may hold
};

}  // namespace spgraph
