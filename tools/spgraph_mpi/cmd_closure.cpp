// SPDX-License-Identifier: Apache-2.0
// `spgraph-mpi closure FILE`: the transitive closure by the semi-naive loop,
// D<¬T> = D·A, T += D, until D is empty (Bancilhon and Ramakrishnan's semi-naive evaluation, as
// `spgraph closure --method seminaive` runs it), with CombBLAS's Sparse SUMMA over the engine's
// LOR-LAND semiring and EWiseMult(exclude) as the complemented mask. Prints the number of pairs,
// answers --query U,V from the closure (the owner of (U, V) looks it up in its block), and with
// --out gathers the pairs on rank 0 and writes them as spgraph does, in the file's numbering.
#include "loaders/load.hpp"
#include "tools/cli/vertex_list.hpp"
#include "tools/spgraph_mpi/combblas_semiring.hpp"
#include "tools/spgraph_mpi/distributed_matrix.hpp"
#include "tools/spgraph_mpi/distributed_structure.hpp"
#include "tools/spgraph_mpi/mpi_cli.hpp"
#include "tools/spgraph_mpi/mpi_traffic.hpp"

namespace spgraph::mpi {

namespace {

using namespace spgraph::cli;

struct ClosureArgs {
  GlobalOptions g;
  LoadFlags load;
  std::string file, out;
  std::vector<std::string> queries;
  bool reflexive = false, count = false;
};

/// Whether (u, v) is a nonzero of m: its owner looks in its local block; the answer is shared.
bool has_entry(const MpiContext& ctx, DistMatrix<bool>& m, Vertex n, Vertex u, Vertex v) {
  int mine = 0;
  if (owner_of(ctx, n, u, v) == ctx.rank) {
    const Index per = Index(n) / ctx.q;
    const Index lr = Index(u) - ctx.grid->GetRankInProcCol() * per;
    const Index lc = Index(v) - ctx.grid->GetRankInProcRow() * per;
    auto* dcsc = m.seqptr()->GetDCSC();
    if (dcsc)
      for (Index j = 0; j < dcsc->nzc && !mine; ++j)
        if (dcsc->jc[j] == lc)
          for (Index k = dcsc->cp[j]; k < dcsc->cp[j + 1]; ++k)
            if (dcsc->ir[k] == lr) mine = 1;
  }
  int any = 0;
  MPI_Allreduce(&mine, &any, 1, MPI_INT, MPI_MAX, ctx.comm);
  return any;
}

/// The closure's pairs, gathered to rank 0 in global coordinates (empty elsewhere), plus the
/// diagonal for R*.
Matrix<bool> gather_pairs(const MpiContext& ctx, DistMatrix<bool>& t, Vertex n, bool reflexive) {
  Arcs mine;
  const Index per = Index(n) / ctx.q;
  const Index r0 = ctx.grid->GetRankInProcCol() * per, c0 = ctx.grid->GetRankInProcRow() * per;
  if (auto* dcsc = t.seqptr()->GetDCSC())
    for (Index j = 0; j < dcsc->nzc; ++j)
      for (Index k = dcsc->cp[j]; k < dcsc->cp[j + 1]; ++k) {
        mine.row.push_back(Vertex(dcsc->ir[k] + r0));
        mine.col.push_back(Vertex(dcsc->jc[j] + c0));
      }
  int count = int(mine.size());
  std::vector<int> counts(ctx.size), displs(ctx.size, 0);
  MPI_Gather(&count, 1, MPI_INT, counts.data(), 1, MPI_INT, 0, ctx.comm);
  for (int r = 1; r < ctx.size; ++r) displs[r] = displs[r - 1] + counts[r - 1];
  Coo<bool> coo{n, n, true, {}, {}, {}};
  if (ctx.rank == 0) {
    coo.row.resize(std::size_t(displs.back()) + std::size_t(counts.back()));
    coo.col.resize(coo.row.size());
  }
  MPI_Gatherv(mine.row.data(), count, MPI_UINT32_T, coo.row.data(), counts.data(), displs.data(),
              MPI_UINT32_T, 0, ctx.comm);
  MPI_Gatherv(mine.col.data(), count, MPI_UINT32_T, coo.col.data(), counts.data(), displs.data(),
              MPI_UINT32_T, 0, ctx.comm);
  if (ctx.rank == 0 && reflexive)
    for (Vertex v = 0; v < n; ++v) coo.row.push_back(v), coo.col.push_back(v);
  return Matrix<bool>::from_coo(std::move(coo), DuplicatePolicy::Combine);
}

void run_closure(const ClosureArgs& args) {
  MpiContext& ctx = context();
  if (!ctx.active()) return;
  DistributedGraph g = load_for_mpi(args.file, args.load, args.g, false, args.out);
  std::vector<std::pair<Vertex, Vertex>> queries;
  for (const std::string& q : args.queries) {
    // U,V split as every vertex list is (tools/cli/vertex_list.hpp: CSV quoting for names).
    std::vector<std::string> uv;
    if (!split_vertex_list(q, uv).empty() || uv.size() != 2 || uv[0].empty() || uv[1].empty())
      agree(ctx, [&] {
        throw InvalidArgument("--query " + printable(q) + ": expected U,V, two vertex ids");
      });
    queries.emplace_back(resolve_vertex(g, uv[0]), resolve_vertex(g, uv[1]));
  }
  MPI_Barrier(ctx.comm);
  const double t0 = MPI_Wtime();
  using Sr = CombBlasSemiring<LorLand<bool>>;
  auto one = [](std::size_t) { return true; };
  DistMatrix<bool> a = build_matrix<bool>(ctx, g.n, g.local, one);
  g.local = Arcs{};  // the matrix holds the graph now
  DistMatrix<bool> closure = a, delta = a;
  std::uint64_t iterations = 0;
  traffic_phase("run");
  while (delta.getnnz() > 0) {
    DistMatrix<bool> next =
        combblas::Mult_AnXBn_Synch<Sr, bool, combblas::SpDCCols<Index, bool>>(delta, a);
    ++iterations;
    delta = combblas::EWiseMult(next, closure, true);
    if (delta.getnnz() > 0) closure += delta;
  }
  // R* adds (v, v) for every v that R+ lacks.
  std::uint64_t pairs = std::uint64_t(closure.getnnz());
  if (args.reflexive) {
    std::uint64_t diagonal = 0, mine = 0;
    auto* dcsc = closure.seqptr()->GetDCSC();
    const Index per = Index(g.n) / ctx.q;
    const Index r0 = ctx.grid->GetRankInProcCol() * per, c0 = ctx.grid->GetRankInProcRow() * per;
    if (dcsc)
      for (Index j = 0; j < dcsc->nzc; ++j)
        for (Index k = dcsc->cp[j]; k < dcsc->cp[j + 1]; ++k)
          mine += dcsc->ir[k] + r0 == dcsc->jc[j] + c0;
    MPI_Allreduce(&mine, &diagonal, 1, MPI_UINT64_T, MPI_SUM, ctx.comm);
    pairs += g.n - diagonal;
  }
  double secs = MPI_Wtime() - t0;
  MPI_Allreduce(MPI_IN_PLACE, &secs, 1, MPI_DOUBLE, MPI_MAX, ctx.comm);
  double write_s = 0;
  if (!args.out.empty()) {
    const double tw = MPI_Wtime();
    Matrix<bool> pairs_matrix = gather_pairs(ctx, closure, g.n, args.reflexive);
    agree(ctx, [&] {
      if (ctx.rank != 0) return;
      // The pairs in the file's numbering: its base, or the original ids of a remapped list.
      SaveOptions so = save_options_for(g.info);
      so.symmetric = false;
      save_matrix(args.out, AnyMatrix(std::move(pairs_matrix)), so);
    });
    write_s = MPI_Wtime() - tw;
  }
  std::vector<bool> answers;
  for (const auto& [u, v] : queries)
    answers.push_back((args.reflexive && u == v) || has_entry(ctx, closure, g.n, u, v));
  if (!ctx.root()) return;
  const IdSpace ids(g.info);
  Report rep;
  add_grid_fields(rep);
  rep.add("file", report::str(args.file));
  rep.add("n", report::count(g.n));
  rep.add("arcs", report::count(g.arcs));
  rep.add("load_seconds", report::text_only(report::seconds(g.load_seconds)));
  rep.add("pairs", report::count(pairs));
  rep.add("reflexive", report::flag(args.reflexive, "R* (reflexive)", "R+"));
  rep.add("method", report::str("seminaive"));
  rep.add("iterations", report::count(iterations));
  rep.add("seconds", report::seconds_as_ms(secs));
  std::vector<Report> items;
  for (std::size_t k = 0; k < queries.size(); ++k) {
    Report answer;
    answer.add("from", vertex_value(ids, queries[k].first));
    answer.add("to", vertex_value(ids, queries[k].second));
    answer.add("reachable", report::flag(answers[k], "reachable", "not reachable"));
    items.push_back(answer);
  }
  if (!args.out.empty()) {
    rep.add("out", report::str(args.out));
    rep.add("write_seconds", report::seconds(write_s));
  }
  if (!queries.empty()) rep.add("queries", report::list(items, "{from} -> {to}: {reachable}\n"));
  if (args.g.json) return print_json(rep);
  if (args.count || args.g.quiet) return print_text(rep, "{pairs}\n");
  std::string layout = std::string(kGridLayout) +
                       "graph: {n} vertices, {arcs} arcs (loaded in {load_seconds} s)\n"
                       "closure {reflexive}: {pairs} pairs\n"
                       "method: {method}; masked products {iterations}\n"
                       "time: {seconds} ms\n";
  if (!args.out.empty()) layout += "pairs written to {out} in {write_seconds} s\n";
  if (!queries.empty()) layout += "{queries}";
  print_text(rep, layout);
}

}  // namespace

void register_closure(CLI::App& app) {
  auto args = std::make_shared<ClosureArgs>();
  CLI::App* cmd = app.add_subcommand("closure", "Transitive closure (semi-naive) on CombBLAS");
  cmd->add_option("file", args->file, "Graph file (arcs u -> v)")->required();
  cmd->add_flag("--reflexive", args->reflexive, "R*: also the pair (v, v) for every vertex");
  cmd->add_flag("--count", args->count, "Print only the number of pairs");
  cmd->add_option("--out", args->out,
                  "Write the pairs: Matrix Market for .mtx, binary for .bin, else an edge list "
                  "in the file's vertex ids (gathered on rank 0)");
  cmd->add_option("--query", args->queries,
                  "Is V reachable from U? (U,V in the file's numbering; repeatable)")
      ->allow_extra_args(false);
  add_global_flags(cmd, args->g);
  add_load_flags(cmd, args->load);
  cmd->callback([args] { run_closure(*args); });
}

}  // namespace spgraph::mpi
