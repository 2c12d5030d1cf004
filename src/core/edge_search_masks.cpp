// The search for boards of at most kMaskTiles tiles. A cell's candidates are its table's tile
// masks for the key (one mask per rotation) minus the used tiles; cells with tests beyond the
// key (known neighbours outside it, fixed tiles, symmetry rules) narrow the masks when they
// open (filter_masks), so no candidate is ever tested one by one.
//
// It looks one cell ahead: each candidate placed at depth d at once gives the next cell's
// masks (the next key differs from candidate to candidate only by the part the candidate
// itself shows, so the rest of the key is added up once per cell), and the search goes down
// only when the next cell's key lists an unused tile. Same tree, same order, same nodes, tries
// and solutions as the list search (run_lists); a step of the budget is a placement or a
// backtrack.
#include <algorithm>
#include <bit>

#include "core/edge_solver.hpp"

namespace tilewise {

void EdgeSearch::plan_masks() {
  mask_steps_.clear();
  mask_levels_.clear();
  key_parts_.clear();
  placed_.clear();
  const int cells = static_cast<int>(plan_.size());
  if (cells == 0 || !use_masks_) return;
  const std::size_t width = static_cast<std::size_t>(values_) + 1;
  const int oriented = tiles_ * 4;
  // The sentinel depth `cells` holds oriented id `oriented`, whose key part is 0 everywhere.
  placed_.assign(cells + 1, 0);
  placed_[cells] = oriented;
  // [side * 2 + (weight > 1)][oriented id]: need_ of that side times the weight, in mask
  // words; [8]: no part.
  const std::size_t parts = static_cast<std::size_t>(oriented) + 1;
  key_parts_.assign(9 * parts, 0);
  auto part_table = [&](int k) { return key_parts_.data() + k * parts; };
  for (int side = 0; side < 4; ++side)
    for (int o = 0; o < oriented; ++o) {
      const auto need = static_cast<std::size_t>(need_[o * 4 + side]);
      part_table(side * 2)[o] = static_cast<std::uint32_t>(need * kMaskStride);
      part_table(side * 2 + 1)[o] = static_cast<std::uint32_t>(need * width * kMaskStride);
    }
  // [dir][value * 4 + r]: tiles showing that value on side dir when turned r (value values_:
  // what nothing can face, so no tile).
  side_masks_.assign(4 * width * 4, 0);
  for (int o = 0; o < oriented; ++o)
    for (int dir = 0; dir < 4; ++dir)
      side_masks_[(dir * width + static_cast<std::size_t>(value_of_side_[o * 4 + dir])) * 4 +
                  (o & 3)] |= std::uint64_t{1} << (o >> 2);
  fixed_masks_.assign(static_cast<std::size_t>(cells) * kMaskStride, 0);
  std::vector<int> depth_of(static_cast<std::size_t>(rows_) * cols_, 0);
  for (int d = 0; d < cells; ++d) depth_of[plan_[d].cell] = d;
  corner_tl_depth_ = depth_of[corner_tl_cell_];
  corner_depths_.clear();
  for (int c : corner_cells_) corner_depths_.push_back(depth_of[c]);
  const std::uint32_t* const no_part = part_table(8);
  for (int d = 0; d <= cells; ++d) {
    MaskStep step;
    step.masks = no_masks_;  // after the last cell: no candidates
    step.parent_part = no_part;
    step.other_depth[0] = step.other_depth[1] = cells;
    step.other_part[0] = step.other_part[1] = no_part;
    if (d < cells) {
      const CellPlan& plan = plan_[d];
      if (plan.fixed_oriented >= 0) {  // its own table: the fixed tile, one try
        std::uint64_t* own = &fixed_masks_[static_cast<std::size_t>(d) * kMaskStride];
        own[plan.fixed_oriented & 3] = own[kMaskAny] = std::uint64_t{1}
                                                       << (plan.fixed_oriented >> 2);
        own[kMaskTries] = 1;
        step.masks = own;
      } else {
        step.masks = tables_[plan.table].masks.data();
      }
      const bool two_keys = plan.key_cell[1] >= 0;
      int others = 0;
      for (int k = 0; k < 2 && plan.key_cell[k] >= 0; ++k) {
        const std::uint32_t* part = part_table(plan.key_side[k] * 2 + (k == 0 && two_keys));
        if (d > 0 && plan.key_cell[k] == plan_[d - 1].cell) {
          step.parent_part = part;
        } else {
          step.other_depth[others] = depth_of[plan.key_cell[k]];
          step.other_part[others] = part;
          ++others;
        }
      }
      step.check_count = plan.check_count;
      for (int k = 0; k < plan.check_count; ++k) {
        step.check_depth[k] = depth_of[plan.check_cell[k]];
        step.check_side[k] = (plan.check_dir[k] + 2) % 4;
        step.check_rows[k] = side_masks_.data() + plan.check_dir[k] * width * 4;
      }
      step.tile1_by_now = plan.lowest == 3;
      step.tile1_centre = plan.lowest == 3 && plan.lowest_centre;
      step.corner = plan.corner;
      step.filtered = step.check_count > 0 || step.tile1_by_now || step.corner >= 0;
    }
    mask_steps_.push_back(step);
  }
  mask_levels_.assign(plan_.size() + 2, MaskLevel{});
}

// The tests of fits() as masks: `left` (per rotation, used tiles already out) keeps only the
// tiles that show what the known neighbours outside the key need, and those the symmetry
// rules allow here.
void EdgeSearch::filter_masks(int depth, std::uint64_t* left, std::uint64_t used) const {
  const MaskStep& step = mask_steps_[depth];
  const int* const placed = placed_.data();
  for (int k = 0; k < step.check_count; ++k) {
    const auto need =
        static_cast<std::size_t>(need_[placed[step.check_depth[k]] * 4 + step.check_side[k]]);
    for (int r = 0; r < 4; ++r) left[r] &= step.check_rows[k][need * 4 + r];
  }
  if (step.tile1_by_now && !(used & 1)) {
    for (int r = 0; r < 4; ++r) left[r] &= 1;
  }
  if (step.tile1_centre) {
    for (int r = centre_rotations_; r < 4; ++r) left[r] &= ~std::uint64_t{1};
  }
  std::uint64_t allowed = ~std::uint64_t{0};
  if (step.corner == 0) {  // the top-left corner: below every corner tile placed
    for (int d : corner_depths_)
      if (d < depth) allowed &= (std::uint64_t{1} << (placed[d] >> 2)) - 1;
  } else if (step.corner == 1 && corner_tl_depth_ < depth) {  // above the top-left tile
    allowed = ~std::uint64_t{0} << (placed[corner_tl_depth_] >> 2) << 1;
  }
  for (int r = 0; r < 4; ++r) left[r] &= allowed;
}

void EdgeSearch::run_masks(std::uint64_t node_budget) {
  const int n = static_cast<int>(order_.size());
  const MaskStep* const steps = mask_steps_.data();
  int* const placed = placed_.data();
  std::uint64_t* const per_depth = stats_.nodes_per_depth.data();
  // The board (by cell) of the tiles placed above depth, for solutions, prefixes and views.
  auto show = [this, placed](int depth) {
    for (int d = 0; d < depth; ++d) board_[order_[d]] = placed[d];
    depth_ = depth;
  };
  // The next cell's table with the key part known before a tile is placed at depth.
  auto look_ahead = [steps, placed](MaskLevel* level, int depth) {
    const MaskStep& next = steps[depth + 1];
    level->child_masks = next.masks + next.other_part[0][placed[next.other_depth[0]]] +
                         next.other_part[1][placed[next.other_depth[1]]];
    level->child_part = next.parent_part;
  };
  // The candidates of a cell: its table at `masks` minus the used tiles.
  auto open = [this, steps](MaskLevel* level, int depth, const std::uint64_t* masks,
                            std::uint64_t used) {
    std::uint64_t* const left = level->left;
    left[0] = masks[0] & ~used;
    left[1] = masks[1] & ~used;
    left[2] = masks[2] & ~used;
    left[3] = masks[3] & ~used;
    level->used = used;
    if (steps[depth].filtered) filter_masks(depth, left, used);
    level->rotations =
        static_cast<unsigned>(left[0] != 0) | static_cast<unsigned>(left[1] != 0) << 1 |
        static_cast<unsigned>(left[2] != 0) << 2 | static_cast<unsigned>(left[3] != 0) << 3;
  };
  if (!started_) {
    started_ = true;
    depth_ = base_depth_;
    if (base_depth_ == 0 && !from_prefix_) per_depth[0] = 1;
    std::uint64_t used = 0;
    for (int d = 0; d < base_depth_; ++d) {
      placed[d] = board_[order_[d]];
      used |= std::uint64_t{1} << (placed[d] >> 2);
    }
    if (depth_ < n) {
      MaskLevel* level = &mask_levels_[depth_];
      const MaskStep& step = steps[depth_];
      const std::uint64_t* masks = step.masks + step.other_part[0][placed[step.other_depth[0]]] +
                                   step.other_part[1][placed[step.other_depth[1]]] +
                                   (depth_ > 0 ? step.parent_part[placed[depth_ - 1]] : 0);
      open(level, depth_, masks, used);
      look_ahead(level, depth_);
      if (!from_prefix_) stats_.tries += masks[kMaskTries];  // else counted by the cut
    }
    if (depth_ == split_depth_) {  // cut at the root: the one prefix is the empty board
      save_prefix(depth_);
      finish(true);
      return;
    }
  }
  // Placing at depth `last` completes a board (or a prefix where the tree is cut).
  const int last = split_depth_ >= 0 && split_depth_ < n ? split_depth_ - 1 : n - 1;
  std::uint64_t tries = 0;
  int depth = depth_;
  MaskLevel* level = mask_levels_.data() + depth;
  while (node_budget > 0) {
    --node_budget;
    const unsigned rotations = level->rotations;
    if (rotations == 0) {  // every candidate tried: back up
      if (depth == base_depth_) {
        finish(true);
        break;
      }
      --depth;
      --level;
      continue;
    }
    // Not zero, so the builtins' "undefined for 0" never applies (no test for it).
    const int r = __builtin_ctz(rotations);
    std::uint64_t m = level->left[r];
    const int tile = __builtin_ctzll(m);
    m &= m - 1;
    level->left[r] = m;
    level->rotations = m ? rotations : rotations & (rotations - 1);
    const int o = tile << 2 | r;
    placed[depth] = o;
    ++per_depth[depth + 1];
    const std::uint64_t* next = level->child_masks + level->child_part[o];
    if (depth == last) {
      show(depth + 1);
      if (depth + 1 == n) {
        record_solution();
        if (finished_) break;
      } else {
        tries += next[kMaskTries];
        save_prefix(depth + 1);
      }
      continue;
    }
    tries += next[kMaskTries];
    const std::uint64_t used = level->used | std::uint64_t{1} << tile;
    if ((next[kMaskAny] & ~used) == 0) continue;  // the next cell has no candidate
    ++depth;
    ++level;
    open(level, depth, next, used);
    look_ahead(level, depth);
  }
  show(depth);
  stats_.tries += tries;
  std::uint64_t nodes = 0;  // every placement counted in nodes_per_depth (depth 0: the root)
  for (int d = 1; d <= n; ++d) nodes += per_depth[d];
  stats_.nodes = nodes;
}

}  // namespace tilewise
