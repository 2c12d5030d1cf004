// The solver worker's jobs. A request (JSON with "id" and "type") starts a job; the worker's
// JS pump then calls step() repeatedly, so the worker's event loop turns between slices and
// a "cancel" message arrives at once. Each job kind lives in its own file.
#pragma once

#include <memory>
#include <nlohmann/json.hpp>
#include <string>

namespace tilewise {
struct EdgePuzzle;
struct SolveOptions;
}  // namespace tilewise

namespace tilewise::worker {

class Job {
 public:
  virtual ~Job() = default;
  // Works for about `budget_ms`; appends events ({"type": "progress"|"solution"|"done"|"error"})
  // to `events`; returns true when the job is over (after its "done" or "error" event).
  virtual bool step(double budget_ms, nlohmann::json& events) = 0;
  virtual void cancel(nlohmann::json& events) = 0;
  // Watching a search: at most this many search steps per second (0 = full speed).
  virtual void set_speed(double /*steps_per_second*/) {}
};

// Each factory returns nullptr and appends an "error" event when the request is bad.
std::unique_ptr<Job> make_edge_solve_job(const nlohmann::json& request, nlohmann::json& events);
// The worker's 4x4 pattern table: 6 numbers (5,765,760 entries, 2.7 MiB, ~1.3 s to build
// natively) rather than the CLI's 7 (57,657,600 entries, 27.5 MiB + 55 MB while building,
// ~13 s natively, ~2x that in wasm): the browser builds it on every visit until tables are
// kept across visits.
inline constexpr int kWorkerPatternTiles = 6;
std::unique_ptr<Job> make_box_solve_job(const nlohmann::json& request, nlohmann::json& events);
std::unique_ptr<Job> make_box_bench_job(const nlohmann::json& request, nlohmann::json& events);
// One shard of a count/all search split across workers (edge_shard_job.cpp).
std::unique_ptr<Job> make_edge_shard_job(const EdgePuzzle& puzzle, const SolveOptions& options,
                                         int shard, int shards);
std::unique_ptr<Job> make_edge_bench_job(const nlohmann::json& request, nlohmann::json& events);

}  // namespace tilewise::worker
