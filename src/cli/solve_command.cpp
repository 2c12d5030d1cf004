// tilewise solve FILE [--first|--count|--all] [--limit N] [--json]
#include <iostream>
#include <map>

#include "cli/board_text.hpp"
#include "cli/commands.hpp"
#include "cli/interrupt.hpp"
#include "cli/puzzle_file.hpp"
#include "core/edge/format.hpp"
#include "core/edge/json.hpp"
#include "core/edge/parallel.hpp"
#include "core/edge/solver.hpp"
#include "core/json_text.hpp"

namespace tilewise::cli {
namespace {

struct SolveArgs {
  std::string file;
  bool first = false, count = false, all = false, json = false, quiet = false;
  std::uint64_t limit = 0;
  std::uint64_t max_kept = 10000;
  int threads = 0;
  PlacementOrder order = PlacementOrder::kAuto;
  SymmetryBreaking symmetry = SymmetryBreaking::kAuto;
};

void print_human(const EdgePuzzle& p, const SolveResult& r, bool interrupted, bool list) {
  if (list) {
    for (size_t k = 0; k < r.solutions.size(); ++k) {
      std::cout << "solution " << (k + 1) << ": tiles (label r rotation):";
      for (const Placement& c : r.solutions[k].cells)
        std::cout << " " << (c.tile + 1) << "r" << c.rotation;
      std::cout << "\n";
      print_board(std::cout, p, r.solutions[k]);
    }
    if (r.solutions_truncated)
      std::cout << "(only the first " << r.solutions.size()
                << " solutions are kept in memory; raise --keep to list more)\n";
  }
  std::cout << (interrupted ? "interrupted: " : "")
            << "solutions (up to board rotation): " << r.count
            << (r.complete ? "" : " or more (search not finished)") << "\n";
  std::cout << "distinct boards (identical tiles merged): " << r.distinct_boards
            << (r.distinct_boards_complete ? "" : " (at least; too many to remember)") << "\n";
  std::cout << "nodes: " << r.stats.nodes << ", tries: " << r.stats.tries
            << ", time: " << r.stats.elapsed_ms << " ms\nnodes per depth: [";
  for (size_t k = 0; k < r.stats.nodes_per_depth.size(); ++k)
    std::cout << (k ? ", " : "") << r.stats.nodes_per_depth[k];
  std::cout << "]\n";
}

int run_solve(const SolveArgs& a) {
  std::optional<EdgePuzzle> puzzle = read_puzzle_file(a.file);
  if (!puzzle) return kExitBadInput;
  SolveOptions o;
  o.mode = a.first ? SolveMode::kFirst : a.count ? SolveMode::kCount : SolveMode::kAll;
  o.limit = a.limit;
  o.max_kept = a.max_kept;
  o.order = a.order;
  o.symmetry = a.symmetry;
  ParallelOptions parallel;
  parallel.threads = a.threads;
  SolveResult r;
  bool interrupted = false;
  {
    InterruptWatch watch;
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
  cmd->add_flag("--json", args->json, "print one JSON object");
  cmd->add_flag("--quiet", args->quiet, "print only the summary");
  const std::map<std::string, PlacementOrder> orders{
      {"auto", PlacementOrder::kAuto},        {"row", PlacementOrder::kRowMajor},
      {"short", PlacementOrder::kShortSide},  {"spiral", PlacementOrder::kSpiral},
      {"frame", PlacementOrder::kFrameFirst}, {"shell", PlacementOrder::kShell}};
  cmd->add_option("--order", args->order, "placement order: auto, row, short, shell, spiral, frame")
      ->transform(CLI::CheckedTransformer(orders, CLI::ignore_case));
  const std::map<std::string, SymmetryBreaking> symmetries{
      {"corner", SymmetryBreaking::kCornerRule},
      {"auto", SymmetryBreaking::kAuto},
      {"centre", SymmetryBreaking::kCentreRotation},
      {"tile1", SymmetryBreaking::kLowestTile},
      {"none", SymmetryBreaking::kNone}};
  cmd->add_option("--symmetry", args->symmetry,
                  "board-rotation pruning: auto, corner (seed 002), centre (seed 000), tile1, none")
      ->transform(CLI::CheckedTransformer(symmetries, CLI::ignore_case));
  cmd->callback([args, &exit_code] { exit_code = run_solve(*args); });
}

}  // namespace tilewise::cli
