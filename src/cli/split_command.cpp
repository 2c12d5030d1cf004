// tilewise split FILE --jobs N --out DIR [--mode count|all|first] [--keep N] [--order O]
//                [--symmetry S] [--prefixes-per-job K]
// tilewise split FILE --jobs N --out DIR --mode best (--seconds S | --max-nodes N) [--seed S]
//                [--beam W]
#include <filesystem>
#include <iomanip>
#include <iostream>
#include <sstream>

#include "cli/campaign_files.hpp"
#include "cli/commands.hpp"
#include "cli/puzzle_file.hpp"
#include "cli/search_flags.hpp"
#include "core/edge/search/option_names.hpp"
#include "core/json_text.hpp"

namespace tilewise::cli {
namespace {

struct SplitArgs {
  std::string file, out;
  int jobs = 0;
  int prefixes_per_job = 32;
  std::string mode = "count";
  BestBudget budget;
  // Options given that the mode does not use (refused by name).
  std::vector<std::string> unused;
  std::uint64_t max_kept = 10000;
  PlacementOrder order = PlacementOrder::kAuto;
  SymmetryBreaking symmetry = SymmetryBreaking::kAuto;
};

std::string job_name(int index, int jobs) {
  std::ostringstream name;
  name << "job-" << std::setw(std::max(4, static_cast<int>(std::to_string(jobs - 1).size())))
       << std::setfill('0') << index << ".json";
  return name.str();
}

int run_split(const SplitArgs& a) {
  std::optional<EdgePuzzle> puzzle = read_puzzle_file(a.file);
  if (!puzzle) return kExitBadInput;
  if (!a.unused.empty()) {
    std::cerr << "tilewise: " << a.unused.front() << ": not used by --mode " << a.mode
              << " (best: --seconds, --max-nodes, --seed, --beam; the others: --keep, --order, "
                 "--symmetry, --prefixes-per-job)\n";
    return kExitBadInput;
  }
  namespace fs = std::filesystem;
  std::error_code error;
  fs::create_directories(a.out, error);
  if (error || !fs::is_directory(a.out)) {
    std::cerr << "tilewise: " << a.out << ": cannot make the folder: " << error.message() << "\n";
    return kExitBadInput;
  }
  for (const auto& entry : fs::directory_iterator(a.out))
    if (entry.path().filename().string().rfind("job-", 0) == 0) {
      std::cerr << "tilewise: " << a.out << ": already holds job files (" << entry.path().filename()
                << "); remove them or choose another folder\n";
      return kExitBadInput;
    }
  const bool best = a.mode == "best";
  SolveOptions o;
  if (!best) o.mode = solve_mode_names().at(a.mode);
  o.max_kept = a.max_kept;
  o.order = a.order;
  o.symmetry = a.symmetry;
  Result<CampaignPlan> plan = best ? plan_best_campaign(*puzzle, a.budget, a.jobs)
                                   : plan_campaign(*puzzle, o, a.jobs, a.prefixes_per_job);
  if (!plan) {
    std::cerr << "tilewise: " << plan.error().to_string() << "\n";
    return kExitBadInput;
  }
  std::uint64_t smallest = UINT64_MAX, largest = 0;
  for (const CampaignJob& job : plan->jobs) {
    const std::string path = (fs::path(a.out) / job_name(job.index, a.jobs)).string();
    if (!write_file_atomically(path, json_text(job_json(job)) + "\n")) return kExitInternal;
    smallest = std::min(smallest, job.estimated_work);
    largest = std::max(largest, job.estimated_work);
  }
  const CampaignSpec& spec = plan->jobs[0].spec;
  std::cout << "campaign " << campaign_id(spec) << ": " << a.jobs << " jobs in " << a.out << " ("
            << a.mode << ")\n";
  if (best) {
    std::cout << "each job searches";
    if (a.budget.seconds > 0) std::cout << " " << a.budget.seconds << " s";
    if (a.budget.max_nodes > 0)
      std::cout << (a.budget.seconds > 0 ? ", at most " : " ") << a.budget.max_nodes
                << " steps per search";
    std::cout << " (job j's seeds: " << a.budget.seed << " + 256 j + thread)\n";
    return kExitOk;
  }
  std::cout << "cut at depth " << spec.cut_depth << ": " << spec.prefix_count << " prefixes\n"
            << "work estimated by the partial boards at depth " << plan->estimate_depth << ": jobs "
            << smallest << " to " << largest << ", largest/mean " << std::setprecision(3)
            << plan->estimated_imbalance << "\n";
  return kExitOk;
}

}  // namespace

void add_split_command(CLI::App& app, int& exit_code) {
  auto args = std::make_shared<SplitArgs>();
  auto* cmd = app.add_subcommand("split", "Cut a search into job files for other machines");
  cmd->add_option("FILE", args->file, "puzzle file (- = stdin)")->required();
  cmd->add_option("--jobs", args->jobs, "number of job files")
      ->required()
      ->check(CLI::Range(1, 100000));
  cmd->add_option("--out", args->out, "folder for the job files (made if missing)")->required();
  cmd->add_option("--mode", args->mode,
                  "count (default), all (list), first, or best (best boards: each job runs the "
                  "best search for its budget)")
      ->check(CLI::IsMember({"count", "all", "first", "best"}, CLI::ignore_case));
  const std::vector<CLI::Option*> tree_options = {
      cmd->add_option("--keep", args->max_kept, "solutions kept for listing (the first in order)")
          ->check(CLI::Range(1, 10000000)),
      cmd->add_option("--prefixes-per-job", args->prefixes_per_job,
                      "cut into at least jobs x this many prefixes (finer balance and "
                      "checkpoints)")
          ->check(CLI::Range(1, 4096))};
  add_order_options(cmd, args->order, args->symmetry);
  const std::vector<CLI::Option*> best_options = {
      cmd->add_option("--seconds", args->budget.seconds,
                      "best: each job's search time (summed over its runs)")
          ->check(CLI::Range(0.0, 1e7)),
      cmd->add_option("--max-nodes", args->budget.max_nodes,
                      "best: steps per search (each job's searches, summed over its runs)"),
      cmd->add_option("--seed", args->budget.seed,
                      "best: job j's searches take the seeds seed + 256 j, + 1, ...")
          ->capture_default_str(),
      cmd->add_option("--beam", args->budget.max_beam_width,
                      "best: widest starting beam (as tilewise best --beam)")
          ->check(CLI::Range(0, BestSearch::kMaxBeamWidth))};
  cmd->callback([cmd, args, tree_options, best_options, &exit_code] {
    const bool best = args->mode == "best";
    std::vector<CLI::Option*> unused = best ? tree_options : best_options;
    if (best)
      for (const char* name : {"--order", "--symmetry"}) unused.push_back(cmd->get_option(name));
    for (CLI::Option* option : unused)
      if (option->count() > 0) args->unused.push_back(option->get_name());
    exit_code = run_split(*args);
  });
}

}  // namespace tilewise::cli
