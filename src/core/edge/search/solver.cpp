#include "core/edge/search/solver.hpp"

#include <algorithm>
#include <bit>

#include "core/edge/model/symmetry.hpp"
#include "core/edge/search/unsolvable.hpp"
#include "core/random.hpp"

namespace tilewise {
namespace {

constexpr int kDi[4] = {-1, 0, 1, 0};  // top, right, bottom, left
constexpr int kDj[4] = {0, 1, 0, -1};

std::vector<int> spiral_order(int rows, int cols) {
  std::vector<int> order;
  int i = (rows - 1) / 2, j = (cols - 1) / 2;
  order.push_back(i * cols + j);
  int dir = 1;  // right, down, left, up
  const int si[4] = {-1, 0, 1, 0}, sj[4] = {0, 1, 0, -1};
  for (int len = 1; static_cast<int>(order.size()) < rows * cols; ++len) {
    for (int twice = 0; twice < 2; ++twice) {
      for (int k = 0; k < len; ++k) {
        i += si[dir];
        j += sj[dir];
        if (i >= 0 && i < rows && j >= 0 && j < cols) order.push_back(i * cols + j);
      }
      dir = (dir + 1) % 4;
    }
  }
  return order;
}

// Rows along the short side: reading order, or column by column on wide boards.
std::vector<int> short_side_order(int rows, int cols) {
  std::vector<int> order;
  if (cols > rows) {
    for (int j = 0; j < cols; ++j)
      for (int i = 0; i < rows; ++i) order.push_back(i * cols + j);
  } else {
    for (int c = 0; c < rows * cols; ++c) order.push_back(c);
  }
  return order;
}

// Growing squares from the top-left corner: column k downwards, then row k leftwards, so a
// cell with two known neighbours comes as early as the fourth placement (seed 002's order
// on 3x3 boards). Square boards only.
std::vector<int> shell_order(int n) {
  std::vector<int> order;
  for (int k = 0; k < n; ++k) {
    for (int i = 0; i < k; ++i) order.push_back(i * n + k);
    for (int j = k; j >= 0; --j) order.push_back(k * n + j);
  }
  return order;
}

// The perimeter clockwise from the top-left corner, then the inside along the short side.
std::vector<int> frame_first_order(int rows, int cols) {
  std::vector<int> order;
  std::vector<char> seen(rows * cols, 0);
  auto add = [&](int i, int j) {
    if (!seen[i * cols + j]) seen[i * cols + j] = 1, order.push_back(i * cols + j);
  };
  for (int j = 0; j < cols; ++j) add(0, j);
  for (int i = 0; i < rows; ++i) add(i, cols - 1);
  for (int j = cols - 1; j >= 0; --j) add(rows - 1, j);
  for (int i = rows - 1; i >= 0; --i) add(i, 0);
  for (int c : short_side_order(rows, cols))
    if (!seen[c]) order.push_back(c);
  return order;
}

}  // namespace

EdgeSearch::EdgeSearch(const EdgePuzzle& puzzle, SolveOptions options)
    : puzzle_(puzzle), options_(options) {
  rows_ = puzzle.rows;
  cols_ = puzzle.cols;
  tiles_ = static_cast<int>(puzzle.tiles.size());
  if (options_.mode == SolveMode::kFirst) options_.limit = 1;
  no_solution_reason_ = unsolvable_reason(puzzle);
  // Odd square boards without a frame, searched whole (not raced): from the centre outwards,
  // the centre tile unturned (seed 000), so the first cell has one candidate per tile instead
  // of four. Measured on generated boards against growing squares + the tile-1 rule: 3x3
  // 924 vs 1,089 nodes (31.7 vs 37.6 us), 5x5 and 7x7 faster on 2 of 3 boards each, 0.75x
  // and 0.92x the time in total (docs/performance.md).
  const bool odd_square = puzzle.rows == puzzle.cols && puzzle.rows % 2 == 1 &&
                          puzzle.border == BorderRule::kFree && puzzle.fixed.empty();
  const bool racing = options_.mode == SolveMode::kFirst && options_.order == PlacementOrder::kAuto;
  if (odd_square && !racing && options_.order == PlacementOrder::kAuto &&
      options_.symmetry == SymmetryBreaking::kAuto) {
    options_.order = PlacementOrder::kSpiral;
    options_.symmetry = SymmetryBreaking::kCentreRotation;
  }
  if (options_.symmetry == SymmetryBreaking::kAuto)
    options_.symmetry = puzzle.rows == puzzle.cols && puzzle.border == BorderRule::kFrame0
                            ? SymmetryBreaking::kCornerRule
                            : SymmetryBreaking::kLowestTile;
  if (!puzzle_.fixed.empty()) options_.symmetry = SymmetryBreaking::kNone;
  build_side_values();
  boards_are_solutions_ = tiles_look_unique();
  plan_kinds();
  plan_blocks();
  plan_order(puzzle);
  board_.assign(rows_ * cols_, -1);
  used_.assign(tiles_, 0);
  if (!kinds_) copies_left_.assign(tiles_, 1);
  next_.assign(order_.size() + 1, nullptr);
  end_.assign(order_.size() + 1, nullptr);
  stats_.nodes_per_depth.assign(order_.size() + 1, 0);
  if (options_.mode == SolveMode::kFirst && options.order == PlacementOrder::kAuto &&
      puzzle_.fixed.empty()) {
    std::vector<PlacementOrder> orders = {PlacementOrder::kShortSide};
    if (rows_ == cols_ && puzzle_.border == BorderRule::kFree)
      orders = {PlacementOrder::kShell, PlacementOrder::kShortSide};
    // Frame first takes the first turn: when it wins it is often within that turn (clue 1:
    // 142 nodes), and the others lose one turn at most.
    if (puzzle_.border == BorderRule::kFrame0 && rows_ > 2 && cols_ > 2)
      orders.insert(orders.begin(), PlacementOrder::kFrameFirst);
    if (rows_ != cols_) orders.push_back(PlacementOrder::kRowMajor);
    if (orders.size() > 1) {  // each racer is built when its first turn comes
      race_orders_ = orders;
      racers_.resize(orders.size());
      racing_.assign(racers_.size(), 1);
    }
  }
}

namespace {
constexpr std::uint64_t kRaceSlice = 1 << 12;  // steps per racer per turn
constexpr std::uint64_t kSizeAfter = 1 << 16;  // race steps before the trees are estimated
constexpr int kSizeProbes = 256;               // random descents per order
constexpr double kRaceClose = 2;  // orders whose tree is within this factor of the smallest
}  // namespace

// Racers take turns of kRaceSlice steps, in a fixed order, so the winner depends only on
// the puzzle. The first racer to finish decides: with a solution it is the answer; without
// one, its exhaustive search proved there is none. A race that lasts kSizeAfter steps
// estimates each order's tree and goes on with the orders close to the smallest (size_race).
bool EdgeSearch::run_race(std::uint64_t node_budget) {
  const auto t0 = std::chrono::steady_clock::now();
  while (node_budget > 0 && !finished_) {
    if (!race_sized_ && race_steps_ >= kSizeAfter) size_race();
    if (slice_left_ == 0) slice_left_ = orders_racing() == 1 ? UINT64_MAX : kRaceSlice;
    const std::uint64_t steps = std::min(node_budget, slice_left_);
    EdgeSearch& racer = racer_at(active_);
    racer.run(steps);
    node_budget -= steps;
    slice_left_ -= steps;
    race_steps_ += steps;
    if (racer.finished()) {
      count_ = racer.count_;
      listed_ = racer.listed_;
      boards_ = racer.boards_;
      kinds_ = racer.kinds_;
      solutions_ = racer.solutions_;
      patterns_ = racer.patterns_;
      patterns_complete_ = racer.patterns_complete_;
      order_ = racer.order_;
      boards_are_solutions_ = racer.boards_are_solutions_;
      finish(racer.complete());
    } else if (slice_left_ == 0) {
      do active_ = (active_ + 1) % racers_.size();
      while (!racing_[active_]);
    }
  }
  stats_.nodes = stats_.tries = 0;
  stats_.max_depth = 0;
  std::fill(stats_.nodes_per_depth.begin(), stats_.nodes_per_depth.end(), 0);
  for (const auto& r : racers_) {
    if (!r) continue;
    stats_.nodes += r->stats_.nodes;
    stats_.tries += r->stats_.tries;
    stats_.max_depth = std::max(stats_.max_depth, r->stats_.max_depth);
    for (size_t d = 0; d < stats_.nodes_per_depth.size(); ++d)
      stats_.nodes_per_depth[d] += r->stats_.nodes_per_depth[d];
  }
  elapsed_ += std::chrono::steady_clock::now() - t0;
  stats_.elapsed_ms = std::chrono::duration<double, std::milli>(elapsed_).count();
  return finished_;
}

// The first solution's cost follows the size of the tree searched for it (the orders share the
// puzzle's solutions and symmetry rule): each order's tree is estimated by random descents
// (sample_nodes, on lists: the same tree as masks and lanes), and the orders whose estimate
// exceeds kRaceClose x the smallest leave the race. A race of two costs twice the winner's
// nodes; one alone, its own.
SolveOptions EdgeSearch::racer_options(size_t k) const {
  SolveOptions o = options_;
  o.order = race_orders_[k];
  return o;
}

EdgeSearch& EdgeSearch::racer_at(size_t k) {
  if (!racers_[k]) racers_[k] = std::make_unique<EdgeSearch>(puzzle_, racer_options(k));
  return *racers_[k];
}

void EdgeSearch::size_race() {
  race_sized_ = true;
  std::vector<double> sizes;
  for (size_t k = 0; k < racers_.size(); ++k) {
    SolveOptions o = racer_options(k);
    o.mode = SolveMode::kCount;
    o.limit = 0;
    o.use_masks = false;
    EdgeSearch sample(puzzle_, o);
    sizes.push_back(sample.sample_nodes(kSizeProbes, 1));
  }
  const double smallest = *std::min_element(sizes.begin(), sizes.end());
  for (size_t k = 0; k < racers_.size(); ++k) racing_[k] = sizes[k] <= kRaceClose * smallest;
  if (!racing_[active_]) {
    slice_left_ = 0;
    do active_ = (active_ + 1) % racers_.size();
    while (!racing_[active_]);
  }
}

double EdgeSearch::sample_nodes(int probes, std::uint64_t seed) {
  SplitMix64 random(seed);
  const int n = static_cast<int>(order_.size());
  std::vector<int> children;
  double total = 0;
  for (int probe = 0; probe < probes; ++probe) {
    double weight = 1;
    int depth = 0;
    for (; depth < n; ++depth) {
      enter(depth);
      children.clear();
      const bool slow = plan_[depth].slow;
      for (const std::uint16_t* p = next_[depth]; p < end_[depth]; ++p)
        if (!used_[*p >> 2] && (!slow || fits(depth, *p))) children.push_back(*p);
      if (children.empty()) break;
      weight *= static_cast<double>(children.size());
      total += weight;
      const int o = children[random.below(children.size())];
      board_[order_[depth]] = o;
      place(o >> 2);
    }
    while (depth > 0) {
      const int cell = order_[--depth];
      unplace(board_[cell] >> 2);
      board_[cell] = -1;
    }
  }
  return probes > 0 ? total / probes : 0;
}

void EdgeSearch::build_side_values() {
  // Value index = rank among the distinct side values (sorted, like the ordered map it was).
  std::vector<Side> values;
  for (const Tile& t : puzzle_.tiles) values.insert(values.end(), t.sides.begin(), t.sides.end());
  std::sort(values.begin(), values.end());
  values.erase(std::unique(values.begin(), values.end()), values.end());
  values_ = static_cast<int>(values.size());
  auto index_of = [&](Side v) {
    return static_cast<int>(std::lower_bound(values.begin(), values.end(), v) - values.begin());
  };
  std::vector<int> partner(values_, values_);  // values_: nothing can face this side
  for (int k = 0; k < values_; ++k) {
    const Side want = puzzle_.rule == MatchRule::kComplement ? -values[k] : values[k];
    const int w = index_of(want);
    if (w < values_ && values[w] == want) partner[k] = w;
  }
  const int oriented = tiles_ * 4;
  value_of_side_.assign(oriented * 4, 0);
  need_.assign(oriented * 4, 0);
  zero_mask_.assign(oriented, 0);
  for (int t = 0; t < tiles_; ++t) {
    int index[4];
    for (int d = 0; d < 4; ++d) index[d] = index_of(puzzle_.tiles[t].sides[d]);
    for (int r = 0; r < 4; ++r) {
      const int o = t * 4 + r;
      for (int d = 0; d < 4; ++d) {
        const int written = ((d - r) % 4 + 4) % 4;  // rotated(): side d shows side d - r
        value_of_side_[o * 4 + d] = index[written];
        need_[o * 4 + d] = partner[index[written]];
        if (puzzle_.tiles[t].sides[written] == 0) zero_mask_[o] |= 1 << d;
      }
    }
  }
}

// No tile equals another or itself turned: the 4 value indices of every oriented tile (under
// 2^16 each: at most 1,024 distinct sides) packed in one number, all different.
bool EdgeSearch::tiles_look_unique() {
  std::vector<std::uint64_t> looks(static_cast<size_t>(tiles_) * 4);
  for (size_t o = 0; o < looks.size(); ++o)
    for (int d = 0; d < 4; ++d)
      looks[o] = looks[o] << 16 | static_cast<std::uint64_t>(value_of_side_[o * 4 + d]);
  std::sort(looks.begin(), looks.end());
  return std::adjacent_find(looks.begin(), looks.end()) == looks.end();
}

bool EdgeSearch::excluded(Exclude exclude, int o) const {
  switch (exclude) {
    case Exclude::kNothing:
      return false;
    case Exclude::kTile1:
      return (o >> 2) == rule_tile_;
    case Exclude::kTile1Turned:
      return (o >> 2) == rule_tile_ && (o & 3) >= centre_rotations_;
    case Exclude::kTurned:
      return (o & 3) >= centre_rotations_;
    case Exclude::kAllButCornerMin:
      return (o >> 2) != corner_min_tile_;
  }
  return false;
}

int EdgeSearch::table_for(int dir0, int dir1, int frame_mask, Exclude exclude) {
  for (size_t k = 0; k < tables_.size(); ++k) {
    const CandidateTable& t = tables_[k];
    if (t.dir0 == dir0 && t.dir1 == dir1 && t.frame_mask == frame_mask && t.exclude == exclude)
      return static_cast<int>(k);
  }
  CandidateTable t;
  t.dir0 = dir0;
  t.dir1 = dir1;
  t.frame_mask = frame_mask;
  t.exclude = exclude;
  const size_t width = static_cast<size_t>(values_) + 1;
  const size_t keys = dir0 < 0 ? 1 : dir1 < 0 ? width : width * width;
  auto key_of = [&](int o) -> size_t {
    if (dir0 < 0) return 0;
    const size_t k0 = static_cast<size_t>(value_of_side_[o * 4 + dir0]);
    return dir1 < 0 ? k0 : k0 * width + static_cast<size_t>(value_of_side_[o * 4 + dir1]);
  };
  std::vector<int>& kept = scratch_;
  kept.clear();
  for (int o = 0; o < tiles_ * 4; ++o)
    if ((frame_mask < 0 || zero_mask_[o] == frame_mask) && !excluded(exclude, o) &&
        (!kinds_ || look_[o] == o))
      kept.push_back(o);
  if (use_masks_) {  // per key: its tries, then its tiles as kernel bits (run_masks)
    const int c = class_of_frame(frame_mask);
    t.word0 = c >= 0 ? masks_.class_word0[c] : 0;
    t.words = c >= 0 ? masks_.class_words[c] : 1;
    const size_t stride = static_cast<size_t>(masks_.row_words) + 1;
    // Rows of row_words words after the tries (0 past the class's: a lane step reads them
    // all) + kLaneClassWords words of slack.
    t.masks.assign(keys * stride + kLaneClassWords, 0);
    for (int o : kept) {  // kinds: in every copy's bits (all but the next one are blocked)
      std::uint64_t* row = &t.masks[key_of(o) * stride];
      const int first = masks_.kernel_tile[o >> 2];
      for (int copy = first; copy < masks_.kind_end[first]; ++copy) {
        const int k = copy * 4 + (o & 3);
        row[1 + (k >> 6) - t.word0] |= std::uint64_t{1} << (k & 63);
      }
      ++row[0];
    }
  } else {  // per key, a list (run_lists)
    t.offsets.assign(keys + 1, 0);
    for (int o : kept) ++t.offsets[key_of(o) + 1];
    for (size_t k = 0; k < keys; ++k) t.offsets[k + 1] += t.offsets[k];
    t.items.resize(kept.size());
    // Fill each key's range using offsets[key] as its cursor; each cursor ends at the next
    // key's start, so shifting them one place restores the offsets.
    for (int o : kept) t.items[t.offsets[key_of(o)]++] = static_cast<std::uint16_t>(o);
    std::copy_backward(t.offsets.begin(), t.offsets.end() - 1, t.offsets.end());
    t.offsets[0] = 0;
  }
  tables_.push_back(std::move(t));
  return static_cast<int>(tables_.size()) - 1;
}

void EdgeSearch::plan_order(const EdgePuzzle& p) {
  const int cells = rows_ * cols_;
  std::vector<int> base;
  PlacementOrder order = options_.order;
  if (order == PlacementOrder::kAuto)
    order = rows_ == cols_ && p.border == BorderRule::kFree ? PlacementOrder::kShell
                                                            : PlacementOrder::kShortSide;
  if (order == PlacementOrder::kSpiral) {
    base = spiral_order(rows_, cols_);
  } else if (order == PlacementOrder::kShortSide) {
    base = short_side_order(rows_, cols_);
  } else if (order == PlacementOrder::kShell) {
    base = rows_ == cols_ ? shell_order(rows_) : short_side_order(rows_, cols_);
  } else if (order == PlacementOrder::kFrameFirst) {
    base = frame_first_order(rows_, cols_);
  } else {
    for (int c = 0; c < cells; ++c) base.push_back(c);
  }
  std::vector<int> fixed_at(cells, -1);
  for (const FixedTile& f : p.fixed) fixed_at[f.row * cols_ + f.col] = f.tile * 4 + f.rotation;
  order_.clear();
  for (int c = 0; c < cells; ++c)
    if (fixed_at[c] >= 0) order_.push_back(c);
  for (int c : base)
    if (fixed_at[c] < 0) order_.push_back(c);

  // Symmetry breaking.
  const bool square = rows_ == cols_;
  const bool has_centre = (rows_ % 2 == 1) && (cols_ % 2 == 1);
  const int centre_cell = has_centre ? (rows_ / 2) * cols_ + cols_ / 2 : -1;
  if (cells == 1 && options_.symmetry == SymmetryBreaking::kCornerRule)
    options_.symmetry = SymmetryBreaking::kCentreRotation;
  if (options_.symmetry == SymmetryBreaking::kCentreRotation && !has_centre)
    options_.symmetry = SymmetryBreaking::kCornerRule;
  // One member of each class of board rotations has the centre tile turned by less than
  // 4 / (number of board rotations): 1 on square boards, 2 on others.
  centre_rotations_ = square ? 1 : 2;
  corner_tl_cell_ = 0;
  corner_cells_.clear();
  if (options_.symmetry == SymmetryBreaking::kCornerRule) {
    std::vector<int> corners = {0, cells - 1};
    if (square) corners = {0, cols_ - 1, (rows_ - 1) * cols_, cells - 1};
    for (int c : corners)
      if (c != 0 && std::find(corner_cells_.begin(), corner_cells_.end(), c) == corner_cells_.end())
        corner_cells_.push_back(c);
    // A framed square board holds its corner tiles (two adjacent frame sides) in its four
    // corners, so the top-left one is the smallest of them: known before the search starts.
    corner_min_tile_ = -1;
    if (square && rows_ > 1 && p.border == BorderRule::kFrame0) {
      std::vector<int> corner_tiles;
      for (int t = 0; t < tiles_; ++t)
        if (zero_mask_[t * 4] == 3 || zero_mask_[t * 4] == 6 || zero_mask_[t * 4] == 12 ||
            zero_mask_[t * 4] == 9)
          corner_tiles.push_back(t);
      if (corner_tiles.size() == 4) corner_min_tile_ = corner_tiles[0];
    }
  }

  std::vector<int> position(cells, -1);
  for (int d = 0; d < cells; ++d) position[order_[d]] = d;
  plan_.assign(cells, CellPlan{});
  fixed_items_.assign(cells, 0);
  tables_.clear();
  tables_.reserve(16);
  for (int d = 0; d < cells; ++d) {
    CellPlan& plan = plan_[d];
    const int c = order_[d];
    plan.cell = c;
    const int i = c / cols_, j = c % cols_;
    const bool fixed = fixed_at[c] >= 0;
    int keys = 0, key_dir[2] = {-1, -1};
    for (int dir = 0; dir < 4; ++dir) {
      const int ni = i + kDi[dir], nj = j + kDj[dir];
      if (ni < 0 || ni >= rows_ || nj < 0 || nj >= cols_) continue;
      const int nc = ni * cols_ + nj;
      if (position[nc] >= d) continue;
      if (keys < 2 && !fixed) {
        key_dir[keys] = dir;
        plan.key_cell[keys] = nc;
        plan.key_side[keys] = (dir + 2) % 4;
        ++keys;
      } else {
        plan.check_dir[plan.check_count] = dir;
        plan.check_cell[plan.check_count] = nc;
        ++plan.check_count;
      }
    }
    int frame_mask = -1;
    if (p.border == BorderRule::kFrame0) {
      frame_mask =
          (i == 0 ? 1 : 0) | (j == cols_ - 1 ? 2 : 0) | (i == rows_ - 1 ? 4 : 0) | (j == 0 ? 8 : 0);
    }
    if (fixed) {
      plan.fixed_oriented = fixed_at[c];
      fixed_items_[d] = static_cast<std::uint16_t>(fixed_at[c]);
    } else {
      plan.table = table_for(key_dir[0], key_dir[1], frame_mask);
    }
    if (options_.symmetry == SymmetryBreaking::kCornerRule && corner_min_tile_ >= 0) {
      // The corners hold exactly the four corner tiles: the top-left one is known (a table of
      // that tile alone) and the others are larger anyway (no test).
      if (c == corner_tl_cell_ && !fixed)
        plan.table = table_for(key_dir[0], key_dir[1], frame_mask, Exclude::kAllButCornerMin);
    } else if (options_.symmetry == SymmetryBreaking::kCornerRule) {
      if (c == corner_tl_cell_) plan.corner = 0;
      if (std::find(corner_cells_.begin(), corner_cells_.end(), c) != corner_cells_.end())
        plan.corner = 1;
    }
    // The centre rule only takes candidates away (turned ones): a table without them.
    if (!fixed && options_.symmetry == SymmetryBreaking::kCentreRotation && c == centre_cell)
      plan.table = table_for(key_dir[0], key_dir[1], frame_mask, Exclude::kTurned);
    plan.slow = fixed || plan.check_count > 0 || plan.corner >= 0;
  }
  if (options_.symmetry == SymmetryBreaking::kLowestTile) {
    // Every class of board turns has exactly one member with tile 1 in the earliest-placed
    // cell of its orbit (and, at the centre, turned less than centre_rotations_).
    auto turn = [&](int c) {
      const int i = c / cols_, j = c % cols_;
      return square ? j * cols_ + (rows_ - 1 - i) : (rows_ - 1 - i) * cols_ + (cols_ - 1 - j);
    };
    int last = -1;
    for (int d = 0; d < cells; ++d) {
      int earliest = d;
      for (int c = turn(order_[d]); c != order_[d]; c = turn(c))
        earliest = std::min(earliest, position[c]);
      plan_[d].lowest = earliest == d ? 2 : 1;
      plan_[d].lowest_centre = order_[d] == centre_cell;
      if (earliest == d) last = d;
    }
    if (last >= 0) plan_[last].lowest = 3;
    // Where the rule only takes candidates away (tile 1 not here; tile 1 at the centre only
    // turned less than centre_rotations_), a table without them does it for free; only the
    // last orbit's first cell ("tile 1 must be placed by now") is tested per candidate.
    for (CellPlan& plan : plan_) {
      if (plan.fixed_oriented >= 0) continue;
      const Exclude exclude = plan.lowest == 1                         ? Exclude::kTile1
                              : plan.lowest == 2 && plan.lowest_centre ? Exclude::kTile1Turned
                                                                       : Exclude::kNothing;
      if (exclude != Exclude::kNothing) {
        const CandidateTable& t = tables_[plan.table];
        const int dir0 = t.dir0, dir1 = t.dir1, frame_mask = t.frame_mask;
        plan.table = table_for(dir0, dir1, frame_mask, exclude);
      }
      plan.slow = plan.slow || plan.lowest == 3;
    }
  }
  for (CellPlan& plan : plan_) {
    plan.offsets = tables_.empty() ? nullptr : tables_[plan.table].offsets.data();
    plan.items = tables_.empty() ? nullptr : tables_[plan.table].items.data();
  }
  plan_masks();
}

// Opens the cell at `depth`: its candidate list for the key its known neighbours form.
inline void EdgeSearch::enter(int depth) {
  const CellPlan& plan = plan_[depth];
  if (plan.fixed_oriented >= 0) {
    next_[depth] = &fixed_items_[depth];
    end_[depth] = next_[depth] + 1;
    return;
  }
  size_t key = 0;
  if (plan.key_cell[0] >= 0) {
    key = static_cast<size_t>(need_[board_[plan.key_cell[0]] * 4 + plan.key_side[0]]);
    if (plan.key_cell[1] >= 0)
      key = key * (static_cast<size_t>(values_) + 1) +
            static_cast<size_t>(need_[board_[plan.key_cell[1]] * 4 + plan.key_side[1]]);
  }
  next_[depth] = plan.items + plan.offsets[key];
  end_[depth] = plan.items + plan.offsets[key + 1];
}

// The tests beyond "unused": the known neighbours outside the key, a fixed tile's frame,
// and symmetry breaking.
inline bool EdgeSearch::fits(int depth, int o) const {
  const CellPlan& plan = plan_[depth];
  for (int k = 0; k < plan.check_count; ++k) {
    const int n = board_[plan.check_cell[k]];
    const int dir = plan.check_dir[k];
    if (need_[n * 4 + (dir + 2) % 4] != value_of_side_[o * 4 + dir]) return false;
  }
  return symmetry_fits(plan, o, board_.data(), used_[rule_tile_] != 0);
}

// The symmetry rules' tests for `o` in the plan's cell, on a board whose cells placed before
// it are set (the others -1).
bool EdgeSearch::symmetry_fits(const CellPlan& plan, int o, const int* board,
                               bool rule_tile_placed) const {
  const int tile = o >> 2;
  if (plan.lowest) {
    if (tile == rule_tile_) {
      if (plan.lowest == 1 || (plan.lowest_centre && (o & 3) >= centre_rotations_)) return false;
    } else if (plan.lowest == 3 && !rule_tile_placed) {
      return false;
    }
  }
  if (plan.corner == 0) {
    for (int c : corner_cells_)
      if (board[c] >= 0 && (board[c] >> 2) < tile) return false;
  } else if (plan.corner == 1) {
    const int tl = board[corner_tl_cell_];
    if (tl >= 0 && (tl >> 2) > tile) return false;
  }
  return true;
}

// Takes a copy of the tile (kinds: of the kind it stands for) off the pile, and back.
inline void EdgeSearch::place(int tile) {
  used_[tile] = --copies_left_[tile] == 0;
}

inline void EdgeSearch::unplace(int tile) {
  ++copies_left_[tile];
  used_[tile] = 0;
}

void EdgeSearch::record_solution() {
  // Lanes step on a little past the limit (a round ends first): the boards they find then
  // come after the last one wanted.
  if (finished_) return;
  if (kinds_) {
    record_kind_board();
    return;
  }
  const bool keep = options_.mode != SolveMode::kCount && solutions_.size() < options_.max_kept;
  const SymmetryBreaking rule = options_.symmetry;
  // Counting boards whose tiles cannot look alike under a rule that finds each class once:
  // nothing to build.
  if (keep || !boards_are_solutions_ || rule == SymmetryBreaking::kNone) {
    Solution s{current_board()};
    if (rule == SymmetryBreaking::kNone) {
      if (canonical_turn(puzzle_, s) != 0) return;  // a turn of this board is the representative
    } else if (rule == SymmetryBreaking::kCentreRotation || rule == SymmetryBreaking::kLowestTile) {
      if (const int q = canonical_turn(puzzle_, s))
        s.cells = rotate_board(s.cells, rows_, cols_, q);
    }
    if (!boards_are_solutions_) {
      std::string key = board_pattern_key(puzzle_, s);
      if (patterns_.size() < options_.max_patterns) {
        patterns_.insert(std::move(key));
      } else if (!patterns_.count(key)) {
        patterns_complete_ = false;
      }
    }
    if (keep) solutions_.push_back(std::move(s));
  }
  ++count_;
  if (options_.limit && count_ >= options_.limit) finish(false);
}

const char* EdgeSearch::engine() const {
  if (!racers_.empty() && racers_[active_]) return racers_[active_]->engine();
  if (masks_.steps.empty()) return "lists";
  return lanes_.on ? "lanes" : "masks";
}

void EdgeSearch::finish(bool complete) {
  finished_ = true;
  complete_ = complete;
}

void EdgeSearch::cancel() {
  if (!finished_) finish(false);
  for (auto& r : racers_)
    if (r) r->cancel();
}

bool EdgeSearch::run(std::uint64_t node_budget) {
  if (finished_) return true;
  if (!no_solution_reason_.empty()) {
    finish(true);
    return true;
  }
  if (!racers_.empty()) return run_race(node_budget);
  const auto t0 = std::chrono::steady_clock::now();
  if (masks_.steps.empty()) {
    run_lists(node_budget);
  } else {
    run_masks(node_budget);
  }
  const std::uint64_t* per_depth = stats_.nodes_per_depth.data();
  for (int d = static_cast<int>(order_.size()); d > stats_.max_depth; --d)
    if (per_depth[d]) {
      stats_.max_depth = d;
      break;
    }
  elapsed_ += std::chrono::steady_clock::now() - t0;
  stats_.elapsed_ms = std::chrono::duration<double, std::milli>(elapsed_).count();
  return finished_;
}

// The search for boards whose tiles do not fit the masks: each cell scans its candidate list
// for an unused tile that passes the cell's tests (fits()).
void EdgeSearch::run_lists(std::uint64_t node_budget) {
  const int n = static_cast<int>(order_.size());
  if (!started_) {
    started_ = true;
    depth_ = base_depth_;
    if (base_depth_ == 0 && !from_prefix_) stats_.nodes_per_depth[0] = 1;
    if (depth_ < n) enter(depth_);
  }
  std::uint64_t tries = 0, nodes = 0;
  std::uint64_t* per_depth = stats_.nodes_per_depth.data();
  int depth = depth_;
  // Takes the tile off the cell placed at depth d.
  auto release = [this](int d) {
    const int cell = order_[d];
    unplace(board_[cell] >> 2);
    board_[cell] = -1;
  };
  while (node_budget > 0 && !finished_) {
    if (depth == n) {
      depth_ = depth;
      record_solution();
      release(--depth);
      continue;
    }
    if (depth == split_depth_) {
      save_prefix(depth);
      if (depth == base_depth_) {  // cut at the root: the one prefix is the empty board
        finish(true);
        continue;
      }
      release(--depth);
      continue;
    }
    int found = -1;
    const std::uint16_t* p = next_[depth];
    const std::uint16_t* const end = end_[depth];
    const std::uint16_t* const start = p;
    if (!plan_[depth].slow) {
      while (p < end && used_[*p >> 2]) ++p;
    } else {
      while (p < end && (used_[*p >> 2] || !fits(depth, *p))) ++p;
    }
    if (p < end) found = *p++;
    tries += static_cast<std::uint64_t>(p - start);
    next_[depth] = p;
    --node_budget;
    if (found >= 0) {
      board_[order_[depth]] = found;
      place(found >> 2);
      ++nodes;
      ++depth;
      ++per_depth[depth];
      if (depth < n) enter(depth);
    } else if (depth == base_depth_) {
      finish(true);
    } else {
      release(--depth);
    }
  }
  depth_ = depth;
  stats_.tries += tries;
  stats_.nodes += nodes;
}

// Prefixes hold labelled tiles (kinds: each kind's copies in placement order), so every
// consumer (threads, workers, campaign files) sees distinct tiles.
void EdgeSearch::save_prefix(int depth) {
  std::vector<std::uint16_t> prefix(depth);
  std::vector<int> next_copy(kinds_ ? tiles_ : 0, 0);
  for (int d = 0; d < depth; ++d) {
    const int o = board_[order_[d]];
    prefix[d] = static_cast<std::uint16_t>(kinds_ ? copy_of(o, next_copy) : o);
  }
  prefixes_.push_back(std::move(prefix));
}

void EdgeSearch::start_from(const std::vector<std::uint16_t>& prefix) {
  base_depth_ = static_cast<int>(prefix.size());
  depth_ = base_depth_;
  from_prefix_ = true;  // the levels above belong to the search that cut the tree
  for (int d = 0; d < base_depth_; ++d) {
    const int o = kinds_ ? look_[prefix[d]] : prefix[d];  // kinds: the copy's kind and look
    board_[order_[d]] = o;
    place(o >> 2);
  }
}

std::vector<Placement> EdgeSearch::current_board() const {
  if (!racers_.empty() && !finished_ && racers_[active_]) return racers_[active_]->current_board();
  std::vector<Placement> out(board_.size());
  for (int d = 0; d < depth_; ++d) {  // cells deeper than depth_ may hold stale tiles
    const int c = order_[d];
    out[c] = Placement{board_[c] >> 2, board_[c] & 3};
  }
  return out;
}

SolveResult result_of(const EdgeSearch& search, int rows, int cols) {
  SolveResult r;
  r.rows = rows;
  r.cols = cols;
  r.count = search.count();
  r.distinct_boards = search.distinct_boards();
  r.distinct_boards_complete = search.distinct_boards_complete();
  r.complete = search.complete();
  r.stats = search.stats();
  r.solutions = search.solutions();
  r.solutions_truncated = search.solutions_truncated();
  r.no_solution_reason = search.no_solution_reason();
  std::sort(r.solutions.begin(), r.solutions.end(), solution_less);
  return r;
}

std::unique_ptr<EdgeSearch> split_search(const EdgePuzzle& puzzle, const SolveOptions& options,
                                         size_t min_prefixes, bool (*keep_going)(const void*),
                                         const void* context) {
  const int cells = puzzle.rows * puzzle.cols;
  std::unique_ptr<EdgeSearch> split = std::make_unique<EdgeSearch>(puzzle, options);
  split->set_split_depth(0);  // boards too small to cut: one prefix, the empty board
  split->run(1);
  std::uint64_t spent = 0;  // nodes of the cuts tried: a thin, deep tree stops the deepening
  for (int depth = 1; depth < cells && spent < (1u << 22); ++depth) {
    split = std::make_unique<EdgeSearch>(puzzle, options);
    split->set_split_depth(depth);
    while (!split->run(1 << 16))
      if (keep_going && !keep_going(context)) split->cancel();
    if (split->prefixes().size() >= min_prefixes || !split->complete()) break;
    spent += split->stats().nodes;
  }
  return split;
}

SolveResult solve(const EdgePuzzle& puzzle, const SolveOptions& options) {
  EdgeSearch search(puzzle, options);
  while (!search.run(1u << 20)) {
  }
  return result_of(search, puzzle.rows, puzzle.cols);
}

}  // namespace tilewise
