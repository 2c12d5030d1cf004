// The "Best board" mode: the worker's best-board search (edge.best; one search per core, each
// in a worker of its own, web/best_pool.js) streams better and better complete boards; each
// one is put on the play board, which marks its mismatched edges, so the address (and Share)
// hold the best board so far. The panel shows the score, a plot of
// the score over time, Start / Cancel and Share.
#pragma once

#include <nlohmann/json.hpp>

#include "core/play/board.hpp"

namespace tilewise::app {

// The panel (a collapsing header in the current window).
void best_panel(PlayBoard& board);
// Takes the worker events of its own requests (true: taken), putting improvements on `board`.
bool best_handle_event(const nlohmann::json& event, PlayBoard& board);
// A different puzzle was loaded: a running best-board search is cancelled, the plot cleared.
void best_puzzle_changed();
// Test state: {"running", "score", "max_score", "improvements" ([[ms, score], ...]), "nodes",
// "status", "workers"}.
nlohmann::json best_view_state();

}  // namespace tilewise::app
