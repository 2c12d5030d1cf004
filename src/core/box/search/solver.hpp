// Optimal Puzzle Box solutions (docs/puzzle-box.md): BoxSearch, a resumable IDA* with the bound
// of the board's size; solutions are distinct sequences in canonical spelling (spelling.hpp).
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/box/model/move_cells.hpp"
#include "core/box/model/puzzle.hpp"
#include "core/box/model/spelling.hpp"
#include "core/box/search/commuting_cuts.hpp"
#include "core/result.hpp"

namespace tilewise::box {

class AdditiveBound;
class CountDag;

// Where the count by layers starts (LayerCountLimits::direction).
enum class LayerDirection { kFromStart, kFromTarget, kEither };

struct BoxSolveOptions {
  bool all = true;                        // every optimal sequence (else the first)
  std::uint64_t max_solutions = 10000;    // kept in memory; counting goes on
  std::uint64_t node_budget = 200000000;  // IDA* nodes before giving up (N >= 4)
  double max_seconds = 0;                 // wall time before giving up (0 = no limit)
  // 4x4 (plan.hpp): the additive tables of this partition ("" = none) and the pattern table of
  // the numbers 1..pattern_tiles beside them (or alone), the second bound of a count by layers.
  int pattern_tiles = 7;
  std::string additive_partition;
  bool pattern_table = true;
  bool second_pattern = false;
  std::uint64_t max_beam_width = std::uint64_t{1} << 20;  // 5x5 and up (anytime_search.hpp)
  std::string group_map;  // 5x5 and up: the optimal search's tables ("" = Manhattan alone)
  const std::atomic<bool>* cancel = nullptr;
  bool cpu_time = false;  // max_seconds counts this process's CPU time (a shared machine)
  // 4x4, every optimal sequence: the count's tables' memory (over it: count_table_full), and
  // whether the result keeps the table (for_each_solution lists every sequence from it).
  std::uint64_t max_count_bytes = std::uint64_t{512} << 20;
  bool keep_count_table = false;
  LayerDirection count_direction = LayerDirection::kEither;
};

struct BoxSolveResult {
  int length = -1;  // optimal number of moves; -1 when not found
  std::uint64_t count = 0;
  std::vector<std::vector<Move>> solutions;
  bool solutions_truncated = false;
  bool proven_optimal = false;
  bool complete = false;  // false when cancelled or out of budget
  int lower_bound = 0;    // no solution is shorter (= length when proven optimal)
  std::uint64_t nodes = 0;
  double elapsed_ms = 0;
  std::string method;
  bool count_table_full = false;  // the count stopped at max_count_bytes (count is then 0)
  std::shared_ptr<const CountDag> count_table;  // with keep_count_table, once complete
};

// Every optimal sequence of a finished search in order: from the count's table when the
// result kept it, else the `solutions` kept. False when `emit` returned false to stop.
bool for_each_solution(const BoxSolveResult& r,
                       const std::function<bool(const std::vector<Move>&)>& emit);

// Start and target must be N x N boards (kMinSize <= N <= kMaxBoardSize) of 1..N*N each.
std::optional<Error> check_box_puzzle(const BoxPuzzle& puzzle);

// 5x5 and up: the anytime search until it finishes, the node budget is spent or max_seconds
// pass; `on_improvement` (when set) sees each better solution as found.
Result<BoxSolveResult> solve_box(
    const BoxPuzzle& puzzle, const BoxSolveOptions& options,
    const std::function<void(const BoxSolveResult&)>& on_improvement = nullptr);

// On 4x4, when `r` (an optimal search's result) has no length and is incomplete: a quick
// search within max_seconds (0 = no limit); a solution found goes into `r`, not proven
// optimal (r.lower_bound stays the optimal search's).
void add_quick_solution(const BoxPuzzle& puzzle, const BoxSolveOptions& options, double max_seconds,
                        BoxSolveResult& r);

// solve_box's first solution, then every optimal sequence counted by `count(renamed start,
// length)` (by layers; the tests' oracle); the method says "; counted by " + `how`.
struct OtherCount {
  std::uint64_t count = 0;
  bool complete = false;
  bool out_of_memory = false;  // (count_table_full)
  std::uint64_t nodes = 0;     // added to the search's
  std::string how;             // appended to `how` (may be empty)
};
Result<BoxSolveResult> count_after_first_solution(
    const BoxPuzzle& puzzle, const BoxSolveOptions& options, const std::string& how,
    const std::function<OtherCount(const std::vector<std::uint8_t>& start, int length)>& count);

// solve_box's lower bound on 3x3 or 4x4 boards, without the parity, from `board`
// (renamed_start); it may stop once above `enough`. Builds missing tables. One caller at a time.
std::function<int(const std::uint8_t* board, int enough)> box_lower_bound(
    int size, MoveSet moves, const BoxSolveOptions& options);

// One optimal search, resumable: solve_box runs it to the end; the browser worker a slice at
// a time. The puzzle must pass check_box_puzzle; the constructor builds missing tables.
class BoxSearch {
 public:
  BoxSearch(const BoxPuzzle& puzzle, const BoxSolveOptions& options);
  ~BoxSearch();
  bool run(std::uint64_t max_nodes);  // visits up to max_nodes nodes; true when finished
  bool finished() const { return finished_; }
  const BoxSolveResult& result() const { return r_; }  // final once finished
  int depth_bound() const { return limit_; }           // length tried by this iteration
  int depth() const { return static_cast<int>(path_.size()); }
  // No solution is shorter than this (each finished iteration rules out its length).
  int lower_bound() const { return r_.proven_optimal ? r_.length : std::max(limit_, start_bound_); }
  // 4x4, options.all, before run(): counts only the sequences of `length` moves that begin with
  // `prefix` into `dag` (parallel_count.hpp), the nodes above the prefix's end not kept.
  void count_below(std::vector<Move> prefix, int length, std::shared_ptr<CountDag> dag);

 private:
  int bound_of(int g, int enough) const;  // moves left from board_ at g, to the parity
  bool skip_move(const Move& m) const;
  bool at_target_board() const {  // board_ reads 0, 1, ... (a permutation of them: sorted)
    return std::is_sorted(board_.begin(), board_.begin() + size_ * size_);
  }
  std::uint64_t counted_child();      // listing: the child's count, or CountDag::kMiss
  void add_counted(std::uint64_t n);  // a child's n sequences: counted, listed while kept
  // h rounded up to the parity a distance at g must have (the board's, with quarter turns).
  int to_parity(int h, int g) const { return parity_ >= 0 && (h + g + parity_) % 2 ? h + 1 : h; }
  std::optional<std::pair<std::uint64_t, std::uint32_t>> count_node(std::size_t depth) const;
  int moves_left() const { return limit_ - static_cast<int>(path_.size()); }
  bool next_iteration();  // the next bound's root; true when the search is over (finish)
  void enter_child(const Move& m);
  void undo_last();
  void turn(const Move& m, bool back);
  std::array<std::uint8_t, 16> board16() const {  // 4x4: board_ as the count's table reads it
    std::array<std::uint8_t, 16> b;
    std::copy_n(board_.begin(), 16, b.begin());
    return b;
  }
  void first_of_children();  // 4x4: each child's first lookup, all at once
  void open_node();          // the node after path_ passed: its children are tried next
  void note_cut();           // the child just tried (path_ back at its parent) is dead by the bound
  void note_counted(std::uint64_t count);  // ... has `count` completions (listing)
  void found();
  bool finish(bool complete);  // the search is over: true

  int size_;
  MoveSet moves_;
  BoxSolveOptions o_;
  BoxSolveResult r_;
  std::vector<MoveCells> cells_;  // the allowed moves, by move_key in cells_of_
  MoveCellsIndex cells_of_{};
  Cells board_{};  // the board after path_, renamed so the target reads 0, 1, ...
  // Per depth and move: the excess of the child's first image (first_of_children).
  std::vector<int> child_excess_;
  std::vector<std::uint32_t> child_index_;  // (first_of_children's)
  // 4x4: second orders of commuting buttons cut without a bound (commuting_cuts.hpp), and
  // per depth the open node's children it cuts.
  std::optional<CommutingCuts> commuting_cuts_;
  struct Known {                    // bits by move index
    std::uint32_t dead = 0;         // cut without a bound
    std::uint32_t counted = 0;      // (listing: their counts known)
    std::uint32_t first_cut = 0;    // cut by their first lookup (first_of_children)
    std::uint32_t dead_or_cut = 0;  // known dead so far
  };
  std::vector<Known> known_;
  std::vector<Move> path_;
  std::vector<Spelling> spelling_;  // per depth: the spelling context of path_'s first moves
  std::vector<std::size_t> next_;   // per open node: index in cells_ of its next child
  const std::vector<std::uint8_t>* table_ = nullptr;  // 3x3
  std::unique_ptr<AdditiveBound> pattern_;            // 4x4: the pattern table
  std::unique_ptr<AdditiveBound> additive_;           // 4x4; 5x5 and up: options' group_map
  // Manhattan alone: [cell * N*N + number] steps home, their sum over board_ kept in step.
  std::vector<std::uint8_t> steps_home_;
  int manhattan_sum_ = 0;
  // Per depth: the lookup (image) of each bound that decided the node's last bound.
  mutable std::vector<int> first_lookup_, first_image_;
  int parity_ = -1;  // with quarter turns only: the start's permutation parity (else -1)
  int limit_ = -1;
  bool finished_ = false;
  double t0_ms_ = 0;
  int start_bound_ = 0;  // the bound of the start board
  // With `all`, a bound is first probed for one solution (commuting buttons in one order), then
  // the bound that has one listed (4x4: counted on count_dag_).
  bool listing_ = false;
  bool probe_found_ = false;
  std::vector<std::uint64_t> count_at_entry_;  // per open node: r_.count when entered
  std::shared_ptr<CountDag> count_dag_;
  std::vector<Move> prefix_;  // count_below's: the first moves of every sequence searched
};

// 3x3: the boards at each distance; a fresh distance table (by rank_3x3, 0xff = unreachable);
// the table the search reads, kept from a build made elsewhere (the browser worker's
// Table3Build, a slice at a time), else built when first needed.
std::vector<std::uint64_t> distance_distribution_3x3(MoveSet moves);
std::vector<std::uint8_t> build_distance_table_3x3(MoveSet moves);
void keep_distance_table_3x3(MoveSet moves, std::vector<std::uint8_t> table);

}  // namespace tilewise::box
