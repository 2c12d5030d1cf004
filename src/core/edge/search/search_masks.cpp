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

#include "core/edge/search/solver.hpp"

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
  plan_.use_masks = false;
  masks_.one_word = false;
  masks_.row_words = 1;
  if (!options_.use_masks || tiles_ == 0) return;
  // Classes in the order of their first tile: framed boards by frame pattern, others one.
  const bool framed = puzzle_.border == BorderRule::kFrame0;
  std::vector<int>& patterns = masks_.class_patterns;
  patterns.clear();
  masks_.class_of_tile.assign(tiles_, 0);
  // Class -> its slots in order: the tiles by label; with kinds each kind's copies (by label)
  // at its first tile, in one word (a kind that would cross into the next word starts it: -1
  // pads).
  std::vector<std::vector<int>> slots;
  for (int t = 0; t < tiles_; ++t) {
    const int pattern = framed ? canonical_frame(sides_.zero_mask[t * 4]) : 0;
    auto it = std::find(patterns.begin(), patterns.end(), pattern);
    if (it == patterns.end()) {
      patterns.push_back(pattern);
      slots.emplace_back();
      it = patterns.end() - 1;
    }
    const int c = static_cast<int>(it - patterns.begin());
    masks_.class_of_tile[t] = c;
    std::vector<int> copies{t};
    if (kinds_.on && (kinds_.look[t * 4] >> 2) != t) continue;  // a copy: at its kind's first tile
    if (kinds_.on && !kinds_.tiles[t].empty()) copies = kinds_.tiles[t];
    if (copies.size() > 16) return;  // more copies than a word holds: lists
    std::vector<int>& in = slots[c];
    if (in.size() % 16 + copies.size() > 16) in.resize((in.size() + 15) / 16 * 16, -1);
    in.insert(in.end(), copies.begin(), copies.end());
  }
  const int classes = static_cast<int>(patterns.size());
  masks_.class_word0.assign(classes, 0);
  masks_.class_words.assign(classes, 0);
  masks_.blocks = 0;
  for (int c = 0; c < classes; ++c) {
    masks_.class_word0[c] = masks_.blocks;
    masks_.class_words[c] = static_cast<int>(slots[c].size() + 15) / 16;
    masks_.blocks += masks_.class_words[c];
  }
  if (masks_.blocks > kMaskBlocks) return;
  // At most kLaneClassWords words a class, each class's words readable by a lane step from its
  // first one on (row_words of them within kLaneWords).
  const int words = *std::max_element(masks_.class_words.begin(), masks_.class_words.end());
  if (words > kLaneClassWords) return;
  const int row_words = words == 1 && masks_.blocks > kLaneOneWordBlocks ? 2 : words;
  for (int c = 0; c < classes; ++c)
    if (masks_.class_word0[c] + row_words > kLaneWords) return;
  masks_.kernel_tile.assign(tiles_, 0);
  // + the kernel tiles a lane step forms past the last block (key_part_table)
  const std::size_t kernel_tiles = static_cast<std::size_t>(masks_.blocks + kLaneClassWords) * 16;
  masks_.tile_of_kernel.assign(kernel_tiles, -1);
  masks_.kind_first.assign(kernel_tiles, 0);
  masks_.kind_end.assign(kernel_tiles, 0);
  masks_.toggles.assign(kernel_tiles, 0);
  std::fill(masks_.blocked, masks_.blocked + kMaskBlocks, 0);
  for (int c = 0; c < classes; ++c) {
    const std::vector<int>& in = slots[c];
    for (size_t j = 0; j < in.size(); ++j) {
      if (in[j] < 0) continue;
      const int k = masks_.class_word0[c] * 16 + static_cast<int>(j);
      const int first = kinds_.on ? kinds_.look[in[j] * 4] >> 2 : in[j];
      const std::uint64_t own = std::uint64_t{15} << (k % 16 * 4);
      masks_.kernel_tile[in[j]] = k;
      masks_.tile_of_kernel[k] = first;
      masks_.kind_first[k] = first == in[j] ? k : masks_.kind_first[k - 1];
      masks_.toggles[k] = own;
      if (first != in[j]) {  // a later copy: blocked until the copy before it is placed
        masks_.blocked[k / 16] |= own;
        masks_.toggles[k - 1] |= own;
      }
    }
    for (size_t j = in.size(); j-- > 0;) {
      if (in[j] < 0) continue;
      const int k = masks_.class_word0[c] * 16 + static_cast<int>(j);
      const bool last = j + 1 == in.size() || in[j + 1] < 0 || masks_.kind_first[k + 1] == k + 1;
      masks_.kind_end[k] = last ? k + 1 : masks_.kind_end[k + 1];
    }
  }
  plan_.use_masks = true;
  masks_.one_word = words == 1;
  masks_.row_words = row_words;
}

int EdgeSearch::class_of_frame(int frame_mask) const {
  if (frame_mask < 0) return 0;
  const auto it = std::find(masks_.class_patterns.begin(), masks_.class_patterns.end(),
                            canonical_frame(frame_mask));
  return it == masks_.class_patterns.end() ? -1
                                           : static_cast<int>(it - masks_.class_patterns.begin());
}

const std::uint32_t* EdgeSearch::key_part_table(int side, bool heavy, int stride) {
  const int kind = (side * 2 + (heavy ? 1 : 0)) * 16 + stride;
  for (size_t k = 0; k < masks_.key_part_kind.size(); ++k)
    if (masks_.key_part_kind[k] == kind) return masks_.key_parts[k].data();
  const std::size_t width = static_cast<std::size_t>(values_) + 1;
  // [kernel oriented id] -> its part, + the sentinel (0) and the ids a lane step forms past
  // the last block when its cell has no candidate left (0, unused)
  std::vector<std::uint32_t> part(static_cast<size_t>(masks_.blocks + kLaneClassWords) * 64, 0);
  for (int k = 0; k < masks_.blocks * 64; ++k) {
    const int tile = masks_.tile_of_kernel[k >> 2];
    if (tile < 0) continue;
    const auto need = static_cast<std::size_t>(sides_.need[(tile * 4 + (k & 3)) * 4 + side]);
    part[k] = static_cast<std::uint32_t>(need * (heavy ? width : 1) * stride);
  }
  masks_.key_parts.push_back(std::move(part));
  masks_.key_part_kind.push_back(kind);
  return masks_.key_parts.back().data();
}

void EdgeSearch::plan_masks() {
  masks_.steps.clear();
  masks_.levels.clear();
  masks_.key_parts.clear();
  masks_.key_part_kind.clear();
  masks_.placed.clear();
  const int cells = static_cast<int>(plan_.cells.size());
  if (cells == 0 || !plan_.use_masks) return;
  const std::size_t width = static_cast<std::size_t>(values_) + 1;
  const int oriented = masks_.blocks * 64;
  // The sentinel depth `cells` holds kernel id `oriented`, whose key part is 0 everywhere.
  masks_.placed.assign(cells + 1, 0);
  masks_.placed[cells] = static_cast<std::uint32_t>(oriented);
  // + the words past a row's last block that a lane step's tests read (LaneStep::child_check_*)
  masks_.sides.assign(4 * width * masks_.blocks + kLaneClassWords, 0);
  for (int k = 0; k < oriented; ++k) {
    const int tile = masks_.tile_of_kernel[k >> 2];
    if (tile < 0) continue;
    for (int dir = 0; dir < 4; ++dir) {
      const auto value =
          static_cast<std::size_t>(sides_.value_of_side[(tile * 4 + (k & 3)) * 4 + dir]);
      masks_.sides[(dir * width + value) * masks_.blocks + (k >> 6)] |= std::uint64_t{1}
                                                                        << (k & 63);
    }
  }
  masks_.fixed.assign(static_cast<std::size_t>(cells) * (kMaskBlocks + 1), 0);
  std::vector<int> depth_of(static_cast<std::size_t>(rows_) * cols_, 0);
  for (int d = 0; d < cells; ++d) depth_of[plan_.cells[d].cell] = d;
  masks_.corner_tl_depth = depth_of[symmetry_.corner_tl_cell];
  masks_.corner_depths.clear();
  for (int c : symmetry_.corner_cells) masks_.corner_depths.push_back(depth_of[c]);
  const std::uint32_t* const no_part = key_part_table(0, false, 0);  // all 0
  for (int d = 0; d <= cells + 1; ++d) {  // two after the last cell (run_lanes looks ahead)
    MaskStep step;
    step.masks = masks_.none;  // after the last cell: no candidates
    step.parent_part = no_part;
    step.other_depth[0] = step.other_depth[1] = cells;
    step.other_part[0] = step.other_part[1] = no_part;
    if (d < cells) {
      const CellPlan& plan = plan_.cells[d];
      if (plan.fixed_oriented >= 0) {  // its own table: the fixed tile, one try
        const int tile = plan.fixed_oriented >> 2;
        const int c = masks_.class_of_tile[tile];
        const int k = masks_.kernel_tile[tile] * 4 + (plan.fixed_oriented & 3);
        std::uint64_t* own = &masks_.fixed[static_cast<std::size_t>(d) * (kMaskBlocks + 1)];
        own[0] = 1;
        own[1 + (k >> 6) - masks_.class_word0[c]] = std::uint64_t{1} << (k & 63);
        step.masks = own;
        step.word0 = masks_.class_word0[c];
        step.words = masks_.class_words[c];
      } else {
        const CandidateTable& table = plan_.tables[plan.table];
        step.masks = table.masks.data();
        step.word0 = table.word0;
        step.words = table.words;
      }
      const int stride = masks_.row_words + 1;
      const bool two_keys = plan.key_cell[1] >= 0;
      int others = 0;
      for (int k = 0; k < 2 && plan.key_cell[k] >= 0; ++k) {
        const std::uint32_t* part = key_part_table(plan.key_side[k], k == 0 && two_keys, stride);
        if (d > 0 && plan.key_cell[k] == plan_.cells[d - 1].cell) {
          step.parent_part = part;
        } else {
          step.other_depth[others] = depth_of[plan.key_cell[k]];
          step.other_part[others] = part;
          ++others;
        }
      }
      step.check_count = plan.check_count;
      for (int k = 0; k < plan.check_count; ++k) {  // the neighbour's side facing this cell
        step.check_depth[k] = depth_of[plan.check_cell[k]];
        step.check_part[k] = key_part_table((plan.check_dir[k] + 2) % 4, false, masks_.blocks);
        step.check_side_row[k] = static_cast<int>(plan.check_dir[k] * width * masks_.blocks);
      }
      step.tile1_by_now = plan.lowest == 3;
      step.tile1_centre = plan.lowest == 3 && plan.lowest_centre;
      step.corner = plan.corner;
      step.filtered = step.check_count > 0 || step.tile1_by_now || step.corner >= 0;
    }
    masks_.steps.push_back(step);
  }
  masks_.levels.assign(plan_.cells.size() + 2, MaskLevel{});
  for (int d = 0; d <= cells; ++d) {
    masks_.levels[d].word0 = masks_.steps[d].word0;
    masks_.levels[d].words = masks_.steps[d].words;
  }
}

// The tests of fits() as masks: `left` (the cell's words, used tiles already out) keeps only
// the tiles that show what the known neighbours outside the key need, and those the symmetry
// rules allow here.
void EdgeSearch::filter_masks(int depth, std::uint64_t* left, const std::uint32_t* placed,
                              const std::uint64_t* used) const {
  const MaskStep& step = masks_.steps[depth];
  for (int k = 0; k < step.check_count; ++k) {
    const std::uint64_t* row = masks_.sides.data() + step.check_side_row[k] +
                               step.check_part[k][placed[step.check_depth[k]]] + step.word0;
    for (int w = 0; w < step.words; ++w) left[w] &= row[w];
  }
  const int one = masks_.kernel_tile[symmetry_.rule_tile] * 4;  // the rule's tile, as a kernel id
  if (step.tile1_by_now && !(used[one >> 6] >> (one & 63) & 1)) {
    for (int w = 0; w < step.words; ++w) left[w] &= range_bits(step.word0 + w, one, one + 4);
  }
  if (step.tile1_centre) {
    for (int w = 0; w < step.words; ++w)
      left[w] &= ~range_bits(step.word0 + w, one + symmetry_.centre_rotations, one + 4);
  }
  // The corner rule: kernel ids allowed. The top-left tile is no larger than every corner tile
  // placed, the others no smaller than it (equal only when kinds put one kind in two corners:
  // any copy of that kind).
  int from = 0, to = masks_.blocks * 64;
  if (step.corner == 0) {
    for (int d : masks_.corner_depths)
      if (d < depth) to = std::min(to, masks_.kind_end[placed[d] >> 2] * 4);
  } else if (step.corner == 1 && masks_.corner_tl_depth < depth) {
    from = masks_.kind_first[placed[masks_.corner_tl_depth] >> 2] * 4;
  }
  if (step.corner >= 0) {
    for (int w = 0; w < step.words; ++w) left[w] &= range_bits(step.word0 + w, from, to);
  }
}

void EdgeSearch::kernel_prefix(const int* oriented, int count, std::uint32_t* placed,
                               std::uint64_t* used) const {
  std::copy(masks_.blocked, masks_.blocked + kMaskBlocks, used);
  for (int d = 0; d < count; ++d) {
    int k = masks_.kernel_tile[oriented[d] >> 2];
    while (k + 1 < masks_.kind_end[k] && (used[k >> 4] >> (k % 16 * 4) & 1)) ++k;
    placed[d] = static_cast<std::uint32_t>(k * 4 + (oriented[d] & 3));
    used[k >> 4] ^= masks_.toggles[k];
  }
}

void EdgeSearch::run_masks(std::uint64_t node_budget) {
  if (!progress_.started) lanes_.on = lanes_fit();
  if (lanes_.on) {
    run_lanes(node_budget);
  } else {
    masks_.one_word ? run_blocks<true>(node_budget) : run_blocks<false>(node_budget);
  }
}

// kOneWord: every class fits one word, so a cell's candidates are one word and placing a
// tile changes one used word, the cell's own (kinds: its copies share it).
template <bool kOneWord>
void EdgeSearch::run_blocks(std::uint64_t node_budget) {
  const int n = static_cast<int>(plan_.order.size());
  const MaskStep* const steps = masks_.steps.data();
  std::uint32_t* const placed = masks_.placed.data();
  std::uint64_t* const used = masks_.used;
  std::uint64_t* const per_depth = progress_.stats.nodes_per_depth.data();
  // The board (by cell) of the tiles placed above depth, for solutions, prefixes and views.
  auto show = [this, placed](int depth) {
    for (int d = 0; d < depth; ++d) {
      const int k = static_cast<int>(placed[d]);
      board_.cells[plan_.order[d]] = masks_.tile_of_kernel[k >> 2] * 4 + (k & 3);
    }
    board_.depth = depth;
  };
  // The next cell's table with the key part known before a tile is placed at depth.
  auto look_ahead = [steps, placed](MaskLevel* level, int depth) {
    level->child_masks = steps[depth + 1].others_row(placed);
    level->child_part = steps[depth + 1].parent_part;
  };
  // Opens the cell at depth with its row (its tries first): the unused tiles, filtered.
  auto open = [this, placed, used](MaskLevel* level, int depth, const std::uint64_t* row) {
    const int words = kOneWord ? 1 : level->words;
    unsigned words_left = 0;
    for (int w = 0; w < words; ++w) {
      level->saved[w] = used[level->word0 + w];
      level->left[w] = row[1 + w] & ~level->saved[w];
    }
    if (masks_.steps[depth].filtered) filter_masks(depth, level->left, placed, used);
    for (int w = 0; w < words; ++w) words_left |= static_cast<unsigned>(level->left[w] != 0) << w;
    level->words_left = words_left;
  };
  // Takes this cell's tile back out of the used words.
  auto restore = [used](const MaskLevel* level) {
    const int words = kOneWord ? 1 : level->words;
    for (int w = 0; w < words; ++w) used[level->word0 + w] = level->saved[w];
  };
  if (!progress_.started) {
    progress_.started = true;
    board_.depth = split_.base_depth;
    if (split_.base_depth == 0 && !split_.from_prefix) per_depth[0] = 1;
    std::vector<int> prefix(split_.base_depth);  // start_from()'s tiles (kinds: looks)
    for (int d = 0; d < split_.base_depth; ++d) prefix[d] = board_.cells[plan_.order[d]];
    kernel_prefix(prefix.data(), split_.base_depth, placed, used);
    if (board_.depth < n) {
      MaskLevel* level = &masks_.levels[board_.depth];
      const MaskStep& step = steps[board_.depth];
      const std::uint64_t* row =
          step.others_row(placed) +
          (board_.depth > 0 ? step.parent_part[placed[board_.depth - 1]] : 0);
      open(level, board_.depth, row);
      look_ahead(level, board_.depth);
      // From a prefix, the search that cut the tree counted them.
      if (!split_.from_prefix) progress_.stats.tries += row[0];
    }
    if (board_.depth == split_.depth) {  // cut at the root: the one prefix is the empty board
      save_prefix(board_.depth);
      finish(true);
      return;
    }
  }
  // Placing at depth `last` completes a board (or a prefix where the tree is cut).
  const int last = split_.depth >= 0 && split_.depth < n ? split_.depth - 1 : n - 1;
  std::uint64_t tries = 0;
  int depth = board_.depth;
  MaskLevel* level = masks_.levels.data() + depth;
  const std::uint64_t* const toggles = masks_.toggles.data();
  while (node_budget > 0) {
    --node_budget;
    const bool done = kOneWord ? level->left[0] == 0 : level->words_left == 0;
    if (done) {  // every candidate tried: back up
      restore(level);
      if (depth == split_.base_depth) {
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
    placed[depth] = static_cast<std::uint32_t>(o);
    used[word] = level->saved[w] ^ toggles[o >> 2];
    ++per_depth[depth + 1];
    const std::uint64_t* next = level->child_masks + level->child_part[o];
    if (depth == last) {
      if (depth + 1 == n) {
        show(depth + 1);
        record_solution();
        if (progress_.finished) break;
      } else if (lanes_.producing) {  // a prefix for the lanes: as it stands, no board built
        tries += next[0];
        lanes_.prefix_placed.insert(lanes_.prefix_placed.end(), placed, placed + depth + 1);
        lanes_.prefix_used.insert(lanes_.prefix_used.end(), used, used + kMaskBlocks);
      } else {
        tries += next[0];
        show(depth + 1);
        save_prefix(depth + 1);
      }
      continue;
    }
    tries += next[0];
    MaskLevel* const child = level + 1;
    if constexpr (kOneWord) {
      // open() by hand: the candidates are already at hand (calling open() measured 2-5%
      // slower: Brendan 6x6 145 -> 148 ms, 3x3 16.3 -> 16.8 us).
      const std::uint64_t left = next[1] & ~used[child->word0];
      if (left == 0) continue;  // the next cell has no candidate
      ++depth;
      ++level;
      level->saved[0] = used[level->word0];
      level->left[0] = left;
      if (masks_.steps[depth].filtered) filter_masks(depth, level->left, placed, used);
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
  progress_.stats.tries += tries;
  std::uint64_t nodes = 0;  // every placement counted in nodes_per_depth (depth 0: the root)
  for (int d = 1; d <= n; ++d) nodes += per_depth[d];
  progress_.stats.nodes = nodes;
}

template void EdgeSearch::run_blocks<true>(std::uint64_t);
template void EdgeSearch::run_blocks<false>(std::uint64_t);

}  // namespace tilewise
