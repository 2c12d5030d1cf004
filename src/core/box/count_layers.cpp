#include "core/box/count_layers.hpp"

#include <algorithm>
#include <array>
#include <memory>
#include <thread>
#include <vector>

#include "core/box/additive_db.hpp"
#include "core/box/board.hpp"
#include "core/box/move_cells.hpp"
#include "core/box/packed_board.hpp"
#include "core/box/packed_bound.hpp"
#include "core/box/pattern_db.hpp"
#include "core/box/second_bound.hpp"
#include "core/box/spelling.hpp"
#include "core/clock.hpp"

namespace tilewise::box {
namespace {
namespace layered {  // (names of its own: the core is built as one unity file)

// An entry of a layer or a bucket: a board and one word holding the sequences that reach it
// in its counting context (modulo 2^56: sums modulo a power of two stay exact while the
// final count is below it, so a dead board's large count does no harm), the context's tag
// (context_tag, 4 bits) and the image of the bound to ask first (4 bits: the image that
// decided the parent's bound).
struct Entry {
  Packed board;
  std::uint64_t word;
};
constexpr int kTagShift = 56, kImageShift = 60;
constexpr std::uint64_t kCountMask = (std::uint64_t{1} << kTagShift) - 1;
std::uint64_t count_of(std::uint64_t w) {
  return w & kCountMask;
}
unsigned tag_of(std::uint64_t w) {
  return static_cast<unsigned>(w >> kTagShift & 15);
}
unsigned image_of(std::uint64_t w) {
  return static_cast<unsigned>(w >> kImageShift);
}
std::uint64_t word_of(std::uint64_t count, unsigned tag, unsigned image) {
  return (count & kCountMask) | std::uint64_t{tag} << kTagShift |
         std::uint64_t{image} << kImageShift;
}

std::uint64_t mix(Packed b) {
  std::uint64_t h = b * 0x9E3779B97F4A7C15ull;
  return h ^ h >> 29;
}

// Children a bucket aims at: its merging table (1.25-2.5 slots a child, 24 bytes a slot:
// 0.5-1 MB) stays within a core's L2 cache (4 k-32 k measured: 16 k best, by ~3 %).
constexpr std::uint64_t kBucketChildren = 16384;
// Boards bounded ahead of the one whose table bytes are read (their misses overlap).
constexpr int kAhead = 16;

// One thread's merging of a bucket: (board -> sequences per context), the counts of context 0
// in the slot, the others (at most one per button) in a short list beside it.
class Merge {
 public:
  struct Slot {
    Packed board = 0;
    std::uint64_t count0 = 0;
    std::int32_t tagged = -1;  // the first of its other contexts in tagged_, -1: none
    std::uint8_t image = 0;
    bool has0 = false;
  };
  struct Tagged {
    std::uint64_t word;  // count and tag (as Entry's)
    std::int32_t next;
  };

  // Empty, with room for `children` distinct boards (at most 4/5 full): only the slots used
  // last are cleared, the table is kept (no page faults of a fresh one).
  void reset(std::size_t children) {
    std::size_t size = 1024;
    while (size * 4 < children * 5) size *= 2;
    if (size > slots_.size() || size * 8 < slots_.size()) {
      slots_.assign(size, Slot{});
    } else {
      for (const std::uint32_t i : used_) slots_[i] = Slot{};
      slots_.resize(size);  // (a smaller table: the slots beyond are all clear)
    }
    tagged_.clear();
    used_.clear();
  }
  void add(const Entry& e) {
    const std::size_t mask = slots_.size() - 1;
    std::size_t i = mix(e.board) & mask;
    while (slots_[i].board != 0 && slots_[i].board != e.board) i = (i + 1) & mask;
    Slot& s = slots_[i];
    if (s.board == 0) {
      s.board = e.board;
      s.image = static_cast<std::uint8_t>(image_of(e.word));
      used_.push_back(static_cast<std::uint32_t>(i));
    }
    const unsigned tag = tag_of(e.word);
    const std::uint64_t n = count_of(e.word);
    if (tag == 0) {
      s.count0 += n, s.has0 = true;
      return;
    }
    for (std::int32_t t = s.tagged; t >= 0; t = tagged_[t].next)
      if (tag_of(tagged_[t].word) == tag) {
        tagged_[t].word = word_of(count_of(tagged_[t].word) + n, tag, 0);
        return;
      }
    tagged_.push_back({word_of(n, tag, 0), s.tagged});
    s.tagged = static_cast<std::int32_t>(tagged_.size() - 1);
  }
  // The distinct boards merged, as slot indices.
  const std::vector<std::uint32_t>& used() const { return used_; }
  Slot& slot(std::uint32_t i) { return slots_[i]; }
  // Its entries, each with `image`, appended to `out`.
  void emit(std::uint32_t i, unsigned image, std::vector<Entry>& out) const {
    const Slot& s = slots_[i];
    if (s.has0) out.push_back({s.board, word_of(s.count0, 0, image)});
    for (std::int32_t t = s.tagged; t >= 0; t = tagged_[t].next)
      out.push_back({s.board, word_of(count_of(tagged_[t].word), tag_of(tagged_[t].word), image)});
  }

 private:
  std::vector<Slot> slots_;
  std::vector<Tagged> tagged_;
  std::vector<std::uint32_t> used_;
};

class LayerCounter {
 public:
  LayerCounter(MoveSet moves, int length, const AdditiveBound4x4& bound,
               const LayerCountLimits& limits)
      : length_(length),
        packed_(bound, moves, limits.vector_ranks),
        second_(limits.second ? std::make_unique<PackedPattern>(*limits.second, limits.vector_ranks)
                              : nullptr),
        limits_(limits),
        terms_(bound.terms()),
        images_(bound.images()) {
    for (const MoveCells& mc : move_cells(4, moves)) {
      steps_.push_back(PackedMove::of(mc.from, mc.to));
      tags_.push_back(context_tag(mc.move(), moves));
    }
    threads_ = std::max(1, limits.threads);
    merges_.resize(static_cast<std::size_t>(threads_));
    out_.resize(static_cast<std::size_t>(threads_));
  }

  LayerCount run(const std::uint8_t* start) {
    const double t0 = now_ms();
    if (second_) result_.second_from = 1;
    std::vector<Entry> layer{{pack(start, 16), word_of(1, 0, 0)}};
    for (int d = 0; d < length_; ++d) {
      LayerCountStep step{d + 1, 0, 0, 0, 0};
      if (!next_layer(layer, length_ - d - 1, step)) return result_;
      step.boards = layer.size();
      step.elapsed_ms = now_ms() - t0;
      result_.boards += layer.size();
      if (limits_.on_layer) limits_.on_layer(step);
      if (layer.empty()) break;
      if (!second_ && limits_.second_when && step.bounded > limits_.second_after)
        if (const PatternBound4x4* pattern = limits_.second_when()) {
          second_ = std::make_unique<PackedPattern>(*pattern, limits_.vector_ranks);
          result_.second_from = d + 2;
        }
    }
    const Packed target = 0xFEDCBA9876543210ull;
    for (const Entry& e : layer)
      if (e.board == target) result_.count += count_of(e.word);
    result_.complete = true;
    return result_;
  }

 private:
  bool cancelled() const {
    return limits_.cancel && limits_.cancel->load(std::memory_order_relaxed);
  }

  // Layer d + 1 (children within `left` moves of the target) in place of layer d.
  bool next_layer(std::vector<Entry>& layer, int left, LayerCountStep& step) {
    const std::uint64_t entry = sizeof(Entry), now = layer.size();
    const std::uint64_t children = now * steps_.size();  // (at most)
    // The next layer (kept twice while it is gathered) as big as this one grew: when that does
    // not fit, stop before its work (the reversed board's layers grow ~10x a move).
    const std::uint64_t grown = before_ == 0 ? now : now * now / before_;
    before_ = now;
    if ((now + 2 * grown) * entry >= limits_.max_bytes) return out_of_memory();
    int bits = 0;
    while ((children >> bits) > kBucketChildren && bits < 20) ++bits;
    const std::uint64_t buckets = std::uint64_t{1} << bits;
    // The buckets in the room left, made a pass at a time.
    const std::uint64_t room = limits_.max_bytes - (now + 2 * grown) * entry;
    const std::uint64_t passes = std::min(buckets, children * entry * 5 / 4 / room + 1);
    if (passes > 64) return out_of_memory();
    for (auto& o : out_) o.clear();
    kept_ = 0;
    std::uint64_t made = 0;
    for (std::uint64_t pass = 0; pass < passes; ++pass) {
      const std::uint64_t first = buckets * pass / passes, last = buckets * (pass + 1) / passes;
      made += scatter(layer, bits, first, last);
      if (cancelled()) return false;
      merge_and_bound(left, last - first, (limits_.max_bytes / entry - now) / 2, step);
      if (full_) return out_of_memory();
      if (cancelled()) return false;
    }
    step.children = made;
    result_.children += made;
    std::size_t total = 0;
    for (const auto& o : out_) total += o.size();
    result_.peak_bytes =
        std::max<std::uint64_t>(result_.peak_bytes, (now + 2 * total) * entry + bucket_bytes_);
    // (The memory of the layer before and of the threads' shares is kept for the next layers:
    // no page faults of fresh memory a layer.)
    spare_.clear();
    spare_.reserve(total);
    for (auto& o : out_) {
      spare_.insert(spare_.end(), o.begin(), o.end());
      o.clear();
    }
    layer.swap(spare_);
    return true;
  }

  bool out_of_memory() {
    result_.out_of_memory = true;
    return false;
  }

  // Each thread's share of the layer's children whose bucket is in [first, last), into
  // buckets_[thread][bucket - first]. A board's entries (one per counting context, side by
  // side: Merge::emit) make its children together, each child once: the sequences of every
  // context that allows the move. Returns the children made.
  std::uint64_t scatter(const std::vector<Entry>& layer, int bits, std::uint64_t first,
                        std::uint64_t last) {
    const std::size_t n = last - first;
    buckets_.resize(static_cast<std::size_t>(threads_));
    for (auto& b : buckets_) {
      b.resize(n);
      for (auto& v : b) v.clear();
    }
    const std::size_t expect =
        layer.size() * steps_.size() /
        std::max<std::size_t>(1, (std::size_t{1} << bits) * static_cast<std::size_t>(threads_));
    // A thread's share begins at a board's first entry.
    const auto board_start = [&](std::size_t i) {
      while (i > 0 && i < layer.size() && layer[i].board == layer[i - 1].board) ++i;
      return i;
    };
    run_threads([&](int t) {
      auto& mine = buckets_[static_cast<std::size_t>(t)];
      for (auto& v : mine) v.reserve(expect + expect / 4 + 16);
      const std::size_t from = board_start(layer.size() * static_cast<std::size_t>(t) / threads_),
                        to = board_start(layer.size() * static_cast<std::size_t>(t + 1) / threads_);
      for (std::size_t i = from, j; i < to; i = j) {
        const Packed board = layer[i].board;
        std::uint64_t all = 0;  // the sequences to the board, of every context
        for (j = i; j < to && layer[j].board == board; ++j) all += count_of(layer[j].word);
        const std::uint64_t image = layer[i].word & ~(kCountMask | std::uint64_t{15} << kTagShift);
        for (std::size_t k = 0; k < steps_.size(); ++k) {
          std::uint64_t count = all;
          if (tags_[k] != 0)  // (the spelling: X' X' is X X, so not after a closing X')
            for (std::size_t e = i; e < j; ++e)
              if (tag_of(layer[e].word) == tags_[k]) count -= count_of(layer[e].word);
          count &= kCountMask;
          if (count == 0) continue;  // (none, or a multiple of 2^56: nothing modulo it)
          const Packed c = steps_[k].apply(board);
          const std::uint64_t b = bits == 0 ? 0 : mix(c) >> (64 - bits);
          if (b < first || b >= last) continue;
          mine[b - first].push_back({c, image | count | std::uint64_t{tags_[k]} << kTagShift});
        }
      }
    });
    bucket_bytes_ = 0;
    std::uint64_t made = 0;
    for (const auto& b : buckets_)
      for (const auto& v : b) bucket_bytes_ += v.capacity() * sizeof(Entry), made += v.size();
    return made;
  }

  // Each bucket merged and its distinct boards bounded, by the threads in turn; full_ (the
  // count ends out of memory) once the next layer holds more than `most` entries.
  void merge_and_bound(int left, std::uint64_t n, std::uint64_t most, LayerCountStep& step) {
    std::atomic<std::uint64_t> next{0}, bounded{0};
    run_threads([&](int t) {
      Merge& m = merges_[static_cast<std::size_t>(t)];
      std::vector<Entry>& out = out_[static_cast<std::size_t>(t)];
      std::vector<Pending> pending;
      std::vector<Kept> kept;
      std::uint64_t mine = 0;
      for (std::uint64_t b; (b = next.fetch_add(1)) < n;) {
        std::size_t size = 0;
        for (const auto& tb : buckets_) size += tb[b].size();
        m.reset(size);
        for (auto& tb : buckets_) {
          for (const Entry& e : tb[b]) m.add(e);
          tb[b].clear();  // (its memory kept for the next layer's children)
        }
        mine += m.used().size();
        const std::size_t had = out.size();
        bound_all(m, left, pending, kept, out);
        if ((kept_ += out.size() - had) > most) full_ = true;
        if (full_) break;
        if ((b & 63) == 0 && cancelled()) break;
      }
      bounded += mine;
    });
    step.bounded += bounded;
    result_.bounded += bounded;
  }

  // A board its first image did not cut: its slot and that image's excess.
  struct Pending {
    std::uint32_t slot;
    int excess;
  };
  // A board the additive tables keep, for the second bound: its slot and the deciding image.
  struct Kept {
    std::uint32_t slot;
    unsigned image;
  };

  // The merged boards within `left` moves by the bound, each with the image that decided it,
  // into `out`. First each board's first image (its parent's deciding one), asked kAhead
  // boards ahead; the boards it does not cut then get their other images, asked ahead too;
  // those kept then the second bound's lookups (when there is one), a few boards ahead.
  void bound_all(Merge& m, int left, std::vector<Pending>& pending, std::vector<Kept>& kept,
                 std::vector<Entry>& out) const {
    const auto& used = m.used();
    const std::size_t n = used.size();
    std::array<std::array<std::uint32_t, 64>, kAhead> index;
    pending.clear();
    for (std::size_t i = 0; i < n + kAhead; ++i) {
      if (i >= kAhead) {
        const std::size_t j = i - kAhead;
        const Merge::Slot& s = m.slot(used[j]);
        const int excess = packed_.excess(s.image, index[j % kAhead].data());
        if (packed_.moves(s.board, excess) <= left) pending.push_back({used[j], excess});
      }
      if (i < n) {
        const Merge::Slot& s = m.slot(used[i]);
        packed_.indices(s.board, s.image, index[i % kAhead].data());
      }
    }
    // The other images of the boards left, fewer boards ahead (each asks more bytes).
    constexpr std::size_t kOthers = kAhead / 4;
    kept.clear();
    const std::size_t p = pending.size(), per = static_cast<std::size_t>(terms_);
    for (std::size_t i = 0; i < p + kOthers; ++i) {
      if (i >= kOthers) {
        const std::size_t j = i - kOthers;
        const std::uint32_t* at = index[j % kOthers].data();
        const Merge::Slot& s = m.slot(pending[j].slot);
        int best = pending[j].excess;
        unsigned decided = s.image;
        for (int img = 0; img < images_; ++img) {
          if (img == s.image) continue;
          const int excess = packed_.excess(img, at + static_cast<std::size_t>(img) * per);
          if (excess > best) best = excess, decided = static_cast<unsigned>(img);
        }
        if (packed_.moves(s.board, best) <= left) {
          if (second_) {
            kept.push_back({pending[j].slot, decided});
          } else {
            m.emit(pending[j].slot, decided, out);
          }
        }
      }
      if (i < p) {
        std::uint32_t* at = index[i % kOthers].data();
        const Merge::Slot& s = m.slot(pending[i].slot);
        for (int img = 0; img < images_; ++img)
          if (img != s.image)
            packed_.indices(s.board, img, at + static_cast<std::size_t>(img) * per);
      }
    }
    if (!second_) return;
    // The pattern table's lookups of the boards the additive tables keep, a few boards ahead
    // (each asks 8-16 bytes).
    constexpr std::size_t kSecond = 4;
    std::array<std::array<std::uint32_t, 16>, kSecond> lookup;
    const std::size_t q = kept.size();
    for (std::size_t i = 0; i < q + kSecond; ++i) {
      if (i >= kSecond) {
        const Kept& k = kept[i - kSecond];
        if (second_->bound(lookup[(i - kSecond) % kSecond].data()) <= left)
          m.emit(k.slot, k.image, out);
      }
      if (i < q) second_->indices(m.slot(kept[i].slot).board, lookup[i % kSecond].data());
    }
  }

  template <class F>
  void run_threads(F f) {
    if (threads_ == 1) return f(0);
    std::vector<std::thread> pool;
    for (int t = 1; t < threads_; ++t) pool.emplace_back(f, t);
    f(0);
    for (auto& th : pool) th.join();
  }

  int length_;
  PackedBound packed_;
  std::unique_ptr<PackedPattern> second_;  // the pattern table's lookups (limits.second)
  const LayerCountLimits& limits_;
  int terms_, images_;
  int threads_ = 1;
  std::vector<PackedMove> steps_;
  std::vector<std::uint8_t> tags_;
  std::vector<std::vector<std::vector<Entry>>> buckets_;  // [thread][bucket of the pass]
  std::uint64_t bucket_bytes_ = 0;
  std::uint64_t before_ = 0;            // the entries of the layer before the one expanded
  std::atomic<std::uint64_t> kept_{0};  // entries of the next layer so far
  std::atomic<bool> full_{false};       // ... more than the memory holds
  std::vector<Merge> merges_;
  std::vector<std::vector<Entry>> out_;  // per thread: its share of the next layer
  std::vector<Entry> spare_;             // the layer before (its memory, for the next one)
  LayerCount result_;
};

}  // namespace layered
}  // namespace

LayerCount count_by_layers(const std::uint8_t* start, MoveSet moves, int length,
                           const AdditiveBound4x4& bound, const LayerCountLimits& limits) {
  return layered::LayerCounter(moves, length, bound, limits).run(start);
}

Result<BoxSolveResult> count_box_by_layers(
    const BoxPuzzle& p, const BoxSolveOptions& o, int threads,
    const std::function<void(const LayerCountStep&)>& on_layer,
    const std::function<const PatternBound4x4*()>& second_when) {
  if (p.size != 4) return Error{"board", "counting by layers is for 4x4 boards"};
  if (o.additive_partition.empty())
    return Error{"bound", "counting by layers needs the additive tables"};
  for (const std::string& stage : o.second_bound)
    if (stage != "pattern")
      return Error{
          "second bound",
          "counting by layers takes only the pattern table as a second bound, not " + stage};
  return count_after_first_solution(
      p, o, "layers", [&](const std::vector<std::uint8_t>& start, int length) {
        const TableBound4x4 tables =
            table_bound_4x4(p.moves, o.additive_partition, o.pattern_tiles);
        const TableBound4x4 second = o.second_bound.empty()
                                         ? TableBound4x4{}
                                         : table_bound_4x4(p.moves, "pattern", o.pattern_tiles);
        LayerCountLimits limits;
        limits.second = second.pattern.get();
        if (!limits.second) limits.second_when = second_when;
        limits.max_bytes = o.max_count_bytes;
        limits.threads = threads;
        limits.cancel = o.cancel;
        limits.on_layer = on_layer;
        const LayerCount c =
            count_by_layers(start.data(), p.moves, length, *tables.additive, limits);
        return OtherCount{c.count, c.complete, c.out_of_memory, c.bounded};
      });
}

}  // namespace tilewise::box
