// Reading a puzzle file for any sub-command, with the CLI's error reporting.
#pragma once

#include <optional>
#include <string>

#include "core/edge/model/format.hpp"
#include "core/edge/model/puzzle.hpp"

namespace tilewise::cli {

// Reads and parses FILE ("-" = standard input). Prints one error line and returns nothing
// when the file cannot be read or is not a valid puzzle.
std::optional<EdgePuzzle> read_puzzle_file(const std::string& path);

// Reads a whole file into text (at most max_bytes); prints the error and returns nothing on
// failure.
std::optional<std::string> read_text_file(const std::string& path,
                                          std::size_t max_bytes = kMaxPuzzleFileBytes);

}  // namespace tilewise::cli
