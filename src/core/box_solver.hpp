// Optimal Puzzle Box solutions.
// 3x3: an exact distance table over all 9! = 362,880 states (one per move set, built
// once, ~0.4 MB), from which every optimal sequence is read off. Any target works:
// numbers are relabelled so the target becomes 1..9.
// N >= 4: IDA* with an admissible bound (sum of Manhattan distances / 4, / 8 with half
// turns); optimal when it finishes within its node budget.
//
// Counting: solutions are distinct move sequences of optimal length, except that with
// clockwise + counter-clockwise moves a half turn is spelled only as `X X` (the equal
// sequence `X' X'` is not listed again). Sequences that differ only in the order of two
// independent buttons are different sequences and are all listed (as in seed 003).
#pragma once

#include <atomic>
#include <cstdint>
#include <vector>

#include "core/box_puzzle.hpp"
#include "core/result.hpp"

namespace tilewise::box {

struct BoxSolveOptions {
  bool all = true;                        // every optimal sequence (else the first)
  std::uint64_t max_solutions = 10000;    // kept in memory; counting goes on
  std::uint64_t node_budget = 200000000;  // IDA* nodes before giving up (N >= 4)
  const std::atomic<bool>* cancel = nullptr;
};

struct BoxSolveResult {
  int length = -1;  // optimal number of moves; -1 when not found
  std::uint64_t count = 0;
  std::vector<std::vector<Move>> solutions;
  bool solutions_truncated = false;
  bool proven_optimal = false;
  bool complete = false;  // false when cancelled or out of budget
  std::uint64_t nodes = 0;
  double elapsed_ms = 0;
  const char* method = "";
};

Result<BoxSolveResult> solve_box(const BoxPuzzle& puzzle, const BoxSolveOptions& options);

// 3x3: how many states lie at each distance from the solved board (index = distance).
std::vector<std::uint64_t> distance_distribution_3x3(MoveSet moves);
// 3x3: a fresh distance table (index = Lehmer rank of the board, 0xff = unreachable);
// solve_box keeps one per move set, built on first use.
std::vector<std::uint8_t> build_distance_table_3x3(MoveSet moves);
// 3x3: moves needed from `board` to 1..9 (table lookup).
int distance_3x3(const std::vector<int>& board, MoveSet moves);

}  // namespace tilewise::box
