// The Puzzle Box (rotation puzzle) model shared by the solver, the link codec,
// the CLI and the browser.
#pragma once

#include <cstdint>
#include <cstdlib>
#include <vector>

namespace tilewise::box {

// Boards the model, the CLI and the searches take: N x N, kMinSize <= N <= kMaxBoardSize, with
// (N-1)^2 buttons.
inline constexpr int kMinSize = 2;
inline constexpr int kMaxBoardSize = 9;
inline constexpr int kMaxCells = kMaxBoardSize * kMaxBoardSize;
inline constexpr int kMaxButtons = (kMaxBoardSize - 1) * (kMaxBoardSize - 1);
// The largest board the page's size field offers and a share link carries (its search runs in
// the worker's memory budget); 9x9 is the CLI's.
inline constexpr int kMaxPageSize = 8;

// Grid steps (the Manhattan distance) on an n x n board from `cell` to `home`: how far a number
// stands from its home cell; a quarter turn moves a number one step.
inline int steps_home(int n, int cell, int home) {
  return std::abs(cell / n - home / n) + std::abs(cell % n - home % n);
}

// Which turns a button press may make.
enum class MoveSet : std::uint8_t {
  kClockwise,             // the seed's puzzle: one step clockwise only
  kBothDirections,        // clockwise and counter-clockwise
  kBothDirectionsAndHalf  // plus half turns (two steps at once, counted as one move)
};

// Button b (0-based, row-major over the (N-1) x (N-1) buttons) turns the 2x2 block whose
// top-left cell is (b / (N-1), b % (N-1)). Named Q1..Q4 on a 3x3 grid (Q1 top-left,
// Q2 top-right, Q3 bottom-left, Q4 bottom-right); "B<k>" (1-based) on bigger grids.
// A clockwise step moves top-left -> top-right -> bottom-right -> bottom-left -> top-left.
struct Move {
  int button = 0;
  int quarter_turns = 1;  // 1 = clockwise, 3 = counter-clockwise ("'"), 2 = half ("2")
};

struct BoxPuzzle {
  int size = 3;             // N
  std::vector<int> start;   // N*N numbers, row by row; a permutation of 1..N*N
  std::vector<int> target;  // N*N numbers, row by row; same multiset as start
  MoveSet moves = MoveSet::kClockwise;
};

}  // namespace tilewise::box
