#include "core/edge/model/symmetry.hpp"

#include <algorithm>

namespace tilewise {

namespace {

// Whether turning the whole board by q quarter turns maps the puzzle onto itself.
bool turn_allowed(const EdgePuzzle& p, int q) {
  return q == 0 || (p.fixed.empty() && (p.rows == p.cols || q == 2));
}

// The placement at reading-order index k of the board turned clockwise by q (each tile turns
// with it). After turning, the board has (q odd ? cols x rows : rows x cols) cells.
Placement turned_at(const std::vector<Placement>& cells, int rows, int cols, int q, int k) {
  const int out_cols = (q % 2) ? rows : cols;
  const int i = k / out_cols, j = k % out_cols;
  int si = i, sj = j;  // source cell
  if (q == 1) si = rows - 1 - j, sj = i;
  if (q == 2) si = rows - 1 - i, sj = cols - 1 - j;
  if (q == 3) si = j, sj = cols - 1 - i;
  Placement p = cells[si * cols + sj];
  if (p.tile >= 0) p.rotation = (p.rotation + q) % 4;
  return p;
}

}  // namespace

std::vector<int> board_symmetries(const EdgePuzzle& p) {
  std::vector<int> turns;
  for (int q = 0; q < 4; ++q)
    if (turn_allowed(p, q)) turns.push_back(q);
  return turns;
}

std::vector<Placement> rotate_board(const std::vector<Placement>& cells, int rows, int cols,
                                    int quarter_turns) {
  const int q = ((quarter_turns % 4) + 4) % 4;
  std::vector<Placement> out(cells.size());
  for (size_t k = 0; k < out.size(); ++k)
    out[k] = turned_at(cells, rows, cols, q, static_cast<int>(k));
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

namespace {

// solution_less(turned by a, turned by b), without building either.
bool turned_less(const std::vector<Placement>& cells, int rows, int cols, int a, int b) {
  const int n = static_cast<int>(cells.size());
  for (int k = 0; k < n; ++k) {
    const int ta = turned_at(cells, rows, cols, a, k).tile;
    const int tb = turned_at(cells, rows, cols, b, k).tile;
    if (ta != tb) return ta < tb;
  }
  for (int k = 0; k < n; ++k) {
    const int ra = turned_at(cells, rows, cols, a, k).rotation;
    const int rb = turned_at(cells, rows, cols, b, k).rotation;
    if (ra != rb) return ra < rb;
  }
  return false;
}

}  // namespace

int canonical_turn(const EdgePuzzle& p, const Solution& s) {
  int best = 0;
  for (int q = 1; q < 4; ++q)
    if (turn_allowed(p, q) && turned_less(s.cells, p.rows, p.cols, q, best)) best = q;
  return best;
}

Solution canonical_solution(const EdgePuzzle& p, const Solution& s) {
  const int q = canonical_turn(p, s);
  return q == 0 ? s : Solution{rotate_board(s.cells, p.rows, p.cols, q)};
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
