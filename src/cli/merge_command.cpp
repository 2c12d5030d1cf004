// tilewise merge RESULT... [--json] [--quiet]: count, all and first campaigns merge into what
// `solve` prints; best campaigns into the best board of all jobs.
#include <iostream>

#include "cli/campaign_files.hpp"
#include "cli/commands.hpp"
#include "cli/result_output.hpp"
#include "core/edge/model/json.hpp"
#include "core/json_text.hpp"
#include "core/link/bucas.hpp"

namespace tilewise::cli {
namespace {

struct MergeArgs {
  std::vector<std::string> files;
  bool json = false, quiet = false;
};

// The campaign's figures: id, jobs, the spread of the jobs' wall times and nodes.
nlohmann::json campaign_json(const MergedCampaign& m) {
  return {{"id", campaign_id(m.spec)},
          {"jobs", m.spec.jobs},
          {"prefixes", m.spec.prefix_count},
          {"job_wall_ms_min", m.job_wall_ms_min},
          {"job_wall_ms_max", m.job_wall_ms_max},
          {"job_wall_ms_sum", m.job_wall_ms_sum},
          {"job_nodes_min", m.job_nodes_min},
          {"job_nodes_max", m.job_nodes_max}};
}
void print_campaign_line(const MergedCampaign& m) {
  std::cout << "campaign " << campaign_id(m.spec) << ": " << m.spec.jobs << " jobs, job wall time "
            << m.job_wall_ms_min << " to " << m.job_wall_ms_max << " ms (sum " << m.job_wall_ms_sum
            << "), job nodes " << m.job_nodes_min << " to " << m.job_nodes_max << "\n";
}

// Best mode: the best board of every job's, its score recounted by the merge.
int print_best(const MergedCampaign& m, const MergeArgs& a) {
  const MergedBest& b = m.best;
  if (a.json) {
    nlohmann::json j = {{"mode", "best"},
                        {"score", b.score},
                        {"max_score", b.max_score},
                        {"board", board_cells_json(b.board)},
                        {"job", b.job},
                        {"nodes", b.nodes},
                        {"campaign", campaign_json(m)}};
    if (const Result<std::string> link = encode_bucas_link(m.spec.puzzle, b.board.cells))
      j["bucas_link"] = "https://e2.bucas.name/#" + *link;
    std::cout << json_text(j) << "\n";
    return kExitOk;
  }
  std::cout << "best board: score " << b.score << " of " << b.max_score
            << " inner edges matched (recounted; job " << b.job << "), " << b.nodes
            << " steps in all\n";
  if (!a.quiet) print_best_board(m.spec.puzzle, b.board);
  print_campaign_line(m);
  return kExitOk;
}

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
  if (m->spec.best) return print_best(*m, a);
  const SolveResult& r = m->result;
  if (a.json) {
    nlohmann::json j = solve_result_json(r);
    j["interrupted"] = false;
    j["campaign"] = campaign_json(*m);
    std::cout << json_text(j) << "\n";
  } else {
    print_human(m->spec.puzzle, r, false, m->spec.options.mode != SolveMode::kCount && !a.quiet);
    print_campaign_line(*m);
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
