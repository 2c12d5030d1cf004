#include "core/edge/search/unsolvable.hpp"

#include <map>
#include <string>

#include "core/edge/model/format.hpp"
#include "core/edge/model/validate.hpp"

namespace tilewise {
namespace {

std::string side_ref(const EdgePuzzle& p, Side s) {
  return (p.rule == MatchRule::kComplement ? "motif half '" : "colour '") + side_text(p.rule, s) +
         "'";
}

// Sides of tile t with no partner on any other tile: they can never meet a neighbour.
int lonely_sides(const EdgePuzzle& p, const std::map<Side, std::map<int, int>>& carriers, int t,
                 Side* first) {
  int lonely = 0;
  for (Side s : p.tiles[t].sides) {
    if (p.border == BorderRule::kFrame0 && s == 0) continue;  // the frame faces the outside
    const auto it = carriers.find(partner_side(p.rule, s));
    const int on_others =
        it == carriers.end() ? 0 : static_cast<int>(it->second.size()) - it->second.count(t);
    if (on_others == 0) {
      if (lonely == 0 && first) *first = s;
      ++lonely;
    }
  }
  return lonely;
}

}  // namespace

std::string unsolvable_reason(const EdgePuzzle& p) {
  const int cells = p.rows * p.cols;
  if (cells <= 1) return "";                    // no two sides ever meet
  std::map<Side, std::map<int, int>> carriers;  // side value -> tile -> sides carrying it
  std::map<Side, int> sides_of;
  for (int t = 0; t < cells; ++t)
    for (Side s : p.tiles[t].sides) ++carriers[s][t], ++sides_of[s];
  const int perimeter = 2 * p.rows + 2 * p.cols;
  if (p.border == BorderRule::kFrame0) {
    const int zeros = sides_of.count(0) ? sides_of.at(0) : 0;
    if (zeros != perimeter)
      return "the frame colour 0 appears on " + std::to_string(zeros) +
             " sides, but the board's perimeter has " + std::to_string(perimeter);
    for (const auto& [colour, count] : sides_of)
      if (colour != 0 && count % 2)
        return side_ref(p, colour) + " appears on an odd number of sides (" +
               std::to_string(count) + "), but inside a frame sides meet in pairs";
  }
  // A cell has at most this many sides on the board's edge.
  const int open_per_cell = p.rows == 1 && p.cols == 1 ? 4 : p.rows == 1 || p.cols == 1 ? 3 : 2;
  int lonely_total = 0;
  Side first = 0;
  int first_tile = -1;
  for (int t = 0; t < cells; ++t) {
    Side tile_first = 0;
    const int lonely = lonely_sides(p, carriers, t, &tile_first);
    if (lonely == 0) continue;
    if (first_tile < 0) first_tile = t, first = tile_first;
    lonely_total += lonely;
    if (p.border == BorderRule::kFrame0)
      return side_ref(p, tile_first) + " on " + tile_ref(p, t) +
             " has no partner on any other tile, and inside a frame every such side meets one";
    if (lonely > open_per_cell)
      return tile_ref(p, t) + " has " + std::to_string(lonely) +
             " sides with no partner on any other tile, but a cell of this board has at most " +
             std::to_string(open_per_cell) + " sides on the edge";
  }
  if (lonely_total > perimeter)
    return std::to_string(lonely_total) + " sides have no partner on any other tile (" +
           side_ref(p, first) + " on " + tile_ref(p, first_tile) + ", ...), but only " +
           std::to_string(perimeter) + " sides lie on the board's edge";
  return "";
}

}  // namespace tilewise
