// tilewise merge RESULT... [--json] [--quiet]
#include <iostream>

#include "cli/campaign_files.hpp"
#include "cli/commands.hpp"
#include "cli/result_output.hpp"
#include "core/edge/json.hpp"
#include "core/json_text.hpp"

namespace tilewise::cli {
namespace {

struct MergeArgs {
  std::vector<std::string> files;
  bool json = false, quiet = false;
};

int run_merge(const MergeArgs& a) {
  std::vector<NamedResult> results;
  bool bad = false;
  for (const std::string& file : a.files) {
    std::optional<JobResult> r = read_result_file(file);
    if (r) {
      results.push_back({file, std::move(*r)});
    } else {
      bad = true;  // each bad file is named; then no merge
    }
  }
  if (bad) return kExitBadInput;
  Result<MergedCampaign> m = merge_results(results);
  if (!m) {
    std::cerr << "tilewise: " << m.error().to_string() << "\n";
    return kExitBadInput;
  }
  const SolveResult& r = m->result;
  if (a.json) {
    nlohmann::json j = solve_result_json(r);
    j["interrupted"] = false;
    j["campaign"] = {{"id", campaign_id(m->spec)},
                     {"jobs", m->spec.jobs},
                     {"prefixes", m->spec.prefix_count},
                     {"job_wall_ms_min", m->job_wall_ms_min},
                     {"job_wall_ms_max", m->job_wall_ms_max},
                     {"job_wall_ms_sum", m->job_wall_ms_sum},
                     {"job_nodes_min", m->job_nodes_min},
                     {"job_nodes_max", m->job_nodes_max}};
    std::cout << json_text(j) << "\n";
  } else {
    print_human(m->spec.puzzle, r, false, m->spec.options.mode != SolveMode::kCount && !a.quiet);
    std::cout << "campaign " << campaign_id(m->spec) << ": " << m->spec.jobs
              << " jobs, job wall time " << m->job_wall_ms_min << " to " << m->job_wall_ms_max
              << " ms (sum " << m->job_wall_ms_sum << "), job nodes " << m->job_nodes_min << " to "
              << m->job_nodes_max << "\n";
  }
  return r.count > 0 ? kExitOk : kExitNoSolution;
}

}  // namespace

void add_merge_command(CLI::App& app, int& exit_code) {
  auto args = std::make_shared<MergeArgs>();
  auto* cmd = app.add_subcommand(
      "merge", "Merge every job's result of a campaign into what `solve` prints on one machine");
  cmd->add_option("RESULT", args->files, "result files (one per job)")->required();
  cmd->add_flag("--json", args->json, "print one JSON object (solve --json's, plus campaign)");
  cmd->add_flag("--quiet", args->quiet, "print only the summary");
  cmd->callback([args, &exit_code] { exit_code = run_merge(*args); });
}

}  // namespace tilewise::cli
