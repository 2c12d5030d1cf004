// tilewise split FILE --jobs N --out DIR [--mode count|all|first] [--keep N] [--order O]
//                [--symmetry S] [--prefixes-per-job K]
#include <filesystem>
#include <iomanip>
#include <iostream>
#include <sstream>

#include "cli/campaign_files.hpp"
#include "cli/commands.hpp"
#include "cli/puzzle_file.hpp"
#include "cli/search_flags.hpp"
#include "core/edge/option_names.hpp"
#include "core/json_text.hpp"

namespace tilewise::cli {
namespace {

struct SplitArgs {
  std::string file, out;
  int jobs = 0;
  int prefixes_per_job = 32;
  SolveMode mode = SolveMode::kCount;
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
  SolveOptions o;
  o.mode = a.mode;
  o.max_kept = a.max_kept;
  o.order = a.order;
  o.symmetry = a.symmetry;
  Result<CampaignPlan> plan = plan_campaign(*puzzle, o, a.jobs, a.prefixes_per_job);
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
            << name_of(solve_mode_names(), o.mode) << ")\n"
            << "cut at depth " << spec.cut_depth << ": " << spec.prefix_count << " prefixes\n"
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
  cmd->add_option("--mode", args->mode, "count (default), all (list) or first")
      ->transform(CLI::CheckedTransformer(solve_mode_names(), CLI::ignore_case));
  cmd->add_option("--keep", args->max_kept, "solutions kept for listing (the first in order)")
      ->check(CLI::Range(1, 10000000));
  cmd->add_option("--prefixes-per-job", args->prefixes_per_job,
                  "cut into at least jobs x this many prefixes (finer balance and checkpoints)")
      ->check(CLI::Range(1, 4096));
  add_order_options(cmd, args->order, args->symmetry);
  cmd->callback([args, &exit_code] { exit_code = run_split(*args); });
}

}  // namespace tilewise::cli
