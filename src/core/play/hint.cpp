#include "core/play/hint.hpp"

#include <algorithm>

#include "core/edge/model/symmetry.hpp"
#include "core/edge/search/solver.hpp"

namespace tilewise {
namespace {

// Two placements of the same tile agree when its turned sides are the same, so a
// symmetric tile turned by a half turn still counts as in place.
bool same_place(const EdgePuzzle& p, const Placement& a, const Placement& b) {
  if (a.tile != b.tile || a.tile < 0) return false;
  const auto& s = p.tiles[a.tile].sides;
  return rotated(s, a.rotation) == rotated(s, b.rotation);
}

int agreement(const EdgePuzzle& p, const std::vector<Placement>& cells,
              const std::vector<Placement>& target) {
  int kept = 0;
  for (size_t c = 0; c < cells.size(); ++c) kept += same_place(p, cells[c], target[c]);
  return kept;
}

}  // namespace

Hint find_hint(const EdgePuzzle& puzzle, const std::vector<Placement>& cells,
               const HintLimits& limits) {
  SolveOptions options;
  options.mode = SolveMode::kAll;
  options.limit = limits.max_solutions;
  options.max_kept = limits.max_solutions;
  EdgeSearch search(puzzle, options);
  std::uint64_t spent = 0;
  const std::uint64_t slice = std::min<std::uint64_t>(100000, limits.node_budget);
  while (!search.run(slice)) {
    spent += slice;
    if (spent >= limits.node_budget) break;
  }
  Hint hint;
  if (search.solutions().empty()) {
    hint.kind = search.complete() ? Hint::Kind::kNoSolution : Hint::Kind::kUnknown;
    return hint;
  }
  // Every solution found stands for its whole class of board rotations.
  hint.kept = -1;
  for (const Solution& s : search.solutions())
    for (int turn : board_symmetries(puzzle)) {
      std::vector<Placement> t = rotate_board(s.cells, puzzle.rows, puzzle.cols, turn);
      const int kept = agreement(puzzle, cells, t);
      if (kept > hint.kept) {
        hint.kept = kept;
        hint.target = std::move(t);
      }
    }
  const int n = static_cast<int>(cells.size());
  if (hint.kept == n) {
    hint.kind = Hint::Kind::kSolved;
    return hint;
  }
  hint.kind = Hint::Kind::kPlace;
  // Prefer a cell whose right tile is already on the board but wrongly turned: one click.
  for (int pass = 0; pass < 2 && hint.cell < 0; ++pass)
    for (int c = 0; c < n; ++c) {
      if (same_place(puzzle, cells[c], hint.target[c])) continue;
      if (pass == 0 && cells[c].tile != hint.target[c].tile) continue;
      hint.cell = c;
      hint.place = hint.target[c];
      break;
    }
  return hint;
}

int hint_tile_cell(const Hint& hint, const std::vector<Placement>& cells) {
  if (hint.kind != Hint::Kind::kPlace) return -1;
  for (size_t c = 0; c < cells.size(); ++c)
    if (cells[c].tile == hint.place.tile) return static_cast<int>(c);
  return -1;
}

std::string describe_hint(const Hint& hint, const std::vector<Placement>& cells, int cols) {
  switch (hint.kind) {
    case Hint::Kind::kSolved:
      return "The board is solved.";
    case Hint::Kind::kNoSolution:
      return "This puzzle has no solution.";
    case Hint::Kind::kUnknown:
      return "Too hard for a quick hint: try the solver.";
    case Hint::Kind::kPlace:
      break;
  }
  auto where = [cols](int cell) {
    return "row " + std::to_string(cell / cols + 1) + ", column " + std::to_string(cell % cols + 1);
  };
  const int now = hint_tile_cell(hint, cells);
  const int turn = ((hint.place.rotation - (now >= 0 ? cells[now].rotation : 0)) % 4 + 4) % 4;
  static const char* const kTurns[] = {"leave it unturned", "turn it once clockwise",
                                       "turn it twice (a half turn)",
                                       "turn it once counter-clockwise"};
  std::string text = "Tile " + std::to_string(hint.place.tile + 1) + " (now " +
                     (now >= 0 ? "at " + where(now) : std::string("in the tray")) + "): ";
  if (now == hint.cell)
    text += kTurns[turn];
  else
    text += "put it at " + where(hint.cell) + (turn ? std::string(" and ") + kTurns[turn] : "");
  text += ". ";
  if (hint.kept == 0) return text + "No tile on the board is in place for that solution yet.";
  return text + std::to_string(hint.kept) +
         (hint.kept == 1 ? " tile already fits" : " tiles already fit") + " that solution.";
}

}  // namespace tilewise
