// The two terms of an additive pattern table's entry, shared by the 4x4 tables
// (additive_db) and the N x N ones (additive_nxn): a number's base, the fewest quarters that
// bring it home alone, and the quarters one unit of the stored excess stands for.
#pragma once

#include "core/box/puzzle.hpp"

namespace tilewise::box {

// A quarter turn moves a number one step, so with quarter turns the base is its Manhattan
// distance on the n x n grid and the excess over it is even (step 2); a half turn moves it
// two steps and is charged a quarter per number it moves.
inline int base_quarters(int n, int cell, int home, MoveSet moves) {
  const int steps = steps_home(n, cell, home);
  return moves == MoveSet::kBothDirectionsAndHalf ? (steps + 1) / 2 : steps;
}

inline int excess_step(MoveSet moves) {
  return moves == MoveSet::kBothDirectionsAndHalf ? 1 : 2;
}

}  // namespace tilewise::box
