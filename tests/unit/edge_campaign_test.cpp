// Campaigns: jobs run separately (and resumed) merge into exactly the single search's result;
// bad or foreign files are refused with the reason.
#include <gtest/gtest.h>

#include <map>

#include "core/edge/campaign/campaign.hpp"
#include "core/edge/model/format.hpp"
#include "core/edge/model/generator.hpp"
#include "core/edge/search/tree_estimate.hpp"
#include "edge_brute_force.hpp"
#include "merge_refusal.hpp"
#include "same_result.hpp"

namespace tilewise {
namespace {

EdgePuzzle generated(std::uint64_t seed) {
  GenerateOptions g;
  g.rows = 4;
  g.cols = 4 + static_cast<int>(seed % 2);
  g.seed = seed;
  g.rule = seed % 2 ? MatchRule::kEqual : MatchRule::kComplement;
  g.border = seed % 4 == 1 ? BorderRule::kFrame0 : BorderRule::kFree;  // frames: equal rule
  // Some dozens of solutions, some boards alike (frames), in milliseconds.
  g.motifs = g.border == BorderRule::kFrame0 ? 3 : g.rule == MatchRule::kEqual ? 10 : 4;
  Result<EdgePuzzle> p = generate_puzzle(g);
  EXPECT_TRUE(p.ok()) << p.error().to_string();
  return *p;
}

// Every job run on its own (through its file and its result file), then merged.
Result<MergedCampaign> run_campaign(const EdgePuzzle& p, const SolveOptions& o, int jobs) {
  Result<CampaignPlan> plan = plan_campaign(p, o, jobs, 4);
  if (!plan) return plan.error();
  std::vector<NamedResult> results;
  for (const CampaignJob& planned : plan->jobs) {
    Result<CampaignJob> job = parse_job(job_json(planned).dump(), "job");
    if (!job) return job.error();
    JobRunOptions run;
    run.threads = 1 + planned.index % 2;
    Result<JobResult> r = run_job(*job, nullptr, run);
    if (!r) return r.error();
    Result<JobResult> read = parse_job_result(job_result_json(*r).dump(), "result");
    if (!read) return read.error();
    std::string name(1, 'r');  // appended, not operator+ (GCC 12 -Wrestrict)
    name += std::to_string(planned.index);
    results.push_back({name, *read});
  }
  return merge_results(results);
}

TEST(EdgeCampaign, MergedJobsGiveTheSingleSearchResult) {
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    const EdgePuzzle p = generated(seed);
    for (SolveMode mode : {SolveMode::kCount, SolveMode::kAll}) {
      SolveOptions o;
      o.mode = mode;
      o.max_kept = seed % 2 ? 3 : 10000;  // also when only the first few are kept
      const SolveResult single = solve(p, o);
      for (int jobs : {1, 3, 7}) {
        SCOPED_TRACE("seed " + std::to_string(seed) + " jobs " + std::to_string(jobs));
        Result<MergedCampaign> m = run_campaign(p, o, jobs);
        ASSERT_TRUE(m.ok()) << m.error().to_string();
        testing::expect_same_result(m->result, single);
      }
    }
  }
}

TEST(EdgeCampaign, MergedListAgreesWithTheBruteForceChecker) {
  GenerateOptions g;  // 46 solutions
  g.rows = g.cols = 4;
  g.motifs = 4;
  const EdgePuzzle p = *generate_puzzle(g);
  const testing::BruteResult brute = testing::enumerate_by_backtracking(p);
  Result<MergedCampaign> m = run_campaign(p, {}, 5);
  ASSERT_TRUE(m.ok()) << m.error().to_string();
  ASSERT_GT(brute.classes.size(), 1u);
  EXPECT_EQ(m->result.count, brute.classes.size());
  EXPECT_EQ(m->result.distinct_boards, brute.patterns);
  std::vector<testing::Cells> cells;
  for (const Solution& s : m->result.solutions) {
    cells.emplace_back();
    for (const Placement& c : s.cells) cells.back().push_back({c.tile, c.rotation});
  }
  EXPECT_EQ(cells, brute.classes);
}

TEST(EdgeCampaign, FirstModeFindsTheSingleSearchsFirstSolution) {
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    const EdgePuzzle p = generated(seed);
    SolveOptions first;
    first.mode = SolveMode::kFirst;
    SolveOptions listing;  // the first solution of the order the campaign cuts
    listing.limit = 1;
    const SolveResult single = solve(p, listing);
    Result<MergedCampaign> m = run_campaign(p, first, 4);
    ASSERT_TRUE(m.ok()) << m.error().to_string();
    EXPECT_EQ(m->result.count, 1u);
    EXPECT_FALSE(m->result.complete);
    ASSERT_EQ(m->result.solutions.size(), 1u);
    for (size_t c = 0; c < single.solutions[0].cells.size(); ++c) {
      EXPECT_EQ(m->result.solutions[0].cells[c].tile, single.solutions[0].cells[c].tile);
      EXPECT_EQ(m->result.solutions[0].cells[c].rotation, single.solutions[0].cells[c].rotation);
    }
  }
}

TEST(EdgeCampaign, AJobStoppedAndResumedFromItsCheckpointGivesTheSameResult) {
  const EdgePuzzle p = generated(3);
  SolveOptions o;
  o.mode = SolveMode::kAll;
  Result<CampaignPlan> plan = plan_campaign(p, o, 2, 16);
  ASSERT_TRUE(plan.ok());
  const CampaignJob& job = plan->jobs[1];
  ASSERT_GT(job.prefixes.size(), 6u);
  const Result<JobResult> whole = run_job(job, nullptr, {});
  ASSERT_TRUE(whole.ok());
  for (size_t stop_after : {1u, 5u}) {
    std::atomic<bool> stop{false};
    std::string saved;
    JobRunOptions run;
    run.threads = 1;
    run.cancel = &stop;
    run.checkpoint_every_ms = 0;
    run.checkpoint = [&](const JobResult& r) {
      saved = job_result_json(r).dump();
      if (r.prefixes_done.size() >= stop_after) stop = true;
    };
    const Result<JobResult> stopped = run_job(job, nullptr, run);
    ASSERT_TRUE(stopped.ok());
    EXPECT_FALSE(stopped->finished);
    Result<JobResult> checkpoint = parse_job_result(saved, "checkpoint");
    ASSERT_TRUE(checkpoint.ok()) << checkpoint.error().to_string();
    EXPECT_EQ(checkpoint->prefixes_done.size(), stop_after);
    const Result<JobResult> resumed = run_job(job, &*checkpoint, {});
    ASSERT_TRUE(resumed.ok()) << resumed.error().to_string();
    EXPECT_TRUE(resumed->finished);
    EXPECT_EQ(job_result_json(*resumed)["stats"]["nodes_per_depth"],
              job_result_json(*whole)["stats"]["nodes_per_depth"]);
    nlohmann::json a = job_result_json(*resumed), b = job_result_json(*whole);
    for (const char* key : {"count", "prefixes_done", "solutions", "pattern_keys"})
      EXPECT_EQ(a[key], b[key]) << key;
    EXPECT_EQ(a["stats"]["tries"], b["stats"]["tries"]);
  }
}

// The results of a 3-job campaign, as files.
std::vector<NamedResult> three_results(const EdgePuzzle& p, const SolveOptions& o) {
  Result<CampaignPlan> plan = plan_campaign(p, o, 3, 4);
  std::vector<NamedResult> out;
  for (const CampaignJob& job : plan->jobs)
    out.push_back({"job" + std::to_string(job.index) + ".result.json", *run_job(job, nullptr, {})});
  return out;
}

using testing::refusal;

TEST(EdgeCampaign, MergeRefusesMissingDuplicatedForeignAndUnfinishedResults) {
  const EdgePuzzle p = generated(1);
  std::vector<NamedResult> results = three_results(p, {});
  EXPECT_EQ(refusal(results), "merged");

  std::vector<NamedResult> missing = {results[0], results[2]};
  EXPECT_NE(refusal(missing).find("missing the results of job 1 (of 3 jobs)"), std::string::npos)
      << refusal(missing);

  std::vector<NamedResult> twice = results;
  twice.push_back(results[1]);
  twice.back().name = "copy.json";
  EXPECT_NE(refusal(twice).find("job 1 is given twice (job1.result.json and copy.json)"),
            std::string::npos)
      << refusal(twice);

  SolveOptions other;
  other.max_kept = 7;  // other options: another campaign
  std::vector<NamedResult> foreign = results;
  foreign[2] = three_results(p, other)[2];
  EXPECT_NE(refusal(foreign).find("job2.result.json is from another campaign"), std::string::npos)
      << refusal(foreign);
  foreign[2] = three_results(generated(5), {})[2];  // another puzzle
  EXPECT_NE(refusal(foreign).find("job2.result.json is from another campaign"), std::string::npos);

  std::vector<NamedResult> unfinished = results;
  unfinished[0].result.finished = false;
  EXPECT_NE(refusal(unfinished).find("job0.result.json is unfinished"), std::string::npos)
      << refusal(unfinished);

  std::vector<NamedResult> gap = results;  // a result that lost a prefix
  ASSERT_FALSE(gap[1].result.prefixes_done.empty());
  const std::uint32_t lost = gap[1].result.prefixes_done.back();
  gap[1].result.prefixes_done.pop_back();
  EXPECT_NE(refusal(gap).find("prefixes not searched: [" + std::to_string(lost) + "]"),
            std::string::npos)
      << refusal(gap);
}

TEST(EdgeCampaign, FilesWithABadChecksumVersionOrCutAreRefused) {
  const EdgePuzzle p = generated(2);
  Result<CampaignPlan> plan = plan_campaign(p, {}, 2, 4);
  ASSERT_TRUE(plan.ok());
  const nlohmann::json job = job_json(plan->jobs[0]);
  EXPECT_TRUE(parse_job(job.dump(), "job.json").ok());

  nlohmann::json edited = job;
  edited["estimated_work"] = 1;
  EXPECT_EQ(parse_job(edited.dump(), "job.json").error().to_string(),
            "job.json: checksum mismatch (the file was changed or cut short)");
  EXPECT_NE(parse_job(job.dump().substr(0, 100), "job.json").error().what.find("not a JSON"),
            std::string::npos);

  nlohmann::json newer = job;
  newer["format_version"] = kCampaignFormatVersion + 1;
  newer["checksum"] = json_checksum(newer);
  EXPECT_NE(parse_job(newer.dump(), "job.json").error().what.find("format version"),
            std::string::npos);
  nlohmann::json other_build = job;
  other_build["tilewise"] = "0.0.1";
  other_build["checksum"] = json_checksum(other_build);
  EXPECT_NE(parse_job(other_build.dump(), "job.json").error().what.find("made by tilewise 0.0.1"),
            std::string::npos);

  // A prefix the cut does not make (checksum made to fit): the job refuses to run it.
  nlohmann::json moved = job;
  auto& tiles = moved["prefixes"][0]["tiles"];
  ASSERT_GE(tiles.size(), 1u);
  tiles[0][1] = (tiles[0][1].get<int>() + 1) % 4;
  moved["checksum"] = json_checksum(moved);
  Result<CampaignJob> parsed = parse_job(moved.dump(), "job.json");
  ASSERT_TRUE(parsed.ok()) << parsed.error().to_string();
  Result<JobResult> r = run_job(*parsed, nullptr, {});
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().what.find("differs from the job file's"), std::string::npos);
}

// The cut a campaign makes, pinned to the format version. Job files and results only say which
// prefixes (by number and tiles) they own; a solver change that cuts differently (other
// prefixes, order, figures above the cut) would let results of the old build merge with the
// new one's into wrong sums. Such a change must bump kCampaignFormatVersion (old files are then
// refused) and add the new fingerprint below; never edit an existing entry.
TEST(EdgeCampaign, TheCutIsPinnedToTheFormatVersion) {
  const std::map<int, std::string> fingerprint_of_version = {{1, "4630a71cc78631c8"}};
  const char* framed =  // identical tiles 13 and 16: tile kinds
      "size 4 4\nmatch equal\nborder frame0\n"
      "tile 1 3 2 2 3\ntile 2 3 2 0 2\ntile 3 2 0 0 2\ntile 4 0 2 3 3\ntile 5 0 0 1 3\n"
      "tile 6 3 1 0 2\ntile 7 3 3 2 2\ntile 8 0 0 1 2\ntile 9 3 1 2 0\ntile 10 2 1 0 3\n"
      "tile 11 2 0 0 1\ntile 12 2 2 3 1\ntile 13 1 3 1 0\ntile 14 2 2 2 2\ntile 15 1 0 2 2\n"
      "tile 16 1 3 1 0\n";
  const char* complement =
      "size 4 5\nmatch complement\nborder free\n"
      "tile 1 B b A c\ntile 2 C C D c\ntile 3 B A d A\ntile 4 A A b a\ntile 5 b D b b\n"
      "tile 6 D C A D\ntile 7 C A B c\ntile 8 a B B C\ntile 9 C D c B\ntile 10 c a D C\n"
      "tile 11 a d c A\ntile 12 C C d B\ntile 13 d d b a\ntile 14 c a b b\ntile 15 D B a c\n"
      "tile 16 D A b d\ntile 17 C d B A\ntile 18 b D d B\ntile 19 a a c D\ntile 20 B c c C\n";
  nlohmann::json cuts = nlohmann::json::array();
  for (const char* text : {framed, complement})
    for (PlacementOrder order : {PlacementOrder::kAuto, PlacementOrder::kRowMajor,
                                 PlacementOrder::kSpiral, PlacementOrder::kShell})
      for (SymmetryBreaking symmetry : {SymmetryBreaking::kAuto, SymmetryBreaking::kNone})
        for (SolveMode mode : {SolveMode::kCount, SolveMode::kFirst}) {
          const EdgePuzzle p = *parse_puzzle(text, "fingerprint");
          SolveOptions o;
          o.mode = mode;
          o.order = order;
          o.symmetry = symmetry;
          Result<CampaignPlan> plan = plan_campaign(p, o, 3, 4);
          ASSERT_TRUE(plan.ok()) << plan.error().to_string();
          for (const CampaignJob& job : plan->jobs) {
            nlohmann::json j = job_json(job);
            // The cut only: not the product version, nor the puzzle's text.
            cuts.push_back({j["format_version"], j["spec"]["cut_depth"], j["spec"]["prefixes"],
                            j["spec"]["above_cut"], j["spec"]["boards_are_solutions"],
                            j["prefixes"]});
          }
        }
  nlohmann::json fingerprint = {{"cuts", cuts}};
  const std::string hash = json_checksum(fingerprint);
  ASSERT_TRUE(fingerprint_of_version.count(kCampaignFormatVersion))
      << "format version " << kCampaignFormatVersion << " has no fingerprint: add {"
      << kCampaignFormatVersion << ", \"" << hash << "\"}";
  EXPECT_EQ(hash, fingerprint_of_version.at(kCampaignFormatVersion))
      << "the campaign cut changed without a format version bump: bump kCampaignFormatVersion "
         "(core/edge/campaign/campaign.hpp) and add its fingerprint here";
}

TEST(EdgeCampaign, WorkIsDealtByEstimateAndEveryPrefixOnce) {
  const EdgePuzzle p = generated(4);
  Result<CampaignPlan> plan = plan_campaign(p, {}, 6, 8);
  ASSERT_TRUE(plan.ok());
  std::vector<int> owned(plan->jobs[0].spec.prefix_count, 0);
  std::uint64_t largest = 0, total = 0;
  for (const CampaignJob& job : plan->jobs) {
    for (std::uint32_t k : job.prefix_indices) ++owned[k];
    largest = std::max(largest, job.estimated_work);
    total += job.estimated_work;
  }
  EXPECT_EQ(std::count(owned.begin(), owned.end(), 1), static_cast<long>(owned.size()));
  EXPECT_GE(owned.size(), 48u);
  EXPECT_GT(plan->estimate_depth, plan->jobs[0].spec.cut_depth);
  EXPECT_LT(static_cast<double>(largest) * 6 / total, 1.2);  // dealt evenly by the estimate
}

TEST(EdgeCampaign, TreeEstimateMatchesTheSearchedTree) {
  GenerateOptions g;  // 46 solutions, 10^5 nodes
  g.rows = g.cols = 4;
  g.motifs = 4;
  const EdgePuzzle p = *generate_puzzle(g);
  SolveOptions o;
  o.mode = SolveMode::kCount;
  const SolveResult exact = solve(p, o);
  const TreeEstimate e = estimate_tree(p, o, 4000, 7);
  // The first level is the same for every probe: exact.
  EXPECT_DOUBLE_EQ(e.nodes_per_depth[1], static_cast<double>(exact.stats.nodes_per_depth[1]));
  const double nodes = static_cast<double>(exact.stats.nodes);
  // Unbiased: within 4 standard errors (the probes are seeded: the same every run).
  EXPECT_NEAR(e.nodes, nodes, 4 * e.nodes_standard_error);
  EXPECT_LT(e.nodes_standard_error, 0.1 * nodes);
}

}  // namespace
}  // namespace tilewise
