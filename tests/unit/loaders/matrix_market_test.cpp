// SPDX-License-Identifier: Apache-2.0
// Matrix Market reader: the LAGraph edge-case collection, symmetric / skew / array expansion,
// GraphBLAS type hints, and error reporting with line numbers.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <sstream>

#include "loaders/load.hpp"
#include "tests/support/test_data.hpp"
#include "tests/unit/loaders/loader_test_util.hpp"

namespace spgraph::testing {
namespace {

/// The element type of the AnyMatrix alternative (Bool for a Matrix<bool> pattern).
ValueType element_type(const AnyMatrix& m) {
  return std::visit(
      [](const auto& x) { return value_type_of<typename std::decay_t<decltype(x)>::value_type>(); },
      m);
}

/// The AnyMatrix element type LAGraph's type name maps to in spgraph.
ValueType expected_type(const std::string& lagraph) {
  static const std::map<std::string, ValueType> map = {
      {"bool", ValueType::Bool},     {"int8_t", ValueType::Int32},   {"int16_t", ValueType::Int32},
      {"int32_t", ValueType::Int32}, {"uint8_t", ValueType::Int32},  {"uint16_t", ValueType::Int32},
      {"int64_t", ValueType::Int64}, {"uint32_t", ValueType::Int64}, {"uint64_t", ValueType::Int64},
      {"float", ValueType::Float},   {"double", ValueType::Double}};
  return map.at(lagraph);
}

TEST(MatrixMarket, LagraphExpectedShapesAndTypes) {
  SPGRAPH_REQUIRE_SHARED(answers, "lagraph/answers/mmread_expected.tsv");
  std::ifstream in(answers);
  std::string line;
  int checked = 0;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#' || line.starts_with("file\t")) continue;
    std::istringstream fields(line);
    std::string file, type;
    std::uint64_t nrows, ncols, nvals;
    fields >> file >> nrows >> ncols >> nvals >> type;
    std::filesystem::path p = shared_data("lagraph/" + file);
    if (p.empty()) p = shared_data("lagraph/format_edge_cases/" + file);
    if (p.empty()) continue;  // sources_7.mtx is listed but not part of the shared set
    SCOPED_TRACE(file);
    if (file == "matrix_uint64.mtx") {
      // spgraph has no uint64: values above INT64_MAX are rejected, as the loader spec requires.
      expect_parse_error([&] { load_matrix(p.string()); }, "exceeds INT64_MAX", 8);
      continue;
    }
    const LoadedMatrix m = load_matrix(p.string());
    EXPECT_EQ(nrows_of(m.matrix), nrows);
    EXPECT_EQ(ncols_of(m.matrix), ncols);
    EXPECT_EQ(nvals_of(m.matrix), nvals);
    EXPECT_EQ(element_type(m.matrix), expected_type(type)) << "field " << m.info.field;
    EXPECT_EQ(value_type_of(m.matrix) == ValueType::Pattern, m.info.field == "pattern");
    ++checked;
  }
  EXPECT_GE(checked, 45);
}

TEST(MatrixMarket, EveryMangledFileIsRejected) {
  SPGRAPH_REQUIRE_SHARED(dir, "lagraph/format_edge_cases");
  int rejected = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    const std::string name = entry.path().filename().string();
    if (!name.starts_with("mangled")) continue;
    SCOPED_TRACE(name);
    try {
      load_matrix(entry.path().string());
      ADD_FAILURE() << name << " was accepted";
    } catch (const ParseError& e) {
      EXPECT_NE(std::string(e.what()).find(name), std::string::npos) << e.what();
      EXPECT_GT(e.line(), 0u) << "every mangled defect is on a line: " << e.what();
      ++rejected;
    }
  }
  EXPECT_EQ(rejected, 25);
}

TEST(MatrixMarket, MangledMessagesNameTheProblem) {
  SPGRAPH_REQUIRE_SHARED(dir, "lagraph/format_edge_cases");
  const std::vector<std::tuple<std::string, int, std::string>> cases = {
      {"mangled1.mtx", 1, "unsupported object"},
      {"mangled2.mtx", 1, "unknown format"},
      {"mangled3.mtx", 1, "unknown field"},
      {"mangled4.mtx", 1, "unknown symmetry"},
      {"mangled5.mtx", 1, "hermitian"},
      {"mangled7.mtx", 2, "unknown GraphBLAS type 'gunk'"},
      {"mangled8.mtx", 4, "size line"},
      {"mangled9.mtx", 4, "must be square"},
      {"mangled10.mtx", 6, "truncated"},
      {"mangled11.mtx", 5, "not a positive integer"},
      {"mangled12.mtx", 5, "missing value"},
      {"mangled13.mtx", 7, "column index 9999 out of range"},
      {"mangled14.mtx", 8, "duplicate entry"},
      {"mangled15.mtx", 2, "complex"},
      {"mangled_bool.mtx", 10, "out of range for bool"},
      {"mangled_format.mtx", 1, "array pattern"},
      {"mangled_int8.mtx", 8, "out of range for int8"},
      {"mangled_skew.mtx", 1, "signed type"},
      {"mangled_uint32.mtx", 9, "out of range for uint32"}};
  for (const auto& [file, line, fragment] : cases) {
    SCOPED_TRACE(file);
    expect_parse_error([&] { load_matrix((dir / file).string()); }, fragment, line);
  }
}

TEST(MatrixMarket, NanValueIsRejectedWithLine) {
  SPGRAPH_REQUIRE_SHARED(p, "lagraph/format_edge_cases/comments_west0067.mtx");
  expect_parse_error([&] { load_matrix(p.string()); }, "NaN", 6);
}

TEST(MatrixMarket, SymmetricExpandsBothTrianglesDiagonalOnce) {
  TempDir tmp;
  const std::string p = tmp.write(
      "s.mtx", "%%MatrixMarket matrix coordinate real symmetric\n3 3 3\n1 1 4.5\n3 1 -2\n3 2 7\n");
  const LoadedMatrix m = load_matrix(p);
  EXPECT_TRUE(m.info.symmetric_storage);
  EXPECT_EQ(m.info.entries_in_file, 3u);
  EXPECT_EQ(tuples_of(m.matrix),
            (Tuples{{0, 0, 4.5}, {0, 2, -2}, {1, 2, 7}, {2, 0, -2}, {2, 1, 7}}));
}

TEST(MatrixMarket, SkewStoresNegatedMirror) {
  const LoadedMatrix m = load_matrix(test_data("skew_int8.mtx").string());
  ASSERT_EQ(value_type_of(m.matrix), ValueType::Int32);
  const auto& a = std::get<Matrix<std::int32_t>>(m.matrix);
  EXPECT_EQ(a.nvals(), 20u);
  EXPECT_EQ(a.get(3, 0), -12);  // file: 4 1 -12
  EXPECT_EQ(a.get(0, 3), 12);
  EXPECT_EQ(a.get(4, 1), -77);
  EXPECT_EQ(a.get(1, 4), 77);
  EXPECT_EQ(a.get(3, 2), 0);  // explicit zero kept
  EXPECT_EQ(a.get(2, 3), 0);
  EXPECT_FALSE(a.get(0, 0).has_value());
}

TEST(MatrixMarket, SkewDoubleWithInfinity) {
  const LoadedMatrix m = load_matrix(test_data("skew_fp64.mtx").string());
  const auto& a = std::get<Matrix<double>>(m.matrix);
  EXPECT_EQ(a.get(4, 0), std::numeric_limits<double>::infinity());
  EXPECT_EQ(a.get(0, 4), -std::numeric_limits<double>::infinity());
  EXPECT_DOUBLE_EQ(*a.get(5, 4), -.18161721472946568);
  EXPECT_DOUBLE_EQ(*a.get(4, 5), .18161721472946568);
}

TEST(MatrixMarket, SkewNegationOutOfRangeIsRejected) {
  TempDir tmp;
  const std::string p =
      tmp.write("s.mtx",
                "%%MatrixMarket matrix coordinate integer skew-symmetric\n%%GraphBLAS type int8_t\n"
                "2 2 1\n2 1 -128\n");
  expect_parse_error([&] { load_matrix(p); }, "cannot be mirrored", 4);
}

TEST(MatrixMarket, ArraySymmetricIsColumnMajorLowerTriangle) {
  const LoadedMatrix m = load_matrix(test_data("full_symmetric.mtx").string());
  const auto& a = std::get<Matrix<double>>(m.matrix);
  ASSERT_EQ(a.nvals(), 16u);
  // Values in file order fill column 0 (rows 0..3), then column 1 (rows 1..3), ...
  EXPECT_DOUBLE_EQ(*a.get(0, 0), 10.762188911437988);
  EXPECT_DOUBLE_EQ(*a.get(3, 0), 22.269603729248047);
  EXPECT_DOUBLE_EQ(*a.get(0, 3), 22.269603729248047);
  EXPECT_DOUBLE_EQ(*a.get(1, 1), 7.084949970245361);
  EXPECT_DOUBLE_EQ(*a.get(2, 1), 18.75064468383789);
  EXPECT_DOUBLE_EQ(*a.get(1, 2), 18.75064468383789);
  EXPECT_DOUBLE_EQ(*a.get(3, 3), 3.9635860919952393);
}

TEST(MatrixMarket, NoHeaderArrayIsRealGeneralColumnMajor) {
  const LoadedMatrix m = load_matrix(test_data("full_noheader.mtx").string());
  const auto& a = std::get<Matrix<double>>(m.matrix);
  ASSERT_EQ(a.nvals(), 9u);
  EXPECT_DOUBLE_EQ(*a.get(1, 0), .709);
  EXPECT_DOUBLE_EQ(*a.get(0, 1), .276);
  EXPECT_DOUBLE_EQ(*a.get(2, 2), .498);
}

TEST(MatrixMarket, NoHeaderCoordinateIsRealGeneral) {
  TempDir tmp;
  const std::string p = tmp.write("n.mtx", "% no banner\n2 3 2\n1 3 2.5\n2 1 -1\n");
  const LoadedMatrix m = load_matrix(p);
  EXPECT_EQ(value_type_of(m.matrix), ValueType::Double);
  EXPECT_EQ(tuples_of(m.matrix), (Tuples{{0, 2, 2.5}, {1, 0, -1}}));
}

TEST(MatrixMarket, PatternWithTypeHintKeepsTheHintedType) {
  const LoadedMatrix m = load_matrix(test_data("structure.mtx").string());
  EXPECT_EQ(m.info.field, "pattern");
  ASSERT_TRUE(std::holds_alternative<Matrix<std::int32_t>>(m.matrix));
  EXPECT_TRUE(std::get<Matrix<std::int32_t>>(m.matrix).is_pattern());
  EXPECT_EQ(nvals_of(m.matrix), 12u);
}

TEST(MatrixMarket, BlankAndCommentLinesInsideDataAreSkipped) {
  const LoadedMatrix m = load_matrix(test_data("west0067_jumbled.mtx").string());
  EXPECT_EQ(nrows_of(m.matrix), 67u);
  EXPECT_EQ(nvals_of(m.matrix), 294u);
  EXPECT_EQ(m.info.entries_in_file, 294u);
}

TEST(MatrixMarket, TypeRangesAreEnforced) {
  TempDir tmp;
  const std::vector<std::tuple<std::string, std::string, bool>> cases = {
      {"bool", "1", true},
      {"bool", "2", false},
      {"int8_t", "-128", true},
      {"int8_t", "-129", false},
      {"uint8_t", "255", true},
      {"uint8_t", "256", false},
      {"uint8_t", "-1", false},
      {"int16_t", "32768", false},
      {"uint16_t", "65535", true},
      {"int32_t", "-2147483648", true},
      {"int32_t", "2147483648", false},
      {"uint32_t", "4294967295", true},
      {"int64_t", "9223372036854775808", false},
      {"uint64_t", "9223372036854775807", true},
      {"uint64_t", "9223372036854775808", false}};
  for (const auto& [type, value, ok] : cases) {
    SCOPED_TRACE(type + " " + value);
    const std::string p =
        tmp.write("t.mtx", "%%MatrixMarket matrix coordinate integer general\n%%GraphBLAS type " +
                               type + "\n1 1 1\n1 1 " + value + "\n");
    if (ok) {
      EXPECT_NO_THROW(load_matrix(p));
    } else {
      expect_parse_error([&] { load_matrix(p); },
                         type == "uint64_t" ? "exceeds INT64_MAX" : "out of range", 4);
    }
  }
}

TEST(MatrixMarket, FloatHintOverflowIsRejected) {
  TempDir tmp;
  const std::string p =
      tmp.write("f.mtx",
                "%%MatrixMarket matrix coordinate real general\n%%GraphBLAS type float\n"
                "1 1 1\n1 1 1e39\n");
  expect_parse_error([&] { load_matrix(p); }, "out of range for float", 4);
}

TEST(MatrixMarket, PatternOnlySkipsValues) {
  LoadOptions o;
  o.pattern_only = true;
  const LoadedMatrix m = load_matrix(test_data("skew_fp64.mtx").string(), o);
  ASSERT_TRUE(std::holds_alternative<Matrix<bool>>(m.matrix));
  EXPECT_TRUE(std::get<Matrix<bool>>(m.matrix).is_pattern());
  EXPECT_EQ(nvals_of(m.matrix), 20u);
  const Matrix<bool> g = load_graph(test_data("karate.mtx").string());
  EXPECT_EQ(g.nrows(), 34u);
  EXPECT_EQ(g.nvals(), 156u);
}

TEST(MatrixMarket, NotreDameGzipShape) {
  SPGRAPH_REQUIRE_SHARED(p, "suitesparse/NotreDame_www.mtx.gz");
  const LoadedMatrix m = load_matrix(p.string());
  // MANIFEST: 325,729 nodes, 907,887 arcs + 21,962 self-loops = 929,849 entries (size line).
  EXPECT_EQ(nrows_of(m.matrix), 325729u);
  EXPECT_EQ(ncols_of(m.matrix), 325729u);
  EXPECT_EQ(nvals_of(m.matrix), 929849u);
  EXPECT_EQ(value_type_of(m.matrix), ValueType::Pattern);
  const auto& c = std::get<Matrix<bool>>(m.matrix).csr();
  Offset loops = 0;
  for (Vertex i = 0; i < c.nrows; ++i)
    for (Offset k = c.row_ptr[i]; k < c.row_ptr[i + 1]; ++k) loops += c.col[k] == i;
  EXPECT_EQ(nvals_of(m.matrix) - loops, 907887u);
  EXPECT_EQ(loops, 21962u);
  EXPECT_LT(m.info.bytes, 3000000u);  // the compressed size on disk
}

}  // namespace
}  // namespace spgraph::testing
