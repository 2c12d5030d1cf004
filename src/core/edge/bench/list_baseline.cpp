#include "core/edge/bench/list_baseline.hpp"

#include <algorithm>
#include <vector>

namespace tilewise {
namespace {

struct Baseline {
  int rows = 0, cols = 0, values = 0;        // value `values` = no constraint (first row/column)
  std::vector<int> frame_of_cell;            // cell -> frame pattern (0 on free boards)
  std::vector<std::uint32_t> start;          // (pattern, up, left) -> offset into items
  std::vector<std::uint16_t> items;          // oriented tiles (tile * 4 + rotation)
  std::vector<int> right_need, bottom_need;  // oriented -> the key its neighbour must match
  std::vector<std::uint16_t> board;
  std::vector<char> used;
  std::uint64_t assignments = 0, nodes = 0, max_nodes = 0;
  bool stopped = false;
  bool first_only = false;  // stop at the first board (stopped stays false)
  bool found = false;

  std::size_t key(int pattern, int up, int left) const {
    return (static_cast<std::size_t>(pattern) * (values + 1) + up) * (values + 1) + left;
  }

  void place(int cell) {
    if (cell == rows * cols) {
      ++assignments;
      found = first_only;
      return;
    }
    const int up = cell >= cols ? bottom_need[board[cell - cols]] : values;
    const int left = cell % cols ? right_need[board[cell - 1]] : values;
    if (up < 0 || left < 0) return;  // a side nothing can face
    const std::size_t k = key(frame_of_cell[cell], up, left);
    for (std::uint32_t x = start[k]; x < start[k + 1]; ++x) {
      const std::uint16_t o = items[x];
      if (used[o >> 2]) continue;
      if (++nodes == max_nodes) stopped = true;
      if (stopped) return;
      used[o >> 2] = 1;
      board[cell] = o;
      place(cell + 1);
      if (found) return;  // the board stays as found
      used[o >> 2] = 0;
    }
  }
};

}  // namespace

namespace {

ListBaselineResult run_baseline(const EdgePuzzle& p, std::uint64_t max_nodes, bool first_only) {
  Baseline b;
  b.first_only = first_only;
  b.rows = p.rows;
  b.cols = p.cols;
  b.max_nodes = max_nodes;
  const int n = static_cast<int>(p.tiles.size());
  std::vector<Side> values;
  for (const Tile& t : p.tiles) values.insert(values.end(), t.sides.begin(), t.sides.end());
  std::sort(values.begin(), values.end());
  values.erase(std::unique(values.begin(), values.end()), values.end());
  b.values = static_cast<int>(values.size());
  auto index = [&](Side v) {  // -1: absent
    auto it = std::lower_bound(values.begin(), values.end(), v);
    return it != values.end() && *it == v ? static_cast<int>(it - values.begin()) : -1;
  };
  const bool framed = p.border == BorderRule::kFrame0;
  b.frame_of_cell.resize(static_cast<std::size_t>(p.rows) * p.cols);
  for (int i = 0; i < p.rows; ++i)
    for (int j = 0; j < p.cols; ++j)
      b.frame_of_cell[i * p.cols + j] =
          framed ? (i == 0) | (j == p.cols - 1) << 1 | (i == p.rows - 1) << 2 | (j == 0) << 3 : 0;
  // Each oriented tile goes in the lists of its frame pattern under its own (up, left) and
  // under "no constraint" for the first row and column.
  std::vector<std::vector<std::uint16_t>> lists(b.key(16, 0, 0));
  b.right_need.resize(n * 4);
  b.bottom_need.resize(n * 4);
  for (int t = 0; t < n; ++t)
    for (int r = 0; r < 4; ++r) {
      const auto s = rotated(p.tiles[t].sides, r);
      const int o = t * 4 + r;
      const bool complement = p.rule == MatchRule::kComplement;
      b.right_need[o] = index(complement ? -s[kRight] : s[kRight]);
      b.bottom_need[o] = index(complement ? -s[kBottom] : s[kBottom]);
      int pattern = 0;
      for (int d = 0; d < 4; ++d) pattern |= (framed && s[d] == 0) << d;
      for (int up : {index(s[kTop]), b.values})
        for (int left : {index(s[kLeft]), b.values})
          lists[b.key(pattern, up, left)].push_back(static_cast<std::uint16_t>(o));
    }
  for (const auto& list : lists) {
    b.start.push_back(static_cast<std::uint32_t>(b.items.size()));
    b.items.insert(b.items.end(), list.begin(), list.end());
  }
  b.start.push_back(static_cast<std::uint32_t>(b.items.size()));
  b.board.assign(static_cast<std::size_t>(p.rows) * p.cols, 0);
  b.used.assign(n, 0);
  b.place(0);
  ListBaselineResult r{b.assignments, b.nodes, b.stopped, {}};
  if (b.found)
    for (const std::uint16_t o : b.board) r.first.push_back(Placement{o >> 2, o & 3});
  return r;
}

}  // namespace

ListBaselineResult list_baseline_count(const EdgePuzzle& p, std::uint64_t max_nodes) {
  return run_baseline(p, max_nodes, false);
}

ListBaselineResult list_baseline_first(const EdgePuzzle& p, std::uint64_t max_nodes) {
  return run_baseline(p, max_nodes, true);
}

}  // namespace tilewise
