// SPDX-License-Identifier: Apache-2.0
// `spgraph-mpi cc FILE`: connected components (weakly connected for a directed graph) by min-label
// propagation, label' = min(label, S min.second label) on S = A + A^T until no label changes,
// with CombBLAS's dense SpMV over the engine's MIN-SECOND semiring. Each label ends as the
// smallest vertex id of its component: the labels spgraph's cc prints, whatever its method.
// Labels start from a union-find over each rank's own arcs inside its slice (local_hooks).
// After each round a label jumps to its label's label while both lie in the rank's own slice
// (the shortcut of Shiloach-Vishkin and FastSV, Zhang, Azad and Hu, "FastSV: a distributed-memory
// connected component algorithm with fast convergence", PP 2020, restricted to
// local entries so that it costs no message): labels stay ids of the same component and only
// fall, so the answer is unchanged and fewer rounds are needed. Rounds still grow with the
// diameter (FastSV's remote shortcuts and hooking would need fewer; not here).

#include <algorithm>

#include "tools/cli/job_results.hpp"
#include "tools/cli/traversal_flags.hpp"
#include "tools/spgraph_mpi/combblas_semiring.hpp"
#include "tools/spgraph_mpi/distributed_matrix.hpp"
#include "tools/spgraph_mpi/mpi_cli.hpp"
#include "tools/spgraph_mpi/mpi_traffic.hpp"
#include "tools/spgraph_mpi/pattern_matrix.hpp"

namespace spgraph::mpi {

namespace {

using namespace spgraph::cli;

struct CcArgs {
  GlobalOptions g;
  LoadFlags load;
  std::string file, out;
};

/// The starting labels of this rank's slice: each vertex's smallest id among the slice's
/// vertices joined to it by this rank's own arcs with both ends in the slice (union-find,
/// linking the larger root under the smaller, so a root is its set's smallest id). A local
/// contraction with no message, as distributed connected-component codes begin (Azad and
/// Buluç, "LACC: a linear-algebraic algorithm for finding connected components in distributed
/// memory", IPDPS 2019); at P = 1 it finds every component, and the rounds only
/// confirm it.
std::vector<Index> local_hooks(const Arcs& owned, const VectorSlice& slice) {
  std::vector<Index> parent(std::size_t(slice.size));
  for (Index v = 0; v < slice.size; ++v) parent[v] = v;
  const auto find = [&](Index v) {
    while (parent[v] != v) v = parent[v] = parent[parent[v]];  // path halving
    return v;
  };
  for (std::size_t k = 0; k < owned.size(); ++k) {
    const Index r = Index(owned.row[k]) - slice.offset, c = Index(owned.col[k]) - slice.offset;
    if (r < 0 || r >= slice.size || c < 0 || c >= slice.size) continue;
    const Index a = find(r), b = find(c);
    if (a != b) parent[std::max(a, b)] = std::min(a, b);
  }
  std::vector<Index> label(parent.size());
  for (Index v = 0; v < slice.size; ++v) label[v] = slice.offset + find(v);
  return label;
}

void run_cc(const CcArgs& args) {
  MpiContext& ctx = context();
  if (!ctx.active()) return;
  DistributedGraph g = load_for_mpi(args.file, args.load, args.g, false, args.out);
  MPI_Barrier(ctx.comm);
  const double t0 = MPI_Wtime();
  // S = A + A^T (A itself when the file is symmetric): the owner's arcs and its transpose
  // partner's, mirrored (pattern_matrix.hpp).
  DistMatrix<bool> s = pattern_matrix(
      ctx, g.n, g.local, g.undirected ? PatternOf::Arcs : PatternOf::Symmetrized, g.undirected);
  const VectorSlice slice = vector_slice(ctx, g.n);
  const std::vector<Index> start = local_hooks(g.local, slice);
  g.local = Arcs{};  // S holds the graph now
  // The labels live in one distributed vector for the whole run, updated in place; each round's
  // product is the one allocation left (CombBLAS 1.6.2 has no dense SpMV into a given vector).
  combblas::FullyDistVec<Index, Index> label(ctx.grid, Index(g.n), Index(0));
  for (Index v = 0; v < slice.size; ++v) label.SetLocalElement(v, start[v]);
  using Sr = CombBlasSemiring<MinSecond<Index>, bool, Index>;
  std::uint64_t rounds = 0;
  traffic_phase("run");
  for (;;) {
    const combblas::FullyDistVec<Index, Index> y = combblas::SpMV<Sr>(s, label);
    ++rounds;
    const Index* now = label.GetLocArr();
    const Index* seen = y.GetLocArr();
    int changed = 0;
    for (Index v = 0; v < slice.size; ++v) {
      Index l = std::min(now[v], seen[v]);
      // Shortcut within this rank's slice: label(v) = label(label(v)) while that is smaller.
      while (l >= slice.offset && l < slice.offset + slice.size && now[l - slice.offset] < l)
        l = now[l - slice.offset];
      if (l < now[v]) label.SetLocalElement(v, l), changed = 1;
    }
    MPI_Allreduce(MPI_IN_PLACE, &changed, 1, MPI_INT, MPI_MAX, ctx.comm);
    if (!changed) break;
  }
  double secs = MPI_Wtime() - t0;
  MPI_Allreduce(MPI_IN_PLACE, &secs, 1, MPI_DOUBLE, MPI_MAX, ctx.comm);
  std::uint64_t roots = 0, mine = 0;
  for (Index v = 0; v < slice.size; ++v) mine += label.GetLocArr()[v] == slice.offset + v;
  MPI_Allreduce(&mine, &roots, 1, MPI_UINT64_T, MPI_SUM, ctx.comm);
  const std::vector<Index> all = gather_to_root(ctx, label, MPI_INT64_T);
  if (!ctx.root()) return;
  const IdSpace ids(g.info);
  std::vector<Vertex> labels(all.begin(), all.end());
  if (!args.out.empty()) write_labels(args.out, labels, ids);
  Report rep;
  add_grid_fields(rep);
  rep.add("file", report::str(args.file));
  rep.add("n", report::count(g.n));
  rep.add("arcs", report::count(g.arcs));
  rep.add("kind", report::text(g.undirected ? "undirected" : "directed"));
  rep.add("what", report::text(g.undirected ? "connected" : "weakly connected"));
  rep.add("load_seconds", report::text_only(report::seconds(g.load_seconds)));
  rep.add("components", report::count(roots));
  rep.add("largest", report::count(largest_component(labels)));
  rep.add("method", report::str("labelprop"));
  rep.add("rounds", report::count(rounds));
  rep.add("seconds", report::seconds_as_ms(secs));
  rep.add("out", report::text(args.out));
  if (args.g.json) return print_json(rep);
  if (args.g.quiet) return print_text(rep, "{components}\n");
  const std::string layout =
      std::string(kGridLayout) +
      "graph: {n} vertices, {arcs} arcs, {kind} (loaded in {load_seconds} s)\n" +
      components_layout(!args.out.empty());
  print_text(rep, layout);
}

}  // namespace

void register_cc(CLI::App& app) {
  auto args = std::make_shared<CcArgs>();
  CLI::App* cmd = app.add_subcommand(
      "cc", "Connected components (weakly, for a directed graph) by label propagation on CombBLAS");
  cmd->add_option("file", args->file, "Graph file")->required();
  cmd->add_option("--out,-o", args->out, "Write 'vertex label' lines (label: smallest id)");
  add_global_flags(cmd, args->g);
  add_load_flags(cmd, args->load);
  cmd->callback([args] { run_cc(*args); });
}

}  // namespace spgraph::mpi
