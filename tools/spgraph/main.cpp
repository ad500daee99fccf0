// spgraph: the command-line front end. Git-style subcommands (info, convert, generate, bfs,
// tc, closure, stream, compare, mxv); every error becomes one line on stderr and a documented exit
// code.
#include <CLI/CLI.hpp>

#include <cstdio>
#include <exception>

#include "tools/spgraph/cli_common.hpp"
#include "tools/spgraph/commands.hpp"

int main(int argc, char** argv) {
  using namespace spgraph::cli;
  CLI::App app{"spgraph: graph analytics on sparse linear algebra"};
  app.require_subcommand(1);
  app.footer(
      "Exit codes: 0 success; 1 error (bad input file, invalid argument, I/O); 2 bad command "
      "line; 3 compare found different answers.\nRun 'spgraph SUBCOMMAND --help' for details.");
  register_info(app);
  register_convert(app);
  register_generate(app);
  register_bfs(app);
  register_compare(app);
  register_mxv(app);
  register_tc(app);
  register_closure(app);
  register_stream(app);
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
    std::fprintf(stderr, "spgraph: MISMATCH: %s\n", e.what());
    return kExitMismatch;
  } catch (const spgraph::Error& e) {
    std::fprintf(stderr, "spgraph: error: %s\n", e.what());
    return kExitError;
  } catch (const std::bad_alloc&) {
    std::fprintf(stderr, "spgraph: error: out of memory\n");
    return kExitError;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "spgraph: error: %s\n", e.what());
    return kExitError;
  }
  return kExitOk;
}
