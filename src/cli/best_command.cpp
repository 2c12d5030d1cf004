// tilewise best FILE [--seconds S] [--threads N] [--seed S] [--max-nodes N] [--beam W] [--json]
#include <iostream>

#include "cli/commands.hpp"
#include "cli/interrupt.hpp"
#include "cli/puzzle_file.hpp"
#include "cli/result_output.hpp"
#include "core/edge/best/best_search.hpp"
#include "core/edge/model/json.hpp"
#include "core/json_text.hpp"
#include "core/link/bucas.hpp"

namespace tilewise::cli {
namespace {

struct BestArgs {
  std::string file;
  double seconds = 0;
  int threads = 1, beam = BestSearch::kDefaultMaxBeamWidth;
  std::uint64_t seed = 1, max_nodes = 0;
  bool json = false, cpu_time = false;
};

int run_best(const BestArgs& a) {
  std::optional<EdgePuzzle> puzzle = read_puzzle_file(a.file);
  if (!puzzle) return kExitBadInput;
  BestOptions o;
  o.seed = a.seed;
  o.threads = a.threads;
  o.max_nodes = a.max_nodes;
  o.max_beam_width = a.beam;
  o.cpu_time = a.cpu_time;
  o.seconds = a.seconds > 0 || a.max_nodes > 0 ? a.seconds : 10.0;
  if (!a.json)
    o.on_improvement = [](const BestImprovement& imp, const Solution&) {
      std::cout << "score " << imp.score << " at " << imp.ms << " ms" << std::endl;
    };
  InterruptWatch watch;
  o.cancel = watch.flag();
  const Result<BestResult> r = best_search_parallel(*puzzle, o);
  if (!r) {
    std::cerr << "tilewise: " << a.file << ": " << r.error().to_string() << "\n";
    return kExitBadInput;
  }
  const bool interrupted = r->cancelled;
  if (a.json) {
    nlohmann::json j = best_result_json(*r);
    j["seed"] = a.seed;
    j["threads"] = a.threads;
    if (const Result<std::string> link = encode_bucas_link(*puzzle, r->board.cells))
      j["bucas_link"] = "https://e2.bucas.name/#" + *link;
    std::cout << json_text(j) << "\n";
  } else {
    std::cout << (interrupted ? "interrupted: " : "") << "best board: score " << r->score << " of "
              << r->max_score << " inner edges matched, " << r->nodes << " nodes, " << r->elapsed_ms
              << " ms\n";
    print_best_board(*puzzle, r->board);
  }
  return interrupted ? kExitInterrupted : kExitOk;
}

}  // namespace

void add_best_command(CLI::App& app, int& exit_code) {
  auto a = std::make_shared<BestArgs>();
  auto* cmd = app.add_subcommand(
      "best", "Search for the complete board with the most matched edges (anytime; Ctrl-C stops)");
  cmd->add_option("FILE", a->file, "puzzle file (- = stdin)")->required();
  cmd->add_option("--seconds", a->seconds,
                  "stop after this long (default 10 s unless --max-nodes is given)")
      ->check(CLI::Range(0.0, 1e7));
  cmd->add_option("--threads", a->threads, "independent searches side by side (seeds S, S+1, ...)")
      ->check(CLI::Range(1, 256));
  cmd->add_option("--seed", a->seed,
                  "random seed (same seed, threads and --max-nodes: same board)");
  cmd->add_option("--max-nodes", a->max_nodes,
                  "stop each search after N steps (one step re-seats up to 64 tiles)");
  cmd->add_option("--beam", a->beam,
                  "widest beam (1024, 4096, ... up to this; about 1 KB each on 16x16; 0 = none); "
                  "restarts grow their beams up to it")
      ->check(CLI::Range(0, BestSearch::kMaxBeamWidth));
  cmd->add_flag("--cpu-time", a->cpu_time,
                "--seconds and the improvement times count each search thread's CPU time "
                "(for measurements on a shared machine)");
  cmd->add_flag("--json", a->json, "print one JSON object");
  cmd->callback([a, &exit_code] { exit_code = run_best(*a); });
}

}  // namespace tilewise::cli
