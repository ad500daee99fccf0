// SPDX-License-Identifier: Apache-2.0
// The reference of the Dynamic CSR model tests: a std::map from each key to its stored copies,
// and a batch applied to it with the semantics documented in formats/dcsr/dcsr.hpp and
// dcsr_params.hpp (King et al., "Dynamic-CSR" (2016), section III.A, plus erase and assign in
// batch order). Shared by the CPU format's model test (dcsr_model_test.cpp), the device
// format's host emulation test and its device test (dcsr_device_model.hpp), so that all three
// hold their format to one oracle.
#pragma once

#include <algorithm>
#include <cstddef>
#include <map>
#include <random>
#include <tuple>
#include <utility>
#include <vector>

#include "engine/core/duplicate_policy.hpp"
#include "engine/core/edge_update.hpp"

namespace spgraph::dcsr_model {

using Key = std::pair<Vertex, Vertex>;
/// Model: every stored copy of each key (one for the set policies).
using Model = std::map<Key, std::vector<double>>;

struct Expect {
  Offset inserted = 0, erased = 0, missing = 0, ignored = 0, combined = 0, assigned = 0;
  std::vector<Key> added, removed;
};

/// Applies a batch to the model with the semantics documented in dcsr.hpp / dcsr_params.hpp.
inline Expect apply_model(Model& m, const std::vector<EdgeUpdate<double>>& ops, DuplicatePolicy dup,
                          bool pattern) {
  Expect e;
  std::map<Key, std::size_t> initial;
  for (const auto& op : ops) {
    const Key k{op.u, op.v};
    if (!initial.count(k)) initial[k] = m.count(k) ? m[k].size() : 0;
    auto it = m.find(k);
    const bool present = it != m.end() && !it->second.empty();
    const double v = pattern ? 1.0 : op.w;
    switch (op.kind) {
      case UpdateKind::Insert:
        if (dup == DuplicatePolicy::Keep) {
          m[k].push_back(v);
        } else if (!present) {
          m[k] = {v};
        } else if (dup == DuplicatePolicy::Combine && !pattern) {
          it->second[0] += v;
          ++e.combined;
        } else {
          ++e.ignored;
        }
        break;
      case UpdateKind::Erase:
        if (present)
          m.erase(it);
        else
          ++e.missing;
        break;
      case UpdateKind::Assign:
        if (present) {
          for (double& x : it->second) x = v;
          ++e.assigned;
        } else {
          ++e.missing;
        }
        break;
    }
  }
  for (const auto& [k, before] : initial) {
    const std::size_t after = m.count(k) ? m[k].size() : 0;
    if (after == 0) m.erase(k);
    if (after > before) e.inserted += after - before;
    if (after < before) e.erased += before - after;
    if (before == 0 && after > 0) e.added.push_back(k);
    if (before > 0 && after == 0) e.removed.push_back(k);
  }
  return e;
}

inline std::vector<std::tuple<Vertex, Vertex, double>> model_tuples(const Model& m) {
  std::vector<std::tuple<Vertex, Vertex, double>> t;
  for (const auto& [k, vs] : m)
    for (double v : vs) t.emplace_back(k.first, k.second, v);
  std::sort(t.begin(), t.end());
  return t;
}

/// A random batch: mostly inserts, or mostly erases, or a mix with assignments (none on a
/// pattern), of up to max_batch updates (usually fewer than 30). Rows are skewed so that a few
/// take most updates (segment exhaustion, relocation, long tails); a third of the updates name
/// stored keys.
inline std::vector<EdgeUpdate<double>> random_ops(std::mt19937_64& rng, const Model& model,
                                                  Vertex nrows, Vertex ncols, std::size_t max_batch,
                                                  bool pattern) {
  std::vector<EdgeUpdate<double>> ops;
  const std::size_t len = rng() % 3 == 0 ? rng() % max_batch : rng() % 30;
  const int kind_mix = int(rng() % 3);
  std::vector<Key> keys;  // stored keys, to update present entries too
  keys.reserve(model.size());
  for (const auto& kv : model) keys.push_back(kv.first);
  for (std::size_t t = 0; t < len; ++t) {
    EdgeUpdate<double> op;
    op.u = rng() % 4 == 0 ? Vertex(rng() % 3) : Vertex(rng() % nrows);
    if (rng() % 8 == 0) op.u = op.v = Vertex(rng() % std::min(nrows, ncols));
    op.v = Vertex(rng() % ncols);
    if (!keys.empty() && rng() % 3 == 0) {
      const Key& k = keys[rng() % keys.size()];
      op.u = k.first;
      op.v = k.second;
    }
    op.w = double(rng() % 9 + 1);
    const int r = int(rng() % 10);
    if (kind_mix == 0)
      op.kind = UpdateKind::Insert;
    else if (kind_mix == 1)
      op.kind = r < 7 ? UpdateKind::Erase : UpdateKind::Insert;
    else
      op.kind =
          r < 5 ? UpdateKind::Insert : (r < 8 || pattern ? UpdateKind::Erase : UpdateKind::Assign);
    ops.push_back(op);
  }
  return ops;
}

}  // namespace spgraph::dcsr_model
