// SPDX-License-Identifier: Apache-2.0
// `spgraph convert IN OUT`: read any supported format, write another (chosen by OUT's
// extension or --to). Remapped external ids are written back out in edge lists and binary files;
// Matrix Market and METIS number vertices 1..n and cannot hold them, so the names go to a names
// file beside the output (OUT.ids: one id per line, in position order: line k names vertex k of
// the output), never dropped silently; OUT never stands without them (the names are written first
// and committed with OUT), and a stale OUT.ids beside a graph without names is removed.
// --add-weights MAX gives every arc a random integer weight 1..MAX (generate --weights' rule: a
// function of the seed and the unordered endpoint pair, so an undirected graph stays symmetric).
#include <cstdint>
#include <filesystem>
#include <memory>
#include <utility>

#include "loaders/generators.hpp"
#include "loaders/load.hpp"
#include "loaders/output_file.hpp"
#include "tools/cli/cli_common.hpp"
#include "tools/cli/report.hpp"
#include "tools/common/progress.hpp"
#include "tools/spgraph/commands.hpp"

namespace spgraph::cli {

namespace {

struct ConvertArgs {
  GlobalOptions g;
  LoadFlags load;
  std::string in, out, to = "auto";
  bool pattern = false;
  std::uint32_t add_weights = 0;  ///< 0: keep the file's values
  std::uint64_t weight_seed = 1;
};

/// The structure of `pattern` with the weight edge_weight() gives each arc. The pattern is
/// consumed (freed once its arrays are copied, before the values are allocated).
Matrix<double> weighted(Matrix<bool>&& pattern, std::uint32_t max_weight, std::uint64_t seed) {
  Csr<double> c;
  c.nrows = pattern.nrows();
  c.ncols = pattern.ncols();
  c.pattern = false;
  {
    const Csr<bool>& p = pattern.csr();
    c.row_ptr = p.row_ptr;
    c.col = p.col;
  }
  pattern = Matrix<bool>();  // frees the pattern's arrays before the values are allocated
  c.val.resize(c.col.size());
#pragma omp parallel for schedule(dynamic, 1024)
  for (std::int64_t i = 0; i < std::int64_t(c.nrows); ++i)
    for (Offset k = c.row_ptr[i]; k < c.row_ptr[i + 1]; ++k)
      c.val[k] = edge_weight(Vertex(i), c.col[k], max_weight, seed);
  return Matrix<double>::trusted(std::move(c));
}

/// True when `format` (resolved for `out`) numbers vertices itself and so cannot hold names.
bool numbers_vertices(FileFormat format, const std::string& out) {
  const FileFormat f = format == FileFormat::Auto ? output_format_for(out) : format;
  return f == FileFormat::MatrixMarket || f == FileFormat::Metis;
}

/// Writes the names of `out` (one id per line, in position order) to `names`, not yet
/// committed. A name holding a line break cannot be written so and is refused, naming it, before
/// either file is committed.
void write_names(OutputFile& names, const VertexIds& ids, Vertex n) {
  std::string buffer;
  for (Vertex v = 0; v < n; ++v) {
    const std::string name = ids.name(v);
    if (name.find_first_of("\n\r") != std::string::npos)
      throw InvalidArgument("convert: vertex name '" + printable(name) +
                            "' holds a line break, which the names file " + names.path() +
                            " cannot hold (write an edge list or a binary file instead)");
    buffer += name;
    buffer += '\n';
    if (buffer.size() >= (1u << 20)) {
      names.write(buffer);
      buffer.clear();
    }
  }
  names.write(buffer);
}

/// Removes `path` if it is a regular file (a stale names file); throws IoError naming it if it
/// cannot.
void remove_stale(const std::string& path) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(std::filesystem::symlink_status(path, ec))) return;
  std::filesystem::remove(path, ec);
  if (ec)
    throw IoError("cannot remove the stale names file " + printable(path) + ": " + ec.message());
}

/// Writes the graph to `out` and, when `names` is set, its names to OUT.ids, so that OUT never
/// stands without its names: the names are checked and written in full before OUT is written;
/// if the names file then cannot be committed, the new OUT is removed. Without names, a stale
/// OUT.ids (from an earlier conversion) is removed, as it would name another graph's vertices.
/// Returns the names file's path ("" when none is written).
std::string save_with_names(const std::string& out, const AnyMatrix& m, const SaveOptions& so,
                            const VertexIds* names) {
  const std::string names_path = out + ".ids";
  if (!names) {
    save_matrix(out, m, so);
    remove_stale(names_path);
    return "";
  }
  OutputFile names_file(names_path);
  write_names(names_file, *names, nrows_of(m));
  save_matrix(out, m, so);
  try {
    names_file.commit();
  } catch (...) {
    std::error_code ec;
    std::filesystem::remove(out, ec);
    throw;
  }
  return names_path;
}

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
  // --add-weights replaces the values: the file's are not even parsed.
  CliGraph graph = load_for_cli(args.in, args.load, args.g, args.pattern || args.add_weights > 0);
  if (args.add_weights > 0)
    graph.loaded.matrix = weighted(std::get<Matrix<bool>>(std::move(graph.loaded.matrix)),
                                   args.add_weights, args.weight_seed);
  // The input's numbering (base or external ids) and symmetry, or --undirected.
  SaveOptions so = save_options_for(graph.loaded.info);
  so.format = f;
  so.symmetric = so.symmetric || graph.undirected;
  const bool names_beside = so.ids && so.ids->remapped() && numbers_vertices(f, args.out);
  if (names_beside)
    check_output_path(args.out + ".ids", {args.in});
  else
    refuse_overwriting_input(args.out + ".ids", {args.in});  // a stale one is removed
  auto t0 = std::chrono::steady_clock::now();
  tools::Progress bar("convert", 0);  // after the load's own line (a terminal only)
  bar.stage("writing " + printable(args.out));
  const std::string names_file =
      save_with_names(args.out, graph.loaded.matrix, so, names_beside ? so.ids.get() : nullptr);
  bar.finish();
  const double write_seconds = seconds_since(t0);
  Report r;
  r.add("in", report::str(args.in));
  r.add("out", report::str(args.out));
  r.add("nrows", report::text(std::to_string(nrows_of(graph.loaded.matrix))));
  r.add("ncols", report::text(std::to_string(ncols_of(graph.loaded.matrix))));
  r.add("entries", report::count(nvals_of(graph.loaded.matrix)));
  r.add("load_seconds", report::seconds(graph.load_seconds));
  r.add("write_seconds", report::seconds(write_seconds));
  r.add("ids_file", names_file.empty() ? report::null() : report::str(names_file));
  if (args.g.json)
    print_json(r);
  else if (!args.g.quiet)
    print_text(r,
               "converted {in} -> {out}: {nrows} x {ncols}, {entries} entries (read {load_seconds} "
               "s, write {write_seconds} s)\n" +
                   std::string(names_file.empty() ? ""
                                                  : "the file's vertex ids (which {out} numbers "
                                                    "1..n) written to {ids_file}, one per line\n"));
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
  CLI::Option* pattern =
      cmd->add_flag("--pattern", args->pattern, "Drop values; write the structure only");
  CLI::Option* add_weights =
      cmd->add_option("--add-weights", args->add_weights,
                      "Give each edge an integer weight drawn uniformly from 1 to MAX (as "
                      "generate --weights: both arcs of an undirected edge alike, a function of "
                      "--weight-seed and the endpoints); replaces the file's weights, if any")
          ->type_name("MAX")
          ->transform(integer_flag("--add-weights", 1, 1u << 30))
          ->excludes(pattern);
  cmd->add_option("--weight-seed", args->weight_seed, "Seed of --add-weights (default 1)")
      ->transform(integer_flag("--weight-seed", 0, UINT64_MAX))
      ->needs(add_weights);
  add_global_flags(cmd, args->g);
  add_load_flags(cmd, args->load);
  cmd->callback([args] { run_convert(*args); });
}

}  // namespace spgraph::cli
