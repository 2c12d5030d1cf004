// The puzzle editor panel: a draft puzzle (new blank board, or a copy of the one being
// played), each tile's four sides, duplicate/delete; "Play this puzzle" validates it.
#pragma once

#include <optional>
#include <string>

#include "core/edge/puzzle.hpp"
#include "core/result.hpp"

namespace tilewise::app {

// Draws the editor inside the current window. Returns the finished puzzle when the user
// asks to play it (or the one clear error, in `error`); the draft survives errors.
std::optional<EdgePuzzle> editor_panel(const EdgePuzzle& playing, std::string& error);

}  // namespace tilewise::app
