// e2.bucas.name board links, the Eternity II community's exchange format:
//   #puzzle=NAME&board_w=W&board_h=H&board_edges=...&board_pieces=...[&motifs_order=...]
// board_edges: 4 letters per cell in reading order, sides up, right, down, left, letter =
// 'a' + colour ('a' = the grey frame colour 0, and every side of an empty cell).
// board_pieces (optional): 3 decimal digits per cell, the 1-based piece number, 000 = empty.
// motifs_order (optional): jblackwood / marie or jef letter the colours in another order;
// they are read and translated to the default order, and links are written in it.
// Checked against the viewer's own reader (jfbucas/eternityII-viewer, init.js/puzzle.js):
// see docs/best-board.md.
#pragma once

#include <array>
#include <string>
#include <string_view>
#include <vector>

#include "core/edge/model/puzzle.hpp"
#include "core/link/codec.hpp"
#include "core/result.hpp"

namespace tilewise {

struct BucasBoard {
  std::string name;  // the puzzle= value, may be empty
  int rows = 0, cols = 0;
  std::vector<std::array<Side, 4>> edges;  // per cell, default colour order, T R B L
  std::vector<int> pieces;                 // per cell, 1-based; 0 = empty or not given
  bool empty(int cell) const;              // all four sides grey and no piece number
};

// True when the text looks like a bucas link (carries board_edges=); such a link is read by
// decode_bucas_link, everything else by decode_link.
bool is_bucas_link(std::string_view link);

// Accepts the whole URL, "#fragment" or the bare fragment. One clear error naming the
// parameter (and cell) at fault.
Result<BucasBoard> decode_bucas_link(std::string_view link);

// The fragment (without '#') for a board of an equal-rule puzzle with colours 0..25; cells
// with tile -1 are written empty. Piece numbers are the tiles' 1-based labels.
Result<std::string> encode_bucas_link(const EdgePuzzle& puzzle,
                                      const std::vector<Placement>& board);

// The board's cells as tiles of `puzzle`: by piece number when given (the turn is the one
// that shows the link's edges), else by the first unused tile that shows them in some turn.
Result<std::vector<Placement>> place_bucas_board(const EdgePuzzle& puzzle, const BucasBoard& board);

// A complete board is also a puzzle: its cells are the tiles (numbered by board_pieces when
// those are 1..n once each, else in reading order), shown as arranged in the link. Framed
// (border frame0) when colour 0 lies exactly on the perimeter.
Result<EdgeShare> bucas_share(const BucasBoard& board);
// decode_bucas_link then bucas_share, for a link opened on its own (the app's address).
Result<SharedPuzzle> decode_bucas_share(std::string_view link);

}  // namespace tilewise
