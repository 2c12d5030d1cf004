// The Puzzle Box board and move parsers on arbitrary text. Input: first byte picks the
// board size (low 4 bits) and move set (high 4 bits) for the move parser; the rest, split at the
// first newline, is a board text and a move list. Parsed boards print and parse back equal; parsed
// moves are named, parsed back equal, and applied to a board keeping it a permutation.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <numeric>
#include <string>
#include <string_view>
#include <vector>

#include "core/box/model/board.hpp"
#include "fuzz_check.hpp"

namespace box = tilewise::box;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const int n = box::kMinSize + (data[0] & 0x0f) % (box::kMaxBoardSize - box::kMinSize + 1);
  const auto moves = static_cast<box::MoveSet>((data[0] >> 4) % 3);
  const std::string_view rest(reinterpret_cast<const char*>(data + 1), size - 1);
  const std::size_t nl = rest.find('\n');
  const std::string_view board_text = rest.substr(0, nl);
  const std::string_view moves_text = nl == std::string_view::npos ? "" : rest.substr(nl + 1);

  tilewise::Result<std::vector<int>> board = box::parse_board(board_text, "start");
  if (board) {
    const int side = box::board_size(*board);
    FUZZ_CHECK(side >= box::kMinSize && side <= box::kMaxBoardSize, "board size %d", side);
    std::vector<int> sorted = *board;
    std::sort(sorted.begin(), sorted.end());
    std::vector<int> expected(sorted.size());
    std::iota(expected.begin(), expected.end(), 1);
    FUZZ_CHECK(sorted == expected, "board is not a permutation of 1..N*N");
    const std::string printed = box::format_board(*board, side);
    tilewise::Result<std::vector<int>> back = box::parse_board(printed, "start");
    FUZZ_CHECK(back.ok() && *back == *board, "board '%s' does not parse back", printed.c_str());
  } else {
    FUZZ_CHECK(!board.error().what.empty(), "an error without a message");
  }

  tilewise::Result<std::vector<box::Move>> parsed = box::parse_moves(moves_text, n, moves);
  if (!parsed) {
    FUZZ_CHECK(!parsed.error().what.empty(), "an error without a message");
    return 0;
  }
  std::string names;
  std::vector<int> cells(static_cast<std::size_t>(n * n));
  std::iota(cells.begin(), cells.end(), 1);
  for (const box::Move& m : *parsed) {
    names += box::move_name(m, n) + " ";
    box::apply_move(cells, n, m);
  }
  tilewise::Result<std::vector<box::Move>> back = box::parse_moves(names, n, moves);
  FUZZ_CHECK(back.ok() && back->size() == parsed->size(), "moves '%s' do not parse back",
             names.c_str());
  for (std::size_t i = 0; i < parsed->size(); ++i)
    FUZZ_CHECK((*back)[i].button == (*parsed)[i].button &&
                   (*back)[i].quarter_turns == (*parsed)[i].quarter_turns,
               "move %zu differs after naming", i);
  std::vector<int> sorted = cells;
  std::sort(sorted.begin(), sorted.end());
  std::vector<int> expected(sorted.size());
  std::iota(expected.begin(), expected.end(), 1);
  FUZZ_CHECK(sorted == expected, "moves broke the permutation");
  return 0;
}
