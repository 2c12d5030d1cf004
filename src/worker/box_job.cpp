// {"type":"box.solve","start":"765849321" or [7,6,5,...],"target":... (default 1..N*N),
//  "moves":"cw|cw+ccw|cw+ccw+half","size":N (optional check),"all":true,
//  "pattern_tiles":6 (4x4: numbers in the pattern database, 4..7)}
// Phases, each in slices: "tables" (the 3x3 distance table or the 4x4 pattern databases,
// built once per worker and move set), then "search". Events: progress, solution, done
// (its "result" is the object `tilewise box solve --json` prints), error.
#include <chrono>
#include <optional>

#include "core/box/board.hpp"
#include "core/box/json.hpp"
#include "core/box/pattern_db.hpp"
#include "core/box/solver.hpp"
#include "worker/jobs.hpp"
#include "worker/request_fields.hpp"

namespace tilewise::worker {
namespace {

using Clock = std::chrono::steady_clock;
constexpr std::uint64_t kTableChunk = 8000;    // states expanded between clock checks
constexpr std::uint64_t kSearchChunk = 20000;  // nodes visited between clock checks

class BoxSolveJob : public Job {
 public:
  BoxSolveJob(const box::BoxPuzzle& p, const box::BoxSolveOptions& o)
      : puzzle_(p),
        options_(o),
        tables_(p.size, p.moves, o.pattern_tiles),
        started_(Clock::now()) {}

  bool step(double budget_ms, nlohmann::json& events) override {
    const auto end = Clock::now() + std::chrono::duration<double, std::milli>(budget_ms);
    while (!search_ && Clock::now() < end)
      if (tables_.run(kTableChunk)) search_.emplace(puzzle_, options_);
    while (search_ && !search_->finished() && Clock::now() < end) search_->run(kSearchChunk);
    if (search_) stream_solutions(events);
    if (search_ && search_->finished()) {
      events.push_back({{"type", "done"}, {"result", result_json()}});
      return true;
    }
    events.push_back(progress_json());
    return false;
  }

  void cancel(nlohmann::json& events) override {
    if (search_) stream_solutions(events);
    events.push_back({{"type", "done"}, {"cancelled", true}, {"result", result_json()}});
  }

 private:
  double elapsed_ms() const {
    return std::chrono::duration<double, std::milli>(Clock::now() - started_).count();
  }

  nlohmann::json progress_json() const {
    if (!search_)
      return {{"type", "progress"},
              {"phase", "tables"},
              {"states", tables_.states_done()},
              {"states_total", tables_.states_total()},
              {"elapsed_ms", elapsed_ms()}};
    return {{"type", "progress"},
            {"phase", "search"},
            {"nodes", search_->result().nodes},
            {"depth_bound", search_->depth_bound()},
            {"depth", search_->depth()},
            {"count", search_->result().count},
            {"elapsed_ms", elapsed_ms()}};
  }

  // The result so far (a cancelled search reports complete: false), timed from the request.
  nlohmann::json result_json() const {
    box::BoxSolveResult r = search_ ? search_->result() : box::BoxSolveResult{};
    r.elapsed_ms = elapsed_ms();
    return box::box_result_json(puzzle_, r);
  }

  void stream_solutions(nlohmann::json& events) {
    const auto& found = search_->result().solutions;
    for (; streamed_ < found.size(); ++streamed_) {
      events.push_back({{"type", "solution"},
                        {"index", streamed_},
                        {"moves", box::move_names_json(found[streamed_], puzzle_.size)}});
    }
  }

  box::BoxPuzzle puzzle_;
  box::BoxSolveOptions options_;
  box::BoxTableBuild tables_;
  std::optional<box::BoxSearch> search_;
  Clock::time_point started_;
  size_t streamed_ = 0;
};

// A board given as text, or as an array of numbers (joined with commas for the parser).
std::optional<std::string> board_text(const nlohmann::json& request, const char* key,
                                      nlohmann::json& events) {
  const auto it = request.find(key);
  if (it == request.end()) return std::string();
  if (it->is_string()) return it->get<std::string>();
  if (it->is_array()) {
    std::string text;
    bool numbers = true;
    for (const auto& v : *it) {
      numbers = numbers && v.is_number_integer();
      if (!numbers) break;
      if (!text.empty()) text += ',';
      text += std::to_string(v.get<long long>());
    }
    if (numbers) return text;
  }
  events.push_back({{"type", "error"},
                    {"message", std::string("request field '") + key +
                                    "' must be a board text or an array of numbers"}});
  return std::nullopt;
}

}  // namespace

std::unique_ptr<Job> make_box_solve_job(const nlohmann::json& request, nlohmann::json& events) {
  std::optional<std::string> start = board_text(request, "start", events);
  if (!start) return nullptr;
  std::optional<std::string> target = board_text(request, "target", events);
  if (!target) return nullptr;
  std::string moves = "cw";
  long long size = 0;
  if (!read_field(request, "moves", moves, events) || !read_field(request, "size", size, events))
    return nullptr;
  Result<box::BoxPuzzle> p = box::parse_box_puzzle(*start, *target, moves);
  if (p && size != 0 && size != p->size)
    p = Error{"start", "a " + std::to_string(p->size) + "x" + std::to_string(p->size) +
                           " board, but the request says size " + std::to_string(size)};
  if (!p) {
    events.push_back({{"type", "error"}, {"message", p.error().to_string()}});
    return nullptr;
  }
  box::BoxSolveOptions o;
  long long tiles = kWorkerPatternTiles;
  if (!read_field(request, "pattern_tiles", tiles, events)) return nullptr;
  if (tiles < box::kMinPatternTiles || tiles > box::kMaxPatternTiles) {
    events.push_back(
        {{"type", "error"}, {"message", "request field 'pattern_tiles' must be 4 to 7"}});
    return nullptr;
  }
  o.pattern_tiles = static_cast<int>(tiles);
  const auto all = request.find("all");
  if (all != request.end()) {
    if (!all->is_boolean()) {
      events.push_back(
          {{"type", "error"}, {"message", "request field 'all' must be true or false"}});
      return nullptr;
    }
    o.all = all->get<bool>();
  }
  return std::make_unique<BoxSolveJob>(*p, o);
}

}  // namespace tilewise::worker
