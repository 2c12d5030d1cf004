// Search campaigns: one count, all or first search cut into jobs that run anywhere (other
// machines, batch engines such as Slurm) and merge into exactly what one `tilewise solve`
// reports. The cut is the threads' (split_search), the tally theirs too (PrefixTally). Job,
// result and checkpoint files are JSON with a checksum (docs/campaigns.md). Native only.
// Best mode (campaign_best.cpp): every job runs the best-board search (best_search.hpp) with
// seeds of its own for its budget; the merge keeps the best board, its score recounted.
#pragma once

#include <atomic>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "core/edge/best/best_search.hpp"
#include "core/edge/search/parallel.hpp"
#include "core/result.hpp"

namespace tilewise {

inline constexpr int kCampaignFormatVersion = 1;

// Best mode: what each job searches. Job j's searches use the seeds seed + j * 256 + k (k <
// its threads); a resumed run adds run * jobs * 256, so no two searches share a seed.
struct BestBudget {
  std::uint64_t seed = 1;
  double seconds = 0;           // the job's search time, summed over its runs (0 = none)
  std::uint64_t max_nodes = 0;  // steps per search per run (0 = none)
  int max_beam_width = BestSearch::kDefaultMaxBeamWidth;
};
inline constexpr std::uint64_t kBestSeedsPerJob = 256;

// What every job of one campaign shares (its hash is the campaign id).
struct CampaignSpec {
  EdgePuzzle puzzle;
  SolveOptions options;  // mode, order, symmetry, max_kept (no limit); unused in best mode
  bool best = false;     // best mode: no cut (no prefixes), `budget` instead
  BestBudget budget;
  int cut_depth = 0;
  std::uint32_t prefix_count = 0;
  int jobs = 0;
  SolveStats above;  // the levels above the cut (nodes, tries, nodes per depth)
  bool boards_are_solutions = false;
};

struct CampaignJob {
  CampaignSpec spec;
  int index = 0;
  std::vector<std::uint32_t> prefix_indices;         // ascending
  std::vector<std::vector<std::uint16_t>> prefixes;  // oriented ids (tile * 4 + rotation)
  std::uint64_t estimated_work = 0;
};

struct CampaignPlan {
  std::vector<CampaignJob> jobs;
  int estimate_depth = 0;          // partial boards counted there estimate a prefix's work
  double estimated_imbalance = 1;  // largest job's estimate / the mean
};

// Cuts the tree into at least jobs * prefixes_per_job prefixes and deals them to `jobs` jobs
// (largest estimate first, to the least loaded job). A prefix's estimated work is 1 + its
// partial boards at a deeper cut (about 16 times as many boards as prefixes).
Result<CampaignPlan> plan_campaign(const EdgePuzzle& puzzle, const SolveOptions& options, int jobs,
                                   int prefixes_per_job);

// Best mode: a job's best board so far.
struct BestJobFigures {
  Solution board;
  int score = -1;           // as the job counted it (merge recounts it from the board)
  std::uint64_t nodes = 0;  // steps of the runs that ended (a run killed outright is lost)
  double search_ms = 0;     // search time, summed over the runs (the budget's clock)
  int runs = 0;             // runs started (a resumed job ran more than once)
};

// A job's result, or its checkpoint while it runs (finished = false).
struct JobResult {
  CampaignSpec spec;
  int job = 0;
  std::string job_checksum;
  std::vector<std::uint32_t> prefixes_done;  // ascending
  std::uint32_t prefixes_owned = 0;
  bool finished = false;
  PrefixTally tally;
  BestJobFigures best;  // best mode only
  double wall_ms = 0;   // summed over the runs (a resumed job ran more than once)
  int threads = 0;
};

struct JobRunOptions {
  int threads = 0;  // 0 = every core
  const std::atomic<bool>* cancel = nullptr;
  double checkpoint_every_ms = 10000;
  std::function<void(const JobResult&)> checkpoint;  // called with the figures so far
};

// Runs a job (resuming from `resume` when given). The cut is made again and must give the
// job's prefixes (else: an error naming the mismatch). Cancelled: finished = false.
Result<JobResult> run_job(const CampaignJob& job, const JobResult* resume,
                          const JobRunOptions& run);

// Best mode: the best board of all jobs (ties: the lowest job), its score recounted.
struct MergedBest {
  Solution board;
  int score = 0, max_score = 0, job = 0;
  std::uint64_t nodes = 0;  // all jobs' steps
};

struct MergedCampaign {
  CampaignSpec spec;
  SolveResult result;  // count, all and first modes
  MergedBest best;     // best mode
  double job_wall_ms_min = 0, job_wall_ms_max = 0, job_wall_ms_sum = 0;
  std::uint64_t job_nodes_min = 0, job_nodes_max = 0;
};

// Merges every job's result. Refuses (naming the files) results missing, duplicated,
// unfinished, from another campaign or format version; best mode: boards that are not
// complete legal boards or whose score is not the one recounted from the board.
struct NamedResult {
  std::string name;
  JobResult result;
};
Result<MergedCampaign> merge_results(const std::vector<NamedResult>& results);

// Best mode (campaign_best.cpp), as plan_campaign / run_job / merge_results call them.
Result<CampaignPlan> plan_best_campaign(const EdgePuzzle& puzzle, const BestBudget& budget,
                                        int jobs);
Result<JobResult> run_best_job(const CampaignJob& job, const JobResult* resume,
                               const JobRunOptions& run);
// The results are those of one campaign, each job once, every one finished.
Result<MergedCampaign> merge_best_results(const std::vector<NamedResult>& results);

// Files. Reading checks the format, its version and the checksum.
std::string campaign_id(const CampaignSpec& spec);
nlohmann::json job_json(const CampaignJob& job);
nlohmann::json job_result_json(const JobResult& result);
Result<CampaignJob> parse_job(std::string_view text, std::string_view source);
Result<JobResult> parse_job_result(std::string_view text, std::string_view source);
// The checksum written into a file: FNV-1a 64 of the object without "checksum", in hex.
std::string json_checksum(const nlohmann::json& object);

}  // namespace tilewise
