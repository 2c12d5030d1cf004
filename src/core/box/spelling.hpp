// The canonical spelling of Puzzle Box sequences (solver.hpp; docs/puzzle-box.md, "How
// solutions are counted"): what may follow a sequence depends only on its last button and
// how many more clockwise presses of it the rules still allow right after:
//   cw           X X X is the most (X X X X is nothing): 2 more after X, 1 after X X, 0 after X X X
//   cw+ccw       X X is the half turn (so X' X' is never listed, nor X X', X' X, X X X): 1 more
//                after X, none after X' or X X
//   cw+ccw+half  a button never twice in a row
#pragma once

#include "core/box/puzzle.hpp"

namespace tilewise::box {

struct Spelling {
  int button = -1;  // the sequence's last button (-1: the empty sequence)
  int more = 0;     // clockwise presses of it still allowed right after

  bool allows(const Move& m) const {
    return m.button != button || (m.quarter_turns == 1 && more > 0);
  }
  // The spelling after `m` (which must be allowed).
  Spelling after(const Move& m, MoveSet moves) const {
    if (moves == MoveSet::kBothDirectionsAndHalf || m.quarter_turns != 1) return {m.button, 0};
    if (m.button == button) return {button, more - 1};
    return {m.button, moves == MoveSet::kClockwise ? 2 : 1};
  }
  // Equal keys allow the same continuations (0: the empty sequence); below 2^8 up to 8x8.
  std::uint32_t key() const {
    return button < 0
               ? 0
               : static_cast<std::uint32_t>(button + 1) << 2 | static_cast<std::uint32_t>(more);
  }
  // The spelling of a key() (a beam keeps that byte per board: anytime_search.cpp).
  static Spelling of_key(std::uint32_t key) {
    return key == 0 ? Spelling{}
                    : Spelling{static_cast<int>(key >> 2) - 1, static_cast<int>(key & 3)};
  }
};

}  // namespace tilewise::box
