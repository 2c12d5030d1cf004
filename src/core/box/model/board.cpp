#include "core/box/model/board.hpp"

#include <algorithm>
#include <cctype>
#include <iterator>
#include <numeric>
#include <random>
#include <set>

namespace tilewise::box {
namespace {

// A character for a message: printable ASCII in quotes, anything else as its byte value (a
// lone byte of a UTF-8 sequence would make the message itself invalid text).
std::string describe_char(char c) {
  const auto u = static_cast<unsigned char>(c);
  if (u >= 0x20 && u < 0x7f) return std::string("character '") + c + "'";
  static const char kHex[] = "0123456789ABCDEF";
  return std::string("byte 0x") + kHex[u >> 4] + kHex[u & 15];
}

// A half turn is written with the suffix "2" ("Q12" = Q1 half) while every button number
// has one digit; from 5x5 on (10+ buttons) "B12" is button 12, so the half turn of B1 is
// written "B1x2". parse_move accepts "x2" on every size.
const char* half_turn_suffix(int size) {
  return (size - 1) * (size - 1) > 9 ? "x2" : "2";
}

constexpr const char* kMoveSetNames[] = {"cw", "cw+ccw", "cw+ccw+half"};  // by MoveSet

}  // namespace

int board_size(const std::vector<int>& board) {
  int n = 0;
  while (n * n < static_cast<int>(board.size())) ++n;
  return n * n == static_cast<int>(board.size()) ? n : 0;
}

Result<std::vector<int>> parse_board(std::string_view text, std::string_view what) {
  const std::string where(what);
  std::vector<int> cells;
  const bool commas = text.find(',') != std::string_view::npos;
  std::string number;
  for (std::size_t i = 0; i <= text.size(); ++i) {
    const char c = i < text.size() ? text[i] : '/';  // (the last number ends there)
    if (std::isdigit(static_cast<unsigned char>(c))) {
      if (commas)
        number.push_back(c);
      else
        cells.push_back(c - '0');
    } else if (c == ',' || c == '/' || c == ' ') {
      if (number.size() > 3) return Error{where, "number '" + number + "' is too long"};
      if (!number.empty()) cells.push_back(std::stoi(number));
      number.clear();
    } else {
      return Error{where, "unexpected " + describe_char(c) +
                              ": write the board row by row, e.g. 765/849/321 or 1,2,3,4/5,..."};
    }
    if (i < text.size() && cells.size() > static_cast<size_t>(kMaxBoardSize * kMaxBoardSize))
      return Error{where, "too many numbers: at most " + std::to_string(kMaxBoardSize) + "x" +
                              std::to_string(kMaxBoardSize)};
  }
  const int n = board_size(cells);
  if (n < kMinSize)  // (0: not square)
    return Error{where, std::to_string(cells.size()) +
                            " numbers do not make a square board of at least 2x2 (4, 9, 16, ... "
                            "numbers)"};
  if (n > 3 && !commas) return Error{where, "boards bigger than 3x3 need comma-separated numbers"};
  std::set<int> seen;
  for (int v : cells) {
    if (v < 1 || v > n * n)
      return Error{where, "number " + std::to_string(v) + " is out of range: a " +
                              std::to_string(n) + "x" + std::to_string(n) + " board holds 1.." +
                              std::to_string(n * n)};
    if (!seen.insert(v).second)
      return Error{where, "number " + std::to_string(v) + " appears twice"};
  }
  return cells;
}

std::string format_board(const std::vector<int>& board, int size) {
  std::string out;
  for (int i = 0; i < size * size; ++i) {
    if (i > 0) out += (i % size == 0) ? "/" : (size > 3 ? "," : "");
    out += std::to_string(board[i]);
  }
  return out;
}

std::string move_name(const Move& m, int size) {
  std::string name(1, size == 3 ? 'Q' : 'B');  // appended, not operator+ (GCC 12 -Wrestrict)
  name.append(std::to_string(m.button + 1));
  if (m.quarter_turns == 3) name += "'";
  if (m.quarter_turns == 2) name += half_turn_suffix(size);
  return name;
}

Result<Move> parse_move(std::string_view name, int size, MoveSet moves) {
  const std::string text(name);
  const int buttons = (size - 1) * (size - 1);
  const char letter = size == 3 ? 'Q' : 'B';
  // The page names the 3x3 buttons B1..B4 as on every size: both letters are read there.
  const char first = text.empty() ? '\0' : std::toupper(static_cast<unsigned char>(text[0]));
  if (first != letter && !(size == 3 && first == 'B'))
    return Error{"move '" + text + "'", std::string("moves are ") + letter + "1.." + letter +
                                            std::to_string(buttons) + " with an optional ' or " +
                                            half_turn_suffix(size)};
  // The button: at most as many digits as the largest button number has.
  const size_t max_digits = std::to_string(buttons).size();
  size_t i = 1;
  int button = 0;
  for (; i < text.size() && i <= max_digits && std::isdigit(static_cast<unsigned char>(text[i]));
       ++i)
    button = button * 10 + (text[i] - '0');
  Move m{button - 1, 1};
  if (i < text.size() && text[i] == '\'')
    m.quarter_turns = 3, ++i;
  else if (text.compare(i, 2, "x2") == 0)
    m.quarter_turns = 2, i += 2;
  else if (max_digits == 1 && i < text.size() && text[i] == '2')
    m.quarter_turns = 2, ++i;
  if (i == 1 || i != text.size() || m.button < 0 || m.button >= buttons)
    return Error{"move '" + text + "'", "no such button on a " + std::to_string(size) + "x" +
                                            std::to_string(size) + " board"};
  if ((m.quarter_turns == 3 && moves == MoveSet::kClockwise) ||
      (m.quarter_turns == 2 && moves != MoveSet::kBothDirectionsAndHalf))
    return Error{"move '" + text + "'",
                 std::string("not allowed with moves ") + move_set_name(moves)};
  return m;
}

Result<std::vector<Move>> parse_moves(std::string_view text, int size, MoveSet moves) {
  std::vector<Move> out;
  for (std::size_t i = 0; i <= text.size();) {
    const std::size_t end = std::min(text.find_first_of(" ,", i), text.size());
    if (end > i) {
      Result<Move> m = parse_move(text.substr(i, end - i), size, moves);
      if (!m) return m.error();
      out.push_back(*m);
    }
    i = end + 1;
  }
  return out;
}

std::vector<Move> allowed_moves(int size, MoveSet moves) {
  std::vector<Move> out;
  const int buttons = (size - 1) * (size - 1);
  for (int b = 0; b < buttons; ++b) {
    out.push_back({b, 1});
    if (moves != MoveSet::kClockwise) out.push_back({b, 3});
    if (moves == MoveSet::kBothDirectionsAndHalf) out.push_back({b, 2});
  }
  return out;
}

MoveSet parse_move_set(std::string_view name, bool& ok) {
  const auto* at = std::find(std::begin(kMoveSetNames), std::end(kMoveSetNames), name);
  ok = at != std::end(kMoveSetNames);
  return ok ? static_cast<MoveSet>(at - kMoveSetNames) : MoveSet::kClockwise;
}

const char* move_set_name(MoveSet moves) {
  return kMoveSetNames[static_cast<int>(moves)];
}

void apply_move(std::vector<int>& board, int size, const Move& m) {
  const int r = m.button / (size - 1), c = m.button % (size - 1);
  const int tl = r * size + c, tr = tl + 1, bl = tl + size, br = bl + 1;
  for (int k = 0; k < m.quarter_turns; ++k) {
    // clockwise: top-left -> top-right -> bottom-right -> bottom-left -> top-left
    const int t = board[bl];
    board[bl] = board[br];
    board[br] = board[tr];
    board[tr] = board[tl];
    board[tl] = t;
  }
}

std::vector<std::uint8_t> renamed_start(const BoxPuzzle& p) {
  std::vector<std::uint8_t> name(p.target.size() + 1), out(p.start.size());
  for (std::size_t i = 0; i < p.target.size(); ++i)
    name[static_cast<std::size_t>(p.target[i])] = static_cast<std::uint8_t>(i);
  for (std::size_t i = 0; i < p.start.size(); ++i)
    out[i] = name[static_cast<std::size_t>(p.start[i])];
  return out;
}

std::vector<std::vector<int>> scrambled_boards(int size, MoveSet moves, int count, int turns,
                                               unsigned seed) {
  std::mt19937 rng(seed);
  const std::vector<Move> allowed = allowed_moves(size, moves);
  std::vector<std::vector<int>> out;
  for (int i = 0; i < count; ++i) {
    std::vector<int> b(static_cast<size_t>(size * size));
    std::iota(b.begin(), b.end(), 1);
    for (int t = 0; t < turns; ++t) apply_move(b, size, allowed[rng() % allowed.size()]);
    out.push_back(b);
  }
  return out;
}

}  // namespace tilewise::box
