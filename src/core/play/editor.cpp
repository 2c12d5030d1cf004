#include "core/play/editor.hpp"

#include <cstdlib>
#include <string>

#include "core/edge/model/validate.hpp"

namespace tilewise {

Result<EdgePuzzle> blank_puzzle(int rows, int cols, MatchRule rule, bool frame) {
  if (rows < 1 || cols < 1 || rows > kMaxBoardSide || cols > kMaxBoardSide)
    return Error{"editor", "board size must be 1..16 x 1..16, not " + std::to_string(rows) + "x" +
                               std::to_string(cols)};
  if (frame && rule != MatchRule::kEqual) return Error{"editor", "a frame needs the 'equal' rule"};
  EdgePuzzle p;
  p.rows = rows;
  p.cols = cols;
  p.rule = rule;
  p.border = frame ? BorderRule::kFrame0 : BorderRule::kFree;
  for (int i = 0; i < rows; ++i)
    for (int j = 0; j < cols; ++j) {
      Tile t;
      t.name = std::to_string(i * cols + j + 1);
      if (rule == MatchRule::kComplement) {
        t.sides = {-1, 1, 1, -1};
      } else {
        t.sides = {1, 1, 1, 1};
        if (frame) {
          if (i == 0) t.sides[kTop] = 0;
          if (j == cols - 1) t.sides[kRight] = 0;
          if (i == rows - 1) t.sides[kBottom] = 0;
          if (j == 0) t.sides[kLeft] = 0;
        }
      }
      p.tiles.push_back(t);
    }
  return p;
}

bool set_tile_side(EdgePuzzle& draft, int tile, int side, Side value) {
  if (tile < 0 || tile >= static_cast<int>(draft.tiles.size()) || side < 0 || side > 3)
    return false;
  const bool ok = draft.rule == MatchRule::kComplement
                      ? value != 0 && std::abs(value) <= kMaxComplementMotifs
                      : value >= 0 && value <= kMaxEqualColour;
  if (!ok) return false;
  draft.tiles[tile].sides[side] = value;
  return true;
}

Result<EdgePuzzle> finish_draft(const EdgePuzzle& draft) {
  Result<bool> valid = validate_puzzle(draft);
  if (!valid) return Error{"editor", valid.error().what};
  return draft;
}

}  // namespace tilewise
