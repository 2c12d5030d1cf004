// Optimal Puzzle Box solutions.
// 3x3: an exact distance table over all 9! = 362,880 states (one per move set, built
// once, ~0.4 MB), from which every optimal sequence is read off. Any target works:
// numbers are relabelled so the target becomes 1..9.
// N >= 4: IDA* with an admissible bound (sum of Manhattan distances / 4, / 8 with half
// turns; on 4x4 also pattern databases); optimal when it finishes within its node budget.
// Both run as one resumable depth-first search (BoxSearch), the 3x3 one with the exact
// table distance as its bound, so it only walks optimal sequences.
//
// Counting: solutions are distinct move sequences of optimal length, except that with
// clockwise + counter-clockwise moves a half turn is spelled only as `X X` (the equal
// sequence `X' X'` is not listed again). Sequences that differ only in the order of two
// independent buttons are different sequences and are all listed (as in seed 003).
#pragma once

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

class PatternBound4x4;
class AdditiveBound4x4;
class AdditiveBoundNxN;
class CountDag;

// Where the count by layers (count_layers.hpp) starts: from the start board; from the target
// (the sequences read back: the same count); or from either: from the start until a layer
// keeps many boards, then the target's to that depth, and on with the smaller.
enum class LayerDirection { kFromStart, kFromTarget, kEither };

struct BoxSolveOptions {
  bool all = true;                        // every optimal sequence (else the first)
  std::uint64_t max_solutions = 10000;    // kept in memory; counting goes on
  std::uint64_t node_budget = 200000000;  // IDA* nodes before giving up (N >= 4)
  double max_seconds = 0;                 // wall time before giving up (0 = no limit)
  int pattern_tiles = 7;  // 4x4: numbers in the pattern database (4..7; 7 = 27.5 MiB)
  // 4x4: the additive pattern databases (additive_db.hpp) of this partition ("" = none),
  // with the pattern database too (the larger bound) or alone.
  std::string additive_partition;
  bool pattern_table = true;
  // 4x4, the count by layers: the pattern table (of pattern_tiles numbers) as a second bound
  // of the boards each layer keeps, from the first layer (count_layers.hpp).
  bool second_pattern = false;
  // 5x5 and up (anytime_search.hpp): the widest beam (memory: ~180 bytes a board, plus 5
  // bytes a board and move of the path).
  std::uint64_t max_beam_width = std::uint64_t{1} << 20;
  // 5x5 and up: the additive tables of this group map (additive_db.hpp) as the bound of the
  // optimal search and of the start ("" = the Manhattan bound alone).
  std::string group_map;
  const std::atomic<bool>* cancel = nullptr;
  bool cpu_time = false;  // max_seconds counts this process's CPU time (a shared machine)
  // 4x4, every optimal sequence: the memory of the count's tables (count_dag.hpp); when
  // they would need more, the count ends incomplete (count_table_full).
  std::uint64_t max_count_bytes = std::uint64_t{512} << 20;
  // 4x4, every optimal sequence: the result keeps the count's table, so that
  // for_each_solution lists every sequence, not only the `max_solutions` kept.
  bool keep_count_table = false;
  // 4x4, the count by layers: the end its layers start from (count_layers.hpp: from the start,
  // from the target, or either: the one whose layer is smaller where the start's first keeps
  // more than 65,536 boards).
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
// result kept it (keep_count_table), else the `solutions` kept. `emit` returns false to stop;
// so does for_each_solution then.
bool for_each_solution(const BoxSolveResult& r,
                       const std::function<bool(const std::vector<Move>&)>& emit);

// Start and target must be N x N boards (kMinSize <= N <= kMaxSize) of 1..N*N each;
// the error says which rule is broken.
std::optional<Error> check_box_puzzle(const BoxPuzzle& puzzle);

// 5x5 and up: the anytime search (anytime_search.hpp) until it finishes, the node budget is
// spent or max_seconds pass; `on_improvement` (when set) sees each better solution as found.
Result<BoxSolveResult> solve_box(
    const BoxPuzzle& puzzle, const BoxSolveOptions& options,
    const std::function<void(const BoxSolveResult&)>& on_improvement = nullptr);

// On 4x4, when `r` (an optimal search's result) has no length and is incomplete: a quick
// search (weighted best-first) within max_seconds (0 = no limit) and options' state cap; a
// solution found goes into `r`, not proven optimal (r.lower_bound stays the optimal
// search's). solve_box and the browser worker use it (5x5 and up: anytime_search.hpp).
void add_quick_solution(const BoxPuzzle& puzzle, const BoxSolveOptions& options, double max_seconds,
                        BoxSolveResult& r);

// A count of every optimal sequence by another method than the search's own (count_layers.hpp;
// the tests' meeting in the middle): solve_box's first solution (its length, proven optimal) with
// `options`, then `count(start, length)` (the start renamed so the target reads 0, 1, ...); the
// result holds that count and the first sequence, `method` + "; counted by " + `how`, and is
// incomplete (count 0) when the count is.
struct OtherCount {
  std::uint64_t count = 0;
  bool complete = false;
  bool out_of_memory = false;  // (count_table_full)
  std::uint64_t nodes = 0;     // added to the search's
  std::string how;             // said after the method's "counted by <how>" (may be empty)
};
Result<BoxSolveResult> count_after_first_solution(
    const BoxPuzzle& puzzle, const BoxSolveOptions& options, const std::string& how,
    const std::function<OtherCount(const std::vector<std::uint8_t>& start, int length)>& count);

// The lower bound solve_box's optimal search uses on boards up to 4x4 (3x3: the exact table
// distance; 4x4: the tables `options` ask for; 2x2: Manhattan), without the parity
// rounding: moves from `board` (cell -> number 0..N*N-1) to 0, 1, ... in order; it may stop
// early once above `enough`. Builds the tables still missing. One caller at a time.
std::function<int(const std::uint8_t* board, int enough)> box_lower_bound(
    int size, MoveSet moves, const BoxSolveOptions& options);

// Builds the tables a solve of (size, moves) needs a slice at a time, for callers that
// must stay responsive (the browser worker). solve_box builds what is missing in one go.
// Tables are kept for the life of the process (3x3: 0.36 MB; 4x4: 27.5 MiB per move set
// with the default 7-number pattern database).
class BoxTableBuild {
 public:
  BoxTableBuild(int size, MoveSet moves, int pattern_tiles);
  ~BoxTableBuild();
  bool run(std::uint64_t max_states);  // true when ready
  std::uint64_t states_done() const;
  std::uint64_t states_total() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// One optimal search, resumable: solve_box runs it to the end; the browser worker runs it
// a slice at a time. The puzzle must pass check_box_puzzle. Tables still missing are built
// by the constructor.
class BoxSearch {
 public:
  BoxSearch(const BoxPuzzle& puzzle, const BoxSolveOptions& options);
  ~BoxSearch();
  bool run(std::uint64_t max_nodes);  // visits up to max_nodes nodes; true when finished
  bool finished() const { return finished_; }
  const BoxSolveResult& result() const { return r_; }  // final once finished
  int depth_bound() const { return limit_; }           // length tried by this iteration
  int depth() const { return static_cast<int>(path_.size()); }
  int lower_bound() const;  // no solution is shorter than this
  // 4x4, options.all: instead of the whole search, counts the sequences of exactly `length`
  // moves that begin with `prefix` into `dag` (shared with other searches:
  // parallel_count.hpp); the nodes above the prefix's end are neither read from the table
  // nor kept in it (here they count only part of their subtree). Call before run().
  void count_below(std::vector<Move> prefix, int length, std::shared_ptr<CountDag> dag);

 private:
  // Lower bound on the moves left from s_ at depth g (rounded up to the parity the
  // distance must have); may stop early once it exceeds `enough`.
  int bound_of(int g, int enough) const;
  bool skip_move(const Move& m) const;
  bool at_target_board() const;  // s_ reads 1..N*N
  bool counted_child();  // listing: the child's count is known (added, its sequences listed)
  void add_counted(std::uint64_t n);  // a child's n sequences: counted, listed while kept
  int to_parity(int h, int g) const;  // h rounded up to the parity a distance at g must have
  bool leave_node();  // all children tried: keep the count, back up (false: table full)
  std::uint32_t context_key() const;
  int moves_left() const { return limit_ - static_cast<int>(path_.size()); }
  bool out_of_budget() const;  // nodes or time
  bool next_iteration();       // false when the search is over
  void enter_child(const Move& m);
  void undo_last();
  void turn(const Move& m, bool back);  // s_ and what the bound reads (back: the move undone)
  void first_of_children();             // 4x4: each child's first lookup, all at once
  void open_node();                     // the node after path_ passed: its children are tried next
  void note_cut();  // the child just tried (path_ back at its parent) is dead by the bound
  void note_counted(std::uint64_t count);  // ... has `count` completions (listing)
  void add_second_order(const Move& m);    // the child m's count taken from its first order
  void found();
  void finish(bool complete);

  int size_;
  MoveSet moves_;
  BoxSolveOptions o_;
  BoxSolveResult r_;
  std::vector<Move> allowed_;
  std::vector<int> s_;  // the board after path_, renamed so the target reads 1..N*N
  // 4x4: s_ as 0-based bytes (what the bounds read); the allowed moves as cell maps and, by
  // move_key, which of them a move is (turn()).
  std::array<std::uint8_t, 16> board4_{};
  std::vector<MoveCells> cells_;
  MoveCellsIndex cells_of_{};
  // Per depth and move: the excess of the child's first image (first_of_children).
  std::vector<int> child_excess_;
  std::vector<std::uint32_t> child_index_;  // (first_of_children's)
  std::size_t additive_terms_ = 0;          // lookups per image
  // 4x4: second orders of commuting buttons cut without a bound (commuting_cuts.hpp), and
  // per depth the open node's children it cuts.
  std::optional<CommutingCuts> commuting_cuts_;
  std::vector<std::uint32_t> dead_children_;
  std::vector<std::uint32_t> counted_children_;    // (listing: their counts known)
  std::vector<std::uint32_t> first_cut_;           // per depth: children cut by their first lookup
  std::vector<std::uint32_t> known_dead_;          // per depth: children known dead so far
  std::uint64_t child_count_ = ~std::uint64_t{0};  // counted_child's, for note_counted
  std::vector<Move> path_;
  std::vector<Spelling> spelling_;  // per depth: the spelling context of path_'s first moves
  std::vector<std::size_t> next_;   // per open node: index in allowed_ of its next child
  const std::vector<std::uint8_t>* table_ = nullptr;  // 3x3
  std::unique_ptr<PatternBound4x4> pattern_;          // 4x4
  std::unique_ptr<AdditiveBound4x4> additive_;        // 4x4
  std::unique_ptr<AdditiveBoundNxN> additive_nxn_;    // 5x5 and up (options' group_map)
  Cells board_nxn_{};  // 5x5 and up with additive_nxn_: s_ 0-based (what it reads), kept so
  // Sizes bounded by Manhattan alone: [cell * N*N + number - 1] the number's steps home from the
  // cell, and the sum of them over s_, kept in step with the moves.
  std::vector<std::uint8_t> steps_home_;
  int manhattan_sum_ = 0;
  // Per depth: the lookup (image) of each bound that decided the node's last bound.
  mutable std::vector<int> first_lookup_, first_image_;
  int parity_ = -1;  // with quarter turns only: the start's permutation parity (else -1)
  int limit_ = -1;
  bool finished_ = false;
  double t0_ms_ = 0;
  int start_bound_ = 0;  // the bound of the start board
  // With `all`, each bound is first searched for one solution with commuting buttons in
  // one order (a bound with no solution is ruled out as fast as with --first); the bound
  // that has one is searched again listing every sequence, both orders (listing_), on 4x4
  // counting on the graph of optimal sequences (count_dag_).
  bool listing_ = false;
  bool probe_found_ = false;
  std::vector<std::uint64_t> count_at_entry_;  // per open node: r_.count when entered
  std::array<std::uint8_t, 16> start4_{};      // 4x4: the start as board4_ holds it
  std::shared_ptr<CountDag> count_dag_;
  std::vector<Move> prefix_;  // count_below's: the first moves of every sequence searched
};

// 3x3: how many states lie at each distance from the solved board (index = distance).
std::vector<std::uint64_t> distance_distribution_3x3(MoveSet moves);
// 3x3: a fresh distance table (index = Lehmer rank of the board, 0xff = unreachable);
// solve_box keeps one per move set, built on first use.
std::vector<std::uint8_t> build_distance_table_3x3(MoveSet moves);
// 3x3: moves needed from `board` to 1..9 (table lookup).
int distance_3x3(const std::vector<int>& board, MoveSet moves);

}  // namespace tilewise::box
