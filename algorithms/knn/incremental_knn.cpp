// SPDX-License-Identifier: Apache-2.0
// The maintained similarity kNN of one query vertex (incremental_knn.hpp, where the refresh
// condition is derived): the view, its refresh from ViewGraph as similarity_knn answers one
// query (knn_similarity.cpp, on the hash SpGEMM row kernel of Nagasaka, Nukada & Matsuoka,
// ICPP 2017, and the top-k selector of Liu's thesis §4.6), and the test for arcs with copies.
#include "algorithms/knn/incremental_knn.hpp"

#include <algorithm>
#include <limits>
#include <span>
#include <type_traits>
#include <utility>

#include "algorithms/knn/knn_checks.hpp"
#include "algorithms/knn/knn_product_row.hpp"
#include "algorithms/knn/knn_similarity_score.hpp"
#include "engine/core/error.hpp"
#include "formats/topk/topk_selector.hpp"

namespace spgraph {

std::string knn_view_name(Vertex v, std::size_t k, SimilarityMeasure m) {
  std::string name = "knn:" + std::to_string(v);
  if (k == 10 && m == SimilarityMeasure::Jaccard) return name;
  return name + ":" + std::to_string(k) + ":" + std::string(similarity_measure_name(m));
}

namespace {

using Arc = std::pair<Vertex, Vertex>;

/// Row r of `adj` into `out`, sorted, each column once.
void distinct_row(const DcsrAdjacency& adj, Vertex r, std::vector<Vertex>& out) {
  out.clear();
  adj.for_each(r, [&](Vertex c, Offset) { out.push_back(c); });
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
}

/// Whether some row of `adj` holds a column more than once (copies kept under
/// DuplicatePolicy::Keep). O(arcs), parallel over rows; a row read in ascending order is
/// accepted without a sort.
bool has_repeated_arcs(const DcsrAdjacency& adj) {
  const std::int64_t n = adj.n();
  bool found = false;
#pragma omp parallel reduction(|| : found) if (n >= 65536)
  {
    std::vector<Vertex> row;
#pragma omp for schedule(dynamic, 1024)
    for (std::int64_t r = 0; r < n; ++r) {
      if (found || adj.degree(Vertex(r)) < 2) continue;
      row.clear();
      bool ascending = true;
      adj.for_each(Vertex(r), [&](Vertex c, Offset) {
        ascending = ascending && (row.empty() || row.back() < c);
        row.push_back(c);
      });
      if (ascending) continue;
      std::sort(row.begin(), row.end());
      found = std::adjacent_find(row.begin(), row.end()) != row.end();
    }
  }
  return found;
}

/// The arcs of `list` leaving x (list sorted).
std::ptrdiff_t arcs_leaving(const std::vector<Arc>& list, Vertex x) {
  const auto b = std::lower_bound(list.begin(), list.end(), Arc{x, 0});
  const auto e = std::upper_bound(b, list.end(), Arc{x, std::numeric_limits<Vertex>::max()});
  return e - b;
}

/// Whether a batch left some arc with two or more copies, given that none had any before it.
/// Every copy-making insert names its arc in `reweighted`, so only those rows can have copies;
/// a row x has some iff its degree grew by more than |added from x| − |removed from x| (each
/// arc present after it contributes its copies, each removed one −1, each added one +1 when
/// single). O(changes · log changes).
bool copies_appeared(const ViewGraph& before, const ViewGraph& after, const ArcChanges& c) {
  if (c.reweighted.empty()) return false;
  std::vector<Arc> added = c.added, removed = c.removed;
  for (std::vector<Arc>* list : {&added, &removed}) {
    std::sort(list->begin(), list->end());
    list->erase(std::unique(list->begin(), list->end()), list->end());
  }
  std::vector<Vertex> rows;
  for (const Arc& a : c.reweighted) rows.push_back(a.first);
  std::sort(rows.begin(), rows.end());
  rows.erase(std::unique(rows.begin(), rows.end()), rows.end());
  for (Vertex x : rows) {
    const std::int64_t was = x < before.n() ? std::int64_t(before.out.degree(x)) : 0;
    const std::int64_t grew = std::int64_t(after.out.degree(x)) - was;
    if (grew != arcs_leaving(added, x) - arcs_leaving(removed, x)) return true;
  }
  return false;
}

/// A product-row accumulator of one value type, rebuilt when the vertex count changes.
template <class Acc>
class RowCache {
 public:
  detail::KnnProductRow<Acc>& get(Vertex n) {
    if (!row_ || n_ != n) {
      row_ = std::make_unique<detail::KnnProductRow<Acc>>(n, false);
      n_ = n;
    }
    return *row_;
  }

 private:
  std::unique_ptr<detail::KnnProductRow<Acc>> row_;
  Vertex n_ = 0;
};

/// A set of vertex ids rebuilt at every refresh, for the membership test of every changed arc:
/// a sorted list while small, a bitmap of n bits once it holds n / 64 ids or more, so that
/// building and holding it cost O(its size) either way.
class VertexSet {
 public:
  /// Replaces the set with `ids` (any order, distinct, each below n); `ids` is reordered.
  void assign(std::vector<Vertex>& ids, Vertex n) {
    sorted_.clear();
    bits_.clear();
    if (ids.size() * 64 >= std::size_t(n)) {
      bits_.assign((std::size_t(n) + 63) / 64, 0);
      for (Vertex x : ids) bits_[x >> 6] |= std::uint64_t{1} << (x & 63);
    } else {
      std::sort(ids.begin(), ids.end());
      sorted_.assign(ids.begin(), ids.end());
    }
  }
  bool contains(Vertex x) const {
    if (!bits_.empty()) return (x >> 6) < bits_.size() && ((bits_[x >> 6] >> (x & 63)) & 1);
    return std::binary_search(sorted_.begin(), sorted_.end(), x);
  }

 private:
  std::vector<Vertex> sorted_;
  std::vector<std::uint64_t> bits_;
};

/// The "knn:..." view of make_knn_view (the refresh condition in incremental_knn.hpp).
class KnnView final : public MaintainedView {
 public:
  KnnView(Vertex u, std::size_t k, SimilarityMeasure m)
      : u_(u), k_(k), m_(m), reads_degrees_(detail::similarity_reads_candidate_degree(m)) {}

  std::string name() const override { return knn_view_name(u_, k_, m_); }

  void recompute(const ViewGraph& g) override {
    const Vertex q[1] = {u_};
    detail::check_knn_queries(q, g.n(), "knn view");
    copies_ = g.may_repeat && has_repeated_arcs(g.out);  // copies exist only under Keep
    refresh(g);
  }

  void update(const ViewGraph& before, const ViewGraph& after, const ArcChanges& c) override {
    if (!copies_ && after.may_repeat) copies_ = copies_appeared(before, after, c);
    if (touches_answer(c)) refresh(after);
  }

  std::shared_ptr<const ViewResult> publish() override { return current_; }

 private:
  /// Whether an arc that became present or absent is one the answer reads (the header's
  /// refresh condition).
  bool touches_answer(const ArcChanges& c) const {
    for (const std::vector<Arc>* list : {&c.added, &c.removed})
      for (const auto& [x, w] : *list) {
        if (x == u_ || std::binary_search(nu_.begin(), nu_.end(), w)) return true;
        if (reads_degrees_ && candidates_.contains(x)) return true;
      }
    return false;
  }

  void refresh(const ViewGraph& g) {
    if (!g.has_in) throw InvalidArgument("knn view: the graph's in-arcs are not available");
    const Offset products = gather_two_hops(g);
    if (m_ == SimilarityMeasure::AdamicAdar || m_ == SimilarityMeasure::ResourceAllocation)
      score<double>(g, products, double_rows_.get(g.n()));
    else
      score<std::uint32_t>(g, products, count_rows_.get(g.n()));
  }

  /// N(u) into nu_ (sorted, distinct); returns the products Σ_{w ∈ N(u)} cnt(w). With copies
  /// possible, also each w's in-list, deduplicated, into hops_[hop_ptr_[i], hop_ptr_[i + 1]);
  /// without, the feed reads ViewGraph::in directly and cnt(w) is the in-degree.
  Offset gather_two_hops(const ViewGraph& g) {
    distinct_row(g.out, u_, nu_);
    hops_.clear();
    hop_ptr_.assign(1, 0);
    Offset products = 0;
    for (Vertex w : nu_) {
      if (!copies_) {
        products += g.in.degree(w);
        continue;
      }
      const auto b = std::ptrdiff_t(hops_.size());
      g.in.for_each(w, [&](Vertex x, Offset) { hops_.push_back(x); });
      std::sort(hops_.begin() + b, hops_.end());
      hops_.erase(std::unique(hops_.begin() + b, hops_.end()), hops_.end());
      hop_ptr_.push_back(hops_.size());
    }
    return copies_ ? Offset(hops_.size()) : products;
  }

  /// |N(v)| in the folded matrix.
  Offset out_degree(const ViewGraph& g, Vertex v) {
    if (!copies_) return g.out.degree(v);
    distinct_row(g.out, v, scratch_);
    return Offset(scratch_.size());
  }

  /// Calls add(x, term) for each w ∈ N(u) ascending and each x with w ∈ N(x), the term
  /// 1 (counts) or similarity_term(cnt(w)): the feed order of similarity_knn.
  template <class Acc, class Add>
  void feed_two_hops(const ViewGraph& g, Add&& add) const {
    for (std::size_t i = 0; i < nu_.size(); ++i) {
      const bool listed = copies_;
      const Offset cnt = listed ? hop_ptr_[i + 1] - hop_ptr_[i] : g.in.degree(nu_[i]);
      Acc wt = Acc(1);
      if constexpr (!std::is_integral_v<Acc>) wt = detail::similarity_term(m_, cnt);
      if (listed)
        for (Offset s = hop_ptr_[i]; s < hop_ptr_[i + 1]; ++s) add(hops_[s], wt);
      else
        g.in.for_each(nu_[i], [&](Vertex x, Offset) { add(x, wt); });
    }
  }

  /// Accumulates the row of u as similarity_knn does, selects the k best, publishes them.
  template <class Acc>
  void score(const ViewGraph& g, Offset products, detail::KnnProductRow<Acc>& row) {
    const Offset du = nu_.size();
    auto feed = [&](auto&& add) { feed_two_hops<Acc>(g, add); };
    found_.clear();
    selector_.start(std::min<std::size_t>(k_, g.n()), TopKOrder::Largest);
    auto visit = [&](Vertex v, Acc sum) {
      if (v == u_) return;
      Offset dv = 0;
      if (reads_degrees_) {
        found_.push_back(v);
        dv = out_degree(g, v);
      }
      selector_.offer(v, detail::similarity_score(m_, sum, du, dv));
    };
    row.run(products, feed, std::span<const Vertex>(nu_), visit);
    candidates_.assign(found_, g.n());
    best_.clear();
    selector_.finish(best_);
    auto r = std::make_shared<KnnViewResult>();
    r->vertex = u_;
    r->k = k_;
    r->measure = m_;
    for (const ScoredId& s : best_) {
      r->ids.push_back(s.id);
      r->scores.push_back(s.score);
    }
    r->refreshes = ++refreshes_;
    current_ = std::move(r);
  }

  Vertex u_;
  std::size_t k_;
  SimilarityMeasure m_;
  bool reads_degrees_;
  bool copies_ = false;        // some row may hold an arc twice (see the header)
  std::vector<Vertex> nu_;     // N(u) as of the last refresh, sorted
  VertexSet candidates_;       // C(u) as of the last refresh (reads_degrees_ only)
  std::vector<Vertex> found_;  // C(u) as the refresh finds it
  std::vector<Vertex> hops_;   // with copies_: the in-lists of N(u), one after another
  std::vector<Offset> hop_ptr_;
  std::vector<Vertex> scratch_;
  std::vector<ScoredId> best_;
  TopKSelector selector_;
  RowCache<std::uint32_t> count_rows_;
  RowCache<double> double_rows_;
  std::uint64_t refreshes_ = 0;
  std::shared_ptr<const KnnViewResult> current_;
};

}  // namespace

std::shared_ptr<MaintainedView> make_knn_view(Vertex v, std::size_t k, SimilarityMeasure m) {
  if (k == 0) throw InvalidArgument("knn view of vertex " + std::to_string(v) + ": k must be >= 1");
  return std::make_shared<KnnView>(v, k, m);
}

}  // namespace spgraph
