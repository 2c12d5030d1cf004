// Boards of bytes (cell -> number; the target reads 0, 1, ...): where a move takes the four
// numbers of its block, and Zobrist keys of boards.
#pragma once

#include <array>
#include <cstdint>
#include <numeric>
#include <vector>

#include "core/box/model/board.hpp"
#include "core/box/model/packed_board.hpp"
#include "core/box/model/puzzle.hpp"

namespace tilewise::box {

// cell -> number - 1 (the target reads 0, 1, ...), up to kMaxBoardSize x kMaxBoardSize
using Cells = std::array<std::uint8_t, kMaxCells>;

struct MoveCells {
  std::array<std::uint8_t, 4> from, to;  // the number in from[k] goes to to[k]
  int button, quarter_turns;
  Move move() const { return {button, quarter_turns}; }
};

// `board` (a number per cell) after the move: the number in from[k] goes to to[k].
template <class Board>
Board turned(const Board& board, const MoveCells& mc) {
  Board out = board;
  for (int k = 0; k < 4; ++k) out[mc.to[k]] = board[mc.from[k]];
  return out;
}

// Where each move stands in a move_cells() list, by move_key(m) (every button up to
// kMaxBoardSize): cells[index[move_key(m)]] is m's cell map.
inline constexpr std::size_t kMoveKeys = 4 * kMaxButtons;
using MoveCellsIndex = std::array<std::uint8_t, kMoveKeys>;
inline int move_key(const Move& m) {
  return m.button * 4 + m.quarter_turns;
}

// allowed_moves(size, moves) as cell maps, in the same order.
inline std::vector<MoveCells> move_cells(int size, MoveSet moves) {
  std::vector<MoveCells> out;
  for (const Move& m : allowed_moves(size, moves)) {
    std::vector<int> b(size * size);
    std::iota(b.begin(), b.end(), 0);
    apply_move(b, size, m);
    MoveCells mc{{}, {}, m.button, m.quarter_turns};
    int k = 0;
    for (int cell = 0; cell < size * size; ++cell)
      if (b[cell] != cell) {
        mc.from[k] = static_cast<std::uint8_t>(b[cell]);
        mc.to[k++] = static_cast<std::uint8_t>(cell);
      }
    out.push_back(mc);
  }
  return out;
}

inline MoveCellsIndex move_cells_index(const std::vector<MoveCells>& cells) {
  MoveCellsIndex index{};
  for (std::size_t k = 0; k < cells.size(); ++k)
    index[static_cast<std::size_t>(move_key(cells[k].move()))] = static_cast<std::uint8_t>(k);
  return index;
}

// The move's four numbers moved on `s` in place (back: the move undone).
inline void turn_cells(Cells& s, const MoveCells& m, bool back = false) {
  const auto& from = back ? m.to : m.from;
  const auto& to = back ? m.from : m.to;
  const std::uint8_t a = s[from[0]], b = s[from[1]], c = s[from[2]], d = s[from[3]];
  s[to[0]] = a, s[to[1]] = b, s[to[2]] = c, s[to[3]] = d;
}

// 0 or 1: the parity of the permutation `board` (cell -> number 0..cells-1); every quarter
// turn, a 4-cycle, flips it.
inline int permutation_parity(const std::uint8_t* board, int cells) {
  std::array<bool, kMaxCells> seen{};
  int cycles = 0;
  for (int i = 0; i < cells; ++i) {
    if (seen[i]) continue;
    ++cycles;
    for (int j = i; !seen[j]; j = board[j]) seen[j] = true;
  }
  return (cells - cycles) % 2;
}

// Zobrist keys of boards of up to kCells cells: [cell][number], the same on every run.
template <std::size_t kCells = kMaxCells>
std::vector<std::array<std::uint64_t, kCells>> zobrist_keys() {
  std::vector<std::array<std::uint64_t, kCells>> z(kCells);
  std::uint64_t x = 0x5eed;
  for (auto& row : z)
    for (auto& k : row) k = mix_key(x += 0x9e3779b97f4a7c15ULL, 0);
  return z;
}

}  // namespace tilewise::box
