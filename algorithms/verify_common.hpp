// SPDX-License-Identifier: Apache-2.0
// The vocabulary the verifiers beside the algorithms share
// (algorithms/<family>/<family>_verify.hpp): how a message names a vertex, what the two answers of
// a comparison are called, and the one number format of a message. Verifiers return "" or a
// description of the first violation (or a small struct holding one), as GAPBS's verifiers (its
// kernels' *Verifier functions) return a verdict and LAGraph's LG_check_* return a status with a
// message; the caller decides whether a violation is an exception (`spgraph compare` throws
// VerificationFailed) or a test failure.
#pragma once

#include <cstdio>
#include <functional>
#include <string>

#include "engine/core/types.hpp"

namespace spgraph {

/// How a message names vertex v. The tests name dense ids; `spgraph compare` names the file's
/// vertices (its numbering or string ids), through the loaders' id map, which algorithms/ may
/// not include.
using VertexNamer = std::function<std::string(Vertex)>;

/// The default namer: the dense id in decimal.
inline std::string dense_vertex_name(Vertex v) {
  return std::to_string(v);
}

/// What a comparison of two answers calls them in its messages ("spgraph", "GraphBLAS" in
/// `spgraph compare`).
struct AnswerNames {
  const char* ours = "the answer";
  const char* theirs = "the reference";
};

/// x with 17 significant digits (printf's %.17g): enough to tell any two doubles apart.
inline std::string exact_real(double x) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.17g", x);
  return buf;
}

/// x with 3 significant digits (printf's %.3g), for differences and bounds.
inline std::string short_real(double x) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3g", x);
  return buf;
}

}  // namespace spgraph
