// A lossy set of (board, word) pairs (count_dag.hpp's dead nodes): buckets of kWays slots, a
// full bucket losing an entry to a new one; it doubles each time it took half its size in new
// ones, up to `max_slots`. Shared (share()): Hyatt's lockless hashing, a slot keeping
// (board ^ tag(word), word); one thread grows it at a time, the old tables kept until
// release() (so a shared cache grows to half of `max_slots`).
#pragma once

#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <new>
#include <vector>

#include "core/box/model/packed_board.hpp"

namespace tilewise::box {

class LossyCache {
 public:
  static constexpr int kWays = 4;
  static constexpr std::size_t kStartSlots = std::size_t{1} << 12;

  explicit LossyCache(std::uint64_t max_slots)
      : max_slots_(max_slots < kStartSlots ? kStartSlots : max_slots) {
    publish(std::make_unique<Table>(kStartSlots));
  }

  // Several threads from now on (before they start).
  void share() {
    shared_ = true;
    if (max_slots_ > kStartSlots) max_slots_ /= 2;
  }

  // Whether it holds (board, word).
  bool contains(std::uint64_t board, std::uint64_t word) const {
    const Table* t = now_.load(std::memory_order_acquire);
    if (!t) return false;  // released
    Field* bucket = t->bucket(mix_key(board, word));
    const std::uint64_t check = board ^ tag(word);
    for (int w = 0; w < kWays; ++w)
      if (load(bucket[2 * w + 1]) == word && load(bucket[2 * w]) == check && check != 0)
        return true;
    return false;
  }
  // Asks the memory for (board, word)'s bucket ahead of contains() or put().
  void prefetch(std::uint64_t board, std::uint64_t word) const {
    if (const Table* t = now_.load(std::memory_order_acquire))
      __builtin_prefetch(t->bucket(mix_key(board, word)));
  }
  void put(std::uint64_t board, std::uint64_t word) {
    Table* t = now_.load(std::memory_order_acquire);
    if (!t) return;  // released
    const std::uint64_t h = mix_key(board, word);
    // New entries counted one in kSample (by the hash's bits), so that threads seldom write
    // the counter.
    if ((h >> 32 & (kSample - 1)) == 0 &&
        (puts_.fetch_add(1, std::memory_order_relaxed) + 1) * kSample > t->size / 2 &&
        t->size < max_slots_)
      t = grow(t);
    keep(*t, h, board, word);
  }
  std::uint64_t bytes() const { return bytes_.load(std::memory_order_relaxed); }
  void release() {
    now_.store(nullptr, std::memory_order_release);
    tables_.clear();
    bytes_ = 0;
  }

 private:
  using Field = std::uint64_t;  // slot k: [2k] board ^ tag(word) (0: empty), [2k + 1] word
  static constexpr std::uint64_t kSample = 16;
  struct Table {  // (calloc: the pages zeroed as they are first touched)
    explicit Table(std::uint64_t slots)
        : size(slots),
          fields(static_cast<Field*>(std::calloc(slots * 2, sizeof(Field))), std::free) {
      if (!fields) throw std::bad_alloc();
    }
    Field* bucket(std::uint64_t h) const { return &fields[2 * (h & (size - kWays))]; }
    std::uint64_t size;
    std::unique_ptr<Field[], decltype(&std::free)> fields;
  };
  static std::uint64_t tag(std::uint64_t word) { return mix_key(0x7A9, word) | 1; }
  // Relaxed atomic reads and writes of a field (the builtins: Emscripten 3.1.6's libc++ has
  // no std::atomic_ref).
  static std::uint64_t load(Field& f) { return __atomic_load_n(&f, __ATOMIC_RELAXED); }
  static void store(Field& f, std::uint64_t v) { __atomic_store_n(&f, v, __ATOMIC_RELAXED); }

  void publish(std::unique_ptr<Table> t) {
    if (!shared_) tables_.clear();  // (alone, no one reads the old table any more)
    tables_.push_back(std::move(t));
    std::uint64_t total = 0;
    for (const auto& kept : tables_) total += kept->size * 2 * sizeof(Field);
    bytes_.store(total, std::memory_order_relaxed);
    puts_.store(0, std::memory_order_relaxed);
    now_.store(tables_.back().get(), std::memory_order_release);
  }
  // A table twice the size of `old` with its entries, unless another thread is growing it
  // (then `old` still).
  Table* grow(Table* old) {
    if (growing_.test_and_set(std::memory_order_acquire)) return old;
    if (now_.load(std::memory_order_acquire) == old) {
      auto t = std::make_unique<Table>(old->size * 2);
      for (std::uint64_t k = 0; k < old->size; ++k) {
        const std::uint64_t word = load(old->fields[2 * k + 1]);
        const std::uint64_t check = load(old->fields[2 * k]);
        if (check != 0) keep(*t, mix_key(check ^ tag(word), word), check ^ tag(word), word);
      }
      publish(std::move(t));
    }
    Table* now = now_.load(std::memory_order_acquire);
    growing_.clear(std::memory_order_release);
    return now;
  }
  static void keep(Table& t, std::uint64_t h, std::uint64_t board, std::uint64_t word) {
    Field* bucket = t.bucket(h);
    int way = static_cast<int>(h >> 62);  // the hash's high bits pick the one to lose
    for (int w = 0; w < kWays; ++w)
      if (load(bucket[2 * w]) == 0) {
        way = w;
        break;
      }
    store(bucket[2 * way], board ^ tag(word));
    store(bucket[2 * way + 1], word);
  }

  std::vector<std::unique_ptr<Table>> tables_;  // the last is now_; earlier ones when shared
  std::atomic<Table*> now_{nullptr};
  std::atomic<std::uint64_t> puts_{0}, bytes_{0};
  std::atomic_flag growing_;
  std::uint64_t max_slots_;
  bool shared_ = false;
};

}  // namespace tilewise::box
