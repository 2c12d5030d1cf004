// Puzzle Box boards and moves: parsing, printing, applying.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/box/model/puzzle.hpp"
#include "core/result.hpp"

namespace tilewise::box {

// "765849321", "765/849/321" (N <= 3, one digit a cell) or comma-separated numbers with
// optional '/' between rows ("1,2,3,4/5,6,7,8/..."). The board must be N x N with
// kMinSize <= N <= kMaxBoardSize (2..9), holding each of 1..N*N once. `what` names the board in
// errors ("start").
Result<std::vector<int>> parse_board(std::string_view text, std::string_view what);
std::string format_board(const std::vector<int>& board, int size);  // rows joined by '/'
int board_size(const std::vector<int>& board);                      // N, or 0 if not square

// Move names: Q1..Q4 on 3x3 (top-left, top-right, bottom-left, bottom-right; B1..B4, the
// page's names, are read too), B1.. on other sizes; suffix ' = counter-clockwise, 2 = half turn
// ("x2" from 5x5 on, where "B12" is button 12; "x2" is read on every size).
std::string move_name(const Move& m, int size);
Result<Move> parse_move(std::string_view name, int size, MoveSet moves);
Result<std::vector<Move>> parse_moves(std::string_view text, int size, MoveSet moves);

// The moves allowed by a move set, in a fixed order (buttons, then cw, ccw, half).
std::vector<Move> allowed_moves(int size, MoveSet moves);
MoveSet parse_move_set(std::string_view name, bool& ok);  // "cw", "cw+ccw", "cw+ccw+half"
const char* move_set_name(MoveSet moves);

void apply_move(std::vector<int>& board, int size, const Move& m);

// The puzzle's start with its numbers renamed so that the target reads 0, 1, ..., N*N - 1
// in order (cell -> number): the boards the searches and the count's tables read.
std::vector<std::uint8_t> renamed_start(const BoxPuzzle& p);

// `count` boards, each 1..N*N after `turns` presses drawn from allowed_moves by one
// std::mt19937 seeded with `seed` (the same boards on every platform): the app's Scramble
// and the benchmarks' test states.
std::vector<std::vector<int>> scrambled_boards(int size, MoveSet moves, int count, int turns,
                                               unsigned seed);

}  // namespace tilewise::box
