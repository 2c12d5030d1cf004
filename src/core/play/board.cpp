#include "core/play/board.hpp"

namespace tilewise {

bool same_cells(const std::vector<Placement>& a, const std::vector<Placement>& b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (a[i].tile != b[i].tile || a[i].rotation != b[i].rotation) return false;
  return true;
}

PlayBoard::PlayBoard(const EdgePuzzle& puzzle) : puzzle_(puzzle) {
  const int n = puzzle.rows * puzzle.cols;
  cells_.assign(n, Placement{});
  std::vector<bool> placed(puzzle.tiles.size(), false);
  for (const FixedTile& f : puzzle.fixed) {
    cells_[f.row * puzzle.cols + f.col] = Placement{f.tile, f.rotation};
    placed[f.tile] = true;
  }
  int next = 0;
  for (int c = 0; c < n; ++c) {
    if (cells_[c].tile >= 0) continue;
    while (placed[next]) ++next;
    cells_[c] = Placement{next, 0};
    placed[next] = true;
  }
}

bool PlayBoard::is_fixed_cell(int cell) const {
  for (const FixedTile& f : puzzle_.fixed)
    if (f.row * puzzle_.cols + f.col == cell) return true;
  return false;
}

void PlayBoard::remember() {
  undo_.push_back(cells_);
  redo_.clear();
}

bool PlayBoard::rotate(int cell, int quarter_turns) {
  if (cell < 0 || cell >= static_cast<int>(cells_.size()) || is_fixed_cell(cell)) return false;
  remember();
  cells_[cell].rotation = ((cells_[cell].rotation + quarter_turns) % 4 + 4) % 4;
  return true;
}

bool PlayBoard::swap(int a, int b) {
  const int n = static_cast<int>(cells_.size());
  if (a < 0 || b < 0 || a >= n || b >= n || a == b || is_fixed_cell(a) || is_fixed_cell(b))
    return false;
  remember();
  std::swap(cells_[a], cells_[b]);
  return true;
}

std::vector<int> PlayBoard::tray() const {
  std::vector<bool> placed(puzzle_.tiles.size(), false);
  for (const Placement& p : cells_)
    if (p.tile >= 0) placed[p.tile] = true;
  std::vector<int> tiles;
  for (size_t t = 0; t < placed.size(); ++t)
    if (!placed[t]) tiles.push_back(static_cast<int>(t));
  return tiles;
}

bool PlayBoard::place_from_tray(int tile, int cell) {
  if (cell < 0 || cell >= static_cast<int>(cells_.size()) || is_fixed_cell(cell)) return false;
  if (tile < 0 || tile >= static_cast<int>(puzzle_.tiles.size())) return false;
  for (const Placement& p : cells_)
    if (p.tile == tile) return false;  // on the board already
  remember();
  cells_[cell] = Placement{tile, 0};
  return true;
}

bool PlayBoard::take_to_tray(int cell) {
  if (cell < 0 || cell >= static_cast<int>(cells_.size()) || is_fixed_cell(cell) ||
      cells_[cell].tile < 0)
    return false;
  remember();
  cells_[cell] = Placement{};
  return true;
}

bool PlayBoard::clear_to_tray() {
  bool any = false;
  for (int c = 0; c < static_cast<int>(cells_.size()); ++c)
    any = any || (cells_[c].tile >= 0 && !is_fixed_cell(c));
  if (!any) return false;
  remember();
  for (int c = 0; c < static_cast<int>(cells_.size()); ++c)
    if (!is_fixed_cell(c)) cells_[c] = Placement{};
  return true;
}

int PlayBoard::first_empty_cell() const {
  for (int c = 0; c < static_cast<int>(cells_.size()); ++c)
    if (cells_[c].tile < 0) return c;
  return -1;
}

void PlayBoard::set_cells(const std::vector<Placement>& cells) {
  if (cells.size() != cells_.size()) return;
  remember();
  cells_ = cells;
}

void PlayBoard::start_from(const std::vector<Placement>& cells) {
  if (cells.size() != cells_.size()) return;
  cells_ = cells;
  undo_.clear();
  redo_.clear();
}

bool PlayBoard::undo() {
  if (undo_.empty()) return false;
  redo_.push_back(cells_);
  cells_ = undo_.back();
  undo_.pop_back();
  return true;
}

bool PlayBoard::redo() {
  if (redo_.empty()) return false;
  undo_.push_back(cells_);
  cells_ = redo_.back();
  redo_.pop_back();
  return true;
}

EdgeState PlayBoard::edge(int a, int side_a, int b, int side_b) const {
  const Placement& pa = cells_[a];
  const Placement& pb = cells_[b];
  if (pa.tile < 0 || pb.tile < 0) return EdgeState::kOpen;
  const Side sa = rotated(puzzle_.tiles[pa.tile].sides, pa.rotation)[side_a];
  const Side sb = rotated(puzzle_.tiles[pb.tile].sides, pb.rotation)[side_b];
  const bool frame_inside = puzzle_.border == BorderRule::kFrame0 && (sa == 0 || sb == 0);
  return sides_match(puzzle_.rule, sa, sb) && !frame_inside ? EdgeState::kMatched
                                                            : EdgeState::kMismatched;
}

EdgeState PlayBoard::right_edge(int cell) const {
  if (cell % puzzle_.cols == puzzle_.cols - 1) return EdgeState::kOpen;
  return edge(cell, kRight, cell + 1, kLeft);
}

EdgeState PlayBoard::bottom_edge(int cell) const {
  if (cell / puzzle_.cols == puzzle_.rows - 1) return EdgeState::kOpen;
  return edge(cell, kBottom, cell + puzzle_.cols, kTop);
}

bool PlayBoard::frame_ok(int cell) const {
  if (puzzle_.border != BorderRule::kFrame0 || cells_[cell].tile < 0) return true;
  const auto s = rotated(puzzle_.tiles[cells_[cell].tile].sides, cells_[cell].rotation);
  const int i = cell / puzzle_.cols, j = cell % puzzle_.cols;
  return (s[kTop] == 0) == (i == 0) && (s[kBottom] == 0) == (i == puzzle_.rows - 1) &&
         (s[kLeft] == 0) == (j == 0) && (s[kRight] == 0) == (j == puzzle_.cols - 1);
}

int PlayBoard::matched_edges() const {
  int n = 0;
  for (int c = 0; c < static_cast<int>(cells_.size()); ++c) {
    n += right_edge(c) == EdgeState::kMatched;
    n += bottom_edge(c) == EdgeState::kMatched;
  }
  return n;
}

int PlayBoard::inner_edges() const {
  return puzzle_.rows * (puzzle_.cols - 1) + (puzzle_.rows - 1) * puzzle_.cols;
}

bool PlayBoard::solved() const {
  for (int c = 0; c < static_cast<int>(cells_.size()); ++c)
    if (cells_[c].tile < 0 || !frame_ok(c)) return false;
  return matched_edges() == inner_edges();
}

}  // namespace tilewise
