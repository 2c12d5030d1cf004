// The exact 3x3 distance table (docs/puzzle-box.md, "3x3: the exact table"), built by a
// breadth-first search that can stop and go on later (the browser worker's slices).
#pragma once

#include <cstdint>
#include <vector>

#include "core/box/model/packed_board.hpp"
#include "core/box/model/puzzle.hpp"

namespace tilewise::box {

inline constexpr int kStates3 = 362880;            // 9!
inline constexpr std::uint8_t kUnreached3 = 0xff;  // no sequence reaches 1..9

// Lehmer rank (0 .. 9!-1) of a 3x3 board: cell -> number 0..8.
int rank_3x3(const std::uint8_t* board);

class Table3Build {
 public:
  explicit Table3Build(MoveSet moves);
  bool run(std::uint64_t max_states);  // expands up to max_states boards; true when done
  std::uint64_t states_done() const { return head_; }
  std::vector<std::uint8_t> take();  // the distances by rank; the build is spent afterwards

 private:
  std::vector<PackedMove> moves_;  // the set's moves undone (the search runs from 1..9)
  std::vector<std::uint8_t> dist_;
  std::vector<std::uint64_t> queue_;  // boards packed (packed_board.hpp), their distance above
  std::size_t head_ = 0;
};

}  // namespace tilewise::box
