// SPDX-License-Identifier: Apache-2.0
// The flags of the kNN commands (see knn_common.hpp).
#include "tools/cli/knn_common.hpp"

#include <algorithm>
#include <cmath>

#include "tools/cli/spmv_common.hpp"
#include "tools/cli/vertex_list.hpp"

namespace spgraph::cli {

namespace {

SimilarityMeasure similarity_measure(const std::string& m) {
  return m == "common"                ? SimilarityMeasure::CommonNeighbors
         : m == "cosine"              ? SimilarityMeasure::Cosine
         : m == "overlap"             ? SimilarityMeasure::Overlap
         : m == "adamic-adar"         ? SimilarityMeasure::AdamicAdar
         : m == "resource-allocation" ? SimilarityMeasure::ResourceAllocation
                                      : SimilarityMeasure::Jaccard;
}

/// A triplet file's matrix cut to `nrows` x `ncols` (rows past nrows must be empty, columns
/// below ncols).
Matrix<double> reshaped(const Matrix<double>& m, Vertex nrows, Vertex ncols) {
  Csr<double> c = m.csr();
  c.row_ptr.resize(std::size_t(nrows) + 1, c.row_ptr.empty() ? 0 : c.row_ptr.back());
  c.nrows = nrows;
  c.ncols = ncols;
  return Matrix<double>::trusted(std::move(c));
}

/// One past the last row with an entry, and one past the largest column.
std::pair<Vertex, Vertex> used_extent(const Csr<double>& c) {
  Vertex rows = 0, cols = 0;
  for (Vertex i = 0; i < c.nrows; ++i)
    if (c.degree(i) > 0) {
      rows = i + 1;
      cols = std::max(cols, Vertex(c.col[c.row_end(i) - 1] + 1));
    }
  return {rows, cols};
}

FeatureMatrix load_one(const std::string& path, const LoadFlags& load, const GlobalOptions& g) {
  CliGraph loaded = load_for_cli(path, load, g, false, ValueType::Double);
  std::optional<Matrix<double>> converted;
  const Matrix<double>& m = matrix_of_type<double>(loaded.loaded.matrix, converted);
  FeatureMatrix f{path, converted ? std::move(*converted) : Matrix<double>(m), loaded.loaded.info,
                  loaded.load_seconds};
  if (f.info.format == FileFormat::EdgeList) {
    const auto [rows, cols] = used_extent(f.m.csr());
    f.m = reshaped(f.m, rows, cols);
  }
  return f;
}

}  // namespace

void add_knn_flags(CLI::App* cmd, KnnFlags& f) {
  cmd->add_option("--vertex,-v", f.vertices,
                  "Query vertex in the file's numbering (1-based for .mtx); repeat or separate "
                  "with commas for several; quote a name that holds a comma: '\"Smith, Ann\"'")
      ->check(vertex_list_flag("--vertex"));
  cmd->add_flag("--all", f.all, "Query every vertex (the kNN graph)");
  cmd->add_option("--k,-k", f.k,
                  "Answers per query (default 10; with --threshold and no --k: every score "
                  "above the threshold)")
      ->transform(integer_flag("--k", 1, UINT64_MAX));
  cmd->add_option("--measure,-m", f.measure,
                  "Graphs: common, jaccard (default), cosine, overlap, adamic-adar, "
                  "resource-allocation (similarity of neighbourhoods), hops or distance "
                  "(nearest by BFS hops or by weighted shortest-path distance). Features: cosine "
                  "(default) or dot")
      ->check(CLI::IsMember({"common", "jaccard", "cosine", "overlap", "adamic-adar",
                             "resource-allocation", "hops", "distance", "dot"}));
  cmd->add_option("--neighborhood", f.neighborhood,
                  "Directed graphs: the neighbourhood N(x) the similarity reads: out (default), "
                  "in, or both (their union); undirected graphs have one")
      ->check(CLI::IsMember({"out", "in", "both"}));
  cmd->add_flag("--include-neighbors", f.include_neighbors,
                "Similarity: keep the query's own neighbours as answers (default: excluded, as "
                "link prediction wants)");
  cmd->add_flag("--include-self", f.include_self,
                "Keep the query itself as an answer (default: excluded)");
  cmd->add_option("--features", f.features,
                  "Feature kNN instead of a graph: rows of this matrix are items (Matrix "
                  "Market, binary, or a 'row,col,value' triplet file); every row is a query "
                  "unless --queries is given");
  cmd->add_option("--queries", f.queries,
                  "Feature kNN: query rows (same columns as --features); default: the rows of "
                  "--features, each row excluding itself");
  cmd->add_option("--threshold", f.threshold,
                  "Feature kNN: keep only scores >= this (without --k: every such score)")
      ->transform(real_flag("--threshold", -1e300, 1e300));
}

std::string knn_help_footer() {
  return "Answers are ranked by score (largest first for similarities, dot and cosine; "
         "smallest first for hops and distance), ties by the smaller vertex id; they do not "
         "depend on the thread count. Similarity measures (networkx's link-prediction "
         "definitions, c = |N(u) & N(v)|): common c, jaccard c/|N(u) | N(v)|, cosine "
         "c/sqrt(|N(u)||N(v)|), overlap c/min(|N(u)|,|N(v)|), adamic-adar sum 1/ln|N(w)|, "
         "resource-allocation sum 1/|N(w)|; only vertices sharing a neighbour are candidates. "
         "By default the query itself and (for similarities) its neighbours are excluded. "
         "Output: '# query rank vertex score', one line per answer, ids in the file's "
         "numbering. --out writes the same lines as a TSV, or with --all or --features the kNN "
         "graph (row = query, column = answer, value = score) in the format of its extension "
         "(.mtx, .bin, ...), which the other commands load.";
}

KnnJob knn_job(const KnnFlags& f, const std::string& file, const LoadFlags& load) {
  KnnJob job;
  const bool features = !f.features.empty();
  if (features && !file.empty())
    throw CLI::ValidationError("give either a graph FILE or --features, not both (got " + file +
                               " and --features " + f.features + ")");
  if (!features && file.empty())
    throw CLI::ValidationError("give a graph FILE, or --features X for feature kNN");
  if (features) {
    if (!f.vertices.empty() || f.all)
      throw CLI::ValidationError(
          "--features queries every row of --queries (or of the --features matrix): "
          "--vertex and --all are for graphs");
    if (load.remap_ids || load.undirected)
      throw CLI::ValidationError("--remap-ids and --undirected are for graphs, not --features");
    job.kind = KnnJob::Kind::Features;
    job.measure = f.measure.empty() ? "cosine" : f.measure;
    if (job.measure != "cosine" && job.measure != "dot")
      throw CLI::ValidationError("--measure " + job.measure +
                                 " is a graph measure; --features takes cosine or dot");
    if (f.neighborhood != "out" || f.include_neighbors)
      throw CLI::ValidationError("--neighborhood and --include-neighbors are for graphs");
    job.k = f.k != 0                     ? std::size_t(f.k)
            : std::isfinite(f.threshold) ? kAllNeighbors
                                         : std::size_t(10);
    job.features.k = job.k;
    job.features.measure = job.measure == "dot" ? FeatureMeasure::Dot : FeatureMeasure::Cosine;
    job.features.threshold = f.threshold;
    job.features.include_self = f.include_self;
    return job;
  }
  if (!f.queries.empty()) throw CLI::ValidationError("--queries is for --features");
  if (std::isfinite(f.threshold)) throw CLI::ValidationError("--threshold is for --features");
  if (f.all == !f.vertices.empty())
    throw CLI::ValidationError(f.all ? "give --vertex or --all, not both"
                                     : "give the query vertices with --vertex V (repeatable), or "
                                       "--all for every vertex");
  job.measure = f.measure.empty() ? "jaccard" : f.measure;
  job.k = f.k != 0 ? std::size_t(f.k) : std::size_t(10);
  if (job.measure == "dot")
    throw CLI::ValidationError(
        "--measure dot is for --features; graphs take common, jaccard, "
        "cosine, overlap, adamic-adar, resource-allocation, hops or distance");
  if (job.measure == "hops" || job.measure == "distance") {
    if (f.include_neighbors)
      throw CLI::ValidationError("--include-neighbors is for the similarity measures, not " +
                                 job.measure);
    if (f.neighborhood != "out")
      throw CLI::ValidationError("--neighborhood is for the similarity measures, not " +
                                 job.measure + " (which follow out-arcs)");
    job.kind = KnnJob::Kind::Distance;
    job.distance.k = job.k;
    job.distance.kind = job.measure == "hops" ? DistanceKind::Hops : DistanceKind::Weighted;
    job.distance.include_self = f.include_self;
    return job;
  }
  job.kind = KnnJob::Kind::Similarity;
  job.similarity.k = job.k;
  job.similarity.measure = similarity_measure(job.measure);
  job.similarity.neighborhood = f.neighborhood == "in"     ? Neighborhood::In
                                : f.neighborhood == "both" ? Neighborhood::Both
                                                           : Neighborhood::Out;
  job.similarity.include_neighbors = f.include_neighbors;
  job.similarity.include_self = f.include_self;
  return job;
}

std::string knn_k_text(std::size_t k) {
  return k == kAllNeighbors ? std::string("no limit") : "k " + std::to_string(k);
}

std::string knn_exclusions(const KnnJob& job) {
  switch (job.kind) {
    case KnnJob::Kind::Similarity: {
      const bool self = job.similarity.include_self, nbrs = job.similarity.include_neighbors;
      if (self && nbrs) return "nothing excluded";
      if (self) return "neighbours excluded";
      if (nbrs) return "the query excluded";
      return "the query and its neighbours excluded";
    }
    case KnnJob::Kind::Distance:
      return job.distance.include_self ? "nothing excluded" : "the query excluded";
    case KnnJob::Kind::Features:
      break;
  }
  return job.features.include_self ? "nothing excluded" : "each row's own item excluded";
}

std::vector<Vertex> knn_queries(const KnnFlags& f, const IdSpace& ids, Vertex n) {
  return flag_vertices("--vertex", f.vertices, ids, n);
}

std::pair<FeatureMatrix, std::optional<FeatureMatrix>> load_features(const KnnFlags& f,
                                                                     const LoadFlags& load,
                                                                     const GlobalOptions& g) {
  FeatureMatrix x = load_one(f.features, load, g);
  std::optional<FeatureMatrix> q;
  if (!f.queries.empty()) {
    q = load_one(f.queries, load, g);
    // A triplet file only knows its largest column: widen it to the other matrix.
    const Vertex cols = std::max(x.m.ncols(), q->m.ncols());
    if (x.info.format == FileFormat::EdgeList && x.m.ncols() < cols)
      x.m = reshaped(x.m, x.m.nrows(), cols);
    if (q->info.format == FileFormat::EdgeList && q->m.ncols() < cols)
      q->m = reshaped(q->m, q->m.nrows(), cols);
    if (q->m.ncols() != x.m.ncols())
      throw InvalidArgument("--queries " + q->path + " has " + std::to_string(q->m.ncols()) +
                            " columns (features) but --features " + x.path + " has " +
                            std::to_string(x.m.ncols()));
  }
  return {std::move(x), std::move(q)};
}

}  // namespace spgraph::cli
