// A board as it was played, saved with its puzzle: the native format's optional comment line
// "# arrangement: 3/1 1/0 - 2/3" (per cell in reading order: tile label/clockwise quarter
// turns, "-" for an empty cell whose tile waits in the tray). Other readers (the CLI) skip it
// as a comment. Platform-free.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/edge/model/puzzle.hpp"
#include "core/result.hpp"

namespace tilewise {

// The comment line, ending in a newline.
std::string format_arrangement(const std::vector<Placement>& cells);

// The arrangement in `text` (the first "# arrangement:" line), nothing when there is none.
// An error (where = `source_name:line`) when it does not fit `puzzle`: a cell count other
// than rows*cols, an unknown label, a tile twice, a turn outside 0..3, or a fixed tile off
// its place.
Result<std::optional<std::vector<Placement>>> read_arrangement(std::string_view text,
                                                               const EdgePuzzle& puzzle,
                                                               std::string_view source_name);

}  // namespace tilewise
