#include "core/box/count/count_dag.hpp"

#include <algorithm>
#include <bit>
#include <thread>
#include <unordered_map>

#include "core/box/bounds/pattern_rank.hpp"

namespace tilewise::box {
namespace {

constexpr int kShardBits = 8;  // 256 shards: growing one needs 1/256 more
constexpr std::size_t kShards = std::size_t{1} << kShardBits;
constexpr std::size_t kShardStart = 64;  // slots
constexpr int kCountBits = 52;

bool at_target(const Board16& b) {
  return CountDag::key_of(b) == kPackedTarget;
}

struct PairHash {
  std::size_t operator()(const std::pair<std::uint64_t, std::uint32_t>& k) const {
    return static_cast<std::size_t>(mix_key(k.first, k.second));
  }
};

}  // namespace

// A shard's lock while the table is shared, nothing otherwise: a spin (a shard is held for
// one probe or one growth) that yields the core after a while, since on a busy machine the
// holder may be waiting for one.
class CountDag::ShardLock {
 public:
  ShardLock(const Shard& s, bool shared) : busy_(shared ? &s.busy : nullptr) {
    if (!busy_) return;
    constexpr int kSpins = 64;
    while (busy_->test_and_set(std::memory_order_acquire))
      for (int spin = 0; busy_->test(std::memory_order_relaxed); ++spin)
        if (spin >= kSpins) std::this_thread::yield();
  }
  ~ShardLock() {
    if (busy_) busy_->clear(std::memory_order_release);
  }
  ShardLock(const ShardLock&) = delete;
  ShardLock& operator=(const ShardLock&) = delete;

 private:
  std::atomic_flag* busy_;
};

CountDag::CountDag(MoveSet moves, std::uint64_t max_bytes)
    : moves_(moves),
      cells_(move_cells(4, moves)),
      max_bytes_(max_bytes),
      shards_(std::make_unique<Shard[]>(kShards)),
      dead_(std::bit_floor(std::max<std::uint64_t>(max_bytes / 8 / 16, 1))) {  // (an eighth)
  for (std::size_t k = 0; k < kShards; ++k) shards_[k].slots.resize(kShardStart);
  live_bytes_ = kShards * kShardStart * sizeof(Slot);
  full_ = bytes() > max_bytes_;
}

void CountDag::share() {
  dead_.share();
  shared_ = true;
}

std::uint64_t CountDag::bytes() const {
  return live_bytes_ + dead_.bytes();
}

Board16 start_board16(const BoxPuzzle& p) {
  Board16 b{};
  const std::vector<std::uint8_t> renamed = renamed_start(p);
  std::copy_n(renamed.begin(), std::min<std::size_t>(16, renamed.size()), b.begin());
  return b;
}

std::vector<SquareTurn> turns_onto_itself(const Board16& start) {
  const auto cells = pattern::square_symmetries(4), buttons = pattern::square_symmetries(3);
  std::vector<SquareTurn> turns;
  for (int k = 1; k < 4; ++k) {  // k quarter turns clockwise: cell (r, c) -> (c, 3 - r) each
    SquareTurn t{};
    std::copy_n(cells[k].begin(), 16, t.cell.begin());
    std::copy_n(buttons[k].begin(), 9, t.button.begin());
    if (t.turned(start) == start) turns.push_back(t);
  }
  return turns;
}

void CountDag::share_turned_images(const Board16& start) {
  turns_ = turns_onto_itself(start);
}

std::pair<std::uint64_t, std::uint32_t> CountDag::node_of(const Board16& board,
                                                          std::uint32_t context) const {
  std::pair<std::uint64_t, std::uint32_t> best{key_of(board), context};
  for (const SquareTurn& t : turns_) {
    const std::uint32_t button = context & 15;
    best = std::min(best, {key_of(t.turned(board)),
                           button == 0 ? context : (context & ~15u) | (t.button[button - 1] + 1u)});
  }
  return best;
}

// The slot of (board, context) in `s`, or the empty one where it would go.
std::size_t CountDag::slot_of(const Shard& s, std::uint64_t board, std::uint32_t context) {
  const std::size_t mask = s.slots.size() - 1;
  std::size_t i = mix_key(board, context) & mask;
  while (s.slots[i].board != 0 &&
         !(s.slots[i].board == board && s.slots[i].word >> kCountBits == context))
    i = (i + 1) & mask;
  return i;
}

std::uint64_t CountDag::live_count(std::uint64_t board, std::uint32_t context) const {
  const Shard& s = shards_[mix_key(board, context) >> (64 - kShardBits)];
  const ShardLock lock(s, shared_);
  const Slot& slot = s.slots[slot_of(s, board, context)];
  return slot.board == 0 ? 0 : slot.word & kMaxCount;
}

std::uint64_t CountDag::find(std::uint64_t board, std::uint32_t context) const {
  dead_.prefetch(board, context);  // (its cache miss overlaps the live table's)
  if (const std::uint64_t live = live_count(board, context); live > 0) return live;
  return dead_.contains(board, context) ? 0 : kMiss;
}

bool CountDag::grow(Shard& s) {
  const std::uint64_t more = s.slots.size() * sizeof(Slot) * 2;
  if (bytes() + more > max_bytes_) return false;  // both arrays are held while moving
  std::vector<Slot> old(s.slots.size() * 2);
  old.swap(s.slots);
  for (const Slot& slot : old)
    if (slot.board != 0)
      s.slots[slot_of(s, slot.board, static_cast<std::uint32_t>(slot.word >> kCountBits))] = slot;
  live_bytes_ += more / 2;
  return true;
}

bool CountDag::put(std::uint64_t board, std::uint32_t context, std::uint64_t count) {
  if (full()) return false;
  const std::uint64_t h = mix_key(board, context);
  if (count == 0) {
    dead_.put(board, context);
    return true;
  }
  Shard& s = shards_[h >> (64 - kShardBits)];
  const ShardLock lock(s, shared_);
  if (count > kMaxCount || ((s.used + 1) * 4 > s.slots.size() * 3 && !grow(s))) {
    full_ = true;
    return false;
  }
  const std::size_t i = slot_of(s, board, context);
  if (s.slots[i].board == 0) ++s.used, ++live_;
  s.slots[i] = Slot{board, std::uint64_t{context} << kCountBits | count};
  return true;
}

// The allowed moves from (b, left, s) whose child has a completion, as a bit mask by
// cells_' order: from the live table, or found directly below kMinLeft moves left.
std::uint32_t CountDag::live_moves(const Board16& b, int left, const Spelling& s) const {
  std::uint32_t mask = 0;
  for (std::size_t k = 0; k < cells_.size(); ++k) {
    const Move m = cells_[k].move();
    if (!s.allows(m)) continue;
    const Board16 child = turned(b, cells_[k]);
    bool live = false;
    if (left - 1 == 0)
      live = at_target(child);
    else if (left - 1 < kMinLeft)
      live = live_moves(child, left - 1, s.after(m, moves_)) != 0;
    else {
      const auto [key, context] = node_of(child, context_of(left - 1, &m, moves_));
      live = live_count(key, context) > 0;
    }
    if (live) mask |= std::uint32_t{1} << k;
  }
  return mask;
}

bool CountDag::walk(const Board16& board, int length, const Spelling& spelling,
                    std::vector<Move>& path, const EmitSequence& emit) const {
  // Each node's live moves, by (board, left << 8 | spelling): found once a walk (many
  // sequences share a node).
  std::unordered_map<std::pair<std::uint64_t, std::uint32_t>, std::uint32_t, PairHash> masks;
  const auto below = [&](const auto& below, const Board16& b, int left, const Spelling& s) {
    if (left == 0) return !at_target(b) || emit(path);
    const std::uint32_t tag = static_cast<std::uint32_t>(left) << 8 | s.key();
    auto [it, fresh] = masks.try_emplace(std::make_pair(key_of(b), tag), 0);
    if (fresh) it->second = live_moves(b, left, s);
    const std::uint32_t mask = it->second;
    for (std::size_t k = 0; k < cells_.size(); ++k) {
      if (!(mask >> k & 1)) continue;
      const Move m = cells_[k].move();
      path.push_back(m);
      const bool go_on = below(below, turned(b, cells_[k]), left - 1, s.after(m, moves_));
      path.pop_back();
      if (!go_on) return false;
    }
    return true;
  };
  return below(below, board, length, spelling);
}

bool CountDag::walk_all(const EmitSequence& emit) const {
  std::vector<Move> path;
  return walk(root_, length_, Spelling{}, path, emit);
}

void CountDag::drop_dead() {
  dead_.release();
}

}  // namespace tilewise::box
