// box.solve on 5x5 and up (make_box_solve_job hands those boards here): the anytime search
// (core/box/search/anytime_search.hpp) a slice at a time, so the worker stays responsive.
// Phases: "tables" (the 4x4 pattern table that finishes a corner block, pattern_tiles
// numbers, default kWorkerFallbackPatternTiles; built in slices once per worker), then
// "search" until the search finishes, max_seconds pass (the page's clock) or Cancel.
// Events:
//   {"type":"progress","phase":"tables","table","storage":false,"states","states_at_start",
//    "states_total","elapsed_ms"}
//   {"type":"progress","phase":"search","nodes","depth_bound" (= lower_bound),"depth":0,
//    "count","best_length" (-1 before the first),"lower_bound","beam","elapsed_ms"}
//   {"type":"solution","index":0,"moves":[...],"length","lower_bound","elapsed_ms"}: each
//    better solution as it is found (it replaces the one before: always index 0)
//   {"type":"done","result":{...},"table":{...}} (+ "cancelled":true): the result is what
//    `tilewise box solve --json` prints: the best so far, proven_optimal when the lower bound
//    met it, complete:false when time ran out or it was cancelled.
#include <chrono>
#include <optional>

#include "core/box/model/json.hpp"
#include "core/box/search/anytime_search.hpp"
#include "worker/box_tables.hpp"
#include "worker/jobs.hpp"

namespace tilewise::worker {
namespace {

using Clock = std::chrono::steady_clock;
constexpr std::uint64_t kAnytimeChunk = 5000;  // search nodes between clock checks (~1 ms)
// The widest beam here (the worker's memory: at most ~90 MB on 8x8).
constexpr std::uint64_t kWorkerBeamWidth = 8192;

class BoxAnytimeJob : public Job {
 public:
  BoxAnytimeJob(const box::BoxPuzzle& p, const box::BoxSolveOptions& o)
      : puzzle_(p),
        options_(o),
        table_{4, p.moves, o.pattern_tiles, {}},
        states_at_start_(box_table_states_done(table_)),
        source_(box_table_ready(table_) ? "memory" : "built"),
        started_(Clock::now()) {
    options_.max_beam_width = std::min(options_.max_beam_width, kWorkerBeamWidth);
  }

  bool step(double budget_ms, nlohmann::json& events) override {
    const auto end = Clock::now() + std::chrono::duration<double, std::milli>(budget_ms);
    while (!search_ && Clock::now() < end)
      if (run_box_table_build(table_, kTableChunk)) {
        table_ms_ = elapsed_ms();
        search_.emplace(puzzle_, options_);
      }
    bool over = false;
    while (search_ && !over && Clock::now() < end)
      over = search_->run(kAnytimeChunk) || out_of_time();
    if (search_) stream_improvement(events);
    if (over) {
      events.push_back({{"type", "done"}, {"result", result_json()}, {"table", table_json()}});
      return true;
    }
    events.push_back(progress_json());
    return false;
  }

  void cancel(nlohmann::json& events) override {
    if (search_) stream_improvement(events);
    events.push_back({{"type", "done"},
                      {"cancelled", true},
                      {"result", result_json()},
                      {"table", table_json()}});
  }

 private:
  double elapsed_ms() const {
    return std::chrono::duration<double, std::milli>(Clock::now() - started_).count();
  }
  bool out_of_time() const {
    return options_.max_seconds > 0 && elapsed_ms() > options_.max_seconds * 1000;
  }

  nlohmann::json progress_json() const {
    if (!search_)
      return {{"type", "progress"},
              {"phase", "tables"},
              {"table", box_table_name(table_)},
              {"storage", false},
              {"states", box_table_states_done(table_)},
              {"states_at_start", states_at_start_},
              {"states_total", box_table_states_total(table_)},
              {"elapsed_ms", elapsed_ms()}};
    const box::BoxSolveResult& r = search_->result();
    return {{"type", "progress"},
            {"phase", "search"},
            {"nodes", r.nodes},
            {"depth_bound", r.lower_bound},
            {"depth", 0},
            {"count", r.count},
            {"best_length", r.length},
            {"lower_bound", r.lower_bound},
            {"beam", search_->progress()},
            {"elapsed_ms", elapsed_ms()}};
  }

  nlohmann::json table_json() const {
    return {{"name", box_table_name(table_)},
            {"source", search_ ? source_ : std::string()},
            {"ms", search_ ? table_ms_ : elapsed_ms()},
            {"states_at_start", states_at_start_},
            {"states", box_table_states_done(table_)},
            {"states_total", box_table_states_total(table_)}};
  }

  // The best so far, when it is new (the optimal search's own solutions included).
  void stream_improvement(nlohmann::json& events) {
    const box::BoxSolveResult& r = search_->result();
    if (r.solutions.empty() || r.length == streamed_length_) return;
    streamed_length_ = r.length;
    events.push_back({{"type", "solution"},
                      {"index", 0},
                      {"moves", box::move_names_json(r.solutions[0], puzzle_.size)},
                      {"length", r.length},
                      {"lower_bound", r.lower_bound},
                      {"elapsed_ms", elapsed_ms()}});
  }

  // The result so far (complete: false unless the search finished), timed from the request.
  nlohmann::json result_json() const {
    box::BoxSolveResult r = search_ ? search_->result() : box::BoxSolveResult{};
    if (!search_ || !search_->finished()) r.complete = false;
    r.elapsed_ms = elapsed_ms();
    return box::box_result_json(puzzle_, r);
  }

  box::BoxPuzzle puzzle_;
  box::BoxSolveOptions options_;
  BoxTableId table_;  // the 4x4 table of the corner block's finish
  std::uint64_t states_at_start_;
  std::string source_;  // "memory" (this worker had it) or "built"
  double table_ms_ = 0;
  std::optional<box::BoxAnytimeSearch> search_;
  int streamed_length_ = -1;
  Clock::time_point started_;
};

}  // namespace

std::unique_ptr<Job> make_box_anytime_job(const box::BoxPuzzle& puzzle,
                                          const box::BoxSolveOptions& options) {
  return std::make_unique<BoxAnytimeJob>(puzzle, options);
}

}  // namespace tilewise::worker
