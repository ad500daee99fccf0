// `spgraph generate kron|urand|grid ... --out FILE`: synthetic graphs for benchmarks.
#include <cstdio>
#include <memory>

#include "loaders/generators.hpp"
#include "tools/spgraph/cli_common.hpp"
#include "tools/spgraph/commands.hpp"

namespace spgraph::cli {

namespace {

struct GenerateArgs {
  GlobalOptions g;
  std::string kind, out;
  int scale = 16;
  int edge_factor = 16;
  std::uint64_t seed = 1;
  double a = 0.57, b = 0.19, c = 0.19;
  std::uint64_t n = 0, m = 0;
  std::uint32_t rows = 0, cols = 0;
  bool directed = false;
};

void run_generate(const GenerateArgs& args) {
  apply_threads(args.g);
  auto t0 = std::chrono::steady_clock::now();
  Coo<bool> coo;
  if (args.kind == "kron") {
    coo = generate_kronecker(args.scale, args.edge_factor, args.seed, !args.directed, args.a,
                             args.b, args.c);
  } else if (args.kind == "urand") {
    if (args.n == 0 || args.n > kMaxDimension)
      throw InvalidArgument("urand needs --n between 1 and " + std::to_string(kMaxDimension));
    coo =
        generate_uniform(Vertex(args.n), args.m ? args.m : args.n * 16, args.seed, !args.directed);
  } else {
    if (args.rows == 0 || args.cols == 0)
      throw InvalidArgument("grid needs --rows and --cols, both at least 1");
    coo = generate_grid2d(args.rows, args.cols);
  }
  const Offset tuples = coo.size();
  Matrix<bool> g = Matrix<bool>::from_coo<FirstOp<bool>>(std::move(coo));
  const double gen_seconds = seconds_since(t0);
  t0 = std::chrono::steady_clock::now();
  save_matrix(args.out, AnyMatrix(std::move(g)));
  const double write_seconds = seconds_since(t0);
  if (!args.g.quiet)
    std::printf("generated %s: %llu tuples (%.3f s), wrote %s (%.3f s)\n", args.kind.c_str(),
                (unsigned long long)tuples, gen_seconds, args.out.c_str(), write_seconds);
}

}  // namespace

void register_generate(CLI::App& app) {
  auto args = std::make_shared<GenerateArgs>();
  CLI::App* cmd = app.add_subcommand(
      "generate", "Generate a graph: kron (Graph500 Kronecker), urand (uniform), grid (2-D)");
  cmd->add_option("kind", args->kind, "kron, urand or grid")
      ->required()
      ->check(CLI::IsMember({"kron", "urand", "grid"}));
  cmd->add_option("--out,-o", args->out, "Output file (.mtx, .bin, or edge list)")->required();
  cmd->add_option("--scale", args->scale, "kron: log2 of the vertex count")
      ->check(CLI::Range(1, 31));
  cmd->add_option("--edge-factor", args->edge_factor, "kron: edges per vertex")
      ->check(CLI::Range(1, 1 << 20));
  cmd->add_option("--seed", args->seed, "Random seed");
  cmd->add_option("-A", args->a, "kron: initiator probability A")->check(CLI::Range(0.0, 1.0));
  cmd->add_option("-B", args->b, "kron: initiator probability B")->check(CLI::Range(0.0, 1.0));
  cmd->add_option("-C", args->c, "kron: initiator probability C")->check(CLI::Range(0.0, 1.0));
  cmd->add_option("--n", args->n, "urand: vertices");
  cmd->add_option("--m", args->m, "urand: edges (default 16 n)");
  cmd->add_option("--rows", args->rows, "grid: rows");
  cmd->add_option("--cols", args->cols, "grid: columns");
  cmd->add_flag("--directed", args->directed,
                "kron/urand: keep arcs one-way (default: undirected)");
  add_global_flags(cmd, args->g);
  cmd->callback([args] { run_generate(*args); });
}

}  // namespace spgraph::cli
