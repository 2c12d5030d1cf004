// The perimeter of the 4x4 target: every board within `depth` moves of 0..15, with its exact
// distance and its number of optimal sequences to the target, counted by the rule of
// solver.hpp (spelling.hpp). Built once per move set and depth by a breadth-first search
// back from the target, one layer at a time; boards are renamed so that the target reads
// 0..15, so one perimeter answers every query of its move set.
//
// The count of a board depends on what came before it only through the button of a closing
// counter-clockwise X' with cw+ccw (count_dag.hpp): `X' X'` is spelled `X X` and not listed
// again. So a board keeps N, its count after nothing, and the count after X'_c is N less the
// sequences that begin with X'_c: those are X'_c then the board X'_c leads to, counted after
// X'_c again (a short recursion: X'_c lowers the distance at most three times in a row).
//
// In the listing (solver.cpp) a node with at most `depth` moves left is answered by one
// lookup: dead unless its distance is exactly the moves left, else its count; its sequences
// are listed by walking the perimeter (each allowed move to a board one move nearer).
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include "core/box/move_cells.hpp"
#include "core/box/puzzle.hpp"

namespace tilewise::box {

class Perimeter {
 public:
  using Board = std::array<std::uint8_t, 16>;  // cell -> number 0..15; the target reads 0..15
  static constexpr int kMaxDepth = 9;

  Perimeter(MoveSet moves, int depth);  // depth 0..kMaxDepth

  int depth() const { return depth_; }
  MoveSet moves() const { return moves_; }
  // The board's distance to the target when at most depth(), else -1.
  int distance(const Board& b) const;
  // Optimal sequences from `b` with exactly `left` moves (0 unless its distance is `left`),
  // after a sequence that ended with `last` (null: none).
  std::uint64_t completions(const Board& b, int left, const Move* last) const;

  std::uint64_t boards() const { return used_; }
  const std::vector<std::uint64_t>& layer_sizes() const { return layers_; }  // by distance
  std::uint64_t bytes() const { return slots_.size() * sizeof(Slot); }

 private:
  struct Slot {
    std::uint64_t board = 0;  // CountDag::key_of (never 0); 0: empty
    std::uint64_t word = 0;   // distance << kCountBits | count after nothing
  };
  static constexpr int kCountBits = 56;
  const Slot* find(std::uint64_t key) const;
  Slot& find_or_add(std::uint64_t key, bool& added);
  void grow();
  std::uint64_t after_ccw(const Board& b, int left, int button) const;

  MoveSet moves_;
  int depth_;
  std::vector<MoveCells> cells_;
  std::array<int, 64> ccw_of_{};  // button -> index in cells_ of its X' (cw+ccw), else -1
  std::vector<Slot> slots_;
  std::uint64_t used_ = 0;
  std::vector<std::uint64_t> layers_;
};

// The deepest perimeter the CLI builds: cw 9, cw+ccw 7 (43 M boards, ~1.5 GB), half turns 6.
int max_perimeter_depth(MoveSet moves);

// The perimeter of (moves, depth), built on first use and kept for the life of the process
// (one per move set: asking for another depth replaces it; a count's table that reads the
// old one keeps it). One caller at a time.
std::shared_ptr<const Perimeter> perimeter_4x4(MoveSet moves, int depth);

}  // namespace tilewise::box
