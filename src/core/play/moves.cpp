#include "core/play/moves.hpp"

namespace tilewise {
namespace {

std::string tile_name(int tile) {
  return "Tile " + std::to_string(tile + 1);
}

std::string what_changed(const std::vector<Placement>& before,
                         const std::vector<Placement>& after) {
  std::vector<int> changed;
  for (size_t c = 0; c < before.size() && c < after.size(); ++c)
    if (before[c].tile != after[c].tile || before[c].rotation != after[c].rotation)
      changed.push_back(static_cast<int>(c));
  if (changed.empty()) return "No change";
  if (changed.size() == 1) {
    const Placement a = before[changed[0]], b = after[changed[0]];
    if (a.tile == b.tile) {
      const int turn = ((b.rotation - a.rotation) % 4 + 4) % 4;
      return tile_name(a.tile) + (turn == 3 ? " turned back" : " turned");
    }
    if (a.tile < 0) return tile_name(b.tile) + " placed";
    if (b.tile < 0) return tile_name(a.tile) + " taken off the board";
    return tile_name(b.tile) + " placed, " + tile_name(a.tile) + " taken off the board";
  }
  if (changed.size() == 2) {
    const Placement a0 = before[changed[0]], a1 = before[changed[1]];
    const Placement b0 = after[changed[0]], b1 = after[changed[1]];
    if (a0.tile == b1.tile && a1.tile == b0.tile) {
      if (a0.tile < 0) return tile_name(a1.tile) + " moved";
      if (a1.tile < 0) return tile_name(a0.tile) + " moved";
      return "Tiles " + std::to_string(a0.tile + 1) + " and " + std::to_string(a1.tile + 1) +
             " swapped";
    }
  }
  return std::to_string(changed.size()) + " tiles changed";
}

}  // namespace

std::string describe_move(const std::vector<Placement>& before, const std::vector<Placement>& after,
                          int matched, int inner) {
  return what_changed(before, after) + "; " + std::to_string(matched) + " of " +
         std::to_string(inner) + " edges match";
}

}  // namespace tilewise
