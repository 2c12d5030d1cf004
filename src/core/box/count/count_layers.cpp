#include "core/box/count/count_layers.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <memory>
#include <thread>
#include <vector>

#include "core/box/bounds/additive_db.hpp"
#include "core/box/bounds/packed_bound.hpp"
#include "core/box/bounds/pattern_rank.hpp"
#include "core/box/model/board.hpp"
#include "core/box/model/move_cells.hpp"
#include "core/box/model/packed_board.hpp"
#include "core/box/model/spelling.hpp"
#include "core/clock.hpp"

namespace tilewise::box {
namespace {
namespace layered {  // (names of its own: the core is built as one unity file)

// A layer's or a bucket's entry: a board, the sequences reaching it in its context (modulo
// 2^50, exact while the count is below it), the first image's excess (a bucket's), the context's
// tag (context_tag) and the image that decided its bound.
struct Entry {
  Packed board;
  std::uint64_t count : 50, excess : 6, tag : 4, image : 4;
};
constexpr std::uint64_t kCountMask = (std::uint64_t{1} << 50) - 1;

// Children a bucket aims at: its merging table (0.5-1 MB) stays within a core's L2 cache
// (4 k-32 k measured: 16 k best, by ~3 %).
constexpr std::uint64_t kBucketChildren = 16384;
// Boards bounded ahead of the one whose table bytes are read (their misses overlap).
constexpr std::size_t kAhead = 16;
// The most terms an image has (rows, blocks) and moves a board has (cw+ccw+half).
constexpr std::size_t kMostTerms = 4, kMostMoves = 27;

// The bound's two groups of units after a board's first image: the pattern table's pairs of
// lookups, the other images. Per thread in a layer, for each: lookups, and per unit the boards
// that reached it and those it cut.
enum Group { kPattern, kImages };
constexpr int kUnits = 16;  // (at most 16 images; 8 pairs of pattern lookups)
struct GroupRate {
  std::uint64_t lookups = 0;
  std::array<std::uint64_t, kUnits> reached{}, cut{};
};
using GroupRates = std::array<GroupRate, 2>;

// One thread's merging of a bucket: board -> sequences per context (0 in the slot, the
// others, at most one a button, in a list beside it).
class Merge {
 public:
  struct Slot {
    Packed board = 0;
    std::uint64_t count0 = 0;
    std::int32_t tagged = -1;  // the first of its other contexts in tagged_, -1: none
    std::uint8_t image = 0;    // the image of its entries' largest excess
    std::uint8_t excess = 0;   // (asked in the scatter)
    bool has0 = false;
  };
  struct Tagged {
    std::uint64_t count;
    unsigned tag;
    std::int32_t next;
  };

  // Empty, room for `children` boards (at most 4/5 full), the memory kept (no page faults).
  void reset(std::size_t children) {
    const std::size_t size = std::max<std::size_t>(1024, std::bit_ceil((children * 5 + 3) / 4));
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
    std::size_t i = mix_key(e.board, 0) & mask;
    while (slots_[i].board != 0 && slots_[i].board != e.board) i = (i + 1) & mask;
    Slot& s = slots_[i];
    if (s.board == 0) {
      s.board = e.board;
      used_.push_back(static_cast<std::uint32_t>(i));
    }
    if (e.excess >= s.excess) {
      s.image = static_cast<std::uint8_t>(e.image);
      s.excess = static_cast<std::uint8_t>(e.excess);
    }
    if (e.tag == 0) {
      s.count0 += e.count, s.has0 = true;
      return;
    }
    for (std::int32_t t = s.tagged; t >= 0; t = tagged_[t].next)
      if (tagged_[t].tag == e.tag) {
        tagged_[t].count += e.count;
        return;
      }
    tagged_.push_back({e.count, static_cast<unsigned>(e.tag), s.tagged});
    s.tagged = static_cast<std::int32_t>(tagged_.size() - 1);
  }
  // The distinct boards merged, as slot indices.
  const std::vector<std::uint32_t>& used() const { return used_; }
  Slot& slot(std::uint32_t i) { return slots_[i]; }
  // Its entries, each with `image`, appended to `out`.
  void emit(std::uint32_t i, unsigned image, std::vector<Entry>& out) const {
    const Slot& s = slots_[i];
    if (s.has0) out.push_back({s.board, s.count0, 0, 0, image});
    for (std::int32_t t = s.tagged; t >= 0; t = tagged_[t].next)
      out.push_back({s.board, tagged_[t].count, 0, tagged_[t].tag, image});
  }

 private:
  std::vector<Slot> slots_;
  std::vector<Tagged> tagged_;
  std::vector<std::uint32_t> used_;
};

class LayerCounter {
 public:
  // The layers from `start` (the target's end: read_back's board), the clock from `t0`.
  LayerCounter(MoveSet moves, int length, const AdditiveBound& bound,
               const LayerCountLimits& limits, bool from_target, const std::uint8_t* start,
               double t0)
      : moves_(moves),
        length_(length),
        packed_(bound, moves, limits.vector_ranks),
        second_(limits.second
                    ? std::make_unique<PackedBound>(*limits.second, moves, limits.vector_ranks)
                    : nullptr),
        limits_(limits),
        from_target_(from_target),
        t0_(t0) {
    for (const MoveCells& mc : move_cells(4, moves)) {
      steps_.push_back(PackedMove::of(mc.from, mc.to));
      tags_.push_back(context_tag(mc.move(), moves));
    }
    threads_ = std::max(1, limits.threads);
    merges_.resize(static_cast<std::size_t>(threads_));
    rates_.resize(static_cast<std::size_t>(threads_));
    out_.resize(static_cast<std::size_t>(threads_));
    result_.from_target = from_target;
    result_.second_from = second_ ? 1 : 0;
    for (auto& shares : share_) shares.fill(1.0);
    layer_ = {{pack(start, 16), 1, 0, 0, 0}};
  }

  // The layers left, then the count (or the result so far when one ends it incomplete).
  LayerCount go_on() {
    while (!done())
      if (!step()) return result_;
    return finish();
  }
  bool done() const { return depth_ == length_ || layer_.empty(); }
  // The next layer; false when the count ends incomplete (out of memory, cancelled).
  bool step() {
    LayerCountStep step{depth_ + 1, 0, 0, 0, 0, from_target_};
    if (!next_layer(layer_, length_ - depth_ - 1, step)) return false;
    ++depth_;
    step.boards = layer_.size();
    step.elapsed_ms = now_ms() - t0_;
    if (limits_.on_layer) limits_.on_layer(step);
    if (!second_ && limits_.second_when && step.children > limits_.second_after)
      if (const AdditiveBound* pattern = limits_.second_when()) {
        second_ = std::make_unique<PackedBound>(*pattern, moves_, limits_.vector_ranks);
        result_.second_from = depth_ + 1;
      }
    return true;
  }
  LayerCount finish() {
    for (const Entry& e : layer_)
      if (e.board == kPackedTarget) result_.count += e.count;
    result_.complete = true;
    return result_;
  }
  const LayerCount& result() const { return result_; }
  int depth() const { return depth_; }
  std::uint64_t entries() const { return layer_.size(); }
  // Going on from the depth both ends reached, with the work of `other`'s layers.
  void took_over(const LayerCount& other) {
    result_.children += other.children;
    result_.bounded += other.bounded;
    result_.raced = depth_;
  }

 private:
  bool cancelled() const {
    return limits_.cancel && limits_.cancel->load(std::memory_order_relaxed);
  }

  // Layer d + 1 (children within `left` moves of the target) in place of layer d.
  bool next_layer(std::vector<Entry>& layer, int left, LayerCountStep& step) {
    const std::uint64_t entry = sizeof(Entry), now = layer.size();
    const std::uint64_t children = now * steps_.size();  // (at most)
    // The next layer (kept twice while gathered) as big as this one grew: when that does not
    // fit, stop before its work (the reversed board's layers grow ~10x a move).
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
    kept_ = 0;
    choose_order();
    std::uint64_t made = 0;
    for (std::uint64_t pass = 0; pass < passes; ++pass) {
      const std::uint64_t first = buckets * pass / passes, last = buckets * (pass + 1) / passes;
      made += scatter(layer, left, bits, first, last);
      if (cancelled()) return false;
      merge_and_bound(left, last - first, (limits_.max_bytes / entry - now) / 2, step);
      if (full_) return out_of_memory();
      if (cancelled()) return false;
    }
    step.children = made;
    result_.children += made;
    std::size_t total = 0;
    for (const auto& o : out_) total += o.size();
    // (The layer before's memory and the threads' shares are kept: no page faults a layer.)
    spare_.clear();
    spare_.reserve(total);
    for (auto& o : out_) {
      spare_.insert(spare_.end(), o.begin(), o.end());
      o.clear();
    }
    layer.swap(spare_);
    return true;
  }

  // From the last layer's rates, the groups' order and each unit's share of the boards it cut
  // (docs/puzzle-box.md, "Counting by layers", step 4).
  void choose_order() {
    GroupRates sum{};
    for (GroupRates& r : rates_) {
      for (int g = 0; g < 2; ++g) {
        sum[g].lookups += r[g].lookups;
        for (int u = 0; u < kUnits; ++u)
          sum[g].reached[u] += r[g].reached[u], sum[g].cut[u] += r[g].cut[u];
      }
      r = GroupRates{};
    }
    constexpr std::uint64_t kFew = 4096;
    std::array<double, 2> cut{};
    for (int g = 0; g < 2; ++g)
      for (int u = 0; u < kUnits; ++u) {
        cut[g] += static_cast<double>(sum[g].cut[u]);
        if (sum[g].lookups >= kFew && sum[g].reached[u] > 0)
          share_[g][u] =
              static_cast<double>(sum[g].cut[u]) / static_cast<double>(sum[g].reached[u]);
      }
    if (sum[kPattern].lookups < kFew || sum[kImages].lookups < kFew) return;
    // (cut / lookups of one group against the other's, without a division)
    pattern_first_ = cut[kPattern] * static_cast<double>(sum[kImages].lookups) >=
                     cut[kImages] * static_cast<double>(sum[kPattern].lookups);
  }

  bool out_of_memory() {
    result_.out_of_memory = true;
    return false;
  }

  // Each thread's share of the layer's children whose bucket is in [first, last), into
  // buckets_[thread][bucket - first] with their excess (steps 1 and 2). Returns those made.
  std::uint64_t scatter(const std::vector<Entry>& layer, int left, int bits, std::uint64_t first,
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
    std::atomic<std::uint64_t> asked{0};
    run_threads([&](int t) {
      auto& mine = buckets_[static_cast<std::size_t>(t)];
      for (auto& v : mine) v.reserve(expect + expect / 4 + 16);
      const std::size_t from = board_start(layer.size() * static_cast<std::size_t>(t) / threads_),
                        to = board_start(layer.size() * static_cast<std::size_t>(t + 1) / threads_);
      // A board's children, their table indices asked; read while the next board's are asked.
      struct Child {
        Entry entry;
        std::uint32_t bucket;
        std::array<std::uint32_t, kMostTerms> index;
      };
      std::array<std::array<Child, kMostMoves>, 2> children;  // this board's, the one's before
      std::array<std::size_t, 2> made{};
      int now = 0;
      std::uint64_t mine_asked = 0;
      const auto settle = [&](int which) {  // (each child's entry has its parent's image)
        for (std::size_t k = 0; k < made[which]; ++k) {
          const Child& c = children[which][k];
          const int excess = packed_.excess(static_cast<int>(c.entry.image), c.index.data());
          if (packed_.moves(c.entry.board, excess) > left) continue;
          mine[c.bucket].emplace_back(c.entry).excess = static_cast<unsigned>(excess);
        }
        made[which] = 0;
      };
      for (std::size_t i = from, j; i < to; i = j) {
        const Packed board = layer[i].board;
        std::uint64_t all = 0;  // the sequences to the board, of every context
        for (j = i; j < to && layer[j].board == board; ++j) all += layer[j].count;
        const unsigned image = layer[i].image;
        for (std::size_t k = 0; k < steps_.size(); ++k) {
          std::uint64_t count = all;
          if (tags_[k] != 0)  // (the spelling: X' X' is X X, so not after a closing X')
            for (std::size_t e = i; e < j; ++e)
              if (layer[e].tag == tags_[k]) count -= layer[e].count;
          count &= kCountMask;
          if (count == 0) continue;  // (none, or a multiple of 2^50: nothing modulo it)
          const Packed c = steps_[k].apply(board);
          const std::uint64_t b = bits == 0 ? 0 : mix_key(c, 0) >> (64 - bits);
          if (b < first || b >= last) continue;
          Child& child = children[now][made[now]++];
          child.entry = {c, count, 0, tags_[k], image};
          child.bucket = static_cast<std::uint32_t>(b - first);
          packed_.indices(c, static_cast<int>(image), child.index.data());
        }
        mine_asked += made[now];
        now ^= 1;
        settle(now);
      }
      settle(now ^ 1);
      asked += mine_asked;
    });
    return asked;
  }

  // Each bucket merged and its distinct boards bounded, by the threads in turn; full_ once the
  // next layer holds more than `most` entries.
  void merge_and_bound(int left, std::uint64_t n, std::uint64_t most, LayerCountStep& step) {
    std::atomic<std::uint64_t> next{0}, bounded{0};
    run_threads([&](int t) {
      Merge& m = merges_[static_cast<std::size_t>(t)];
      std::vector<Entry>& out = out_[static_cast<std::size_t>(t)];
      std::vector<Survivor> alive, spare;
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
        bound_all(m, left, alive, spare, out, rates_[static_cast<std::size_t>(t)]);
        if ((kept_ += out.size() - had) > most) full_ = true;
        if (full_) break;
        if ((b & 63) == 0 && cancelled()) break;
      }
      bounded += mine;
    });
    step.bounded += bounded;
    result_.bounded += bounded;
  }

  // A board the stages so far did not cut.
  struct Survivor {
    Packed board;
    std::uint32_t slot;
    std::int8_t best;             // the largest excess of its images read
    std::uint8_t first, decided;  // the image asked first (the parent's deciding one); best's
  };
  // A stage's table indices of one board: at most the 16 images' 4 terms less the first's, or
  // the pattern table's 16 lookups.
  using Indices = std::array<std::uint32_t, 64>;

  // One stage over the boards `in`, kAhead boards ahead: ask(board, index) asks its table
  // entries, read(board, index) reads them and says whether the board stays in `in` (`spare`:
  // the memory it is gathered in).
  template <class Ask, class Read>
  static void stage(std::vector<Survivor>& in, std::vector<Survivor>& spare, Ask ask, Read read) {
    std::array<Indices, kAhead> index;
    const std::size_t n = in.size();
    spare.clear();
    for (std::size_t i = 0; i < n + kAhead; ++i) {
      if (i >= kAhead) {
        Survivor b = in[i - kAhead];
        if (read(b, index[(i - kAhead) % kAhead].data())) spare.push_back(b);
      }
      if (i < n) ask(in[i], index[i % kAhead].data());
    }
    in.swap(spare);
  }

  // The merged boards within `left` moves, each with the image that decided it, into `out`:
  // the first image was asked in scatter; the rest in stages over what the stages before kept
  // (docs/puzzle-box.md, step 4), the two groups in choose_order's order.
  void bound_all(Merge& m, int left, std::vector<Survivor>& a, std::vector<Survivor>& b,
                 std::vector<Entry>& out, GroupRates& rates) const {
    a.clear();
    for (const std::uint32_t i : m.used()) {
      const Merge::Slot& s = m.slot(i);
      a.push_back({s.board, i, static_cast<std::int8_t>(s.excess), s.image, s.image});
    }
    const std::size_t terms = static_cast<std::size_t>(packed_.terms());
    // Image `other` of the board's images but its first.
    const auto other_image = [](int other, const Survivor& v) {
      return other < v.first ? other : other + 1;
    };
    const auto images = [&](int first, int last) {
      stage(
          a, b,
          [&](const Survivor& v, std::uint32_t* index) {
            for (int o = first; o < last; ++o)
              packed_.indices(v.board, other_image(o, v),
                              index + static_cast<std::size_t>(o - first) * terms);
          },
          [&](Survivor& v, const std::uint32_t* index) {
            for (int o = first; o < last; ++o) {
              ++rates[kImages].reached[o];
              const int image = other_image(o, v);
              const int excess =
                  packed_.excess(image, index + static_cast<std::size_t>(o - first) * terms);
              if (excess <= v.best) continue;
              if (packed_.moves(v.board, excess) > left) return ++rates[kImages].cut[o], false;
              v.best = static_cast<std::int8_t>(excess),
              v.decided = static_cast<std::uint8_t>(image);
            }
            return true;
          });
    };
    int most = -1;  // the largest pattern entry within the moves left
    while (second_ && most < 15 && second_->entry_moves(most + 1) <= left) ++most;
    const auto pattern = [&](int first, int last) {
      stage(
          a, b,
          [&](const Survivor& v, std::uint32_t* index) {
            second_->pair_indices(v.board, first, last, index);
          },
          [&](Survivor&, const std::uint32_t* index) {
            for (int p = first; p < last; ++p) {
              ++rates[kPattern].reached[p];
              if (second_->largest(p, index + 2 * (p - first)) > most)
                return ++rates[kPattern].cut[p], false;
            }
            return true;
          });
    };
    // Group g's `units` of `cost` lookups each, run by `run`, a unit alone while it pays (step 4).
    const auto group = [&](Group g, int units, std::uint64_t cost, auto run) {
      for (int u = 0; u < units && !a.empty();) {
        const double f = share_[g][static_cast<std::size_t>(u)];
        const int last = f * (units - u - 1) > 1 - f ? u + 1 : units;
        rates[g].lookups += cost * static_cast<std::uint64_t>(last - u) * a.size();
        run(u, last);
        u = last;
      }
    };
    for (const Group g : {pattern_first_ ? kPattern : kImages, pattern_first_ ? kImages : kPattern})
      if (g == kImages)
        group(g, packed_.images() - 1, terms, images);
      else if (second_)
        group(g, second_->pairs(), 2, pattern);
    for (const Survivor& v : a) m.emit(v.slot, v.decided, out);
  }

  template <class F>
  void run_threads(F f) {
    if (threads_ == 1) return f(0);
    std::vector<std::thread> pool;
    for (int t = 1; t < threads_; ++t) pool.emplace_back(f, t);
    f(0);
    for (auto& th : pool) th.join();
  }

  MoveSet moves_;
  int length_;
  PackedBound packed_;
  std::unique_ptr<PackedBound> second_;  // the pattern table's lookups (limits.second)
  const LayerCountLimits& limits_;
  int threads_ = 1;
  std::vector<PackedMove> steps_;
  std::vector<std::uint8_t> tags_;
  std::vector<std::vector<std::vector<Entry>>> buckets_;  // [thread][bucket of the pass]
  std::uint64_t before_ = 0;            // the entries of the layer before the one expanded
  std::atomic<std::uint64_t> kept_{0};  // entries of the next layer so far
  std::atomic<bool> full_{false};       // ... more than the memory holds
  std::vector<Merge> merges_;
  std::vector<std::vector<Entry>> out_;  // per thread: its share of the next layer
  std::vector<Entry> spare_;             // the layer before (its memory, for the next one)
  std::vector<GroupRates> rates_;        // per thread, in the layer being made
  bool pattern_first_ = true;            // the pattern table's stages first
  // Per group and unit, the share of the boards reaching it that it cut in the last layer
  // measured (1 before any).
  std::array<std::array<double, kUnits>, 2> share_;
  bool from_target_;
  std::vector<Entry> layer_;  // the last layer made
  int depth_ = 0;             // its depth
  double t0_;
  LayerCount result_;
};

}  // namespace layered

// The board whose sequences to the target are those of `start` read back: its inverse,
// reflected (docs/puzzle-box.md, "From either end").
std::array<std::uint8_t, 16> read_back(const std::uint8_t* start) {
  const auto reflect = pattern::square_symmetries(4)[4];
  std::array<std::uint8_t, 16> out{};
  for (int cell = 0; cell < 16; ++cell) out[reflect[start[cell]]] = reflect[cell];
  return out;
}

}  // namespace

LayerCount count_by_layers(const std::uint8_t* start, MoveSet moves, int length,
                           const AdditiveBound& bound, const LayerCountLimits& limits) {
  using layered::LayerCounter;
  const std::array<std::uint8_t, 16> back = read_back(start);
  // (The second bound read once for both ends.)
  LayerCountLimits both = limits;
  const AdditiveBound* second = nullptr;
  bool asked = false;
  if (limits.second_when)
    both.second_when = [&] {
      if (!asked) second = limits.second_when(), asked = true;
      return second;
    };
  const double t0 = now_ms();
  const auto counter = [&](bool from_target) {
    return std::make_unique<LayerCounter>(moves, length, bound, both, from_target,
                                          from_target ? back.data() : start, t0);
  };
  if (limits.direction != LayerDirection::kEither)
    return counter(limits.direction == LayerDirection::kFromTarget)->go_on();
  auto from_start = counter(false);
  while (!from_start->done() && from_start->entries() <= limits.race_boards)
    if (!from_start->step()) return from_start->result();
  if (from_start->done()) return from_start->finish();
  auto from_target = counter(true);
  while (from_target->depth() < from_start->depth())
    if (!from_target->step()) return from_target->result();
  const bool target_kept = from_target->entries() < from_start->entries();
  std::unique_ptr<LayerCounter> kept = std::move(target_kept ? from_target : from_start),
                                dropped = std::move(target_kept ? from_start : from_target);
  kept->took_over(dropped->result());
  dropped.reset();  // (its memory freed)
  return kept->go_on();
}

Result<BoxSolveResult> count_box_by_layers(
    const BoxPuzzle& p, const BoxSolveOptions& o, int threads,
    const std::function<void(const LayerCountStep&)>& on_layer,
    const std::function<const AdditiveBound*()>& second_when) {
  if (p.size != 4) return Error{"board", "counting by layers is for 4x4 boards"};
  if (o.additive_partition.empty())
    return Error{"bound", "counting by layers needs the additive tables"};
  return count_after_first_solution(
      p, o, "layers", [&](const std::vector<std::uint8_t>& start, int length) {
        AdditivePartition partition;
        additive_partition(o.additive_partition, partition);
        const AdditiveBound additive(p.moves, partition);
        const std::unique_ptr<AdditiveBound> second =
            o.second_pattern ? std::make_unique<AdditiveBound>(p.moves, o.pattern_tiles) : nullptr;
        LayerCountLimits limits;
        limits.second = second.get();
        if (!limits.second) limits.second_when = second_when;
        limits.max_bytes = o.max_count_bytes;
        limits.threads = threads;
        limits.cancel = o.cancel;
        limits.on_layer = on_layer;
        limits.direction = o.count_direction;
        const LayerCount c = count_by_layers(start.data(), p.moves, length, additive, limits);
        return OtherCount{c.count, c.complete, c.out_of_memory, c.children,
                          c.from_target ? " from the target" : ""};
      });
}

}  // namespace tilewise::box
