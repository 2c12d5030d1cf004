// Lanes: a search on masks (count, listing or first solution; classes of 1-4 words, tiles or
// kinds), cuts the tree at a depth (`LaneSearch::split`, a sixteenth of the way down, with a limit
// a quarter, 3 cells at least) and kLanes subtrees below the cut are searched side by side, one
// step of each in turn. A step places the cell's next candidate or backs up, and goes down when the
// next cell lists an unused tile, all as arithmetic: no branch depends on the search's outcome, so
// the processor works on both lanes at once instead of waiting on a mispredicted branch
// (run_blocks, one subtree at a time, loses most of its time so: Brendan 6x6, 14.5 M placements, 12
// M mispredicted branches; here 0.1 M). Alone, such a lane is slower than run_blocks (176 vs 145
// ms): each step waits on the one before; two lanes hide that (87 ms), three or four were slower
// than two (91 ms). The tiles placed are kept per level, so backing up restores nothing, and a lane
// backs up in one step to the deepest cell with candidates left (each level keeps that depth for
// the cell below it, LaneLevel::back). Where classes take 2-4 words the lanes lay the bits out
// anew, one word a cell (LaneGroups, lane_groups.cpp). The search above the cut is run_blocks with
// a split depth, paused whenever the lanes run short of prefixes. The same tree: the same nodes,
// tries, nodes per depth and count as run_blocks.
#include <algorithm>
#include <array>
#include <cstring>
#include <type_traits>
#include <utility>

#include "core/edge/search/solver.hpp"

// The lane step is written once and inlined once per lane (step_all), so the lanes' independent
// chains interleave in one loop body. Clang (Emscripten's WebAssembly build) called the step as
// a function in a loop over the lanes (worker at ~0.5x native; with this ~0.64-0.73x,
// search_lanes.cpp built with -msimd128 there), GCC kept the loop for 3-word classes (Brendan 8x8
// 114 -> 144 M placements/s natively; docs/performance.md, WebAssembly). Not in a build for size
// (the page's own core, -Os: its searches are small).
#ifdef __OPTIMIZE_SIZE__
#define TILEWISE_ALWAYS_INLINE
#else
#define TILEWISE_ALWAYS_INLINE __attribute__((always_inline))
#endif

namespace tilewise {

bool EdgeSearch::lanes_fit() const {
  const int n = static_cast<int>(plan_.order.size());
  return options_.use_lanes && split_.depth < 0 && n - split_.base_depth >= 17 && n <= kLaneCells;
}

// Sets the lane to search below the next prefix; false (the lane idle) when there is none.
bool EdgeSearch::start_lane(MaskLane& lane) {
  LaneSearch& ls = lanes_;
  lane.active = ls.next_prefix < ls.prefixes();
  if (!lane.active) return false;
  const std::size_t prefix = ls.next_prefix++;
  lane.index = ls.started++;
  const int base = ls.split;
  std::uint32_t* const placed = lane.placed;
  LaneLevel& level = lane.levels[base];
  const std::uint32_t* const ids =
      ls.prefix_placed.data() + prefix * static_cast<std::size_t>(base);
  level.back = base - 1;  // out of the subtree
#ifndef __wasm__          // (WebAssembly leaves groups out: lane_groups.cpp)
  if (ls.groups.on) {     // the prefix in positions
    const LaneGroups& g = ls.groups;
    // Used: the blocked copies' bits, flipped by each tile placed (as the prefix's own words;
    // translating those bit by bit cost a search of many small subtrees 1.4x), in registers
    // (in the level, each tile's flips waited on the last one's stores).
    std::uint64_t used[kMaskBlocks];
    std::copy(g.blocked, g.blocked + kMaskBlocks, used);
    for (int d = 0; d < base; ++d) {
      const int p = g.position_of_kernel[ids[d]];
      placed[d] = static_cast<std::uint32_t>(p);
      const std::uint64_t* const tile = g.toggles.data() + g.toggle_row[p];
      for (int w = 0; w < kMaskBlocks; ++w) used[w] ^= tile[w];
    }
    std::copy(used, used + kMaskBlocks, level.used);
    std::fill(level.used + kMaskBlocks, level.used + kLaneWords, 0);
    const MaskStep& step = g.steps[base];
    const LaneGroups::WordOf& of = g.word_of[base];
    const std::uint64_t word = of.by_parent[placed[base - 1]] + of.by_other[placed[of.other_depth]];
    const std::uint64_t* row = step.others_row(placed) + step.parent_part[placed[base - 1]];
    level.left[0] = row[1] & ~level.used[word];  // its tries: counted by the cutting search
    level.word_base() = word << 6;
    if (step.filtered) filter_lane_word(base, level, placed);
    level.child_masks = g.steps[base + 1].others_row(placed);
    lane.base = lane.depth = base;
    return true;
  }
#endif
  const MaskStep* const steps = masks_.steps.data();
  const std::uint64_t* const used = ls.prefix_used.data() + prefix * kMaskBlocks;
  std::copy(ids, ids + base, placed);
  std::copy(used, used + kMaskBlocks, level.used);
  std::fill(level.used + kMaskBlocks, level.used + kLaneWords, 0);
  const MaskStep& step = steps[base];
  const std::uint64_t* row = step.others_row(placed) + step.parent_part[placed[base - 1]];
  for (int w = 0; w < kLaneClassWords; ++w)  // its tries: counted by the cutting search
    level.left[w] = w < step.words ? row[1 + w] & ~level.used[step.word0 + w] : 0;
  if (step.filtered) filter_masks(base, level.left, placed, level.used);
  level.child_masks = steps[base + 1].others_row(placed);
  lane.base = lane.depth = base;
  return true;
}

// Records a complete board given as placed kernel ids (depth -> id). board_.depth is the depth of
// the search above the cut (run_blocks resumes there): kept.
void EdgeSearch::record_placed(const std::uint32_t* placed) {
  const int n = static_cast<int>(plan_.order.size());
  for (int d = 0; d < n; ++d) {
    const int k = static_cast<int>(placed[d]);
    board_.cells[plan_.order[d]] = masks_.tile_of_kernel[k >> 2] * 4 + (k & 3);
  }
  const int depth = board_.depth;
  board_.depth = n;
  record_solution();
  board_.depth = depth;
}

// A lane completed a board: recorded now when no earlier prefix is still searched, else kept.
void EdgeSearch::lane_found(MaskLane& lane) {
  const std::uint32_t* const placed = kernel_placed(lane.placed);
  if (lane.index == lanes_.flushed) {
    record_placed(placed);
  } else {
    lane.found.insert(lane.found.end(), placed, placed + plan_.order.size());
  }
}

// A lane left its subtree: the boards of every prefix now done are recorded in prefix order.
void EdgeSearch::end_lane(MaskLane& lane) {
  LaneSearch& ls = lanes_;
  if (!ls.record) return;
  const size_t n = plan_.order.size();
  if (lane.index != ls.flushed) {  // an earlier prefix is still searched: its boards wait
    ls.pending.emplace_back(lane.index, std::move(lane.found));
    lane.found.clear();
    return;
  }
  // The earliest prefix: its boards were recorded as found (lane_found), or when it became the
  // earliest (below).
  for (size_t b = 0; b < lane.found.size(); b += n) record_placed(&lane.found[b]);
  lane.found.clear();
  ++ls.flushed;
  for (bool more = !ls.pending.empty(); more;) {
    more = false;
    for (size_t k = 0; k < ls.pending.size(); ++k) {
      if (ls.pending[k].first != ls.flushed) continue;
      const std::vector<std::uint32_t> boards = std::move(ls.pending[k].second);
      ls.pending.erase(ls.pending.begin() + static_cast<std::ptrdiff_t>(k));
      for (size_t b = 0; b < boards.size(); b += n) record_placed(&boards[b]);
      ++ls.flushed;
      more = true;
      break;
    }
  }
  for (MaskLane& other : ls.lanes) {  // the lane now earliest records from here on
    if (!other.active || &other == &lane || other.index != ls.flushed) continue;
    for (size_t b = 0; b < other.found.size(); b += n) record_placed(&other.found[b]);
    other.found.clear();
  }
}

namespace {

// A placed tile (its kernel bit in the word) -> its bits in the used word (boards without
// kinds: read by bit, known a step earlier than the kernel tile; toggles[o >> 2] there measured
// 0.8x on Brendan 6x6 and 7x7).
constexpr std::array<std::uint64_t, 64> kTileBits = [] {
  std::array<std::uint64_t, 64> bits{};
  for (int b = 0; b < 64; ++b) bits[b] = std::uint64_t{15} << (b & ~3);
  return bits;
}();

// Two used words, as one vector register.
using UsedPair = std::uint64_t __attribute__((vector_size(16)));

// Takes a class's word when it is not empty, as conditional moves (one test, three moves):
// its candidates into `m`, its index into `w` and the words after it into `after` (GCC makes
// branches of ?: here, which no predictor guesses).
TILEWISE_ALWAYS_INLINE inline void take_if_any(std::uint64_t word, std::uint64_t index,
                                               std::uint64_t words_after, std::uint64_t& m,
                                               std::uint64_t& w, std::uint64_t& after) {
#if defined(__x86_64__) && defined(__GNUC__)
  asm("test %[word], %[word]\n\tcmovnz %[word], %[m]\n\tcmovnz %[index], %[w]\n\t"
      "cmovnz %[words_after], %[after]"
      : [m] "+r"(m), [w] "+r"(w), [after] "+r"(after)
      : [word] "r"(word), [index] "r"(index), [words_after] "r"(words_after)
      : "cc");
#else  // clang (WebAssembly) makes selects of these
  m = word != 0 ? word : m;
  w = word != 0 ? index : w;
  after = word != 0 ? words_after : after;
#endif
}

}  // namespace

// Steps the lanes `rounds` times (every lane once a round, `all`: every lane is active), a
// lane that leaves its subtree taking the next prefix; stops early when one finds none.
// Returns the rounds run.
// kWords: the most words a class takes (1-4); kTwoOthers: some cell's key has two cells besides
// the one placed just before; kFiltered: some cell has tests beyond its key (else the steps
// leave both out); kAfterRound: what a step needs a call for (a board found, the next cell's
// tests) is done after the round (SolveOptions::lane_calls_after_round); kGroupWords: in
// groups (LaneGroups: one word a cell, kWords 1, kKinds false), the used words a step flips (4, 6
// or 8: the groups' words rounded up), else 0.
template <bool kKinds, int kWords, bool kTwoOthers, bool kFiltered, bool kAfterRound,
          int kGroupWords>
std::uint64_t EdgeSearch::lane_rounds(std::uint64_t rounds, bool all) {
  constexpr bool kGroups = kGroupWords > 0;
  LaneSearch& ls = lanes_;
  const LaneStep* const lane_steps = ls.steps.data();
  const std::uint64_t* const toggles = masks_.toggles.data();
  MaskLane* const lanes = ls.lanes.data();
  // Boards are completed at depth `last` (none when only counting: read from the figures).
  const std::int64_t last = ls.record ? static_cast<std::int64_t>(plan_.order.size()) - 1 : -1;
  // The used words a step copies: one-word boards here have at most kLaneOneWordBlocks blocks
  // (plan_blocks); the words past the blocks stay 0.
  constexpr int kUsedWords = kGroups ? kGroupWords : kWords == 1 ? kLaneOneWordBlocks : kMaskBlocks;
  const std::uint64_t* const group_toggles = ls.groups.toggles.data();
  const std::uint32_t* const group_toggle_row = ls.groups.toggle_row.data();
  // One step of a lane: the cell's next candidate is placed (and the lane goes down when the
  // next cell lists an unused tile; a dead end that was the cell's last candidate backs up at
  // once), or with none left the lane backs up. Negative when the lane has left its subtree.
  // The lane's depth and tries are in `r` (LaneRegs, locals while the lanes step); in
  // kAfterRound what needs a call is left in r.events for after the round.
  auto step = [&](MaskLane& lane, LaneRegs& r) TILEWISE_ALWAYS_INLINE -> std::int64_t {
    const std::int64_t d = r.depth;
    const LaneStep& s = lane_steps[d];
    LaneLevel* const level = lane.levels + d;
    LaneLevel* const child = level + 1;
    std::uint64_t place, remaining, down;
    const std::uint64_t* next;
    if constexpr (kGroups) {
      // Groups: the cell's candidates are one word whatever its class (88-96 instructions a
      // step against 111-150 on the classes' words: 1.15-1.45x on boards of 3-4 words a class).
      const std::uint64_t m = level->left[0];
      const std::uint64_t rest = m & (m - 1);
      level->left[0] = rest;
      remaining = rest;
      place = m != 0;
      const auto bit = static_cast<std::uint64_t>(__builtin_ctzll(m | std::uint64_t{1} << 63));
      // m == 0: a position whose tables are read but whose next cell the lane does not go to.
      const std::uint64_t o = level->word_base() + bit;
      lane.placed[d] = static_cast<std::uint32_t>(o);
      next = level->child_masks + s.child_part[o];
      const std::uint64_t word =
          s.child_word_by_parent[o] + s.child_word_by_other[lane.placed[s.child_word_depth]];
      const std::uint64_t* const tile = group_toggles + group_toggle_row[o];
      const std::uint64_t child_left = next[1] & ~(level->used[word] ^ tile[word]);
      down = place & static_cast<std::uint64_t>(child_left != 0);
      child->left[0] = child_left;
      child->word_base() = word << 6;
      // Two words at a time (GCC copied word by word: 107 -> 99 instructions a step, clue 4).
      for (int u = 0; u < kUsedWords; u += 2) {
        UsedPair a, b;
        std::memcpy(&a, level->used + u, sizeof a);
        std::memcpy(&b, tile + u, sizeof b);
        a ^= b;
        std::memcpy(child->used + u, &a, sizeof a);
      }
    } else {
      // The first word with a candidate left (the class's last word when none: m == 0; the
      // words past the class's are 0). Every word is read at once and the first chosen without
      // a load: a word loaded by an index found from the words before it puts a second load on
      // the step's chain (3-4 words found by ctz of a word of bits of the non-empty words, one
      // per level: 0.65-0.81x on Brendan 8x8-9x9, free 7x7, framed 10x10). 3-4 words by
      // conditional moves (take_if_any: 9.7 fewer instructions a step than masks, 1.04-1.08x
      // on clues 2 and 4, Brendan 8x8 and 10x10); 2 words by masks (moves there: 0.78x on 7x7).
      std::uint64_t l[kWords];
      for (int v = 0; v < kWords; ++v) l[v] = level->left[v];
      std::uint64_t w = 0, m = l[0], rest;
      if constexpr (kWords >= 3) {
        // From the last word back to the first: the first word not empty wins.
        std::uint64_t after = 0, words_after = 0;
        w = kWords - 1;
        m = l[kWords - 1];
        for (int v = kWords - 2; v >= 0; --v) {
          words_after |= l[v + 1];
          take_if_any(l[v], static_cast<std::uint64_t>(v), words_after, m, w, after);
        }
        rest = m & (m - 1);
        // Candidates left in the cell after this one: in word w and the words after it.
        remaining = rest | after;
      } else {
        if constexpr (kWords == 2) {
          w = static_cast<std::uint64_t>(l[0] == 0);
          m = l[0] | (l[1] & (0 - w));
        }
        rest = m & (m - 1);
        remaining = rest;
        if constexpr (kWords == 2) remaining |= l[1] & (0 - static_cast<std::uint64_t>(w < 1));
      }
      level->left[w] = rest;
      place = m != 0;
      const auto bit = static_cast<std::uint64_t>(__builtin_ctzll(m | std::uint64_t{1} << 63));
      // m == 0: o is unused (key parts and toggles padded), and so are the next cell's words
      // set up below: the lane does not go down.
      const std::uint64_t o = s.word_base + (w << 6) + bit;
      // Its bits (kinds: and the next copy's); when nothing is placed they reach only the next
      // cell's words, which the lane does not go down to.
      const std::uint64_t tile = kKinds ? toggles[o >> 2] : kTileBits[bit];
      lane.placed[d] = static_cast<std::uint32_t>(o);
      next = level->child_masks + s.child_part[o];
      // The next cell's candidates: its row less the tiles used, this one included.
      const std::int64_t word = s.word + static_cast<std::int64_t>(w);
      std::uint64_t child_left[kWords], any = 0;
      for (int v = 0; v < kWords; ++v) {
        // One word: the next cell is of this class or not (compared: no table read).
        const std::uint64_t into =
            kWords == 1 ? 0 - static_cast<std::uint64_t>(word == s.child_word) : s.to_child[w][v];
        const std::uint64_t child_used = level->used[s.child_word + v] ^ (tile & into);
        child_left[v] = next[1 + v] & ~child_used;  // rows padded with 0 to kWords
        any |= child_left[v];
      }
      down = place & static_cast<std::uint64_t>(any != 0);
      // The next cell, set up whether or not the lane goes there (unused otherwise).
      for (int v = 0; v < kWords; ++v) child->left[v] = child_left[v];
      for (int u = 0; u < kUsedWords; ++u) child->used[u] = level->used[u];
      child->used[word] = level->used[word] ^ tile;
    }
    lane.per_depth[d + 1] += place;
    r.tries += next[0] & (0 - place);
    const std::uint64_t* masks =
        s.after_masks + s.after_other_part[0][lane.placed[s.after_other_depth[0]]];
    if constexpr (kTwoOthers) masks += s.after_other_part[1][lane.placed[s.after_other_depth[1]]];
    child->child_masks = masks;
    // A board (only when recording); the next cell's tests beyond its key, which narrow its
    // words before its first step (the lane went down on the words before them, as run_blocks).
    std::uint64_t events = 0;
    if constexpr (kAfterRound) {
      events = (static_cast<std::uint64_t>(d == last) & place) << 1;
      if constexpr (kFiltered) events |= s.child_filtered & down;
      r.events = events;
    } else {
      if (d == last && place != 0) {
        lane_found(lane);
        events = 4;  // the round is ended to see whether the limit was reached
      }
      if constexpr (kFiltered) {
        if ((s.child_filtered & down) != 0) {
          if (s.child_checks != 0) {  // its neighbours' sides alone: here, not in a call
            for (int k = 0; k < s.child_checks; ++k) {
              const std::uint64_t* const sides =
                  s.child_check_rows[k] +
                  s.child_check_part[k][lane.placed[s.child_check_depth[k]]] +
                  (kGroups ? child->word_base() >> 6 : 0);
              for (int v = 0; v < kWords; ++v) child->left[v] &= sides[v];
            }
          } else if constexpr (kGroups) {
            filter_lane_word(static_cast<int>(d) + 1, *child, lane.placed);
          } else {
            filter_masks(static_cast<int>(d) + 1, child->left, lane.placed, child->used);
          }
        }
      }
    }
    // Where the lane goes when it does not go down: it stays while the cell has candidates
    // left, else backs up at once to the deepest cell above with candidates left (the tiles
    // placed are per level: nothing to take back), and so does the next cell when it runs out.
    // (As masks: written with ?:, GCC made branches, 0.79-0.95x.)
    const std::int64_t above = level->back;
    const std::int64_t back = above ^ ((d ^ above) & -static_cast<std::int64_t>(remaining != 0));
    child->back = back;
    r.depth = back ^ ((back ^ (d + 1)) & -static_cast<std::int64_t>(down));
    return (r.depth - r.base) | static_cast<std::int64_t>(events << 60);  // rare: tested
  };
  // The lanes' figures, in locals while the lanes step (in the lanes, each step waited on
  // the store of the one before it: WebAssembly 1.05-1.08x, native code unchanged).
  LaneRegs regs[kLanes];
  auto load = [&] {
    for (int i = 0; i < kLanes; ++i) regs[i] = LaneRegs{lanes[i].depth, lanes[i].base, 0, 0};
  };
  auto save = [&] {
    for (int i = 0; i < kLanes; ++i) {
      lanes[i].depth = regs[i].depth;
      lanes[i].tries += regs[i].tries;
      regs[i].tries = 0;
    }
  };
  // A step of every lane, written out in lane order (clang kept a loop over the lanes, so the
  // lanes' steps did not interleave in WebAssembly); negative when one left its subtree.
  auto step_all = [&]<std::size_t... kLane>(std::index_sequence<kLane...>) TILEWISE_ALWAYS_INLINE {
    std::int64_t out = 0;
    ((out |= step(lanes[kLane], regs[kLane])), ...);  // the comma: in lane order, as the loop was
    return out;
  };
  // After a round, in lane order (kAfterRound): the boards completed are recorded and
  // the tests of the cells the lanes went down to applied.
  auto lane_events = [this](MaskLane& lane, LaneRegs& r) {
    if ((r.events & 2) != 0) lane_found(lane);
    const auto d = static_cast<int>(r.depth);
    if ((r.events & 1) == 0) {
    } else if constexpr (kGroups) {
      filter_lane_word(d, lane.levels[d], lane.placed);
    } else {
      filter_masks(d, lane.levels[d].left, lane.placed, lane.levels[d].used);
    }
    r.events = 0;
  };
  // The lanes that left their subtree take the next prefixes; false when one found none.
  auto refill = [this, lanes] {
    bool idle = false;
    for (int i = 0; i < kLanes; ++i)
      if (lanes[i].active && lanes[i].depth < lanes[i].base) {
        end_lane(lanes[i]);
        if (!start_lane(lanes[i])) idle = true;
      }
    return !idle;
  };
  load();
  std::uint64_t r = 0;  // rounds run
  if (all) {
    while (r < rounds) {
      const std::int64_t out = step_all(std::make_index_sequence<kLanes>{});
      ++r;
      if ((out >> 60) == 0) continue;  // in their subtrees, no events
      for (int i = 0; i < kLanes; ++i) lane_events(lanes[i], regs[i]);
      if (progress_.finished) break;  // the limit reached
      if (out < 0) {
        save();
        const bool more = refill();
        load();
        if (!more) break;
      }
    }
  } else {  // the last subtrees (or waiting for prefixes)
    while (r < rounds) {
      std::int64_t out = 0;
      for (int i = 0; i < kLanes; ++i)
        if (lanes[i].active) {
          out |= step(lanes[i], regs[i]);
          lane_events(lanes[i], regs[i]);
        }
      ++r;
      if (progress_.finished) break;
      if (out < 0) {
        save();
        const bool more = refill();
        load();
        if (!more) break;
      }
    }
  }
  save();
  return r;
}

// lane_rounds for this board: its words a class, the next-but-one cells' keys, the tests.
// Chosen by branches on std::bool_constant/std::integral_constant arguments (a table of member
// pointers made GCC's sanitizer build warn of an uninitialised temporary).
std::uint64_t EdgeSearch::lane_rounds_for(std::uint64_t rounds, bool all) {
#ifdef __wasm__
  constexpr bool kOff = true;  // WebAssembly: always after the round (one set of steps)
#else
  constexpr bool kOff = false;
#endif
  const LaneSearch& ls = lanes_;
  const bool after = options_.lane_calls_after_round;
  // `group`: the used words a step in groups copies (0: on the classes' words).
  auto run = [&](auto kinds, auto words, auto two, auto filtered, auto group) {
    if (after)
      return lane_rounds<decltype(kinds)::value, decltype(words)::value, decltype(two)::value,
                         decltype(filtered)::value, true, decltype(group)::value>(rounds, all);
    return lane_rounds<decltype(kinds)::value, decltype(words)::value, decltype(two)::value,
                       decltype(filtered)::value, kOff, decltype(group)::value>(rounds, all);
  };
  auto by_filtered = [&](auto kinds, auto words, auto two, auto group) {
    if (ls.filtered) return run(kinds, words, two, std::true_type{}, group);
    return run(kinds, words, two, std::false_type{}, group);
  };
  auto by_two = [&](auto kinds, auto words, auto group) {
    if (ls.two_others) return by_filtered(kinds, words, std::true_type{}, group);
    return by_filtered(kinds, words, std::false_type{}, group);
  };
  using Off = std::integral_constant<int, 0>;
  auto by_words = [&](auto kinds) {
    switch (ls.words) {
      case 1:
        return by_two(kinds, std::integral_constant<int, 1>{}, Off{});
#ifdef __wasm__
      // WebAssembly (the site's bytes, at its budget): 2-3 words a class with both other key
      // cells and the tests, which fit every board (as 4 words below).
      case 2:
        return run(kinds, std::integral_constant<int, 2>{}, std::true_type{}, std::true_type{},
                   Off{});
      case 3:
        return run(kinds, std::integral_constant<int, 3>{}, std::true_type{}, std::true_type{},
                   Off{});
#else
      case 2:
        return by_two(kinds, std::integral_constant<int, 2>{}, Off{});
      case 3:
        return by_two(kinds, std::integral_constant<int, 3>{}, Off{});
#endif
      default:
        static_assert(kLaneClassWords == 4);
#ifdef __wasm__
        // One set of 4-word steps in WebAssembly (the site's bytes): with both other key cells
        // and the tests, which fit every board (a missing key cell's part and a cell's test
        // flag are 0).
        return run(kinds, std::integral_constant<int, 4>{}, std::true_type{}, std::true_type{},
                   Off{});
#else
        return by_two(kinds, std::integral_constant<int, 4>{}, Off{});
#endif
    }
  };
#ifndef __wasm__       // (WebAssembly leaves groups out: lane_groups.cpp)
  if (ls.groups.on) {  // one word a cell: kinds and words are the toggles' and positions'
    using One = std::integral_constant<int, 1>;
    if (ls.groups.words <= 4)
      return by_two(std::false_type{}, One{}, std::integral_constant<int, 4>{});
    if (ls.groups.words <= 6)
      return by_two(std::false_type{}, One{}, std::integral_constant<int, 6>{});
    return by_two(std::false_type{}, One{}, std::integral_constant<int, kMaskBlocks>{});
  }
#endif
  if (kinds_.on) return by_words(std::true_type{});
  return by_words(std::false_type{});
}

void EdgeSearch::run_lanes(std::uint64_t node_budget) {
  const int n = static_cast<int>(plan_.order.size());
  LaneSearch& ls = lanes_;
  if (!progress_.started) {
    // The cut: shallow, so the lanes take nearly all of the tree (above it run_blocks places
    // at its one-subtree rate), but 3 cells at least, which gives the two lanes enough
    // prefixes to the end. A quarter of the way down, the cut left most of a narrow tree above
    // it: an 8x8 of 12 colours (a 129 K-placement count) ran at 73 M placements/s, now 167;
    // unseen 7x7-9x7 boards of 9-14 colours 1.9-4.0x; big trees unchanged (clues, 8x8, 12x6:
    // 0.99-1.02x; docs/performance.md, the cut of the lanes).
    //
    // With a limit (first solutions) a quarter of the way down: the lanes search two prefixes
    // side by side, so until the one holding the first solution finds it the other lane
    // searches a later prefix, and a sixteenth of the way down one prefix held nearly the
    // whole tree (Brendan 7x7: 17.3 M placements against 8.7 M one subtree at a time, a
    // quarter of the way down 8.7 M; Brendan 6x6 1.07 M against 0.73 M; unseen framed 7x7
    // 1.37 M against 0.72 M).
    const int part = options_.limit != 0 ? 4 : 16;
    ls.split = split_.base_depth + std::max(3, (n - split_.base_depth) / part);
    ls.producer_done = false;
    ls.next_prefix = 0;
    ls.started = ls.flushed = 0;
    ls.pending.clear();
    // Only counting boards of tiles that all differ under a rule that meets each class once
    // needs nothing of a board but its placement.
    ls.record = options_.mode != SolveMode::kCount || options_.limit != 0 ||
                !kinds_.boards_are_solutions || options_.symmetry == SymmetryBreaking::kNone;
    ls.prefix_placed.clear();
    ls.prefix_used.clear();
    const bool groups = plan_lane_groups();
    const std::vector<MaskStep>& steps = groups ? ls.groups.steps : masks_.steps;
    ls.steps.assign(n + 1, LaneStep{});
    for (int d = 0; d <= n; ++d) {
      const MaskStep &step = steps[d], &child = steps[d + 1],
                     &after = steps[std::min(d + 2, n + 1)];
      LaneStep& s = ls.steps[d];
      if (groups) {
        const LaneGroups::WordOf& of = ls.groups.word_of[d + 1];
        s.child_word_by_parent = of.by_parent;
        s.child_word_by_other = of.by_other;
        s.child_word_depth = of.other_depth;
      }
      s.word = step.word0;
      s.word_base = static_cast<std::uint64_t>(step.word0) << 6;
      s.child_word = child.word0;
      for (int w = 0; w < kLaneClassWords; ++w)
        for (int v = 0; v < kLaneClassWords; ++v)
          s.to_child[w][v] = step.word0 + w == child.word0 + v ? ~std::uint64_t{0} : 0;
      s.child_filtered = child.filtered ? 1 : 0;
      // The next cell's tests of its neighbours' sides alone: made in the step.
      if (child.filtered && child.check_count <= kLaneChecks && !child.tile1_by_now &&
          child.corner < 0) {
        s.child_checks = child.check_count;
        for (int k = 0; k < child.check_count; ++k) {
          s.child_check_rows[k] = groups
                                      ? ls.groups.sides.data() + child.check_side_row[k]
                                      : masks_.sides.data() + child.check_side_row[k] + child.word0;
          s.child_check_part[k] = child.check_part[k];
          s.child_check_depth[k] = child.check_depth[k];
        }
      }
      s.child_part = child.parent_part;
      s.after_masks = after.masks;
      for (int k = 0; k < 2; ++k) {
        s.after_other_part[k] = after.other_part[k];
        s.after_other_depth[k] = after.other_depth[k];
      }
    }
    ls.lanes.assign(kLanes, MaskLane{});
    for (MaskLane& lane : ls.lanes)  // the sentinel
      lane.placed[n] = groups ? ls.groups.sentinel : masks_.placed[n];
    ls.two_others = false;
    ls.filtered = false;
    ls.words = masks_.row_words;
    for (const LaneStep& s : ls.steps) {
      ls.two_others = ls.two_others || s.after_other_depth[1] != n;
      ls.filtered = ls.filtered || s.child_filtered != 0;
    }
  }
  while (node_budget > 0 && !progress_.finished) {
    if (!ls.producer_done && ls.prefixes() - ls.next_prefix < kLanes) {
      if (ls.next_prefix == ls.prefixes()) {
        ls.prefix_placed.clear();
        ls.prefix_used.clear();
        ls.next_prefix = 0;
      }
      // With a limit, short: the steps of a race's slice go to the lanes, not to prefixes.
      const std::uint64_t chunk =
          std::min<std::uint64_t>(node_budget, options_.limit != 0 ? 256 : 4096);
      split_.depth = ls.split;
      ls.producing = true;
      masks_.one_word ? run_blocks<true>(chunk) : run_blocks<false>(chunk);
      ls.producing = false;
      split_.depth = -1;
      node_budget -= chunk;
      if (progress_.finished) {  // the tree above the cut is done, not the search
        ls.producer_done = true;
        progress_.finished = false;
      }
      continue;
    }
    int active = 0;
    for (MaskLane& lane : ls.lanes) active += lane.active || start_lane(lane) ? 1 : 0;
    if (active == 0) {
      if (ls.producer_done) finish(true);
      continue;
    }
    // The rounds run are charged (they stop early when a lane finds no prefix left).
    const std::uint64_t rounds = std::min<std::uint64_t>(node_budget / kLanes + 1, 4096);
    const std::uint64_t run = lane_rounds_for(rounds, active == kLanes);
    node_budget -= std::min(node_budget, run * kLanes);
  }
  // The lanes' figures into the search's.
  std::uint64_t* const per_depth = progress_.stats.nodes_per_depth.data();
  for (MaskLane& lane : ls.lanes) {
    if (!ls.record) found_.count += lane.per_depth[n];  // boards completed (nothing recorded)
    for (int d = 0; d <= n; ++d) {
      per_depth[d] += lane.per_depth[d];
      lane.per_depth[d] = 0;
    }
    progress_.stats.tries += lane.tries;
    lane.tries = 0;
  }
  std::uint64_t nodes = 0;
  for (int d = 1; d <= n; ++d) nodes += per_depth[d];
  progress_.stats.nodes = nodes;
}

}  // namespace tilewise
