// SPDX-License-Identifier: Apache-2.0
// The chunked line runner and the id map: chunk boundaries, global error lines, and dense
// ids in first-appearance order across table growth.
#include <gtest/gtest.h>

#include <iostream>
#include <random>
#include <unordered_map>

#include "engine/core/error.hpp"
#include "loaders/parallel_lines.hpp"
#include "loaders/vertex_ids.hpp"

namespace spgraph::testing {
namespace {

TEST(ParallelLines, ChunksEndAtNewlinesAndCoverTheBody) {
  std::string body;
  for (int i = 0; i < 1000; ++i) body += std::string(std::size_t(i % 37), 'x') + "\n";
  body += "last line without newline";
  for (std::size_t parts : {1u, 2u, 3u, 7u, 64u, 5000u}) {
    SCOPED_TRACE(parts);
    const auto chunks = split_at_newlines(body, parts);
    std::string joined;
    for (std::size_t c = 0; c < chunks.size(); ++c) {
      joined += chunks[c];
      if (c + 1 < chunks.size()) {
        EXPECT_EQ(chunks[c].back(), '\n');
      }
    }
    EXPECT_EQ(joined, body);
    EXPECT_LE(chunks.size(), parts);
  }
  EXPECT_TRUE(split_at_newlines("", 4).empty());
}

TEST(ParallelLines, ErrorLineIsGlobalAcrossChunks) {
  std::string body;
  for (int i = 1; i <= 5000; ++i)
    body += (i == 4321 ? std::string("bad") : std::to_string(i)) + "\n";
  LineRunOptions opt;
  opt.threads = 2;
  opt.first_line = 10;  // the body starts at line 10 of the file
  opt.min_chunk = 1000;
  ASSERT_GT(plan_chunks(body, opt), 2u);
  try {
    run_line_chunks("f.txt", body, opt,
                    [](std::size_t, std::string_view text) -> std::optional<ChunkError> {
                      std::uint64_t line = 0;
                      std::size_t pos = 0;
                      while (pos < text.size()) {
                        ++line;
                        const std::size_t nl = text.find('\n', pos);
                        if (text.substr(pos, nl - pos) == "bad")
                          return ChunkError{line, "found bad"};
                        pos = nl + 1;
                      }
                      return std::nullopt;
                    });
    FAIL() << "no error raised";
  } catch (const ParseError& e) {
    EXPECT_EQ(e.line(), 10u + 4321u - 1u);
    EXPECT_EQ(std::string(e.what()), "f.txt:4330: found bad");
  }
}

TEST(VertexIds, IntegerIdsInFirstAppearanceOrder) {
  const std::uint64_t seed = 99;
  std::cout << "[ seed ] " << seed << std::endl;
  std::mt19937_64 rng(seed);
  VertexIds map(VertexIds::Kind::Integer);
  std::vector<std::uint64_t> order;
  std::unordered_map<std::uint64_t, Vertex> want;
  for (int k = 0; k < 100000; ++k) {
    const std::uint64_t id = k % 3 == 0 && !order.empty() ? order[rng() % order.size()] : rng();
    auto [it, fresh] = want.emplace(id, Vertex(order.size()));
    if (fresh) order.push_back(id);
    ASSERT_EQ(map.insert_integer(id), it->second);
  }
  ASSERT_EQ(map.size(), order.size());
  for (Vertex v = 0; v < map.size(); ++v) {
    ASSERT_EQ(map.integer_id(v), order[v]);
    ASSERT_EQ(map.find_integer(order[v]), v);
    ASSERT_EQ(map.find(std::to_string(order[v])), v);
  }
  EXPECT_EQ(map.find("x"), std::nullopt);
  EXPECT_EQ(map.find("-1"), std::nullopt);
}

}  // namespace
}  // namespace spgraph::testing
