// Best-board campaigns (docs/campaigns.md): every job runs the best search (best_search.hpp)
// for its budget with seeds of its own; its checkpoint is the best board so far and a resumed
// job searches on from that board; the merge keeps the best board, its score recounted.
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>

#include "core/clock.hpp"
#include "core/edge/campaign/campaign.hpp"
#include "core/threads.hpp"

namespace tilewise {
namespace {

double ms_between(Clock::time_point t0, Clock::time_point t1) {
  return std::chrono::duration<double, std::milli>(t1 - t0).count();
}

// Job `job`'s searches in its run `run` (0 = the first) start at this seed (see BestBudget).
std::uint64_t run_seed(const CampaignSpec& spec, int job, int run) {
  return spec.budget.seed + kBestSeedsPerJob * static_cast<std::uint64_t>(job) +
         kBestSeedsPerJob * static_cast<std::uint64_t>(spec.jobs) * static_cast<std::uint64_t>(run);
}

// Writes checkpoints while a run searches: on every new best board when checkpoint_every_ms
// is 0, else every checkpoint_every_ms (with the search time so far, the budget's clock).
class BestCheckpoints {
 public:
  BestCheckpoints(const JobResult& before, const JobRunOptions& run, Clock::time_point job_start)
      : live_(before),
        run_(run),
        job_start_(job_start),
        run_start_(Clock::now()),
        search_ms_before_(before.best.search_ms),
        wall_ms_before_(before.wall_ms) {
    if (run_.checkpoint && run_.checkpoint_every_ms > 0)
      saver_ = std::thread([this] { save_often(); });
  }
  ~BestCheckpoints() { stop(); }

  void improved(int score, const Solution& board) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (score <= live_.best.score) return;
    live_.best.score = score;
    live_.best.board = board;
    if (run_.checkpoint && run_.checkpoint_every_ms <= 0) save();
  }
  void stop() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      over_ = true;
    }
    wake_.notify_all();
    if (saver_.joinable()) saver_.join();
  }
  double search_ms() const { return search_ms_before_ + ms_between(run_start_, Clock::now()); }
  double wall_ms() const { return wall_ms_before_ + ms_between(job_start_, Clock::now()); }

 private:
  void save() {                        // mutex_ held
    if (live_.best.score < 0) return;  // no board yet
    live_.best.search_ms = search_ms();
    live_.wall_ms = wall_ms();
    run_.checkpoint(live_);
  }
  void save_often() {
    std::unique_lock<std::mutex> lock(mutex_);
    const std::chrono::duration<double, std::milli> every(run_.checkpoint_every_ms);
    while (!wake_.wait_for(lock, every, [this] { return over_; })) save();
  }

  JobResult live_;
  const JobRunOptions& run_;
  Clock::time_point job_start_, run_start_;
  double search_ms_before_, wall_ms_before_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool over_ = false;
  std::thread saver_;
};

}  // namespace

Result<CampaignPlan> plan_best_campaign(const EdgePuzzle& puzzle, const BestBudget& budget,
                                        int jobs) {
  if (jobs < 1 || jobs > 100000) return Error{"--jobs", "expected 1 to 100000 jobs"};
  if (budget.seconds <= 0 && budget.max_nodes == 0)
    return Error{"--seconds",
                 "a best-board campaign needs a budget per job (--seconds or "
                 "--max-nodes)"};
  // The puzzle must allow a complete board (tile kinds that fit the cells).
  if (Result<BestSearch> search = BestSearch::create(puzzle, budget.seed, 0); !search)
    return search.error();
  CampaignSpec spec;
  spec.puzzle = puzzle;
  spec.best = true;
  spec.budget = budget;
  spec.jobs = jobs;
  spec.above.nodes_per_depth.assign(puzzle.tiles.size() + 1, 0);
  CampaignPlan plan;
  plan.jobs.resize(jobs);
  for (int j = 0; j < jobs; ++j) {
    plan.jobs[j].spec = spec;
    plan.jobs[j].index = j;
    plan.jobs[j].estimated_work = 1;  // the same budget each
  }
  return plan;
}

Result<JobResult> run_best_job(const CampaignJob& job, const JobResult* resume,
                               const JobRunOptions& run) {
  const auto job_start = Clock::now();
  const CampaignSpec& spec = job.spec;
  const BestBudget& budget = spec.budget;
  JobResult r;
  if (resume) {
    r = *resume;
  } else {
    r.spec = spec;
    r.job = job.index;
  }
  r.job_checksum = json_checksum(job_json(job));
  r.threads = run.threads > 0 ? run.threads : hardware_threads();
  BestJobFigures& best = r.best;
  // What is left of the budget: the search time, the steps per search.
  const double left_ms = budget.seconds * 1000 - best.search_ms;
  const std::uint64_t steps_done = (best.nodes + r.threads - 1) / r.threads;
  const bool time_spent = budget.seconds > 0 && left_ms <= 0;
  const bool steps_spent = budget.max_nodes > 0 && steps_done >= budget.max_nodes;
  if (time_spent || steps_spent || best.score == max_board_score(spec.puzzle)) {
    r.finished = true;
    return r;
  }
  BestOptions o;
  o.seed = run_seed(spec, job.index, best.runs);
  o.threads = r.threads;
  o.seconds = budget.seconds > 0 ? left_ms / 1000 : 0;
  o.max_nodes = budget.max_nodes > 0 ? budget.max_nodes - steps_done : 0;
  o.max_beam_width = budget.max_beam_width;
  o.start = best.score >= 0 ? &best.board : nullptr;
  o.cancel = run.cancel;
  ++best.runs;
  BestCheckpoints checkpoints(r, run, job_start);
  o.on_improvement = [&](const BestImprovement& imp, const Solution& board) {
    checkpoints.improved(imp.score, board);
  };
  const Result<BestResult> found = best_search_parallel(spec.puzzle, o);
  checkpoints.stop();
  if (!found) return found.error();
  best.nodes += found->nodes;
  best.search_ms = checkpoints.search_ms();
  if (found->score > best.score) {
    best.score = found->score;
    best.board = found->board;
  }
  r.finished = !found->cancelled;
  r.wall_ms = checkpoints.wall_ms();
  return r;
}

Result<MergedCampaign> merge_best_results(const std::vector<NamedResult>& results) {
  MergedCampaign m;
  m.spec = results[0].result.spec;
  const EdgePuzzle& puzzle = m.spec.puzzle;
  m.best.max_score = max_board_score(puzzle);
  m.best.score = -1;
  std::string problems;
  auto refuse = [&](const std::string& problem) {
    problems += (problems.empty() ? "" : "; ") + problem;
  };
  for (const NamedResult& n : results) {
    const BestJobFigures& f = n.result.best;
    // Never the job's word: the board must be a complete legal board and its score is
    // counted again here from the puzzle's sides.
    if (const Result<bool> legal = check_complete_board(puzzle, f.board); !legal) {
      refuse(n.name + " holds a board that is not a complete board of the puzzle (" +
             legal.error().to_string() + ")");
      continue;
    }
    const int score = board_score(puzzle, f.board);
    if (score != f.score) {
      refuse(n.name + " says its board scores " + std::to_string(f.score) + ", it scores " +
             std::to_string(score));
      continue;
    }
    m.best.nodes += f.nodes;
    if (score > m.best.score || (score == m.best.score && n.result.job < m.best.job)) {
      m.best.score = score;
      m.best.job = n.result.job;
      m.best.board = f.board;
    }
  }
  if (!problems.empty()) return Error{"merge", "refusing to merge: " + problems};
  return m;
}

}  // namespace tilewise
