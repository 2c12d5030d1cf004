// What the pattern tables share (pattern_db.cpp, additive_db.cpp): placements of k numbers
// ranked as mixed-radix numbers, the square's symmetries.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <utility>
#include <vector>

#include "core/box/model/puzzle.hpp"

namespace tilewise::box::pattern {

inline constexpr int kCells = 16;
inline constexpr int kMaxNumbers = 8;  // the most numbers a table places

// 16!/(16-k)!: the placements of k numbers.
inline std::uint32_t placements(int tiles) {
  std::uint32_t n = 1;
  for (int j = 0; j < tiles; ++j) n *= static_cast<std::uint32_t>(kCells - j);
  return n;
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
  int at(std::uint32_t index) const { return nibbles[index / 2] >> (index % 2 * 4) & 15; }
  void prefetch(std::uint32_t index) const { __builtin_prefetch(nibbles + index / 2); }
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
