// Counting in lanes: when every class of tiles fits one mask word and the search only counts,
// the tree is cut at a depth (`LaneSearch::split`, a quarter of the way down) and kLanes
// subtrees below the cut are searched side by side, one step of each in turn. A step places
// the cell's next candidate or backs up, and goes down when the next cell lists an unused
// tile, all as arithmetic: no branch depends on the search's outcome, so the processor works
// on both lanes at once instead of waiting on a mispredicted branch (run_blocks, one subtree
// at a time, loses most of its time so: Brendan 6x6, 14.5 M placements, 12 M mispredicted
// branches; here 0.1 M). Alone, such a lane is slower than run_blocks (176 vs 145 ms): each
// step waits on the one before; two lanes hide that (87 ms), three or four were slower than
// two (91 ms). The tiles placed are kept per level, so backing up restores nothing, and a
// lane backs up two cells in one step when it can. The search above the cut is run_blocks
// with a split depth, paused whenever the lanes run short of prefixes. The same tree: the
// same nodes, tries, nodes per depth and count as run_blocks.
#include <algorithm>
#include <array>

#include "core/edge/solver.hpp"

namespace tilewise {

bool EdgeSearch::lanes_fit() const {
  const int n = static_cast<int>(order_.size());
  return options_.use_lanes && masks_.one_word && options_.mode == SolveMode::kCount &&
         options_.limit == 0 && boards_are_solutions_ &&
         options_.symmetry != SymmetryBreaking::kNone && split_depth_ < 0 &&
         masks_.blocks <= kLaneWords && n - base_depth_ >= 17 && n <= kLaneCells;
}

// Sets the lane to search below the next prefix; false (the lane idle) when there is none.
bool EdgeSearch::start_lane(MaskLane& lane) {
  LaneSearch& ls = lanes_;
  lane.active = ls.next_prefix < prefixes_.size();
  if (!lane.active) return false;
  const std::vector<std::uint16_t>& prefix = prefixes_[ls.next_prefix++];
  const MaskStep* const steps = masks_.steps.data();
  const int base = static_cast<int>(prefix.size());
  std::uint32_t* const placed = lane.placed;
  LaneLevel& level = lane.levels[base];
  std::fill(level.used, level.used + kLaneWords, 0);
  for (int d = 0; d < base; ++d) {
    const int k = masks_.kernel_tile[prefix[d] >> 2] * 4 + (prefix[d] & 3);
    placed[d] = static_cast<std::uint32_t>(k);
    level.used[k >> 6] |= std::uint64_t{15} << (k & 60);
  }
  const MaskStep& step = steps[base];
  const std::uint64_t* row = step.others_row(placed) + step.parent_part[placed[base - 1]];
  level.left = row[1] & ~level.used[step.word0];  // its tries: counted by the cutting search
  if (step.filtered) filter_masks(base, &level.left, placed, level.used);
  level.child_masks = steps[base + 1].others_row(placed);
  lane.base = lane.depth = base;
  return true;
}

namespace {

// A placed tile (its kernel bit in the word) -> its bits in the used word.
constexpr std::array<std::uint64_t, 64> kTileBits = [] {
  std::array<std::uint64_t, 64> bits{};
  for (int b = 0; b < 64; ++b) bits[b] = std::uint64_t{15} << (b & ~3);
  return bits;
}();

}  // namespace

// Steps the lanes `rounds` times (every lane once a round, `all`: every lane is active), a
// lane that leaves its subtree taking the next prefix; stops early when one finds none.
// kTwoOthers: some cell's key has two cells besides the one placed just before; kFiltered:
// some cell has tests beyond its key (else the steps leave both out).
template <bool kTwoOthers, bool kFiltered>
void EdgeSearch::lane_rounds(std::uint64_t rounds, bool all) {
  LaneSearch& ls = lanes_;
  const LaneStep* const lane_steps = ls.steps.data();
  MaskLane* const lanes = ls.lanes.data();
  // One step of a lane: the cell's next candidate is placed (and the lane goes down when the
  // next cell lists an unused tile; a dead end that was the cell's last candidate backs up at
  // once), or with none left the lane backs up. Negative when the lane has left its subtree.
  // ([&]: `this` is used only with kFiltered, and clang warns of an unused capture.)
  auto step = [&](MaskLane& lane) -> std::int64_t {
    const std::int64_t d = lane.depth;
    const LaneStep& s = lane_steps[d];
    LaneLevel* const level = lane.levels + d;
    const std::uint64_t m = level->left;
    const std::uint64_t rest = m & (m - 1);
    level->left = rest;
    const std::uint64_t place = m != 0;
    const auto bit = static_cast<std::uint64_t>(__builtin_ctzll(m | std::uint64_t{1} << 63));
    const std::uint64_t tile = kTileBits[bit] & (0 - place);
    const std::uint64_t o = s.word_base | bit;  // m == 0: unused
    lane.placed[d] = static_cast<std::uint32_t>(o);
    const std::uint64_t* const next = level->child_masks + s.child_part[o];
    const std::uint64_t child_used = level->used[s.child_word] | (tile & s.same);
    const std::uint64_t child_left = next[1] & ~child_used;
    const std::uint64_t down = place & static_cast<std::uint64_t>(child_left != 0);
    lane.per_depth[d + 1] += place;
    lane.tries += next[0] & (0 - place);
    // The next cell, set up whether or not the lane goes there (unused otherwise).
    LaneLevel* const child = level + 1;
    child->left = child_left;
    for (int w = 0; w < kLaneWords; ++w) child->used[w] = level->used[w];
    child->used[s.word] = level->used[s.word] | tile;
    const std::uint64_t* masks =
        s.after_masks + s.after_other_part[0][lane.placed[s.after_other_depth[0]]];
    if constexpr (kTwoOthers) masks += s.after_other_part[1][lane.placed[s.after_other_depth[1]]];
    child->child_masks = masks;
    if constexpr (kFiltered) {
      if ((s.child_filtered & down) != 0)
        filter_masks(static_cast<int>(d) + 1, &child->left, lane.placed, child->used);
    }
    // A dead end that was the cell's last candidate backs up at once, and backing up into a
    // cell with no candidate left backs up out of it too (the tiles placed are per level:
    // nothing to take back).
    const std::uint64_t up = static_cast<std::uint64_t>(rest == 0) & (down ^ 1);
    const std::uint64_t up2 = up & static_cast<std::uint64_t>(level[-1].left == 0);
    lane.depth = d + static_cast<std::int64_t>(down) - static_cast<std::int64_t>(up + up2);
    return lane.depth - lane.base;
  };
  // The lanes that left their subtree take the next prefixes; false when one found none.
  auto refill = [this, lanes] {
    bool idle = false;
    for (int i = 0; i < kLanes; ++i)
      if (lanes[i].active && lanes[i].depth < lanes[i].base && !start_lane(lanes[i])) idle = true;
    return !idle;
  };
  if (all) {
    for (std::uint64_t r = 0; r < rounds; ++r) {
      std::int64_t out = 0;
      for (int i = 0; i < kLanes; ++i) out |= step(lanes[i]);
      if (out < 0 && !refill()) return;
    }
  } else {  // the last subtrees (or waiting for prefixes)
    for (std::uint64_t r = 0; r < rounds; ++r) {
      std::int64_t out = 0;
      for (int i = 0; i < kLanes; ++i)
        if (lanes[i].active) out |= step(lanes[i]);
      if (out < 0 && !refill()) return;
    }
  }
}

void EdgeSearch::run_lanes(std::uint64_t node_budget) {
  const int n = static_cast<int>(order_.size());
  LaneSearch& ls = lanes_;
  if (!started_) {
    ls.split = base_depth_ + std::max(1, (n - base_depth_) / 4);
    ls.producer_done = false;
    ls.next_prefix = 0;
    prefixes_.clear();
    ls.steps.assign(n + 1, LaneStep{});
    for (int d = 0; d <= n; ++d) {
      const MaskStep &step = masks_.steps[d], &child = masks_.steps[d + 1],
                     &after = masks_.steps[std::min(d + 2, n + 1)];
      LaneStep& s = ls.steps[d];
      s.word = step.word0;
      s.word_base = static_cast<std::uint64_t>(step.word0) << 6;
      s.child_word = child.word0;
      s.same = child.word0 == step.word0 ? ~std::uint64_t{0} : 0;
      s.child_filtered = child.filtered ? 1 : 0;
      s.child_part = child.parent_part;
      s.after_masks = after.masks;
      for (int k = 0; k < 2; ++k) {
        s.after_other_part[k] = after.other_part[k];
        s.after_other_depth[k] = after.other_depth[k];
      }
    }
    ls.lanes.assign(kLanes, MaskLane{});
    for (MaskLane& lane : ls.lanes) lane.placed[n] = masks_.placed[n];  // the sentinel
    ls.two_others = false;
    ls.filtered = false;
    for (const LaneStep& s : ls.steps) {
      ls.two_others = ls.two_others || s.after_other_depth[1] != n;
      ls.filtered = ls.filtered || s.child_filtered != 0;
    }
  }
  while (node_budget > 0 && !finished_) {
    if (!ls.producer_done && prefixes_.size() - ls.next_prefix < kLanes) {
      if (ls.next_prefix == prefixes_.size()) {
        prefixes_.clear();
        ls.next_prefix = 0;
      }
      const std::uint64_t chunk = std::min<std::uint64_t>(node_budget, 4096);
      split_depth_ = ls.split;
      run_blocks<true, false>(chunk);
      split_depth_ = -1;
      node_budget -= chunk;
      if (finished_) {  // the tree above the cut is done, not the search
        ls.producer_done = true;
        finished_ = false;
      }
      continue;
    }
    int active = 0;
    for (MaskLane& lane : ls.lanes) active += lane.active || start_lane(lane) ? 1 : 0;
    if (active == 0) {
      if (ls.producer_done) finish(true);
      continue;
    }
    const std::uint64_t rounds = std::min<std::uint64_t>(node_budget / kLanes + 1, 4096);
    node_budget -= std::min(node_budget, rounds * kLanes);
    const bool all = active == kLanes;
    if (ls.two_others) {
      ls.filtered ? lane_rounds<true, true>(rounds, all) : lane_rounds<true, false>(rounds, all);
    } else {
      ls.filtered ? lane_rounds<false, true>(rounds, all) : lane_rounds<false, false>(rounds, all);
    }
  }
  // The lanes' figures into the search's.
  std::uint64_t* const per_depth = stats_.nodes_per_depth.data();
  for (MaskLane& lane : ls.lanes) {
    count_ += lane.per_depth[n];  // boards completed (counting only: nothing to record)
    for (int d = 0; d <= n; ++d) {
      per_depth[d] += lane.per_depth[d];
      lane.per_depth[d] = 0;
    }
    stats_.tries += lane.tries;
    lane.tries = 0;
  }
  std::uint64_t nodes = 0;
  for (int d = 1; d <= n; ++d) nodes += per_depth[d];
  stats_.nodes = nodes;
}

}  // namespace tilewise
