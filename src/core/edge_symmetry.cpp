#include "core/edge_symmetry.hpp"

#include <algorithm>

namespace tilewise {

std::vector<int> board_symmetries(const EdgePuzzle& p) {
  if (!p.fixed.empty()) return {0};
  if (p.rows == p.cols) return {0, 1, 2, 3};
  return {0, 2};
}

std::vector<Placement> rotate_board(const std::vector<Placement>& cells, int rows, int cols,
                                    int quarter_turns) {
  std::vector<Placement> out(cells.size());
  const int q = ((quarter_turns % 4) + 4) % 4;
  // After turning, the board has rows' x cols' = (q odd ? cols x rows : rows x cols).
  const int out_rows = (q % 2) ? cols : rows;
  const int out_cols = (q % 2) ? rows : cols;
  for (int i = 0; i < out_rows; ++i) {
    for (int j = 0; j < out_cols; ++j) {
      int si = i, sj = j;  // source cell
      switch (q) {
        case 1:
          si = rows - 1 - j;
          sj = i;
          break;
        case 2:
          si = rows - 1 - i;
          sj = cols - 1 - j;
          break;
        case 3:
          si = j;
          sj = cols - 1 - i;
          break;
        default:
          break;
      }
      Placement p = cells[si * cols + sj];
      if (p.tile >= 0) p.rotation = (p.rotation + q) % 4;
      out[i * out_cols + j] = p;
    }
  }
  return out;
}

bool solution_less(const Solution& a, const Solution& b) {
  const size_t n = std::min(a.cells.size(), b.cells.size());
  for (size_t i = 0; i < n; ++i)
    if (a.cells[i].tile != b.cells[i].tile) return a.cells[i].tile < b.cells[i].tile;
  for (size_t i = 0; i < n; ++i)
    if (a.cells[i].rotation != b.cells[i].rotation)
      return a.cells[i].rotation < b.cells[i].rotation;
  return a.cells.size() < b.cells.size();
}

Solution canonical_solution(const EdgePuzzle& p, const Solution& s) {
  Solution best = s;
  for (int q : board_symmetries(p)) {
    if (q == 0) continue;
    Solution turned{rotate_board(s.cells, p.rows, p.cols, q)};
    if (solution_less(turned, best)) best = std::move(turned);
  }
  return best;
}

std::string board_pattern_key(const EdgePuzzle& p, const Solution& s) {
  std::string best;
  for (int q : board_symmetries(p)) {
    const std::vector<Placement> cells = rotate_board(s.cells, p.rows, p.cols, q);
    std::string key;
    key.reserve(cells.size() * 8);
    for (const Placement& c : cells) {
      const auto sides = rotated(p.tiles[c.tile].sides, c.rotation);
      for (Side v : sides) {
        key.push_back(static_cast<char>(v & 0xff));
        key.push_back(static_cast<char>((v >> 8) & 0xff));
      }
    }
    if (best.empty() || key < best) best = std::move(key);
  }
  return best;
}

}  // namespace tilewise
