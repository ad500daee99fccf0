// SPDX-License-Identifier: Apache-2.0
// The flags of `spgraph knn` and `spgraph compare knn`, shared so that both take the same
// options: their definitions, the checks that tie them together (a graph FILE or --features,
// --vertex or --all, which measure fits which input), their translation into the options of
// algorithms/knn/knn.hpp, and the loading of feature matrices (Matrix Market, binary, or a
// "row,col,value" triplet file read by the edge-list loader).
#pragma once

#include <CLI/CLI.hpp>

#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "algorithms/knn/knn.hpp"
#include "tools/cli/cli_common.hpp"

namespace spgraph::cli {

struct KnnFlags {
  std::vector<std::string> vertices;  ///< --vertex, in the file's numbering (names for string ids)
  bool all = false;
  std::uint64_t k = 0;  ///< 0: --k not given
  std::string measure;  ///< empty: jaccard for graphs, cosine for features
  std::string neighborhood = "out";
  bool include_neighbors = false, include_self = false;
  std::string features, queries;
  double threshold = -std::numeric_limits<double>::infinity();  ///< -inf: not given
};

/// Adds --vertex, --all, --k, --measure, --neighborhood, --include-neighbors, --include-self,
/// --features, --queries and --threshold.
void add_knn_flags(CLI::App* cmd, KnnFlags& f);

/// The help text's notes on defaults, ties and exclusions (a footer).
std::string knn_help_footer();

/// What a knn command runs, once the flags are checked.
struct KnnJob {
  enum class Kind { Similarity, Distance, Features };
  Kind kind = Kind::Similarity;
  std::string measure;  ///< the resolved measure name
  SimilarityKnnOptions similarity;
  DistanceKnnOptions distance;
  FeatureKnnOptions features;
  std::size_t k = 10;  ///< kAllNeighbors when --threshold is given without --k
};

/// Checks the flags against each other (`file`: the graph FILE argument, empty when none) and
/// resolves the defaults; throws CLI::ValidationError (a usage error, exit code 2) naming the
/// flags in conflict. `undirected` is filled in later by the caller (it is known once the graph
/// is loaded).
KnnJob knn_job(const KnnFlags& f, const std::string& file, const LoadFlags& load);

/// "k 10" or "no limit".
std::string knn_k_text(std::size_t k);

/// What is left out of the answers, in words ("the query and its neighbours excluded").
std::string knn_exclusions(const KnnJob& job);

/// The --vertex ids as dense ids (IdSpace::to_internal), in the order given.
std::vector<Vertex> knn_queries(const KnnFlags& f, const IdSpace& ids, Vertex n);

/// A feature matrix: items by row, features by column, values as doubles.
struct FeatureMatrix {
  std::string path;
  Matrix<double> m;
  LoadInfo info;
  double load_seconds = 0;
};

/// Loads X (and Q when `queries` is not empty). A triplet file (an edge list "row col value",
/// read by the edge-list loader, which makes it square) is cut to its last row that holds an
/// entry and to one past its largest column; with Q, the narrower matrix of a triplet file is
/// widened to the other's column count. Matrix Market and binary files keep their shapes.
std::pair<FeatureMatrix, std::optional<FeatureMatrix>> load_features(const KnnFlags& f,
                                                                     const LoadFlags& load,
                                                                     const GlobalOptions& g);

}  // namespace spgraph::cli
