// A 4x4 (or smaller) Puzzle Box board in one 64-bit word, and moves on it: the layered
// count (count_layers.cpp) and the tests' meeting in the middle keep millions of boards, 8 bytes
// each.
#pragma once

#include <array>
#include <cstdint>

namespace tilewise::box {

// A board as nibbles (cell c: its number at bits 4c..4c+3); never 0 (the numbers differ).
using Packed = std::uint64_t;
inline constexpr Packed kPackedTarget = 0xFEDCBA9876543210ull;  // the 4x4 target, 0..15

inline Packed pack(const std::uint8_t* board, int cells) {
  Packed k = 0;
  for (int c = cells - 1; c >= 0; --c) k = k << 4 | board[c];
  return k;
}

// The boards' one hash (splitmix64's finalizer of board ^ word x the golden ratio): the
// count's tables (count_dag.hpp, lossy_cache.hpp) and the Zobrist keys (move_cells.hpp).
inline std::uint64_t mix_key(std::uint64_t board, std::uint64_t word) {
  std::uint64_t h = board ^ (word * 0x9E3779B97F4A7C15ull);
  h = (h ^ (h >> 30)) * 0xBF58476D1CE4E5B9ull;
  h = (h ^ (h >> 27)) * 0x94D049BB133111EBull;
  return h ^ (h >> 31);
}

inline void unpack(Packed k, int cells, std::uint8_t* board) {
  for (int c = 0; c < cells; ++c, k >>= 4) board[c] = static_cast<std::uint8_t>(k & 15);
}

// A move on packed boards: the number in cell from[k] goes to cell to[k].
struct PackedMove {
  std::array<std::uint8_t, 4> from, to;
  Packed keep;  // the cells the move leaves alone
  Packed apply(Packed s) const {
    Packed out = s & keep;
    for (int k = 0; k < 4; ++k) out |= (s >> (4 * from[k]) & 15) << (4 * to[k]);
    return out;
  }
  // The move whose number in from[k] goes to to[k] (forward), or back (to[k] to from[k]).
  static PackedMove of(const std::array<std::uint8_t, 4>& from,
                       const std::array<std::uint8_t, 4>& to, bool forward = true) {
    PackedMove pm{};
    pm.from = forward ? from : to;
    pm.to = forward ? to : from;
    pm.keep = ~Packed{0};
    for (int k = 0; k < 4; ++k) pm.keep &= ~(Packed{15} << (4 * pm.to[k]));
    return pm;
  }
};

}  // namespace tilewise::box
