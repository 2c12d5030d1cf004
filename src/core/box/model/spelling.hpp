// The canonical spelling of Puzzle Box sequences (docs/puzzle-box.md, "Boards, moves,
// solutions"): what may follow a sequence depends only on its last button and how many more
// clockwise presses of it the rules still allow right after (cw: 2 after X; cw+ccw: 1 after X).
#pragma once

#include <cstdint>
#include <vector>

#include "core/box/model/puzzle.hpp"

namespace tilewise::box {

inline constexpr std::uint32_t kMaxSpellingKeys = 4 * (kMaxButtons + 1);

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
  // Equal keys allow the same continuations (0: the empty sequence); below 4 * (buttons + 1):
  // a byte up to 8x8, below 2^9 up to 9x9 (kMaxSpellingKeys).
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

// Whether a sequence ending in `m` keeps m's button as its counting context: with cw+ccw a
// closing counter-clockwise `X'` (`X' X'` is the board of `X X` after as many moves and is
// spelled only `X X`, so no second `X'` may follow). The one rule of the spelling that
// changes what a board's completions are (count_dag.hpp, count_layers.hpp).
inline bool closes_ccw(const Move& m, MoveSet moves) {
  return moves == MoveSet::kBothDirections && m.quarter_turns == 3;
}

// The counting context a sequence ending in `m` leaves for what follows, 0 = none: with
// cw+ccw the button + 1 of a closing `X'` (closes_ccw), with half turns the button + 1 of any
// press (a button never comes twice in a row). A move may follow a context unless its own
// tag is that context (count_layers.cpp).
inline std::uint8_t context_tag(const Move& m, MoveSet moves) {
  return closes_ccw(m, moves) || moves == MoveSet::kBothDirectionsAndHalf
             ? static_cast<std::uint8_t>(m.button + 1)
             : 0;
}

// `path` spelled canonically: each run of one button's presses as its net turn in the
// spelling above (X X' is nothing, X' X' is X X, X X X is X' with cw+ccw, ...), runs that
// come to nothing dropped (which can bring two runs of one button together). The same
// board, in as many moves or fewer.
inline std::vector<Move> respelled(const std::vector<Move>& path, MoveSet moves) {
  std::vector<Move> out;
  for (std::size_t i = 0; i < path.size();) {
    int turns = 0;
    std::size_t j = i;
    for (; j < path.size() && path[j].button == path[i].button; ++j) turns += path[j].quarter_turns;
    turns %= 4;
    const int button = path[i].button;
    if (turns == 3 && moves != MoveSet::kClockwise)
      out.push_back({button, 3});
    else if (turns == 2 && moves == MoveSet::kBothDirectionsAndHalf)
      out.push_back({button, 2});
    else
      for (int k = 0; k < turns; ++k) out.push_back({button, 1});
    i = j;
  }
  return out.size() < path.size() ? respelled(out, moves) : out;
}

}  // namespace tilewise::box
