// Descriptor: the GraphBLAS C API 2.0 modifiers of an operation's output and inputs.
// C<M, replace> = accum(C, T): with a mask, entries of C outside the (possibly complemented)
// mask are kept, or deleted under replace; accum folds T into C instead of overwriting.
#pragma once

namespace spgraph {

/// How mxm accumulates a row of its product (SuiteSparse's GxB_AxB_METHOD): by the rule of
/// formats/csr/spgemm_bins.hpp, or always a hash table, or always the dense (Gustavson)
/// accumulator. Rows with very few products use the direct gather-and-sort path in every mode.
enum class MxmMethod { Auto, Hash, Gustavson };

/// Mask interpretation, output replace, and input transposes (GrB_Descriptor fields).
struct Descriptor {
  bool mask_structural = false;  ///< GrB_STRUCTURE: an entry's presence counts, not its value
  bool mask_complement = false;  ///< GrB_COMP: use the complement of the mask
  bool replace = false;          ///< GrB_REPLACE: clear C outside the mask
  bool transpose_a = false;      ///< GrB_INP0 = GrB_TRAN
  bool transpose_b = false;      ///< GrB_INP1 = GrB_TRAN
  MxmMethod mxm_method = MxmMethod::Auto;  ///< GxB_AxB_METHOD
};

}  // namespace spgraph
