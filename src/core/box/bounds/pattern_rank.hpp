// What the 4x4 pattern tables share (pattern_db.cpp, additive_db.cpp): placements of k
// numbers ranked as mixed-radix numbers, the moves as cell maps, the square's symmetries.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <vector>

#include "core/box/model/bit_count.hpp"
#include "core/box/model/board.hpp"
#include "core/box/model/puzzle.hpp"

namespace tilewise::box {

// Puts the next `n` bytes of a kept table at `into`; false when they ran out (or failed): the
// CLI's file reads, straight into a table's own memory (additive_db.hpp, pattern_db.hpp).
using ReadTableBytes = std::function<bool(std::uint8_t* into, std::size_t n)>;

// The `size` bytes at `bytes` given in pieces, in order (the loaders that take bytes already in
// memory read them as they read a file).
inline ReadTableBytes read_from(const std::uint8_t* bytes, std::size_t size) {
  return [bytes, size, at = std::size_t{0}](std::uint8_t* into, std::size_t n) mutable {
    if (n > size - at) return false;
    std::copy(bytes + at, bytes + at + n, into);
    at += n;
    return true;
  };
}

}  // namespace tilewise::box

namespace tilewise::box::pattern {

inline constexpr int kCells = 16;
inline constexpr int kMaxNumbers = 8;  // the most numbers a table places
using CellMap = std::array<std::uint8_t, kCells>;

// 16!/(16-k)!: the placements of k numbers.
inline std::uint32_t placements(int tiles) {
  std::uint32_t n = 1;
  for (int j = 0; j < tiles; ++j) n *= static_cast<std::uint32_t>(kCells - j);
  return n;
}

// How one table lookup reads a board, for callers that rank many boards their own way
// (packed_bound.cpp's vector ranks): it ranks the cells cell[from[number[j]]], j < tiles, where
// `from` is the board itself (number -> cell of its inverse) when the lookup reads the board,
// else the board's inverse (number -> cell), and reads its entry from `nibbles` (entry k: byte
// k / 2, bits 4 * (k % 2)). The additive tables' terms (additive_db.hpp) and the pattern
// table's lookups (pattern_db.hpp) are read so.
struct LookupView {
  std::array<std::uint8_t, kMaxNumbers> number{};
  std::array<std::uint8_t, kCells> cell{};
  int tiles = 0;
  const std::uint8_t* nibbles = nullptr;
};

// Index of a placement (cell of number 0, ..., cell of number k-1): each cell counted
// among the cells not taken by the numbers before it (mixed radix 16, 15, 14, ...). The
// taken cells below each cell are kept as 16 nibbles (at most 8 each), so a count is a
// shift and a mask, no table (the hottest code of the 4x4 count).
inline std::uint32_t rank(const std::uint8_t* cell, int tiles) {
  constexpr std::uint64_t kOnes = 0x1111111111111111ull;
  std::uint32_t index = 0;
  std::uint64_t below = 0;  // nibble c: cells taken below cell c
  for (int j = 0; j < tiles; ++j) {
    const int shift = 4 * cell[j];
    index = index * static_cast<std::uint32_t>(kCells - j) + cell[j] -
            static_cast<std::uint32_t>(below >> shift & 15);
    below += kOnes << shift << 4;  // every cell above cell[j] (none above 15)
  }
  return index;
}

inline void unrank(std::uint32_t index, int tiles, std::uint8_t* cell) {
  std::array<std::uint8_t, kMaxNumbers> free_rank{};
  for (int j = tiles - 1; j >= 0; --j) {
    const auto radix = static_cast<std::uint32_t>(kCells - j);
    free_rank[j] = static_cast<std::uint8_t>(index % radix);
    index /= radix;
  }
  std::uint32_t used = 0;
  for (int j = 0; j < tiles; ++j) {
    int c = 0;
    for (int skip = free_rank[j];; ++c)
      if (!(used >> c & 1) && skip-- == 0) break;
    cell[j] = static_cast<std::uint8_t>(c);
    used |= 1u << c;
  }
}

// Where the number in each cell goes under each of `moves`.
inline std::vector<CellMap> cell_maps(const std::vector<Move>& moves) {
  std::vector<CellMap> maps;
  for (const Move& m : moves) {
    std::vector<int> b(kCells);
    for (int i = 0; i < kCells; ++i) b[i] = i;
    apply_move(b, 4, m);
    CellMap to{};
    for (int i = 0; i < kCells; ++i) to[b[i]] = static_cast<std::uint8_t>(i);
    maps.push_back(to);
  }
  return maps;
}

// The moves that undo the set's moves (cw: the counter-clockwise turns).
inline std::vector<Move> undoing_moves(MoveSet moves) {
  std::vector<Move> out = allowed_moves(4, moves);
  for (Move& m : out) m.quarter_turns = (4 - m.quarter_turns) % 4;
  return out;
}

// The 8 symmetries of the square as cell maps; the first 4 are the rotations (0: none,
// 2: the half turn).
inline std::array<CellMap, 8> square_symmetries() {
  std::array<CellMap, 8> out{};
  for (int s = 0; s < 8; ++s)
    for (int cell = 0; cell < kCells; ++cell) {
      int r = cell / 4, c = cell % 4;
      if (s >= 4) c = 3 - c;  // reflect, then rotate
      for (int k = 0; k < s % 4; ++k) {
        const int r2 = c, c2 = 3 - r;  // a quarter turn of the square
        r = r2, c = c2;
      }
      out[s][cell] = static_cast<std::uint8_t>(r * 4 + c);
    }
  return out;
}

// The images of a board the bound may look up, each with the board's distance: under the
// symmetries that map the move set onto itself (renaming the numbers too) and, where the
// inverse permutation has the same distance, on the inverse board:
//   cw+ccw, cw+ccw+half: the 8 rotations/reflections, each on the board and its inverse (16)
//   cw: the 4 rotations on the board, the 4 reflections on its inverse (8)
struct Image {
  CellMap cell;  // the symmetry: cell -> cell
  bool inverse;
};
inline std::vector<Image> board_images(MoveSet moves) {
  std::vector<Image> out;
  const auto symmetries = square_symmetries();
  for (int s = 0; s < 8; ++s) {
    const bool rotation = s < 4;
    if (moves != MoveSet::kClockwise || rotation) out.push_back({symmetries[s], false});
    if (moves != MoveSet::kClockwise || !rotation) out.push_back({symmetries[s], true});
  }
  return out;
}

}  // namespace tilewise::box::pattern
