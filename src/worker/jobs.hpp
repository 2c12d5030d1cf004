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
namespace tilewise::box {
struct BoxPuzzle;
struct BoxSolveOptions;
}  // namespace tilewise::box

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
// The worker's 4x4 pattern table: 7 numbers, as the CLI (57,657,600 entries, 27.5 MiB, and
// 55 MB more while building), built once in slices and kept in the browser's storage
// (box_tables.hpp). A request's "pattern_tiles" (the page's ?pattern_tiles=) asks for less.
inline constexpr int kWorkerPatternTiles = 7;
// The worker's 4x4 tables are the planner's (core/box/search/plan.hpp: 7+7+2, and on a fresh visit
// the quick 6+6+4 ones first while 7+7+2 is built in the background). A request's
// "pattern_tiles" (the page's ?pattern_tiles=) asks for the pattern tables below instead.
// A fresh visit's first 4x4 solve answers with the 6-number table (2.7 MiB, ~1-2.5 s to build
// in wasm) while the 7-number one is built in the background afterwards (box_tables.hpp).
inline constexpr int kWorkerQuickPatternTiles = 6;
// On 5x5 and up the anytime search finishes a corner's 4x4 block with a table of 6 numbers
// (~1 s natively, ~2.5 s in wasm; built in slices by the job, once per worker).
inline constexpr int kWorkerFallbackPatternTiles = 6;
std::unique_ptr<Job> make_box_solve_job(const nlohmann::json& request, nlohmann::json& events);
// 5x5 and up: the anytime search in slices (box_job_anytime.cpp); make_box_solve_job's.
std::unique_ptr<Job> make_box_anytime_job(const box::BoxPuzzle& puzzle,
                                          const box::BoxSolveOptions& options);
std::unique_ptr<Job> make_box_bench_job(const nlohmann::json& request, nlohmann::json& events);
// One shard of a count/all search split across workers (edge_shard_job.cpp).
std::unique_ptr<Job> make_edge_shard_job(const EdgePuzzle& puzzle, const SolveOptions& options,
                                         int shard, int shards);
std::unique_ptr<Job> make_edge_bench_job(const nlohmann::json& request, nlohmann::json& events);
std::unique_ptr<Job> make_edge_best_job(const nlohmann::json& request, nlohmann::json& events);

}  // namespace tilewise::worker
