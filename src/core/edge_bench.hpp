// The edge-matching benchmark suite (tilewise bench natively, the worker's "bench" request
// in the browser): fixed, seeded work, each figure measured next to the plain row-major
// reference backtracker (edge_reference_solver) in the same process, so results are ratios.
#pragma once

#include <string>
#include <vector>

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
  std::vector<BenchPuzzle> puzzles;
};

struct BenchRow {
  std::string figure;           // what is measured
  std::string unit;             // "us/puzzle", "M tries/s", "ms", ...
  double value = 0;             // Tilewise's figure
  double baseline = 0;          // the reference solver's figure on the same work
  bool baseline_bound = false;  // the reference was stopped: its figure is a bound
  double ratio = 0;             // speed-up over the reference (> 1 = faster)
  std::string detail;           // nodes, counts, ... for the note
};

// The names of the external puzzles the suite uses when given.
std::vector<std::string> bench_puzzle_names();

std::vector<BenchRow> run_edge_bench(const BenchOptions& options);

}  // namespace tilewise
