// tilewise best-bench [--seconds S] [--generated N] [--puzzles DIR] [--threads T]
// Score against time for the best-board search: the official Eternity II board (centre clue
// fixed; all five clues fixed), and generated E2-like 16x16 boards with a known full
// solution (5 frame colours, 17 inner colours). Each board is searched twice in this
// process, one after the other: the method (beams, then the neighbourhood search) and its
// baseline, the neighbourhood search alone from a random board (--beam 0).
#include <iostream>
#include <sstream>

#include "cli/commands.hpp"
#include "cli/puzzle_file.hpp"
#include "core/edge/best_search.hpp"
#include "core/edge/format.hpp"
#include "core/edge/generator.hpp"

namespace tilewise::cli {
namespace {

struct BestBenchArgs {
  double seconds = 60;
  int generated = 2, threads = 1;
  std::string puzzles = "../shared/puzzles/external";
};

// The best score reached by each checkpoint (ms), from the improvements list.
std::string curve(const BestResult& r, const std::vector<std::int64_t>& checkpoints) {
  std::ostringstream out;
  for (std::int64_t at : checkpoints) {
    int score = 0;
    for (const BestImprovement& i : r.improvements)
      if (i.ms <= at) score = i.score;
    out << " " << score;
  }
  return out.str();
}

int run_best_bench(const BestBenchArgs& a) {
  std::vector<std::pair<std::string, EdgePuzzle>> boards;
  const std::string official = a.puzzles + "/e2_full_256.txt";
  if (auto text = read_text_file(official)) {
    if (Result<EdgePuzzle> p = parse_puzzle(*text, official)) {
      boards.emplace_back("Eternity II, centre clue", *p);
      // The four other clues are listed as "# optional-fix R C TILE TURN" lines.
      std::istringstream lines(*text);
      std::string line, all;
      while (std::getline(lines, line)) {
        std::istringstream words(line);
        std::string hash, key, r, c, t, turn;
        if (words >> hash >> key >> r >> c >> t >> turn && hash == "#" && key == "optional-fix")
          line = "fix " + r + " " + c + " " + t + " " + turn;
        all += line + "\n";
      }
      Result<EdgePuzzle> five = parse_puzzle(all, official);
      if (five && five->fixed.size() == 5) boards.emplace_back("Eternity II, 5 clues", *five);
    }
  }
  for (int k = 1; k <= a.generated; ++k) {
    GenerateOptions g;
    g.rows = g.cols = 16;
    g.rule = MatchRule::kEqual;
    g.border = BorderRule::kFrame0;
    g.motifs = 17;
    g.border_colours = 5;
    g.seed = static_cast<std::uint64_t>(k);
    boards.emplace_back("generated E2-like 16x16 seed " + std::to_string(k), *generate_puzzle(g));
  }
  std::vector<std::int64_t> checkpoints;
  for (double s : {1.0, 5.0, 15.0, 30.0, 60.0, 300.0, 1800.0, 3600.0})
    if (s <= a.seconds) checkpoints.push_back(static_cast<std::int64_t>(s * 1000));
  if (checkpoints.empty() || checkpoints.back() != static_cast<std::int64_t>(a.seconds * 1000))
    checkpoints.push_back(static_cast<std::int64_t>(a.seconds * 1000));
  std::cout << "best-board search, " << a.threads << " thread(s), " << a.seconds
            << " s per run; score (matched inner edges) at";
  for (std::int64_t c : checkpoints) std::cout << " " << c / 1000.0 << "s";
  std::cout << std::endl;
  for (const auto& [name, puzzle] : boards) {
    for (int beam : {BestSearch::kDefaultMaxBeamWidth, 0}) {
      BestOptions o;
      o.seconds = a.seconds;
      o.threads = a.threads;
      o.max_beam_width = beam;
      const Result<BestResult> r = best_search_parallel(puzzle, o);
      if (!r) {
        std::cerr << "tilewise: " << name << ": " << r.error().to_string() << "\n";
        return kExitBadInput;
      }
      std::cout << name << (beam ? " | beams + LNS:" : " | baseline LNS alone:")
                << curve(*r, checkpoints) << " of " << r->max_score << " (" << r->nodes << " nodes)"
                << std::endl;
    }
  }
  return kExitOk;
}

}  // namespace

void add_best_bench_command(CLI::App& app, int& exit_code) {
  auto a = std::make_shared<BestBenchArgs>();
  auto* cmd = app.add_subcommand("best-bench", "Best-board search: score against time (benchmark)");
  cmd->add_option("--seconds", a->seconds, "time per run")->check(CLI::Range(0.1, 1e6));
  cmd->add_option("--generated", a->generated, "generated 16x16 boards (seeds 1..N)")
      ->check(CLI::Range(0, 100));
  cmd->add_option("--threads", a->threads, "threads per run")->check(CLI::Range(1, 256));
  cmd->add_option("--puzzles", a->puzzles, "folder holding e2_full_256.txt");
  cmd->callback([a, &exit_code] { exit_code = run_best_bench(*a); });
}

}  // namespace tilewise::cli
