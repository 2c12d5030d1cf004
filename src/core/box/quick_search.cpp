#include "core/box/quick_search.hpp"

#include <chrono>
#include <cstdlib>
#include <queue>
#include <string>
#include <unordered_map>

#include "core/box/board.hpp"

namespace tilewise::box {
namespace {

using Board = std::vector<int>;
using Estimate = std::function<int(const Board&)>;

struct Node {
  int g;
  int parent;  // -1 at the start
  Move move;   // the move from the parent
};

std::string key(const Board& b) {
  return std::string(b.begin(), b.end());  // numbers <= 64 fit a char
}

// Best-first from `start` until `done`, on f = g + weight * estimate; `states` grows by the
// states generated.
std::optional<std::vector<Move>> best_first(const Board& start, int size,
                                            const std::vector<Move>& allowed, int weight,
                                            const Estimate& estimate,
                                            const std::function<bool(const Board&)>& done,
                                            const QuickSearchLimits& limits,
                                            std::chrono::steady_clock::time_point t0,
                                            std::uint64_t& states) {
  std::vector<Node> nodes{{0, -1, {}}};
  std::vector<std::string> boards{key(start)};
  std::unordered_map<std::string, int> seen{{boards[0], 0}};
  using Entry = std::pair<int, int>;  // f, -node: smallest f first, then the newest node
  std::priority_queue<Entry, std::vector<Entry>, std::greater<>> open;
  open.push({estimate(start), 0});
  Board b;
  for (std::uint64_t popped = 0; !open.empty(); ++popped) {
    const int at = -open.top().second;
    open.pop();
    b.assign(boards[at].begin(), boards[at].end());
    if (done(b)) {
      std::vector<Move> path;
      for (int n = at; nodes[n].parent >= 0; n = nodes[n].parent) path.push_back(nodes[n].move);
      states += nodes.size();
      return std::vector<Move>(path.rbegin(), path.rend());
    }
    if (limits.cancel && limits.cancel->load(std::memory_order_relaxed)) break;
    if (limits.max_seconds > 0 && popped % 256 == 0 &&
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() >
            limits.max_seconds)
      break;
    if (nodes.size() >= limits.max_states) continue;  // no more room: finish what is open
    for (const Move& m : allowed) {
      Board next = b;
      apply_move(next, size, m);
      std::string k = key(next);
      if (seen.count(k)) continue;
      const int id = static_cast<int>(nodes.size());
      const int g = nodes[at].g + 1;
      nodes.push_back({g, at, m});
      seen.emplace(k, id);
      boards.push_back(std::move(k));
      open.push({g + weight * estimate(next), -id});
    }
  }
  states += nodes.size();
  return std::nullopt;
}

bool solved(const Board& b) {
  for (std::size_t i = 0; i < b.size(); ++i)
    if (b[i] != static_cast<int>(i) + 1) return false;
  return true;
}

int steps_home(int number, int cell, int size) {
  const int home = number - 1;
  return std::abs(home / size - cell / size) + std::abs(home % size - cell % size);
}

}  // namespace

std::optional<std::vector<Move>> quick_search(const Board& start, int size, MoveSet moves,
                                              int weight, const Estimate& bound,
                                              const QuickSearchLimits& limits,
                                              std::uint64_t& states) {
  states = 0;
  return best_first(start, size, allowed_moves(size, moves), weight, bound, solved, limits,
                    std::chrono::steady_clock::now(), states);
}

namespace {

// One frame-by-frame pass: frames of the top row and left column down to the bottom-right
// 4x4, which `finish_4x4` solves (numbers renamed 1..16).
std::optional<std::vector<Move>> frame_pass(const Board& start, int size, MoveSet moves,
                                            const Finish4x4& finish_4x4,
                                            const QuickSearchLimits& limits,
                                            std::chrono::steady_clock::time_point t0,
                                            std::uint64_t& states) {
  Board b = start;
  std::vector<Move> path;
  auto follow = [&](const std::vector<Move>& part) {
    for (const Move& m : part) apply_move(b, size, m), path.push_back(m);
  };
  const int w = size - 1;  // buttons a row
  for (int level = 0; size - level > 4; ++level) {
    std::vector<Move> inner;  // buttons whose blocks stay inside rows, columns >= level
    for (const Move& m : allowed_moves(size, moves))
      if (m.button / w >= level && m.button % w >= level) inner.push_back(m);
    std::vector<int> frame;  // row `level` left to right, then column `level` downwards
    for (int c = level; c < size; ++c) frame.push_back(level * size + c);
    for (int r = level + 1; r < size; ++r) frame.push_back(r * size + level);
    // The last two cells of the row, and of the column, are placed together (one at a time,
    // the second would have to move the first out of the way and back).
    const std::size_t row = static_cast<std::size_t>(size - level), all = frame.size();
    std::vector<std::size_t> steps;
    for (std::size_t k = 1; k <= all; ++k)
      if (k != row - 1 && k != all - 1) steps.push_back(k);
    for (std::size_t k : steps) {
      const std::vector<int> fixed(frame.begin(), frame.begin() + static_cast<long>(k));
      auto placed = [&](const Board& x) {
        for (int cell : fixed)
          if (x[cell] != cell + 1) return false;
        return true;
      };
      auto estimate = [&](const Board& x) {  // steps the fixed cells' numbers still have
        int sum = 0;
        for (int cell = 0; cell < size * size; ++cell)
          for (int f : fixed)
            if (x[cell] == f + 1) sum += steps_home(x[cell], cell, size);
        return sum;
      };
      // Weight 1: with more the last pair of a row often ran out of states (5x5, 200 k).
      auto part = best_first(b, size, inner, 1, estimate, placed, limits, t0, states);
      if (!part) return std::nullopt;
      follow(*part);
    }
  }
  // The bottom-right 4x4, renamed 1..16, with its own buttons.
  const int o = size - 4;
  Board sub(16);
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < 4; ++c) {
      const int home = b[(o + r) * size + o + c] - 1;
      sub[r * 4 + c] = (home / size - o) * 4 + (home % size - o) + 1;
    }
  auto rest = finish_4x4(sub);
  if (!rest) return std::nullopt;
  for (const Move& m : *rest)
    path.push_back({(m.button / 3 + o) * w + m.button % 3 + o, m.quarter_turns});
  return path;
}

// The board turned a quarter clockwise: cell (r, c) goes to (c, n-1-r) and each number is
// renamed after its home cell's image, so that 1..n*n stays the target; a turn keeps
// clockwise presses clockwise.
int turned_cell(int cell, int n) {
  return (cell % n) * n + (n - 1 - cell / n);
}
Board turned_board(const Board& b, int n) {
  Board out(b.size());
  for (int cell = 0; cell < n * n; ++cell)
    out[turned_cell(cell, n)] = turned_cell(b[cell] - 1, n) + 1;
  return out;
}

}  // namespace

std::optional<std::vector<Move>> frame_search(const Board& start, int size, MoveSet moves,
                                              const Finish4x4& finish_4x4,
                                              const QuickSearchLimits& limits,
                                              std::uint64_t& states) {
  const auto t0 = std::chrono::steady_clock::now();
  states = 0;
  std::optional<std::vector<Move>> best;
  Board b = start;
  for (int turns = 0; turns < 4; ++turns, b = turned_board(b, size)) {
    const double spent =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (turns > 0 && ((limits.max_seconds > 0 && spent > limits.max_seconds) ||
                      (limits.cancel && limits.cancel->load(std::memory_order_relaxed))))
      break;
    std::optional<std::vector<Move>> path =
        frame_pass(b, size, moves, finish_4x4, limits, t0, states);
    if (!path) continue;
    // The buttons turned back: a solution of the turned board, turned back, solves this one.
    for (Move& m : *path)
      for (int k = 0; k < (4 - turns) % 4; ++k) m.button = turned_cell(m.button, size - 1);
    if (!best || path->size() < best->size()) best = std::move(path);
  }
  return best;
}

}  // namespace tilewise::box
