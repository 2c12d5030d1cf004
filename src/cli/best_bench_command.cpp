// tilewise best-bench [--seconds S] [--generated N] [--first-seed S] [--boards B]
//                    [--baseline previous|lns|none] [--beam W] [--cpu-time] [--puzzles DIR]
//                    [--threads T]
// Score against time for the best-board search: the official Eternity II board (centre clue
// fixed; all five clues fixed), and generated E2-like 16x16 boards with a known full
// solution (5 frame colours, 17 inner colours). Each board is searched by the method and
// then by its baseline, one after the other in this process: the method as it was before
// beams ranked boards of equal score by their spread ("previous": a random choice among
// them), or the neighbourhood search alone from a random board ("lns", --beam 0).
#include <algorithm>
#include <iostream>
#include <optional>
#include <sstream>

#include "cli/commands.hpp"
#include "cli/puzzle_file.hpp"
#include "core/edge/best/best_search.hpp"
#include "core/edge/model/format.hpp"
#include "core/edge/model/generator.hpp"

namespace tilewise::cli {
namespace {

struct BestBenchArgs {
  double seconds = 60;
  int generated = 2, threads = 1, beam = BestSearch::kDefaultMaxBeamWidth;
  std::uint64_t first_seed = 1;
  bool cpu_time = false;
  std::string puzzles = "../shared/puzzles/external", boards = "all", baseline = "previous";
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
  std::optional<std::string> text;
  if (a.boards != "generated") text = read_text_file(official);
  if (text) {
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
  for (int k = 0; k < a.generated && a.boards != "official"; ++k) {
    GenerateOptions g;
    g.rows = g.cols = 16;
    g.rule = MatchRule::kEqual;
    g.border = BorderRule::kFrame0;
    g.motifs = 17;
    g.border_colours = 5;
    g.seed = a.first_seed + static_cast<std::uint64_t>(k);
    boards.emplace_back("generated E2-like 16x16 seed " + std::to_string(g.seed),
                        *generate_puzzle(g));
  }
  std::vector<std::int64_t> checkpoints;
  for (double s : {1.0, 5.0, 15.0, 30.0, 60.0, 300.0, 1800.0, 3600.0})
    if (s <= a.seconds) checkpoints.push_back(static_cast<std::int64_t>(s * 1000));
  if (checkpoints.empty() || checkpoints.back() != static_cast<std::int64_t>(a.seconds * 1000))
    checkpoints.push_back(static_cast<std::int64_t>(a.seconds * 1000));
  std::cout << "best-board search, " << a.threads << " thread(s), " << a.seconds << " s "
            << (a.cpu_time ? "CPU time" : "wall time")
            << " per run; score (matched inner edges) at";
  for (std::int64_t c : checkpoints) std::cout << " " << c / 1000.0 << "s";
  std::cout << std::endl;
  for (const auto& [name, puzzle] : boards) {
    for (const std::string& method : {std::string("method"), a.baseline}) {
      if (method == "none") continue;
      BestOptions o;
      o.seconds = a.seconds;
      o.threads = a.threads;
      o.cpu_time = a.cpu_time;
      o.max_beam_width = method == "lns" ? 0 : a.beam;
      if (method == "previous") o.tuning = BestTuning::previous();
      const Result<BestResult> r = best_search_parallel(puzzle, o);
      if (!r) {
        std::cerr << "tilewise: " << name << ": " << r.error().to_string() << "\n";
        return kExitBadInput;
      }
      const char* label = method == "method"     ? "beams, bands, restarts"
                          : method == "previous" ? "baseline without the beams' spread"
                                                 : "baseline LNS alone";
      std::cout << name << " | " << label << ":" << curve(*r, checkpoints) << " of " << r->max_score
                << " (" << r->nodes << " nodes)" << std::endl;
    }
  }
  return kExitOk;
}

}  // namespace

void add_best_bench_command(CLI::App& app, int& exit_code) {
  auto a = std::make_shared<BestBenchArgs>();
  auto* cmd = app.add_subcommand("best-bench", "Best-board search: score against time (benchmark)");
  cmd->add_option("--seconds", a->seconds, "time per run")->check(CLI::Range(0.1, 1e6));
  cmd->add_option("--generated", a->generated, "generated 16x16 boards (N seeds from --first-seed)")
      ->check(CLI::Range(0, 100));
  cmd->add_option("--threads", a->threads, "threads per run")->check(CLI::Range(1, 256));
  cmd->add_option("--puzzles", a->puzzles, "folder holding e2_full_256.txt");
  cmd->add_option("--first-seed", a->first_seed, "generator seed of the first generated board");
  cmd->add_option("--boards", a->boards, "which boards")
      ->check(CLI::IsMember({"all", "official", "generated"}));
  cmd->add_option("--baseline", a->baseline,
                  "previous = the method before the beams' spread (a random choice among "
                  "equal scores), lns = LNS alone from a random board, none")
      ->check(CLI::IsMember({"previous", "lns", "none"}));
  cmd->add_option("--beam", a->beam, "widest beam of the method (see best --beam)")
      ->check(CLI::Range(0, BestSearch::kMaxBeamWidth));
  cmd->add_flag("--cpu-time", a->cpu_time, "time limit and checkpoints in CPU time per thread");
  cmd->callback([a, &exit_code] { exit_code = run_best_bench(*a); });
}

}  // namespace tilewise::cli
