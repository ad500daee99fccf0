// SPDX-License-Identifier: Apache-2.0
// Hostile input at the loader API: no crash, no hang, no runaway memory and no silent garbage.
// Each defect a hostile user found has a test (or a few), in a suite named for the rule it
// breaks (the heading above it states the rule). The CLI-level tests of the same rules are in
// tests/cli/ and the corpus run in tests/hostile/.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <chrono>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <random>

#include "loaders/binary_format.hpp"
#include "loaders/input_buffer.hpp"
#include "loaders/load.hpp"
#include "loaders/output_file.hpp"
#include "loaders/parallel_lines.hpp"
#include "loaders/symmetry.hpp"
#include "loaders/update_stream.hpp"
#include "tests/support/gzip.hpp"
#include "tests/unit/loaders/loader_test_util.hpp"

namespace spgraph::testing {
namespace {

// ---- The chunk plan is a pure function of the input and the thread count ----------------------

/// A ring of n vertices as METIS text (every vertex lists its two neighbours).
std::string metis_ring(std::uint64_t n) {
  std::string s = std::to_string(n) + " " + std::to_string(n) + "\n";
  for (std::uint64_t v = 1; v <= n; ++v)
    s += std::to_string((v + n - 2) % n + 1) + " " + std::to_string(v % n + 1) + "\n";
  return s;
}

std::string ring_edges(std::uint64_t n) {
  std::string s;
  for (std::uint64_t v = 0; v < n; ++v)
    s += std::to_string(v) + "\t" + std::to_string((v + 1) % n) + "\n";
  return s;
}

std::string ring_mtx(std::uint64_t n) {
  std::string s = "%%MatrixMarket matrix coordinate pattern general\n" + std::to_string(n) + " " +
                  std::to_string(n) + " " + std::to_string(n) + "\n";
  for (std::uint64_t v = 1; v <= n; ++v)
    s += std::to_string(v) + " " + std::to_string(v % n + 1) + "\n";
  return s;
}

TEST(ChunkPlan, DoesNotDependOnProgress) {
  const std::string body(5 << 20, 'x');
  for (int threads : {1, 2, 3, 8}) {
    LineRunOptions a, b;
    a.threads = b.threads = threads;
    b.progress = [](std::uint64_t, std::uint64_t) {};
    EXPECT_EQ(plan_chunks(body, a), plan_chunks(body, b)) << threads;
  }
}

TEST(ChunkPlan, EveryParallelLoaderAgreesAcrossThreadsAndProgress) {
  TempDir tmp;
  const std::uint64_t n = 300000;  // each file is over 1 MB: several chunks at 2+ threads
  const std::vector<std::pair<std::string, std::string>> files = {
      {"ring.graph", metis_ring(n)}, {"ring.txt", ring_edges(n)}, {"ring.mtx", ring_mtx(n)}};
  for (const auto& [name, text] : files) {
    ASSERT_GT(text.size(), 1u << 20) << name;
    const std::string path = tmp.write(name, text);
    Tuples first;
    for (int threads : {1, 2, 3, 8})
      for (bool progress : {false, true}) {
        SCOPED_TRACE(name + " threads " + std::to_string(threads) + (progress ? " progress" : ""));
        LoadOptions o;
        o.threads = threads;
        if (progress) o.progress = [](std::uint64_t, std::uint64_t) {};
        const LoadedMatrix m = load_matrix(path, o);
        EXPECT_EQ(nrows_of(m.matrix), n);
        const Tuples t = tuples_of(m.matrix);
        if (first.empty())
          first = t;
        else
          EXPECT_EQ(t, first);
      }
  }
}

// ---- Thread counts are capped -----------------------------------------------------------------

TEST(ParserThreadCap, AbsurdParserThreadCountIsAClearError) {
  LoadOptions o;
  o.threads = 100000;
  try {
    load_matrix_from_buffer("x.txt", "0 1\n", o);
    FAIL() << "accepted 100000 threads";
  } catch (const InvalidArgument& e) {
    EXPECT_NE(std::string(e.what()).find("is more than"), std::string::npos) << e.what();
  }
}

// ---- Claimed dimensions are checked before anything proportional is allocated ----------------

TEST(ClaimedDimensions, HugeEdgeListIdSuggestsRemap) {
  const auto t0 = std::chrono::steady_clock::now();
  expect_parse_error([] { load_matrix_from_buffer("big.txt", "0 1\n1 3000000000\n"); },
                     "--remap-ids");
  EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(), 5.0);
  // With --remap-ids the same file is a 3-vertex graph.
  LoadOptions remap;
  remap.remap_ids = true;
  EXPECT_EQ(nrows_of(load_matrix_from_buffer("big.txt", "0 1\n1 3000000000\n", remap).matrix), 3u);
}

TEST(ClaimedDimensions, HugeSizeLinesAndHeadersAreRefused) {
  expect_parse_error(
      [] {
        load_matrix_from_buffer(
            "big.mtx",
            "%%MatrixMarket matrix coordinate pattern general\n3000000000 3000000000 1\n1 1\n");
      },
      "far more than", 2);
  expect_parse_error([] { load_matrix_from_buffer("big.graph", "3000000000 1\n2\n1\n"); },
                     "far more than", 1);
  expect_parse_error([] { load_matrix_from_buffer("big.jlg", "3000000000,1,d,x\n1,2\n"); },
                     "far more than", 1);
  // Binary: a valid file whose ncols claims 3e9 (nrows is bounded by the file's length).
  std::string bin = encode_binary(AnyMatrix(Matrix<bool>::build_pattern(2, 2, {}, {})));
  const std::uint64_t huge = 3000000000ull;
  std::memcpy(bin.data() + 32, &huge, 8);
  const std::uint32_t crc =
      std::uint32_t(crc32(0, reinterpret_cast<const Bytef*>(bin.data()), uInt(bin.size() - 4)));
  std::memcpy(bin.data() + bin.size() - 4, &crc, 4);
  expect_parse_error([&] { load_matrix_from_buffer("big.bin", bin); }, "far more than");
}

TEST(ClaimedDimensions, MemoryBudgetIsChecked) {
  LoadOptions o;
  o.memory_limit = 1 << 20;  // 1 MB: 200000 vertices need 3.2 MB of row pointers
  expect_parse_error(
      [&] {
        load_matrix_from_buffer(
            "m.mtx", "%%MatrixMarket matrix coordinate pattern general\n200000 200000 1\n1 1\n", o);
      },
      "per-vertex arrays", 2);
}

TEST(ClaimedDimensions, SparseButReasonableDimensionsStillLoad) {
  // 1M x 1M with two entries: under the 2^24 floor, a legitimate sparse test matrix.
  const LoadedMatrix m = load_matrix_from_buffer(
      "m.mtx", "%%MatrixMarket matrix coordinate pattern general\n1000000 1000000 2\n1 2\n3 4\n");
  EXPECT_EQ(nrows_of(m.matrix), 1000000u);
}

TEST(ClaimedDimensions, GzipBombStopsAtTheBudget) {
  const std::string packed = gzip_bytes(std::string(8 << 20, ' '));
  LoadOptions o;
  o.memory_limit = 4 << 20;  // inflating may use half: 2 MB
  expect_parse_error([&] { load_matrix_from_buffer("bomb.txt.gz", packed, o); },
                     "expands to more than");
}

// ---- Non-regular files fail at once and say what they are -------------------------------------

TEST(NonRegularFiles, FifoWithNoWriterFailsAtOnce) {
  TempDir tmp;
  const std::string fifo = tmp.file("pipe.mtx");
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  const auto t0 = std::chrono::steady_clock::now();
  try {
    load_matrix(fifo);
    FAIL() << "a FIFO loaded";
  } catch (const IoError& e) {
    EXPECT_NE(std::string(e.what()).find("is a FIFO"), std::string::npos) << e.what();
  }
  EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(), 5.0);
}

TEST(NonRegularFiles, DevicesSayWhatTheyAre) {
  try {
    load_matrix("/dev/null");
    FAIL() << "/dev/null loaded";
  } catch (const IoError& e) {
    EXPECT_NE(std::string(e.what()).find("is a character device"), std::string::npos) << e.what();
    EXPECT_EQ(std::string(e.what()).find("ioctl"), std::string::npos) << e.what();
  }
}

TEST(NonRegularFiles, ProcFilesAreReadNotTakenAsEmpty) {
  // /proc/self/status reports size 0 but has text: it is read and rejected as a bad edge list.
  expect_parse_error([] { load_matrix("/proc/self/status"); }, "is not a non-negative integer", 1);
}

// ---- Binary flags and values are checked -----------------------------------------------------

/// A binary file with `flags` and the CRC recomputed after patching.
std::string with_flags(std::string bin, std::uint32_t flags) {
  std::memcpy(bin.data() + 16, &flags, 4);
  const std::uint32_t crc =
      std::uint32_t(crc32(0, reinterpret_cast<const Bytef*>(bin.data()), uInt(bin.size() - 4)));
  std::memcpy(bin.data() + bin.size() - 4, &crc, 4);
  return bin;
}

TEST(BinaryFlagsAndValues, SymmetricFlagOnAsymmetricDataIsRefused) {
  const Matrix<bool> a =
      Matrix<bool>::build_pattern(3, 3, std::vector<Vertex>{0, 1, 2}, std::vector<Vertex>{1, 2, 0});
  const std::string bin = with_flags(encode_binary(AnyMatrix(a)), 1 | 2);
  expect_parse_error([&] { load_matrix_from_buffer("lie.bin", bin); }, "symmetric flag");
  // The same flag on truly symmetric data is accepted.
  const Matrix<bool> s =
      Matrix<bool>::build_pattern(2, 2, std::vector<Vertex>{0, 1}, std::vector<Vertex>{1, 0});
  EXPECT_TRUE(
      load_matrix_from_buffer("ok.bin", encode_binary(AnyMatrix(s), true)).info.symmetric_storage);
}

TEST(BinaryFlagsAndValues, SymmetricFlagWithDifferentValuesIsRefused) {
  const Matrix<double> a = Matrix<double>::build(
      2, 2, std::vector<Vertex>{0, 1}, std::vector<Vertex>{1, 0}, std::vector<double>{1.0, 2.0});
  expect_parse_error([&] { load_matrix_from_buffer("lie.bin", encode_binary(AnyMatrix(a), true)); },
                     "symmetric flag");
}

TEST(PatternOnly, EveryFormatGivesABoolPatternAndStillChecksValues) {
  const std::vector<std::pair<std::string, std::string>> files = {
      {"w.mtx", "%%MatrixMarket matrix coordinate real general\n2 2 1\n1 2 2.5\n"},
      {"w.txt", "0 1 2.5\n"},
      {"w.graph", "2 1 1\n2 7\n1 7\n"},
      {"w.bin",
       encode_binary(AnyMatrix(Matrix<double>::build(
           2, 2, std::vector<Vertex>{0}, std::vector<Vertex>{1}, std::vector<double>{2.5})))}};
  LoadOptions o;
  o.pattern_only = true;
  for (const auto& [name, bytes] : files) {
    const LoadedMatrix m = load_matrix_from_buffer(name, bytes, o);
    ASSERT_TRUE(std::holds_alternative<Matrix<bool>>(m.matrix)) << name;
    EXPECT_TRUE(std::get<Matrix<bool>>(m.matrix).is_pattern()) << name;
    o.undirected = true;  // and so after --undirected
    EXPECT_TRUE(std::get<Matrix<bool>>(load_matrix_from_buffer(name, bytes, o).matrix).is_pattern())
        << name;
    o.undirected = false;
  }
  expect_parse_error([&] { load_matrix_from_buffer("w.graph", "2 1 1\n2 7\n1 8\n", o); },
                     "has one weight");
}

TEST(BinaryFlagsAndValues, ValuesAreDroppedWhenOnlyTheStructureIsAsked) {
  const Matrix<double> a = Matrix<double>::build(2, 2, std::vector<Vertex>{0},
                                                 std::vector<Vertex>{1}, std::vector<double>{2.5});
  LoadOptions o;
  o.pattern_only = true;
  const LoadedMatrix m = load_matrix_from_buffer("v.bin", encode_binary(AnyMatrix(a)), o);
  ASSERT_TRUE(std::holds_alternative<Matrix<bool>>(m.matrix));
  EXPECT_TRUE(std::get<Matrix<bool>>(m.matrix).is_pattern());
}

TEST(BinaryFlagsAndValues, HashedSymmetryCheckAgreesWithTheExactOne) {
  std::mt19937_64 rng(99);
  for (int trial = 0; trial < 200; ++trial) {
    const Vertex n = Vertex(1 + rng() % 12);
    std::vector<Vertex> r, c;
    std::vector<std::int32_t> v;
    const std::size_t m = rng() % 30;
    for (std::size_t k = 0; k < m; ++k) {
      const Vertex i = Vertex(rng() % n), j = Vertex(rng() % n);
      const std::int32_t w = std::int32_t(rng() % 3);
      r.push_back(i), c.push_back(j), v.push_back(w);
      if (rng() % 4) r.push_back(j), c.push_back(i), v.push_back(rng() % 5 ? w : w + 1);
    }
    const auto a = Matrix<std::int32_t>::build<FirstOp<std::int32_t>>(n, n, r, c, v);
    for (bool values : {false, true})
      EXPECT_EQ(is_symmetric(a.csr(), values), !first_asymmetry(a.csr(), values).has_value())
          << "trial " << trial << " values " << values;
  }
}

// ---- One rule for infinities and NaN in every reader -----------------------------------------

TEST(InfinitiesAndNan, InfinitiesAreValuesInEveryReader) {
  const LoadedMatrix el = load_matrix_from_buffer("w.txt", "1 2 inf\n2 3 -inf\n3 1 1\n");
  EXPECT_EQ(std::get<Matrix<double>>(el.matrix).get(0, 1), HUGE_VAL);
  const LoadedMatrix mm = load_matrix_from_buffer(
      "w.mtx", "%%MatrixMarket matrix coordinate real general\n2 2 1\n1 2 -inf\n");
  EXPECT_EQ(std::get<Matrix<double>>(mm.matrix).get(0, 1), -HUGE_VAL);
  const LoadedMatrix bin = load_matrix_from_buffer("w.bin", encode_binary(mm.matrix));
  EXPECT_EQ(std::get<Matrix<double>>(bin.matrix).get(0, 1), -HUGE_VAL);
  UpdateRecord r;
  EXPECT_EQ(parse_update_line("= 1 2 -inf", 1, r), "");
  EXPECT_EQ(r.weight, -HUGE_VAL);
}

TEST(InfinitiesAndNan, NanIsRefusedByEveryReader) {
  const std::string why = "is NaN: values must be numbers";
  expect_parse_error([&] { load_matrix_from_buffer("w.txt", "1 2 1\n2 3 nan\n"); }, why, 2);
  expect_parse_error(
      [&] {
        load_matrix_from_buffer("w.mtx",
                                "%%MatrixMarket matrix coordinate real general\n2 2 1\n1 2 nan\n");
      },
      why, 3);
  const Matrix<double> a = Matrix<double>::build(
      2, 2, std::vector<Vertex>{0}, std::vector<Vertex>{1}, std::vector<double>{std::nan("")});
  expect_parse_error([&] { load_matrix_from_buffer("v.bin", encode_binary(AnyMatrix(a))); }, why);
  UpdateRecord r;
  EXPECT_NE(parse_update_line("= 1 2 nan", 1, r).find(why), std::string::npos);
}

// ---- Trailing junk after gzip data is refused --------------------------------------------------

TEST(GzipTrailingData, TrailingJunkIsRefusedAndMembersStillConcatenate) {
  const std::string text = "%%MatrixMarket matrix coordinate pattern general\n2 2 1\n1 2\n";
  expect_parse_error([&] { load_matrix_from_buffer("j.mtx.gz", gzip_bytes(text) + "JUNK\n"); },
                     "trailing data after the gzip stream");
  // Two members: the first three lines, then the rest, is one file.
  const LoadedMatrix m = load_matrix_from_buffer(
      "two.mtx.gz", gzip_bytes(text.substr(0, 20)) + gzip_bytes(text.substr(20)));
  EXPECT_EQ(nvals_of(m.matrix), 1u);
}

// ---- METIS weights must agree in both directions ---------------------------------------------

TEST(MetisEdgeWeights, DifferentWeightsInTheTwoDirectionsAreRefused) {
  expect_parse_error([] { load_matrix_from_buffer("w.graph", "3 2 1\n2 5\n1 6 3 7\n2 7\n"); },
                     "has one weight");
  const LoadedMatrix ok = load_matrix_from_buffer("w.graph", "3 2 1\n2 5\n1 5 3 7\n2 7\n");
  EXPECT_EQ(nvals_of(ok.matrix), 4u);
}

// ---- Conversions that lose information are errors --------------------------------------------

TEST(LossyConversions, LossyValuesNameTheirLine) {
  LoadOptions o;
  o.exact_type = ValueType::Int64;
  expect_parse_error([&] { load_matrix_from_buffer("w.txt", "1 2 3\n2 3 1.5\n", o); },
                     "cannot be stored as int64 without loss", 2);
  expect_parse_error([&] { load_matrix_from_buffer("w.txt", "1 2 1e300\n", o); }, "without loss",
                     1);
  expect_parse_error(
      [&] {
        load_matrix_from_buffer(
            "w.mtx", "%%MatrixMarket matrix coordinate real general\n2 2 2\n1 2 4\n2 1 0.5\n", o);
      },
      "without loss", 4);
  // Integral reals are exact.
  EXPECT_EQ(nvals_of(load_matrix_from_buffer("w.txt", "1 2 3\n2 3 -4e3\n", o).matrix), 2u);
  o.exact_type = ValueType::Bool;
  expect_parse_error([&] { load_matrix_from_buffer("w.txt", "1 2 1\n2 3 2\n", o); },
                     "as bool without loss", 2);
  o.exact_type = ValueType::Double;
  expect_parse_error(
      [&] {
        load_matrix_from_buffer(
            "w.mtx",
            "%%MatrixMarket matrix coordinate integer general\n2 2 1\n1 2 9007199254740993\n", o);
      },
      "as double without loss", 3);
  // Binary files name the entry.
  const Matrix<double> a = Matrix<double>::build(2, 2, std::vector<Vertex>{1},
                                                 std::vector<Vertex>{0}, std::vector<double>{0.25});
  o.exact_type = ValueType::Int64;
  expect_parse_error([&] { load_matrix_from_buffer("v.bin", encode_binary(AnyMatrix(a)), o); },
                     "entry (2, 1)");
  // Values are checked whatever the caller keeps: a structure-only load refuses the same files.
  o.pattern_only = true;
  expect_parse_error([&] { load_matrix_from_buffer("v.bin", encode_binary(AnyMatrix(a)), o); },
                     "entry (2, 1)");
  expect_parse_error([&] { load_matrix_from_buffer("w.txt", "1 2 3\n2 3 1.5\n", o); },
                     "without loss", 2);
}

// ---- Empty files are errors unless the format says the graph is empty -------------------------

TEST(EmptyFiles, EmptyAndCommentOnlyFilesAreErrors) {
  TempDir tmp;
  expect_parse_error([&] { load_matrix(tmp.write("e.txt", "")); }, "file is empty");
  expect_parse_error([&] { load_matrix(tmp.write("e.mtx", "")); }, "file is empty");
  expect_parse_error([&] { load_matrix(tmp.write("e.bin", "")); }, "file is empty");
  expect_parse_error([&] { load_matrix(tmp.write("w.txt", "  \n\t\n\n")); }, "file is empty");
  expect_parse_error([&] { load_matrix(tmp.write("c.txt", "# only\n% comments\n\n")); },
                     "holds no edges");
}

TEST(EmptyFiles, FormatsThatSaySoMayBeEmpty) {
  EXPECT_EQ(nrows_of(load_matrix_from_buffer(
                         "z.mtx", "%%MatrixMarket matrix coordinate pattern general\n0 0 0\n")
                         .matrix),
            0u);
  const LoadedMatrix m =
      load_matrix_from_buffer("z.txt", "# spgraph edge list: vertices=4 base=1\n");
  EXPECT_EQ(nrows_of(m.matrix), 4u);
  EXPECT_EQ(nvals_of(m.matrix), 0u);
}

// ---- CR-only line endings, control bytes in messages --------------------------------------------

TEST(Messages, CrOnlyLineEndingsAreNamed) {
  expect_parse_error([] { load_matrix_from_buffer("mac.txt", "1 2\r2 3\r3 1\r"); },
                     "CR-only line endings", 1);
  expect_parse_error(
      [] {
        load_matrix_from_buffer("mac.mtx",
                                "%%MatrixMarket matrix coordinate pattern general\r2 2 1\r1 2\r");
      },
      "CR-only line endings", 1);
  // CRLF is fine.
  EXPECT_EQ(nvals_of(load_matrix_from_buffer("dos.txt", "1 2\r\n2 3\r\n").matrix), 2u);
}

TEST(Messages, Utf8ByteOrderMarkIsSkipped) {
  EXPECT_EQ(nvals_of(load_matrix_from_buffer("bom.txt",
                                             "\xEF\xBB\xBF"
                                             "1 2\n2 3\n")
                         .matrix),
            2u);
  const LoadedMatrix m = load_matrix_from_buffer(
      "bom.mtx", "\xEF\xBB\xBF%%MatrixMarket matrix coordinate pattern symmetric\n2 2 1\n2 1\n");
  EXPECT_EQ(m.info.format, FileFormat::MatrixMarket);
  EXPECT_EQ(nvals_of(m.matrix), 2u);
}

TEST(Messages, ControlBytesAreEscaped) {
  const std::string msg = expect_parse_error(
      [] { load_matrix_from_buffer("esc.txt", std::string("1 \x1b[31mX\0Y 2\n", 13)); },
      "is not a non-negative integer", 1);
  EXPECT_EQ(msg.find('\x1b'), std::string::npos) << msg;
  EXPECT_EQ(msg.find('\0'), std::string::npos);
  EXPECT_NE(msg.find("\\x1b"), std::string::npos) << msg;
}

TEST(Messages, IdLimitWordingHasNoOffByOne) {
  const std::string msg =
      expect_parse_error([] { load_matrix_from_buffer("big.txt", "0 1\n1 4294967294\n"); },
                         "largest id is 4294967293", 2);
  EXPECT_EQ(msg.find("above the vertex limit 4294967294"), std::string::npos);
}

// ---- --undirected applies to every format ------------------------------------------------------

TEST(Undirected, AppliesToMatrixMarketAndBinary) {
  const std::string mtx =
      "%%MatrixMarket matrix coordinate real general\n3 3 3\n1 2 5\n2 1 7\n2 3 1\n";
  LoadOptions o;
  o.undirected = true;
  const LoadedMatrix m = load_matrix_from_buffer("g.mtx", mtx, o);
  EXPECT_TRUE(m.info.symmetric_storage);
  // (1,2) and (2,1) keep their own values; (2,3) gains its mirror (3,2).
  EXPECT_EQ(tuples_of(m.matrix), (Tuples{{0, 1, 5}, {1, 0, 7}, {1, 2, 1}, {2, 1, 1}}));
  const LoadedMatrix plain = load_matrix_from_buffer("g.mtx", mtx);
  const LoadedMatrix b = load_matrix_from_buffer("g.bin", encode_binary(plain.matrix), o);
  EXPECT_EQ(tuples_of(b.matrix), tuples_of(m.matrix));
  expect_parse_error(
      [&] {
        load_matrix_from_buffer(
            "r.mtx", "%%MatrixMarket matrix coordinate pattern general\n2 3 1\n1 3\n", o);
      },
      "square");
}

// ---- Writers: atomic, formats by extension, METIS and gzip ------------------------------------

TEST(Writers, UncommittedOutputLeavesNoFileAndKeepsTheOld) {
  TempDir tmp;
  const std::string path = tmp.write("keep.txt", "old content\n");
  {
    OutputFile f(path);
    f.write("new content that is never committed\n");
  }
  EXPECT_EQ(read_file(path), "old content\n");
  const std::string fresh = tmp.file("fresh.txt");
  { OutputFile f(fresh); }
  EXPECT_FALSE(std::filesystem::exists(fresh));
  // No temporary file is left behind either.
  std::size_t files = 0;
  for (const auto& e :
       std::filesystem::directory_iterator(std::filesystem::path(path).parent_path())) {
    (void)e;
    ++files;
  }
  EXPECT_EQ(files, 1u);
}

TEST(Writers, RefusesToOverwriteItsInput) {
  TempDir tmp;
  const std::string in = tmp.write("g.mtx", "x");
  std::filesystem::create_hard_link(in, tmp.file("link.mtx"));
  EXPECT_THROW(refuse_overwriting_input(in, {in}), InvalidArgument);
  EXPECT_THROW(refuse_overwriting_input(tmp.file("link.mtx"), {in}), InvalidArgument);
  EXPECT_NO_THROW(refuse_overwriting_input(tmp.file("other.mtx"), {in}));
}

TEST(Writers, UnknownExtensionIsRefusedAndNothingIsWritten) {
  TempDir tmp;
  const AnyMatrix m(
      Matrix<bool>::build_pattern(2, 2, std::vector<Vertex>{0}, std::vector<Vertex>{1}));
  EXPECT_THROW(save_matrix(tmp.file("x.json"), m), InvalidArgument);
  EXPECT_FALSE(std::filesystem::exists(tmp.file("x.json")));
}

TEST(Writers, GzipIsWrittenWhenAsked) {
  TempDir tmp;
  const AnyMatrix m(
      Matrix<bool>::build_pattern(3, 3, std::vector<Vertex>{0, 2}, std::vector<Vertex>{1, 0}));
  for (const char* name : {"x.mtx.gz", "x.txt.gz", "x.bin.gz"}) {
    save_matrix(tmp.file(name), m);
    EXPECT_TRUE(is_gzip(read_file(tmp.file(name)))) << name;
    EXPECT_EQ(tuples_of(load_matrix(tmp.file(name)).matrix), tuples_of(m)) << name;
  }
}

TEST(Writers, MetisIsWrittenForUndirectedGraphsAndRefusedOtherwise) {
  TempDir tmp;
  const AnyMatrix sym(Matrix<std::int64_t>::build(3, 3, std::vector<Vertex>{0, 1, 1, 2},
                                                  std::vector<Vertex>{1, 0, 2, 1},
                                                  std::vector<std::int64_t>{4, 4, 9, 9}));
  save_matrix(tmp.file("s.graph"), sym);
  const LoadedMatrix back = load_matrix(tmp.file("s.graph"));
  EXPECT_EQ(back.info.format, FileFormat::Metis);
  EXPECT_EQ(tuples_of(back.matrix), tuples_of(sym));
  const AnyMatrix dir(
      Matrix<bool>::build_pattern(2, 2, std::vector<Vertex>{0}, std::vector<Vertex>{1}));
  EXPECT_THROW(save_matrix(tmp.file("d.graph"), dir), InvalidArgument);
  EXPECT_FALSE(std::filesystem::exists(tmp.file("d.graph")));
  const AnyMatrix loop(
      Matrix<bool>::build_pattern(2, 2, std::vector<Vertex>{0}, std::vector<Vertex>{0}));
  EXPECT_THROW(save_matrix(tmp.file("l.graph"), loop), InvalidArgument);
}

// ---- load -> write -> load keeps numbering, isolated vertices and symmetry ---------------------

/// Writes `original` in each format a (by extension) and reads it back, writes that in each
/// format b and reads it back, and calls check(read after a, read after b) for every pair.
template <class Check>
void round_trip_every_format_pair(TempDir& tmp, const LoadedMatrix& original,
                                  const std::vector<std::string>& formats, Check check) {
  for (const std::string& a : formats)
    for (const std::string& b : formats) {
      SCOPED_TRACE(a + " -> " + b);
      const std::string pa = tmp.file("a" + a), pb = tmp.file("b" + b);
      save_matrix(pa, original.matrix, save_options_for(original.info));
      const LoadedMatrix la = load_matrix(pa);
      save_matrix(pb, la.matrix, save_options_for(la.info));
      check(la, load_matrix(pb));
    }
}

TEST(FormatPairRoundTrip, IsolatedTrailingVerticesAndBaseSurviveEveryFormatPair) {
  TempDir tmp;
  const std::string iso =
      tmp.write("iso.mtx", "%%MatrixMarket matrix coordinate pattern general\n5 5 2\n2 3\n3 4\n");
  const LoadedMatrix original = load_matrix(iso);
  round_trip_every_format_pair(tmp, original,
                               {".mtx", ".txt", ".bin", ".csv", ".mtx.gz", ".txt.gz"},
                               [&](const LoadedMatrix&, const LoadedMatrix& lb) {
                                 EXPECT_EQ(nrows_of(lb.matrix), 5u);
                                 EXPECT_EQ(tuples_of(lb.matrix), tuples_of(original.matrix));
                                 // The numbering stays 1-based, as in the Matrix Market input.
                                 EXPECT_EQ(save_options_for(lb.info).base, 1);
                               });
  // The edge list itself is in the input's numbering: ids 2 3 and 3 4.
  save_matrix(tmp.file("iso.txt"), original.matrix, save_options_for(original.info));
  const std::string text = read_file(tmp.file("iso.txt"));
  EXPECT_NE(text.find("vertices=5 base=1"), std::string::npos) << text;
  EXPECT_NE(text.find("\n2\t3\n3\t4\n"), std::string::npos) << text;
}

TEST(FormatPairRoundTrip, UndirectedWeightedGraphSurvivesEveryFormatPair) {
  TempDir tmp;
  const LoadedMatrix original = load_matrix(tmp.write("w.graph", "4 2 1\n2 5 3 2\n1 5\n1 2\n\n"));
  ASSERT_TRUE(original.info.symmetric_storage);
  round_trip_every_format_pair(tmp, original, {".mtx", ".txt", ".bin", ".graph", ".graph.gz"},
                               [&](const LoadedMatrix& la, const LoadedMatrix& lb) {
                                 EXPECT_TRUE(la.info.symmetric_storage);
                                 EXPECT_TRUE(lb.info.symmetric_storage);
                                 EXPECT_EQ(nrows_of(lb.matrix), 4u);
                                 EXPECT_EQ(tuples_of(lb.matrix), tuples_of(original.matrix));
                               });
}

TEST(FormatPairRoundTrip, RemappedIdsSurviveAsExternalIds) {
  TempDir tmp;
  LoadOptions remap;
  remap.remap_ids = true;
  const LoadedMatrix a =
      load_matrix(tmp.write("ids.txt", "900 7\n7 123456789012\n123456789012 900\n"), remap);
  save_matrix(tmp.file("out.txt"), a.matrix, save_options_for(a.info));
  // The header says the ids are external, so they are remapped without being asked.
  const LoadedMatrix b = load_matrix(tmp.file("out.txt"));
  ASSERT_EQ(b.info.ids->size(), a.info.ids->size());
  for (Vertex v = 0; v < a.info.ids->size(); ++v)
    EXPECT_EQ(b.info.ids->integer_id(v), a.info.ids->integer_id(v));
  EXPECT_EQ(tuples_of(b.matrix), tuples_of(a.matrix));
}

}  // namespace
}  // namespace spgraph::testing
