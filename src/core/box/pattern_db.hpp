// Pattern databases for the 4x4 Puzzle Box: for a group of five numbers, the exact number
// of moves needed to bring just those five to their cells of 1..16 (the others ignored),
// for every placement of the five (16^5 one-byte entries = 1 MiB a group). Each is a lower
// bound on the real distance, so their maximum is an admissible IDA* bound.
// Memory: 3 groups x 1 MiB = 3 MiB per move set, built on first use by breadth-first search
// (or beforehand, in slices, with PatternDbBuild) and kept for the life of the process.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include "core/box/bfs.hpp"
#include "core/box/puzzle.hpp"

namespace tilewise::box {

// Lower bound on the moves from `board` (a permutation of 1..16) to 1..16.
int pattern_bound_4x4(const std::vector<int>& board, MoveSet moves);

// Builds the databases of one move set a slice at a time; they are kept once complete.
class PatternDbBuild {
 public:
  static constexpr int kGroups = 3;
  static constexpr std::uint64_t kStatesPerGroup = 16 * 15 * 14 * 13 * 12;  // placements

  explicit PatternDbBuild(MoveSet moves);
  bool run(std::uint64_t max_states);  // true when the databases are ready
  std::uint64_t states_done() const;
  static constexpr std::uint64_t states_total() { return kGroups * kStatesPerGroup; }

 private:
  MoveSet moves_;
  int group_ = 0;
  std::vector<std::array<int, 16>> maps_;
  std::unique_ptr<ResumableBfs> bfs_;
  std::array<std::vector<std::uint8_t>, kGroups> built_;
  bool ready_ = false;
};

}  // namespace tilewise::box
