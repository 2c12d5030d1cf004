// Best boards: an anytime search for the complete board with the most matched edges, for
// puzzles too big to solve (Eternity II). Every tile is placed once, fixed tiles stay, and
// on framed boards each tile sits where its frame sides face out; the search only ever
// moves between such boards and counts the inner edges whose two sides match.
//
// Method (docs/best-board.md): first beam searches of growing width (best_beam.cpp: the
// cells in reading order, the best partial boards kept, ties to those whose tiles still to
// place share out the fewest side values), then large-neighbourhood search
// from the best board: each step (a "node") takes up to 64 cells of one kind (corner, edge,
// inner), no two of them side by side,
// lifts their tiles and seats them back by an optimal assignment (Hungarian method), each
// tile in its best turn against the neighbours that stayed. The score never drops in a
// step; ties are broken at random so the board keeps moving on plateaus. When the board
// stops improving, a small window is shuffled (iterated local search) and the best board
// is restored when the walk falls too far behind it.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <utility>
#include <vector>

#include "core/edge/best/assignment.hpp"
#include "core/edge/model/puzzle.hpp"
#include "core/random.hpp"
#include "core/result.hpp"

namespace tilewise {

// Matched inner edges of a complete board (edges between two cells whose sides match).
int board_score(const EdgePuzzle& puzzle, const Solution& board);
// The number of inner edges: rows*(cols-1) + cols*(rows-1).
int max_board_score(const EdgePuzzle& puzzle);
// Ok when every tile is placed exactly once, fixed tiles are in place with their turn, and
// (framed boards) frame sides face out exactly on the perimeter; else the first problem.
Result<bool> check_complete_board(const EdgePuzzle& puzzle, const Solution& board);

// What the search does once its first beams are done (docs/best-board.md, "Method").
struct BestTuning {
  // Percent of the neighbourhood steps that re-beam a band of the bottom 2..6 rows (where a
  // reading-order beam leaves its mismatches) against the rows above, kept when not worse.
  int band_percent = 1;
  int band_width = 16384;  // partial boards kept by a band's beam (at most max_beam_width)
  // Steps without the walk improving on its own best before a new walk starts from a new
  // beam: 4x wider each time (from 4 x 65536) up to max_beam_width; 0 = never.
  std::uint64_t restart_after = 20000;
  // Among partial boards of equal score, beams keep first those whose tiles still to place
  // show the fewest side values most often (best_beam.cpp, BeamState::spread); off = a
  // random choice among them, the method before it (the bench's baseline).
  bool beam_spread = true;
  static BestTuning previous() {
    BestTuning t;
    t.beam_spread = false;
    return t;
  }
};

// The search as a steppable object, so that a browser worker can run it in slices.
class BestSearch {
 public:
  // Errors when no complete board exists under the frame rule (tile kinds do not match the
  // cells left free by fixed tiles).
  // The first steps build boards by beam searches of 1024, 4096, ... partial boards, up to
  // `max_beam_width` (0 = none: start from the random board); the memory grows with it
  // (about 1 KB per partial board on a 16x16 board).
  static Result<BestSearch> create(const EdgePuzzle& puzzle, std::uint64_t seed,
                                   int max_beam_width = kDefaultMaxBeamWidth,
                                   const BestTuning& tuning = {});
  static constexpr int kDefaultMaxBeamWidth = 65536;
  static constexpr int kMaxBeamWidth = 1 << 22;

  // Starts from `board` (a complete legal board, e.g. a campaign checkpoint's best) instead
  // of the random board. The beams still run first (a board saved before they ended is
  // often poor), and each gives way to this board when it is not better.
  Result<bool> start_from(const Solution& board);
  void run(std::uint64_t nodes);  // that many steps (fewer when stop_ pauses one)
  // Polled inside long steps (a wide beam takes seconds): when it says stop, the step pauses
  // (the board stays as it was) and goes on at the next run(); it counts once, when it ends.
  void set_stop(std::function<bool()> stop) { stop_ = std::move(stop); }
  int best_score() const { return best_score_; }
  int max_score() const { return max_score_; }
  Solution best_board() const;
  std::uint64_t nodes() const { return nodes_; }

 private:
  BestSearch(const EdgePuzzle& puzzle, std::uint64_t seed);
  int side(int cell, int dir) const;
  int gain(int cell, int tile, int rotation) const;  // sides matched with the neighbours
  int best_turn(int cell, int tile, int& gain_out);
  void step();
  // best_beam.cpp: a beam of `width` partial boards; advance_beam() goes on until the end
  // (the board becomes the beam's best: true) or until stop_ says stop (false; it resumes).
  // A region beam refills only `cells` (a rectangle, in reading order) against the board
  // around it.
  struct BeamRun;
  std::shared_ptr<BeamRun> start_beam(int width, const std::vector<int>& cells) const;
  bool advance_beam();
  void start_band_beam();
  void finish_beam();
  BestTuning tuning_;
  // Restarts: when the walk has not improved for a while, a new beam (wider each time, up
  // to max_beam_width) starts a new walk; the walk's own best is what perturb() returns to.
  bool restart_beam_ = false;
  int restart_width_ = kDefaultMaxBeamWidth, walk_best_score_ = -1;
  std::uint64_t walk_stale_ = 0;
  std::vector<int> walk_best_tile_, walk_best_turn_;
  void reseat(const std::vector<int>& cells);
  void perturb();
  int full_score() const;

  EdgePuzzle puzzle_;
  int rows_ = 0, cols_ = 0, max_score_ = 0;
  SplitMix64 rng_;
  std::vector<int> neighbour_;           // cell*4 + dir -> cell, -1 outside
  std::vector<int> turned_;              // (tile*4 + rotation)*4 + dir -> side
  std::vector<std::uint8_t> turns_;      // tile*16 + outward mask -> bit set of allowed turns
  std::vector<std::uint8_t> outward_;    // cell -> bit set of sides on the perimeter
  std::vector<std::vector<int>> kinds_;  // free cells grouped by kind
  std::vector<int> kind_of_cell_;        // -1 = fixed
  std::vector<int> tile_, turn_;         // current board
  std::vector<int> best_tile_, best_turn_;
  int score_ = 0, best_score_ = -1, stuck_ = 0, next_beam_width_ = 1024, max_beam_width_ = 0;
  std::uint64_t nodes_ = 0;
  std::function<bool()> stop_;
  std::shared_ptr<BeamRun> beam_;  // shared_ptr: deletes a type complete only in best_beam.cpp
  bool region_beam_ = false;       // beam_ refills a region (its old tiles kept below)
  std::vector<int> region_cells_, region_tiles_, region_turns_;
  int region_before_ = 0;
  // Scratch reused by every step.
  std::vector<int> order_, picked_stamp_;
  int stamp_ = 0;
  std::vector<std::int64_t> cost_;
  std::vector<int> chosen_turn_;
  AssignmentScratch assignment_;
};

struct BestImprovement {
  std::int64_t ms = 0;
  int score = 0;
};

struct BestOptions {
  std::uint64_t seed = 1;
  int threads = 1;              // independent searches (seeds seed, seed+1, ...); native only
  std::uint64_t max_nodes = 0;  // per search; 0 = no limit
  double seconds = 0;           // 0 = no limit
  int max_beam_width = BestSearch::kDefaultMaxBeamWidth;
  const Solution* start = nullptr;  // start every search from this board (start_from)
  BestTuning tuning;
  // Time limit and improvement times count the search thread's CPU time, not the wall
  // clock (benchmarks on a shared machine); the wall clock where that is not available.
  bool cpu_time = false;
  const std::atomic<bool>* cancel = nullptr;
  // Called on every new best board (from the searching thread, one call at a time).
  std::function<void(const BestImprovement&, const Solution&)> on_improvement;
};

struct BestResult {
  Solution board;
  int score = 0, max_score = 0;
  std::vector<BestImprovement> improvements;
  std::uint64_t nodes = 0;
  std::int64_t elapsed_ms = 0;
  bool cancelled = false;
};

// One search on the calling thread until the node budget, the time or the cancel flag says
// stop (at least one of them should be set). Same seed and node budget, same board.
Result<BestResult> best_search(const EdgePuzzle& puzzle, const BestOptions& options);

// `threads` searches side by side (best_parallel.cpp; not in the browser build, where the
// page runs one search per worker). The best board wins, ties to the lowest seed, so a
// node budget keeps the result deterministic for a given seed and thread count.
Result<BestResult> best_search_parallel(const EdgePuzzle& puzzle, const BestOptions& options);

}  // namespace tilewise
