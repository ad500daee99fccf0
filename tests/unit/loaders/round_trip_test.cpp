// SPDX-License-Identifier: Apache-2.0
// Writers and readers together: random matrices of every value type survive Matrix Market,
// edge list and binary round trips; gzip input equals plain input; threads=2 equals threads=1;
// progress is reported; binary corruption is detected.
#include <gtest/gtest.h>

#include <iostream>
#include <random>
#include <set>

#include "loaders/input_buffer.hpp"
#include "loaders/load.hpp"
#include "tests/support/gzip.hpp"
#include "tests/support/test_data.hpp"
#include "tests/unit/loaders/loader_test_util.hpp"

namespace spgraph::testing {
namespace {

/// A random nrows x ncols matrix with distinct positions and values of type T.
template <class T>
Matrix<T> random_matrix(std::uint64_t seed, bool pattern, bool square = false) {
  std::mt19937_64 rng(seed);
  const Vertex nr = Vertex(1 + rng() % 200), nc = square ? nr : Vertex(1 + rng() % 200);
  const std::size_t n = rng() % 2000;
  Coo<T> coo;
  coo.nrows = nr;
  coo.ncols = nc;
  coo.pattern = pattern;
  for (std::size_t k = 0; k < n; ++k) {
    coo.row.push_back(Vertex(rng() % nr));
    coo.col.push_back(Vertex(rng() % nc));
    if (pattern) continue;
    if constexpr (std::is_same_v<T, bool>)
      coo.val.push_back(rng() % 2);
    else if constexpr (std::is_same_v<T, std::int32_t>)
      coo.val.push_back(std::int32_t(rng()));
    else if constexpr (std::is_same_v<T, std::int64_t>)
      coo.val.push_back(std::int64_t(rng()) / (k % 3 ? 1 : 1 << 20));
    else
      coo.val.push_back(T(std::ldexp(double(rng() % 2000000) - 1e6, int(rng() % 40) - 20)));
  }
  return Matrix<T>::template from_coo<FirstOp<T>>(std::move(coo));
}

template <class T>
void round_trip(std::uint64_t seed, bool pattern, bool square) {
  std::cout << "[ seed ] " << seed << " type " << value_type_name(value_type_of<T>())
            << (pattern ? " pattern" : "") << std::endl;
  SCOPED_TRACE("seed " + std::to_string(seed));
  TempDir tmp;
  const AnyMatrix original = random_matrix<T>(seed, pattern, square);
  const Tuples want = tuples_of(original);
  for (const char* name : {"m.mtx", "m.spg"}) {
    SCOPED_TRACE(name);
    save_matrix(tmp.file(name), original);
    const LoadedMatrix back = load_matrix(tmp.file(name));
    EXPECT_EQ(back.matrix.index(), original.index());
    EXPECT_EQ(value_type_of(back.matrix), value_type_of(original));
    EXPECT_EQ(nrows_of(back.matrix), nrows_of(original));
    EXPECT_EQ(ncols_of(back.matrix), ncols_of(original));
    EXPECT_EQ(tuples_of(back.matrix), want);
  }
  if (nrows_of(original) != ncols_of(original)) {
    // An edge list holds a graph (square); a rectangular matrix is refused, not reshaped.
    EXPECT_THROW(save_matrix(tmp.file("m.txt"), original), InvalidArgument);
    EXPECT_FALSE(std::filesystem::exists(tmp.file("m.txt")));
    return;
  }
  save_matrix(tmp.file("m.txt"), original);
  // The header written on line 1 gives the base and the vertex count.
  const LoadedMatrix el = load_matrix(tmp.file("m.txt"));
  EXPECT_EQ(nrows_of(el.matrix), nrows_of(original));
  Tuples got = tuples_of(el.matrix);
  if (!pattern)  // edge lists read weights as double; compare in T
    for (auto& [i, j, v] : got) v = double(T(v));
  EXPECT_EQ(got, want);
}

TEST(RoundTrip, RandomMatricesAllTypes) {
  for (std::uint64_t seed = 1; seed <= 6; ++seed)
    for (bool square : {false, true}) {
      round_trip<bool>(seed, true, square);
      round_trip<bool>(seed + 100, false, square);
      round_trip<std::int32_t>(seed + 200, false, square);
      round_trip<std::int32_t>(seed + 250, true, square);
      round_trip<std::int64_t>(seed + 300, false, square);
      round_trip<float>(seed + 400, false, square);
      round_trip<double>(seed + 500, false, square);
    }
}

TEST(RoundTrip, EdgeListWithExternalIds) {
  TempDir tmp;
  const std::string p =
      tmp.write("ids.txt", "99999999999 7\n7 123456789012345\n123456789012345 99999999999\n");
  LoadOptions remap;
  remap.remap_ids = true;
  const LoadedMatrix a = load_matrix(p, remap);
  SaveOptions as_edges;
  as_edges.format = FileFormat::EdgeList;
  as_edges.ids = a.info.ids;
  save_matrix(tmp.file("out.tsv"), a.matrix, as_edges);
  const LoadedMatrix b = load_matrix(tmp.file("out.tsv"), remap);
  // Dense ids may be assigned in a different order; compare through the external ids.
  auto external = [](const LoadedMatrix& m) {
    std::set<std::pair<std::uint64_t, std::uint64_t>> s;
    for (const auto& [i, j, v] : tuples_of(m.matrix))
      s.emplace(m.info.ids->integer_id(i), m.info.ids->integer_id(j));
    return s;
  };
  EXPECT_EQ(external(a), external(b));
  EXPECT_EQ(external(a).size(), 3u);
}

TEST(Gzip, CompressedInputEqualsPlainInputForEveryFormat) {
  TempDir tmp;
  const std::vector<std::pair<std::string, std::string>> files = {
      {"a.mtx", "%%MatrixMarket matrix coordinate real general\n3 3 2\n1 2 0.25\n3 1 4\n"},
      {"a.txt", "# x\n0\t1\n1\t2\n"},
      {"a.graph", "3 2\n2\n1 3\n2\n"}};
  for (const auto& [name, text] : files) {
    SCOPED_TRACE(name);
    const LoadedMatrix plain = load_matrix(tmp.write(name, text));
    // The .gz name is irrelevant for detection: the file is called ".dat.gz" here on purpose
    // for the edge list, and the format comes from the inner extension or content.
    const LoadedMatrix packed = load_matrix(tmp.write(name + ".gz", gzip_bytes(text)));
    EXPECT_EQ(tuples_of(packed.matrix), tuples_of(plain.matrix));
    EXPECT_EQ(value_type_of(packed.matrix), value_type_of(plain.matrix));
    EXPECT_LT(packed.info.bytes, plain.info.bytes + 40);
  }
  // Detection by magic bytes: a gzip'd Matrix Market file with a misleading name.
  const LoadedMatrix m = load_matrix(tmp.write("matrix.data", gzip_bytes(files[0].second)));
  EXPECT_EQ(m.info.format, FileFormat::MatrixMarket);
}

/// A multi-MB real general Matrix Market text with `n` distinct entries.
std::string big_mm(std::uint64_t seed, std::size_t n, Vertex dim) {
  std::mt19937_64 rng(seed);
  std::set<std::pair<Vertex, Vertex>> seen;
  std::string body;
  while (seen.size() < n) {
    const Vertex i = Vertex(rng() % dim) + 1, j = Vertex(rng() % dim) + 1;
    if (!seen.emplace(i, j).second) continue;
    body += std::to_string(i) + " " + std::to_string(j) + " " +
            std::to_string(double(rng() % 100000) / 7.0) + "\n";
  }
  return "%%MatrixMarket matrix coordinate real general\n% generated\n" + std::to_string(dim) +
         " " + std::to_string(dim) + " " + std::to_string(n) + "\n" + body;
}

TEST(Parallel, TwoThreadsEqualOneThread) {
  TempDir tmp;
  const std::uint64_t seed = 4242;
  std::cout << "[ seed ] " << seed << std::endl;
  const std::string text = big_mm(seed, 150000, 5000);
  ASSERT_GT(text.size(), 2u << 20);
  const std::string p = tmp.write("big.mtx", text);
  LoadOptions one, two;
  one.threads = 1;
  two.threads = 2;
  const LoadedMatrix a = load_matrix(p, one), b = load_matrix(p, two);
  const auto& ca = std::get<Matrix<double>>(a.matrix).csr();
  const auto& cb = std::get<Matrix<double>>(b.matrix).csr();
  EXPECT_EQ(ca.row_ptr, cb.row_ptr);
  EXPECT_EQ(ca.col, cb.col);
  EXPECT_EQ(ca.val, cb.val);
  EXPECT_EQ(a.info.entries_in_file, 150000u);
}

TEST(Parallel, ErrorLineInSecondChunkMatrixMarket) {
  TempDir tmp;
  std::string text = big_mm(7, 150000, 5000);
  const std::size_t lines_before = std::size_t(std::count(text.begin(), text.end(), '\n'));
  // Corrupt one entry near the end: it lands in the last chunk when threads = 2.
  const std::size_t pos = text.rfind('\n', text.size() - 2000);
  const std::size_t line =
      std::size_t(std::count(text.begin(), text.begin() + long(pos) + 1, '\n')) + 1;
  text.insert(pos + 1, "1 x 2\n");
  text.replace(text.find(" 150000\n"), 8, " 150001\n");
  ASSERT_GT(line, lines_before / 2);
  const std::string p = tmp.write("err.mtx", text);
  for (int threads : {1, 2}) {
    LoadOptions o;
    o.threads = threads;
    expect_parse_error([&] { load_matrix(p, o); }, "column index 'x", long(line));
  }
}

TEST(Progress, ReportedDuringLoadAndEndsAtTotal) {
  TempDir tmp;
  const std::string p = tmp.write("big.mtx", big_mm(9, 100000, 3000));
  std::vector<std::pair<std::uint64_t, std::uint64_t>> calls;
  LoadOptions o;
  o.threads = 2;
  o.progress = [&](std::uint64_t done, std::uint64_t total) { calls.emplace_back(done, total); };
  load_matrix(p, o);
  ASSERT_GE(calls.size(), 3u);
  for (std::size_t k = 1; k < calls.size(); ++k) EXPECT_LE(calls[k - 1].first, calls[k].first);
  EXPECT_EQ(calls.back().first, calls.back().second);
}

TEST(Binary, EveryFlippedByteIsDetected) {
  TempDir tmp;
  const AnyMatrix m = random_matrix<double>(77, false);
  save_matrix(tmp.file("m.spg"), m);
  std::ifstream in(tmp.file("m.spg"), std::ios::binary);
  const std::string bytes((std::istreambuf_iterator<char>(in)), {});
  for (std::size_t pos = 0; pos < bytes.size(); pos += 1 + bytes.size() / 97) {
    std::string bad = bytes;
    bad[pos] = char(bad[pos] ^ 0x10);
    EXPECT_THROW(load_matrix_from_buffer("m.spg", bad), ParseError) << "flipped byte " << pos;
  }
  EXPECT_EQ(tuples_of(load_matrix_from_buffer("m.spg", bytes).matrix), tuples_of(m));
}

// A binary file read from its mapping is checksummed and copied in 8 MiB pieces whose pages are
// dropped as they are done (loaders/binary_format.cpp): a file of several pieces, with values,
// must come back exactly, and the buffer must still read the same bytes after they are dropped.
TEST(Binary, AMappedFileOfManyPiecesLoadsExactlyWhileItsPagesAreDropped) {
  TempDir tmp;
  std::mt19937_64 rng(5);
  Coo<double> coo;
  coo.nrows = coo.ncols = 1 << 16;
  for (std::size_t k = 0; k < (std::size_t(3) << 20); ++k) {  // col 12 MiB, values 24 MiB
    coo.row.push_back(Vertex(rng() % coo.nrows));
    coo.col.push_back(Vertex(rng() % coo.ncols));
    coo.val.push_back(double(rng() % 1000) / 8);
  }
  const AnyMatrix m = Matrix<double>::from_coo<FirstOp<double>>(std::move(coo));
  save_matrix(tmp.file("big.spg"), m);
  EXPECT_EQ(tuples_of(load_matrix(tmp.file("big.spg")).matrix), tuples_of(m));
  std::ifstream in(tmp.file("big.spg"), std::ios::binary);
  const std::string bytes((std::istreambuf_iterator<char>(in)), {});
  const InputBuffer mapped = InputBuffer::open(tmp.file("big.spg"));
  ASSERT_EQ(mapped.bytes(), bytes);
  mapped.drop_pages(mapped.bytes());
  mapped.drop_pages(mapped.bytes().substr(4097, 100000));  // unaligned, and dropped twice
  EXPECT_EQ(mapped.bytes(), bytes);
}

}  // namespace
}  // namespace spgraph::testing
