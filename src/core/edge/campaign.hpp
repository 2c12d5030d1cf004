// Search campaigns: one count, all or first search cut into jobs that run anywhere (other
// machines, batch engines such as Slurm) and merge into exactly what one `tilewise solve`
// reports. The cut is the threads' (split_search), the tally theirs too (PrefixTally). Job,
// result and checkpoint files are JSON with a checksum (docs/campaigns.md). Native only.
#pragma once

#include <atomic>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "core/edge/parallel.hpp"
#include "core/result.hpp"

namespace tilewise {

inline constexpr int kCampaignFormatVersion = 1;

// What every job of one campaign shares (its hash is the campaign id).
struct CampaignSpec {
  EdgePuzzle puzzle;
  SolveOptions options;  // mode, order, symmetry, max_kept (no limit)
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

// A job's result, or its checkpoint while it runs (finished = false).
struct JobResult {
  CampaignSpec spec;
  int job = 0;
  std::string job_checksum;
  std::vector<std::uint32_t> prefixes_done;  // ascending
  std::uint32_t prefixes_owned = 0;
  bool finished = false;
  PrefixTally tally;
  double wall_ms = 0;  // summed over the runs (a resumed job ran more than once)
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

struct MergedCampaign {
  CampaignSpec spec;
  SolveResult result;
  double job_wall_ms_min = 0, job_wall_ms_max = 0, job_wall_ms_sum = 0;
  std::uint64_t job_nodes_min = 0, job_nodes_max = 0;
};

// Merges every job's result. Refuses (naming the files) results missing, duplicated,
// unfinished, from another campaign or format version.
struct NamedResult {
  std::string name;
  JobResult result;
};
Result<MergedCampaign> merge_results(const std::vector<NamedResult>& results);

// Files. Reading checks the format, its version and the checksum.
std::string campaign_id(const CampaignSpec& spec);
nlohmann::json job_json(const CampaignJob& job);
nlohmann::json job_result_json(const JobResult& result);
Result<CampaignJob> parse_job(std::string_view text, std::string_view source);
Result<JobResult> parse_job_result(std::string_view text, std::string_view source);
// The checksum written into a file: FNV-1a 64 of the object without "checksum", in hex.
std::string json_checksum(const nlohmann::json& object);

}  // namespace tilewise
