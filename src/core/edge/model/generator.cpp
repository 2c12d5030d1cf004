#include "core/edge/model/generator.hpp"

#include <string>
#include <utility>
#include <vector>

#include "core/edge/model/validate.hpp"
#include "core/random.hpp"

namespace tilewise {
namespace {

Side random_side(SplitMix64& rng, const GenerateOptions& o) {
  const int m = 1 + static_cast<int>(rng.below(static_cast<std::uint64_t>(o.motifs)));
  if (o.rule == MatchRule::kEqual) return m;
  return rng.below(2) ? m : -m;
}

EdgePuzzle one_attempt(SplitMix64& rng, const GenerateOptions& o) {
  const int cells = o.rows * o.cols;
  std::vector<std::array<Side, 4>> solved(cells);
  for (int i = 0; i < o.rows; ++i) {
    for (int j = 0; j < o.cols; ++j) {
      auto& s = solved[i * o.cols + j];
      const bool frame = o.border == BorderRule::kFrame0;
      s[kTop] = i > 0 ? partner_side(o.rule, solved[(i - 1) * o.cols + j][kBottom])
                      : (frame ? 0 : random_side(rng, o));
      s[kLeft] = j > 0 ? partner_side(o.rule, solved[i * o.cols + j - 1][kRight])
                       : (frame ? 0 : random_side(rng, o));
      s[kRight] = (j == o.cols - 1 && frame) ? 0 : random_side(rng, o);
      s[kBottom] = (i == o.rows - 1 && frame) ? 0 : random_side(rng, o);
      if (frame && o.border_colours > 0) {  // along the frame: a border colour
        const auto border_colour = [&] {
          return o.motifs + 1 +
                 static_cast<int>(rng.below(static_cast<std::uint64_t>(o.border_colours)));
        };
        if ((i == 0 || i == o.rows - 1) && j < o.cols - 1) s[kRight] = border_colour();
        if ((j == 0 || j == o.cols - 1) && i < o.rows - 1) s[kBottom] = border_colour();
      }
    }
  }
  // A motif half drawn only on the free border would have no partner anywhere (legal, but
  // only asked for with lonely_sides): such sides take a half that is used inside instead.
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
  if (o.lonely_sides > 0) {
    std::vector<std::pair<int, int>> edge;  // (cell, side) on the perimeter
    for (int i = 0; i < o.rows; ++i)
      for (int j = 0; j < o.cols; ++j) {
        const bool outside[4] = {i == 0, j == o.cols - 1, i == o.rows - 1, j == 0};
        for (int d = 0; d < 4; ++d)
          if (outside[d]) edge.emplace_back(i * o.cols + j, d);
      }
    for (int k = 0; k < o.lonely_sides; ++k) {
      std::swap(edge[k], edge[k + rng.below(edge.size() - k)]);
      solved[edge[k].first][edge[k].second] =
          o.rule == MatchRule::kComplement ? o.motifs + 1 : o.motifs + 1 + k;
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
  if (o.fixed_hints < 0 || o.fixed_hints > o.rows * o.cols)
    return Error{"generate", "hints must be 0..rows*cols"};
  if (o.lonely_sides != 0) {
    const int extra = o.rule == MatchRule::kComplement ? 1 : o.lonely_sides;
    if (o.border != BorderRule::kFree)
      return Error{"generate", "lonely sides need a free border (inside a frame none can fit)"};
    if (o.lonely_sides < 0 || o.lonely_sides > 2 * (o.rows + o.cols))
      return Error{"generate", "lonely sides must be 0..the board's perimeter"};
    if (o.motifs + extra > max_motifs)
      return Error{"generate", "lonely sides need motif numbers beyond 'motifs': at most " +
                                   std::to_string(max_motifs) + " in all"};
  }
  if (o.border_colours != 0 && (o.border != BorderRule::kFrame0 || o.border_colours < 0 ||
                                o.motifs + o.border_colours > kMaxEqualColour))
    return Error{"generate", "border colours need a frame and colour numbers up to " +
                                 std::to_string(kMaxEqualColour)};
  SplitMix64 rng(o.seed);
  for (int attempt = 0; attempt < 1000; ++attempt) {
    EdgePuzzle p = one_attempt(rng, o);
    if (validate_puzzle(p)) return p;
  }
  return Error{"generate", "could not draw a valid puzzle with these options"};
}

}  // namespace tilewise
