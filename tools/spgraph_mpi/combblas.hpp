// SPDX-License-Identifier: Apache-2.0
// CombBLAS (Debian libcombblas-dev 1.6.2), included once for spgraph-mpi: its SequenceHeaps
// util.h defines function-like macros with common names (Error, Debug, ...) that would break any
// header included after it (spgraph's Error class, CLI11's). They are undefined here.
#pragma once

#include <CombBLAS/CombBLAS.h>

#undef Error
#undef Debug0
#undef Debug1
#undef Debug2
#undef Debug3
#undef Debug4
#undef Debug5
#undef Debug6
#undef Assert
#undef Assert0
#undef Assert1
#undef Assert2
#undef Assert3
