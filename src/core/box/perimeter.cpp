#include "core/box/perimeter.hpp"

#include "core/box/count_dag.hpp"
#include "core/box/lossy_cache.hpp"
#include "core/box/spelling.hpp"

namespace tilewise::box {
namespace {

constexpr std::size_t kStartSlots = std::size_t{1} << 12;

Perimeter::Board unpacked(std::uint64_t key) {
  Perimeter::Board b{};
  for (int c = 0; c < 16; ++c) b[c] = static_cast<std::uint8_t>(key >> (4 * c) & 15);
  return b;
}

// The board a move came from: `mc` turns the result into `b`.
Perimeter::Board turned_back(const Perimeter::Board& b, const MoveCells& mc) {
  Perimeter::Board out = b;
  for (int k = 0; k < 4; ++k) out[mc.from[k]] = b[mc.to[k]];
  return out;
}

}  // namespace

Perimeter::Perimeter(MoveSet moves, int depth)
    : moves_(moves), depth_(depth), cells_(move_cells(4, moves)), slots_(kStartSlots) {
  ccw_of_.fill(-1);
  for (std::size_t k = 0; k < cells_.size(); ++k)
    if (closes_ccw(cells_[k].move(), moves)) ccw_of_[cells_[k].button] = static_cast<int>(k);
  Board target{};
  for (int c = 0; c < 16; ++c) target[c] = static_cast<std::uint8_t>(c);
  bool added = false;
  find_or_add(CountDag::key_of(target), added).word = 1;
  layers_ = {1};
  std::vector<std::uint64_t> layer{CountDag::key_of(target)}, next;
  for (int d = 1; d <= depth; ++d) {
    next.clear();
    for (const std::uint64_t key : layer) {
      const Board x = unpacked(key);
      for (const MoveCells& mc : cells_) {
        const Move m = mc.move();
        // Every board one move before x is at most d moves away; those found nearer stay.
        const std::uint64_t count = completions(x, d - 1, &m);
        const std::uint64_t before = CountDag::key_of(turned_back(x, mc));
        Slot& s = find_or_add(before, added);
        if (added) {
          s.word = std::uint64_t(d) << kCountBits | count;
          next.push_back(before);
        } else if (static_cast<int>(s.word >> kCountBits) == d) {
          s.word += count;
        }
      }
    }
    layers_.push_back(next.size());
    layer.swap(next);
  }
}

const Perimeter::Slot* Perimeter::find(std::uint64_t key) const {
  const std::size_t mask = slots_.size() - 1;
  for (std::size_t i = mix_key(key, 0) & mask;; i = (i + 1) & mask) {
    const Slot& s = slots_[i];
    if (s.board == key) return &s;
    if (s.board == 0) return nullptr;
  }
}

Perimeter::Slot& Perimeter::find_or_add(std::uint64_t key, bool& added) {
  if ((used_ + 1) * 4 > slots_.size() * 3) grow();
  const std::size_t mask = slots_.size() - 1;
  std::size_t i = mix_key(key, 0) & mask;
  while (slots_[i].board != 0 && slots_[i].board != key) i = (i + 1) & mask;
  added = slots_[i].board == 0;
  if (added) {
    slots_[i].board = key;
    ++used_;
  }
  return slots_[i];
}

void Perimeter::grow() {
  std::vector<Slot> old(slots_.size() * 2);
  old.swap(slots_);
  const std::size_t mask = slots_.size() - 1;
  for (const Slot& s : old) {
    if (s.board == 0) continue;
    std::size_t i = mix_key(s.board, 0) & mask;
    while (slots_[i].board != 0) i = (i + 1) & mask;
    slots_[i] = s;
  }
}

int Perimeter::distance(const Board& b) const {
  const Slot* s = find(CountDag::key_of(b));
  return s ? static_cast<int>(s->word >> kCountBits) : -1;
}

std::uint64_t Perimeter::completions(const Board& b, int left, const Move* last) const {
  const Slot* s = find(CountDag::key_of(b));
  if (!s || static_cast<int>(s->word >> kCountBits) != left) return 0;
  const std::uint64_t n = s->word & ((std::uint64_t{1} << kCountBits) - 1);
  if (left == 0 || !last || !closes_ccw(*last, moves_)) return n;
  return n - after_ccw(b, left, last->button);
}

// The sequences from `b` that begin with X'_button (counted after that X').
std::uint64_t Perimeter::after_ccw(const Board& b, int left, int button) const {
  const MoveCells& mc = cells_[ccw_of_[button]];
  const Move m = mc.move();
  return completions(turned(b, mc), left - 1, &m);
}

int max_perimeter_depth(MoveSet moves) {
  return moves == MoveSet::kClockwise ? 9 : moves == MoveSet::kBothDirections ? 7 : 6;
}

std::shared_ptr<const Perimeter> perimeter_4x4(MoveSet moves, int depth) {
  static std::shared_ptr<const Perimeter> kept[3];
  auto& p = kept[static_cast<int>(moves)];
  if (!p || p->depth() != depth) {
    p.reset();
    p = std::make_shared<const Perimeter>(moves, depth);
  }
  return p;
}

}  // namespace tilewise::box
