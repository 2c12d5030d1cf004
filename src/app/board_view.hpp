// Draws a PlayBoard with ImGui's draw lists and turns mouse input into moves.
#pragma once

#include "core/play/board.hpp"
#include "imgui.h"

namespace tilewise::app {

struct BoardGeometry {
  ImVec2 origin{0, 0};  // top-left of the board, in CSS pixels
  float cell = 0;       // cell size
  // The tray of tiles off the board, under it: rows of `tray_per_row` tiles.
  ImVec2 tray_origin{0, 0};
  float tray_cell = 0, tray_gap = 0;
  int tray_per_row = 1;
};

// A hint on the board: the cell the hinted tile goes to, and where that tile is now (a cell,
// or -1 with `from_tray_tile` when it waits in the tray); -1 = nothing to mark.
struct HintMarks {
  int to_cell = -1;
  int from_cell = -1;
  int from_tray_tile = -1;
};

// Draws the board into the current window's remaining space; with `interactive`, a tray
// under it and the input of board_input.hpp (pointer and keyboard play). Returns the
// geometry drawn.
BoardGeometry draw_board(PlayBoard& board, bool interactive, const HintMarks& hint = {});

// One side of a tile as the board draws it: a wedge from `centre` to the edge a-b in `colour`
// with the tile's half of the motif's shape on the edge (`cell`: tile size).
void draw_side_wedge(ImDrawList* dl, ImVec2 centre, ImVec2 a, ImVec2 b, Side side, MatchRule rule,
                     float cell, ImU32 colour);

// The height draw_board needs at content width `width` (board and tray).
float board_view_height(const PlayBoard& board, float width);
// The height of the motif key's lines after its first, last drawn (a narrow screen wraps it).
float motif_key_wrapped_height();

// Tiles slide from where they are on `before` to their places on the board drawn next
// (~350 ms), e.g. when a solution is applied. board_animating() is true meanwhile.
void animate_from(const PlayBoard& before);
bool board_animating();
int board_animations();  // slides started so far

}  // namespace tilewise::app
