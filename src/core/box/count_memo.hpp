// A transposition table for listing every optimal Puzzle Box sequence: how many sequences
// finish the search below a node, keyed by the board, the moves still allowed (the depth)
// and the spelling context (which button the path ended on, how, how many times in a row).
// Sequences that differ in the order of two commuting buttons reach the same board, so the
// same subtree comes back again and again; a hit adds its count (or skips a dead subtree)
// instead of walking it. Direct-mapped, fixed size: a newer entry replaces an older one.
#pragma once

#include <cstdint>
#include <vector>

namespace tilewise::box {

class CountMemo {
 public:
  static constexpr std::uint64_t kMiss = ~std::uint64_t{0};

  explicit CountMemo(int log2_slots) : slots_(std::size_t{1} << log2_slots) {}

  std::uint64_t find(std::uint64_t board, std::uint32_t context) const {
    const Slot& s = slots_[slot(board, context)];
    return s.used && s.board == board && s.context == context ? s.count : kMiss;
  }
  void put(std::uint64_t board, std::uint32_t context, std::uint64_t count) {
    slots_[slot(board, context)] = Slot{board, context, true, count};
  }
  void clear() { slots_.assign(slots_.size(), Slot{}); }
  std::size_t bytes() const { return slots_.size() * sizeof(Slot); }

 private:
  struct Slot {
    std::uint64_t board = 0;
    std::uint32_t context = 0;
    bool used = false;
    std::uint64_t count = 0;
  };
  std::size_t slot(std::uint64_t board, std::uint32_t context) const {
    std::uint64_t h = (board ^ (std::uint64_t{context} << 40)) * 0x9E3779B97F4A7C15ull;
    h ^= h >> 29;
    return static_cast<std::size_t>(h & (slots_.size() - 1));
  }
  std::vector<Slot> slots_;
};

}  // namespace tilewise::box
