#include "box_meet_oracle.hpp"

#include <algorithm>
#include <array>
#include <utility>
#include <vector>

#include "core/box/model/board.hpp"
#include "core/box/model/move_cells.hpp"
#include "core/box/model/packed_board.hpp"
#include "core/box/model/spelling.hpp"
#include "core/clock.hpp"

namespace tilewise::box {
namespace {

constexpr int kTagShift = 56;  // a slot's count below, its tag above
constexpr std::uint64_t kCountMask = (std::uint64_t{1} << kTagShift) - 1;

// One layer: (board, tag) -> sequences, open addressing keyed by the board alone, so the
// entries of one board (one per tag) lie on one probe run.
class LayerMap {
 public:
  LayerMap() : slots_(1024) {}

  void add(Packed board, std::uint8_t tag, std::uint64_t count) {
    if ((used_ + 1) * 4 > slots_.size() * 3) grow();
    for (std::size_t i = home(board);; i = (i + 1) & (slots_.size() - 1)) {
      Slot& s = slots_[i];
      if (s.board == 0) {
        s = {board, std::uint64_t{tag} << kTagShift | std::min(count, kCountMask)};
        overflow_ |= count >= kCountMask;
        ++used_;
        return;
      }
      if (s.board == board && s.tag() == tag) {
        const std::uint64_t sum = s.count() + count;
        overflow_ |= sum >= kCountMask;
        s.tagged = std::uint64_t{tag} << kTagShift | std::min(sum, kCountMask);
        return;
      }
    }
  }
  bool has(Packed board) const {
    for (std::size_t i = home(board);; i = (i + 1) & (slots_.size() - 1)) {
      if (slots_[i].board == board) return true;
      if (slots_[i].board == 0) return false;
    }
  }
  // f(tag, count) for each entry of `board`.
  template <class F>
  void each_of(Packed board, F f) const {
    for (std::size_t i = home(board); slots_[i].board != 0; i = (i + 1) & (slots_.size() - 1))
      if (slots_[i].board == board) f(slots_[i].tag(), slots_[i].count());
  }
  // f(board, tag, count) for every entry.
  template <class F>
  void each(F f) const {
    for (const Slot& s : slots_)
      if (s.board != 0) f(s.board, s.tag(), s.count());
  }
  std::uint64_t entries() const { return used_; }
  std::uint64_t bytes() const { return slots_.size() * sizeof(Slot); }
  bool overflow() const { return overflow_; }

 private:
  struct Slot {
    Packed board = 0;
    std::uint64_t tagged = 0;
    std::uint8_t tag() const { return static_cast<std::uint8_t>(tagged >> kTagShift); }
    std::uint64_t count() const { return tagged & kCountMask; }
  };
  std::size_t home(Packed board) const {
    std::uint64_t h = board * 0x9E3779B97F4A7C15ull;
    h ^= h >> 31;
    return static_cast<std::size_t>(h & (slots_.size() - 1));
  }
  void grow() {
    std::vector<Slot> old(slots_.size() * 2);
    old.swap(slots_);
    used_ = 0;
    for (const Slot& s : old)
      if (s.board != 0) add(s.board, s.tag(), s.count());
  }
  std::vector<Slot> slots_;
  std::uint64_t used_ = 0;
  bool overflow_ = false;
};

// One side's layers, from its end (the start forward, or the target backward with the
// moves undone), each board kept while its bound toward the other end fits in what is left.
class Side {
 public:
  Side(bool forward, const std::uint8_t* other_end, int size, MoveSet moves, int length,
       const BoardBound& bound, MeetCount& stats)
      : forward_(forward),
        cells_(size * size),
        moves_(moves),
        length_(length),
        bound_(bound),
        stats_(stats) {
    std::copy(other_end, other_end + cells_, other_end_.begin());
    for (const MoveCells& mc : move_cells(size, moves)) {
      steps_.push_back(PackedMove::of(mc.from, mc.to, forward));
      tags_.push_back(context_tag(mc.move(), moves));
    }
  }

  void start_at(const std::uint8_t* end) { layer_.add(pack(end, cells_), 0, 1); }

  // Layer `depth` + 1 from layer `depth`; false when out of memory or cancelled.
  bool step(int depth, const MeetLimits& limits) {
    LayerMap next;
    const int left = length_ - depth - 1;  // moves the child may still need to the other end
    bool stopped = false;
    std::uint64_t seen = 0;
    layer_.each([&](Packed s, std::uint8_t tag, std::uint64_t count) {
      if (stopped) return;
      if ((++seen & 4095) == 1 &&
          ((limits.cancel && limits.cancel->load()) ||
           layer_.bytes() + before_.bytes() + next.bytes() > limits.max_bytes)) {
        stopped = true;
        return;
      }
      for (std::size_t i = 0; i < steps_.size(); ++i) {
        if (!allowed(tag, i)) continue;
        const Packed c = steps_[i].apply(s);
        if (!next.has(c)) {
          if (before_.has(c) || (moves_ == MoveSet::kBothDirectionsAndHalf && layer_.has(c)))
            continue;  // reached in fewer moves
          if (bound_toward_other_end(c, left) > left) continue;
        }
        next.add(c, tags_[i], count);
      }
    });
    stats_.peak_bytes =
        std::max(stats_.peak_bytes, layer_.bytes() + before_.bytes() + next.bytes());
    if (stopped || next.overflow()) return false;
    stats_.boards += next.entries();
    before_ = std::move(layer_);
    layer_ = std::move(next);
    return true;
  }

  const LayerMap& layer() const { return layer_; }

 private:
  // The spelling rules inside a side are the junction's: move i may not follow an end whose
  // tag it shares (cw+ccw: no second `X'` after `X'`; half turns: no button twice running).
  bool allowed(std::uint8_t tag, std::size_t i) const { return tag == 0 || tags_[i] != tag; }

  int bound_toward_other_end(Packed c, int enough) {
    ++stats_.bound_calls;
    std::array<std::uint8_t, 16> b{};
    unpack(c, cells_, b.data());
    if (forward_) return bound_(b.data(), enough);
    // Backward: moves from the start to c = from the start renamed so c reads 0, 1, ...
    std::array<std::uint8_t, 16> name{}, renamed{};
    for (int i = 0; i < cells_; ++i) name[b[i]] = static_cast<std::uint8_t>(i);
    for (int i = 0; i < cells_; ++i) renamed[i] = name[other_end_[i]];
    return bound_(renamed.data(), enough);
  }

  bool forward_;
  int cells_;
  MoveSet moves_;
  int length_;
  const BoardBound& bound_;
  MeetCount& stats_;
  std::array<std::uint8_t, 16> other_end_{};
  std::vector<PackedMove> steps_;
  std::vector<std::uint8_t> tags_;
  LayerMap before_, layer_;  // layers depth - 1 and depth
};

}  // namespace

MeetCount count_by_meeting(const std::uint8_t* start, int size, MoveSet moves, int length,
                           const BoardBound& bound, const MeetLimits& limits) {
  MeetCount out;
  const int cells = size * size;
  std::array<std::uint8_t, 16> target{};
  for (int c = 0; c < cells; ++c) target[c] = static_cast<std::uint8_t>(c);
  // Forward from the start, pruned toward the target; backward from the target, toward
  // the start.
  Side forward(true, target.data(), size, moves, length, bound, out);
  Side backward(false, start, size, moves, length, bound, out);
  forward.start_at(start);
  backward.start_at(target.data());
  const int half = length / 2;
  const double t0 = now_ms();
  for (int d = 0; d < length; ++d) {
    const bool ahead = d < half;
    Side& side = ahead ? forward : backward;
    const int depth = ahead ? d : d - half;
    if (!side.step(depth, limits)) return out;
    if (limits.on_layer) limits.on_layer({ahead, depth + 1, side.layer().entries(), now_ms() - t0});
  }
  // The junction: each board met from both sides, less the pairs whose tags clash.
  forward.layer().each([&](Packed s, std::uint8_t tag, std::uint64_t count) {
    std::uint64_t all = 0, clash = 0;
    backward.layer().each_of(s, [&](std::uint8_t t, std::uint64_t n) {
      all += n;
      if (tag != 0 && t == tag) clash += n;
    });
    if (all > 0) ++out.middle;
    out.count += count * (all - clash);
  });
  out.complete = true;
  return out;
}

Result<BoxSolveResult> count_box_solutions(const BoxPuzzle& p, const BoxSolveOptions& o,
                                           const MeetLimits& limits) {
  if (p.size > 4)
    return Error{"board", "counting by meeting in the middle is for boards up to 4x4"};
  return count_after_first_solution(
      p, o, "meeting in the middle", [&](const std::vector<std::uint8_t>& start, int length) {
        const MeetCount m = count_by_meeting(start.data(), p.size, p.moves, length,
                                             box_lower_bound(p.size, p.moves, o), limits);
        return OtherCount{m.count, m.complete, false, 0, ""};
      });
}

}  // namespace tilewise::box
