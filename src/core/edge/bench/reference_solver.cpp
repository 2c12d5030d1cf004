#include "core/edge/bench/reference_solver.hpp"

#include <map>
#include <vector>

namespace tilewise {
namespace {

class Reference {
 public:
  Reference(const EdgePuzzle& p, bool stop, std::uint64_t max_tries)
      : p_(p), stop_(stop), max_tries_(max_tries) {
    cells_.assign(p.rows * p.cols, Placement{});
    used_.assign(p.tiles.size(), false);
    for (const FixedTile& f : p.fixed) fixed_[f.row * p.cols + f.col] = f;
  }

  ReferenceResult run() {
    place(0);
    return result_;
  }

 private:
  std::array<Side, 4> sides(const Placement& c) const {
    return rotated(p_.tiles[c.tile].sides, c.rotation);
  }

  bool fits(int cell, const std::array<Side, 4>& s) const {
    const int i = cell / p_.cols, j = cell % p_.cols;
    if (j > 0 && !sides_match(p_.rule, sides(cells_[cell - 1])[kRight], s[kLeft])) return false;
    if (i > 0 && !sides_match(p_.rule, sides(cells_[cell - p_.cols])[kBottom], s[kTop]))
      return false;
    if (p_.border == BorderRule::kFrame0) {
      if ((s[kTop] == 0) != (i == 0) || (s[kBottom] == 0) != (i == p_.rows - 1) ||
          (s[kLeft] == 0) != (j == 0) || (s[kRight] == 0) != (j == p_.cols - 1))
        return false;
    }
    return true;
  }

  bool place(int cell) {  // returns true to stop
    if (cell == p_.rows * p_.cols) {
      ++result_.assignments;
      if (result_.first.cells.empty()) result_.first.cells = cells_;
      return stop_;
    }
    const auto fixed = fixed_.find(cell);
    for (int t = 0; t < static_cast<int>(p_.tiles.size()); ++t) {
      if (used_[t]) continue;
      bool fixed_elsewhere = false;
      for (const auto& [c, f] : fixed_) fixed_elsewhere |= (f.tile == t && c != cell);
      if (fixed_elsewhere) continue;
      for (int r = 0; r < 4; ++r) {
        if (fixed != fixed_.end() && (fixed->second.tile != t || fixed->second.rotation != r))
          continue;
        if (++result_.tries == max_tries_) {
          result_.stopped = true;
          return true;
        }
        const Placement c{t, r};
        if (!fits(cell, sides(c))) continue;
        ++result_.nodes;
        cells_[cell] = c;
        used_[t] = true;
        const bool stop = place(cell + 1);
        used_[t] = false;
        if (stop) return true;
      }
    }
    return false;
  }

  const EdgePuzzle& p_;
  bool stop_;
  std::uint64_t max_tries_;
  std::vector<Placement> cells_;
  std::vector<bool> used_;
  std::map<int, FixedTile> fixed_;
  ReferenceResult result_;
};

}  // namespace

ReferenceResult reference_solve(const EdgePuzzle& puzzle, bool stop_at_first,
                                std::uint64_t max_tries) {
  return Reference(puzzle, stop_at_first, max_tries).run();
}

}  // namespace tilewise
