// `spgraph info FILE`: shape, directedness, degree statistics, self-loops, duplicates, memory.
#include <cstdio>
#include <memory>

#include "engine/any_matrix.hpp"
#include "tools/spgraph/cli_common.hpp"
#include "tools/spgraph/commands.hpp"

namespace spgraph::cli {

namespace {

struct InfoArgs {
  GlobalOptions g;
  LoadFlags load;
  std::string file;
};

/// True when the structure equals its transpose (the graph is undirected).
bool structurally_symmetric(const Csr<bool>& a, const Csr<bool>& t) {
  return a.row_ptr == t.row_ptr && a.col == t.col;
}

void run_info(const InfoArgs& args) {
  apply_threads(args.g);
  CliGraph graph = load_for_cli(args.file, args.load, args.g, false);
  const AnyMatrix& m = graph.loaded.matrix;
  const LoadInfo& info = graph.loaded.info;
  Matrix<bool> p = pattern_of(m);
  const Csr<bool>& a = p.csr();
  const Csr<bool>& t = p.transposed();
  const bool square = a.nrows == a.ncols;
  const bool symmetric = square && structurally_symmetric(a, t);
  Offset self_loops = 0, max_out = 0, max_in = 0, isolated = 0;
  for (Vertex i = 0; i < a.nrows; ++i) {
    max_out = std::max(max_out, a.degree(i));
    if (i < a.ncols &&
        std::binary_search(a.col.begin() + a.row_ptr[i], a.col.begin() + a.row_ptr[i + 1], i))
      ++self_loops;
    if (square && a.degree(i) == 0 && t.degree(i) == 0) ++isolated;
  }
  for (Vertex j = 0; j < t.nrows; ++j) max_in = std::max(max_in, t.degree(j));
  const double mean = a.nrows ? double(a.nnz()) / a.nrows : 0;
  const Offset edges = symmetric ? (a.nnz() - self_loops) / 2 + self_loops : a.nnz();
  const std::size_t bytes = std::visit([](const auto& x) { return x.csr().bytes(); }, m);
  if (args.g.json) {
    std::printf(
        "{\"file\": %s, \"format\": \"%s\", \"type\": \"%s\", \"nrows\": %u, \"ncols\": %u, "
        "\"entries\": %llu, \"edges\": %llu, \"directed\": %s, \"self_loops\": %llu, "
        "\"duplicates_merged\": %llu, \"isolated\": %llu, \"max_out_degree\": %llu, "
        "\"max_in_degree\": %llu, \"mean_degree\": %.4f, \"memory_bytes\": %zu, "
        "\"load_seconds\": %.6f}\n",
        json_string(args.file).c_str(), format_name(info.format).c_str(),
        std::string(value_type_name(value_type_of(m))).c_str(), a.nrows, a.ncols,
        (unsigned long long)a.nnz(), (unsigned long long)edges, symmetric ? "false" : "true",
        (unsigned long long)self_loops, (unsigned long long)info.duplicates_merged,
        (unsigned long long)isolated, (unsigned long long)max_out, (unsigned long long)max_in, mean,
        bytes, graph.load_seconds);
    return;
  }
  std::printf("file:           %s\n", args.file.c_str());
  std::printf("format:         %s (%s)\n", format_name(info.format).c_str(),
              std::string(value_type_name(value_type_of(m))).c_str());
  std::printf("shape:          %u x %u\n", a.nrows, a.ncols);
  std::printf("entries:        %llu stored (%llu in file)\n", (unsigned long long)a.nnz(),
              (unsigned long long)info.entries_in_file);
  std::printf("directed:       %s\n", symmetric ? "no (structure is symmetric)" : "yes");
  std::printf("edges:          %llu%s\n", (unsigned long long)edges,
              symmetric ? " undirected" : " arcs");
  std::printf("self-loops:     %llu\n", (unsigned long long)self_loops);
  std::printf("duplicates:     %llu merged\n", (unsigned long long)info.duplicates_merged);
  std::printf("isolated:       %llu vertices\n", (unsigned long long)isolated);
  std::printf("out-degree:     mean %.2f, max %llu\n", mean, (unsigned long long)max_out);
  std::printf("in-degree:      max %llu\n", (unsigned long long)max_in);
  std::printf("memory:         %s (CSR%s)\n", human_bytes(bytes).c_str(),
              value_type_of(m) == ValueType::Pattern ? ", pattern: no values stored" : "");
  std::printf("load time:      %.3f s\n", graph.load_seconds);
}

}  // namespace

void register_info(CLI::App& app) {
  auto args = std::make_shared<InfoArgs>();
  CLI::App* cmd = app.add_subcommand("info", "Print a graph's shape, degrees, self-loops, memory");
  cmd->add_option("file", args->file, "Graph file (.mtx, edge list, .graph, binary; .gz ok)")
      ->required();
  add_global_flags(cmd, args->g);
  add_load_flags(cmd, args->load);
  cmd->callback([args] { run_info(*args); });
}

}  // namespace spgraph::cli
