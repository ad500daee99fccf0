// SPDX-License-Identifier: Apache-2.0
// `spgraph-mpi cc FILE`: connected components (weakly connected for a directed graph). Each
// rank first contracts its vector slice by its own arcs with both ends in the slice (a local
// union-find, no message: contract_slice). Only the other arcs, the cut C, go into
// S_cut = C + Cᵀ; rounds of label' = min(label, S_cut min.second label) with CombBLAS's dense
// SpMV over the engine's MIN-SECOND semiring, each followed by hooking within a piece and a
// shortcut within the slice (label_round), run until no label changes. With no cut arc (P = 1)
// the pieces are the components and no round runs. Each label ends as the smallest vertex id of
// its component: the labels spgraph's cc prints, whatever its method. Rounds still grow with the
// diameter of the contracted graph (FastSV's remote shortcuts and hooking would need fewer; not
// here).

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

/// This rank's slice contracted by its own arcs: `root[v]` is the local index of the smallest
/// vertex of v's piece, the slice's vertices joined to v by this rank's arcs with both ends in
/// the slice (union-find, linking the larger root under the smaller, path halving). A local
/// contraction with no message, as distributed connected-component codes begin (Azad and Buluç,
/// "LACC: a linear-algebraic algorithm for finding connected components in distributed memory",
/// IPDPS 2019, §IV). `cut` keeps every other arc: only those need the rounds. At P = 1 no arc
/// is cut and the pieces are the components.
struct SlicePieces {
  std::vector<Vertex> root;
  Arcs cut;
};

SlicePieces contract_slice(Arcs owned, const VectorSlice& slice, bool symmetric) {
  SlicePieces out;
  std::vector<Vertex>& parent = out.root;
  parent.resize(std::size_t(slice.size));
  for (Index v = 0; v < slice.size; ++v) parent[v] = Vertex(v);
  const auto find = [&](Vertex v) {
    while (parent[v] != v) v = parent[v] = parent[parent[v]];
    return v;
  };
  const auto in_slice = [&](Vertex x) {
    return Index(x) >= slice.offset && Index(x) < slice.offset + slice.size;
  };
  std::size_t kept = 0;  // the cut arcs are compacted to the front of `owned`
  for (std::size_t k = 0; k < owned.size(); ++k) {
    const Vertex r = owned.row[k], c = owned.col[k];
    if (!in_slice(r) || !in_slice(c)) {
      owned.row[kept] = r, owned.col[kept] = c, ++kept;
      continue;
    }
    // A symmetric file's mirror (c, r) joins the same pair, and this rank owns it too: a vector
    // slice lies inside one row block of CombBLAS's layout, whose row and column blocks have the
    // same bounds, so both arcs of an in-slice pair sit in the diagonal block of this rank.
    if (symmetric && r > c) continue;
    const Vertex a = find(Vertex(r - slice.offset)), b = find(Vertex(c - slice.offset));
    if (a != b) parent[std::max(a, b)] = std::min(a, b);
  }
  for (Vertex v = 0; v < parent.size(); ++v) parent[v] = parent[parent[v]];  // roots precede
  owned.row.resize(kept), owned.col.resize(kept), owned.val.clear();
  out.cut = std::move(owned);
  return out;
}

using LabelVec = combblas::FullyDistVec<Index, Index>;

/// One round over the cut arcs: y = S_cut min.second label; each piece's root takes the smallest
/// label any of its vertices sees (the hooking step of Shiloach-Vishkin, done within the piece),
/// every vertex takes its root's label, then jumps to its label's label while both lie in this
/// rank's slice (the shortcut of FastSV, Zhang, Azad and Hu, PP 2020, §III, restricted to local
/// entries so that it costs no message). Labels stay ids of the same component and only fall.
/// Returns whether any label of this rank fell.
bool label_round(const DistMatrix<bool>& s_cut, LabelVec& label, const SlicePieces& pieces,
                 const VectorSlice& slice) {
  using Sr = CombBlasSemiring<MinSecond<Index>, bool, Index>;
  const LabelVec y = combblas::SpMV<Sr>(s_cut, label);
  const Index* now = label.GetLocArr();  // updated in place by SetLocalElement
  const Index* seen = y.GetLocArr();
  bool changed = false;
  for (Index v = 0; v < slice.size; ++v) {
    const Index r = pieces.root[v];
    if (seen[v] < now[r]) label.SetLocalElement(r, seen[v]), changed = true;
  }
  for (Index v = 0; v < slice.size; ++v) {
    Index l = now[pieces.root[v]];
    while (l >= slice.offset && l < slice.offset + slice.size && now[l - slice.offset] < l)
      l = now[l - slice.offset];
    if (l < now[v]) label.SetLocalElement(v, l), changed = true;
  }
  return changed;
}

void run_cc(const CcArgs& args) {
  MpiContext& ctx = context();
  if (!ctx.active()) return;
  DistributedGraph g = load_for_mpi(args.file, args.load, args.g, false, args.out);
  MPI_Barrier(ctx.comm);
  const double t0 = MPI_Wtime();
  const VectorSlice slice = vector_slice(ctx, g.n);
  SlicePieces pieces = contract_slice(std::move(g.local), slice, g.undirected);
  std::uint64_t cut = pieces.cut.size();
  MPI_Allreduce(MPI_IN_PLACE, &cut, 1, MPI_UINT64_T, MPI_SUM, ctx.comm);
  // The labels live in one distributed vector for the whole run, updated in place; each round's
  // product is the one allocation left (CombBLAS 1.6.2 has no dense SpMV into a given vector).
  LabelVec label(ctx.grid, Index(g.n), Index(0));
  for (Index v = 0; v < slice.size; ++v)
    label.SetLocalElement(v, slice.offset + Index(pieces.root[v]));
  std::uint64_t rounds = 0;
  if (cut > 0) {
    // S_cut = C + Cᵀ over the cut arcs C (C itself when the file is symmetric: a cut arc's
    // mirror is cut too, as an in-slice pair's two arcs share one owner; see contract_slice):
    // the owner's arcs and its transpose partner's (pattern_matrix.hpp).
    const DistMatrix<bool> s_cut =
        pattern_matrix(ctx, g.n, pieces.cut,
                       g.undirected ? PatternOf::Arcs : PatternOf::Symmetrized, g.undirected);
    pieces.cut = Arcs{};
    traffic_phase("run");
    for (;;) {
      int changed = label_round(s_cut, label, pieces, slice) ? 1 : 0;
      ++rounds;
      MPI_Allreduce(MPI_IN_PLACE, &changed, 1, MPI_INT, MPI_MAX, ctx.comm);
      if (!changed) break;
    }
  } else {
    traffic_phase("run");
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
