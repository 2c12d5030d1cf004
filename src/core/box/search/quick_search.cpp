#include "core/box/search/quick_search.hpp"

#include <chrono>
#include <cstdlib>
#include <queue>
#include <string>
#include <unordered_map>

#include "core/box/model/board.hpp"

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

}  // namespace

std::optional<std::vector<Move>> quick_search(const Board& start, int size, MoveSet moves,
                                              int weight, const Estimate& bound,
                                              const QuickSearchLimits& limits,
                                              std::uint64_t& states) {
  states = 0;
  return best_first(start, size, allowed_moves(size, moves), weight, bound, solved, limits,
                    std::chrono::steady_clock::now(), states);
}

}  // namespace tilewise::box
