// An independent checker for the edge-matching solver, written for the tests only:
// its own rotation, matching, board-turning and canonical-form code, sharing nothing
// with src/core but the EdgePuzzle struct.
#pragma once

#include <algorithm>
#include <array>
#include <set>
#include <vector>

#include "core/edge/model/puzzle.hpp"

namespace tilewise::testing {

using Cells = std::vector<std::pair<int, int>>;  // (tile, rotation) per cell, reading order

inline int side_after_turn(const EdgePuzzle& p, int tile, int rot, int side) {
  // Turning clockwise once moves the left side (3) to the top (0).
  return p.tiles[tile].sides[(side + 4 * 4 - rot) % 4];
}

// Matched inner edges of a complete board (the best search's score, counted here on its own).
inline int independent_score(const EdgePuzzle& p, const Solution& b) {
  int matched = 0;
  for (int i = 0; i < p.rows; ++i)
    for (int j = 0; j < p.cols; ++j) {
      const Placement& a = b.cells[i * p.cols + j];
      if (j + 1 < p.cols) {
        const Placement& r = b.cells[i * p.cols + j + 1];
        const int x = side_after_turn(p, a.tile, a.rotation, 1);
        const int y = side_after_turn(p, r.tile, r.rotation, 3);
        matched += p.rule == MatchRule::kComplement ? x == -y : x == y;
      }
      if (i + 1 < p.rows) {
        const Placement& d = b.cells[(i + 1) * p.cols + j];
        const int x = side_after_turn(p, a.tile, a.rotation, 2);
        const int y = side_after_turn(p, d.tile, d.rotation, 0);
        matched += p.rule == MatchRule::kComplement ? x == -y : x == y;
      }
    }
  return matched;
}

inline bool cells_fit(const EdgePuzzle& p, const Cells& c) {
  for (int i = 0; i < p.rows; ++i) {
    for (int j = 0; j < p.cols; ++j) {
      auto [t, r] = c[i * p.cols + j];
      int top = side_after_turn(p, t, r, 0), right = side_after_turn(p, t, r, 1);
      int bottom = side_after_turn(p, t, r, 2), left = side_after_turn(p, t, r, 3);
      if (j + 1 < p.cols) {
        auto [t2, r2] = c[i * p.cols + j + 1];
        int other = side_after_turn(p, t2, r2, 3);
        if (p.rule == MatchRule::kComplement ? right != -other : right != other) return false;
      }
      if (i + 1 < p.rows) {
        auto [t2, r2] = c[(i + 1) * p.cols + j];
        int other = side_after_turn(p, t2, r2, 0);
        if (p.rule == MatchRule::kComplement ? bottom != -other : bottom != other) return false;
      }
      if (p.border == BorderRule::kFrame0) {
        if ((top == 0) != (i == 0) || (left == 0) != (j == 0) ||
            (bottom == 0) != (i == p.rows - 1) || (right == 0) != (j == p.cols - 1))
          return false;
      }
    }
  }
  for (const FixedTile& f : p.fixed)
    if (c[f.row * p.cols + f.col] != std::make_pair(f.tile, f.rotation)) return false;
  return true;
}

// Turn the whole board by 90 degrees clockwise `times` times (square boards) or 180.
inline Cells turn_board(const EdgePuzzle& p, const Cells& c, int times) {
  Cells cur = c;
  int rows = p.rows, cols = p.cols;
  for (int k = 0; k < times; ++k) {
    Cells next(cur.size());
    // new[j][rows-1-i] = old[i][j]; new board has cols rows and rows columns.
    for (int i = 0; i < rows; ++i)
      for (int j = 0; j < cols; ++j) {
        auto v = cur[i * cols + j];
        v.second = (v.second + 1) % 4;
        next[j * rows + (rows - 1 - i)] = v;
      }
    cur = next;
    std::swap(rows, cols);
  }
  return cur;
}

inline std::vector<int> symmetry_turns(const EdgePuzzle& p) {
  if (!p.fixed.empty()) return {0};
  if (p.rows == p.cols) return {0, 1, 2, 3};
  return {0, 2};
}

inline bool cells_less(const Cells& a, const Cells& b) {
  for (size_t i = 0; i < a.size(); ++i)
    if (a[i].first != b[i].first) return a[i].first < b[i].first;
  for (size_t i = 0; i < a.size(); ++i)
    if (a[i].second != b[i].second) return a[i].second < b[i].second;
  return false;
}

inline Cells representative(const EdgePuzzle& p, const Cells& c) {
  Cells best = c;
  for (int t : symmetry_turns(p)) {
    Cells turned = turn_board(p, c, t);
    if (cells_less(turned, best)) best = turned;
  }
  return best;
}

inline std::vector<int> colours(const EdgePuzzle& p, const Cells& c) {
  std::vector<int> out;
  for (auto [t, r] : c)
    for (int s = 0; s < 4; ++s) out.push_back(side_after_turn(p, t, r, s));
  return out;
}

struct BruteResult {
  std::vector<Cells> classes;  // sorted representatives
  size_t patterns = 0;         // distinct coloured boards up to board turns
  size_t assignments = 0;
};

inline BruteResult summarise(const EdgePuzzle& p, const std::vector<Cells>& all) {
  std::set<Cells, decltype(&cells_less)> reps(&cells_less);
  std::set<std::vector<int>> patterns;
  for (const Cells& c : all) {
    reps.insert(representative(p, c));
    std::vector<int> best;
    for (int t : symmetry_turns(p)) {
      auto col = colours(p, turn_board(p, c, t));
      if (best.empty() || col < best) best = col;
    }
    patterns.insert(best);
  }
  BruteResult r;
  r.classes.assign(reps.begin(), reps.end());
  r.patterns = patterns.size();
  r.assignments = all.size();
  return r;
}

// Every permutation of tiles times every rotation vector: only for tiny boards (<= 2x2,
// 1x3, ...).
inline BruteResult enumerate_everything(const EdgePuzzle& p) {
  const int n = p.rows * p.cols;
  std::vector<int> perm(n);
  for (int k = 0; k < n; ++k) perm[k] = k;
  std::vector<Cells> all;
  do {
    int combos = 1;
    for (int k = 0; k < n; ++k) combos *= 4;
    for (int code = 0; code < combos; ++code) {
      Cells c(n);
      int x = code;
      for (int k = 0; k < n; ++k, x /= 4) c[k] = {perm[k], x % 4};
      if (cells_fit(p, c)) all.push_back(c);
    }
  } while (std::next_permutation(perm.begin(), perm.end()));
  return summarise(p, all);
}

// Plain depth-first enumeration in reading order, checking complete boards with
// cells_fit plus left/top partial checks: for boards up to 5x5.
inline BruteResult enumerate_by_backtracking(const EdgePuzzle& p) {
  const int n = p.rows * p.cols;
  std::vector<Cells> all;
  Cells c(n, {-1, 0});
  std::vector<bool> used(n, false);
  auto partial_ok = [&](int k) {
    const int i = k / p.cols, j = k % p.cols;
    auto [t, r] = c[k];
    auto match = [&](int a, int b) { return p.rule == MatchRule::kComplement ? a == -b : a == b; };
    if (j > 0) {
      auto [t2, r2] = c[k - 1];
      if (!match(side_after_turn(p, t2, r2, 1), side_after_turn(p, t, r, 3))) return false;
    }
    if (i > 0) {
      auto [t2, r2] = c[k - p.cols];
      if (!match(side_after_turn(p, t2, r2, 2), side_after_turn(p, t, r, 0))) return false;
    }
    if (p.border == BorderRule::kFrame0) {
      const bool edge[4] = {i == 0, j == p.cols - 1, i == p.rows - 1, j == 0};
      for (int s = 0; s < 4; ++s)
        if ((side_after_turn(p, t, r, s) == 0) != edge[s]) return false;
    }
    for (const FixedTile& f : p.fixed) {
      if (f.row * p.cols + f.col == k && (f.tile != t || f.rotation != r)) return false;
      if (f.tile == t && f.row * p.cols + f.col != k) return false;
    }
    return true;
  };
  auto rec = [&](auto&& self, int k) -> void {
    if (k == n) {
      if (cells_fit(p, c)) all.push_back(c);
      return;
    }
    for (int t = 0; t < n; ++t) {
      if (used[t]) continue;
      for (int r = 0; r < 4; ++r) {
        c[k] = {t, r};
        if (!partial_ok(k)) continue;
        used[t] = true;
        self(self, k + 1);
        used[t] = false;
      }
    }
    c[k] = {-1, 0};
  };
  rec(rec, 0);
  return summarise(p, all);
}

}  // namespace tilewise::testing
