#include "core/edge/model/validate.hpp"

#include <cstdlib>
#include <set>
#include <string>

namespace tilewise {

std::string tile_ref(const EdgePuzzle& p, int t) {
  return "tile " + std::to_string(t + 1) + " ('" + p.tiles[t].name + "')";
}

namespace {

Result<bool> fail(std::string what) {
  return Error{"", std::move(what)};
}

}  // namespace

Result<bool> validate_puzzle(const EdgePuzzle& p) {
  if (p.rows < 1 || p.cols < 1 || p.rows > kMaxBoardSide || p.cols > kMaxBoardSide) {
    return fail("board size " + std::to_string(p.rows) + "x" + std::to_string(p.cols) +
                " is out of range: rows and columns must be 1.." + std::to_string(kMaxBoardSide));
  }
  const int cells = p.rows * p.cols;
  if (static_cast<int>(p.tiles.size()) != cells) {
    return fail("a " + std::to_string(p.rows) + "x" + std::to_string(p.cols) + " board needs " +
                std::to_string(cells) + " tiles, found " + std::to_string(p.tiles.size()));
  }
  for (int t = 0; t < cells; ++t) {
    for (Side s : p.tiles[t].sides) {
      if (p.rule == MatchRule::kComplement) {
        if (s == 0 || std::abs(s) > kMaxComplementMotifs) {
          return fail(tile_ref(p, t) + " has side value " + std::to_string(s) +
                      ": complementary sides are motif halves +1..+26 or -1..-26");
        }
      } else if (s < 0 || s > kMaxEqualColour) {
        return fail(tile_ref(p, t) + " has colour " + std::to_string(s) + ": colours are 0.." +
                    std::to_string(kMaxEqualColour));
      }
    }
  }
  if (p.border == BorderRule::kFrame0) {
    if (p.rule != MatchRule::kEqual) return fail("a frame (border frame0) needs 'match equal'");
  }
  std::set<int> fixed_cells, fixed_tiles;
  for (const FixedTile& f : p.fixed) {
    if (f.row < 0 || f.row >= p.rows || f.col < 0 || f.col >= p.cols) {
      return fail("fixed tile at row " + std::to_string(f.row) + ", column " +
                  std::to_string(f.col) + " is outside the board");
    }
    if (f.tile < 0 || f.tile >= cells) return fail("fixed tile refers to an unknown tile");
    if (f.rotation < 0 || f.rotation > 3) {
      return fail("fixed " + tile_ref(p, f.tile) + " has rotation " + std::to_string(f.rotation) +
                  ": rotations are 0..3");
    }
    if (!fixed_cells.insert(f.row * p.cols + f.col).second) {
      return fail("two fixed tiles at row " + std::to_string(f.row) + ", column " +
                  std::to_string(f.col));
    }
    if (!fixed_tiles.insert(f.tile).second) {
      return fail(tile_ref(p, f.tile) + " is fixed twice");
    }
  }
  return true;
}

}  // namespace tilewise
