// SPDX-License-Identifier: Apache-2.0
// DuplicatePolicy: what happens to an entry (i, j) given again when one is already there. One
// vocabulary for the COO -> CSR build (formats/coo/coo.hpp, the loaders), the Dynamic CSR format
// (formats/dcsr/dcsr.hpp) and DynamicGraph. King et al., "Dynamic-CSR" (2016), section III.A,
// names two ways: let duplicates accumulate (Keep), or reduce them into one entry (Combine).
#pragma once

#include <string>

namespace spgraph {

enum class DuplicatePolicy {
  Keep,             ///< store every copy, a multigraph (Dynamic CSR only)
  Combine,          ///< fold them, in input order, with the build's or the format's operator
  IgnoreIfPresent,  ///< leave the stored entry as it is, a set (Dynamic CSR only)
  Reject,           ///< throw InvalidArgument naming the first repeated entry (builds only)
};

/// The lower-case name of a policy ("keep", "combine", "ignore", "reject").
inline std::string duplicate_policy_name(DuplicatePolicy p) {
  switch (p) {
    case DuplicatePolicy::Keep:
      return "keep";
    case DuplicatePolicy::Combine:
      return "combine";
    case DuplicatePolicy::IgnoreIfPresent:
      return "ignore";
    case DuplicatePolicy::Reject:
      return "reject";
  }
  return "unknown";
}

}  // namespace spgraph
