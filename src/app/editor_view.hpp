// The puzzle editor, made for copying a physical puzzle on a phone. The panel's Edit section
// holds the draft's name, Check, Play and Share, its motifs (name and colour) and new blank
// drafts; while it is open the board area shows the draft (core/play/draft.hpp) with a
// palette under it: tap a side, then a motif half (colour plus ring or dot); each pick
// fills the selected side and moves on to the next, so a 3x3 takes 36 picks.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "core/edge/model/puzzle.hpp"

namespace tilewise::app {

// The app's loader of a different puzzle (resets play and solver state).
using PuzzleLoader = void (*)(const EdgePuzzle& puzzle, const std::string& name);

// Draws the Edit section inside the current window. Play (and Share, which also hands out
// the link) loads the finished draft through `play`; a draft that cannot be played says why
// in the section, and stays.
void editor_panel(const EdgePuzzle& playing, std::string& error, PuzzleLoader play);

// While the Edit section is open: the board area shows the draft and its palette.
bool editor_on_board();
// The height the board area wants for the draft at content width `width`.
float editor_board_height(float width);
// Draws the draft and the palette into the board window.
void draw_editor_board();

// The worker's answers to Check (ids of their own); false for events of other requests.
bool editor_handle_event(const nlohmann::json& event);

// Test state "editor": {"on_board", "rows", "cols", "tiles" (sides, 0 = not chosen), "open",
// "selected": [tile, side], "name", "motifs", "status", "checking", "board": {x, y, cell}}.
void editor_add_test_state(nlohmann::json& state);

}  // namespace tilewise::app
