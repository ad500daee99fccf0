// SPDX-License-Identifier: Apache-2.0
// `spgraph convert IN OUT`: read any supported format, write another (chosen by OUT's
// extension or --to). Remapped external ids are written back out in edge lists.
#include <memory>

#include "tools/cli/cli_common.hpp"
#include "tools/spgraph/commands.hpp"
#include "tools/cli/report.hpp"

namespace spgraph::cli {

namespace {

struct ConvertArgs {
  GlobalOptions g;
  LoadFlags load;
  std::string in, out, to = "auto";
  bool pattern = false;
};

void run_convert(const ConvertArgs& args) {
  apply_global_flags(args.g);
  FileFormat f = FileFormat::Auto;
  if (args.to == "mtx")
    f = FileFormat::MatrixMarket;
  else if (args.to == "edgelist")
    f = FileFormat::EdgeList;
  else if (args.to == "binary")
    f = FileFormat::Binary;
  else if (args.to == "metis")
    f = FileFormat::Metis;
  else
    output_format_for(args.out);  // an unknown extension is an error before loading
  check_output_path(args.out, {args.in});
  CliGraph graph = load_for_cli(args.in, args.load, args.g, args.pattern);
  // The input's numbering (base or external ids) and symmetry, or --undirected.
  SaveOptions so = save_options_for(graph.loaded.info);
  so.format = f;
  so.symmetric = so.symmetric || graph.undirected;
  auto t0 = std::chrono::steady_clock::now();
  save_matrix(args.out, graph.loaded.matrix, so);
  const double write_seconds = seconds_since(t0);
  Report r;
  r.add("in", report::str(args.in));
  r.add("out", report::str(args.out));
  r.add("nrows", report::text(std::to_string(nrows_of(graph.loaded.matrix))));
  r.add("ncols", report::text(std::to_string(ncols_of(graph.loaded.matrix))));
  r.add("entries", report::count(nvals_of(graph.loaded.matrix)));
  r.add("load_seconds", report::seconds(graph.load_seconds));
  r.add("write_seconds", report::seconds(write_seconds));
  if (args.g.json)
    print_json(r);
  else if (!args.g.quiet)
    print_text(r,
               "converted {in} -> {out}: {nrows} x {ncols}, {entries} entries (read {load_seconds} "
               "s, write {write_seconds} s)\n");
}

}  // namespace

void register_convert(CLI::App& app) {
  auto args = std::make_shared<ConvertArgs>();
  CLI::App* cmd = app.add_subcommand("convert", "Convert a graph file to another format");
  cmd->add_option("in", args->in, "Input file")->required();
  cmd->add_option("out", args->out,
                  "Output file: .mtx Matrix Market, .bin/.spg binary, .graph METIS, "
                  ".txt/.tsv/.csv/.el edge list; .gz after any compresses")
      ->required();
  cmd->add_option("--to", args->to,
                  "Output format: auto (by extension), mtx, edgelist, metis, binary")
      ->check(CLI::IsMember({"auto", "mtx", "edgelist", "metis", "binary"}));
  cmd->add_flag("--pattern", args->pattern, "Drop values; write the structure only");
  add_global_flags(cmd, args->g);
  add_load_flags(cmd, args->load);
  cmd->callback([args] { run_convert(*args); });
}

}  // namespace spgraph::cli
