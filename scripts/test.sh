#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The README's second command. Installs what is missing, then:
#   scripts/test.sh        the release build (Python module and spgraph-mpi included, warnings as
#                          errors, no benchmark programs) and every ctest test: unit, oracle,
#                          CLI, hostile input, Python (label "python"), the installed library
#                          (label "install") and spgraph-mpi under mpirun (label "mpi"). About
#                          20 minutes on 2 cores from a fresh clone.
#   scripts/test.sh --all  first the checks that need other builds, each building only the
#                          targets it runs: a deterministic libFuzzer pass over every parser
#                          (clang; label "fuzz"; tests/fuzz/README.md, longer random runs are
#                          scripts/fuzz.sh), the concurrency tests under ThreadSanitizer (label
#                          "concurrency"), the CUDA backend where nvcc exists (label "cuda"), and
#                          the input readers, hostile-input tests and the store under ASan + UBSan;
#                          then the above, with the benchmark programs built too. .ci/run runs
#                          this (CI: 2 cores, under 40 minutes from a fresh clone).
# ctest's summary of the main suite is printed last, followed, only when a step failed, by the
# failed steps and what failed in each; exits non-zero on any failure.
set -euo pipefail

usage() {
  # The comment block at the top of this file, without its '#'.
  awk 'NR > 1 && /^#/ { if (/SPDX-License-Identifier/) next; sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"
}
all=0
case "${1:-}" in
  --all) all=1 ;;
  "") ;;
  -h | --help)
    usage
    exit 0
    ;;
  *)
    usage >&2
    exit 2
    ;;
esac

cd "$(dirname "$0")/.."
scripts/install_deps.sh
jobs=$(nproc)
status=0
# Two threads exercise the parallel paths; passive waiting keeps idle OpenMP threads from
# spinning on cores that the other test processes (ctest -j) need.
export OMP_NUM_THREADS=2 OMP_WAIT_POLICY=passive
# Each step's wall time, so that the budgets (20 minutes plain, 40 with --all) can be watched.
step_start=$SECONDS
step_done() {
  echo "== step '$1' took $((SECONDS - step_start)) s (total $SECONDS s)"
  step_start=$SECONDS
}
# Runs one step's ctest, its output also kept in build/ci-logs/STEP.log. A failing step is
# remembered and, since CI shows only the end of the output, named again after the main summary
# with the lines of its log that say what failed (ctest's verdicts, sanitizer and libFuzzer
# reports, gtest failures).
failed=()
step_tests() {
  local name=$1 rc=0
  shift
  mkdir -p build/ci-logs
  "$@" 2>&1 | tee "build/ci-logs/$name.log" || rc=$?
  if [ "$rc" -ne 0 ]; then
    status=$rc
    failed+=("$name")
  fi
}
if [ "$all" -eq 1 ]; then
  if command -v clang++ >/dev/null; then
    cmake --preset fuzz >/dev/null
    cmake --build --preset fuzz -j"$jobs" --target fuzz_targets
    step_tests fuzz ctest --preset fuzz
    step_done fuzz
  fi
  if command -v clang++ >/dev/null; then
    # The writer/readers stress tests under ThreadSanitizer (label "concurrency"; clang + libomp):
    # the dynamic graph's, and the server's writer thread over a durable store.
    cmake --preset tsan -DSPGRAPH_BUILD_TESTS=ON >/dev/null
    cmake --build --preset tsan -j"$jobs" --target dynamic_graph_concurrency_tests \
      graph_service_concurrency_tests
    step_tests tsan ctest --preset tsan -L concurrency --timeout 600
    step_done tsan
  fi
  # The CUDA backend, wherever nvcc is installed (PATH or /usr/local/cuda): built with warnings as
  # errors, device code included, for sm_90 (the lent H100 and H200; the preset's default adds
  # sm_80, which doubles the device compile), so that code written where no GPU is lent still
  # compiles; target gpu_check_compile is every test labelled "cuda" and every GPU
  # benchmark (cmake/gpu_check.cmake); the tests check the error mapping and the host-side
  # refusals and, without a GPU, skip the device tests with one line saying why.
  if command -v nvcc >/dev/null || [ -x /usr/local/cuda/bin/nvcc ]; then
    cmake --preset cuda -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null
    cmake --build --preset cuda -j"$jobs" --target gpu_check_compile
    step_tests cuda ctest --preset cuda --no-tests=error
    step_done cuda
  else
    echo "== step 'cuda' skipped: no nvcc (PATH or /usr/local/cuda/bin)"
  fi
  # ASan + UBSan over everything that reads untrusted input (files, update streams, requests) or
  # recovers a damaged store: only the CLI, the loaders' tests, the hostile-input tests (the
  # server's attack tests among them) and the store's tests are built, which keeps this step to
  # minutes. The asan test preset sets abort_on_error, so a sanitizer report ends the process by
  # SIGABRT, which the hostile tests report as a crash (ASan's default exit code 1 would pass for
  # "bad input").
  cmake --preset asan >/dev/null
  cmake --build --preset asan -j"$jobs" --target spgraph_cli loader_tests hostile_tests \
    graph_store_tests store_crash_tests store_crash_child serve_attack_tests
  step_tests asan ctest --preset asan -j"$jobs" -L 'hostile|loaders|store' -LE concurrency \
    --timeout 600 --no-tests=error
  step_done asan
fi
# The release build includes the Python module (SPGRAPH_PYTHON), and the benchmarks with --all
# (so that they keep compiling; no test runs them); its ctest run includes the module's pytest
# suite (label "python") and the installed-library check (label "install":
# scripts/check_install.sh builds examples/ against `cmake --install`). spgraph-mpi
# (SPGRAPH_ENABLE_MPI: the jobs for graphs that outgrow one machine) is part of this build; its
# tests (label "mpi") run spgraph-mpi under mpirun with 1 to 4 ranks against spgraph.
bench=OFF
[ "$all" -eq 1 ] && bench=ON
cmake --preset release -DSPGRAPH_WERROR=ON -DSPGRAPH_BUILD_TESTS=ON -DSPGRAPH_PYTHON=ON \
  -DSPGRAPH_ENABLE_MPI=ON -DSPGRAPH_BUILD_BENCH=$bench >/dev/null
cmake --build --preset release -j"$jobs"
step_done "release build"
ctest --preset release -j"$jobs" --timeout 600 --no-tests=error || { status=$?; failed+=(release); }
if [ ${#failed[@]} -gt 0 ]; then
  echo "== FAILED steps: ${failed[*]} (logs in build/ci-logs/)"
  for name in "${failed[@]}"; do
    [ -f "build/ci-logs/$name.log" ] || continue
    echo "== what failed in step '$name':"
    grep -E '\*\*\*(Failed|Exception|Timeout)|Failed$|ERROR: |SUMMARY: |Failure$|^\[  FAILED' \
      "build/ci-logs/$name.log" | tail -n 40 || true
  done
fi
exit $status
