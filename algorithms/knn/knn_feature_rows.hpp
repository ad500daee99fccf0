// SPDX-License-Identifier: Apache-2.0
// The per-row preparation of feature kNN (knn.hpp, feature_knn), shared by the CPU kernel
// (knn_features.cpp) and the device kernel's input (knn_device.cpp), so that both read the same
// scaled values: the finite-value check, and each row's scale (its largest |value|) and the
// norm of the scaled row, on which cosine is computed so that huge or tiny values neither
// overflow nor underflow.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <type_traits>
#include <vector>

#include "engine/core/error.hpp"
#include "engine/core/types.hpp"
#include "formats/csr/csr.hpp"

namespace spgraph::detail {

/// The value of entry e of c as a double (1 for patterns).
template <class T>
inline double entry_value(const Csr<T>& c, Offset e) {
  return c.pattern ? 1.0 : double(c.value(e));
}

/// Throws InvalidArgument naming the first entry (in row order) that is NaN or infinite.
template <class T>
inline void check_no_nan(const Csr<T>& c, const char* which) {
  if constexpr (std::is_floating_point_v<T>) {
    if (c.pattern) return;
    for (Vertex i = 0; i < c.nrows; ++i)
      for (Offset e = c.row_begin(i); e < c.row_end(i); ++e)
        if (!std::isfinite(double(c.value(e)))) {
          std::string msg = "feature kNN: ";
          msg += which;
          msg += "(";
          msg += std::to_string(i);
          msg += ", ";
          msg += std::to_string(c.col[e]);
          msg += ") is not finite";
          throw InvalidArgument(msg);
        }
  }
}

/// Each row of c scaled by its largest |value| (`scale`, 1 for an empty row), and the
/// Euclidean norm of the scaled row (`norm`): cosine works on scaled rows, whose squares and
/// products neither overflow ([1e200, 1e200]) nor underflow ([5e-324]) as the raw ones do.
struct ScaledNorms {
  std::vector<double> scale, norm;
};

template <class T>
inline ScaledNorms row_norms(const Csr<T>& c) {
  ScaledNorms out{std::vector<double>(c.nrows, 1.0), std::vector<double>(c.nrows, 0.0)};
#pragma omp parallel for schedule(dynamic, 1024) if (c.nnz() >= 65536)
  for (std::int64_t i = 0; i < std::int64_t(c.nrows); ++i) {
    double m = 0;
    for (Offset e = c.row_begin(Vertex(i)); e < c.row_end(Vertex(i)); ++e)
      m = std::max(m, std::abs(entry_value(c, e)));
    if (m == 0) continue;  // an empty or all-zero row: norm 0, no answers
    double s = 0;
    for (Offset e = c.row_begin(Vertex(i)); e < c.row_end(Vertex(i)); ++e) {
      const double v = entry_value(c, e) / m;
      s += v * v;
    }
    out.scale[i] = m;
    out.norm[i] = std::sqrt(s);
  }
  return out;
}

/// feature_knn's checks on its input: Q and X have the same column count (DimensionMismatch),
/// the threshold is not NaN and no value is NaN or infinite (InvalidArgument). q may be null
/// (the queries are X's rows).
template <class T>
inline void check_feature_inputs(const Csr<T>& x, const Csr<T>* q, double threshold) {
  if (q != nullptr && q->ncols != x.ncols) {
    std::string msg = "feature kNN: the queries have ";
    msg += std::to_string(q->ncols);
    msg += " features (columns) but the items have ";
    msg += std::to_string(x.ncols);
    throw DimensionMismatch(msg);
  }
  if (std::isnan(threshold)) throw InvalidArgument("feature kNN: the threshold is NaN");
  check_no_nan(x, "X");
  if (q != nullptr) check_no_nan(*q, "Q");
}

}  // namespace spgraph::detail
