// SPDX-License-Identifier: Apache-2.0
// `spgraph-mpi spmv FILE`: the dense SpMV y = A (+).(x) x of `spgraph spmv`, over any semiring of
// the engine's registry (engine/semiring_registry.hpp) mapped through the one adapter
// (combblas_semiring.hpp) to CombBLAS's dense SpMV: the expand of x along processor columns,
// the local DCSC products, the fold of y along processor rows (Buluç and Gilbert, IJHPCA 2011,
// section 5). x is spgraph's fixed pseudo-random vector, so the checksum of y is comparable
// (exactly over int64; to rounding over double, whose sums run in another order).
#include <chrono>

#include "engine/semiring_registry.hpp"
#include "tools/common/stats.hpp"
#include "tools/cli/spmv_common.hpp"
#include "tools/spgraph_mpi/combblas_semiring.hpp"
#include "tools/spgraph_mpi/distributed_matrix.hpp"
#include "tools/spgraph_mpi/mpi_cli.hpp"
#include "tools/spgraph_mpi/mpi_traffic.hpp"

namespace spgraph::mpi {

namespace {

using namespace spgraph::cli;

struct SpmvArgs {
  GlobalOptions g;
  LoadFlags load;
  std::string file, semiring = "plus_times", type = "double";
  int iterations = 20;
};

template <class T>
void run_typed(const SpmvArgs& args, const DistributedGraph& g) {
  const MpiContext& ctx = context();
  DistMatrix<T> a = build_matrix<T>(ctx, g.n, g.local, [&](std::size_t k) {
    return g.local.val.empty() ? T(1) : T(g.local.val[k]);
  });
  const VectorSlice s = vector_slice(ctx, g.n);
  const std::vector<T> x_all = spmv_input<T>(g.n);
  const std::vector<T> x_part(x_all.begin() + s.offset, x_all.begin() + s.offset + s.size);
  const combblas::FullyDistVec<Index, T> x = from_slices(ctx, g.n, x_part);
  std::vector<double> secs;
  std::vector<T> y;
  bool positional = false;
  with_semiring<T>(args.semiring, [&](auto sr) {
    using S = decltype(sr);
    if constexpr (is_positional_op_v<typename S::mul_op, T>) {
      positional = true;
    } else {
      using Sr = CombBlasSemiring<S, T, T>;
      traffic_phase("run");
      for (int it = 0; it <= args.iterations; ++it) {
        MPI_Barrier(ctx.comm);
        const double t0 = MPI_Wtime();
        combblas::FullyDistVec<Index, T> out = combblas::SpMV<Sr>(a, x);
        double t = MPI_Wtime() - t0;
        MPI_Allreduce(MPI_IN_PLACE, &t, 1, MPI_DOUBLE, MPI_MAX, ctx.comm);
        if (it > 0) secs.push_back(t);  // call 0 warms the caches, untimed
        if (it == args.iterations) y = gather_to_root(ctx, out, combblas::MPIType<T>());
      }
    }
  });
  if (positional)
    agree(ctx, [&] {
      throw InvalidArgument("--semiring " + args.semiring +
                            " multiplies by position, which CombBLAS's SpMV cannot pass (it "
                            "gives the operator values only); use spgraph for it");
    });
  if (!ctx.root()) return;
  const double per_call = tools::median(secs);
  Report r;
  add_grid_fields(r);
  r.add("file", report::str(args.file));
  r.add("semiring", report::str(args.semiring));
  r.add("type", report::str(args.type));
  r.add("n", report::count(g.n));
  r.add("nnz", report::count(g.arcs));
  r.add("pattern", report::flag(g.info.field == "pattern", "pattern, no values", "valued"));
  r.add("iterations", report::count(secs.size()));
  r.add("seconds_per_call", report::seconds_as_ms(per_call));
  r.add("min_s", report::seconds_as_ms(tools::min_of(secs)));
  r.add("max_s", report::seconds_as_ms(tools::max_of(secs)));
  r.add("checksum", report::real(spmv_checksum(y), "%.17g", "%.17g"));
  if (args.g.json) return print_json(r);
  if (args.g.quiet) return print_text(r, "{seconds_per_call}\n");
  print_text(r, std::string(kGridLayout) +
                    "spmv: {file}, {n} rows, {nnz} entries ({pattern}), {semiring} over {type}\n"
                    "time per call: {seconds_per_call} ms (median of {iterations}; min {min_s}, "
                    "max {max_s})\n"
                    "checksum of y: {checksum}\n");
}

void run_spmv(const SpmvArgs& args) {
  MpiContext& ctx = context();
  if (!ctx.active()) return;
  DistributedGraph g = load_for_mpi(args.file, args.load, args.g, true);
  dispatch_value_type(args.type, [&](auto tag) { run_typed<decltype(tag)>(args, g); });
}

}  // namespace

void register_spmv(CLI::App& app) {
  auto args = std::make_shared<SpmvArgs>();
  CLI::App* cmd = app.add_subcommand("spmv", "Time the dense SpMV y = A (+).(x) x on CombBLAS");
  cmd->add_option("file", args->file, "Matrix file (square)")->required();
  add_spmv_semiring_flags(cmd, args->semiring, args->type);
  cmd->add_option("--iterations", args->iterations, "Timed calls (default 20; one more untimed)")
      ->check(integer_flag("--iterations", 1, 100000));
  add_global_flags(cmd, args->g);
  add_load_flags(cmd, args->load);
  cmd->callback([args] { run_spmv(*args); });
}

}  // namespace spgraph::mpi
