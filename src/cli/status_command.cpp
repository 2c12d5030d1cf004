// tilewise status DIR [--json]: how far a campaign's jobs are.
#include <filesystem>
#include <iostream>

#include "cli/campaign_files.hpp"
#include "cli/commands.hpp"
#include "core/json_text.hpp"

namespace tilewise::cli {
namespace {

struct StatusArgs {
  std::string dir;
  bool json = false;
};

bool is_job_file(const std::filesystem::path& p) {
  const std::string name = p.filename().string();
  auto ends_with = [&](const std::string& tail) {
    return name.size() >= tail.size() &&
           name.compare(name.size() - tail.size(), tail.size(), tail) == 0;
  };
  return name.rfind("job-", 0) == 0 && ends_with(".json") && !ends_with(".result.json") &&
         !ends_with(".checkpoint.json");
}

int run_status(const StatusArgs& a) {
  namespace fs = std::filesystem;
  std::error_code error;
  if (!fs::is_directory(a.dir, error)) {
    std::cerr << "tilewise: " << a.dir << ": not a folder\n";
    return kExitBadInput;
  }
  std::vector<std::string> jobs;
  for (const auto& entry : fs::directory_iterator(a.dir))
    if (is_job_file(entry.path())) jobs.push_back(entry.path().string());
  std::sort(jobs.begin(), jobs.end());
  if (jobs.empty()) {
    std::cerr << "tilewise: " << a.dir << ": no job files (job-*.json)\n";
    return kExitBadInput;
  }
  int done = 0, running = 0, left = 0;
  std::uint64_t count = 0, nodes = 0, prefixes_done = 0, prefixes = 0;
  std::vector<int> running_jobs, left_jobs;
  // Best mode: the best score in the results and checkpoints so far (the job's own count).
  struct {
    int score = -1, job = -1;
  } best;
  bool best_mode = false;
  int max_score = 0;
  for (const std::string& path : jobs) {
    std::optional<CampaignJob> job = read_job_file(path);
    if (!job) return kExitBadInput;
    prefixes += job->prefixes.size();
    const std::string result = result_path_for(path), checkpoint = checkpoint_path_for(path);
    std::optional<JobResult> r;
    if (fs::exists(result)) {
      r = read_result_file(result);
      if (!r) return kExitBadInput;
      ++done;
    } else if (fs::exists(checkpoint)) {
      r = read_result_file(checkpoint);
      if (!r) return kExitBadInput;
      ++running;
      running_jobs.push_back(job->index);
    } else {
      ++left;
      left_jobs.push_back(job->index);
    }
    if (r) {
      count += r->tally.count;
      nodes += r->tally.stats.nodes + r->best.nodes;
      prefixes_done += r->prefixes_done.size();
      if (r->best.score > best.score) best = {r->best.score, job->index};
    }
    best_mode = job->spec.best;
    max_score = max_board_score(job->spec.puzzle);
  }
  if (a.json) {
    nlohmann::json j = {{"jobs", jobs.size()},          {"done", done},
                        {"running", running},           {"left", left},
                        {"running_jobs", running_jobs}, {"left_jobs", left_jobs},
                        {"nodes_so_far", nodes}};
    if (best_mode) {
      j["best_score_so_far"] = best.score >= 0 ? nlohmann::json(best.score) : nullptr;
      j["best_job"] = best.job >= 0 ? nlohmann::json(best.job) : nullptr;
      j["max_score"] = max_score;
    } else {
      j["prefixes"] = prefixes;
      j["prefixes_done"] = prefixes_done;
      j["count_so_far"] = count;
    }
    std::cout << json_text(j) << "\n";
  } else {
    std::cout << jobs.size() << " jobs: " << done << " done, " << running
              << " running (checkpointed), " << left << " left\n";
    if (!best_mode)
      std::cout << "prefixes searched: " << prefixes_done << " of " << prefixes << "\n"
                << "so far: count " << count << ", nodes " << nodes << "\n";
    else if (best.score < 0)
      std::cout << "no board yet\n";
    else
      std::cout << "best score so far: " << best.score << " of " << max_score << " (job "
                << best.job << "; as the job counted it, merge recounts), steps " << nodes << "\n";
  }
  return kExitOk;
}

}  // namespace

void add_status_command(CLI::App& app, int& exit_code) {
  auto args = std::make_shared<StatusArgs>();
  auto* cmd = app.add_subcommand("status", "How many jobs of a campaign are done, running, left");
  cmd->add_option("DIR", args->dir, "the campaign's folder (job files, results, checkpoints)")
      ->required();
  cmd->add_flag("--json", args->json, "print one JSON object");
  cmd->callback([args, &exit_code] { exit_code = run_status(*args); });
}

}  // namespace tilewise::cli
