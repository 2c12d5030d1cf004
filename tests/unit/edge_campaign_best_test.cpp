// Best-board campaigns: every job searches with seeds of its own, the merge keeps the best
// board with its score recounted (here too, on its own: edge_brute_force.hpp), refuses
// boards and scores it cannot confirm, and a job resumes from its checkpoint's board.
#include <gtest/gtest.h>

#include <set>

#include "core/edge/campaign/campaign.hpp"
#include "core/edge/model/generator.hpp"
#include "edge_brute_force.hpp"
#include "merge_refusal.hpp"

namespace tilewise {
namespace {

using testing::independent_score;

EdgePuzzle framed_6x6() {
  GenerateOptions g;
  g.rows = g.cols = 6;
  g.rule = MatchRule::kEqual;
  g.border = BorderRule::kFrame0;
  g.motifs = 6;
  g.seed = 5;
  return *generate_puzzle(g);
}

BestBudget steps(std::uint64_t max_nodes) {
  BestBudget b;
  b.max_nodes = max_nodes;
  b.max_beam_width = 0;  // the neighbourhood search alone: a few ms
  return b;
}

// Every job through its file, run on one thread, its result through its file.
std::vector<NamedResult> run_all(const EdgePuzzle& p, const BestBudget& budget, int jobs) {
  Result<CampaignPlan> plan = plan_best_campaign(p, budget, jobs);
  EXPECT_TRUE(plan.ok()) << plan.error().to_string();
  std::vector<NamedResult> out;
  for (const CampaignJob& planned : plan->jobs) {
    Result<CampaignJob> job = parse_job(job_json(planned).dump(), "job");
    EXPECT_TRUE(job.ok()) << job.error().to_string();
    JobRunOptions run;
    run.threads = 1;
    Result<JobResult> r = run_job(*job, nullptr, run);
    EXPECT_TRUE(r.ok()) << r.error().to_string();
    Result<JobResult> read = parse_job_result(job_result_json(*r).dump(), "result");
    EXPECT_TRUE(read.ok()) << read.error().to_string();
    out.push_back({"job" + std::to_string(planned.index) + ".result.json", *read});
  }
  return out;
}

using testing::refusal;

TEST(BestCampaign, MergeKeepsTheBestBoardOfAllJobsWithItsScoreRecounted) {
  const EdgePuzzle p = framed_6x6();
  const std::vector<NamedResult> results = run_all(p, steps(150), 5);
  int best = -1, best_job = -1;
  std::set<std::vector<std::pair<int, int>>> boards;
  for (const NamedResult& n : results) {
    const BestJobFigures& f = n.result.best;
    EXPECT_TRUE(n.result.finished);
    EXPECT_EQ(f.nodes, 150u);
    EXPECT_EQ(f.score, independent_score(p, f.board)) << n.name;
    if (f.score > best) best = f.score, best_job = n.result.job;
    std::vector<std::pair<int, int>> cells;
    for (const Placement& c : f.board.cells) cells.emplace_back(c.tile, c.rotation);
    boards.insert(cells);
  }
  EXPECT_GT(boards.size(), 1u);  // seeds of their own: not the same search five times
  Result<MergedCampaign> m = merge_results(results);
  ASSERT_TRUE(m.ok()) << m.error().to_string();
  EXPECT_TRUE(check_complete_board(p, m->best.board).ok());
  EXPECT_EQ(m->best.score, best);
  EXPECT_EQ(independent_score(p, m->best.board), best);
  EXPECT_EQ(m->best.job, best_job);  // ties: the lowest job
  EXPECT_EQ(m->best.max_score, 60);
  EXPECT_EQ(m->best.nodes, 5u * 150u);
  EXPECT_LT(best, 60);  // a budget too small for a perfect board: the merge had to choose

  // A step budget makes each job's board the same on every run.
  const nlohmann::json again = job_result_json(run_all(p, steps(150), 5)[3].result)["best"];
  EXPECT_EQ(again["board"], job_result_json(results[3].result)["best"]["board"]);
}

TEST(BestCampaign, MergeRefusesScoresAndBoardsItCannotConfirmAndForeignResults) {
  const EdgePuzzle p = framed_6x6();
  const std::vector<NamedResult> results = run_all(p, steps(100), 3);
  EXPECT_EQ(refusal(results), "merged");

  // A job that claims more than its board scores (its checksum made to fit).
  nlohmann::json boasting = job_result_json(results[1].result);
  boasting["best"]["score"] = boasting["best"]["score"].get<int>() + 5;
  boasting["checksum"] = json_checksum(boasting);
  std::vector<NamedResult> lying = results;
  lying[1].result = *parse_job_result(boasting.dump(), "job1.result.json");
  const int real = results[1].result.best.score;
  EXPECT_NE(refusal(lying).find("job1.result.json says its board scores " +
                                std::to_string(real + 5) + ", it scores " + std::to_string(real)),
            std::string::npos)
      << refusal(lying);

  // A board that breaks the frame rule: its corner tile turned.
  std::vector<NamedResult> turned = results;
  Solution& board = turned[2].result.best.board;
  board.cells[0].rotation = (board.cells[0].rotation + 1) % 4;
  turned[2].result.best.score = independent_score(p, board);
  EXPECT_NE(refusal(turned).find("job2.result.json holds a board that is not a complete board"),
            std::string::npos)
      << refusal(turned);
  // A tile placed twice does not even read.
  nlohmann::json twice = job_result_json(results[0].result);
  twice["best"]["board"]["tiles"][1] = twice["best"]["board"]["tiles"][0];
  twice["checksum"] = json_checksum(twice);
  EXPECT_FALSE(parse_job_result(twice.dump(), "r").ok());

  std::vector<NamedResult> missing = {results[0], results[2]};
  EXPECT_NE(refusal(missing).find("missing the results of job 1 (of 3 jobs)"), std::string::npos);
  BestBudget other = steps(100);
  other.seed = 9;  // other options: another campaign
  std::vector<NamedResult> foreign = results;
  foreign[2] = run_all(p, other, 3)[2];
  EXPECT_NE(refusal(foreign).find("job2.result.json is from another campaign"), std::string::npos)
      << refusal(foreign);
  std::vector<NamedResult> unfinished = results;
  unfinished[0].result.finished = false;
  EXPECT_NE(refusal(unfinished).find("job0.result.json is unfinished"), std::string::npos);
}

TEST(BestCampaign, AStoppedJobResumesFromItsCheckpointAndSpendsOnlyItsBudget) {
  const EdgePuzzle p = framed_6x6();
  const CampaignJob job = plan_best_campaign(p, steps(4000), 2)->jobs[1];
  std::atomic<bool> stop{false};
  std::string saved;
  int checkpoints = 0;
  JobRunOptions run;
  run.threads = 1;
  run.cancel = &stop;
  run.checkpoint_every_ms = 0;  // at every new best board
  run.checkpoint = [&](const JobResult& r) {
    saved = job_result_json(r).dump();
    if (++checkpoints == 3) stop = true;
  };
  const Result<JobResult> stopped = run_job(job, nullptr, run);
  ASSERT_TRUE(stopped.ok()) << stopped.error().to_string();
  EXPECT_FALSE(stopped->finished);
  EXPECT_LT(stopped->best.nodes, 4000u);
  // The checkpoint written during the run holds a board but not the run's steps (a job
  // killed outright loses them); the one written on the way out (SIGTERM) has them.
  Result<JobResult> during = parse_job_result(saved, "checkpoint");
  ASSERT_TRUE(during.ok()) << during.error().to_string();
  EXPECT_EQ(during->best.nodes, 0u);
  EXPECT_EQ(during->best.score, independent_score(p, during->best.board));
  Result<JobResult> on_exit = parse_job_result(job_result_json(*stopped).dump(), "checkpoint");
  ASSERT_TRUE(on_exit.ok());
  JobRunOptions one_thread;
  one_thread.threads = 1;
  const Result<JobResult> resumed = run_job(job, &*on_exit, one_thread);
  ASSERT_TRUE(resumed.ok()) << resumed.error().to_string();
  EXPECT_TRUE(resumed->finished);
  EXPECT_EQ(resumed->best.runs, 2);
  EXPECT_GE(resumed->best.score, stopped->best.score);
  EXPECT_EQ(resumed->best.nodes, 4000u);  // the steps left, not the budget again

  // A resumed run's searches start from the checkpoint's board (BestOptions::start): one
  // step from a good board keeps it at least as good, where one step from scratch is worse.
  BestOptions o;
  o.max_nodes = 1;
  o.max_beam_width = 0;
  const int from_scratch = best_search(p, o)->score;
  ASSERT_GT(resumed->best.score, from_scratch);
  o.start = &resumed->best.board;
  const Result<BestResult> from_board = best_search(p, o);
  ASSERT_TRUE(from_board.ok()) << from_board.error().to_string();
  EXPECT_GE(from_board->score, resumed->best.score);
  EXPECT_EQ(independent_score(p, from_board->board), from_board->score);
  Solution broken = resumed->best.board;  // a start board that breaks the rules: refused
  std::swap(broken.cells[0], broken.cells[7]);
  o.start = &broken;
  EXPECT_FALSE(best_search(p, o).ok());
}

}  // namespace
}  // namespace tilewise
