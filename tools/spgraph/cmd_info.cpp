// SPDX-License-Identifier: Apache-2.0
// `spgraph info FILE`: shape, directedness, degree statistics, self-loops, duplicates, memory;
// with --degrees, the degree distribution as a table (scripts/plot_degrees.py draws it).
#include <map>
#include <memory>

#include "engine/any_matrix.hpp"
#include "tools/cli/cli_common.hpp"
#include "tools/cli/report.hpp"
#include "tools/cli/result_table.hpp"
#include "tools/spgraph/commands.hpp"

namespace spgraph::cli {

namespace {

struct InfoArgs {
  GlobalOptions g;
  LoadFlags load;
  std::string file;
  std::string degrees;  ///< --degrees PATH: the degree distribution as TSV (or CSV)
};

/// Writes the degree distribution: for each degree that occurs, how many vertices have it as
/// out-degree and as in-degree (one column, "vertices", for an undirected graph).
void write_degrees(const std::string& path, const Csr<bool>& a, const Csr<bool>& t,
                   bool undirected) {
  std::map<Offset, std::pair<std::uint64_t, std::uint64_t>> counts;
  for (Vertex i = 0; i < a.nrows; ++i) ++counts[a.degree(i)].first;
  if (!undirected)
    for (Vertex j = 0; j < t.nrows; ++j) ++counts[t.degree(j)].second;
  ResultTable out = undirected ? ResultTable(path, {"degree", "vertices"})
                               : ResultTable(path, {"degree", "out_vertices", "in_vertices"});
  for (const auto& [d, c] : counts) {
    out.integer((long long)d).integer((long long)c.first);
    if (!undirected) out.integer((long long)c.second);
    out.end_row();
  }
  out.commit();
}

void run_info(const InfoArgs& args) {
  apply_global_flags(args.g);
  CliGraph graph = load_for_cli(args.file, args.load, args.g, false);
  const AnyMatrix& m = graph.loaded.matrix;
  const LoadInfo& info = graph.loaded.info;
  Matrix<bool> p = pattern_of(m);
  const Csr<bool>& a = p.csr();
  const Csr<bool>& t = p.transposed();
  const bool square = a.nrows == a.ncols;
  const bool symmetric = p.structure_symmetric();
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
  const bool pattern = value_type_of(m) == ValueType::Pattern;
  if (!args.degrees.empty()) write_degrees(args.degrees, a, t, symmetric);
  Report r;
  r.add("file", report::str(args.file));
  r.add("format", report::str(format_name(info.format)));
  r.add("type", report::str(std::string(value_type_name(value_type_of(m)))));
  r.add("nrows", report::count(a.nrows));
  r.add("ncols", report::count(a.ncols));
  r.add("entries", report::count(a.nnz()));
  r.add("entries_in_file", report::text(std::to_string(info.entries_in_file)));
  r.add("edges", report::count(edges));
  r.add("edge_kind", report::text(symmetric ? " undirected" : " arcs"));
  r.add("directed", report::flag(!symmetric, "yes", "no (structure is symmetric)"));
  r.add("self_loops", report::count(self_loops));
  r.add("duplicates_merged", report::count(info.duplicates_merged));
  r.add("isolated", report::count(isolated));
  r.add("phantom_vertices", report::count(info.phantom_vertices));
  r.add("max_out_degree", report::count(max_out));
  r.add("max_in_degree", report::count(max_in));
  r.add("mean_degree", report::real(mean, "%.4f", "%.2f"));
  r.add("memory_bytes", report::bytes(bytes));
  r.add("storage", report::text(pattern ? "CSR, pattern: no values stored" : "CSR"));
  r.add("load_seconds", report::seconds(graph.load_seconds));
  if (args.g.json) return print_json(r);
  print_text(r,
             "file:           {file}\n"
             "format:         {format} ({type})\n"
             "shape:          {nrows} x {ncols}\n"
             "entries:        {entries} stored ({entries_in_file} in file)\n"
             "directed:       {directed}\n"
             "edges:          {edges}{edge_kind}\n"
             "self-loops:     {self_loops}\n"
             "duplicates:     {duplicates_merged} merged\n"
             "isolated:       {isolated} vertices\n"
             "out-degree:     mean {mean_degree}, max {max_out_degree}\n"
             "in-degree:      max {max_in_degree}\n"
             "memory:         {memory_bytes} ({storage})\n"
             "load time:      {load_seconds} s\n");
}

}  // namespace

void register_info(CLI::App& app) {
  auto args = std::make_shared<InfoArgs>();
  CLI::App* cmd = app.add_subcommand("info", "Print a graph's shape, degrees, self-loops, memory");
  cmd->add_option("file", args->file, "Graph file (.mtx, edge list, .graph, binary; .gz ok)")
      ->required();
  cmd->add_option("--degrees", args->degrees,
                  "Also write the degree distribution to this file (TSV: degree, out_vertices, "
                  "in_vertices; CSV for .csv; scripts/plot_degrees.py draws it)");
  add_global_flags(cmd, args->g);
  add_load_flags(cmd, args->load);
  cmd->callback([args] {
    if (!args->degrees.empty()) check_output_path(args->degrees, {args->file});
    run_info(*args);
  });
}

}  // namespace spgraph::cli
