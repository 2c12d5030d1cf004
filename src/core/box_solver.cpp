#include "core/box_solver.hpp"

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdlib>
#include <memory>

#include "core/box_board.hpp"
#include "core/box_pattern_db.hpp"

namespace tilewise::box {
namespace {

constexpr int kStates3 = 362880;
constexpr std::array<int, 10> kFactorial = {1, 1, 2, 6, 24, 120, 720, 5040, 40320, 362880};

// Lehmer rank of a permutation of 1..9.
int rank9(const std::vector<int>& p) {
  int r = 0;
  for (int i = 0; i < 9; ++i) {
    int smaller = 0;
    for (int j = i + 1; j < 9; ++j) smaller += p[j] < p[i];
    r += smaller * kFactorial[8 - i];
  }
  return r;
}

std::vector<int> unrank9(int r) {
  std::vector<int> left = {1, 2, 3, 4, 5, 6, 7, 8, 9}, p(9);
  for (int i = 0; i < 9; ++i) {
    const int k = r / kFactorial[8 - i];
    r %= kFactorial[8 - i];
    p[i] = left[k];
    left.erase(left.begin() + k);
  }
  return p;
}

}  // namespace

// Distances to 1..9 for one move set, built by breadth-first search from the solved board
// along inverse moves.
std::vector<std::uint8_t> build_distance_table_3x3(MoveSet moves) {
  std::vector<std::uint8_t> t(kStates3, 0xff);
  std::vector<Move> inverse = allowed_moves(3, moves);
  for (Move& m : inverse) m.quarter_turns = (4 - m.quarter_turns) % 4;
  std::vector<int> queue;
  queue.reserve(kStates3);
  const int solved = rank9({1, 2, 3, 4, 5, 6, 7, 8, 9});
  t[solved] = 0;
  queue.push_back(solved);
  for (size_t head = 0; head < queue.size(); ++head) {
    const std::vector<int> s = unrank9(queue[head]);
    const std::uint8_t d = t[queue[head]];
    for (const Move& m : inverse) {
      std::vector<int> n = s;
      apply_move(n, 3, m);
      const int r = rank9(n);
      if (t[r] == 0xff) {
        t[r] = static_cast<std::uint8_t>(d + 1);
        queue.push_back(r);
      }
    }
  }
  return t;
}

namespace {

const std::vector<std::uint8_t>& table3(MoveSet moves) {
  static std::unique_ptr<std::vector<std::uint8_t>> tables[3];
  auto& t = tables[static_cast<int>(moves)];
  if (!t) t = std::make_unique<std::vector<std::uint8_t>>(build_distance_table_3x3(moves));
  return *t;
}

// Numbers renamed so that `target` reads 1..N*N.
std::vector<int> relabel(const std::vector<int>& start, const std::vector<int>& target) {
  std::vector<int> name(target.size() + 1);
  for (size_t i = 0; i < target.size(); ++i) name[target[i]] = static_cast<int>(i) + 1;
  std::vector<int> out(start.size());
  for (size_t i = 0; i < start.size(); ++i) out[i] = name[start[i]];
  return out;
}

// Canonical spelling rules shared by both searches: never two moves of one button that
// an optimal sequence cannot contain, and `X' X'` left to `X X`.
bool allowed_after(const std::vector<Move>& path, const Move& m, MoveSet moves) {
  if (path.empty() || path.back().button != m.button) return true;
  const Move& prev = path.back();
  if (moves == MoveSet::kBothDirectionsAndHalf) return false;
  if (moves == MoveSet::kBothDirections) {
    if (prev.quarter_turns != m.quarter_turns) return false;             // X X' cancels
    if (m.quarter_turns == 3) return false;                              // X' X' is spelled X X
    return path.size() < 2 || path[path.size() - 2].button != m.button;  // X X X = X'
  }
  // clockwise only: four turns of one button are nothing
  return !(path.size() >= 3 && path[path.size() - 2].button == m.button &&
           path[path.size() - 3].button == m.button);
}

class Search {
 public:
  Search(int size, MoveSet moves, const BoxSolveOptions& o, BoxSolveResult& r)
      : size_(size), moves_(moves), o_(o), r_(r), allowed_(allowed_moves(size, moves)) {}

  void found() {
    ++r_.count;
    if (r_.solutions.size() < o_.max_solutions)
      r_.solutions.push_back(path_);
    else
      r_.solutions_truncated = true;
  }
  bool stop() const {
    return (!o_.all && r_.count > 0) || (o_.cancel && o_.cancel->load(std::memory_order_relaxed));
  }

  // 3x3: follow moves that bring the table distance down by one.
  void walk_table(std::vector<int>& s, const std::vector<std::uint8_t>& dist) {
    ++r_.nodes;
    const int d = dist[rank9(s)];
    if (d == 0) {
      found();
      return;
    }
    for (const Move& m : allowed_) {
      if (stop()) return;
      if (!allowed_after(path_, m, moves_)) continue;
      std::vector<int> n = s;
      apply_move(n, 3, m);
      if (dist[rank9(n)] != d - 1) continue;
      path_.push_back(m);
      walk_table(n, dist);
      path_.pop_back();
    }
  }

  int bound_of(const std::vector<int>& s) const {
    int sum = 0;
    for (int i = 0; i < size_ * size_; ++i) {
      const int goal = s[i] - 1;
      sum += std::abs(i / size_ - goal / size_) + std::abs(i % size_ - goal % size_);
    }
    const int per_move = moves_ == MoveSet::kBothDirectionsAndHalf ? 8 : 4;
    const int manhattan = (sum + per_move - 1) / per_move;
    return size_ == 4 ? std::max(manhattan, pattern_bound_4x4(s, moves_)) : manhattan;
  }

  // IDA*: every sequence of exactly `limit` moves that solves.
  bool ida(std::vector<int>& s, int g, int limit) {  // false when out of budget
    if (++r_.nodes > o_.node_budget) return false;
    const int h = bound_of(s);
    if (g + h > limit) return true;
    if (h == 0) {
      if (g == limit) found();
      return true;
    }
    for (const Move& m : allowed_) {
      if (stop()) return true;
      if (!allowed_after(path_, m, moves_)) continue;
      apply_move(s, size_, m);
      path_.push_back(m);
      const bool ok = ida(s, g + 1, limit);
      path_.pop_back();
      apply_move(s, size_, Move{m.button, (4 - m.quarter_turns) % 4});
      if (!ok) return false;
    }
    return true;
  }

 private:
  int size_;
  MoveSet moves_;
  const BoxSolveOptions& o_;
  BoxSolveResult& r_;
  std::vector<Move> allowed_;
  std::vector<Move> path_;
};

}  // namespace

std::vector<std::uint64_t> distance_distribution_3x3(MoveSet moves) {
  std::vector<std::uint64_t> out;
  for (std::uint8_t d : table3(moves)) {
    if (d == 0xff) continue;
    if (out.size() <= d) out.resize(d + 1);
    ++out[d];
  }
  return out;
}

int distance_3x3(const std::vector<int>& board, MoveSet moves) {
  const std::uint8_t d = table3(moves)[rank9(board)];
  return d == 0xff ? -1 : d;
}

Result<BoxSolveResult> solve_box(const BoxPuzzle& p, const BoxSolveOptions& o) {
  const int n = p.size;
  if (n < kMinSize || n > kMaxSize || static_cast<int>(p.start.size()) != n * n ||
      p.target.size() != p.start.size())
    return Error{"board", "start and target must both be N x N boards, 2 <= N <= 8"};
  std::vector<int> sorted_start = p.start, sorted_target = p.target;
  std::sort(sorted_start.begin(), sorted_start.end());
  std::sort(sorted_target.begin(), sorted_target.end());
  for (int i = 0; i < n * n; ++i)
    if (sorted_start[i] != i + 1 || sorted_target[i] != i + 1)
      return Error{"board", "start and target must each hold 1..N*N once"};
  const auto t0 = std::chrono::steady_clock::now();
  BoxSolveResult r;
  std::vector<int> s = relabel(p.start, p.target);
  Search search(n, p.moves, o, r);
  if (n == 3) {
    r.method = "exact distance table (3x3)";
    const auto& dist = table3(p.moves);
    const std::uint8_t d = dist[rank9(s)];
    if (d != 0xff) {
      r.length = d;
      search.walk_table(s, dist);
    }
    r.proven_optimal = true;
    r.complete = !(o.cancel && o.cancel->load());
  } else {
    r.method = n == 4 ? "IDA* with pattern databases (3 MiB)" : "IDA* with Manhattan bound";
    for (int limit = search.bound_of(s); limit <= 60; ++limit) {
      if (!search.ida(s, 0, limit)) break;  // out of budget
      if (r.count > 0) {
        r.length = limit;
        r.proven_optimal = true;
        r.complete = !(o.cancel && o.cancel->load());
        break;
      }
      if (o.cancel && o.cancel->load()) break;
    }
  }
  r.elapsed_ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  return r;
}

}  // namespace tilewise::box
