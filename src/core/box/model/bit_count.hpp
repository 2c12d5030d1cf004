// Counting set bits of a 16-bit mask by table: std::popcount compiles to a library call
// on baseline x86-64 (no POPCNT), which made the Puzzle Box table builds 1.5-2x slower (a
// 256-entry table read twice was 1.13x slower than this one on the reversed 4x4's search).
// WebAssembly has an instruction for it.
#pragma once

#include <array>
#include <cstdint>

namespace tilewise::box {

inline int ones16(std::uint32_t mask) {
#if defined(__wasm__)
  return __builtin_popcount(mask);  // an instruction there (i32.popcnt)
#else
  static const std::array<std::uint8_t, 1u << 16> table = [] {
    std::array<std::uint8_t, 1u << 16> t{};
    for (std::uint32_t i = 1; i < t.size(); ++i)
      t[i] = static_cast<std::uint8_t>(t[i / 2] + (i & 1));
    return t;
  }();
  return table[mask];
#endif
}

}  // namespace tilewise::box
