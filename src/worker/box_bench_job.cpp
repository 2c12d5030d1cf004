// {"type":"box.bench","table3_repeats":7,"pattern_tiles":7,"moves":"cw+ccw"}
// The Puzzle Box tables timed inside the wasm worker (scripts/bench-box-wasm.mjs runs it and
// times the 4x4 solves with "box.solve" requests, next to the native CLI on the same boards):
// - the 3x3 distance table (all 9! boards, `cw`) built afresh `table3_repeats` times
//   (bench/box_bench.cpp's box_table_build is the native figure);
// - the 4x4 pattern table of (moves, pattern_tiles) built in slices as a solve builds it
//   (0 = skip; nothing to time when this worker has it already): busy_ms is the time spent
//   in the build's slices, wall_ms includes the worker's turns between them.
// One 3x3 build per step, so "cancel" is answered between measurements.
#include <algorithm>
#include <chrono>
#include <optional>

#include "core/box/bounds/pattern_db.hpp"
#include "core/box/model/board.hpp"
#include "core/box/search/solver.hpp"
#include "worker/box_tables.hpp"
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
  BoxBenchJob(long long repeats, const BoxTableId& table) : repeats_(repeats), table_(table) {}

  bool step(double budget_ms, nlohmann::json& events) override {
    const auto t0 = Clock::now();
    if (static_cast<long long>(table3_ms_.size()) < repeats_) {
      (void)box::build_distance_table_3x3(box::MoveSet::kClockwise);
      table3_ms_.push_back(ms_since(t0));
    } else if (table_.pattern_tiles > 0 && !box_table_ready(table_)) {
      if (!started_) started_ = Clock::now(), states_at_start_ = box_table_states_done(table_);
      const auto end = t0 + std::chrono::duration<double, std::milli>(budget_ms);
      bool ready = false;
      while (!ready && Clock::now() < end) ready = run_box_table_build(table_, kTableChunk);
      busy_ms_ += ms_since(t0);
      if (ready) wall_ms_ = ms_since(*started_);
    } else {
      events.push_back({{"type", "done"}, {"result", figures()}});
      return true;
    }
    events.push_back({{"type", "progress"},
                      {"table3_builds", table3_ms_.size()},
                      {"states", box_table_states_done(table_)},
                      {"states_total", box_table_states_total(table_)}});
    return false;
  }

  void cancel(nlohmann::json& events) override {
    events.push_back({{"type", "done"}, {"cancelled", true}, {"result", figures()}});
  }

 private:
  nlohmann::json figures() const {
    std::vector<double> sorted = table3_ms_;
    std::sort(sorted.begin(), sorted.end());
    nlohmann::json f = {{"table_3x3_ms", table3_ms_}};
    if (!sorted.empty()) {
      f["table_3x3_min_ms"] = sorted.front();
      f["table_3x3_median_ms"] = sorted[sorted.size() / 2];
    }
    if (table_.pattern_tiles > 0)
      f["table_4x4"] = {{"name", box_table_name(table_)},
                        {"entries", box_table_states_total(table_)},
                        {"built_here", started_.has_value()},
                        {"states_at_start", states_at_start_},
                        {"busy_ms", busy_ms_},
                        {"wall_ms", wall_ms_}};
    return f;
  }

  long long repeats_;
  BoxTableId table_;
  std::vector<double> table3_ms_;
  std::optional<Clock::time_point> started_;
  std::uint64_t states_at_start_ = 0;
  double busy_ms_ = 0, wall_ms_ = 0;
};

}  // namespace

std::unique_ptr<Job> make_box_bench_job(const nlohmann::json& request, nlohmann::json& events) {
  long long repeats = 7, tiles = 0;
  std::string moves = "cw+ccw";
  if (!read_field(request, "table3_repeats", repeats, events) ||
      !read_field(request, "pattern_tiles", tiles, events) ||
      !read_field(request, "moves", moves, events))
    return nullptr;
  bool known = false;
  const box::MoveSet move_set = box::parse_move_set(moves, known);
  if (repeats < 0 || repeats > 100 ||
      (tiles != 0 && (tiles < box::kMinPatternTiles || tiles > box::kMaxPatternTiles)) || !known) {
    events.push_back({{"type", "error"},
                      {"message",
                       "box.bench: table3_repeats 0..100, pattern_tiles 0 or 4..7, "
                       "moves cw, cw+ccw or cw+ccw+half"}});
    return nullptr;
  }
  return std::make_unique<BoxBenchJob>(repeats,
                                       BoxTableId{4, move_set, static_cast<int>(tiles), {}});
}

}  // namespace tilewise::worker
