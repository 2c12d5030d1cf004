// The live search view: watch the solver's backtracking on the board at a chosen pace,
// with the nodes per depth (seed 000's call counts) growing as it goes.
#pragma once

#include <nlohmann/json.hpp>

#include "core/edge/model/puzzle.hpp"

namespace tilewise::app {

// Steps per second for the next solve request ("watch" field); 0 when not watching.
double search_watch_rate();

// The Solver panel's part: "Watch the search" toggle and pace slider (sent to a running
// watched search at once). True when watching was just switched on (the step log's section
// is opened then).
bool search_view_controls(bool running);
// The running search's figures: `figures()` draws a line (depth), then the nodes per depth
// (and the step log when watching), in an area of fixed height whether a search runs or not,
// so nothing under it moves while it runs.
void search_view_live(bool running, const nlohmann::json& progress, void (*figures)());

// Draws the partial board of a watched search in place of the play board; false (nothing
// drawn) when not watching or no board has arrived yet.
bool draw_watched_board(const EdgePuzzle& puzzle, const nlohmann::json& progress, bool running);

// Test state: {"watching", "steps_per_second"}.
nlohmann::json search_view_state();

}  // namespace tilewise::app
