#include "core/edge_solver.hpp"

#include <algorithm>
#include <map>

#include "core/edge_symmetry.hpp"

namespace tilewise {
namespace {

constexpr int kDi[4] = {-1, 0, 1, 0};  // top, right, bottom, left
constexpr int kDj[4] = {0, 1, 0, -1};

int pair_index(int a, int b) {  // a < b, both 0..3 -> 0..5
  static constexpr int kIndex[4][4] = {{-1, 0, 1, 2}, {0, -1, 3, 4}, {1, 3, -1, 5}, {2, 4, 5, -1}};
  return kIndex[a][b];
}

const std::vector<int> kNoCandidates;

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

}  // namespace

EdgeSearch::EdgeSearch(const EdgePuzzle& puzzle, SolveOptions options)
    : puzzle_(puzzle), options_(options) {
  rows_ = puzzle.rows;
  cols_ = puzzle.cols;
  tiles_ = static_cast<int>(puzzle.tiles.size());
  if (options_.mode == SolveMode::kFirst) options_.limit = 1;
  if (!puzzle_.fixed.empty()) options_.symmetry = SymmetryBreaking::kNone;
  build_tables();
  plan_order(puzzle);
  board_.assign(rows_ * cols_, -1);
  used_.assign(tiles_, 0);
  list_.assign(order_.size() + 1, &kNoCandidates);
  next_.assign(order_.size() + 1, 0);
  stats_.nodes_per_depth.assign(order_.size() + 1, 0);
}

void EdgeSearch::build_tables() {
  std::map<Side, int> index;
  for (const Tile& t : puzzle_.tiles)
    for (Side s : t.sides) index.emplace(s, 0);
  int n = 0;
  for (auto& [side, idx] : index) idx = n++;
  values_ = n;
  partner_.assign(values_, -1);
  for (auto& [side, idx] : index) {
    const Side want = puzzle_.rule == MatchRule::kComplement ? -side : side;
    auto it = index.find(want);
    if (it != index.end()) partner_[idx] = it->second;
  }
  const int oriented = tiles_ * 4;
  value_of_side_.assign(oriented * 4, 0);
  zero_mask_.assign(oriented, 0);
  by_one_.assign(4 * values_, {});
  by_two_.assign(6, std::vector<std::vector<int>>(values_ * values_));
  all_oriented_.clear();
  for (int t = 0; t < tiles_; ++t) {
    for (int r = 0; r < 4; ++r) {
      const int o = t * 4 + r;
      const auto sides = rotated(puzzle_.tiles[t].sides, r);
      for (int d = 0; d < 4; ++d) {
        value_of_side_[o * 4 + d] = index[sides[d]];
        if (sides[d] == 0) zero_mask_[o] |= 1 << d;
      }
      all_oriented_.push_back(o);
      for (int d = 0; d < 4; ++d) by_one_[d * values_ + value_of_side_[o * 4 + d]].push_back(o);
      for (int a = 0; a < 4; ++a)
        for (int b = a + 1; b < 4; ++b)
          by_two_[pair_index(a, b)][value_of_side_[o * 4 + a] * values_ + value_of_side_[o * 4 + b]]
              .push_back(o);
    }
  }
}

void EdgeSearch::plan_order(const EdgePuzzle& p) {
  const int cells = rows_ * cols_;
  std::vector<int> base;
  PlacementOrder order = options_.order;
  if (order == PlacementOrder::kAuto) order = PlacementOrder::kShortSide;
  if (order == PlacementOrder::kSpiral) {
    base = spiral_order(rows_, cols_);
  } else if (order == PlacementOrder::kShortSide && cols_ > rows_) {
    for (int j = 0; j < cols_; ++j)
      for (int i = 0; i < rows_; ++i) base.push_back(i * cols_ + j);
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
  }

  std::vector<int> position(cells, -1);
  for (int d = 0; d < cells; ++d) position[order_[d]] = d;
  plan_.assign(cells, CellPlan{});
  fixed_lists_.assign(cells, {});
  for (int d = 0; d < cells; ++d) {
    CellPlan& plan = plan_[d];
    const int c = order_[d];
    plan.cell = c;
    const int i = c / cols_, j = c % cols_;
    int known = 0;
    for (int dir = 0; dir < 4; ++dir) {
      const int ni = i + kDi[dir], nj = j + kDj[dir];
      if (ni < 0 || ni >= rows_ || nj < 0 || nj >= cols_) continue;
      const int nc = ni * cols_ + nj;
      if (position[nc] >= d) continue;
      if (known < 2) {
        plan.key_dir[known] = dir;
        plan.key_cell[known] = nc;
      } else {
        plan.check_dir[known - 2] = dir;
        plan.check_cell[known - 2] = nc;
      }
      ++known;
    }
    if (p.border == BorderRule::kFrame0) {
      plan.frame_mask =
          (i == 0 ? 1 : 0) | (j == cols_ - 1 ? 2 : 0) | (i == rows_ - 1 ? 4 : 0) | (j == 0 ? 8 : 0);
    }
    if (fixed_at[c] >= 0) {
      plan.fixed_oriented = fixed_at[c];
      fixed_lists_[d] = {fixed_at[c]};
    }
    if (options_.symmetry == SymmetryBreaking::kCornerRule) {
      if (c == corner_tl_cell_) plan.corner = 0;
      if (std::find(corner_cells_.begin(), corner_cells_.end(), c) != corner_cells_.end())
        plan.corner = 1;
    }
    plan.centre = options_.symmetry == SymmetryBreaking::kCentreRotation && c == centre_cell;
  }
}

const std::vector<int>& EdgeSearch::candidates(int depth) const {
  const CellPlan& plan = plan_[depth];
  if (plan.fixed_oriented >= 0) return fixed_lists_[depth];
  int need[2] = {-1, -1};
  for (int k = 0; k < 2; ++k) {
    if (plan.key_dir[k] < 0) break;
    const int neighbour = board_[plan.key_cell[k]];
    const int facing = value_of_side_[neighbour * 4 + (plan.key_dir[k] + 2) % 4];
    need[k] = partner_[facing];
    if (need[k] < 0) return kNoCandidates;
  }
  if (plan.key_dir[0] < 0) return all_oriented_;
  if (plan.key_dir[1] < 0) return by_one_[plan.key_dir[0] * values_ + need[0]];
  return by_two_[pair_index(plan.key_dir[0], plan.key_dir[1])][need[0] * values_ + need[1]];
}

bool EdgeSearch::fits(int depth, int o) const {
  const int tile = o >> 2;
  if (used_[tile]) return false;
  const CellPlan& plan = plan_[depth];
  if (plan.fixed_oriented >= 0) {  // a fixed tile must still meet its placed neighbours
    for (int k = 0; k < 2; ++k) {
      if (plan.key_dir[k] < 0) break;
      const int n = board_[plan.key_cell[k]];
      const int facing = value_of_side_[n * 4 + (plan.key_dir[k] + 2) % 4];
      if (partner_[facing] != value_of_side_[o * 4 + plan.key_dir[k]]) return false;
    }
  }
  for (int k = 0; k < 2; ++k) {
    if (plan.check_dir[k] < 0) break;
    const int n = board_[plan.check_cell[k]];
    const int facing = value_of_side_[n * 4 + (plan.check_dir[k] + 2) % 4];
    if (partner_[facing] != value_of_side_[o * 4 + plan.check_dir[k]]) return false;
  }
  if (plan.frame_mask >= 0 && zero_mask_[o] != plan.frame_mask) return false;
  if (plan.centre && (o & 3) >= centre_rotations_) return false;
  if (plan.corner == 0) {
    for (int c : corner_cells_)
      if (board_[c] >= 0 && (board_[c] >> 2) < tile) return false;
  } else if (plan.corner == 1) {
    const int tl = board_[corner_tl_cell_];
    if (tl >= 0 && (tl >> 2) > tile) return false;
  }
  return true;
}

void EdgeSearch::record_solution() {
  Solution s;
  s.cells.resize(board_.size());
  for (size_t c = 0; c < board_.size(); ++c) s.cells[c] = Placement{board_[c] >> 2, board_[c] & 3};
  if (options_.symmetry == SymmetryBreaking::kCentreRotation) {
    s = canonical_solution(puzzle_, s);
  } else if (options_.symmetry == SymmetryBreaking::kNone) {
    Solution rep = canonical_solution(puzzle_, s);
    if (solution_less(rep, s)) return;  // another rotation of this board is the representative
  }
  ++count_;
  std::string key = board_pattern_key(puzzle_, s);
  if (patterns_.size() < options_.max_patterns) {
    patterns_.insert(std::move(key));
  } else if (!patterns_.count(key)) {
    patterns_complete_ = false;
  }
  if (options_.mode != SolveMode::kCount && solutions_.size() < options_.max_kept)
    solutions_.push_back(std::move(s));
  if (options_.limit && count_ >= options_.limit) finish(false);
}

void EdgeSearch::finish(bool complete) {
  finished_ = true;
  complete_ = complete;
}

void EdgeSearch::cancel() {
  if (!finished_) finish(false);
}

bool EdgeSearch::run(std::uint64_t node_budget) {
  if (finished_) return true;
  const auto t0 = std::chrono::steady_clock::now();
  const int n = static_cast<int>(order_.size());
  if (!started_) {
    started_ = true;
    depth_ = 0;
    stats_.nodes_per_depth[0] = 1;
    list_[0] = &candidates(0);
    next_[0] = 0;
  }
  while (node_budget > 0 && !finished_) {
    if (depth_ == n) {
      record_solution();
      --depth_;
      const int cell = order_[depth_];
      used_[board_[cell] >> 2] = 0;
      board_[cell] = -1;
      continue;
    }
    const std::vector<int>& list = *list_[depth_];
    std::uint32_t idx = next_[depth_];
    int found = -1;
    while (idx < list.size()) {
      const int o = list[idx++];
      ++stats_.tries;
      if (fits(depth_, o)) {
        found = o;
        break;
      }
    }
    next_[depth_] = idx;
    --node_budget;
    if (found >= 0) {
      board_[order_[depth_]] = found;
      used_[found >> 2] = 1;
      ++stats_.nodes;
      ++depth_;
      ++stats_.nodes_per_depth[depth_];
      stats_.max_depth = std::max(stats_.max_depth, depth_);
      if (depth_ < n) {
        list_[depth_] = &candidates(depth_);
        next_[depth_] = 0;
      }
    } else if (depth_ == 0) {
      finish(true);
    } else {
      --depth_;
      const int cell = order_[depth_];
      used_[board_[cell] >> 2] = 0;
      board_[cell] = -1;
    }
  }
  elapsed_ += std::chrono::steady_clock::now() - t0;
  stats_.elapsed_ms = std::chrono::duration<double, std::milli>(elapsed_).count();
  return finished_;
}

std::vector<Placement> EdgeSearch::current_board() const {
  std::vector<Placement> out(board_.size());
  for (size_t c = 0; c < board_.size(); ++c)
    if (board_[c] >= 0) out[c] = Placement{board_[c] >> 2, board_[c] & 3};
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
  std::sort(r.solutions.begin(), r.solutions.end(), solution_less);
  return r;
}

SolveResult solve(const EdgePuzzle& puzzle, const SolveOptions& options) {
  EdgeSearch search(puzzle, options);
  while (!search.run(1u << 20)) {
  }
  return result_of(search, puzzle.rows, puzzle.cols);
}

}  // namespace tilewise
