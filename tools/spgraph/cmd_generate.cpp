// SPDX-License-Identifier: Apache-2.0
// `spgraph generate kron|urand|grid|grid3d ... [--weights MAX] --out FILE`: synthetic graphs for
// benchmarks, pattern or with integer weights 1..MAX (loaders/generators.hpp); and
// `spgraph generate tfidf --rows R --cols C`: a sparse TF-IDF-like feature matrix for feature
// kNN (items by row, a Zipf vocabulary by column).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <memory>
#include <random>
#include <string>

#include "loaders/generators.hpp"
#include "tools/cli/cli_common.hpp"
#include "tools/cli/report.hpp"
#include "tools/common/progress.hpp"
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
  std::uint32_t rows = 0, cols = 0, depth = 0, weights = 0;
  std::uint32_t nnz_per_row = 50;
  double zipf = 1.05;
  bool directed = false;
};

std::string short_number(double x) {
  char buf[32];
  std::snprintf(buf, sizeof buf, x < 1e6 ? "%.0f" : "%.2g", x);
  return buf;
}

/// Prints what was generated: JSON with --json, nothing with --quiet, else one line of text.
void print_generated(const Report& r, const GlobalOptions& g) {
  if (g.json) return print_json(r);
  if (!g.quiet)
    print_text(r,
               "generated {kind}: {tuples} tuples ({generate_seconds} s), wrote {out} "
               "({write_seconds} s)\n");
}

/// Fails, before anything is allocated, when the graph asked for would not fit in memory:
/// `arcs` COO tuples (8 bytes each), then a CSR (4 bytes per arc, 8 per vertex) and a vertex
/// permutation (4 bytes per vertex).
void check_generate_size(const std::string& request, double vertices, double arcs) {
  const double bytes = arcs * (8 + 4) + vertices * (8 + 4);
  const std::uint64_t budget = memory_budget(0);
  if (bytes > double(budget))
    throw OutOfMemory(request + " would make " + short_number(arcs) + " arcs on " +
                      short_number(vertices) + " vertices, needing about " + human_bytes(bytes) +
                      ", more than " + describe_budget(0, budget) + "; nothing was allocated");
}

/// A TF-IDF-like matrix, rows x cols: row i holds min(nnz, cols) distinct terms drawn from a
/// Zipf(s) law over the columns (column r has weight 1/(r+1)^s, so column 0 is the most common
/// term), each with a term frequency tf = 1 + Geometric(1/2) (1, 2, 3, ... with probability
/// 1/2, 1/4, ...), and value tf * idf with the smoothed idf of scikit-learn's TfidfVectorizer,
/// ln((1 + rows) / (1 + df)) + 1, df = the rows holding the term (counted after drawing).
/// Each row draws from its own generator, seeded from (seed, row): the matrix does not depend on
/// the thread count. A row that has not found its terms after 64 draws per term (only when it
/// asks for most of the vocabulary) takes the most common terms it lacks.
Matrix<double> generate_tfidf(Vertex rows, Vertex cols, std::uint32_t nnz, double s,
                              std::uint64_t seed) {
  const std::uint32_t per_row = std::min<std::uint32_t>(nnz, cols);
  std::vector<double> cdf(cols);
  double total = 0;
  for (Vertex r = 0; r < cols; ++r) cdf[r] = total += std::pow(double(r) + 1, -s);
  Csr<double> c;
  c.nrows = rows;
  c.ncols = cols;
  c.row_ptr.resize(std::size_t(rows) + 1);
  for (Vertex i = 0; i <= rows; ++i) c.row_ptr[i] = Offset(i) * per_row;
  c.col.resize(std::size_t(rows) * per_row);
  c.val.resize(c.col.size());
#pragma omp parallel for schedule(dynamic, 256)
  for (std::int64_t i = 0; i < std::int64_t(rows); ++i) {
    std::mt19937_64 rng(seed * 0x9E3779B97F4A7C15ull + std::uint64_t(i));
    std::uniform_real_distribution<double> u(0, total);
    std::geometric_distribution<int> tf(0.5);
    Vertex* terms = c.col.data() + c.row_ptr[i];
    std::uint32_t have = 0;
    for (std::uint64_t draws = 0; have < per_row && draws < 64 * std::uint64_t(per_row); ++draws) {
      const Vertex t = Vertex(std::upper_bound(cdf.begin(), cdf.end(), u(rng)) - cdf.begin());
      const Vertex term = std::min<Vertex>(t, cols - 1);
      if (std::find(terms, terms + have, term) == terms + have) terms[have++] = term;
    }
    // Rows that ask for most of the vocabulary: the rarest terms may never be drawn, so the
    // row is completed with the most common terms it lacks.
    for (Vertex term = 0; have < per_row; ++term)
      if (std::find(terms, terms + have, term) == terms + have) terms[have++] = term;
    std::sort(terms, terms + have);
    for (std::uint32_t k = 0; k < have; ++k) c.val[c.row_ptr[i] + k] = 1.0 + tf(rng);
  }
  std::vector<Offset> df(cols, 0);
  for (Vertex t : c.col) ++df[t];
  for (Offset k = 0; k < c.col.size(); ++k)
    c.val[k] *= std::log((1.0 + double(rows)) / (1.0 + double(df[c.col[k]]))) + 1.0;
  return Matrix<double>::trusted(std::move(c));
}

void run_tfidf(const GenerateArgs& args) {
  if (args.rows == 0 || args.cols == 0)
    throw CLI::ValidationError(
        "tfidf needs --rows (items) and --cols (vocabulary), both at least 1");
  const double entries = double(args.rows) * double(std::min(args.nnz_per_row, args.cols));
  check_generate_size("generate tfidf --rows " + std::to_string(args.rows) + " --cols " +
                          std::to_string(args.cols) + " --nnz-per-row " +
                          std::to_string(args.nnz_per_row),
                      double(args.rows) + double(args.cols), entries);
  tools::Progress bar("generate tfidf", 0);
  bar.stage("drawing the entries");
  auto t0 = std::chrono::steady_clock::now();
  Matrix<double> m = generate_tfidf(args.rows, args.cols, args.nnz_per_row, args.zipf, args.seed);
  const double gen_seconds = seconds_since(t0);
  const Offset tuples = m.nvals();
  bar.stage("writing " + printable(args.out));
  t0 = std::chrono::steady_clock::now();
  save_matrix(args.out, AnyMatrix(std::move(m)));
  const double write_seconds = seconds_since(t0);
  bar.finish();
  Report r;
  r.add("kind", report::str(args.kind));
  r.add("tuples", report::count(tuples));
  r.add("generate_seconds", report::seconds(gen_seconds));
  r.add("out", report::str(args.out));
  r.add("write_seconds", report::seconds(write_seconds));
  print_generated(r, args.g);
}

void run_generate(const GenerateArgs& args) {
  apply_global_flags(args.g);
  check_output_path(args.out, {});
  output_format_for(args.out);  // an unknown extension is an error before generating
  tools::allow_progress_on_terminal(args.g.quiet);
  if (args.kind == "tfidf") return run_tfidf(args);
  const bool undirected = args.kind == "grid" || args.kind == "grid3d" || !args.directed;
  // Stages on the progress line (a terminal only): the arcs drawn, the graph built, the file
  // written; each can take a while on a large graph.
  tools::Progress bar("generate " + args.kind, 0);
  bar.stage("drawing the edges");
  auto t0 = std::chrono::steady_clock::now();
  Coo<bool> coo;
  if (args.kind == "kron") {
    const double n = std::ldexp(1.0, args.scale);
    check_generate_size("generate kron --scale " + std::to_string(args.scale) + " --edge-factor " +
                            std::to_string(args.edge_factor),
                        n, n * args.edge_factor * (undirected ? 2 : 1));
    coo = generate_kronecker(args.scale, args.edge_factor, args.seed, undirected, args.a, args.b,
                             args.c);
  } else if (args.kind == "urand") {
    if (args.n == 0 || args.n > kMaxDimension)
      throw CLI::ValidationError("urand needs --n from 1 to " + std::to_string(kMaxDimension));
    const std::uint64_t m = args.m ? args.m : args.n * 16;
    check_generate_size(
        "generate urand --n " + std::to_string(args.n) + " --m " + std::to_string(m),
        double(args.n), double(m) * (undirected ? 2 : 1));
    coo = generate_uniform(Vertex(args.n), m, args.seed, undirected);
  } else if (args.kind == "grid3d") {
    if (args.rows == 0 || args.cols == 0 || args.depth == 0)
      throw CLI::ValidationError("grid3d needs --rows, --cols and --depth, each at least 1");
    const double n = double(args.rows) * double(args.cols) * double(args.depth);
    if (n > double(kMaxDimension))
      throw InvalidArgument("grid3d would have " + short_number(n) +
                            " vertices, more than the largest dimension " +
                            std::to_string(kMaxDimension));
    check_generate_size("generate grid3d", n, 7 * n);
    coo = generate_grid3d(args.cols, args.rows, args.depth);
  } else {
    if (args.rows == 0 || args.cols == 0)
      throw CLI::ValidationError("grid needs --rows and --cols, both at least 1");
    const double n = double(args.rows) * double(args.cols);
    if (n > double(kMaxDimension))
      throw InvalidArgument("grid --rows " + std::to_string(args.rows) + " --cols " +
                            std::to_string(args.cols) + " would have " + short_number(n) +
                            " vertices, more than the largest dimension " +
                            std::to_string(kMaxDimension));
    check_generate_size("generate grid --rows " + std::to_string(args.rows) + " --cols " +
                            std::to_string(args.cols),
                        n, 4 * n);
    coo = generate_grid2d(args.rows, args.cols);
  }
  const Offset tuples = coo.size();
  bar.stage("building the graph");
  // Repeated arcs of a weighted graph carry the same weight (a function of the endpoints):
  // keeping the first is keeping that weight.
  AnyMatrix g = args.weights == 0 ? AnyMatrix(Matrix<bool>::from_coo<FirstOp<bool>>(std::move(coo)))
                                  : AnyMatrix(Matrix<double>::from_coo<FirstOp<double>>(
                                        with_weights(std::move(coo), args.weights, args.seed)));
  const double gen_seconds = seconds_since(t0);
  t0 = std::chrono::steady_clock::now();
  SaveOptions so;
  so.symmetric = undirected;  // kron and urand store both arcs of each edge; so does grid
  bar.stage("writing " + printable(args.out));
  save_matrix(args.out, std::move(g), so);
  const double write_seconds = seconds_since(t0);
  bar.finish();
  Report r;
  r.add("kind", report::str(args.kind));
  r.add("tuples", report::count(tuples));
  r.add("generate_seconds", report::seconds(gen_seconds));
  r.add("out", report::str(args.out));
  r.add("write_seconds", report::seconds(write_seconds));
  print_generated(r, args.g);
}

}  // namespace

void register_generate(CLI::App& app) {
  auto args = std::make_shared<GenerateArgs>();
  CLI::App* cmd = app.add_subcommand(
      "generate",
      "Generate a graph: kron (Graph500 Kronecker), urand (uniform), grid (2-D), grid3d (3-D "
      "7-point); or tfidf, a sparse TF-IDF-like feature matrix (items x vocabulary)");
  cmd->add_option("kind", args->kind, "kron, urand, grid, grid3d or tfidf")
      ->required()
      ->check(CLI::IsMember({"kron", "urand", "grid", "grid3d", "tfidf"}));
  cmd->add_option("--out,-o", args->out,
                  "Output file (.mtx, .bin, .graph, or edge list; .gz after any compresses)")
      ->required();
  cmd->add_option("--scale", args->scale, "kron: log2 of the vertex count")
      ->transform(integer_flag("--scale", 1, 31));
  cmd->add_option("--edge-factor", args->edge_factor, "kron: edges per vertex")
      ->transform(integer_flag("--edge-factor", 1, 1 << 20));
  cmd->add_option("--seed", args->seed, "Random seed")
      ->transform(integer_flag("--seed", 0, UINT64_MAX));
  cmd->add_option("-A", args->a, "kron: initiator probability A")->check(real_flag("-A", 0, 1));
  cmd->add_option("-B", args->b, "kron: initiator probability B")->check(real_flag("-B", 0, 1));
  cmd->add_option("-C", args->c, "kron: initiator probability C")->check(real_flag("-C", 0, 1));
  cmd->add_option("--n", args->n, "urand: vertices")
      ->transform(integer_flag("--n", 1, kMaxDimension));
  cmd->add_option("--m", args->m, "urand: edges (default 16 n)")
      ->transform(integer_flag("--m", 0, std::uint64_t(1) << 62))
      ->default_str("");  // 0 stands for 16 n
  cmd->add_option("--depth", args->depth, "grid3d: layers (with --rows and --cols)")
      ->transform(integer_flag("--depth", 1, kMaxDimension));
  cmd->add_option("--weights", args->weights,
                  "Give each edge an integer weight from 1 to this (both arcs alike; default: "
                  "no weights, a pattern graph)")
      ->transform(integer_flag("--weights", 1, 1u << 30));
  cmd->add_option("--rows", args->rows, "grid/grid3d: rows; tfidf: items (rows of the matrix)")
      ->transform(integer_flag("--rows", 1, kMaxDimension));
  cmd->add_option("--cols", args->cols, "grid/grid3d: columns; tfidf: vocabulary size (columns)")
      ->transform(integer_flag("--cols", 1, kMaxDimension));
  cmd->add_option("--nnz-per-row", args->nnz_per_row,
                  "tfidf: distinct terms per row (default 50; at most --cols)")
      ->transform(integer_flag("--nnz-per-row", 1, 1u << 20));
  cmd->add_option("--zipf", args->zipf,
                  "tfidf: exponent s of the Zipf law of term popularity (column r has weight "
                  "1/(r+1)^s; default 1.05). Values: tf * idf, tf = 1 + Geometric(1/2), idf = "
                  "ln((1 + rows)/(1 + df)) + 1 (scikit-learn's smoothed idf)")
      ->transform(real_flag("--zipf", 0, 10));
  cmd->add_flag("--directed", args->directed,
                "kron/urand: keep arcs one-way (default: undirected)");
  add_global_flags(cmd, args->g);
  cmd->callback([args] { run_generate(*args); });
}

}  // namespace spgraph::cli
