// spgraph: the command-line front end. Git-style subcommands (info, convert, generate, bfs,
// tc, closure, stream, compare, mxv, pagerank, sssp, cc, knn); every error becomes one line on
// stderr (control bytes escaped) and a documented exit code.
#include <CLI/CLI.hpp>

#include <cstdio>
#include <exception>
#include <new>
#include <string>

#include "tools/spgraph/cli_common.hpp"
#include "tools/spgraph/commands.hpp"
#include "tools/spgraph/signals.hpp"

namespace {

/// "bfs", "compare tc": the subcommand being run, for messages that have no other context.
std::string subcommand_path(const CLI::App& app) {
  std::string path;
  const CLI::App* a = &app;
  for (;;) {
    const auto subs = a->get_subcommands();
    if (subs.empty()) break;
    a = subs.front();
    path += (path.empty() ? "" : " ") + a->get_name();
  }
  return path;
}

/// One line for a command-line error: CLI11's "NAME: NAME must ..." (a validator that names its
/// flag) loses the repeated name.
std::string usage_message(const CLI::Error& e) {
  std::string what = e.what();
  const std::size_t colon = what.find(": ");
  if (colon != std::string::npos && colon > 0) {
    const std::string name = what.substr(0, colon);
    if (what.compare(colon + 2, name.size() + 1, name + " ") == 0) what = what.substr(colon + 2);
  }
  return spgraph::cli::printable(what);
}

}  // namespace

int main(int argc, char** argv) {
  using namespace spgraph::cli;
  install_signal_handlers();
  CLI::App app{"spgraph: graph analytics on sparse linear algebra"};
  app.require_subcommand(1);
  app.footer(
      "Exit codes: 0 success; 1 error (bad input file, invalid argument, I/O); 2 bad command "
      "line; 3 compare found different answers; 128+N stream stopped by signal N.\nRun "
      "'spgraph SUBCOMMAND --help' for details.");
  app.failure_message([](const CLI::App* a, const CLI::Error& e) {
    const std::string sub = a ? subcommand_path(*a) : "";
    const std::string where = sub.empty() ? "spgraph" : "spgraph " + sub;
    return "spgraph: error: " + usage_message(e) + " (see '" + where + " --help')\n";
  });
  register_info(app);
  register_convert(app);
  register_generate(app);
  register_bfs(app);
  register_compare(app);
  register_mxv(app);
  register_spmv(app);
  register_tc(app);
  register_closure(app);
  register_stream(app);
  register_pagerank(app);
  register_sssp(app);
  register_cc(app);
  register_knn(app);
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    app.exit(e);
    return kExitUsage;
  } catch (const VerificationFailed& e) {
    std::fprintf(stderr, "spgraph: MISMATCH: %s\n", printable(e.what()).c_str());
    return kExitMismatch;
  } catch (const spgraph::Error& e) {
    std::fprintf(stderr, "spgraph: error: %s\n", printable(e.what()).c_str());
    return kExitError;
  } catch (const std::bad_alloc&) {
    const std::string sub = subcommand_path(app);
    const std::string who = sub.empty() ? "spgraph" : "spgraph " + sub;
    std::fprintf(stderr,
                 "spgraph: error: %s ran out of memory: an allocation failed with %s of memory "
                 "available on this machine (a process limit such as ulimit -v may be lower); "
                 "the input or the result is too large\n",
                 who.c_str(), spgraph::human_bytes(double(spgraph::available_memory())).c_str());
    return kExitError;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "spgraph: error: %s\n", printable(e.what()).c_str());
    return kExitError;
  }
  std::fflush(stdout);
  return requested_exit_code();
}
