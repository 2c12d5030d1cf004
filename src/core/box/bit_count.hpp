// Counting set bits of a 16-bit mask by table: std::popcount compiles to a library call
// on baseline x86-64 (no POPCNT), which made the Puzzle Box table builds 1.5-2x slower.
#pragma once

#include <array>
#include <cstdint>

namespace tilewise::box {

inline int ones16(std::uint32_t mask) {
  static const std::array<std::uint8_t, 1u << 16> table = [] {
    std::array<std::uint8_t, 1u << 16> t{};
    for (std::uint32_t i = 1; i < t.size(); ++i)
      t[i] = static_cast<std::uint8_t>(t[i / 2] + (i & 1));
    return t;
  }();
  return table[mask];
}

}  // namespace tilewise::box
