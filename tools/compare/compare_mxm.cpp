// `spgraph compare mxm A [B]`: C<M> = A ⊕.⊗ B in spgraph (hash SpGEMM) and in SuiteSparse:GraphBLAS
// (GrB_mxm + GrB_wait over the built-in semiring of the same name), verified entry by entry,
// timed in A/B pairs, with peak memory. Without B the product is A·A, or A·A' for a
// rectangular A. Values are compared exactly, except under a floating-point PLUS monoid, where
// the order of summation differs between the engines and a relative difference of 1e-9 is
// accepted (the largest one is printed); ANY with a positional multiply (any_secondi) may pick
// a different witness k, so each value is checked to be a valid one.
#include <cmath>
#include <memory>

#include "engine/any_matrix.hpp"
#include "engine/context.hpp"
#include "engine/ops.hpp"
#include "engine/semiring_registry.hpp"
#include "tools/compare/compare_common.hpp"
#ifdef SPGRAPH_HAVE_GRAPHBLAS
#include "tools/compare/peers/graphblas_peer.hpp"
#endif

namespace spgraph::cli {

namespace {

struct CompareMxmArgs {
  GlobalOptions g;
  LoadFlags load;
  std::string a_file, b_file, mask_file;
  std::string semiring = "plus_times";
  std::string type = "double";
  bool structural = false, complement = false, transpose_a = false, transpose_b = false;
  int runs = 5;
};

#ifdef SPGRAPH_HAVE_GRAPHBLAS

/// Σ_i Σ_{k ∈ A(i,:)} |B(k,:)|: the multiply-adds of the unmasked product.
template <class TA, class TB>
Offset product_count(const Csr<TA>& a, const Csr<TB>& b) {
  Offset n = 0;
  for (Offset k = 0; k < a.nnz(); ++k) n += b.degree(a.col[k]);
  return n;
}

/// Checks ours == theirs (see the file header); returns the largest relative difference.
template <class SR, class T>
double verify(const Csr<T>& ours, const Csr<T>& theirs, const Csr<T>& a, const Csr<T>& b) {
  using Monoid = typename SR::add_monoid;
  if (ours.row_ptr != theirs.row_ptr || ours.col != theirs.col) {
    for (Vertex i = 0; i < ours.nrows; ++i)
      if (ours.degree(i) != theirs.degree(i))
        throw VerificationFailed("row " + std::to_string(i) + " has " +
                                 std::to_string(ours.degree(i)) + " entries in spgraph but " +
                                 std::to_string(theirs.degree(i)) + " in GraphBLAS");
    throw VerificationFailed("the column patterns differ");
  }
  constexpr bool float_sum = std::is_floating_point_v<T> && std::is_same_v<Monoid, PlusMonoid<T>>;
  constexpr bool any_positional = Monoid::is_any && is_positional_op_v<typename SR::mul_op, T>;
  double worst = 0;
  for (Vertex i = 0; i < ours.nrows; ++i)
    for (Offset p = ours.row_begin(i); p < ours.row_end(i); ++p) {
      const T x = ours.value(p), y = theirs.value(p);
      const Vertex j = ours.col[p];
      auto fail = [&] {
        throw VerificationFailed("C(" + std::to_string(i) + ", " + std::to_string(j) + ") is " +
                                 std::to_string(double(x)) + " in spgraph but " +
                                 std::to_string(double(y)) + " in GraphBLAS");
      };
      if constexpr (any_positional) {
        // x must be a witness k with A(i,k) and B(k,j) both present.
        const Vertex k = Vertex(x);
        auto has = [](const Csr<T>& m, Vertex r, Vertex c) {
          return r < m.nrows && std::binary_search(m.col.begin() + m.row_begin(r),
                                                   m.col.begin() + m.row_end(r), c);
        };
        if (!has(a, i, k) || !has(b, k, j)) fail();
      } else if constexpr (float_sum) {
        const double diff = std::fabs(double(x) - double(y));
        const double scale = std::fabs(double(x)) + std::fabs(double(y));
        if (diff > 1e-9 * scale && diff > 1e-300) fail();
        if (scale > 0) worst = std::max(worst, diff / scale);
      } else {
        if (!(x == y)) fail();
      }
    }
  return worst;
}

template <class T>
void run_typed(const CompareMxmArgs& args) {
  apply_global_flags(args.g);
  const int threads = num_threads();
  peers::graphblas_init(threads);
  with_semiring<T>(args.semiring, [](auto) {});  // unknown names fail here, listing the valid
  peers::check_graphblas_semiring<T>(args.semiring);

  // 1. Load once; each engine gets its own copy.
  // Values that do not convert to --type without loss are errors at their line.
  const ValueType exact = value_type_of<T>();
  CliGraph ga = load_for_cli(args.a_file, args.load, args.g, false, exact);
  const Matrix<T> a = matrix_cast<T>(ga.loaded.matrix);
  std::unique_ptr<Matrix<T>> b_owned;
  if (!args.b_file.empty())
    b_owned = std::make_unique<Matrix<T>>(
        matrix_cast<T>(load_for_cli(args.b_file, args.load, args.g, false, exact).loaded.matrix));
  const Matrix<T>& b = b_owned ? *b_owned : a;
  Descriptor d;
  d.transpose_a = args.transpose_a;
  d.transpose_b = args.transpose_b;
  std::string note;
  if (!b_owned && a.nrows() != a.ncols() && !d.transpose_a && !d.transpose_b) {
    d.transpose_b = true;
    note = "A is rectangular: computing A*A'";
  }
  std::unique_ptr<Matrix<T>> mask_owned;
  const Matrix<T>* mask = nullptr;
  if (args.mask_file == "a" || args.mask_file == "A") {
    mask = &a;
  } else if (!args.mask_file.empty()) {
    mask_owned = std::make_unique<Matrix<T>>(matrix_cast<T>(
        load_for_cli(args.mask_file, args.load, args.g, false, exact).loaded.matrix));
    mask = mask_owned.get();
  }
  d.mask_structural = args.structural;
  d.mask_complement = args.complement;
  const Vertex rows = d.transpose_a ? a.ncols() : a.nrows();
  const Vertex cols = d.transpose_b ? b.nrows() : b.ncols();
  const peers::GraphBlasMatrix ga_grb(a.csr());
  std::unique_ptr<peers::GraphBlasMatrix> gb_owned, gm_owned;
  if (b_owned) gb_owned = std::make_unique<peers::GraphBlasMatrix>(b.csr());
  const peers::GraphBlasMatrix& gb_grb = gb_owned ? *gb_owned : ga_grb;
  if (mask_owned) gm_owned = std::make_unique<peers::GraphBlasMatrix>(mask->csr());
  const peers::GraphBlasMatrix* gm = mask ? (mask == &a ? &ga_grb : gm_owned.get()) : nullptr;
  const double grb_build = ga_grb.build_seconds() + (gb_owned ? gb_owned->build_seconds() : 0) +
                           (gm_owned ? gm_owned->build_seconds() : 0);

  // 2. Warm-up, one per engine, each in its own peak-memory window. spgraph's cached
  // transposes (for --transpose-a/-b) are built here, once, as LAGraph caches A'.
  Matrix<T> c(rows, cols);
  peers::GraphBlasMatrix gc;
  double transpose_s = 0;
  if (d.transpose_a || d.transpose_b)
    transpose_s = timed([&] {
      if (d.transpose_a) a.transposed();
      if (d.transpose_b) b.transposed();
    });
  auto ours = [&] {
    return timed([&] {
      with_semiring<T>(args.semiring, [&](auto sr) { mxm(c, mask, NoAccum{}, sr, a, b, d); });
    });
  };
  auto theirs = [&] { return peers::graphblas_mxm<T>(gc, args.semiring, gm, ga_grb, gb_grb, d); };
  auto inputs_bytes = [&] {
    return a.memory_bytes() + (b_owned ? b.memory_bytes() : 0) +
           (mask_owned ? mask->memory_bytes() : 0);
  };
  const std::uint64_t ours_peak = peak_rise(ours) + inputs_bytes();
  const std::uint64_t theirs_peak = peak_rise(theirs) + ga_grb.memory_bytes() +
                                    (gb_owned ? gb_owned->memory_bytes() : 0) +
                                    (gm_owned ? gm_owned->memory_bytes() : 0);

  // 3. Verify, then time A/B pairs.
  double worst = 0;
  with_semiring<T>(args.semiring, [&](auto sr) {
    using SR = decltype(sr);
    worst = verify<SR>(c.csr(), gc.to_csr<T>(), detail::oriented(a, d.transpose_a),
                       detail::oriented(b, d.transpose_b));
  });
  const PairTimes t = time_pairs(args.runs, ours, theirs);
  const Contender us{"spgraph", t.ours, ours_peak, ""};
  const Contender grb{"GraphBLAS", t.theirs, theirs_peak, ""};
  const Offset flops =
      product_count(detail::oriented(a, d.transpose_a), detail::oriented(b, d.transpose_b));

  Report r;
  r.add("job", report::str("mxm"));
  r.add("a", report::str(args.a_file));
  r.add("b", report::str(b_owned ? args.b_file : args.a_file));
  r.add("b_transposed", report::text(d.transpose_b ? "'" : ""));
  r.add("note", report::text(note.empty() ? "" : "  (" + note + ")"));
  r.add("semiring", report::str(args.semiring));
  r.add("type", report::str(args.type));
  r.add("threads", report::count(threads));
  r.add("a_shape", report::text(std::to_string(a.nrows()) + " x " + std::to_string(a.ncols())));
  r.add("b_shape", report::text(std::to_string(b.nrows()) + " x " + std::to_string(b.ncols())));
  r.add("rows", report::count(rows));
  r.add("cols", report::count(cols));
  r.add("nnz_a", report::count(a.nvals()));
  r.add("nnz_b", report::count(b.nvals()));
  r.add("nnz_c", report::count(c.nvals()));
  r.add("products", report::count(flops));
  r.add("mask", {mask ? Json(args.mask_file) : Json(nullptr), mask ? args.mask_file : "none"});
  r.add("mask_kind", report::text(std::string(mask && d.mask_structural ? ", structural" : "") +
                                  (mask && d.mask_complement ? ", complemented" : "")));
  r.add("verified", report::flag(true));
  ReportValue difference = report::real(worst, "%.3g", "%f");
  difference.text = worst > 0 ? "values within relative " + difference.text : "identical values";
  r.add("max_relative_difference", difference);
  r.add("graphblas_version", report::text(peers::graphblas_version()));
  r.add("graphblas_build_s", report::seconds(grb_build));
  r.add("spgraph_transpose_s", report::real(transpose_s, "%.6f", "%f"));
  const std::string summary = add_timing_summary(r, us, {grb});
  if (args.g.json) return print_json(r);
  // --quiet: the result alone (verified, or exit code 3 before this), the median ratio.
  if (args.g.quiet) return print_text(r, "{median_ratio_graphblas}\n");
  std::string layout =
      "compare mxm: {a} x {b}{b_transposed}{note}\n"
      "semiring {semiring} over {type}; mask: {mask}{mask_kind}\n"
      "A: {a_shape}, {nnz_a} entries; B: {b_shape}, {nnz_b} entries; C: {rows} x {cols}, "
      "{nnz_c} entries; {products} products\n"
      "threads: {threads} (spgraph and GraphBLAS)\n"
      "spgraph:   hash SpGEMM (Nagasaka et al. row bins, symbolic + numeric passes, mask inside "
      "the kernel, sorted rows)\n"
      "GraphBLAS: SuiteSparse:GraphBLAS {graphblas_version}, GrB_mxm + GrB_wait (its own method "
      "choice)\n"
      "not timed: GraphBLAS build {graphblas_build_s} s";
  if (transpose_s > 0) layout += ", spgraph cached transpose {spgraph_transpose_s} s";
  layout += "\nverified: identical pattern, {max_relative_difference}\n";
  print_text(r, layout + summary);
}

void run_compare_mxm(const CompareMxmArgs& args) {
  if (args.type == "bool") return run_typed<bool>(args);
  if (args.type == "int32") return run_typed<std::int32_t>(args);
  if (args.type == "int64") return run_typed<std::int64_t>(args);
  if (args.type == "float") return run_typed<float>(args);
  return run_typed<double>(args);
}

#endif

}  // namespace

void register_compare_mxm(CLI::App* compare) {
  auto args = std::make_shared<CompareMxmArgs>();
  CLI::App* cmd = compare->add_subcommand(
      "mxm",
      "C<M> = A*B over a semiring in spgraph (hash SpGEMM) and GraphBLAS (GrB_mxm), "
      "verified, timed");
  cmd->add_option("a", args->a_file, "Matrix A")->required();
  cmd->add_option("b", args->b_file, "Matrix B (default: A; A*A' when A is rectangular)");
  cmd->add_option("--semiring", args->semiring,
                  "Semiring by name, e.g. plus_times, min_plus, lor_land (default plus_times)");
  cmd->add_option("--type", args->type, "Value type (default double)")
      ->check(CLI::IsMember({"bool", "int32", "int64", "float", "double"}));
  cmd->add_option("--mask", args->mask_file, "Mask matrix file, or 'a' to use A itself");
  cmd->add_flag("--structural", args->structural, "Structural mask (entries count, not values)");
  cmd->add_flag("--complement", args->complement, "Complement the mask");
  cmd->add_flag("--transpose-a", args->transpose_a, "Use A'");
  cmd->add_flag("--transpose-b", args->transpose_b, "Use B'");
  add_runs_flag(cmd, args->runs);
  add_global_flags(cmd, args->g);
  add_load_flags(cmd, args->load);
  cmd->callback([args] {
#ifdef SPGRAPH_HAVE_GRAPHBLAS
    run_compare_mxm(*args);
#else
    graphblas_unavailable();
#endif
  });
}

}  // namespace spgraph::cli
