// SPDX-License-Identifier: Apache-2.0
// The flags of the traversal commands (pagerank, sssp, cc), shared by each command and its
// compare job so both take the same options: the flag definitions, their translation into the
// algorithms' option structs (vertex ids through the file's numbering, IdSpace), and the names
// printed for each method.
#pragma once

#include <CLI/CLI.hpp>

#include <algorithm>
#include <climits>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "algorithms/components/components.hpp"
#include "algorithms/pagerank/pagerank.hpp"
#include "algorithms/sssp/sssp.hpp"
#include "tools/cli/cli_common.hpp"
#include "tools/cli/spmv_common.hpp"
#include "tools/cli/vertex_list.hpp"

namespace spgraph::cli {

struct PageRankFlags {
  double damping = 0.85, tolerance = 1e-4;
  int iterations = 100;
  std::string variant = "gap", spmv = "auto";
  std::string precision = "double";      ///< only where add_pagerank_precision_flag offers it
  std::string sweep = "jacobi";          ///< likewise
  std::vector<std::string> personalize;  ///< in the file's numbering (names for string ids)
  /// Only where add_pagerank_weight_flags offers them: --weighted and --personalize-weights
  /// (one weight per --personalize vertex, in order).
  bool weighted = false;
  std::vector<double> personalize_weights;
};

inline void add_pagerank_flags(CLI::App* cmd, PageRankFlags& f) {
  cmd->add_option("--damping", f.damping, "Damping factor d, in [0, 1) (default 0.85)")
      ->transform(real_flag("--damping", 0, 1))
      ->check(CLI::Validator(
          [](std::string& s) -> std::string {
            // real_flag took [0, 1]; at d = 1 there is no teleport and power iteration need
            // not converge (the algorithm refuses it), so it is a usage error here.
            if (std::strtod(s.c_str(), nullptr) < 1) return {};
            return "--damping must be below 1 (at d = 1 nothing teleports and PageRank need not "
                   "converge), got '" +
                   printable(s) + "'";
          },
          ""));
  cmd->add_option("--tolerance", f.tolerance,
                  "Stop when the L1 change of a step, sum |r' - r|, is below this (default 1e-4; "
                  "0 runs --iterations steps)")
      ->transform(real_flag("--tolerance", 0, 1e300));
  cmd->add_option("--iterations", f.iterations, "Most power steps (default 100)")
      ->transform(integer_flag("--iterations", 1, INT_MAX));
  cmd->add_option("--variant", f.variant,
                  "gap (default: GAP/LAGraph rule, the rank of sinks leaks) or standard (sinks' "
                  "rank redistributed; ranks sum to 1, as networkx)")
      ->check(CLI::IsMember({"gap", "standard"}));
  cmd->add_option("--personalize", f.personalize,
                  "Teleport only to these vertices (file's numbering; names for string ids), "
                  "comma-separated, quoting a name that holds a comma: personalized PageRank")
      ->check(vertex_list_flag("--personalize"));
  add_spmv_format_flag(cmd, f.spmv);
}

/// --precision and --sweep: the score type and the sweep of spgraph's own power iteration
/// (PageRankPrecision).
inline void add_pagerank_precision_flag(CLI::App* cmd, PageRankFlags& f) {
  cmd->add_option("--precision", f.precision,
                  "Scores while iterating: double (default) or float (as the GAP benchmark; "
                  "half the memory traffic, about 7 significant digits)")
      ->check(CLI::IsMember({"double", "float"}));
  cmd->add_option("--sweep", f.sweep,
                  "jacobi (default: every vertex pulls the previous step's ranks; deterministic) "
                  "or gauss-seidel (vertices pull ranks already updated in this step, as GAPBS's "
                  "pr: fewer steps to the tolerance, last digits vary between runs; CSR only)")
      ->check(CLI::IsMember({"jacobi", "gauss-seidel"}));
}

/// --weighted and --personalize-weights: spgraph's weighted PageRank (the compare job stays
/// unweighted: LAGraph's PageRank reads the structure only).
inline void add_pagerank_weight_flags(CLI::App* cmd, PageRankFlags& f) {
  cmd->add_flag("--weighted", f.weighted,
                "Spread each vertex's rank over its out-arcs in proportion to the edge weights "
                "(networkx's pagerank(weight='weight')); weights must be finite and >= 0");
  cmd->add_option("--personalize-weights", f.personalize_weights,
                  "One teleport weight per --personalize vertex, in the same order, "
                  "comma-separated (finite, >= 0, not all 0); default: equal weights")
      ->delimiter(',')
      ->check(real_flag("--personalize-weights", 0, 1e300));
}

/// Applies --weighted and --personalize-weights to the options pagerank_options() made (its
/// --personalize ids already checked): the weighted kernel's limits, and the --personalize
/// vertices in their order paired with the weights. Usage errors (CLI::ValidationError) for
/// --weighted with csr5 or gauss-seidel, a count that differs, a vertex named twice, weights
/// that are all 0.
inline void apply_pagerank_weight_flags(const PageRankFlags& f, const IdSpace& ids, Vertex n,
                                        PageRankOptions& o) {
  o.weighted = f.weighted;
  if (o.weighted && (o.spmv == SpmvFormat::Csr5 || o.sweep == PageRankSweep::GaussSeidel))
    throw CLI::ValidationError(
        "--weighted runs on CSR with the Jacobi sweep: leave out --spmv csr5 and --sweep "
        "gauss-seidel");
  const std::vector<double>& w = f.personalize_weights;
  if (w.empty()) return;
  const std::vector<std::string> named = vertex_list(f.personalize);
  if (w.size() != named.size())
    throw CLI::ValidationError("--personalize-weights gives " + std::to_string(w.size()) +
                               " weights for " + std::to_string(named.size()) +
                               " --personalize vertices; give one weight per vertex");
  std::vector<Vertex> in_order;
  for (const std::string& v : named) in_order.push_back(ids.to_internal(v, n));
  std::vector<std::pair<Vertex, std::size_t>> sorted;
  for (std::size_t k = 0; k < in_order.size(); ++k) sorted.emplace_back(in_order[k], k);
  std::sort(sorted.begin(), sorted.end());
  for (std::size_t k = 1; k < sorted.size(); ++k)
    if (sorted[k].first == sorted[k - 1].first)
      throw CLI::ValidationError("--personalize names vertex '" +
                                 printable(named[sorted[k].second]) +
                                 "' twice; with --personalize-weights each vertex gets one weight");
  double total = 0;
  for (double x : w) total += x;
  if (!(total > 0)) throw CLI::ValidationError("--personalize-weights are all 0");
  o.personalize = std::move(in_order);
  o.personalize_weights = w;
}

/// The options for n vertices; --personalize ids are mapped, deduplicated and sorted.
/// `undirected`: the graph was loaded as undirected (symmetric), so no transpose is needed.
inline PageRankOptions pagerank_options(const PageRankFlags& f, const IdSpace& ids, Vertex n,
                                        bool undirected) {
  PageRankOptions o;
  o.undirected = undirected;
  o.damping = f.damping;
  o.tolerance = f.tolerance;
  o.max_iterations = f.iterations;
  o.variant = f.variant == "standard" ? PageRankVariant::Standard : PageRankVariant::Gap;
  o.spmv = parse_spmv_format(f.spmv);
  o.precision = f.precision == "float" ? PageRankPrecision::Float : PageRankPrecision::Double;
  o.sweep = f.sweep == "gauss-seidel" ? PageRankSweep::GaussSeidel : PageRankSweep::Jacobi;
  if (o.sweep == PageRankSweep::GaussSeidel && o.spmv == SpmvFormat::Csr5)
    throw CLI::ValidationError("--sweep gauss-seidel runs on CSR: leave out --spmv csr5");
  o.personalize = flag_vertices("--personalize", f.personalize, ids, n);
  std::sort(o.personalize.begin(), o.personalize.end());
  o.personalize.erase(std::unique(o.personalize.begin(), o.personalize.end()), o.personalize.end());
  return o;
}

struct SsspFlags {
  std::string source;  ///< in the file's numbering (a name for string ids), as typed
  std::string method = "auto";
  double delta = 0;
};

inline void add_sssp_flags(CLI::App* cmd, SsspFlags& f) {
  cmd->add_option("--source,-s", f.source,
                  "Source vertex in the file's ids (1-based for .mtx; names with --remap-ids, "
                  "quoted if they hold a comma)")
      ->required()
      ->check(single_vertex_flag("--source"));
  cmd->add_option("--method", f.method,
                  "auto (delta-stepping), delta, or bellman-ford (the only one that accepts "
                  "negative weights; finds negative cycles)")
      ->check(CLI::IsMember({"auto", "delta", "bellman-ford"}));
  cmd->add_option("--delta", f.delta,
                  "Bucket width for delta-stepping (default 0: chosen from the weights)")
      ->transform(real_flag("--delta", 0, 1e300));
}

inline SsspOptions sssp_options(const SsspFlags& f) {
  SsspOptions o;
  o.method = f.method == "delta"          ? SsspMethod::Delta
             : f.method == "bellman-ford" ? SsspMethod::BellmanFord
                                          : SsspMethod::Auto;
  o.delta = f.delta;
  return o;
}

/// The first arc (row order, as the algorithms scan) whose value `bad` refuses: (row, entry),
/// so a command can name it in the file's numbering; nullopt when there is none or `a` is a
/// pattern (unit values).
template <class Bad>
std::optional<std::pair<Vertex, Offset>> first_arc_where(const Csr<double>& a, Bad bad) {
  if (a.pattern) return std::nullopt;
  for (Vertex i = 0; i < a.nrows; ++i)
    for (Offset k = a.row_ptr[i]; k < a.row_ptr[i + 1]; ++k)
      if (bad(a.val[k])) return std::make_pair(i, k);
  return std::nullopt;
}

/// The first arc with a negative weight (first_arc_where).
inline std::optional<std::pair<Vertex, Offset>> first_negative_arc(const Csr<double>& a) {
  return first_arc_where(a, [](double w) { return w < 0; });
}

inline const char* sssp_method_name(SsspMethod m) {
  return m == SsspMethod::BellmanFord ? "bellman-ford" : m == SsspMethod::Delta ? "delta" : "auto";
}

inline void add_cc_method_flag(CLI::App* cmd, std::string& method) {
  cmd->add_option("--method", method,
                  "auto (afforest), labelprop (min-label propagation), fastsv or afforest")
      ->check(CLI::IsMember({"auto", "labelprop", "fastsv", "afforest"}));
}

/// `undirected`: the graph is symmetric, so no transpose is needed.
inline CcOptions cc_options(const std::string& method, bool undirected) {
  CcOptions o;
  o.undirected = undirected;
  o.method = method == "labelprop"  ? CcMethod::LabelProp
             : method == "fastsv"   ? CcMethod::FastSV
             : method == "afforest" ? CcMethod::Afforest
                                    : CcMethod::Auto;
  return o;
}

inline const char* cc_method_name(CcMethod m) {
  switch (m) {
    case CcMethod::LabelProp:
      return "labelprop";
    case CcMethod::FastSV:
      return "fastsv";
    case CcMethod::Afforest:
      return "afforest";
    case CcMethod::Auto:
      break;
  }
  return "auto";
}

/// The size of the largest component, from labels (any labelling of [0, n)).
inline std::uint64_t largest_component(const std::vector<Vertex>& label) {
  std::vector<std::uint64_t> size(label.size(), 0);
  std::uint64_t best = 0;
  for (Vertex l : label) best = std::max(best, ++size[l]);
  return best;
}

}  // namespace spgraph::cli
