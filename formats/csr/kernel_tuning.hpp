// SPDX-License-Identifier: Apache-2.0
// Tuning constants shared by the CPU kernels of formats/ (CSR, Dynamic CSR, vectors).
// kMinParallelWork: below this many units of work (rows plus stored entries), a kernel runs on
// one thread, because waking a thread team costs more than the loop itself (measured: tiny
// operands on a busy 2-core machine slowed down by 100x when every call forked a team).
#pragma once

#include "engine/core/types.hpp"

namespace spgraph {

inline constexpr Offset kMinParallelWork = 32768;

}  // namespace spgraph
