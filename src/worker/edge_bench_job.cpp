// {"type":"edge.bench","quick":true,"rates_only":false,"puzzles":[{"name":"e2_clue1",
// "text":"..."}]}: the seeded edge-matching suite of core/edge_bench run inside the worker
// (the WASM figures), a part a step; the result rows carry the reference's figures from the
// same run (rates_only: the placement rates alone, BenchOptions::rates_only).
#include "core/edge/bench/bench.hpp"
#include "core/edge/model/json.hpp"
#include "worker/jobs.hpp"

namespace tilewise::worker {
namespace {

class EdgeBenchJob : public Job {
 public:
  explicit EdgeBenchJob(const BenchOptions& options) : bench_(options) {}

  // One part of the suite per step (a part takes up to seconds); no time given: report only.
  bool step(double budget_ms, nlohmann::json& events) override {
    if (budget_ms > 0 && !bench_.done()) bench_.run_next();
    if (bench_.done()) {
      events.push_back({{"type", "done"}, {"result", bench_rows_json(bench_.rows())}});
      return true;
    }
    events.push_back(
        {{"type", "progress"}, {"stage", bench_.parts_done()}, {"stages", bench_.parts()}});
    return false;
  }
  void cancel(nlohmann::json& events) override {
    events.push_back({{"type", "done"}, {"cancelled", true}, {"result", nlohmann::json::array()}});
  }

 private:
  EdgeBench bench_;
};

}  // namespace

std::unique_ptr<Job> make_edge_bench_job(const nlohmann::json& request, nlohmann::json& events) {
  BenchOptions o;
  const auto quick = request.find("quick");
  o.quick = quick != request.end() && quick->is_boolean() && quick->get<bool>();
  const auto rates_only = request.find("rates_only");
  o.rates_only = rates_only != request.end() && rates_only->is_boolean() && rates_only->get<bool>();
  const auto puzzles = request.find("puzzles");
  if (puzzles != request.end()) {
    if (!puzzles->is_array()) {
      events.push_back({{"type", "error"}, {"message", "edge.bench: puzzles must be a list"}});
      return nullptr;
    }
    for (const auto& p : *puzzles) {
      if (!p.is_object() || !p.contains("name") || !p["name"].is_string() || !p.contains("text") ||
          !p["text"].is_string()) {
        events.push_back(
            {{"type", "error"}, {"message", "edge.bench: each puzzle needs a name and a text"}});
        return nullptr;
      }
      o.puzzles.push_back({p["name"].get<std::string>(), p["text"].get<std::string>()});
    }
  }
  return std::make_unique<EdgeBenchJob>(o);
}

}  // namespace tilewise::worker
