// The Puzzle Box mode of the app (issue 5): a mode switch, the box's side panel and board,
// its solves in the app's worker, and its part of the test state. app.cpp calls these.
#pragma once

#include <nlohmann/json.hpp>

#include "core/box/model/puzzle.hpp"

namespace tilewise::app {

// "Tiles | Puzzle Box" radio buttons; true while the Puzzle Box mode is on.
bool box_mode_selector();
bool box_mode();
// The whole frame in Puzzle Box mode: the panel, opened by the page's `header()` (the one the
// tile mode draws: the version line and the mode switch, which stay where they are when the
// mode changes), and the board (placed by layout.hpp).
void draw_box_mode(void (*header)());
// The width of the Puzzle Box's action bar as a column beside the board (layout.hpp).
float box_bar_column_width();
// Opens a Puzzle Box puzzle (e.g. from a share link) and switches to the Puzzle Box mode.
void box_open(const box::BoxPuzzle& puzzle);
// The puzzle on screen: the current board, the target and the move set.
box::BoxPuzzle box_current_puzzle();
// A worker event: true when it belonged to a Puzzle Box request (then it is handled).
bool box_handle_event(const nlohmann::json& event);
// Adds "box": {board, target, solving, solutions, step, ...} to the published test state.
void box_add_test_state(nlohmann::json& state);

}  // namespace tilewise::app
