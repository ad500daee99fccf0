// SPDX-License-Identifier: Apache-2.0
// Conversions between CSR and Dynamic CSR against a plain CSR copy (King et al., "Dynamic-CSR",
// 2016, Table III: about 1.0-1.3x a CSR copy, which this checks): from_csr (streaming_dcsr_params,
// set semantics), to_csr of the same matrix untouched, and to_csr after the paper's iterative
// workload (50 rounds of 0.2% random arcs), where rows hold several segments and unsorted tails
// that to_csr sorts. The three conversions and the copy run in turn, `runs` times; every result is
// checked against the expected CSR before any time is printed.
#include <cstdio>
#include <fstream>
#include <random>

#include "bench/stream_bench.hpp"
#include "formats/dcsr/dcsr.hpp"

namespace spgraph::bench {

int bench_convert(const StreamGraph& g, const BenchOptions& o) {
  DcsrParams p = streaming_dcsr_params();
  p.duplicates = DuplicatePolicy::IgnoreIfPresent;
  Dcsr<bool> frag = Dcsr<bool>::from_csr(g.all, p);
  std::mt19937_64 rng(7);
  const Offset per = std::max<Offset>(1, g.m() / 500);
  std::vector<Vertex> r(per), c(per), all_r, all_c;
  for (int it = 0; it < 50; ++it) {
    for (Offset k = 0; k < per; ++k) {
      r[k] = Vertex(rng() % g.n());
      c[k] = Vertex(rng() % g.n());
    }
    frag.insert(r, c);
    all_r.insert(all_r.end(), r.begin(), r.end());
    all_c.insert(all_c.end(), c.begin(), c.end());
  }
  const Csr<bool> frag_expected = csr_of_arcs(g, 0, g.m(), all_r, all_c);
  std::printf("CSR <-> DCSR conversions on %s: n = %u, %llu arcs; %d threads, %d runs\n",
              g.name.c_str(), g.n(), (unsigned long long)g.m(), o.threads, o.runs);
  std::vector<double> t_copy, t_from, t_to, t_to_frag;
  for (int run = 0; run < o.runs; ++run) {
    auto t0 = std::chrono::steady_clock::now();
    const Csr<bool> copy = g.all;
    t_copy.push_back(seconds_since(t0));
    t0 = std::chrono::steady_clock::now();
    const Dcsr<bool> d = Dcsr<bool>::from_csr(g.all, p);
    t_from.push_back(seconds_since(t0));
    t0 = std::chrono::steady_clock::now();
    const Csr<bool> back = d.view().to_csr<FirstOp<bool>>();
    t_to.push_back(seconds_since(t0));
    t0 = std::chrono::steady_clock::now();
    const Csr<bool> back_frag = frag.view().to_csr<FirstOp<bool>>();
    t_to_frag.push_back(seconds_since(t0));
    if (!same_arcs(copy, g.all) || !same_arcs(back, g.all) ||
        !same_arcs(back_frag, frag_expected)) {
      std::printf("  MISMATCH: a conversion changed the arcs\n");
      return 3;
    }
  }
  const double copy = tools::median(t_copy);
  std::printf("  %-34s %10s %25s %8s\n", "operation", "ms", "(min - max)", "/ copy");
  auto row = [&](const char* name, const std::vector<double>& t) {
    std::printf("  %-34s %10.2f %11.2f - %-11.2f %8.2f\n", name, tools::median(t) * 1e3,
                tools::min_of(t) * 1e3, tools::max_of(t) * 1e3, tools::median(t) / copy);
  };
  row("CSR copy", t_copy);
  row("from_csr", t_from);
  row("to_csr (untouched)", t_to);
  row("to_csr (after 50 x 0.2% inserts)", t_to_frag);
  std::printf("  paper: conversions about 1.0-1.3x a CSR copy\n");
  if (!o.json.empty()) {
    char buf[512];
    std::snprintf(buf, sizeof buf,
                  "{\"graph\": \"%s\", \"copy_ms\": %.4f, \"from_csr_ms\": %.4f, "
                  "\"to_csr_ms\": %.4f, \"to_csr_fragmented_ms\": %.4f}\n",
                  g.name.c_str(), copy * 1e3, tools::median(t_from) * 1e3,
                  tools::median(t_to) * 1e3, tools::median(t_to_frag) * 1e3);
    std::ofstream(o.json) << buf;
  }
  return 0;
}

}  // namespace spgraph::bench
