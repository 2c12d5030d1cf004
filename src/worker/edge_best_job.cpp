// {"type":"edge.best","puzzle":"<puzzle text>","seed":S,"max_nodes":N,"beam":W,"seconds":T}
// The best-board search in slices (a wide beam pauses between them). Events: improvement
// ({score, max_score, ms, board: [[label, rotation], ...]}) on every better board, progress
// ({nodes, score, max_score, elapsed_ms}) every slice, done (its "result" is the object
// `tilewise best --json` prints), error.
#include <chrono>

#include "core/edge/best/best_search.hpp"
#include "core/edge/model/format.hpp"
#include "core/edge/model/json.hpp"
#include "worker/jobs.hpp"
#include "worker/request_fields.hpp"

namespace tilewise::worker {
namespace {

using Clock = std::chrono::steady_clock;

class EdgeBestJob : public Job {
 public:
  EdgeBestJob(BestSearch search, std::uint64_t max_nodes, double seconds)
      : search_(std::move(search)), max_nodes_(max_nodes), seconds_(seconds) {
    result_.max_score = search_.max_score();
  }

  bool step(double budget_ms, nlohmann::json& events) override {
    const auto end = Clock::now() + std::chrono::duration<double, std::milli>(budget_ms);
    search_.set_stop([end] { return Clock::now() >= end; });
    if (result_.improvements.empty()) report(events);  // the random start
    while (Clock::now() < end && !finished()) {
      search_.run(1);
      report(events);
    }
    if (finished()) {
      events.push_back({{"type", "done"}, {"result", result_json()}});
      return true;
    }
    events.push_back({{"type", "progress"},
                      {"nodes", search_.nodes()},
                      {"score", search_.best_score()},
                      {"max_score", search_.max_score()},
                      {"elapsed_ms", elapsed_ms()}});
    return false;
  }

  void cancel(nlohmann::json& events) override {
    result_.cancelled = true;
    events.push_back({{"type", "done"}, {"cancelled", true}, {"result", result_json()}});
  }

 private:
  std::int64_t elapsed_ms() const {
    return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - started_).count();
  }
  bool finished() const {
    return search_.best_score() >= search_.max_score() ||
           (max_nodes_ && search_.nodes() >= max_nodes_) ||
           (seconds_ > 0 && elapsed_ms() >= seconds_ * 1000.0);
  }
  void report(nlohmann::json& events) {
    if (!result_.improvements.empty() && search_.best_score() <= result_.improvements.back().score)
      return;
    result_.improvements.push_back({elapsed_ms(), search_.best_score()});
    events.push_back({{"type", "improvement"},
                      {"score", search_.best_score()},
                      {"max_score", search_.max_score()},
                      {"ms", result_.improvements.back().ms},
                      {"board", board_cells_json(search_.best_board())}});
  }
  nlohmann::json result_json() {
    result_.board = search_.best_board();
    result_.score = search_.best_score();
    result_.nodes = search_.nodes();
    result_.elapsed_ms = elapsed_ms();
    nlohmann::json j = best_result_json(result_);
    j["threads"] = 1;
    return j;
  }

  BestSearch search_;
  std::uint64_t max_nodes_ = 0;
  double seconds_ = 0;
  BestResult result_;
  Clock::time_point started_ = Clock::now();
};

}  // namespace

std::unique_ptr<Job> make_edge_best_job(const nlohmann::json& request, nlohmann::json& events) {
  if (!request.contains("puzzle") || !request["puzzle"].is_string()) {
    events.push_back({{"type", "error"}, {"message", "edge.best needs a 'puzzle' text"}});
    return nullptr;
  }
  Result<EdgePuzzle> p = parse_puzzle(request["puzzle"].get<std::string>(), "puzzle");
  std::uint64_t seed = 1, max_nodes = 0, beam = BestSearch::kDefaultMaxBeamWidth, seconds = 0;
  if (!p) {
    events.push_back({{"type", "error"}, {"message", p.error().to_string()}});
    return nullptr;
  }
  if (!read_field(request, "seed", seed, events) ||
      !read_field(request, "max_nodes", max_nodes, events) ||
      !read_field(request, "beam", beam, events) ||
      !read_field(request, "seconds", seconds, events))
    return nullptr;
  if (beam > static_cast<std::uint64_t>(BestSearch::kMaxBeamWidth)) {
    events.push_back({{"type", "error"},
                      {"message", "edge.best: beam must be at most " +
                                      std::to_string(BestSearch::kMaxBeamWidth)}});
    return nullptr;
  }
  Result<BestSearch> search = BestSearch::create(*p, seed, static_cast<int>(beam));
  if (!search) {
    events.push_back({{"type", "error"}, {"message", search.error().to_string()}});
    return nullptr;
  }
  return std::make_unique<EdgeBestJob>(std::move(*search), max_nodes, static_cast<double>(seconds));
}

}  // namespace tilewise::worker
