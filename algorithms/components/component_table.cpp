// SPDX-License-Identifier: Apache-2.0
// ComponentTable (component_table.hpp): the flat component labelling of the maintained
// connected-components view, its free list of ids and its exact count and largest size.
#include "algorithms/components/component_table.hpp"

#include <algorithm>
#include <cassert>

namespace spgraph::detail {

void ComponentTable::assign(const std::vector<Vertex>& label) {
  const Vertex n = Vertex(label.size());
  id_.assign(label);
  size_.assign(n, 0);
  for (Vertex v = 0; v < n; ++v) ++size_[label[v]];
  std::vector<Vertex> smallest(n);
  free_ids_.clear();
  per_size_.assign(std::size_t(n) + 1, 0);
  components_ = 0;
  largest_ = 0;
  // Ids are handed out from the back of the free list: push them high to low so that the
  // smallest free id goes first (any order is right; this one is deterministic).
  for (Vertex v = n; v-- > 0;) {
    smallest[v] = v;
    if (size_[v] == 0) {
      free_ids_.push_back(v);
      continue;
    }
    ++components_;
    ++per_size_[size_[v]];
    largest_ = std::max(largest_, size_[v]);
  }
  smallest_.assign(smallest);
}

void ComponentTable::grow(Vertex n) {
  const Vertex old = num_vertices();
  if (n <= old) return;
  id_.grow(n);
  smallest_.grow(n);
  size_.resize(n, 1);
  per_size_.resize(std::size_t(n) + 1, 0);
  for (Vertex v = old; v < n; ++v) {
    id_.set(v, v);
    smallest_.set(v, v);
  }
  per_size_[1] += n - old;
  components_ += n - old;
  largest_ = std::max<Vertex>(largest_, 1);
}

void ComponentTable::count_size(Vertex s) {
  ++per_size_[s];
  largest_ = std::max(largest_, s);
}

void ComponentTable::uncount_size(Vertex s) {
  assert(per_size_[s] > 0);
  --per_size_[s];
  while (largest_ > 0 && per_size_[largest_] == 0) --largest_;
}

void ComponentTable::absorb(Vertex into, Vertex from, std::span<const Vertex> members) {
  assert(into != from && members.size() == size_[from]);
  for (const Vertex v : members) id_.set(v, into);
  const Vertex a = size_[into], b = size_[from];
  // Count the joined size first, so that the largest size never walks down here.
  count_size(a + b);
  uncount_size(a);
  uncount_size(b);
  size_[into] = a + b;
  size_[from] = 0;
  if (smallest_[from] < smallest_[into]) smallest_.set(into, smallest_[from]);
  free_ids_.push_back(from);
  --components_;
}

Vertex ComponentTable::split_off(Vertex from, std::span<const Vertex> members, Vertex smallest) {
  const Vertex part = Vertex(members.size()), whole = size_[from];
  assert(part > 0 && part < whole && !free_ids_.empty());
  const Vertex id = free_ids_.back();
  free_ids_.pop_back();
  for (const Vertex v : members) id_.set(v, id);
  smallest_.set(id, smallest);
  count_size(part);
  count_size(whole - part);
  uncount_size(whole);
  size_[id] = part;
  size_[from] = whole - part;
  ++components_;
  return id;
}

}  // namespace spgraph::detail
