// {"type":"box.bench","turns":6,"count":20,"budget":5000000,"seed":2024}
// The Puzzle Box figures measured inside the wasm worker, on the same work as
// bench/box_bench.cpp: a fresh 3x3 table build, the seed board's query (all optimal
// sequences), the 4x4 pattern databases, then time to the first optimal solution of `count`
// 4x4 boards scrambled by `turns` clockwise presses. One measurement per step() (a 4x4
// search can take a second: this job answers "cancel" between measurements).
#include <chrono>
#include <limits>

#include "core/box/board.hpp"
#include "core/box/pattern_db.hpp"
#include "core/box/solver.hpp"
#include "worker/jobs.hpp"
#include "worker/request_fields.hpp"

namespace tilewise::worker {
namespace {

using Clock = std::chrono::steady_clock;

double ms_since(Clock::time_point t0) {
  return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
}

class BoxBenchJob : public Job {
 public:
  BoxBenchJob(long long turns, long long count, std::uint64_t budget, long long seed)
      : boards_(box::scrambled_boards(4, box::MoveSet::kClockwise, static_cast<int>(count),
                                      static_cast<int>(turns), static_cast<unsigned>(seed))),
        budget_(budget) {
    figures_ = {{"turns", turns}, {"count", count}, {"node_budget", budget}, {"seed", seed}};
  }

  bool step(double budget_ms, nlohmann::json& events) override {
    const auto t0 = Clock::now();
    if (budget_ms <= 0) {  // no time given: report only
    } else if (stage_ == 0) {
      const auto table = box::build_distance_table_3x3(box::MoveSet::kClockwise);
      figures_["table_3x3_build_ms"] = ms_since(t0);
      figures_["table_3x3_states"] = table.size();
    } else if (stage_ == 1) {
      query_seed_board();
    } else if (stage_ == 2) {
      box::PatternDbBuild build(box::MoveSet::kClockwise, kWorkerPatternTiles);
      build.run(std::numeric_limits<std::uint64_t>::max());
      figures_["pattern_db_4x4_ms"] = ms_since(t0);  // 0 when this worker had built them
    } else if (stage_ - 3 < boards_.size()) {
      solve_4x4(boards_[stage_ - 3]);
    } else {
      figures_["ida_4x4_first_total_ms"] = ida_total_ms_;
      figures_["ida_4x4_proven_optimal"] = proven_;
      events.push_back({{"type", "done"}, {"result", figures_}});
      return true;
    }
    if (budget_ms > 0) ++stage_;
    events.push_back({{"type", "progress"}, {"stage", stage_}, {"stages", boards_.size() + 3}});
    return false;
  }

  void cancel(nlohmann::json& events) override {
    events.push_back({{"type", "done"}, {"cancelled", true}, {"result", figures_}});
  }

 private:
  void query_seed_board() {
    box::BoxPuzzle p{
        3, {7, 6, 5, 8, 4, 9, 3, 2, 1}, {1, 2, 3, 4, 5, 6, 7, 8, 9}, box::MoveSet::kClockwise};
    box::solve_box(p, {});  // the table is built here, outside the timing
    const auto t0 = Clock::now();
    int queries = 0;
    std::uint64_t count = 0;
    do {
      count = box::solve_box(p, {})->count;
      ++queries;
    } while (ms_since(t0) < 200);
    figures_["query_3x3_us"] = ms_since(t0) * 1000 / queries;
    figures_["query_3x3_count"] = count;
  }

  void solve_4x4(const std::vector<int>& board) {
    std::vector<int> target(16);
    for (int k = 0; k < 16; ++k) target[k] = k + 1;
    box::BoxSolveOptions o;
    o.all = false;
    o.node_budget = budget_;
    o.pattern_tiles = kWorkerPatternTiles;
    const auto t0 = Clock::now();
    auto r = box::solve_box(box::BoxPuzzle{4, board, target, box::MoveSet::kClockwise}, o);
    ida_total_ms_ += ms_since(t0);
    if (r && r->proven_optimal) ++proven_;
  }

  std::vector<std::vector<int>> boards_;
  std::uint64_t budget_;
  size_t stage_ = 0;
  double ida_total_ms_ = 0;
  int proven_ = 0;
  nlohmann::json figures_;
};

}  // namespace

std::unique_ptr<Job> make_box_bench_job(const nlohmann::json& request, nlohmann::json& events) {
  long long turns = 6, count = 20, seed = 2024;
  std::uint64_t budget = 5000000;
  if (!read_field(request, "turns", turns, events) ||
      !read_field(request, "count", count, events) || !read_field(request, "seed", seed, events) ||
      !read_field(request, "budget", budget, events))
    return nullptr;
  if (turns < 0 || turns > 100 || count < 0 || count > 100) {
    events.push_back({{"type", "error"}, {"message", "box.bench: turns and count must be 0..100"}});
    return nullptr;
  }
  return std::make_unique<BoxBenchJob>(turns, count, budget, seed);
}

}  // namespace tilewise::worker
