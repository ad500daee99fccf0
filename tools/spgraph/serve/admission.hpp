// SPDX-License-Identifier: Apache-2.0
// Admission control of `spgraph serve` (docs/server.md, "Limits"): a counted budget that
// requests take from and give back. The update bodies in flight share one of bytes
// (--max-pending), so that their memory is bounded whatever the number of connections; the
// graph queries share one of slots (--workers), so that their O(n) working memory is too.
// A request that cannot take its share before its deadline is answered 503.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>

namespace spgraph::serve {

class Budget {
 public:
  explicit Budget(std::uint64_t capacity) : capacity_(capacity) {}

  /// Takes `amount` (at most the capacity), waiting until `deadline`; false if it could not.
  bool acquire(std::uint64_t amount, std::chrono::steady_clock::time_point deadline) {
    std::unique_lock<std::mutex> lock(mutex_);
    return freed_.wait_until(lock, deadline, [&] { return used_ + amount <= capacity_; }) &&
           (used_ += amount, true);
  }
  void release(std::uint64_t amount) {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      used_ -= amount;
    }
    freed_.notify_all();
  }
  std::uint64_t capacity() const { return capacity_; }

 private:
  std::uint64_t capacity_, used_ = 0;
  std::mutex mutex_;
  std::condition_variable freed_;
};

/// A share of a Budget, given back when it goes out of scope.
class BudgetShare {
 public:
  BudgetShare(Budget& b, std::uint64_t amount, std::chrono::steady_clock::time_point deadline)
      : budget_(b), amount_(amount), held_(b.acquire(amount, deadline)) {}
  ~BudgetShare() {
    if (held_) budget_.release(amount_);
  }
  BudgetShare(const BudgetShare&) = delete;
  BudgetShare& operator=(const BudgetShare&) = delete;
  explicit operator bool() const { return held_; }

 private:
  Budget& budget_;
  std::uint64_t amount_;
  bool held_;
};

}  // namespace spgraph::serve
