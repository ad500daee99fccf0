// SPDX-License-Identifier: Apache-2.0
// Descriptor: the GraphBLAS C API 2.0 modifiers of an operation's output and inputs.
// C<M, replace> = accum(C, T): with a mask, entries of C outside the (possibly complemented)
// mask are kept, or deleted under replace; accum folds T into C instead of overwriting. Also
// mxm's choice of row accumulator, as SuiteSparse:GraphBLAS's descriptor carries it, and the
// storage a dense-vector SpMV reads, and the backend the operation runs on.
#pragma once

#include "engine/core/backend.hpp"

namespace spgraph {

/// How mxm accumulates a row of its product (SuiteSparse's GxB_AxB_METHOD), passed as is to
/// the hash SpGEMM (formats/csr/spgemm_hash_cpu.hpp): Auto picks per row by the rule of
/// formats/csr/spgemm_bins.hpp; Hash always uses the hash table; Gustavson always uses the
/// dense accumulator (Gustavson's, formats/csr/spgemm_accumulators.hpp). Rows with very
/// few products use the direct gather-and-sort path in every mode.
enum class MxmMethod { Auto, Hash, Gustavson };

/// Which storage a dense-vector SpMV reads (the CLI's --spmv): Csr the row-partitioned CSR
/// kernel, Csr5 the tiled CSR5 view (formats/csr5/, built lazily and cached with the matrix),
/// Auto the measured rule of formats/csr5/csr5_rule.hpp. Changes speed only, never results
/// (floating-point sums may round differently).
enum class SpmvFormat { Auto, Csr, Csr5 };

/// Mask interpretation, output replace, and input transposes (GrB_Descriptor fields).
struct Descriptor {
  bool mask_structural = false;  ///< GrB_STRUCTURE: an entry's presence counts, not its value
  bool mask_complement = false;  ///< GrB_COMP: use the complement of the mask
  bool replace = false;          ///< GrB_REPLACE: clear C outside the mask
  bool transpose_a = false;      ///< GrB_INP0 = GrB_TRAN
  bool transpose_b = false;      ///< GrB_INP1 = GrB_TRAN
  MxmMethod mxm_method = MxmMethod::Auto;     ///< GxB_AxB_METHOD
  SpmvFormat spmv_format = SpmvFormat::Auto;  ///< dense-vector mxv/vxm: CSR, CSR5 or by rule
  Backend backend = Backend::Cpu;  ///< where it runs (engine/backend.hpp says what Cuda covers)
};

}  // namespace spgraph
