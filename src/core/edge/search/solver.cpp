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
    : EdgeSearch(puzzle, options, nullptr) {}

EdgeSearch::EdgeSearch(const EdgePuzzle& puzzle, SolveOptions options, const EdgeSearch* parent)
    : puzzle_(puzzle), options_(options) {
  rows_ = puzzle.rows;
  cols_ = puzzle.cols;
  tiles_ = static_cast<int>(puzzle.tiles.size());
  if (options_.mode == SolveMode::kFirst) options_.limit = 1;
  found_.no_solution_reason =
      parent ? parent->found_.no_solution_reason : unsolvable_reason(puzzle);
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
  if (parent) {  // its options are the parent's after plan_kinds: the same kinds
    values_ = parent->values_;
    sides_ = parent->sides_;
    kinds_ = parent->kinds_;
    symmetry_.rule_tile = parent->symmetry_.rule_tile;
    board_.copies_left = parent->board_.copies_left;
  } else {
    build_side_values();
    kinds_.boards_are_solutions = tiles_look_unique();
    plan_kinds();
  }
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
      race_.orders = orders;
      race_.racers.resize(orders.size());
      race_.racing.assign(race_.racers.size(), 1);
    }
  }
  if (race_.racers.empty()) {
    plan_blocks();
    plan_order(puzzle);
  } else {
    // The racers search; this search has no tables of its own (Eternity II clue 1's first
    // solution took 0.053 ms, most of it building them for this search and its first racer).
    // Until one finishes, its order is the short side's (the cells' count, the board view).
    plan_.order = short_side_order(rows_, cols_);
  }
  board_.cells.assign(rows_ * cols_, -1);
  board_.used.assign(tiles_, 0);
  if (!kinds_.on) board_.copies_left.assign(tiles_, 1);
  board_.next.assign(plan_.order.size() + 1, nullptr);
  board_.end.assign(plan_.order.size() + 1, nullptr);
  progress_.stats.nodes_per_depth.assign(plan_.order.size() + 1, 0);
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
  while (node_budget > 0 && !progress_.finished) {
    if (!race_.sized && race_.steps >= kSizeAfter) size_race();
    if (race_.slice_left == 0) race_.slice_left = orders_racing() == 1 ? UINT64_MAX : kRaceSlice;
    const std::uint64_t steps = std::min(node_budget, race_.slice_left);
    EdgeSearch& racer = racer_at(race_.active);
    racer.run(steps);
    node_budget -= steps;
    race_.slice_left -= steps;
    race_.steps += steps;
    if (racer.finished()) {
      found_.count = racer.found_.count;
      found_.listed = racer.found_.listed;
      found_.boards = racer.found_.boards;
      kinds_.on = racer.kinds_.on;
      found_.solutions = racer.found_.solutions;
      found_.patterns = racer.found_.patterns;
      found_.patterns_complete = racer.found_.patterns_complete;
      plan_.order = racer.plan_.order;
      kinds_.boards_are_solutions = racer.kinds_.boards_are_solutions;
      finish(racer.complete());
    } else if (race_.slice_left == 0) {
      do race_.active = (race_.active + 1) % race_.racers.size();
      while (!race_.racing[race_.active]);
    }
  }
  progress_.stats.nodes = progress_.stats.tries = 0;
  progress_.stats.max_depth = 0;
  std::fill(progress_.stats.nodes_per_depth.begin(), progress_.stats.nodes_per_depth.end(), 0);
  for (const auto& r : race_.racers) {
    if (!r) continue;
    progress_.stats.nodes += r->progress_.stats.nodes;
    progress_.stats.tries += r->progress_.stats.tries;
    progress_.stats.max_depth = std::max(progress_.stats.max_depth, r->progress_.stats.max_depth);
    for (size_t d = 0; d < progress_.stats.nodes_per_depth.size(); ++d)
      progress_.stats.nodes_per_depth[d] += r->progress_.stats.nodes_per_depth[d];
  }
  progress_.elapsed += std::chrono::steady_clock::now() - t0;
  progress_.stats.elapsed_ms = std::chrono::duration<double, std::milli>(progress_.elapsed).count();
  return progress_.finished;
}

// The first solution's cost follows the size of the tree searched for it (the orders share the
// puzzle's solutions and symmetry rule): each order's tree is estimated by random descents
// (sample_nodes, on lists: the same tree as masks and lanes), and the orders whose estimate
// exceeds kRaceClose x the smallest leave the race. A race of two costs twice the winner's
// nodes; one alone, its own.
SolveOptions EdgeSearch::racer_options(size_t k) const {
  SolveOptions o = options_;
  o.order = race_.orders[k];
  return o;
}

EdgeSearch& EdgeSearch::racer_at(size_t k) {
  if (!race_.racers[k]) race_.racers[k].reset(new EdgeSearch(puzzle_, racer_options(k), this));
  return *race_.racers[k];
}

void EdgeSearch::size_race() {
  race_.sized = true;
  std::vector<double> sizes;
  for (size_t k = 0; k < race_.racers.size(); ++k) {
    SolveOptions o = racer_options(k);
    o.mode = SolveMode::kCount;
    o.limit = 0;
    o.use_masks = false;
    EdgeSearch sample(puzzle_, o, this);
    sizes.push_back(sample.sample_nodes(kSizeProbes, 1));
  }
  const double smallest = *std::min_element(sizes.begin(), sizes.end());
  for (size_t k = 0; k < race_.racers.size(); ++k)
    race_.racing[k] = sizes[k] <= kRaceClose * smallest;
  if (!race_.racing[race_.active]) {
    race_.slice_left = 0;
    do race_.active = (race_.active + 1) % race_.racers.size();
    while (!race_.racing[race_.active]);
  }
}

double EdgeSearch::sample_nodes(int probes, std::uint64_t seed) {
  SplitMix64 random(seed);
  const int n = static_cast<int>(plan_.order.size());
  std::vector<int> children;
  double total = 0;
  for (int probe = 0; probe < probes; ++probe) {
    double weight = 1;
    int depth = 0;
    for (; depth < n; ++depth) {
      enter(depth);
      children.clear();
      const bool slow = plan_.cells[depth].slow;
      for (const std::uint16_t* p = board_.next[depth]; p < board_.end[depth]; ++p)
        if (!board_.used[*p >> 2] && (!slow || fits(depth, *p))) children.push_back(*p);
      if (children.empty()) break;
      weight *= static_cast<double>(children.size());
      total += weight;
      const int o = children[random.below(children.size())];
      board_.cells[plan_.order[depth]] = o;
      place(o >> 2);
    }
    while (depth > 0) {
      const int cell = plan_.order[--depth];
      unplace(board_.cells[cell] >> 2);
      board_.cells[cell] = -1;
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
  sides_.value_of_side.assign(oriented * 4, 0);
  sides_.need.assign(oriented * 4, 0);
  sides_.zero_mask.assign(oriented, 0);
  for (int t = 0; t < tiles_; ++t) {
    int index[4];
    for (int d = 0; d < 4; ++d) index[d] = index_of(puzzle_.tiles[t].sides[d]);
    for (int r = 0; r < 4; ++r) {
      const int o = t * 4 + r;
      for (int d = 0; d < 4; ++d) {
        const int written = ((d - r) % 4 + 4) % 4;  // rotated(): side d shows side d - r
        sides_.value_of_side[o * 4 + d] = index[written];
        sides_.need[o * 4 + d] = partner[index[written]];
        if (puzzle_.tiles[t].sides[written] == 0) sides_.zero_mask[o] |= 1 << d;
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
      looks[o] = looks[o] << 16 | static_cast<std::uint64_t>(sides_.value_of_side[o * 4 + d]);
  std::sort(looks.begin(), looks.end());
  return std::adjacent_find(looks.begin(), looks.end()) == looks.end();
}

bool EdgeSearch::excluded(Exclude exclude, int o) const {
  switch (exclude) {
    case Exclude::kNothing:
      return false;
    case Exclude::kTile1:
      return (o >> 2) == symmetry_.rule_tile;
    case Exclude::kTile1Turned:
      return (o >> 2) == symmetry_.rule_tile && (o & 3) >= symmetry_.centre_rotations;
    case Exclude::kTurned:
      return (o & 3) >= symmetry_.centre_rotations;
    case Exclude::kAllButCornerMin:
      return (o >> 2) != symmetry_.corner_min_tile;
  }
  return false;
}

int EdgeSearch::table_for(int dir0, int dir1, int frame_mask, Exclude exclude) {
  for (size_t k = 0; k < plan_.tables.size(); ++k) {
    const CandidateTable& t = plan_.tables[k];
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
    const size_t k0 = static_cast<size_t>(sides_.value_of_side[o * 4 + dir0]);
    return dir1 < 0 ? k0 : k0 * width + static_cast<size_t>(sides_.value_of_side[o * 4 + dir1]);
  };
  std::vector<int>& kept = plan_.scratch;
  kept.clear();
  for (int o = 0; o < tiles_ * 4; ++o)
    if ((frame_mask < 0 || sides_.zero_mask[o] == frame_mask) && !excluded(exclude, o) &&
        (!kinds_.on || kinds_.look[o] == o))
      kept.push_back(o);
  if (plan_.use_masks) {  // per key: its tries, then its tiles as kernel bits (run_masks)
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
  plan_.tables.push_back(std::move(t));
  return static_cast<int>(plan_.tables.size()) - 1;
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
  plan_.order.clear();
  for (int c = 0; c < cells; ++c)
    if (fixed_at[c] >= 0) plan_.order.push_back(c);
  for (int c : base)
    if (fixed_at[c] < 0) plan_.order.push_back(c);

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
  symmetry_.centre_rotations = square ? 1 : 2;
  symmetry_.corner_tl_cell = 0;
  symmetry_.corner_cells.clear();
  if (options_.symmetry == SymmetryBreaking::kCornerRule) {
    std::vector<int> corners = {0, cells - 1};
    if (square) corners = {0, cols_ - 1, (rows_ - 1) * cols_, cells - 1};
    for (int c : corners)
      if (c != 0 && std::find(symmetry_.corner_cells.begin(), symmetry_.corner_cells.end(), c) ==
                        symmetry_.corner_cells.end())
        symmetry_.corner_cells.push_back(c);
    // A framed square board holds its corner tiles (two adjacent frame sides) in its four
    // corners, so the top-left one is the smallest of them: known before the search starts.
    symmetry_.corner_min_tile = -1;
    if (square && rows_ > 1 && p.border == BorderRule::kFrame0) {
      std::vector<int> corner_tiles;
      for (int t = 0; t < tiles_; ++t)
        if (sides_.zero_mask[t * 4] == 3 || sides_.zero_mask[t * 4] == 6 ||
            sides_.zero_mask[t * 4] == 12 || sides_.zero_mask[t * 4] == 9)
          corner_tiles.push_back(t);
      if (corner_tiles.size() == 4) symmetry_.corner_min_tile = corner_tiles[0];
    }
  }

  std::vector<int> position(cells, -1);
  for (int d = 0; d < cells; ++d) position[plan_.order[d]] = d;
  plan_.cells.assign(cells, CellPlan{});
  plan_.fixed_items.assign(cells, 0);
  plan_.tables.clear();
  plan_.tables.reserve(16);
  for (int d = 0; d < cells; ++d) {
    CellPlan& plan = plan_.cells[d];
    const int c = plan_.order[d];
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
      plan_.fixed_items[d] = static_cast<std::uint16_t>(fixed_at[c]);
    } else {
      plan.table = table_for(key_dir[0], key_dir[1], frame_mask);
    }
    if (options_.symmetry == SymmetryBreaking::kCornerRule && symmetry_.corner_min_tile >= 0) {
      // The corners hold exactly the four corner tiles: the top-left one is known (a table of
      // that tile alone) and the others are larger anyway (no test).
      if (c == symmetry_.corner_tl_cell && !fixed)
        plan.table = table_for(key_dir[0], key_dir[1], frame_mask, Exclude::kAllButCornerMin);
    } else if (options_.symmetry == SymmetryBreaking::kCornerRule) {
      if (c == symmetry_.corner_tl_cell) plan.corner = 0;
      if (std::find(symmetry_.corner_cells.begin(), symmetry_.corner_cells.end(), c) !=
          symmetry_.corner_cells.end())
        plan.corner = 1;
    }
    // The centre rule only takes candidates away (turned ones): a table without them.
    if (!fixed && options_.symmetry == SymmetryBreaking::kCentreRotation && c == centre_cell)
      plan.table = table_for(key_dir[0], key_dir[1], frame_mask, Exclude::kTurned);
    plan.slow = fixed || plan.check_count > 0 || plan.corner >= 0;
  }
  if (options_.symmetry == SymmetryBreaking::kLowestTile) {
    // Every class of board turns has exactly one member with tile 1 in the earliest-placed
    // cell of its orbit (and, at the centre, turned less than symmetry_.centre_rotations).
    auto turn = [&](int c) {
      const int i = c / cols_, j = c % cols_;
      return square ? j * cols_ + (rows_ - 1 - i) : (rows_ - 1 - i) * cols_ + (cols_ - 1 - j);
    };
    int last = -1;
    for (int d = 0; d < cells; ++d) {
      int earliest = d;
      for (int c = turn(plan_.order[d]); c != plan_.order[d]; c = turn(c))
        earliest = std::min(earliest, position[c]);
      plan_.cells[d].lowest = earliest == d ? 2 : 1;
      plan_.cells[d].lowest_centre = plan_.order[d] == centre_cell;
      if (earliest == d) last = d;
    }
    if (last >= 0) plan_.cells[last].lowest = 3;
    // Where the rule only takes candidates away (tile 1 not here; tile 1 at the centre only
    // turned less than symmetry_.centre_rotations), a table without them does it for free; only the
    // last orbit's first cell ("tile 1 must be placed by now") is tested per candidate.
    for (CellPlan& plan : plan_.cells) {
      if (plan.fixed_oriented >= 0) continue;
      const Exclude exclude = plan.lowest == 1                         ? Exclude::kTile1
                              : plan.lowest == 2 && plan.lowest_centre ? Exclude::kTile1Turned
                                                                       : Exclude::kNothing;
      if (exclude != Exclude::kNothing) {
        const CandidateTable& t = plan_.tables[plan.table];
        const int dir0 = t.dir0, dir1 = t.dir1, frame_mask = t.frame_mask;
        plan.table = table_for(dir0, dir1, frame_mask, exclude);
      }
      plan.slow = plan.slow || plan.lowest == 3;
    }
  }
  for (CellPlan& plan : plan_.cells) {
    plan.offsets = plan_.tables.empty() ? nullptr : plan_.tables[plan.table].offsets.data();
    plan.items = plan_.tables.empty() ? nullptr : plan_.tables[plan.table].items.data();
  }
  plan_masks();
}

// Opens the cell at `depth`: its candidate list for the key its known neighbours form.
inline void EdgeSearch::enter(int depth) {
  const CellPlan& plan = plan_.cells[depth];
  if (plan.fixed_oriented >= 0) {
    board_.next[depth] = &plan_.fixed_items[depth];
    board_.end[depth] = board_.next[depth] + 1;
    return;
  }
  size_t key = 0;
  if (plan.key_cell[0] >= 0) {
    key = static_cast<size_t>(sides_.need[board_.cells[plan.key_cell[0]] * 4 + plan.key_side[0]]);
    if (plan.key_cell[1] >= 0)
      key = key * (static_cast<size_t>(values_) + 1) +
            static_cast<size_t>(sides_.need[board_.cells[plan.key_cell[1]] * 4 + plan.key_side[1]]);
  }
  board_.next[depth] = plan.items + plan.offsets[key];
  board_.end[depth] = plan.items + plan.offsets[key + 1];
}

// The tests beyond "unused": the known neighbours outside the key, a fixed tile's frame,
// and symmetry breaking.
inline bool EdgeSearch::fits(int depth, int o) const {
  const CellPlan& plan = plan_.cells[depth];
  for (int k = 0; k < plan.check_count; ++k) {
    const int n = board_.cells[plan.check_cell[k]];
    const int dir = plan.check_dir[k];
    if (sides_.need[n * 4 + (dir + 2) % 4] != sides_.value_of_side[o * 4 + dir]) return false;
  }
  return symmetry_fits(plan, o, board_.cells.data(), board_.used[symmetry_.rule_tile] != 0);
}

// The symmetry rules' tests for `o` in the plan's cell, on a board whose cells placed before
// it are set (the others -1).
bool EdgeSearch::symmetry_fits(const CellPlan& plan, int o, const int* board,
                               bool rule_tile_placed) const {
  const int tile = o >> 2;
  if (plan.lowest) {
    if (tile == symmetry_.rule_tile) {
      if (plan.lowest == 1 || (plan.lowest_centre && (o & 3) >= symmetry_.centre_rotations))
        return false;
    } else if (plan.lowest == 3 && !rule_tile_placed) {
      return false;
    }
  }
  if (plan.corner == 0) {
    for (int c : symmetry_.corner_cells)
      if (board[c] >= 0 && (board[c] >> 2) < tile) return false;
  } else if (plan.corner == 1) {
    const int tl = board[symmetry_.corner_tl_cell];
    if (tl >= 0 && (tl >> 2) > tile) return false;
  }
  return true;
}

// Takes a copy of the tile (kinds: of the kind it stands for) off the pile, and back.
inline void EdgeSearch::place(int tile) {
  board_.used[tile] = --board_.copies_left[tile] == 0;
}

inline void EdgeSearch::unplace(int tile) {
  ++board_.copies_left[tile];
  board_.used[tile] = 0;
}

void EdgeSearch::record_solution() {
  // Lanes step on a little past the limit (a round ends first): the boards they find then
  // come after the last one wanted.
  if (progress_.finished) return;
  if (kinds_.on) {
    record_kind_board();
    return;
  }
  const bool keep =
      options_.mode != SolveMode::kCount && found_.solutions.size() < options_.max_kept;
  const SymmetryBreaking rule = options_.symmetry;
  // Counting boards whose tiles cannot look alike under a rule that finds each class once:
  // nothing to build.
  if (keep || !kinds_.boards_are_solutions || rule == SymmetryBreaking::kNone) {
    Solution s{current_board()};
    if (rule == SymmetryBreaking::kNone) {
      if (canonical_turn(puzzle_, s) != 0) return;  // a turn of this board is the representative
    } else if (rule == SymmetryBreaking::kCentreRotation || rule == SymmetryBreaking::kLowestTile) {
      if (const int q = canonical_turn(puzzle_, s))
        s.cells = rotate_board(s.cells, rows_, cols_, q);
    }
    if (!kinds_.boards_are_solutions) {
      std::string key = board_pattern_key(puzzle_, s);
      if (found_.patterns.size() < options_.max_patterns) {
        found_.patterns.insert(std::move(key));
      } else if (!found_.patterns.count(key)) {
        found_.patterns_complete = false;
      }
    }
    if (keep) found_.solutions.push_back(std::move(s));
  }
  ++found_.count;
  if (options_.limit && found_.count >= options_.limit) finish(false);
}

const char* EdgeSearch::engine() const {
  if (!race_.racers.empty() && race_.racers[race_.active])
    return race_.racers[race_.active]->engine();
  if (masks_.steps.empty()) return "lists";
  return lanes_.on ? "lanes" : "masks";
}

void EdgeSearch::finish(bool complete) {
  progress_.finished = true;
  progress_.complete = complete;
}

void EdgeSearch::cancel() {
  if (!progress_.finished) finish(false);
  for (auto& r : race_.racers)
    if (r) r->cancel();
}

bool EdgeSearch::run(std::uint64_t node_budget) {
  if (progress_.finished) return true;
  if (!found_.no_solution_reason.empty()) {
    finish(true);
    return true;
  }
  if (!race_.racers.empty()) return run_race(node_budget);
  const auto t0 = std::chrono::steady_clock::now();
  if (masks_.steps.empty()) {
    run_lists(node_budget);
  } else {
    run_masks(node_budget);
  }
  const std::uint64_t* per_depth = progress_.stats.nodes_per_depth.data();
  for (int d = static_cast<int>(plan_.order.size()); d > progress_.stats.max_depth; --d)
    if (per_depth[d]) {
      progress_.stats.max_depth = d;
      break;
    }
  progress_.elapsed += std::chrono::steady_clock::now() - t0;
  progress_.stats.elapsed_ms = std::chrono::duration<double, std::milli>(progress_.elapsed).count();
  return progress_.finished;
}

// The search for boards whose tiles do not fit the masks: each cell scans its candidate list
// for an unused tile that passes the cell's tests (fits()).
void EdgeSearch::run_lists(std::uint64_t node_budget) {
  const int n = static_cast<int>(plan_.order.size());
  if (!progress_.started) {
    progress_.started = true;
    board_.depth = split_.base_depth;
    if (split_.base_depth == 0 && !split_.from_prefix) progress_.stats.nodes_per_depth[0] = 1;
    if (board_.depth < n) enter(board_.depth);
  }
  std::uint64_t tries = 0, nodes = 0;
  std::uint64_t* per_depth = progress_.stats.nodes_per_depth.data();
  int depth = board_.depth;
  // Takes the tile off the cell placed at depth d.
  auto release = [this](int d) {
    const int cell = plan_.order[d];
    unplace(board_.cells[cell] >> 2);
    board_.cells[cell] = -1;
  };
  while (node_budget > 0 && !progress_.finished) {
    if (depth == n) {
      board_.depth = depth;
      record_solution();
      release(--depth);
      continue;
    }
    if (depth == split_.depth) {
      save_prefix(depth);
      if (depth == split_.base_depth) {  // cut at the root: the one prefix is the empty board
        finish(true);
        continue;
      }
      release(--depth);
      continue;
    }
    int found = -1;
    const std::uint16_t* p = board_.next[depth];
    const std::uint16_t* const end = board_.end[depth];
    const std::uint16_t* const start = p;
    if (!plan_.cells[depth].slow) {
      while (p < end && board_.used[*p >> 2]) ++p;
    } else {
      while (p < end && (board_.used[*p >> 2] || !fits(depth, *p))) ++p;
    }
    if (p < end) found = *p++;
    tries += static_cast<std::uint64_t>(p - start);
    board_.next[depth] = p;
    --node_budget;
    if (found >= 0) {
      board_.cells[plan_.order[depth]] = found;
      place(found >> 2);
      ++nodes;
      ++depth;
      ++per_depth[depth];
      if (depth < n) enter(depth);
    } else if (depth == split_.base_depth) {
      finish(true);
    } else {
      release(--depth);
    }
  }
  board_.depth = depth;
  progress_.stats.tries += tries;
  progress_.stats.nodes += nodes;
}

// Prefixes hold labelled tiles (kinds: each kind's copies in placement order), so every
// consumer (threads, workers, campaign files) sees distinct tiles.
void EdgeSearch::save_prefix(int depth) {
  std::vector<std::uint16_t> prefix(depth);
  std::vector<int> next_copy(kinds_.on ? tiles_ : 0, 0);
  for (int d = 0; d < depth; ++d) {
    const int o = board_.cells[plan_.order[d]];
    prefix[d] = static_cast<std::uint16_t>(kinds_.on ? copy_of(o, next_copy) : o);
  }
  split_.prefixes.push_back(std::move(prefix));
}

void EdgeSearch::start_from(const std::vector<std::uint16_t>& prefix) {
  split_.base_depth = static_cast<int>(prefix.size());
  board_.depth = split_.base_depth;
  split_.from_prefix = true;  // the levels above belong to the search that cut the tree
  for (int d = 0; d < split_.base_depth; ++d) {
    // Kinds: the copy's kind and look.
    const int o = kinds_.on ? kinds_.look[prefix[d]] : prefix[d];
    board_.cells[plan_.order[d]] = o;
    place(o >> 2);
  }
}

std::vector<Placement> EdgeSearch::current_board() const {
  if (!race_.racers.empty() && !progress_.finished && race_.racers[race_.active])
    return race_.racers[race_.active]->current_board();
  std::vector<Placement> out(board_.cells.size());
  for (int d = 0; d < board_.depth; ++d) {  // cells deeper than board_.depth may hold stale tiles
    const int c = plan_.order[d];
    out[c] = Placement{board_.cells[c] >> 2, board_.cells[c] & 3};
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
