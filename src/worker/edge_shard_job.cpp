// One worker's share of a count/all search split across several workers (web/worker.js
// coordinates): {"type":"edge.solve", ..., "shard": i, "shards": n}. Every shard cuts the tree
// the same way (split_search, deterministic) and searches the prefixes k with k % n == i, in
// order. Its "done" result carries what the coordinator needs to merge exactly: per-depth
// nodes (shard 0 adds the levels above the cut), solutions tagged with their prefix, and the
// distinct-board keys (hex) while there are few enough to send.
#include <algorithm>
#include <chrono>
#include <memory>
#include <unordered_set>

#include "core/edge/model/json.hpp"
#include "core/edge/search/solver.hpp"
#include "worker/jobs.hpp"

namespace tilewise::worker {
namespace {

constexpr size_t kMaxPatternKeys = 20000;  // beyond: distinct boards is a lower bound

class EdgeShardJob : public Job {
 public:
  EdgeShardJob(const EdgePuzzle& p, const SolveOptions& o, int shard, int shards)
      : puzzle_(p), options_(o), shard_(shard), shards_(shards) {}

  bool step(double budget_ms, nlohmann::json& events) override {
    const auto start = std::chrono::steady_clock::now();
    const auto budget = std::chrono::duration<double, std::milli>(budget_ms);
    if (!split_) {
      split_ =
          split_search(puzzle_, options_, 64u * static_cast<unsigned>(shards_), nullptr, nullptr);
      next_prefix_ = static_cast<size_t>(shard_);
      per_depth_.assign(static_cast<size_t>(puzzle_.rows * puzzle_.cols) + 1, 0);
      if (shard_ == 0) add_stats(split_->stats());
      complete_ = split_->complete();
    }
    while (std::chrono::steady_clock::now() - start < budget) {
      if (!current_) {
        if (next_prefix_ >= split_->prefixes().size()) return finish(events, false);
        current_ = std::make_unique<EdgeSearch>(puzzle_, options_);
        current_->start_from(split_->prefixes()[next_prefix_]);
      }
      if (current_->run(20000)) collect(events);
    }
    if (current_) stream(events);  // found in the running prefix: shown as they come
    nlohmann::json progress = {{"type", "progress"},
                               {"nodes", nodes_ + live(&SolveStats::nodes)},
                               {"tries", tries_ + live(&SolveStats::tries)},
                               {"count", count_ + (current_ ? current_->count() : 0)},
                               {"prefixes_done", done_prefixes_},
                               {"prefixes", split_->prefixes().size()}};
    events.push_back(progress);
    return false;
  }

  void cancel(nlohmann::json& events) override { finish(events, true); }

 private:
  std::uint64_t live(std::uint64_t SolveStats::*field) const {
    return current_ ? current_->stats().*field : 0;
  }

  void add_stats(const SolveStats& s) {
    nodes_ += s.nodes;
    tries_ += s.tries;
    for (size_t d = 0; d < per_depth_.size() && d < s.nodes_per_depth.size(); ++d)
      per_depth_[d] += s.nodes_per_depth[d];
  }

  // Streams the running prefix's solutions not streamed yet.
  void stream(nlohmann::json& events) {
    const std::vector<Solution>& found = current_->solutions();
    for (; streamed_ < found.size(); ++streamed_)
      events.push_back({{"type", "solution"}, {"tiles", solution_json(found[streamed_])["tiles"]}});
  }

  // The finished prefix's figures join the shard's; its solutions are streamed and kept.
  void collect(nlohmann::json& events) {
    stream(events);
    streamed_ = 0;
    const EdgeSearch& s = *current_;
    add_stats(s.stats());
    count_ += s.count();
    listed_ += s.listed();
    boards_ += s.distinct_boards();
    complete_ = complete_ && s.complete();
    for (size_t k = 0; k < s.solutions().size(); ++k) {
      nlohmann::json j = solution_json(s.solutions()[k]);
      j["prefix"] = next_prefix_;
      j["index"] = k;
      if (kept_.size() < options_.max_kept) kept_.push_back(j);
    }
    for (const std::string& key : s.board_patterns())
      if (patterns_.size() <= kMaxPatternKeys) patterns_.insert(key);
    patterns_complete_ = patterns_complete_ && s.distinct_boards_complete();
    current_.reset();
    ++done_prefixes_;
    next_prefix_ += static_cast<size_t>(shards_);
  }

  bool finish(nlohmann::json& events, bool cancelled) {
    const bool complete = complete_ && !cancelled && !current_;
    nlohmann::json keys = nullptr;
    const bool boards_are_solutions = split_ && split_->boards_are_solutions();
    const bool kinds = split_ && split_->searches_kinds();  // boards counted, not keyed
    if (patterns_.size() <= kMaxPatternKeys && patterns_complete_ && !boards_are_solutions &&
        !kinds) {
      keys = nlohmann::json::array();
      for (const std::string& k : patterns_) keys.push_back(hex_bytes(k));
    }
    nlohmann::json result = {{"rows", puzzle_.rows},
                             {"cols", puzzle_.cols},
                             {"count", count_},
                             {"complete", complete},
                             {"nodes", nodes_},
                             {"tries", tries_},
                             {"nodes_per_depth", per_depth_},
                             {"solutions", kept_},
                             {"distinct_boards", boards_are_solutions ? count_
                                                 : kinds              ? boards_
                                                                      : patterns_.size()},
                             {"boards_counted", kinds},
                             {"listed", kinds ? listed_ : count_},
                             {"pattern_keys", keys},
                             {"boards_are_solutions", boards_are_solutions},
                             {"shard", shard_},
                             {"shards", shards_}};
    nlohmann::json done = {{"type", "done"}, {"result", result}};
    if (cancelled) done["cancelled"] = true;
    events.push_back(done);
    return true;
  }

  EdgePuzzle puzzle_;
  SolveOptions options_;
  int shard_, shards_;
  std::unique_ptr<EdgeSearch> split_;
  std::unique_ptr<EdgeSearch> current_;
  size_t next_prefix_ = 0, done_prefixes_ = 0;
  size_t streamed_ = 0;  // solutions of the running prefix already streamed
  std::uint64_t count_ = 0, nodes_ = 0, tries_ = 0, listed_ = 0, boards_ = 0;
  std::vector<std::uint64_t> per_depth_;
  bool complete_ = true, patterns_complete_ = true;
  nlohmann::json kept_ = nlohmann::json::array();
  std::unordered_set<std::string> patterns_;
};

}  // namespace

std::unique_ptr<Job> make_edge_shard_job(const EdgePuzzle& puzzle, const SolveOptions& options,
                                         int shard, int shards) {
  return std::make_unique<EdgeShardJob>(puzzle, options, shard, shards);
}

}  // namespace tilewise::worker
