// {"type":"edge.solve","puzzle":"<puzzle text>","mode":"first|count|all","limit":N}
#include <chrono>

#include "core/edge_format.hpp"
#include "core/edge_json.hpp"
#include "core/edge_solver.hpp"
#include "worker/jobs.hpp"
#include "worker/request_fields.hpp"

namespace tilewise::worker {
namespace {

class EdgeSolveJob : public Job {
 public:
  EdgeSolveJob(const EdgePuzzle& p, SolveOptions o) : puzzle_(p), search_(p, o) {}

  bool step(double budget_ms, nlohmann::json& events) override {
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
  return std::make_unique<EdgeSolveJob>(*p, o);
}

}  // namespace tilewise::worker
