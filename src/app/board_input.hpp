// What the board does with the pointer (mouse or touch) and the keyboard: which tile a
// press picks, drags, clicks, long presses, and keyboard play with a visible cursor.
// board_view.cpp draws; this file turns input into PlayBoard moves.
#pragma once

#include <cmath>
#include <nlohmann/json.hpp>
#include <vector>

#include "core/play/board.hpp"
#include "imgui.h"

namespace tilewise::app {

// The board's cells on screen.
struct CellGrid {
  ImVec2 origin{0, 0};
  float cell = 0;
  int rows = 0, cols = 0;
  int cell_at(ImVec2 m) const {  // the cell under `m`, or -1
    const int j = static_cast<int>(std::floor((m.x - origin.x) / cell));
    const int i = static_cast<int>(std::floor((m.y - origin.y) / cell));
    return (i >= 0 && j >= 0 && i < rows && j < cols) ? i * cols + j : -1;
  }
  ImVec2 top_left(int c) const {
    return ImVec2(origin.x + static_cast<float>(c % cols) * cell,
                  origin.y + static_cast<float>(c / cols) * cell);
  }
};

// The tray's layout under the board (or `beside` it, right of it): `count` tiles of `cell`
// pixels in rows of `per_row`, the first at `origin`.
struct TrayLayout {
  ImVec2 origin{0, 0};
  float cell = 0, gap = 6;
  int per_row = 1, rows = 0;
  bool beside = false;
  float height() const { return rows ? 24 + static_cast<float>(rows) * (cell + gap) : 0; }
  ImVec2 slot(int k) const {  // top-left of the k-th tile
    return ImVec2(origin.x + static_cast<float>(k % per_row) * (cell + gap),
                  origin.y + static_cast<float>(k / per_row) * (cell + gap));
  }
  int slot_at(ImVec2 m) const {  // the slot under `m` (it may be past the last tile), or -1
    const int col = static_cast<int>(std::floor((m.x - origin.x) / (cell + gap)));
    const int row = static_cast<int>(std::floor((m.y - origin.y) / (cell + gap)));
    return col >= 0 && col < per_row && row >= 0 ? row * per_row + col : -1;
  }
};

// How long a press must be held, unmoved, to turn a tile back on a touch screen (a finger has
// no right button). With a mouse a held press is still a click: a slow click, or one whose
// frames come slowly on a busy machine, never turns a tile the other way.
inline constexpr double kLongPressMs = 500;

// A press, drag and release on the board or the tray. The tile moved is the one under the
// point where the button went down (ImGui's MouseClickedPos), never the one under the
// pointer when the movement is first seen. Click = turn clockwise, right-click or long
// press = turn back, drag = swap / place from the tray / take to the tray.
struct PointerInput {
  bool over_tray = false, tray_clicked = false, board_clicked = false, board_right_clicked = false;
};
void handle_pointer(PlayBoard& board, const CellGrid& grid, const TrayLayout& tray_layout,
                    const std::vector<int>& tray, const PointerInput& in);

// A named key pressed this frame (repeats while held), by ImGui's key map.
bool key_pressed(ImGuiKey key);

// Keyboard focus of the board window; call inside it once a frame (the tile board's keys and
// the Puzzle Box's share it). The board has the keys from the start; Tab moves them between
// the side panel and the board (then `tabbed_in`: show the cursor at once).
struct BoardFocus {
  bool focused = false, tabbed_in = false;
};
BoardFocus board_keyboard_focus();
// The action bar's buttons this frame and its focused button (Tab walks the board, then each
// of the bar's buttons, then the panel, then the board again).
void set_bar_buttons(int count, int* focus);

// Keyboard play while the board window has focus (Tab moves focus between the panel and the
// board): arrows move a cursor over the cells and the tray (down from the bottom row into a
// tray under the board, right from the right column into one beside it), Space turns clockwise,
// Shift+Space back, Enter picks a tile up and puts it down (swap, place, take to the tray),
// Escape drops the pick.
void handle_keys(PlayBoard& board, const CellGrid& grid, const TrayLayout& tray_layout,
                 const std::vector<int>& tray);

// What to draw for the input in progress.
struct InputView {
  int dragged_cell = -1;       // a board tile following the pointer
  int dragged_tray_tile = -1;  // a tray tile following the pointer
  int cursor = -1;             // the keyboard cursor: a cell, or cells + k = tray slot k
  int picked_cell = -1;        // a tile picked up with Enter, on a cell
  int picked_tray_tile = -1;   // or in the tray
  bool focused = false;        // the board has keyboard focus (drawn as a frame)
};
InputView input_view();
nlohmann::json board_input_state();  // for the browser tests

}  // namespace tilewise::app
