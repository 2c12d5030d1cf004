// tilewise solve FILE [--first|--count|--all] [--limit N] [--labelled] [--json]
#include <iostream>

#include "cli/commands.hpp"
#include "cli/interrupt.hpp"
#include "cli/puzzle_file.hpp"
#include "cli/result_output.hpp"
#include "cli/search_flags.hpp"
#include "core/edge/model/format.hpp"
#include "core/edge/model/json.hpp"
#include "core/edge/search/parallel.hpp"
#include "core/edge/search/solver.hpp"
#include "core/json_text.hpp"

namespace tilewise::cli {
namespace {

struct SolveArgs {
  std::string file;
  bool first = false, count = false, all = false, json = false, quiet = false;
  bool labelled = false;
  std::uint64_t limit = 0;
  std::uint64_t max_kept = 10000;
  int threads = 0;
  PlacementOrder order = PlacementOrder::kAuto;
  SymmetryBreaking symmetry = SymmetryBreaking::kAuto;
};

int run_solve(const SolveArgs& a) {
  std::optional<EdgePuzzle> puzzle = read_puzzle_file(a.file);
  if (!puzzle) return kExitBadInput;
  SolveOptions o;
  o.mode = a.first ? SolveMode::kFirst : a.count ? SolveMode::kCount : SolveMode::kAll;
  o.limit = a.limit;
  o.max_kept = a.max_kept;
  o.order = a.order;
  o.symmetry = a.symmetry;
  o.list_labelled = a.labelled;
  ParallelOptions parallel;
  parallel.threads = a.threads;
  SolveResult r;
  bool interrupted = false;
  {
    const InterruptWatch watch;  // Ctrl-C stops the search; what was found is printed
    parallel.cancel = watch.flag();
    r = solve_parallel(*puzzle, o, parallel);
    interrupted = watch.interrupted();
  }
  if (a.json) {
    nlohmann::json j = solve_result_json(r);
    j["interrupted"] = interrupted;
    j["threads"] = parallel_threads(o, parallel);
    std::cout << json_text(j) << "\n";
  } else {
    print_human(*puzzle, r, interrupted, o.mode != SolveMode::kCount && !a.quiet);
  }
  if (interrupted) return kExitInterrupted;
  if (r.count == 0) return r.complete ? kExitNoSolution : kExitInterrupted;
  return kExitOk;
}

}  // namespace

void add_solve_command(CLI::App& app, int& exit_code) {
  auto args = std::make_shared<SolveArgs>();
  auto* cmd = app.add_subcommand("solve", "Solve an edge-matching puzzle file");
  cmd->add_option("FILE", args->file,
                  "puzzle file (native format or seed 004 card format; - = stdin)")
      ->required();
  auto* first = cmd->add_flag("--first", args->first, "stop at the first solution");
  auto* count = cmd->add_flag("--count", args->count, "count solutions without listing them");
  auto* all = cmd->add_flag("--all", args->all, "list all solutions (default)");
  first->excludes(count)->excludes(all);
  count->excludes(all);
  cmd->add_option("--limit", args->limit, "stop after N solutions (0 = no limit)");
  cmd->add_option("--threads", args->threads,
                  "threads for --count/--all (0 = every core; results do not depend on it)")
      ->check(CLI::Range(0, 256));
  cmd->add_option("--keep", args->max_kept, "solutions kept in memory for listing")
      ->check(CLI::Range(1, 10000000));
  cmd->add_flag("--labelled", args->labelled,
                "identical tiles: list every labelled solution, not one per distinct board");
  cmd->add_flag("--json", args->json, "print one JSON object");
  cmd->add_flag("--quiet", args->quiet, "print only the summary");
  add_order_options(cmd, args->order, args->symmetry);
  cmd->callback([args, &exit_code] { exit_code = run_solve(*args); });
}

}  // namespace tilewise::cli
