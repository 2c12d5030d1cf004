// The edge-matching benchmark suite (tilewise bench natively, the worker's "bench" request
// in the browser): fixed, seeded work, each figure measured next to the plain row-major
// reference backtracker (edge_reference_solver) in the same process, so results are ratios.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "core/edge/model/puzzle.hpp"

namespace tilewise {

// A puzzle read from outside (e.g. ../shared/puzzles/external), by file stem; absent ones
// are skipped (the browser has no files: the caller passes their text).
struct BenchPuzzle {
  std::string name;
  std::string text;
};

struct BenchOptions {
  bool quick = false;  // fewer repetitions, tighter reference budgets
  int threads = 1;     // > 1: also the parallel count (native only)
  // Only the placement rates (lanes against one subtree at a time), Brendan 6x6 (or the
  // generated hard board) first: the part that compares WebAssembly with native code
  // (scripts/bench-edge-wasm.mjs); no reference solver, no other figures.
  bool rates_only = false;
  std::vector<BenchPuzzle> puzzles;
  // First solutions (tilewise bench natively): --first against the list baseline in
  // first-solution mode on these boards (Brendan's, by name), the clue puzzles given and
  // generated framed boards; first_only: those rows alone.
  bool first_solutions = false;
  bool first_only = false;
  std::vector<BenchPuzzle> first_boards;
  // The placement rates of these boards alone, in place of the suite's (tilewise bench
  // --puzzle FILE: a rate on one's own puzzle; implies rates_only); with first_only, their
  // first-solution rows alone.
  std::vector<std::pair<std::string, EdgePuzzle>> own_boards;
};

struct BenchRow {
  std::string figure;           // what is measured
  std::string unit;             // "us/puzzle", "M nodes/s", "M tries/s", "ms", ...
  double value = 0;             // Tilewise's figure
  double baseline = 0;          // the reference solver's figure on the same work
  bool baseline_bound = false;  // the reference was stopped: its figure is a bound
  double ratio = 0;             // speed-up over the reference (> 1 = faster)
  std::string detail;           // nodes, counts, ... for the note
};

// The names of the external puzzles the suite uses when given.
std::vector<std::string> bench_puzzle_names();

// The suite in parts (3x3; placement rate; all solutions; on threads; each clue puzzle), so a
// caller can run it a part at a time: the worker runs one per step, between which a cancel
// is heard.
class EdgeBench {
 public:
  explicit EdgeBench(const BenchOptions& options);
  bool done() const { return next_ >= parts_; }
  int parts() const { return parts_; }
  int parts_done() const { return next_; }
  void run_next();  // appends the part's rows
  const std::vector<BenchRow>& rows() const { return rows_; }

 private:
  BenchOptions options_;
  std::vector<std::pair<std::string, EdgePuzzle>> puzzles_;
  EdgePuzzle hard_;
  std::string hard_name_;
  std::vector<int> clues_;                                        // the clue puzzles given (1..4)
  std::vector<std::pair<std::string, EdgePuzzle>> rate_boards_;   // placement rates, by name
  std::vector<std::pair<std::string, EdgePuzzle>> first_boards_;  // first-solution rows
  int parts_ = 0, next_ = 0, base_parts_ = 0;
  std::vector<BenchRow> rows_;
};

std::vector<BenchRow> run_edge_bench(const BenchOptions& options);  // every part

}  // namespace tilewise
