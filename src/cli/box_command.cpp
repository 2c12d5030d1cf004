// tilewise box solve START [--target T] [--moves cw|cw+ccw|cw+ccw+half] [--all] [--json]
// tilewise box stats [--moves ...]
#include <atomic>
#include <csignal>
#include <iostream>

#include "cli/commands.hpp"
#include "core/box/board.hpp"
#include "core/box/json.hpp"
#include "core/box/solver.hpp"
#include "core/json_text.hpp"

namespace tilewise::cli {
namespace {

std::atomic<bool> g_box_interrupted{false};
extern "C" void on_box_sigint(int) {
  g_box_interrupted = true;
}

struct BoxArgs {
  std::string start, target, moves = "cw";
  bool all = false, json = false;
  std::uint64_t budget = 200000000;
};

int run_box_solve(const BoxArgs& a) {
  Result<box::BoxPuzzle> puzzle = box::parse_box_puzzle(a.start, a.target, a.moves);
  if (!puzzle) {
    std::cerr << "tilewise: " << puzzle.error().to_string() << "\n";
    return kExitBadInput;
  }
  const box::BoxPuzzle& p = *puzzle;
  box::BoxSolveOptions o;
  o.all = a.all;
  o.node_budget = a.budget;
  o.cancel = &g_box_interrupted;
  g_box_interrupted = false;
  auto previous = std::signal(SIGINT, on_box_sigint);
  Result<box::BoxSolveResult> r = box::solve_box(p, o);
  std::signal(SIGINT, previous);
  if (!r) {
    std::cerr << "tilewise: " << r.error().to_string() << "\n";
    return kExitBadInput;
  }
  if (a.json) {
    std::cout << json_text(box::box_result_json(p, *r)) << "\n";
  } else {
    if (r->length < 0) {
      std::cout << (r->complete ? "no sequence of moves reaches the target\n"
                                : "no solution found within the search budget\n");
    } else {
      std::cout << (r->proven_optimal ? "optimal" : "best found") << " length: " << r->length
                << " moves (" << r->method << ")\n";
      for (const auto& seq : r->solutions) {
        for (size_t i = 0; i < seq.size(); ++i)
          std::cout << (i ? " " : "") << box::move_name(seq[i], p.size);
        std::cout << "\n";
      }
      if (r->solutions_truncated)
        std::cout << "(listed the first " << r->solutions.size() << " of " << r->count
                  << " solutions: only those are kept in memory)\n";
      std::cout << (a.all ? "optimal solutions: " : "shown: ") << r->count
                << (r->complete ? "" : " (search cut short)") << "; " << r->elapsed_ms << " ms\n";
    }
  }
  if (g_box_interrupted || !r->complete) return kExitInterrupted;
  return r->length < 0 ? kExitNoSolution : kExitOk;
}

}  // namespace

void add_box_command(CLI::App& app, int& exit_code) {
  auto* box_cmd = app.add_subcommand("box", "Puzzle Box: rotation puzzles solved optimally");
  box_cmd->require_subcommand(1);
  auto a = std::make_shared<BoxArgs>();
  auto* solve =
      box_cmd->add_subcommand("solve", "All optimal button sequences from START to the target");
  solve
      ->add_option("START", a->start,
                   "board row by row: 765849321, 765/849/321, or 1,2,3,4/5,... for N>=4")
      ->required();
  solve->add_option("--target", a->target, "target board (default 1..N*N in order)");
  solve->add_option("--moves", a->moves, "cw, cw+ccw or cw+ccw+half");
  solve->add_flag("--all", a->all, "list every optimal sequence (default: the first)");
  solve->add_flag("--json", a->json, "print one JSON object");
  solve->add_option("--budget", a->budget, "IDA* node budget for boards of 4x4 and more");
  solve->callback([a, &exit_code] { exit_code = run_box_solve(*a); });

  auto moves = std::make_shared<std::string>("cw");
  auto* stats = box_cmd->add_subcommand("stats", "Distance distribution of the 3x3 Puzzle Box");
  stats->add_option("--moves", *moves, "cw, cw+ccw or cw+ccw+half");
  stats->callback([moves, &exit_code] {
    bool ok = false;
    const box::MoveSet set = box::parse_move_set(*moves, ok);
    if (!ok) {
      std::cerr << "tilewise: --moves '" << *moves << "': use cw, cw+ccw or cw+ccw+half\n";
      exit_code = kExitBadInput;
      return;
    }
    const auto dist = box::distance_distribution_3x3(set);
    std::uint64_t total = 0;
    for (size_t d = 0; d < dist.size(); ++d) {
      std::cout << "distance " << d << ": " << dist[d] << " states\n";
      total += dist[d];
    }
    std::cout << "states: " << total << ", hardest: " << dist.size() - 1 << " moves\n";
    exit_code = kExitOk;
  });
}

}  // namespace tilewise::cli
