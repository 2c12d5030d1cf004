// What the pattern tables share (pattern_db.cpp, additive_db.cpp): placements of k numbers
// ranked as mixed-radix numbers (on 4x4 and on every N), the square's symmetries.
#pragma once

#include <array>
#include <cstdint>
#include <utility>

#include "core/box/model/puzzle.hpp"

namespace tilewise::box::pattern {

inline constexpr int kCells = 16;
inline constexpr int kMaxNumbers = 8;  // the most numbers a table places

// 16!/(16-k)! (cells!/(cells-k)!): the placements of k numbers.
inline std::uint64_t placements(int tiles, int cells = kCells) {
  std::uint64_t n = 1;
  for (int j = 0; j < tiles; ++j) n *= static_cast<std::uint64_t>(cells - j);
  return n;
}

// Entry `index` of a table of 4-bit entries (entry k: byte k / 2, bits 4 * (k % 2)).
inline int nibble_at(const std::uint8_t* nibbles, std::uint32_t index) {
  return nibbles[index / 2] >> (index % 2 * 4) & 15;
}

// How one table lookup reads a board (AdditiveBound::term: an additive table's term or the
// pattern table's lookup): it ranks the cells cell[from[number[j]]], j < tiles, where `from` is
// the board itself (number -> cell of its inverse) when the lookup reads the board, else the
// board's inverse (number -> cell), and reads its entry from `nibbles` (entry k: byte k / 2,
// bits 4 * (k % 2)).
struct LookupView {
  std::array<std::uint8_t, kMaxNumbers> number{};
  std::array<std::uint8_t, 64> cell{};  // (boards up to 8x8)
  int tiles = 0;
  const std::uint8_t* nibbles = nullptr;
  int at(std::uint32_t index) const { return nibble_at(nibbles, index); }
  void prefetch(std::uint32_t index) const { __builtin_prefetch(nibbles + index / 2); }
};

// Index of a placement (cell of number 0, ..., cell of number k-1) on `cells` cells: each cell
// counted among the cells not taken by the numbers before it (mixed radix cells, cells - 1,
// ...). Up to 16 cells the taken cells below each cell are kept as 16 nibbles (at most 8 each),
// so a count is a shift and a mask, no table (the hottest code of the 4x4 count).
inline std::uint32_t rank(const std::uint8_t* cell, int tiles, int cells = kCells) {
  constexpr std::uint64_t kOnes = 0x1111111111111111ull;
  std::uint32_t index = 0;
  std::uint64_t below = 0;  // nibble c: cells taken below cell c
  for (int j = 0; j < tiles; ++j) {
    const int shift = 4 * cell[j];
    int digit = cell[j];
    if (cells <= kCells) {
      digit -= static_cast<int>(below >> shift & 15);
      below += kOnes << shift << 4;  // every cell above cell[j] (none above 15)
    } else {
      for (int i = 0; i < j; ++i) digit -= cell[i] < cell[j];
    }
    index = index * static_cast<std::uint32_t>(cells - j) + static_cast<std::uint32_t>(digit);
  }
  return index;
}

// The placement of an index (on `cells` cells).
inline void unrank(std::uint32_t index, int tiles, std::uint8_t* cell, int cells = kCells) {
  std::array<int, kMaxNumbers> digit{};
  for (int j = tiles - 1; j >= 0; --j) {
    digit[j] = static_cast<int>(index % static_cast<std::uint32_t>(cells - j));
    index /= static_cast<std::uint32_t>(cells - j);
  }
  std::array<int, kMaxNumbers> taken{};  // the cells before, ascending
  for (int j = 0; j < tiles; ++j) {
    int c = digit[j], i = 0;
    for (; i < j && taken[i] <= c; ++i) ++c;
    for (int m = j; m > i; --m) taken[m] = taken[m - 1];
    taken[i] = c;
    cell[j] = static_cast<std::uint8_t>(c);
  }
}

// The 8 symmetries of the n x n square as cell maps (reflect, then rotate); the first 4 are
// the rotations (0: none, 2: the half turn). With cw only the rotations keep the move set (a
// reflection turns clockwise into counter-clockwise; so does reading a sequence backwards,
// which is why the bounds read the reflections on the inverse board).
inline std::array<std::array<std::uint8_t, 64>, 8> square_symmetries(int n) {
  std::array<std::array<std::uint8_t, 64>, 8> out{};
  for (int s = 0; s < 8; ++s)
    for (int cell = 0; cell < n * n; ++cell) {
      int r = cell / n, c = cell % n;
      if (s >= 4) c = n - 1 - c;
      for (int k = 0; k < s % 4; ++k) r = std::exchange(c, n - 1 - r);
      out[s][cell] = static_cast<std::uint8_t>(r * n + c);
    }
  return out;
}

}  // namespace tilewise::box::pattern
