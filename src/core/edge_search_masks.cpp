// The search with tile masks, for boards whose tiles fit kMaskBlocks words (see
// plan_blocks). A cell's candidates are its table's row for the key (its class's words, each
// bit a tile turned one way) minus the used tiles; cells with tests beyond the key (known
// neighbours outside it, fixed tiles, symmetry rules) narrow the row when they open
// (filter_masks), so no candidate is tested one by one.
//
// It looks one cell ahead: each candidate placed at depth d at once gives the next cell's row
// (the next key differs from candidate to candidate only by the part the candidate itself
// shows, so the rest of the key is added up once per cell), and the search goes down only
// when that row lists an unused tile. Same tree, same order, same nodes, tries and solutions
// as the list search (run_lists); a step of the budget is a placement or a backtrack.
#include <algorithm>
#include <bit>

#include "core/edge_solver.hpp"

namespace tilewise {
namespace {

// The smallest of a 4-bit side mask's four turns: the same for every turn of a tile.
int canonical_frame(int mask) {
  int best = mask;
  for (int r = 0; r < 4; ++r) {
    mask = ((mask << 1) | (mask >> 3)) & 15;
    best = std::min(best, mask);
  }
  return best;
}

// The bits of word `word` at kernel oriented positions [from, to).
std::uint64_t range_bits(int word, int from, int to) {
  const int a = std::clamp(from - word * 64, 0, 64), b = std::clamp(to - word * 64, 0, 64);
  const std::uint64_t below_b = b >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << b) - 1;
  const std::uint64_t below_a = a >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << a) - 1;
  return below_b & ~below_a;
}

}  // namespace

void EdgeSearch::plan_blocks() {
  use_masks_ = false;
  one_word_ = false;
  if (!options_.use_masks || tiles_ == 0) return;
  // Classes in the order of their first tile: framed boards by frame pattern, others one.
  const bool framed = puzzle_.border == BorderRule::kFrame0;
  std::vector<int> patterns;  // class -> canonical frame pattern
  class_of_tile_.assign(tiles_, 0);
  std::vector<int> size;
  for (int t = 0; t < tiles_; ++t) {
    const int pattern = framed ? canonical_frame(zero_mask_[t * 4]) : 0;
    auto it = std::find(patterns.begin(), patterns.end(), pattern);
    if (it == patterns.end()) {
      patterns.push_back(pattern);
      size.push_back(0);
      it = patterns.end() - 1;
    }
    class_of_tile_[t] = static_cast<int>(it - patterns.begin());
    ++size[class_of_tile_[t]];
  }
  const int classes = static_cast<int>(patterns.size());
  class_word0_.assign(classes, 0);
  class_words_.assign(classes, 0);
  blocks_ = 0;
  for (int c = 0; c < classes; ++c) {
    class_word0_[c] = blocks_;
    class_words_[c] = (size[c] + 15) / 16;
    blocks_ += class_words_[c];
  }
  if (blocks_ > kMaskBlocks) return;
  kernel_tile_.assign(tiles_, 0);
  tile_of_kernel_.assign(static_cast<size_t>(blocks_) * 16, -1);
  std::vector<int> rank(classes, 0);
  for (int t = 0; t < tiles_; ++t) {
    const int c = class_of_tile_[t];
    kernel_tile_[t] = class_word0_[c] * 16 + rank[c]++;
    tile_of_kernel_[kernel_tile_[t]] = t;
  }
  class_patterns_ = patterns;
  use_masks_ = true;
  one_word_ = std::all_of(class_words_.begin(), class_words_.end(), [](int w) { return w == 1; });
}

int EdgeSearch::class_of_frame(int frame_mask) const {
  if (frame_mask < 0) return 0;
  const auto it =
      std::find(class_patterns_.begin(), class_patterns_.end(), canonical_frame(frame_mask));
  return it == class_patterns_.end() ? -1 : static_cast<int>(it - class_patterns_.begin());
}

const std::uint32_t* EdgeSearch::key_part_table(int side, bool heavy, int stride) {
  const int kind = (side * 2 + (heavy ? 1 : 0)) * 16 + stride;
  for (size_t k = 0; k < key_part_kind_.size(); ++k)
    if (key_part_kind_[k] == kind) return key_parts_[k].data();
  const std::size_t width = static_cast<std::size_t>(values_) + 1;
  std::vector<std::uint32_t> part(static_cast<size_t>(blocks_) * 64 + 1, 0);  // + the sentinel
  for (int k = 0; k < blocks_ * 64; ++k) {
    const int tile = tile_of_kernel_[k >> 2];
    if (tile < 0) continue;
    const auto need = static_cast<std::size_t>(need_[(tile * 4 + (k & 3)) * 4 + side]);
    part[k] = static_cast<std::uint32_t>(need * (heavy ? width : 1) * stride);
  }
  key_parts_.push_back(std::move(part));
  key_part_kind_.push_back(kind);
  return key_parts_.back().data();
}

void EdgeSearch::plan_masks() {
  mask_steps_.clear();
  mask_levels_.clear();
  key_parts_.clear();
  key_part_kind_.clear();
  placed_.clear();
  const int cells = static_cast<int>(plan_.size());
  if (cells == 0 || !use_masks_) return;
  const std::size_t width = static_cast<std::size_t>(values_) + 1;
  const int oriented = blocks_ * 64;
  // The sentinel depth `cells` holds kernel id `oriented`, whose key part is 0 everywhere.
  placed_.assign(cells + 1, 0);
  placed_[cells] = oriented;
  side_masks_.assign(4 * width * blocks_, 0);
  for (int t = 0; t < tiles_; ++t)
    for (int r = 0; r < 4; ++r)
      for (int dir = 0; dir < 4; ++dir) {
        const int k = kernel_tile_[t] * 4 + r;
        const auto value = static_cast<std::size_t>(value_of_side_[(t * 4 + r) * 4 + dir]);
        side_masks_[(dir * width + value) * blocks_ + (k >> 6)] |= std::uint64_t{1} << (k & 63);
      }
  fixed_masks_.assign(static_cast<std::size_t>(cells) * (kMaskBlocks + 1), 0);
  std::vector<int> depth_of(static_cast<std::size_t>(rows_) * cols_, 0);
  for (int d = 0; d < cells; ++d) depth_of[plan_[d].cell] = d;
  corner_tl_depth_ = depth_of[corner_tl_cell_];
  corner_depths_.clear();
  for (int c : corner_cells_) corner_depths_.push_back(depth_of[c]);
  const std::uint32_t* const no_part = key_part_table(0, false, 0);  // all 0
  for (int d = 0; d <= cells; ++d) {
    MaskStep step;
    step.masks = no_masks_;  // after the last cell: no candidates
    step.parent_part = no_part;
    step.other_depth[0] = step.other_depth[1] = cells;
    step.other_part[0] = step.other_part[1] = no_part;
    if (d < cells) {
      const CellPlan& plan = plan_[d];
      if (plan.fixed_oriented >= 0) {  // its own table: the fixed tile, one try
        const int tile = plan.fixed_oriented >> 2;
        const int c = class_of_tile_[tile];
        const int k = kernel_tile_[tile] * 4 + (plan.fixed_oriented & 3);
        std::uint64_t* own = &fixed_masks_[static_cast<std::size_t>(d) * (kMaskBlocks + 1)];
        own[0] = 1;
        own[1 + (k >> 6) - class_word0_[c]] = std::uint64_t{1} << (k & 63);
        step.masks = own;
        step.word0 = class_word0_[c];
        step.words = class_words_[c];
      } else {
        const CandidateTable& table = tables_[plan.table];
        step.masks = table.masks.data();
        step.word0 = table.word0;
        step.words = table.words;
      }
      const int stride = step.words + 1;
      const bool two_keys = plan.key_cell[1] >= 0;
      int others = 0;
      for (int k = 0; k < 2 && plan.key_cell[k] >= 0; ++k) {
        const std::uint32_t* part = key_part_table(plan.key_side[k], k == 0 && two_keys, stride);
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
        step.check_rows[k] = side_masks_.data() + plan.check_dir[k] * width * blocks_;
      }
      step.tile1_by_now = plan.lowest == 3;
      step.tile1_centre = plan.lowest == 3 && plan.lowest_centre;
      step.corner = plan.corner;
      step.filtered = step.check_count > 0 || step.tile1_by_now || step.corner >= 0;
    }
    mask_steps_.push_back(step);
  }
  mask_levels_.assign(plan_.size() + 2, MaskLevel{});
  for (int d = 0; d <= cells; ++d) {
    mask_levels_[d].word0 = mask_steps_[d].word0;
    mask_levels_[d].words = mask_steps_[d].words;
  }
}

// The tests of fits() as masks: `left` (the cell's words, used tiles already out) keeps only
// the tiles that show what the known neighbours outside the key need, and those the symmetry
// rules allow here.
void EdgeSearch::filter_masks(int depth, std::uint64_t* left) const {
  const MaskStep& step = mask_steps_[depth];
  const int* const placed = placed_.data();
  for (int k = 0; k < step.check_count; ++k) {
    const int o = placed[step.check_depth[k]];
    const auto need = static_cast<std::size_t>(
        need_[(tile_of_kernel_[o >> 2] * 4 + (o & 3)) * 4 + step.check_side[k]]);
    const std::uint64_t* row = step.check_rows[k] + need * blocks_ + step.word0;
    for (int w = 0; w < step.words; ++w) left[w] &= row[w];
  }
  const int one = kernel_tile_[0] * 4;  // tile 1, unturned, as a kernel oriented id
  if (step.tile1_by_now && !(used_words_[one >> 6] >> (one & 63) & 1)) {
    for (int w = 0; w < step.words; ++w) left[w] &= range_bits(step.word0 + w, one, one + 4);
  }
  if (step.tile1_centre) {
    for (int w = 0; w < step.words; ++w)
      left[w] &= ~range_bits(step.word0 + w, one + centre_rotations_, one + 4);
  }
  int from = 0, to = blocks_ * 64;  // the corner rule: kernel ids allowed
  if (step.corner == 0) {           // the top-left corner: below every corner tile placed
    for (int d : corner_depths_)
      if (d < depth) to = std::min(to, placed[d] & ~3);
  } else if (step.corner == 1 && corner_tl_depth_ < depth) {  // above the top-left tile
    from = (placed[corner_tl_depth_] | 3) + 1;
  }
  if (step.corner >= 0) {
    for (int w = 0; w < step.words; ++w) left[w] &= range_bits(step.word0 + w, from, to);
  }
}

void EdgeSearch::run_masks(std::uint64_t node_budget) {
  if (one_word_) {
    run_blocks<true>(node_budget);
  } else {
    run_blocks<false>(node_budget);
  }
}

// kOneWord: every class fits one word, so a cell's candidates are one word and placing a
// tile changes one used word, the cell's own.
template <bool kOneWord>
void EdgeSearch::run_blocks(std::uint64_t node_budget) {
  const int n = static_cast<int>(order_.size());
  const MaskStep* const steps = mask_steps_.data();
  int* const placed = placed_.data();
  std::uint64_t* const used = used_words_;
  std::uint64_t* const per_depth = stats_.nodes_per_depth.data();
  // The board (by cell) of the tiles placed above depth, for solutions, prefixes and views.
  auto show = [this, placed](int depth) {
    for (int d = 0; d < depth; ++d) {
      const int k = placed[d];
      board_[order_[d]] = tile_of_kernel_[k >> 2] * 4 + (k & 3);
    }
    depth_ = depth;
  };
  // The next cell's table with the key part known before a tile is placed at depth.
  auto look_ahead = [steps, placed](MaskLevel* level, int depth) {
    const MaskStep& next = steps[depth + 1];
    level->child_masks = next.masks + next.other_part[0][placed[next.other_depth[0]]] +
                         next.other_part[1][placed[next.other_depth[1]]];
    level->child_part = next.parent_part;
  };
  // Opens the cell at depth with its row (its tries first): the unused tiles, filtered.
  auto open = [this, used](MaskLevel* level, int depth, const std::uint64_t* row) {
    const int words = kOneWord ? 1 : level->words;
    unsigned words_left = 0;
    for (int w = 0; w < words; ++w) {
      level->saved[w] = used[level->word0 + w];
      level->left[w] = row[1 + w] & ~level->saved[w];
    }
    if (mask_steps_[depth].filtered) filter_masks(depth, level->left);
    for (int w = 0; w < words; ++w) words_left |= static_cast<unsigned>(level->left[w] != 0) << w;
    level->words_left = words_left;
  };
  // Takes this cell's tile back out of the used words.
  auto restore = [used](const MaskLevel* level) {
    const int words = kOneWord ? 1 : level->words;
    for (int w = 0; w < words; ++w) used[level->word0 + w] = level->saved[w];
  };
  if (!started_) {
    started_ = true;
    depth_ = base_depth_;
    if (base_depth_ == 0 && !from_prefix_) per_depth[0] = 1;
    std::fill(used, used + kMaskBlocks, 0);
    for (int d = 0; d < base_depth_; ++d) {
      const int o = board_[order_[d]];
      placed[d] = kernel_tile_[o >> 2] * 4 + (o & 3);
      used[placed[d] >> 6] |= std::uint64_t{15} << (placed[d] & 60);
    }
    if (depth_ < n) {
      MaskLevel* level = &mask_levels_[depth_];
      const MaskStep& step = steps[depth_];
      const std::uint64_t* row = step.masks + step.other_part[0][placed[step.other_depth[0]]] +
                                 step.other_part[1][placed[step.other_depth[1]]] +
                                 (depth_ > 0 ? step.parent_part[placed[depth_ - 1]] : 0);
      open(level, depth_, row);
      look_ahead(level, depth_);
      if (!from_prefix_) stats_.tries += row[0];  // else counted by the search that cut it
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
    const bool done = kOneWord ? level->left[0] == 0 : level->words_left == 0;
    if (done) {  // every candidate tried: back up
      restore(level);
      if (depth == base_depth_) {
        finish(true);
        break;
      }
      --depth;
      --level;
      continue;
    }
    // The next candidate: word w, bit `bit` (the builtins are undefined for 0 only).
    int w = 0;
    std::uint64_t m;
    if constexpr (kOneWord) {
      m = level->left[0];
      level->left[0] = m & (m - 1);
    } else {
      const unsigned words_left = level->words_left;
      w = __builtin_ctz(words_left);
      m = level->left[w];
      level->left[w] = m & (m - 1);
      if ((m & (m - 1)) == 0) level->words_left = words_left & (words_left - 1);
      restore(level);
    }
    const int bit = __builtin_ctzll(m);
    const int word = level->word0 + w;
    const int o = word << 6 | bit;
    placed[depth] = o;
    used[word] = level->saved[w] | std::uint64_t{15} << (bit & ~3);
    ++per_depth[depth + 1];
    const std::uint64_t* next = level->child_masks + level->child_part[o];
    if (depth == last) {
      show(depth + 1);
      if (depth + 1 == n) {
        record_solution();
        if (finished_) break;
      } else {
        tries += next[0];
        save_prefix(depth + 1);
      }
      continue;
    }
    tries += next[0];
    MaskLevel* const child = level + 1;
    if constexpr (kOneWord) {
      const std::uint64_t left = next[1] & ~used[child->word0];
      if (left == 0) continue;  // the next cell has no candidate
      ++depth;
      ++level;
      level->saved[0] = used[level->word0];
      level->left[0] = left;
      if (mask_steps_[depth].filtered) filter_masks(depth, level->left);
    } else {
      std::uint64_t any = 0;
      for (int v = 0; v < child->words; ++v) any |= next[1 + v] & ~used[child->word0 + v];
      if (any == 0) continue;
      ++depth;
      ++level;
      open(level, depth, next);
    }
    look_ahead(level, depth);
  }
  show(depth);
  stats_.tries += tries;
  std::uint64_t nodes = 0;  // every placement counted in nodes_per_depth (depth 0: the root)
  for (int d = 1; d <= n; ++d) nodes += per_depth[d];
  stats_.nodes = nodes;
}

template void EdgeSearch::run_blocks<true>(std::uint64_t);
template void EdgeSearch::run_blocks<false>(std::uint64_t);

}  // namespace tilewise
