// The edge-matching puzzle model shared by every part of Tilewise
// (solver, file formats, link codec, generator, browser board).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace tilewise {

// Sides are listed clockwise: top, right, bottom, left.
enum SideIndex : int { kTop = 0, kRight = 1, kBottom = 2, kLeft = 3 };

enum class MatchRule : std::uint8_t {
  kComplement,  // Scramble Squares: motif m has halves +m and -m; facing sides must sum to 0.
  kEqual,       // Eternity II style: facing sides must carry the same colour.
};

enum class BorderRule : std::uint8_t {
  kFree,    // perimeter sides are unconstrained
  kFrame0,  // colour 0 is the frame: a side is 0 iff it lies on the board perimeter
};

// A side value. kComplement: +m or -m with m >= 1 (m = motif number, sign = half).
// kEqual: a colour >= 0 (0 = frame colour when BorderRule::kFrame0).
using Side = int;

inline constexpr int kMaxBoardSide = 16;  // 1 <= rows, cols <= 16

struct Tile {
  std::string name;             // as written in the file; labels are 1..n in input order
  std::array<Side, 4> sides{};  // T, R, B, L as written (rotation 0)
};

// Rotating a tile clockwise by r quarter turns moves its left side to the top:
// rotated[i] = sides[(i - r) mod 4].
inline std::array<Side, 4> rotated(const std::array<Side, 4>& s, int r) {
  std::array<Side, 4> out{};
  for (int i = 0; i < 4; ++i) out[i] = s[((i - r) % 4 + 4) % 4];
  return out;
}

struct FixedTile {
  int row = 0, col = 0;  // 0-based, row 0 = top
  int tile = 0;          // 0-based index into EdgePuzzle::tiles
  int rotation = 0;      // clockwise quarter turns, 0..3
};

struct EdgePuzzle {
  std::string name;  // free text, may be empty
  int rows = 3, cols = 3;
  MatchRule rule = MatchRule::kComplement;
  BorderRule border = BorderRule::kFree;
  std::vector<Tile> tiles;               // exactly rows * cols tiles
  std::vector<FixedTile> fixed;          // hint tiles, at most one per cell and per tile
  std::vector<std::string> motif_names;  // optional display names; index m-1 names motif m
                                         // (kComplement) or colour m (kEqual); may be empty
};

// One cell of a solution or of a board arrangement.
struct Placement {
  int tile = -1;     // 0-based tile index, -1 = empty cell
  int rotation = 0;  // clockwise quarter turns
};

// A full assignment, cells in reading order (row-major, top-left first).
struct Solution {
  std::vector<Placement> cells;
};

// True when sides a and b may face each other under the rule.
inline bool sides_match(MatchRule rule, Side a, Side b) {
  return rule == MatchRule::kComplement ? a + b == 0 : a == b;
}

// The side value that may face s under the rule.
inline Side partner_side(MatchRule rule, Side s) {
  return rule == MatchRule::kComplement ? -s : s;
}

}  // namespace tilewise
