#include "core/edge/campaign/campaign.hpp"

#include <algorithm>
#include <chrono>
#include <map>
#include <mutex>
#include <numeric>
#include <queue>

#include "core/clock.hpp"
#include "core/threads.hpp"

namespace tilewise {
namespace {

// The tree a campaign cuts: first mode cuts (and searches) the tree of a plain listing.
SolveOptions cut_options(const SolveOptions& o) {
  SolveOptions c = o;
  c.limit = 0;
  if (c.mode == SolveMode::kFirst) c.mode = SolveMode::kCount;
  return c;
}

// How each prefix is searched and tallied: first mode stops at a prefix's first solution and
// keeps one (the tally's first in prefix order is the single search's first solution).
SolveOptions prefix_options(const SolveOptions& o) {
  SolveOptions p = o;
  p.limit = 0;
  if (p.mode == SolveMode::kFirst) p.mode = SolveMode::kAll, p.limit = 1, p.max_kept = 1;
  return p;
}

bool starts_with(const std::vector<std::uint16_t>& board,
                 const std::vector<std::uint16_t>& prefix) {
  return board.size() >= prefix.size() && std::equal(prefix.begin(), prefix.end(), board.begin());
}

// 1 + the partial boards below each prefix at a deeper cut.
std::vector<std::uint64_t> estimate_work(const EdgePuzzle& puzzle, const SolveOptions& options,
                                         const std::vector<std::vector<std::uint16_t>>& prefixes,
                                         int& depth) {
  std::vector<std::uint64_t> work(prefixes.size(), 1);
  if (prefixes.empty()) return work;
  const auto deeper = split_search(puzzle, options, 16 * prefixes.size(), nullptr, nullptr);
  size_t j = 0;
  for (const std::vector<std::uint16_t>& board : deeper->prefixes()) {
    while (j < prefixes.size() && !starts_with(board, prefixes[j])) ++j;
    if (j == prefixes.size()) break;
    ++work[j];
  }
  depth = deeper->prefixes().empty() ? 0 : static_cast<int>(deeper->prefixes()[0].size());
  return work;
}

std::string join(const std::vector<std::string>& parts, const char* separator) {
  std::string out;
  for (const std::string& p : parts) out += (out.empty() ? "" : separator) + p;
  return out;
}

std::string number_list(const std::vector<std::uint32_t>& numbers) {
  std::vector<std::string> words;
  for (size_t k = 0; k < numbers.size() && k < 20; ++k) words.push_back(std::to_string(numbers[k]));
  if (numbers.size() > 20) words.push_back("... (" + std::to_string(numbers.size()) + " in all)");
  return join(words, ", ");
}

}  // namespace

Result<CampaignPlan> plan_campaign(const EdgePuzzle& puzzle, const SolveOptions& options, int jobs,
                                   int prefixes_per_job) {
  if (jobs < 1 || jobs > 100000) return Error{"--jobs", "expected 1 to 100000 jobs"};
  if (prefixes_per_job < 1 || prefixes_per_job > 4096)
    return Error{"--prefixes-per-job", "expected 1 to 4096"};
  if (options.limit != 0) return Error{"--limit", "a campaign searches to the end (no limit)"};
  const SolveOptions cut = cut_options(options);
  const std::unique_ptr<EdgeSearch> split =
      split_search(puzzle, cut, static_cast<size_t>(jobs) * static_cast<size_t>(prefixes_per_job),
                   nullptr, nullptr);
  const auto& prefixes = split->prefixes();
  CampaignSpec spec;
  spec.puzzle = puzzle;
  spec.options = options;
  spec.options.limit = 0;
  // Without prefixes the tree ended above the cut; a cut below its deepest board says so too.
  spec.cut_depth =
      prefixes.empty() ? split->stats().max_depth + 1 : static_cast<int>(prefixes[0].size());
  spec.prefix_count = static_cast<std::uint32_t>(prefixes.size());
  spec.jobs = jobs;
  spec.above = split->stats();
  spec.above.elapsed_ms = 0;
  spec.boards_are_solutions = split->boards_are_solutions();

  CampaignPlan plan;
  const std::vector<std::uint64_t> work = estimate_work(puzzle, cut, prefixes, plan.estimate_depth);
  std::vector<std::uint32_t> by_work(prefixes.size());
  std::iota(by_work.begin(), by_work.end(), 0u);
  std::stable_sort(by_work.begin(), by_work.end(),
                   [&](std::uint32_t a, std::uint32_t b) { return work[a] > work[b]; });
  // Largest first, each to the least loaded job (ties: the lowest job number).
  using Load = std::pair<std::uint64_t, int>;
  std::priority_queue<Load, std::vector<Load>, std::greater<Load>> loads;
  for (int j = 0; j < jobs; ++j) loads.push({0, j});
  plan.jobs.resize(jobs);
  for (std::uint32_t k : by_work) {
    auto [load, j] = loads.top();
    loads.pop();
    plan.jobs[j].prefix_indices.push_back(k);
    loads.push({load + work[k], j});
  }
  std::uint64_t largest = 0, total = 0;
  for (int j = 0; j < jobs; ++j) {
    CampaignJob& job = plan.jobs[j];
    job.spec = spec;
    job.index = j;
    std::sort(job.prefix_indices.begin(), job.prefix_indices.end());
    for (std::uint32_t k : job.prefix_indices) {
      job.prefixes.push_back(prefixes[k]);
      job.estimated_work += work[k];
    }
    largest = std::max(largest, job.estimated_work);
    total += job.estimated_work;
  }
  plan.estimated_imbalance = total ? static_cast<double>(largest) * jobs / total : 1;
  return plan;
}

Result<JobResult> run_job(const CampaignJob& job, const JobResult* resume,
                          const JobRunOptions& run) {
  const auto t0 = Clock::now();
  const CampaignSpec& spec = job.spec;
  if (resume && (campaign_id(resume->spec) != campaign_id(spec) || resume->job != job.index))
    return Error{"checkpoint", "belongs to job " + std::to_string(resume->job) + " of campaign " +
                                   campaign_id(resume->spec) + ", not to job " +
                                   std::to_string(job.index) + " of " + campaign_id(spec)};
  if (spec.best) return run_best_job(job, resume, run);
  EdgeSearch cut(spec.puzzle, cut_options(spec.options));
  cut.set_split_depth(spec.cut_depth);
  while (!cut.run(1 << 16)) {
  }
  const std::string mismatch =
      "the tree cut again here differs from the job file's (made by "
      "another build of tilewise?): ";
  if (cut.prefixes().size() != spec.prefix_count || cut.stats().nodes != spec.above.nodes)
    return Error{"job " + std::to_string(job.index),
                 mismatch + std::to_string(cut.prefixes().size()) + " prefixes at depth " +
                     std::to_string(spec.cut_depth) + ", the file says " +
                     std::to_string(spec.prefix_count)};
  for (size_t i = 0; i < job.prefixes.size(); ++i)
    if (cut.prefixes()[job.prefix_indices[i]] != job.prefixes[i])
      return Error{"job " + std::to_string(job.index),
                   mismatch + "prefix " + std::to_string(job.prefix_indices[i])};

  const SolveOptions options = prefix_options(spec.options);
  const bool first = spec.options.mode == SolveMode::kFirst;
  JobResult r;
  if (resume) {
    r = *resume;
    for (std::uint32_t k : r.prefixes_done)
      if (!std::binary_search(job.prefix_indices.begin(), job.prefix_indices.end(), k))
        return Error{"checkpoint", "has prefix " + std::to_string(k) + ", which job " +
                                       std::to_string(job.index) + " does not own"};
  } else {
    r.spec = spec;
    r.job = job.index;
    r.tally.stats.nodes_per_depth.assign(spec.puzzle.tiles.size() + 1, 0);
  }
  r.job_checksum = json_checksum(job_json(job));
  r.prefixes_owned = static_cast<std::uint32_t>(job.prefixes.size());
  r.threads = run.threads > 0 ? run.threads : hardware_threads();

  std::vector<std::uint32_t> global;
  std::vector<std::vector<std::uint16_t>> left;
  for (size_t i = 0; i < job.prefixes.size(); ++i)
    if (!std::binary_search(r.prefixes_done.begin(), r.prefixes_done.end(),
                            job.prefix_indices[i])) {
      global.push_back(job.prefix_indices[i]);
      left.push_back(job.prefixes[i]);
    }
  // First mode: prefixes after one with a solution need no search.
  std::atomic<std::uint32_t> best{UINT32_MAX};
  if (first && !r.tally.solutions.empty()) best = r.tally.solutions.front().prefix;
  const double wall_before = r.wall_ms;
  auto last_checkpoint = Clock::now();
  PrefixRun prefix_run;
  prefix_run.threads = r.threads;
  prefix_run.cancel = run.cancel;
  if (first) prefix_run.skip = [&](size_t i) { return global[i] > best.load(); };
  prefix_run.done = [&](size_t i, const EdgeSearch& s, bool stopped) {
    if (stopped) return;  // cancelled or no longer needed: not recorded
    r.tally.add(global[i], s, options);
    r.prefixes_done.insert(
        std::upper_bound(r.prefixes_done.begin(), r.prefixes_done.end(), global[i]), global[i]);
    if (first && s.count() > 0 && global[i] < best) best = global[i];
    if (run.checkpoint && ms_since(last_checkpoint) >= run.checkpoint_every_ms) {
      r.tally.normalize(options);
      r.wall_ms = wall_before + ms_since(t0);
      run.checkpoint(r);
      last_checkpoint = Clock::now();
    }
  };
  search_prefixes(spec.puzzle, options, left, prefix_run);
  r.tally.normalize(options);
  r.finished = true;
  for (std::uint32_t k : job.prefix_indices)
    if (k <= best && !std::binary_search(r.prefixes_done.begin(), r.prefixes_done.end(), k))
      r.finished = false;
  r.wall_ms = wall_before + ms_since(t0);
  return r;
}

namespace {
Result<MergedCampaign> merge_tallies(const std::vector<NamedResult>& results);
std::uint64_t job_nodes(const JobResult& r) {
  return r.spec.best ? r.best.nodes : r.tally.stats.nodes;
}
}  // namespace

Result<MergedCampaign> merge_results(const std::vector<NamedResult>& results) {
  if (results.empty()) return Error{"merge", "no results given"};
  const CampaignSpec& spec = results[0].result.spec;
  const std::string id = campaign_id(spec);
  std::vector<std::string> problems;
  std::map<int, std::string> seen;
  for (const NamedResult& n : results) {
    const JobResult& r = n.result;
    if (campaign_id(r.spec) != id) {
      problems.push_back(n.name + " is from another campaign (puzzle, options or cut differ: " +
                         campaign_id(r.spec) + ", not " + id + " as " + results[0].name + ")");
      continue;
    }
    if (r.job < 0 || r.job >= spec.jobs) {
      problems.push_back(n.name + " names job " + std::to_string(r.job) + " of " +
                         std::to_string(spec.jobs));
      continue;
    }
    if (!r.finished)
      problems.push_back(n.name + " is unfinished (a checkpoint: " +
                         (r.spec.best ? std::to_string(r.best.runs) + " runs, best score " +
                                            std::to_string(r.best.score)
                                      : std::to_string(r.prefixes_done.size()) + " of " +
                                            std::to_string(r.prefixes_owned) + " prefixes done") +
                         ")");
    auto [at, fresh] = seen.emplace(r.job, n.name);
    if (!fresh)
      problems.push_back("job " + std::to_string(r.job) + " is given twice (" + at->second +
                         " and " + n.name + ")");
  }
  std::vector<std::uint32_t> missing;
  for (int j = 0; j < spec.jobs; ++j)
    if (!seen.count(j)) missing.push_back(static_cast<std::uint32_t>(j));
  if (!missing.empty())
    problems.push_back("missing the results of job " + number_list(missing) + " (of " +
                       std::to_string(spec.jobs) + " jobs)");
  if (!problems.empty()) return Error{"merge", "refusing to merge: " + join(problems, "; ")};

  Result<MergedCampaign> merged = spec.best ? merge_best_results(results) : merge_tallies(results);
  if (!merged) return merged;
  MergedCampaign& m = *merged;
  m.job_wall_ms_min = m.job_wall_ms_max = results[0].result.wall_ms;
  m.job_nodes_min = m.job_nodes_max = job_nodes(results[0].result);
  for (const NamedResult& n : results) {
    m.job_wall_ms_min = std::min(m.job_wall_ms_min, n.result.wall_ms);
    m.job_wall_ms_max = std::max(m.job_wall_ms_max, n.result.wall_ms);
    m.job_wall_ms_sum += n.result.wall_ms;
    m.job_nodes_min = std::min(m.job_nodes_min, job_nodes(n.result));
    m.job_nodes_max = std::max(m.job_nodes_max, job_nodes(n.result));
  }
  return merged;
}

namespace {

// The tallies of a count, all or first campaign (merge_results checked the results).
Result<MergedCampaign> merge_tallies(const std::vector<NamedResult>& results) {
  const CampaignSpec& spec = results[0].result.spec;
  const SolveOptions options = prefix_options(spec.options);
  const bool first = spec.options.mode == SolveMode::kFirst;
  PrefixTally tally;
  tally.add_stats(spec.above);
  MergedCampaign m;
  m.spec = spec;
  std::vector<int> done(spec.prefix_count, 0);
  for (const NamedResult& n : results) {
    tally.add(n.result.tally, options);
    for (std::uint32_t k : n.result.prefixes_done)
      if (k < done.size()) ++done[k];
  }
  // Every prefix searched once (first mode: every prefix up to the first solution's).
  tally.normalize(options);
  const std::uint32_t needed =
      first && !tally.solutions.empty() ? tally.solutions[0].prefix + 1 : spec.prefix_count;
  std::vector<std::uint32_t> unsearched, twice;
  for (std::uint32_t k = 0; k < spec.prefix_count; ++k) {
    if (k < needed && done[k] == 0) unsearched.push_back(k);
    if (done[k] > 1) twice.push_back(k);
  }
  if (!unsearched.empty() || !twice.empty())
    return Error{"merge", "refusing to merge: prefixes not searched: [" + number_list(unsearched) +
                              "], searched twice: [" + number_list(twice) + "]"};
  m.result = tally_result(std::move(tally), options, spec.boards_are_solutions, spec.puzzle.rows,
                          spec.puzzle.cols);
  if (first) {  // one solution (the single search's first), or none after the whole tree
    m.result.count = std::min<std::uint64_t>(m.result.count, 1);
    m.result.distinct_boards = m.result.count;
    m.result.solutions_truncated = false;
    m.result.complete = m.result.count == 0;
  }
  return m;
}

}  // namespace
}  // namespace tilewise
