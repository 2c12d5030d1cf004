// tilewise estimate FILE [--probes N] [--seed S] [--order O] [--symmetry S] [--json]
#include <iostream>

#include "cli/commands.hpp"
#include "cli/puzzle_file.hpp"
#include "cli/search_flags.hpp"
#include "core/edge/search/tree_estimate.hpp"
#include "core/json_text.hpp"

namespace tilewise::cli {
namespace {

struct EstimateArgs {
  std::string file;
  int probes = 1000;
  std::uint64_t seed = 1;
  bool json = false;
  PlacementOrder order = PlacementOrder::kAuto;
  SymmetryBreaking symmetry = SymmetryBreaking::kAuto;
};

int run_estimate(const EstimateArgs& a) {
  std::optional<EdgePuzzle> puzzle = read_puzzle_file(a.file);
  if (!puzzle) return kExitBadInput;
  SolveOptions o;
  o.mode = SolveMode::kCount;
  o.order = a.order;
  o.symmetry = a.symmetry;
  const auto t0 = std::chrono::steady_clock::now();
  const TreeEstimate e = estimate_tree(*puzzle, o, a.probes, a.seed);
  const double ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  if (a.json) {
    std::cout << json_text({{"probes", e.probes},
                            {"seed", a.seed},
                            {"nodes", e.nodes},
                            {"nodes_standard_error", e.nodes_standard_error},
                            {"solutions", e.solutions},
                            {"nodes_per_depth", e.nodes_per_depth},
                            {"elapsed_ms", ms}})
              << "\n";
  } else {
    std::cout << "estimated nodes (Knuth, " << e.probes << " random descents): " << e.nodes
              << " (standard error " << e.nodes_standard_error << ")\n"
              << "estimated full boards reached: " << e.solutions << "\ntime: " << ms << " ms\n";
  }
  return kExitOk;
}

}  // namespace

void add_estimate_command(CLI::App& app, int& exit_code) {
  auto args = std::make_shared<EstimateArgs>();
  auto* cmd = app.add_subcommand(
      "estimate", "Estimate the nodes a count would visit (random descents), before a campaign");
  cmd->add_option("FILE", args->file, "puzzle file (- = stdin)")->required();
  cmd->add_option("--probes", args->probes, "random descents (default 1000)")
      ->check(CLI::Range(1, 100000000));
  cmd->add_option("--seed", args->seed, "seed of the descents");
  cmd->add_flag("--json", args->json, "print one JSON object");
  add_order_options(cmd, args->order, args->symmetry);
  cmd->callback([args, &exit_code] { exit_code = run_estimate(*args); });
}

}  // namespace tilewise::cli
