// A lossy set of (board, word) pairs for the count's graph (count_dag.hpp): buckets of
// kWays slots (a cache line); a full bucket loses one of its entries to a new one. It
// starts small (a small count stays quick) and doubles, keeping its entries, each time it
// has taken half its size in new entries, up to `max_slots`.
#pragma once

#include <cstdint>
#include <vector>

namespace tilewise::box {

inline std::uint64_t mix_key(std::uint64_t board, std::uint64_t word) {
  std::uint64_t h = board ^ (word * 0x9E3779B97F4A7C15ull);
  h = (h ^ (h >> 30)) * 0xBF58476D1CE4E5B9ull;
  h = (h ^ (h >> 27)) * 0x94D049BB133111EBull;
  return h ^ (h >> 31);
}

class LossyCache {
 public:
  static constexpr int kWays = 4;
  static constexpr std::size_t kStartSlots = std::size_t{1} << 12;

  explicit LossyCache(std::uint64_t max_slots)
      : slots_(kStartSlots), max_slots_(max_slots < kStartSlots ? kStartSlots : max_slots) {}

  // Whether it holds (board, word).
  bool contains(std::uint64_t board, std::uint64_t word) const {
    if (slots_.empty()) return false;  // released
    const Slot* bucket = &slots_[mix_key(board, word) & (slots_.size() - kWays)];
    for (int w = 0; w < kWays; ++w)
      if (bucket[w].board == board && bucket[w].word == word) return true;
    return false;
  }
  void put(std::uint64_t board, std::uint64_t word) {
    if (++puts_ > slots_.size() / 2 && slots_.size() < max_slots_) grow();
    keep({board, word});
  }
  std::uint64_t bytes() const { return slots_.size() * sizeof(Slot); }
  void release() { std::vector<Slot>().swap(slots_); }

 private:
  struct alignas(16) Slot {
    std::uint64_t board = 0;  // 0: empty (no board packs to 0)
    std::uint64_t word = 0;
  };
  Slot* bucket_of(std::uint64_t h) { return &slots_[h & (slots_.size() - kWays)]; }
  void keep(const Slot& s) {
    const std::uint64_t h = mix_key(s.board, s.word);
    Slot* bucket = bucket_of(h);
    for (int w = 0; w < kWays; ++w)
      if (bucket[w].board == 0) {
        bucket[w] = s;
        return;
      }
    bucket[h >> 62] = s;  // the hash's high bits pick the one to lose
  }
  void grow() {
    std::vector<Slot> old(slots_.size() * 2);
    old.swap(slots_);
    for (const Slot& s : old)
      if (s.board != 0) keep(s);
    puts_ = 0;
  }
  std::vector<Slot> slots_;
  std::uint64_t max_slots_, puts_ = 0;
};

}  // namespace tilewise::box
