// The Puzzle Box as text and JSON, shared by `tilewise box solve` and the browser worker:
// a puzzle from typed start/target/move-set texts, and the result object.
#pragma once

#include <nlohmann/json.hpp>
#include <string_view>
#include <vector>

#include "core/box/model/puzzle.hpp"
#include "core/box/search/solver.hpp"
#include "core/result.hpp"

namespace tilewise::box {

// Start and target boards as parse_board reads them (an empty target = 1..N*N) and a move
// set name (cw, cw+ccw, cw+ccw+half). Errors name the field: "start", "target", "moves".
Result<BoxPuzzle> parse_box_puzzle(std::string_view start, std::string_view target,
                                   std::string_view moves);

// A move sequence as names: ["Q2", "Q4'", ...].
nlohmann::json move_names_json(const std::vector<Move>& moves, int size);

// {size, start, target, moves} and every BoxSolveResult field but count_table (moves as names).
nlohmann::json box_result_json(const BoxPuzzle& puzzle, const BoxSolveResult& result);

}  // namespace tilewise::box
