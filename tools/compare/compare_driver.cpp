// SPDX-License-Identifier: Apache-2.0
// The compare driver (compare_driver.hpp): every job's run, from the global flags to the output.
#include "tools/compare/compare_driver.hpp"

#include "engine/context.hpp"
#include "tools/compare/peers/graphblas_peer.hpp"

namespace spgraph::cli {

void add_job_fields(Report& r, const char* job, const std::string& file, int threads) {
  r.add("job", report::str(job));
  r.add("file", report::str(file));
  r.add("threads", report::count(threads));
}

void run_compare_plan(const CompareFlags& flags,
                      const std::function<ComparePlan(const CompareFlags&, int)>& make_plan) {
  apply_global_flags(flags.g);
  Measured m;
  m.threads = num_threads();
  peers::graphblas_init(m.threads);
  ComparePlan plan = make_plan(flags, m.threads);

  // One untimed warm-up per engine, each in its own peak-memory window, then the verification.
  m.ours_peak = plan.ours.input_bytes + peak_rise(plan.ours.warm_up);
  m.theirs_peak = plan.theirs.input_bytes + peak_rise(plan.theirs.warm_up);
  plan.verify();
  const std::vector<Contender> others =
      plan.other_peers ? plan.other_peers() : std::vector<Contender>{};

  Report r;
  std::string summary;
  if (plan.time_and_summarize) {
    summary = plan.time_and_summarize(r, m);
  } else {
    m.times = time_pairs(flags.runs, plan.ours.timed_run, plan.theirs.timed_run);
    plan.add_fields(r, m);
    std::vector<Contender> peers{Contender{plan.theirs_name, m.times.theirs, m.theirs_peak, ""}};
    peers.insert(peers.end(), others.begin(), others.end());
    summary = add_timing_summary(r, Contender{"spgraph", m.times.ours, m.ours_peak, ""}, peers);
  }
  if (flags.g.json) return print_json(r);
  if (flags.g.quiet) return print_text(r, plan.quiet_layout);
  print_text(r, plan.layout + summary);
}

}  // namespace spgraph::cli
