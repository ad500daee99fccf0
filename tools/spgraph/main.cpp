// SPDX-License-Identifier: Apache-2.0
// spgraph: the command-line front end. Git-style subcommands (info, convert, generate, bfs,
// tc, closure, stream, compare, mxv, pagerank, sssp, cc, communities, knn, bc, cdlp, lcc, kcore,
// ktruss); every error becomes one line on stderr (control bytes escaped) and a documented exit
// code. `--help` shows every option's default; `--version` the version, commit and build options
// (version.hpp, made by CMake).
#include <CLI/CLI.hpp>

#include <cstdio>
#include <exception>
#include <new>
#include <string>
#include <vector>

#include "tools/cli/cli_common.hpp"
#include "tools/cli/did_you_mean.hpp"
#include "tools/spgraph/commands.hpp"
#include "tools/spgraph/signals.hpp"
#include "tools/spgraph/version.hpp"

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

/// The subcommand being run ("bfs", or "tc" under "compare"), or `app` itself.
const CLI::App& deepest_subcommand(const CLI::App& app) {
  const CLI::App* a = &app;
  for (auto subs = a->get_subcommands(); !subs.empty(); subs = a->get_subcommands())
    a = subs.front();
  return *a;
}

/// For an ExtrasError that holds options ("--sorce"): "unknown option '--sorce'; did you mean
/// '--source'?" for each, the nearest among the options `cmd` takes; "" when the extras are
/// all plain words (CLI11's message says it then).
std::string unknown_options(const CLI::App& cmd, const std::string& what) {
  const std::size_t colon = what.find(": ");
  if (colon == std::string::npos) return "";
  std::vector<std::string> names;
  for (const CLI::Option* opt : cmd.get_options()) {
    for (const std::string& l : opt->get_lnames()) names.push_back("--" + l);
    for (const std::string& sn : opt->get_snames()) names.push_back("-" + sn);
  }
  std::string message;
  std::size_t at = colon + 2;
  while (at < what.size()) {
    std::size_t end = what.find(' ', at);
    if (end == std::string::npos) end = what.size();
    std::string word = what.substr(at, end - at);
    at = end + 1;
    if (word.size() < 2 || word[0] != '-' || (word[1] >= '0' && word[1] <= '9')) continue;
    word = word.substr(0, word.find('='));
    if (!message.empty()) message += "; ";
    message += "unknown option '" + spgraph::cli::printable(word) + "'";
    if (const std::string near = spgraph::cli::nearest_name(word, names); !near.empty())
      message += "; did you mean '" + near + "'?";
  }
  return message;
}

/// What --version prints: one line per fact.
std::string version_text() {
  using namespace spgraph::cli;
  std::string v = "spgraph ";
  v += kVersion;
  v += "\ncommit: ";
  v += kGitCommit;
  v += "\nbuild type: ";
  v += kBuildType;
  v += "\ncompiler: ";
  v += kCompiler;
  v += "\noptions: OpenMP ";
  v += kOpenMP;
  v += ", GraphBLAS compare ";
  v += kGraphBlasCompare;
  v += ", Boost.Graph ";
  v += kBoost;
  v += ", sanitizer ";
  v += kSanitizer;
  v += ", native ";
  v += kNative;
  v += ", CUDA backend ";
  v += kCuda;
  return v;
}

/// Drops the "[]" default CLI11 captures for repeatable options that start empty (--source),
/// in `app` and every subcommand below it: "=[]" in --help says nothing.
void drop_empty_list_defaults(CLI::App& app) {
  for (CLI::Option* opt : app.get_options())
    if (opt->get_default_str() == "[]") opt->default_str("");
  for (CLI::App* sub : app.get_subcommands([](CLI::App*) { return true; }))
    drop_empty_list_defaults(*sub);
}

/// Hides, in `app` and every subcommand below it, a default that the option's own checks refuse
/// ("--k=0" where k is at least 1, "--threshold=-inf"): such a value only marks "not given", and
/// --help would show a default that is not one. The option's description says what happens
/// without it. Only checks that describe themselves are run: an `each` callback (a validator
/// without a description, such as the one that records that --iterations was given) acts on the
/// command's state and must not see the default.
void hide_refused_defaults(CLI::App& app) {
  for (CLI::Option* opt : app.get_options()) {
    const std::string shown = opt->get_default_str();
    if (shown.empty()) continue;
    for (int k = 0;; ++k) {
      CLI::Validator* check = nullptr;
      try {
        check = opt->get_validator(k);
      } catch (const CLI::OptionNotFound&) {
        break;
      }
      if (check->get_description().empty()) continue;
      std::string value = shown;
      if (!(*check)(value).empty()) {
        opt->default_str("");
        break;
      }
    }
  }
  for (CLI::App* sub : app.get_subcommands([](CLI::App*) { return true; }))
    hide_refused_defaults(*sub);
}

/// Refuses an empty value ('--out ""', '--src ""') for every option that takes one, in `app`
/// and every subcommand below it: no option of spgraph means anything by an empty string, and
/// taking one silently would write to "" or read column "". A usage error (exit code 2).
void refuse_empty_values(CLI::App& app) {
  for (CLI::Option* opt : app.get_options()) {
    if (!opt->nonpositional() || opt->get_type_size_min() <= 0) continue;
    const std::string name = opt->get_name();
    opt->check(CLI::Validator(
        [name](std::string& s) -> std::string {
          return s.empty() ? name + " needs a value, got an empty one ('')" : std::string();
        },
        ""));
  }
  for (CLI::App* sub : app.get_subcommands([](CLI::App*) { return true; }))
    refuse_empty_values(*sub);
}

/// The first word of the command line that names no subcommand where one is expected
/// ("spgraph bsf g.mtx", "spgraph compare xyz"), with the names valid there; empty when the
/// subcommands named are all known. CLI11 alone reports such a word as "A subcommand is
/// required". Options end the walk: no command takes an option before its subcommand.
std::string unknown_subcommand(const CLI::App& app, int argc, char** argv) {
  const CLI::App* at = &app;
  for (int i = 1; i < argc; ++i) {
    const std::string word = argv[i];
    if (word.empty() || word[0] == '-') return "";
    const auto subs = at->get_subcommands({});
    if (subs.empty()) return "";
    const CLI::App* next = nullptr;
    std::string valid;
    std::vector<std::string> names;
    for (const CLI::App* sub : subs) {
      if (sub->check_name(word)) next = sub;
      if (!valid.empty()) valid += ", ";
      valid += sub->get_name();
      names.push_back(sub->get_name());
    }
    if (!next) {
      std::string where = "spgraph";
      for (int k = 1; k < i; ++k) {
        where += ' ';
        where += argv[k];
      }
      std::string message = "spgraph: error: unknown subcommand '";
      message += spgraph::cli::printable(word);
      message += "'; ";
      if (const std::string near = spgraph::cli::nearest_name(word, names); !near.empty())
        message += "did you mean '" + near + "'? ";
      message += "valid subcommands";
      if (at != &app) {
        message += " of '";
        message += where;
        message += "'";
      }
      message += ": ";
      message += valid;
      message += " (see '";
      message += where;
      message += " --help')\n";
      return message;
    }
    at = next;
  }
  return "";
}

}  // namespace

int main(int argc, char** argv) {
  using namespace spgraph::cli;
  install_signal_handlers();
  CLI::App app{"spgraph: graph analytics on sparse linear algebra"};
  app.require_subcommand(1);
  // Every option's default in --help; subcommands inherit this when they are added.
  app.option_defaults()->always_capture_default();
  app.set_version_flag("--version,-V", version_text(),
                       "Print the version, the git commit and the build options, and exit");
  app.footer(
      "Exit codes: 0 success; 1 error (bad input file, invalid argument, I/O); 2 bad command "
      "line; 3 compare found different answers; 128+N stream stopped by signal N.\nRun "
      "'spgraph SUBCOMMAND --help' for details.");
  app.failure_message([](const CLI::App* a, const CLI::Error& e) {
    const std::string sub = a ? subcommand_path(*a) : "";
    const std::string where = sub.empty() ? "spgraph" : "spgraph " + sub;
    std::string what = usage_message(e);
    if (a && dynamic_cast<const CLI::ExtrasError*>(&e))
      if (std::string options = unknown_options(deepest_subcommand(*a), e.what()); !options.empty())
        what = options;
    return "spgraph: error: " + what + " (see '" + where + " --help')\n";
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
  register_serve(app);
  register_pagerank(app);
  register_sssp(app);
  register_cc(app);
  register_scc(app);
  register_communities(app);
  register_knn(app);
  register_bc(app);
  register_cdlp(app);
  register_lcc(app);
  register_kcore(app);
  register_ktruss(app);
  register_graphalytics(app);
  drop_empty_list_defaults(app);
  hide_refused_defaults(app);
  refuse_empty_values(app);
  if (const std::string unknown = unknown_subcommand(app, argc, argv); !unknown.empty()) {
    std::fputs(unknown.c_str(), stderr);
    return kExitUsage;
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
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
