// SPDX-License-Identifier: Apache-2.0
// Folding a row under the ANY monoid. GraphBLAS's ANY returns any one of its terms, and the
// engine's AnyMonoid (engine/core/monoid.hpp) implements it as "keep the left operand" with an
// identity that is not a true identity (0), so a fold that starts from the identity would keep
// the identity. Row kernels that fold from the identity use AnyKeepsLatest instead, whose add
// keeps the right operand: the fold then ends on the row's last term (the identity only for a
// row with no term), a valid ANY answer.
#pragma once

#include <type_traits>

#include "engine/core/types.hpp"

namespace spgraph {

/// True when SR's monoid is ANY (a user semiring without add_monoid is not).
template <class SR>
constexpr bool monoid_is_any() {
  if constexpr (requires { SR::add_monoid::is_any; })
    return SR::add_monoid::is_any;
  else
    return false;
}

/// SR with add(a, b) = b: for folds from the identity under the ANY monoid.
template <class SR>
struct AnyKeepsLatest : SR {
  using V = typename SR::value_type;
  static constexpr V add(V, V b) { return b; }
};

/// The semiring a fold from the identity runs: AnyKeepsLatest<SR> for ANY, else SR itself.
template <class SR>
using IdentityFoldSemiring = std::conditional_t<monoid_is_any<SR>(), AnyKeepsLatest<SR>, SR>;

}  // namespace spgraph
