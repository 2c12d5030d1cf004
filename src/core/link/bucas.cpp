#include "core/link/bucas.hpp"

#include <algorithm>
#include <cctype>
#include <map>

#include "core/edge/model/validate.hpp"

namespace tilewise {
namespace {

constexpr int kLetters = 26;

// motifs_order letterings: entry v is the default colour written as letter 'a' + v. Worked
// out (and tested) by reading Joshua Blackwood's 470 board, written with
// motifs_order=jblackwood, back into the 256 official pieces.
const std::map<std::string, std::vector<int>, std::less<>>& motif_orders() {
  static const std::map<std::string, std::vector<int>, std::less<>> orders{
      {"jblackwood",
       {0, 1, 6, 11, 16, 4, 9, 14, 19, 2, 7, 12, 17, 5, 10, 15, 20, 3, 8, 13, 18, 21, 22}},
      {"marie", {0, 1, 6, 11, 16, 4, 9, 14, 19, 2, 7, 12, 17, 5, 10, 15, 20, 3, 8, 13, 18, 21, 22}},
      {"jef", {0, 19, 14, 9, 4, 16, 11, 6, 1, 20, 15, 10, 5, 17, 12, 7, 2, 22, 21, 18, 13, 8, 3}},
  };
  return orders;
}

std::string cell_name(int cell, int cols) {
  return "cell " + std::to_string(cell / cols + 1) + "," + std::to_string(cell % cols + 1);
}

bool parse_count(std::string_view s, int& out) {
  if (s.empty() || s.size() > 4) return false;
  out = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return false;
    out = out * 10 + (c - '0');
  }
  return true;
}

}  // namespace

bool BucasBoard::empty(int cell) const {
  return pieces[cell] == 0 && edges[cell] == std::array<Side, 4>{0, 0, 0, 0};
}

bool is_bucas_link(std::string_view link) {
  return link.find("board_edges=") != std::string_view::npos;
}

Result<BucasBoard> decode_bucas_link(std::string_view link) {
  const Error bad{"bucas link", ""};
  auto fail = [&](const std::string& what) { return Error{bad.where, what}; };
  if (const size_t hash = link.find('#'); hash != std::string_view::npos)
    link.remove_prefix(hash + 1);
  std::map<std::string, std::string, std::less<>> params;
  while (!link.empty()) {
    const size_t amp = link.find('&');
    const std::string_view part = link.substr(0, amp);
    const size_t eq = part.find('=');
    if (eq != std::string_view::npos)
      params[std::string(part.substr(0, eq))] = std::string(part.substr(eq + 1));
    if (amp == std::string_view::npos) break;
    link.remove_prefix(amp + 1);
  }
  BucasBoard b;
  b.name = params["puzzle"];
  if (!parse_count(params["board_w"], b.cols) || b.cols < 1 || b.cols > kMaxBoardSide)
    return fail("board_w must be a width 1.." + std::to_string(kMaxBoardSide));
  if (!parse_count(params["board_h"], b.rows) || b.rows < 1 || b.rows > kMaxBoardSide)
    return fail("board_h must be a height 1.." + std::to_string(kMaxBoardSide));
  const int n = b.rows * b.cols;
  std::vector<int> order;
  if (auto it = params.find("motifs_order"); it != params.end() && !it->second.empty()) {
    auto found = motif_orders().find(it->second);
    if (found == motif_orders().end())
      return fail("motifs_order '" + it->second + "' is not known (jblackwood, marie, jef)");
    order = found->second;
  }
  const std::string& edges = params["board_edges"];
  if (edges.size() != static_cast<size_t>(4 * n))
    return fail("board_edges has " + std::to_string(edges.size()) + " letters, a " +
                std::to_string(b.cols) + "x" + std::to_string(b.rows) + " board needs " +
                std::to_string(4 * n));
  b.edges.resize(n);
  for (int k = 0; k < 4 * n; ++k) {
    const int v = edges[k] - 'a';
    if (v < 0 || v >= kLetters)
      return fail("board_edges: " + cell_name(k / 4, b.cols) + " has '" + std::string(1, edges[k]) +
                  "', expected a letter a..z");
    if (!order.empty() && v >= static_cast<int>(order.size()))
      return fail("board_edges: " + cell_name(k / 4, b.cols) + " has '" + std::string(1, edges[k]) +
                  "', beyond the motifs_order's colours");
    b.edges[k / 4][k % 4] = order.empty() ? v : order[v];
  }
  b.pieces.assign(n, 0);
  if (auto it = params.find("board_pieces"); it != params.end()) {
    const std::string& p = it->second;
    if (p.size() != static_cast<size_t>(3 * n))
      return fail("board_pieces has " + std::to_string(p.size()) +
                  " digits, expected 3 per cell (" + std::to_string(3 * n) + ")");
    for (int c = 0; c < n; ++c)
      if (!parse_count(std::string_view(p).substr(3 * c, 3), b.pieces[c]) || b.pieces[c] > n)
        return fail("board_pieces: " + cell_name(c, b.cols) + " must be a piece number 000.." +
                    std::to_string(n));
  }
  return b;
}

Result<std::string> encode_bucas_link(const EdgePuzzle& p, const std::vector<Placement>& board) {
  if (p.rule != MatchRule::kEqual)
    return Error{"bucas link", "only equal-colour puzzles can be written (colours a..z)"};
  if (static_cast<int>(board.size()) != p.rows * p.cols)
    return Error{"bucas link", "the board does not have rows*cols cells"};
  std::string name;
  for (char c : p.name.empty() ? std::string("tilewise") : p.name)
    name += std::isalnum(static_cast<unsigned char>(c)) || c == '-' ? c : '_';
  std::string edges, pieces;
  for (size_t c = 0; c < board.size(); ++c) {
    const Placement& x = board[c];
    if (x.tile < 0) {
      edges += "aaaa";
      pieces += "000";
      continue;
    }
    for (Side s : rotated(p.tiles[x.tile].sides, x.rotation)) {
      if (s < 0 || s >= kLetters)
        return Error{"bucas link", "colour " + std::to_string(s) + " has no letter (a..z = 0..25)"};
      edges += static_cast<char>('a' + s);
    }
    const std::string number = std::to_string(x.tile + 1);
    pieces += std::string(3 - std::min<size_t>(3, number.size()), '0') + number;
  }
  return "puzzle=" + name + "&board_w=" + std::to_string(p.cols) +
         "&board_h=" + std::to_string(p.rows) + "&board_edges=" + edges + "&board_pieces=" + pieces;
}

Result<std::vector<Placement>> place_bucas_board(const EdgePuzzle& p, const BucasBoard& b) {
  if (b.rows != p.rows || b.cols != p.cols)
    return Error{"bucas link", "the board is " + std::to_string(b.cols) + "x" +
                                   std::to_string(b.rows) + ", the puzzle " +
                                   std::to_string(p.cols) + "x" + std::to_string(p.rows)};
  const int tiles = static_cast<int>(p.tiles.size());
  std::vector<char> used(tiles, 0);
  std::vector<Placement> out(b.rows * b.cols);
  auto turn_showing = [&](int tile, const std::array<Side, 4>& edges) {
    for (int r = 0; r < 4; ++r)
      if (rotated(p.tiles[tile].sides, r) == edges) return r;
    return -1;
  };
  for (int c = 0; c < b.rows * b.cols; ++c) {
    if (b.empty(c)) continue;
    const std::string where = "bucas link " + cell_name(c, b.cols);
    if (b.pieces[c] > 0) {
      const int t = b.pieces[c] - 1;
      if (t >= tiles)
        return Error{where, "piece " + std::to_string(b.pieces[c]) + " does not exist"};
      const int r = turn_showing(t, b.edges[c]);
      if (r < 0)
        return Error{where, "piece " + std::to_string(b.pieces[c]) +
                                " does not show the link's edges in any turn"};
      if (used[t]) return Error{where, "piece " + std::to_string(b.pieces[c]) + " is placed twice"};
      used[t] = 1;
      out[c] = {t, r};
      continue;
    }
    bool found = false;
    for (int t = 0; t < tiles && !found; ++t) {
      if (used[t]) continue;
      const int r = turn_showing(t, b.edges[c]);
      if (r < 0) continue;
      used[t] = 1;
      out[c] = {t, r};
      found = true;
    }
    if (!found) return Error{where, "no unused tile of the puzzle shows these edges"};
  }
  return out;
}

Result<EdgeShare> bucas_share(const BucasBoard& b) {
  const int n = b.rows * b.cols;
  for (int c = 0; c < n; ++c)
    if (b.empty(c))
      return Error{"bucas link " + cell_name(c, b.cols),
                   "is empty: only a complete board is a puzzle (open it with its puzzle file)"};
  std::vector<int> tile_of(n);
  std::vector<int> seen(n + 1, 0);
  bool numbered = true;
  for (int c = 0; c < n; ++c) numbered = numbered && b.pieces[c] > 0 && !seen[b.pieces[c]]++;
  EdgeShare s;
  s.puzzle.name = b.name;
  s.puzzle.rows = b.rows;
  s.puzzle.cols = b.cols;
  s.puzzle.rule = MatchRule::kEqual;
  bool framed = true;
  for (int c = 0; c < n; ++c) {
    const int i = c / b.cols, j = c % b.cols;
    const bool out[4] = {i == 0, j == b.cols - 1, i == b.rows - 1, j == 0};
    for (int d = 0; d < 4; ++d) framed = framed && (b.edges[c][d] == 0) == out[d];
  }
  s.puzzle.border = framed ? BorderRule::kFrame0 : BorderRule::kFree;
  s.puzzle.tiles.resize(n);
  s.arrangement.resize(n);
  for (int c = 0; c < n; ++c) {
    const int t = numbered ? b.pieces[c] - 1 : c;
    s.puzzle.tiles[t] = Tile{std::to_string(t + 1), b.edges[c]};
    s.arrangement[c] = {t, 0};
  }
  Result<bool> valid = validate_puzzle(s.puzzle);
  if (!valid) return Error{"bucas link", valid.error().what};
  return s;
}

Result<SharedPuzzle> decode_bucas_share(std::string_view link) {
  Result<BucasBoard> board = decode_bucas_link(link);
  if (!board) return board.error();
  Result<EdgeShare> share = bucas_share(*board);
  if (!share) return share.error();
  return SharedPuzzle{*share};
}

}  // namespace tilewise
