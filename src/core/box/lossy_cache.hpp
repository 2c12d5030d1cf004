// A lossy set of (board, word) pairs for the count's graph (count_dag.hpp): buckets of
// kWays slots (a cache line); a full bucket loses one of its entries to a new one. It
// starts small (a small count stays quick) and doubles, keeping its entries, each time it
// has taken half its size in new entries, up to `max_slots`.
//
// Shared between threads (share()): it takes its largest size at once (zeroed pages from
// calloc, touched only where used) and never grows again; every slot field is read and
// written with relaxed atomics. A slot keeps (board ^ tag(word), word), so that a slot read
// while another thread writes it (one field of each entry) is not taken for an entry it never
// held (Hyatt's lockless hashing: the mixed halves match a board only by a 64-bit chance).
#pragma once

#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <new>

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
      : max_slots_(max_slots < kStartSlots ? kStartSlots : max_slots) {
    allocate(kStartSlots);
  }

  // Several threads from now on: the largest size, no growth.
  void share() {
    if (size_ < max_slots_) allocate(max_slots_);
    shared_ = true;
  }

  // Whether it holds (board, word).
  bool contains(std::uint64_t board, std::uint64_t word) const {
    if (!slots_) return false;  // released
    Field* bucket = &slots_[2 * (mix_key(board, word) & (size_ - kWays))];
    const std::uint64_t check = board ^ tag(word);
    for (int w = 0; w < kWays; ++w)
      if (load(bucket[2 * w + 1]) == word && load(bucket[2 * w]) == check && check != 0)
        return true;
    return false;
  }
  void put(std::uint64_t board, std::uint64_t word) {
    if (!shared_ && ++puts_ > size_ / 2 && size_ < max_slots_) grow();
    keep(board, word);
  }
  std::uint64_t bytes() const { return size_ * 2 * sizeof(Field); }
  void release() { slots_.reset(), size_ = 0; }

 private:
  using Field = std::uint64_t;  // slot k: [2k] board ^ tag(word) (0: empty), [2k + 1] word
  struct Free {
    void operator()(Field* p) const { std::free(p); }
  };
  static std::uint64_t tag(std::uint64_t word) { return mix_key(0x7A9, word) | 1; }
  // Relaxed atomic reads and writes of a field (the builtins: Emscripten 3.1.6's libc++ has
  // no std::atomic_ref).
  static std::uint64_t load(Field& f) { return __atomic_load_n(&f, __ATOMIC_RELAXED); }
  static void store(Field& f, std::uint64_t v) { __atomic_store_n(&f, v, __ATOMIC_RELAXED); }
  void allocate(std::uint64_t slots) {
    void* p = std::calloc(slots * 2, sizeof(Field));
    if (!p) throw std::bad_alloc();
    std::unique_ptr<Field[], Free> old(static_cast<Field*>(p));
    old.swap(slots_);
    const std::uint64_t old_size = size_;
    size_ = slots;
    puts_ = 0;
    for (std::uint64_t k = 0; old && k < old_size; ++k)
      if (old[2 * k] != 0) keep(old[2 * k] ^ tag(old[2 * k + 1]), old[2 * k + 1]);
  }
  void keep(std::uint64_t board, std::uint64_t word) {
    const std::uint64_t h = mix_key(board, word);
    Field* bucket = &slots_[2 * (h & (size_ - kWays))];
    int way = static_cast<int>(h >> 62);  // the hash's high bits pick the one to lose
    for (int w = 0; w < kWays; ++w)
      if (load(bucket[2 * w]) == 0) {
        way = w;
        break;
      }
    store(bucket[2 * way], board ^ tag(word));
    store(bucket[2 * way + 1], word);
  }
  void grow() { allocate(size_ * 2); }
  std::unique_ptr<Field[], Free> slots_;
  std::uint64_t size_ = 0, max_slots_, puts_ = 0;
  bool shared_ = false;
};

}  // namespace tilewise::box
