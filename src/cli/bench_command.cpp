// tilewise bench [--quick] [--json] [--rates-only] [--first-only] [--puzzle FILE]... [--threads N]
// [--puzzles DIR]: the seeded benchmark suite of core/edge_bench, each figure next to the
// reference backtracker's in the same run (--puzzle: the placement rates of one's own boards).
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <nlohmann/json.hpp>

#include "cli/commands.hpp"
#include "cli/puzzle_file.hpp"
#include "core/edge/bench/bench.hpp"
#include "core/edge/model/json.hpp"
#include "core/json_text.hpp"
#include "core/threads.hpp"

namespace tilewise::cli {
namespace {

struct BenchArgs {
  bool quick = false, json = false, rates_only = false, first_only = false;
  int threads = 0;
  std::string puzzles = "../shared/puzzles/external";
  std::string assets = "assets/puzzles";  // Brendan's boards for the first-solution rows
  std::vector<std::string> own;           // --puzzle FILE: the rates of these boards alone
};

int run_bench(const BenchArgs& a) {
  BenchOptions o;
  o.quick = a.quick;
  o.rates_only = a.rates_only;
  o.first_only = a.first_only;
  o.first_solutions = a.own.empty() && !a.rates_only;
  o.threads = a.threads > 0 ? a.threads : hardware_threads();
  for (const std::string& path : a.own) {
    const std::optional<EdgePuzzle> p = read_puzzle_file(path);
    if (!p) return kExitBadInput;
    o.own_boards.emplace_back(std::filesystem::path(path).filename().string(), *p);
  }
  for (const std::string& name :
       o.own_boards.empty() ? bench_puzzle_names() : std::vector<std::string>{}) {
    const std::string path = a.puzzles + "/" + name + ".txt";
    if (!std::filesystem::exists(path)) {
      if (!a.json) std::cerr << "bench: " << path << " not found, its figures are skipped\n";
      continue;
    }
    if (auto text = read_text_file(path)) o.puzzles.push_back({name, *text});
  }
  if (o.first_solutions) {
    bool missing = false;
    for (const char* size : {"06x06", "07x07", "08x08", "09x09", "10x10"}) {
      const std::string path = a.assets + "/brendan_" + size + ".txt";
      if (!std::filesystem::exists(path)) {
        missing = true;
        continue;
      }
      if (auto text = read_text_file(path))
        o.first_boards.push_back({std::string("Brendan ") + size, *text});
    }
    if (missing && !a.json)
      std::cerr << "bench: Brendan's boards not all found in " << a.assets
                << ", their first-solution rows are skipped\n";
  }
  const std::vector<BenchRow> rows = run_edge_bench(o);
  if (a.json) {
    std::cout << json_text(bench_rows_json(rows), 1) << "\n";
    return kExitOk;
  }
  std::printf("%-62s %12s %14s %10s\n", "figure", "tilewise", "reference", "ratio");
  for (const BenchRow& r : rows) {
    std::printf("%-62s %12.3f %13.3f%s %9.1fx%s  %s\n", r.figure.c_str(), r.value, r.baseline,
                r.baseline_bound ? "+" : " ", r.ratio, r.baseline_bound ? "+" : " ",
                r.unit.c_str());
    std::printf("    %s\n", r.detail.c_str());
  }
  if (std::any_of(rows.begin(), rows.end(), [](const BenchRow& r) { return r.baseline_bound; }))
    std::printf("(+ = the reference was stopped early: its time and the ratio are lower bounds)\n");
  if (!a.quick && !a.rates_only)
    std::printf("(tilewise: the best of 3 runs, the 3x3 suite after 2 warm-up passes)\n");
  return kExitOk;
}

}  // namespace

void add_bench_command(CLI::App& app, int& exit_code) {
  auto args = std::make_shared<BenchArgs>();
  auto* cmd = app.add_subcommand(
      "bench", "Run the seeded benchmark suite against the reference backtracker");
  cmd->add_flag("--quick", args->quick, "fewer repetitions and smaller reference budgets");
  cmd->add_flag("--json", args->json, "print the figures as JSON");
  cmd->add_flag("--rates-only", args->rates_only,
                "only the placement rates (lanes vs one subtree at a time), no reference");
  cmd->add_option("--threads", args->threads, "threads for the parallel figure (0 = every core)")
      ->check(CLI::Range(0, 256));
  cmd->add_option("--puzzle", args->own,
                  "the placement rates of this puzzle file alone (repeatable; implies "
                  "--rates-only unless --first-only: then its first-solution row)");
  cmd->add_flag("--first-only", args->first_only,
                "only the first-solution rows (--first against the list baseline)");
  cmd->add_option("--assets", args->assets,
                  "folder with Brendan's boards for the first-solution rows");
  cmd->add_option("--puzzles", args->puzzles,
                  "folder with the external puzzles (Brendan 6x6, Eternity II clues)");
  cmd->callback([args, &exit_code] { exit_code = run_bench(*args); });
}

}  // namespace tilewise::cli
