// tilewise job JOBFILE [--out RESULT] [--checkpoint FILE] [--threads N] [--checkpoint-every S]
#include <atomic>
#include <csignal>
#include <filesystem>
#include <iostream>
#include <string>

#include "cli/campaign_files.hpp"
#include "cli/commands.hpp"
#include "core/json_text.hpp"

namespace tilewise::cli {
namespace {

std::atomic<bool> g_stop{false};
extern "C" void on_stop_signal(int) {
  g_stop = true;
}

// How far a checkpoint got; what a finished job found.
std::string progress(const JobResult& r) {
  if (r.spec.best)
    return "best score " + std::to_string(r.best.score) + " after " +
           std::to_string(static_cast<std::int64_t>(r.best.search_ms)) + " ms of search";
  return std::to_string(r.prefixes_done.size()) + " of " + std::to_string(r.prefixes_owned) +
         " prefixes done";
}
std::string outcome(const JobResult& r) {
  if (r.spec.best)
    return "best score " + std::to_string(r.best.score) + " of " +
           std::to_string(max_board_score(r.spec.puzzle)) + ", " + std::to_string(r.best.nodes) +
           " steps in " + std::to_string(r.best.runs) + " run(s)";
  return std::to_string(r.prefixes_done.size()) + " prefixes, count " +
         std::to_string(r.tally.count) + ", nodes " + std::to_string(r.tally.stats.nodes);
}
// A best job always has a board; a search job's share may hold no solution (exit 1).
int exit_code_of(const JobResult& r) {
  return r.spec.best || r.tally.count > 0 ? kExitOk : kExitNoSolution;
}

struct JobArgs {
  std::string file, out, checkpoint;
  int threads = 0;
  double checkpoint_every_s = 10;
};

int run_job_command(const JobArgs& a) {
  std::optional<CampaignJob> job = read_job_file(a.file);
  if (!job) return kExitBadInput;
  const std::string out = a.out.empty() ? result_path_for(a.file) : a.out;
  // Run again (a requeued task) after it finished: the result stands.
  if (std::filesystem::exists(out)) {
    std::optional<JobResult> done = read_result_file(out);
    if (!done) return kExitBadInput;  // never overwrite what may be someone's result
    if (done->finished && done->job == job->index &&
        campaign_id(done->spec) == campaign_id(job->spec)) {
      std::cout << "job " << job->index << ": already done (" << out << "), " << outcome(*done)
                << "\n";
      return exit_code_of(*done);
    }
    std::cerr << "tilewise: " << out << ": holds another job's result; not overwritten\n";
    return kExitBadInput;
  }
  std::optional<JobResult> resume;
  if (!a.checkpoint.empty() && std::filesystem::exists(a.checkpoint)) {
    resume = read_result_file(a.checkpoint);
    if (!resume) return kExitBadInput;
    std::cout << "job " << job->index << ": resuming from " << a.checkpoint << " ("
              << progress(*resume) << ")" << std::endl;
  }
  JobRunOptions run;
  run.threads = a.threads;
  run.cancel = &g_stop;
  run.checkpoint_every_ms = a.checkpoint_every_s * 1000;
  bool written = true;
  if (!a.checkpoint.empty())
    run.checkpoint = [&](const JobResult& r) {
      written = write_file_atomically(a.checkpoint, json_text(job_result_json(r)) + "\n");
    };
  g_stop = false;
  auto previous_int = std::signal(SIGINT, on_stop_signal);
  auto previous_term = std::signal(SIGTERM, on_stop_signal);
  Result<JobResult> r = run_job(*job, resume ? &*resume : nullptr, run);
  std::signal(SIGINT, previous_int);
  std::signal(SIGTERM, previous_term);
  if (!r) {
    std::cerr << "tilewise: " << r.error().to_string() << "\n";
    return kExitBadInput;
  }
  if (!r->finished) {
    if (run.checkpoint) run.checkpoint(*r);
    std::cout << "job " << job->index << ": stopped (" << progress(*r) << ")"
              << (run.checkpoint && written ? "; checkpoint " + a.checkpoint : "") << "\n";
    return kExitInterrupted;
  }
  if (!write_file_atomically(out, json_text(job_result_json(*r)) + "\n")) return kExitInternal;
  if (!a.checkpoint.empty()) std::filesystem::remove(a.checkpoint);
  std::cout << "job " << job->index << ": " << outcome(*r) << ", " << r->wall_ms << " ms on "
            << r->threads << " threads -> " << out << "\n";
  return exit_code_of(*r);
}

}  // namespace

void add_job_command(CLI::App& app, int& exit_code) {
  auto args = std::make_shared<JobArgs>();
  auto* cmd = app.add_subcommand("job", "Run one job file of a campaign (made by split)");
  cmd->add_option("JOBFILE", args->file, "job file")->required();
  cmd->add_option("--out", args->out, "result file (default: JOB.result.json next to the job)");
  cmd->add_option("--checkpoint", args->checkpoint,
                  "checkpoint file: written as prefixes finish and on SIGTERM/SIGINT; a run "
                  "finding it resumes from it");
  cmd->add_option("--checkpoint-every", args->checkpoint_every_s,
                  "seconds between checkpoints (default 10)")
      ->check(CLI::Range(0.0, 86400.0));
  cmd->add_option("--threads", args->threads,
                  "threads (0 = every core; results do not depend on it)")
      ->check(CLI::Range(0, 256));
  cmd->callback([args, &exit_code] { exit_code = run_job_command(*args); });
}

}  // namespace tilewise::cli
