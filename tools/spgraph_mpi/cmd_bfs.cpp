// SPDX-License-Identifier: Apache-2.0
// `spgraph-mpi bfs FILE --source S`: levels and parents on CombBLAS. Each level is one SpMSpV
// y = A^T x over the engine's MIN-SECOND semiring (combblas_semiring.hpp), x valued with its own
// indices, so y(v) is v's smallest-numbered parent in the frontier; vertices already visited are
// removed with EWiseMult against the parents vector (CombBLAS's TopDownBFS, Buluç and Madduri,
// SC 2011, section 4). Levels equal spgraph's; parents are a valid BFS tree, the one where each
// vertex's parent is its smallest-numbered neighbour one level up (spgraph's own BFS may pick
// another valid parent).
#include <chrono>

#include "algorithms/bfs/bfs.hpp"
#include "tools/cli/bfs_outputs.hpp"
#include "tools/cli/result_table.hpp"
#include "tools/cli/vertex_list.hpp"
#include "tools/spgraph_mpi/combblas_semiring.hpp"
#include "tools/spgraph_mpi/distributed_matrix.hpp"
#include "tools/spgraph_mpi/distributed_structure.hpp"
#include "tools/spgraph_mpi/mpi_cli.hpp"
#include "tools/spgraph_mpi/mpi_traffic.hpp"

namespace spgraph::mpi {

namespace {

using namespace spgraph::cli;

struct BfsArgs {
  GlobalOptions g;
  LoadFlags load;
  std::string file, out, compute;
  std::vector<std::string> sources;
  std::size_t random_sources = 0;
  std::uint64_t seed = 1;
  bool parents = false;
};

/// --sources N: spgraph's pick among the vertices with an out-arc (out-degrees by a dense SpMV
/// A · 1, gathered to rank 0), broadcast to every rank.
std::vector<Vertex> random_sources(const MpiContext& ctx, const DistributedGraph& g,
                                   std::size_t count, std::uint64_t seed) {
  DistMatrix<bool> a = build_matrix<bool>(ctx, g.n, g.local, [](std::size_t) { return true; });
  using Count = CombBlasSemiring<PlusTimes<Index>, bool, Index>;
  const combblas::FullyDistVec<Index, Index> ones(ctx.grid, Index(g.n), Index(1));
  const std::vector<Index> degree =
      gather_to_root(ctx, combblas::SpMV<Count>(a, ones), MPI_INT64_T);
  std::vector<Vertex> picked;
  agree(ctx, [&] {
    if (ctx.rank != 0) return;
    std::vector<Vertex> candidates;
    for (Vertex v = 0; v < degree.size(); ++v)
      if (degree[v] > 0) candidates.push_back(v);
    picked = pick_sources(std::move(candidates), count, seed);
  });
  std::uint64_t k = picked.size();
  MPI_Bcast(&k, 1, MPI_UINT64_T, 0, ctx.comm);
  picked.resize(k);
  MPI_Bcast(picked.data(), int(k), MPI_UINT32_T, 0, ctx.comm);
  return picked;
}

struct DistBfs {
  std::vector<Index> level, parent;  ///< rank 0: per vertex, -1 where unreached
  Vertex depth = 0, reached = 0;
};

DistBfs search(const MpiContext& ctx, DistMatrix<bool>& at, Vertex n, Vertex source) {
  using Sr = CombBlasSemiring<MinSecond<Index>, bool, Index>;
  combblas::FullyDistVec<Index, Index> parents(ctx.grid, Index(n), Index(-1));
  combblas::FullyDistVec<Index, Index> levels(ctx.grid, Index(n), Index(-1));
  combblas::FullyDistSpVec<Index, Index> fringe(ctx.grid, Index(n)), next(ctx.grid, Index(n));
  fringe.SetElement(source, source);
  parents.SetElement(source, source);
  levels.SetElement(source, 0);
  DistBfs r;
  Index depth = 0, reached = 1;
  for (;;) {
    fringe.setNumToInd();
    combblas::SpMV<Sr>(at, fringe, next, false);  // overwrites next
    fringe = combblas::EWiseMult(next, parents, true, Index(-1));  // the unvisited ones
    const Index found = fringe.getnnz();
    if (found == 0) break;
    ++depth;
    reached += found;
    parents.Set(fringe);
    combblas::FullyDistSpVec<Index, Index> at_level = fringe;
    at_level = depth;
    levels.Set(at_level);
  }
  r.depth = Vertex(depth);
  r.reached = Vertex(reached);
  r.level = gather_to_root(ctx, levels, MPI_INT64_T);
  r.parent = gather_to_root(ctx, parents, MPI_INT64_T);
  return r;
}

void write_result(const std::string& path, const DistBfs& r, bool levels, bool parents,
                  const IdSpace& ids) {
  ResultTable out = !levels    ? ResultTable(path, {"vertex", "parent"})
                    : !parents ? ResultTable(path, {"vertex", "level"})
                               : ResultTable(path, {"vertex", "level", "parent"});
  for (Vertex v = 0; v < r.level.size(); ++v) {
    out.vertex(ids, v);
    if (levels) out.integer(static_cast<long long>(r.level[v]));
    if (parents) {
      if (r.parent[v] < 0)
        out.no_vertex(ids);
      else
        out.vertex(ids, Vertex(r.parent[v]));
    }
    out.end_row();
  }
  out.commit();
}

void run_bfs(const BfsArgs& args) {
  MpiContext& ctx = context();
  if (!ctx.active()) return;
  if (args.sources.empty() && args.random_sources == 0)
    throw CLI::ValidationError("give --source S or --sources N");
  if (!args.out.empty() && vertex_list(args.sources).size() + args.random_sources != 1)
    throw CLI::ValidationError("--out writes one search: give exactly one source");
  DistributedGraph g = load_for_mpi(args.file, args.load, args.g, false, args.out);
  std::vector<Vertex> sources;
  for (const std::string& s : vertex_list(args.sources)) sources.push_back(resolve_vertex(g, s));
  if (args.random_sources) {
    const std::vector<Vertex> more = random_sources(ctx, g, args.random_sources, args.seed);
    sources.insert(sources.end(), more.begin(), more.end());
  }
  BfsOptions o;
  set_bfs_outputs(!args.compute.empty()               ? args.compute
                  : args.parents || !args.out.empty() ? "both"
                                                      : "levels",
                  o);
  // A^T: the arcs reversed, unless the structure is symmetric (then A itself).
  const bool detected = !g.undirected && structure_symmetric(ctx, g.n, g.local);
  const bool undirected = g.undirected || detected;
  Arcs reversed = undirected ? Arcs{} : transposed(ctx, g.n, g.local);
  DistMatrix<bool> at = build_matrix<bool>(ctx, g.n, undirected ? g.local : reversed,
                                           [](std::size_t) { return true; });
  reversed = Arcs{};
  g.local = Arcs{};  // the matrix holds the graph now
  Report head;
  add_grid_fields(head);
  head.add("file", report::str(args.file));
  head.add("vertices", report::text(std::to_string(g.n)));
  head.add("arcs", report::text(std::to_string(g.arcs)));
  head.add("kind", report::text(undirected ? "undirected" : "directed"));
  head.add("computes", report::str(bfs_outputs_name(o)));
  head.add("symmetry", report::str(g.undirected ? "declared" : detected ? "detected" : "none"));
  head.add("load_seconds", report::text_only(report::seconds(g.load_seconds)));
  std::optional<ListPrinter> searches;
  if (ctx.root())
    searches.emplace(args.g.json, head,
                     args.g.quiet ? ""
                                  : std::string(kGridLayout) +
                                        "graph: {vertices} vertices, {arcs} arcs, {kind} "
                                        "(symmetric structure: {symmetry}; loaded in "
                                        "{load_seconds} s)\n"
                                        "computes: {computes}\n"
                                        "    source    depth    reached    time (ms)\n",
                     "searches", "{source:10} {depth:8} {reached:10} {seconds:12}\n");
  traffic_phase("run");
  for (Vertex source : sources) {
    MPI_Barrier(ctx.comm);
    const double t0 = MPI_Wtime();
    DistBfs r = search(ctx, at, g.n, source);
    double secs = MPI_Wtime() - t0;
    MPI_Allreduce(MPI_IN_PLACE, &secs, 1, MPI_DOUBLE, MPI_MAX, ctx.comm);
    if (!ctx.root()) continue;
    const IdSpace ids(g.info);
    Report item;
    item.add("source", vertex_value(ids, source));
    item.add("depth", report::count(r.depth));
    item.add("reached", report::count(r.reached));
    item.add("seconds", report::seconds_as_ms(secs));
    searches->add(item);
    if (!args.out.empty()) write_result(args.out, r, o.levels, o.parents, ids);
  }
  if (searches) searches->finish();
}

}  // namespace

void register_bfs(CLI::App& app) {
  auto args = std::make_shared<BfsArgs>();
  CLI::App* cmd = app.add_subcommand("bfs", "Breadth-first search on CombBLAS: levels, parents");
  cmd->add_option("file", args->file, "Graph file")->required();
  cmd->add_option("--source,-s", args->sources,
                  "Source vertices in the file's ids (1-based for .mtx; names with --remap-ids), "
                  "comma-separated, quoting a name that holds a comma; repeatable")
      ->allow_extra_args(false)
      ->check(vertex_list_flag("--source"));
  cmd->add_option("--sources", args->random_sources,
                  "Also search from N random vertices that have out-arcs (spgraph's pick)")
      ->transform(integer_flag("--sources", 0, UINT64_MAX));
  cmd->add_option("--seed", args->seed, "Seed for --sources")
      ->transform(integer_flag("--seed", 0, UINT64_MAX));
  auto* compute = cmd->add_option("--compute", args->compute,
                                  "What each search computes: levels (the default), parents or "
                                  "both (the default with --out)")
                      ->check(CLI::IsMember(kBfsOutputs));
  cmd->add_flag("--parents", args->parents, "Compute parents too: the same as --compute both")
      ->excludes(compute);
  cmd->add_option("--out,-o", args->out,
                  "Write one line per vertex ('vertex level parent'; -1 = unreachable), for one "
                  "source");
  add_global_flags(cmd, args->g);
  add_load_flags(cmd, args->load);
  cmd->callback([args] { run_bfs(*args); });
}

}  // namespace spgraph::mpi
