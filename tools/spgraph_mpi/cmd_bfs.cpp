// SPDX-License-Identifier: Apache-2.0
// `spgraph-mpi bfs FILE --source S`: levels and parents on the 2-D grid, direction-optimizing
// like spgraph's kernel (distributed_bfs.hpp: top-down steps as 2-D SpMSpV, bottom-up steps on
// CombBLAS's bitmap frontier, the single-node switching rule and its --alpha/--beta). Levels
// equal spgraph's. Parents are a valid BFS tree: after top-down steps each vertex's parent is
// its smallest-numbered in-neighbour one level up (the MIN-SECOND choice); after bottom-up steps
// on a grid with q > 1, the smallest within the first block the carousel offers that has one.
#include <chrono>
#include <limits>

#include "algorithms/bfs/bfs.hpp"
#include "tools/cli/bfs_outputs.hpp"
#include "tools/cli/result_table.hpp"
#include "tools/cli/vertex_list.hpp"
#include "tools/spgraph_mpi/bfs_blocks.hpp"
#include "tools/spgraph_mpi/distributed_bfs.hpp"
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
  std::string file, out, compute, method = "auto";
  BfsOptions tuning;  ///< alpha and beta of the direction rule (--alpha, --beta)
  std::vector<std::string> sources;
  std::size_t random_sources = 0;
  std::uint64_t seed = 1;
  bool parents = false;
};

/// --sources N: spgraph's pick among the vertices with an out-arc (each piece's out-degrees,
/// gathered to rank 0), broadcast to every rank.
std::vector<Vertex> random_sources(const MpiContext& ctx, Vertex n,
                                   const std::vector<std::int64_t>& piece_degrees,
                                   std::size_t count, std::uint64_t seed) {
  const std::vector<Index> degree =
      gather_to_root(ctx, from_slices(ctx, n, piece_degrees), MPI_INT64_T);
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

/// One search's answers, on rank 0: per vertex, -1 where unreached (empty when not asked for).
struct GatheredBfs {
  std::vector<Index> level, parent;
};

GatheredBfs gather_answers(const MpiContext& ctx, const DistributedBfs& bfs, bool levels,
                           bool parents) {
  GatheredBfs r;
  if (levels) r.level = gather_to_root(ctx, bfs.levels(), MPI_INT64_T);
  if (parents) r.parent = gather_to_root(ctx, bfs.parents(), MPI_INT64_T);
  return r;
}

void write_result(const std::string& path, const GatheredBfs& r, bool levels, bool parents,
                  const IdSpace& ids) {
  ResultTable out = !levels    ? ResultTable(path, {"vertex", "parent"})
                    : !parents ? ResultTable(path, {"vertex", "level"})
                               : ResultTable(path, {"vertex", "level", "parent"});
  const std::size_t n = levels ? r.level.size() : r.parent.size();
  for (Vertex v = 0; v < n; ++v) {
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

/// The search structures from the loaded arcs, which it frees: this rank's block of Aᵀ (the
/// arcs reversed, unless the structure is symmetric: then A itself) and its piece's out-degrees.
struct Prepared {
  std::unique_ptr<DistributedBfs> bfs;
  std::vector<std::int64_t> degrees;
  bool undirected = false, detected = false;
};

Prepared prepare(const MpiContext& ctx, DistributedGraph& g) {
  Prepared p;
  const GridLayout layout = grid_layout(ctx, g.n);
  // Every rank decides alike (n and q only): local indices are 32-bit, as in CombBLAS's
  // DirOptBFS.
  if (layout.block_length(ctx.q - 1) > std::numeric_limits<std::int32_t>::max())
    throw InvalidArgument("spgraph-mpi bfs: " + std::to_string(g.n) + " vertices on a " +
                          std::to_string(ctx.q) + " x " + std::to_string(ctx.q) +
                          " grid make blocks of more than 2^31 - 1 rows: run on more ranks");
  p.detected = !g.undirected && structure_symmetric(ctx, g.n, g.local);
  p.undirected = g.undirected || p.detected;
  p.degrees = piece_out_degrees(layout, ctx.grid->GetRowWorld(), g.local);
  std::uint64_t arcs = g.local.size();
  MPI_Allreduce(MPI_IN_PLACE, &arcs, 1, MPI_UINT64_T, MPI_SUM, ctx.comm);
  BfsBlock block;
  if (p.undirected) {
    block = make_bfs_block(layout, g.local);
  } else {
    const Arcs reversed = transposed(ctx, g.n, g.local);
    block = make_bfs_block(layout, reversed);
  }
  g.local = Arcs{};  // the block holds the graph now
  p.bfs = std::make_unique<DistributedBfs>(ctx, g.n, arcs, std::move(block), p.degrees);
  return p;
}

BfsOptions search_options(const BfsArgs& args) {
  BfsOptions o;
  set_bfs_outputs(!args.compute.empty()               ? args.compute
                  : args.parents || !args.out.empty() ? "both"
                                                      : "levels",
                  o);
  o.method = args.method == "push"   ? BfsMethod::Push
             : args.method == "pull" ? BfsMethod::Pull
                                     : BfsMethod::Auto;
  o.alpha = args.tuning.alpha;
  o.beta = args.tuning.beta;
  return o;
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
  const BfsOptions o = search_options(args);
  traffic_phase("prepare");
  Prepared p = prepare(ctx, g);
  if (args.random_sources) {
    const std::vector<Vertex> more =
        random_sources(ctx, g.n, p.degrees, args.random_sources, args.seed);
    sources.insert(sources.end(), more.begin(), more.end());
  }
  Report head;
  add_grid_fields(head);
  head.add("file", report::str(args.file));
  head.add("vertices", report::text(std::to_string(g.n)));
  head.add("arcs", report::text(std::to_string(g.arcs)));
  head.add("kind", report::text(p.undirected ? "undirected" : "directed"));
  head.add("computes", report::str(bfs_outputs_name(o)));
  head.add("method", report::str(args.method));
  head.add("symmetry", report::str(g.undirected ? "declared" : p.detected ? "detected" : "none"));
  head.add("load_seconds", report::text_only(report::seconds(g.load_seconds)));
  std::optional<ListPrinter> searches;
  if (ctx.root())
    searches.emplace(args.g.json, head,
                     args.g.quiet ? ""
                                  : std::string(kGridLayout) +
                                        "graph: {vertices} vertices, {arcs} arcs, {kind} "
                                        "(symmetric structure: {symmetry}; loaded in "
                                        "{load_seconds} s)\n"
                                        "computes: {computes}; direction: {method}\n"
                                        "    source    depth    reached   push   pull    time "
                                        "(ms)\n",
                     "searches",
                     "{source:10} {depth:8} {reached:10} {push_steps:6} {pull_steps:6} "
                     "{seconds:12}\n");
  traffic_phase("run");
  for (Vertex source : sources) {
    MPI_Barrier(ctx.comm);
    const double t0 = MPI_Wtime();
    const DistBfsStats r = p.bfs->run(source, o);
    double secs = MPI_Wtime() - t0;
    MPI_Allreduce(MPI_IN_PLACE, &secs, 1, MPI_DOUBLE, MPI_MAX, ctx.comm);
    // Only --out needs the answers on rank 0 (as spgraph's time leaves out writing them).
    GatheredBfs answers;
    if (!args.out.empty()) answers = gather_answers(ctx, *p.bfs, o.levels, o.parents);
    if (!ctx.root()) continue;
    const IdSpace ids(g.info);
    Report item;
    item.add("source", vertex_value(ids, source));
    item.add("depth", report::count(r.depth));
    item.add("reached", report::count(r.reached));
    item.add("push_steps", report::count(std::uint64_t(r.push_steps)));
    item.add("pull_steps", report::count(std::uint64_t(r.pull_steps)));
    item.add("seconds", report::seconds_as_ms(secs));
    searches->add(item);
    if (!args.out.empty()) write_result(args.out, answers, o.levels, o.parents, ids);
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
  cmd->add_option("--method", args->method,
                  "auto (direction-optimizing, spgraph's rule), push (top-down steps only) or "
                  "pull (bottom-up steps only; a grid with fewer than q² vertices runs top-down)")
      ->check(CLI::IsMember({"auto", "push", "pull"}));
  cmd->add_option("--alpha", args->tuning.alpha,
                  "Direction rule: pull once the frontier's out-arcs exceed the unexplored arcs "
                  "/ alpha (default " +
                      std::to_string(BfsOptions{}.alpha) + ", as spgraph)")
      ->transform(integer_flag("--alpha", 1, 1 << 20));
  cmd->add_option("--beta", args->tuning.beta,
                  "Direction rule: push again once the frontier shrinks below n / beta (default " +
                      std::to_string(BfsOptions{}.beta) + ", as spgraph)")
      ->transform(integer_flag("--beta", 1, 1 << 20));
  add_global_flags(cmd, args->g);
  add_load_flags(cmd, args->load);
  cmd->callback([args] { run_bfs(*args); });
}

}  // namespace spgraph::mpi
