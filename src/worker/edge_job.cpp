// {"type":"edge.solve","puzzle":"<puzzle text>","mode":"first|count|all","limit":N,
//  "watch":S}: with watch > 0 the search runs at most S steps per second and every progress
// event carries the partial board, for the live search view.
#include <algorithm>
#include <chrono>

#include "core/edge/model/format.hpp"
#include "core/edge/model/json.hpp"
#include "core/edge/search/solver.hpp"
#include "worker/jobs.hpp"
#include "worker/request_fields.hpp"

namespace tilewise::worker {
namespace {

// A search watched from the start scans candidate lists: the same tree and figures, but every
// placement shows on the board, also one whose next cell has no candidate (the mask search
// sees those without placing them on the board).
SolveOptions watched(SolveOptions o, double watch) {
  if (watch > 0) o.use_masks = false;
  return o;
}

class EdgeSolveJob : public Job {
 public:
  EdgeSolveJob(const EdgePuzzle& p, SolveOptions o, double watch)
      : puzzle_(p), search_(p, watched(o, watch)), watch_(watch) {}

  void set_speed(double steps_per_second) override {
    watch_ = std::clamp(steps_per_second, 0.0, 1e7);
    watch_steps_ = 0;
    watch_start_ = std::chrono::steady_clock::now();
  }

  bool step(double budget_ms, nlohmann::json& events) override {
    if (watch_ > 0) return watch_step(events);
    const auto start = std::chrono::steady_clock::now();
    const auto budget = std::chrono::duration<double, std::milli>(budget_ms);
    while (!search_.finished() && std::chrono::steady_clock::now() - start < budget) {
      search_.run(20000);
      stream_solutions(events);
    }
    stream_solutions(events);
    if (!search_.finished()) {
      nlohmann::json progress = search_progress_json(search_);
      progress["type"] = "progress";
      events.push_back(progress);
      return false;
    }
    return finish(events);
  }

  // A watched search: the steps due since the pace was set, then the board as it stands.
  bool watch_step(nlohmann::json& events) {
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - watch_start_).count();
    const double due = std::min(watch_ * seconds - static_cast<double>(watch_steps_), 20000.0);
    if (due < 1) return false;
    const auto steps = static_cast<std::uint64_t>(due);
    watch_steps_ += steps;
    search_.run(steps);
    stream_solutions(events);
    if (search_.finished()) return finish(events);
    nlohmann::json progress = search_progress_json(search_);
    progress["type"] = "progress";
    nlohmann::json board = nlohmann::json::array();
    for (const Placement& c : search_.current_board()) board.push_back({c.tile + 1, c.rotation});
    progress["board"] = board;
    events.push_back(progress);
    return false;
  }

  bool finish(nlohmann::json& events) {
    events.push_back(
        {{"type", "done"},
         {"result", solve_result_json(result_of(search_, puzzle_.rows, puzzle_.cols))}});
    return true;
  }

  void cancel(nlohmann::json& events) override {
    search_.cancel();
    nlohmann::json result = solve_result_json(result_of(search_, puzzle_.rows, puzzle_.cols));
    events.push_back({{"type", "done"}, {"cancelled", true}, {"result", result}});
  }

 private:
  void stream_solutions(nlohmann::json& events) {
    const auto& found = search_.solutions();
    for (; streamed_ < found.size(); ++streamed_) {
      nlohmann::json s = solution_json(found[streamed_]);
      s["type"] = "solution";
      s["index"] = streamed_;
      events.push_back(s);
    }
  }

  EdgePuzzle puzzle_;
  EdgeSearch search_;
  size_t streamed_ = 0;
  double watch_ = 0;  // steps per second; 0 = full speed
  std::uint64_t watch_steps_ = 0;
  std::chrono::steady_clock::time_point watch_start_ = std::chrono::steady_clock::now();
};

}  // namespace

std::unique_ptr<Job> make_edge_solve_job(const nlohmann::json& request, nlohmann::json& events) {
  if (!request.contains("puzzle") || !request["puzzle"].is_string()) {
    events.push_back({{"type", "error"}, {"message", "edge.solve needs a 'puzzle' text"}});
    return nullptr;
  }
  Result<EdgePuzzle> p = parse_puzzle(request["puzzle"].get<std::string>(), "puzzle");
  if (!p) {
    events.push_back({{"type", "error"}, {"message", p.error().to_string()}});
    return nullptr;
  }
  SolveOptions o;
  std::string mode = "all";
  if (!read_field(request, "mode", mode, events) || !read_field(request, "limit", o.limit, events))
    return nullptr;
  if (mode != "first" && mode != "count" && mode != "all") {
    events.push_back({{"type", "error"},
                      {"message", "unknown mode '" + mode + "': expected first, count or all"}});
    return nullptr;
  }
  o.mode = mode == "first"   ? SolveMode::kFirst
           : mode == "count" ? SolveMode::kCount
                             : SolveMode::kAll;
  long long shard = 0, shards = 1;
  if (!read_field(request, "shard", shard, events) ||
      !read_field(request, "shards", shards, events))
    return nullptr;
  if (shards < 1 || shards > 64 || shard < 0 || shard >= shards) {
    events.push_back({{"type", "error"}, {"message", "shard must be 0..shards-1, shards 1..64"}});
    return nullptr;
  }
  if (shards > 1) {
    if (o.mode == SolveMode::kFirst || o.limit != 0) {
      events.push_back({{"type", "error"},
                        {"message", "only count and all searches without a limit are sharded"}});
      return nullptr;
    }
    return make_edge_shard_job(*p, o, static_cast<int>(shard), static_cast<int>(shards));
  }
  double watch = 0;
  if (const auto w = request.find("watch"); w != request.end()) {
    if (!w->is_number() || w->get<double>() < 0) {
      events.push_back({{"type", "error"},
                        {"message", "request field 'watch' must be a number of steps per second"}});
      return nullptr;
    }
    watch = std::min(w->get<double>(), 1e7);
  }
  return std::make_unique<EdgeSolveJob>(*p, o, watch);
}

}  // namespace tilewise::worker
