#include "core/edge/generator.hpp"

#include <string>
#include <utility>
#include <vector>

#include "core/edge/validate.hpp"
#include "core/random.hpp"

namespace tilewise {
namespace {

Side random_side(SplitMix64& rng, const GenerateOptions& o) {
  const int m =
      1 + o.frame_motifs + static_cast<int>(rng.below(static_cast<std::uint64_t>(o.motifs)));
  if (o.rule == MatchRule::kEqual) return m;
  return rng.below(2) ? m : -m;
}

Side partner(MatchRule rule, Side s) {
  return rule == MatchRule::kComplement ? -s : s;
}

EdgePuzzle one_attempt(SplitMix64& rng, const GenerateOptions& o) {
  const int cells = o.rows * o.cols;
  std::vector<std::array<Side, 4>> solved(cells);
  for (int i = 0; i < o.rows; ++i) {
    for (int j = 0; j < o.cols; ++j) {
      auto& s = solved[i * o.cols + j];
      const bool frame = o.border == BorderRule::kFrame0;
      s[kTop] = i > 0 ? partner(o.rule, solved[(i - 1) * o.cols + j][kBottom])
                      : (frame ? 0 : random_side(rng, o));
      s[kLeft] = j > 0 ? partner(o.rule, solved[i * o.cols + j - 1][kRight])
                       : (frame ? 0 : random_side(rng, o));
      s[kRight] = (j == o.cols - 1 && frame) ? 0 : random_side(rng, o);
      s[kBottom] = (i == o.rows - 1 && frame) ? 0 : random_side(rng, o);
      if (frame && o.frame_motifs > 0) {  // sides between two frame tiles
        auto frame_side = [&] { return 1 + static_cast<int>(rng.below(o.frame_motifs)); };
        if ((i == 0 || i == o.rows - 1) && j < o.cols - 1) s[kRight] = frame_side();
        if ((j == 0 || j == o.cols - 1) && i < o.rows - 1) s[kBottom] = frame_side();
      }
    }
  }
  // A motif half drawn only on the free border would have no partner anywhere (an invalid
  // puzzle): such sides take a half that is used inside instead.
  if (o.rule == MatchRule::kComplement && o.border == BorderRule::kFree && cells > 1) {
    std::vector<Side> inner;
    for (int i = 0; i < o.rows; ++i)
      for (int j = 0; j < o.cols; ++j) {
        if (j + 1 < o.cols) inner.push_back(solved[i * o.cols + j][kRight]);
        if (i + 1 < o.rows) inner.push_back(solved[i * o.cols + j][kBottom]);
      }
    auto present = [&](Side v) {
      for (const auto& s : solved)
        for (Side x : s)
          if (x == v) return true;
      return false;
    };
    for (int i = 0; i < o.rows; ++i)
      for (int j = 0; j < o.cols; ++j) {
        auto& s = solved[i * o.cols + j];
        const bool outside[4] = {i == 0, j == o.cols - 1, i == o.rows - 1, j == 0};
        for (int d = 0; d < 4; ++d)
          if (outside[d] && !present(-s[d])) s[d] = -inner[rng.below(inner.size())];
      }
  }
  // Shuffle cells (Fisher-Yates) and turn each tile by a random quarter turn.
  std::vector<int> perm(cells);
  for (int k = 0; k < cells; ++k) perm[k] = k;
  for (int k = cells - 1; k > 0; --k) std::swap(perm[k], perm[rng.below(k + 1)]);
  EdgePuzzle p;
  p.rows = o.rows;
  p.cols = o.cols;
  p.rule = o.rule;
  p.border = o.border;
  p.name = "generated " + std::to_string(o.rows) + "x" + std::to_string(o.cols) + " seed " +
           std::to_string(o.seed);
  std::vector<int> rotation_of(cells);
  for (int k = 0; k < cells; ++k) {
    const int cell = perm[k];
    const int r = static_cast<int>(rng.below(4));
    rotation_of[cell] = r;
    // The tile is written turned back by r, so placing it with rotation r solves the cell.
    p.tiles.push_back(Tile{std::to_string(k + 1), rotated(solved[cell], (4 - r) % 4)});
  }
  std::vector<int> tile_of_cell(cells);
  for (int k = 0; k < cells; ++k) tile_of_cell[perm[k]] = k;
  std::vector<int> cell_order(cells);
  for (int k = 0; k < cells; ++k) cell_order[k] = k;
  for (int k = cells - 1; k > 0; --k) std::swap(cell_order[k], cell_order[rng.below(k + 1)]);
  for (int h = 0; h < o.fixed_hints && h < cells; ++h) {
    const int cell = cell_order[h];
    p.fixed.push_back(
        FixedTile{cell / o.cols, cell % o.cols, tile_of_cell[cell], rotation_of[cell]});
  }
  return p;
}

}  // namespace

Result<EdgePuzzle> generate_puzzle(const GenerateOptions& o) {
  if (o.rows < 1 || o.cols < 1 || o.rows > kMaxBoardSide || o.cols > kMaxBoardSide)
    return Error{"generate", "rows and columns must be 1.." + std::to_string(kMaxBoardSide)};
  const int max_motifs = o.rule == MatchRule::kComplement ? kMaxComplementMotifs : kMaxEqualColour;
  if (o.motifs < 1 || o.motifs > max_motifs)
    return Error{"generate", "motifs must be 1.." + std::to_string(max_motifs) + " for this rule"};
  if (o.border == BorderRule::kFrame0 && o.rule != MatchRule::kEqual)
    return Error{"generate", "a frame needs the equal rule"};
  if (o.frame_motifs < 0 || (o.frame_motifs > 0 && o.border != BorderRule::kFrame0) ||
      o.frame_motifs + o.motifs > kMaxEqualColour)
    return Error{"generate", "frame colours need a frame, and at most " +
                                 std::to_string(kMaxEqualColour) + " colours in all"};
  if (o.fixed_hints < 0 || o.fixed_hints > o.rows * o.cols)
    return Error{"generate", "hints must be 0..rows*cols"};
  SplitMix64 rng(o.seed);
  for (int attempt = 0; attempt < 1000; ++attempt) {
    EdgePuzzle p = one_attempt(rng, o);
    if (validate_puzzle(p)) return p;  // e.g. a motif half drawn only on the border: redraw
  }
  return Error{"generate", "could not draw a valid puzzle with these options"};
}

}  // namespace tilewise
