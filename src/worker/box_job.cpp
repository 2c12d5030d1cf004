// {"type":"box.solve","start":"765849321" or [7,6,5,...],"target":... (default 1..N*N),
//  "moves":"cw|cw+ccw|cw+ccw+half","size":N (optional check),"all":true,
//  "partition":"7+7+2" (4x4: the additive tables of this partition, additive_db.hpp; the
//                      default unless pattern_tiles is given; "" = the pattern table),
//  "quick_partition":"6+6+4" (4x4: while the partition's tables are neither in memory nor in
//                      storage, answer with this smaller one's and build the wanted ones in
//                      the background; "" = wait for the wanted ones),
//  "kept_partition":"8+8" (4x4, with a partition: these stronger tables first when this worker
//                      has them or the page's storage keeps them; never built by a solve: the
//                      page builds them on request, in a worker of their own; "" = none),
//  "pattern_tiles":7 (4x4: numbers in the pattern database, 4..7, used without a partition),
//  "quick_tiles":6 (4x4: while the pattern_tiles table is neither in memory nor in storage,
//                   answer with this smaller one and build the wanted one in the background;
//                   0 = wait for the wanted one; default 6 when pattern_tiles is 7),
//  "max_seconds":30 (whole seconds for the optimal search; 0 or absent = none)}
// Phases, each in slices: "tables" (the 3x3 distance table or the 4x4 pattern database:
// the wanted table if this worker has it or the page's storage keeps it, else the quick one
// (asked of storage too) or, without one, the wanted one, built, resuming a cancelled build;
// box_tables.hpp), then "search". Events: progress, table_wanted / table_built (for web/worker.js),
// solution, done (its "result" is the object `tilewise box solve --json` prints, its "table" where
// the table came from), error.
// On 4x4 a search that runs out of budget, or is cancelled while searching, with nothing
// found ends with the quick search's solution (not proven optimal, with the optimal search's
// lower bound), so a solvable board never ends with nothing. 5x5 and up: box_job_anytime.cpp.
#include <chrono>
#include <optional>

#include "core/box/bounds/additive_db.hpp"
#include "core/box/bounds/pattern_db.hpp"
#include "core/box/model/board.hpp"
#include "core/box/model/json.hpp"
#include "core/box/search/plan.hpp"
#include "core/box/search/solver.hpp"
#include "worker/box_tables.hpp"
#include "worker/jobs.hpp"
#include "worker/request_fields.hpp"

namespace tilewise::worker {
namespace {

using Clock = std::chrono::steady_clock;
constexpr std::uint64_t kSearchChunk = 20000;  // nodes visited between clock checks
// The fallback's time cap (4x4: well under 1 s). It runs inside one step, so it stays under
// the page's 3 s watchdog (web/tilewise.js): at 5 s a cancelled 5x5 search under load (the
// frame search takes ~2.3 s of CPU there) had the page restart the worker.
constexpr double kQuickSeconds = 2;

class BoxSolveJob : public Job {
 public:
  // `kept` (4x4): that table first if it is at hand (never built here); `quick`: answer with
  // that table while the wanted one is missing.
  BoxSolveJob(const box::BoxPuzzle& p, const box::BoxSolveOptions& o, const BoxTableId& wanted,
              const std::optional<BoxTableId>& kept, const std::optional<BoxTableId>& quick,
              long long request_id)
      : puzzle_(p),
        options_(o),
        wanted_(wanted),
        table_(wanted_),
        request_id_(request_id),
        started_(Clock::now()) {
    if (kept) tiers_.push_back(*kept);
    wanted_tier_ = tiers_.size();
    tiers_.push_back(wanted_);
    if (quick) tiers_.push_back(*quick);
    for (const BoxTableId& t : tiers_) ready_at_start_.push_back(box_table_ready(t));
  }

  bool step(double budget_ms, nlohmann::json& events) override {
    const auto end = Clock::now() + std::chrono::duration<double, std::milli>(budget_ms);
    if (!chosen_ && !choose_table(events)) {
      events.push_back(progress_json());
      return false;
    }
    // At least one chunk a step: a step whose budget went on choosing the table still makes
    // progress (on a slow or loaded machine, or under the sanitizers, it stalled).
    for (bool first = true; !search_ && (first || Clock::now() < end); first = false)
      if (run_box_table_build(table_, kTableChunk)) start_search(events);
    while (search_ && !search_->finished() && Clock::now() < end) search_->run(kSearchChunk);
    if (search_) stream_solutions(events);
    if (search_ && search_->finished()) {
      finish_with_quick_solution(events);
      events.push_back({{"type", "done"}, {"result", result_json()}, {"table", table_json()}});
      return true;
    }
    events.push_back(progress_json());
    return false;
  }

  // A cancel while the table is built keeps the partial table (box_tables.hpp).
  void cancel(nlohmann::json& events) override {
    if (search_) {
      stream_solutions(events);
      finish_with_quick_solution(events);
    }
    events.push_back({{"type", "done"},
                      {"cancelled", true},
                      {"result", result_json()},
                      {"table", table_json()}});
  }

 private:
  double elapsed_ms() const {
    return std::chrono::duration<double, std::milli>(Clock::now() - started_).count();
  }

  // The table of this solve: the first of tiers_ this worker has or the page's storage
  // keeps (each 4x4 table is asked of storage once per worker: "table_wanted", which
  // web/worker.js answers through tw_table_offer; tw_table_forget asks again), else the
  // last one, built here. A smaller table than wanted leaves the wanted one to the
  // background build. False while the storage's answer is awaited.
  bool choose_table(nlohmann::json& events) {
    for (size_t k = 0; k < tiers_.size(); ++k) {
      const BoxTableId& t = tiers_[k];
      if (!box_table_ready(t)) {
        const std::string name = box_table_name(t);
        const StorageAnswer answer = name.empty() ? StorageAnswer::kAnswered : storage_answer(name);
        if (answer == StorageAnswer::kNotAsked) {
          mark_storage_asked(name);
          events.push_back({{"type", "table_wanted"}, {"name", name}});
        }
        if (answer != StorageAnswer::kAnswered) {
          table_ = t;  // (the one asked for, until one is chosen)
          return false;
        }
        if (k + 1 < tiers_.size()) continue;  // not kept: try the next
      }
      chosen_ = true;
      chosen_tier_ = k;
      table_ = t;
      options_.pattern_tiles = t.pattern_tiles;
      options_.additive_partition = t.partition;  // (alone: no pattern table beside it)
      options_.pattern_table = t.partition.empty();
      table_name_ = box_table_name(t);
      states_at_start_ = box_table_states_done(t);
      if (box_table_ready(t)) source_ = ready_at_start_[k] ? "memory" : "storage";
      if (k > wanted_tier_) want_background_build(wanted_, request_id_);
      return true;
    }
    return true;  // (tiers_ is never empty)
  }

  void start_search(nlohmann::json& events) {
    table_ms_ = elapsed_ms();
    if (source_.empty() && box_table_states_total(table_) == 0) source_ = "none";
    if (source_.empty()) {
      source_ = "built";
      if (!table_name_.empty()) events.push_back({{"type", "table_built"}, {"name", table_name_}});
    }
    search_.emplace(puzzle_, options_);
  }

  nlohmann::json progress_json() const {
    if (!search_)
      return {{"type", "progress"},
              {"phase", "tables"},
              {"table", box_table_name(table_)},
              {"tiles", tiles()},
              {"label", box_table_label(table_)},
              {"storage", !chosen_},
              {"states", box_table_states_done(table_)},
              {"states_at_start", states_at_start_},
              {"states_total", box_table_states_total(table_)},
              {"elapsed_ms", elapsed_ms()}};
    return {{"type", "progress"},
            {"phase", "search"},
            {"nodes", search_->result().nodes},
            {"depth_bound", search_->depth_bound()},
            {"depth", search_->depth()},
            {"count", search_->result().count},
            {"elapsed_ms", elapsed_ms()}};
  }

  int tiles() const {
    return table_.size == 4 && table_.partition.empty() ? table_.pattern_tiles : 0;
  }

  // Where the solve's table came from: "memory" (this worker had it), "storage" (kept by an
  // earlier visit), "built" (here, resumed from states_at_start when an earlier solve was
  // cancelled), "none" (5x5 and up), "" (cancelled before it was ready); ms = the time it
  // took this solve; tiles = its numbers (4x4); kept = the request's kept_partition answered;
  // "better": the wanted table, being built in the background (this solve used a smaller one).
  nlohmann::json table_json() const {
    nlohmann::json t = {{"name", table_name_},
                        {"tiles", tiles()},
                        {"label", box_table_label(table_)},
                        {"source", search_ ? source_ : std::string()},
                        {"ms", search_ ? table_ms_ : elapsed_ms()},
                        {"states_at_start", states_at_start_},
                        {"states", box_table_states_done(table_)},
                        {"states_total", box_table_states_total(table_)},
                        {"kept", chosen_ && chosen_tier_ < wanted_tier_}};
    if (const auto better = background_build();
        better && box_table_name(table_) != box_table_name(*better))
      t["better"] = {{"name", box_table_name(*better)},
                     {"tiles", better->partition.empty() ? better->pattern_tiles : 0},
                     {"label", box_table_label(*better)},
                     {"states", box_table_states_done(*better)},
                     {"states_total", box_table_states_total(*better)}};
    return t;
  }

  // The final result; nothing found and the search not complete (out of budget or
  // cancelled): the quick search's solution, streamed like the optimal ones.
  void finish_with_quick_solution(nlohmann::json& events) {
    final_ = search_->result();
    final_->lower_bound = search_->lower_bound();
    if (final_->count > 0 && final_->length < 0 && !final_->solutions.empty()) {
      // Cancelled while listing: what was found, at the bound in progress, is optimal.
      final_->length = static_cast<int>(final_->solutions[0].size());
      final_->lower_bound = final_->length;
      final_->proven_optimal = true;
    }
    box::add_quick_solution(puzzle_, options_, kQuickSeconds, *final_);
    for (size_t k = streamed_; k < final_->solutions.size(); ++k)
      events.push_back({{"type", "solution"},
                        {"index", k},
                        {"moves", box::move_names_json(final_->solutions[k], puzzle_.size)}});
  }

  // The result so far (a cancelled search reports complete: false), timed from the request.
  nlohmann::json result_json() const {
    box::BoxSolveResult r = final_ ? *final_ : search_ ? search_->result() : box::BoxSolveResult{};
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
  BoxTableId wanted_;
  std::vector<BoxTableId> tiers_;  // the kept table if any, the wanted one, the quick one if any
  size_t wanted_tier_ = 0, chosen_tier_ = 0;
  std::vector<bool> ready_at_start_;
  bool chosen_ = false;
  BoxTableId table_;  // the chosen one (before: the one whose storage answer is awaited)
  long long request_id_;
  std::string table_name_;  // storage name ("" when not kept)
  std::uint64_t states_at_start_ = 0;
  std::string source_;  // see table_json()
  double table_ms_ = 0;
  std::optional<box::BoxSearch> search_;
  std::optional<box::BoxSolveResult> final_;  // once finished or cancelled
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
  // 4x4: the planner's tables (core/box/search/plan.hpp: the stored ones are asked of the page's
  // storage later) unless a pattern table is asked for.
  const bool pattern = p->size != 4 || request.contains("pattern_tiles");
  box::BoxPlanRequest q;
  q.size = p->size;
  q.moves = p->moves;
  const Result<box::BoxPlan> plan = box::plan_box_solve(q);
  std::string partition = pattern || !plan ? "" : plan->partition;
  std::string quick_partition = pattern || !plan ? "" : plan->quick_partition;
  std::string kept_partition;
  if (!read_field(request, "partition", partition, events) ||
      !read_field(request, "quick_partition", quick_partition, events) ||
      !read_field(request, "kept_partition", kept_partition, events))
    return nullptr;
  box::AdditivePartition known;
  for (const std::string* name : {&partition, &quick_partition, &kept_partition}) {
    if (name->empty() || box::additive_partition(*name, known)) continue;
    std::string names;
    for (const std::string& n : box::additive_partition_names()) names += n + ", ";
    events.push_back({{"type", "error"},
                      {"message",
                       "request fields 'partition', 'quick_partition' and "
                       "'kept_partition' must be one of " +
                           names + "or empty"}});
    return nullptr;
  }
  long long tiles = p->size == 4 ? kWorkerPatternTiles : kWorkerFallbackPatternTiles;
  if (!read_field(request, "pattern_tiles", tiles, events)) return nullptr;
  if (tiles < box::kMinPatternTiles || tiles > box::kMaxPatternTiles) {
    events.push_back(
        {{"type", "error"}, {"message", "request field 'pattern_tiles' must be 4 to 7"}});
    return nullptr;
  }
  o.pattern_tiles = static_cast<int>(tiles);
  long long quick = p->size == 4 && tiles > kWorkerQuickPatternTiles ? kWorkerQuickPatternTiles : 0;
  if (!read_field(request, "quick_tiles", quick, events)) return nullptr;
  if (quick != 0 && (quick < box::kMinPatternTiles || quick >= tiles)) {
    events.push_back(
        {{"type", "error"},
         {"message", "request field 'quick_tiles' must be 0, or 4 to pattern_tiles - 1"}});
    return nullptr;
  }
  if (p->size != 4) quick = 0;
  long long max_seconds = 0;
  if (!read_field(request, "max_seconds", max_seconds, events)) return nullptr;
  if (max_seconds < 0) {
    events.push_back(
        {{"type", "error"}, {"message", "request field 'max_seconds' must be 0 or more"}});
    return nullptr;
  }
  o.max_seconds = static_cast<double>(max_seconds);
  const auto all = request.find("all");
  if (all != request.end()) {
    if (!all->is_boolean()) {
      events.push_back(
          {{"type", "error"}, {"message", "request field 'all' must be true or false"}});
      return nullptr;
    }
    o.all = all->get<bool>();
  }
  if (p->size >= 5) return make_box_anytime_job(*p, o);  // in slices, improving as it goes
  long long id = -1;
  read_field(request, "id", id, events);  // (checked by tw_request)
  BoxTableId wanted{p->size, p->moves, o.pattern_tiles, partition};
  std::optional<BoxTableId> kept_table, quick_table;
  if (p->size == 4 && !partition.empty() && !kept_partition.empty() && kept_partition != partition)
    kept_table = BoxTableId{4, p->moves, 0, kept_partition};
  if (p->size == 4 && !partition.empty() && !quick_partition.empty() &&
      quick_partition != partition)
    quick_table = BoxTableId{4, p->moves, 0, quick_partition};
  else if (partition.empty() && quick > 0)
    quick_table = BoxTableId{4, p->moves, static_cast<int>(quick), {}};
  return std::make_unique<BoxSolveJob>(*p, o, wanted, kept_table, quick_table, id);
}

}  // namespace tilewise::worker
