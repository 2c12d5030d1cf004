// Boards and the checker's own moves, shared by the Puzzle Box tests.
#pragma once

#include <cstdint>
#include <map>
#include <random>
#include <tuple>
#include <vector>

#include "core/box/model/puzzle.hpp"

namespace tilewise::box::testing {

// The solved N x N board: 1, 2, ..., N*N in reading order.
inline std::vector<int> identity(int n) {
  std::vector<int> b(n * n);
  for (int i = 0; i < n * n; ++i) b[i] = i + 1;
  return b;
}

// The checker's own move: turn the 2x2 block at (r, c) clockwise `q` times, written with
// coordinates rather than the solver's index arithmetic.
inline std::vector<int> turn(std::vector<int> b, int n, int button, int q) {
  const int r = button / (n - 1), c = button % (n - 1);
  for (int k = 0; k < q; ++k) {
    const int a = b[r * n + c], bb = b[r * n + c + 1], cc = b[(r + 1) * n + c + 1],
              d = b[(r + 1) * n + c];
    b[r * n + c + 1] = a;         // top-left goes to top-right
    b[(r + 1) * n + c + 1] = bb;  // top-right to bottom-right
    b[(r + 1) * n + c] = cc;      // bottom-right to bottom-left
    b[r * n + c] = d;             // bottom-left to top-left
  }
  return b;
}

// A 4x4 board `turns` random quarter turns (buttons drawn from `rng`) from the target.
inline std::vector<int> scrambled_4x4(std::mt19937& rng, int turns) {
  std::vector<int> b = identity(4);
  for (int s = 0; s < turns; ++s) b = turn(b, 4, static_cast<int>(rng() % 9), 3);
  return b;
}

inline std::vector<int> quarter_turns(MoveSet m) {
  if (m == MoveSet::kClockwise) return {1};
  if (m == MoveSet::kBothDirections) return {1, 3};
  return {1, 3, 2};
}

inline std::vector<int> replay(std::vector<int> b, int n, const std::vector<Move>& seq) {
  for (const Move& m : seq) b = turn(b, n, m.button, m.quarter_turns);
  return b;
}

// Every N x N state within `depth` moves of the solved board, with its distance, by the
// checker's breadth-first search (boards as keys: no hashing). Searched once per process for
// each (n, moves, depth): the suites that ask for it run their tests in one process.
inline const std::map<std::vector<int>, int>& states_near(int n, MoveSet m, int depth) {
  static std::map<std::tuple<int, MoveSet, int>, std::map<std::vector<int>, int>> searched;
  auto [it, added] = searched.try_emplace({n, m, depth});
  std::map<std::vector<int>, int>& dist = it->second;
  if (!added) return dist;
  dist.emplace(identity(n), 0);
  std::vector<std::vector<int>> layer{identity(n)};
  for (int d = 1; d <= depth; ++d) {
    std::vector<std::vector<int>> next;
    for (const auto& s : layer)
      for (int b = 0; b < (n - 1) * (n - 1); ++b)
        for (int t : quarter_turns(m)) {
          auto prev = turn(s, n, b, (4 - t) % 4);
          if (dist.emplace(prev, d).second) next.push_back(prev);
        }
    layer = std::move(next);
  }
  return dist;
}
inline const std::map<std::vector<int>, int>& states_near_4x4(MoveSet m, int depth) {
  return states_near(4, m, depth);
}

// Shortest sequences from `b` (distance d in `dist`) to the solved board, spelled by the
// counting rule: no `X' X'` (it is `X X`), with half turns no button twice in a row.
inline std::uint64_t shortest_sequences(const std::vector<int>& b, int d,
                                        const std::map<std::vector<int>, int>& dist, MoveSet m,
                                        int last_button = -1, int last_turn = 0) {
  if (d == 0) return 1;
  std::uint64_t n = 0;
  for (int button = 0; button < 9; ++button)
    for (int t : quarter_turns(m)) {
      if (button == last_button && m == MoveSet::kBothDirections && t == 3 && last_turn == 3)
        continue;
      if (button == last_button && m == MoveSet::kBothDirectionsAndHalf) continue;
      const auto next = turn(b, 4, button, t);
      const auto it = dist.find(next);
      if (it != dist.end() && it->second == d - 1)
        n += shortest_sequences(next, d - 1, dist, m, button, t);
    }
  return n;
}

}  // namespace tilewise::box::testing
