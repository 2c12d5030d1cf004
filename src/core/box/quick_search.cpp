#include "core/box/quick_search.hpp"

#include <chrono>
#include <queue>
#include <string>
#include <unordered_map>

#include "core/box/board.hpp"

namespace tilewise::box {
namespace {

struct Node {
  int g;
  int parent;  // -1 at the start
  Move move;   // the move from the parent
};

std::string key(const std::vector<int>& b) {
  return std::string(b.begin(), b.end());  // numbers <= 64 fit a char
}

}  // namespace

std::optional<std::vector<Move>> quick_search(
    const std::vector<int>& start, int size, MoveSet moves, int weight,
    const std::function<int(const std::vector<int>&)>& bound, const QuickSearchLimits& limits,
    std::uint64_t& states) {
  using Clock = std::chrono::steady_clock;
  const auto t0 = Clock::now();
  const std::vector<Move> allowed = allowed_moves(size, moves);
  std::vector<int> target(start.size());
  for (std::size_t i = 0; i < target.size(); ++i) target[i] = static_cast<int>(i) + 1;
  std::vector<Node> nodes{{0, -1, {}}};
  std::vector<std::string> boards{key(start)};
  std::unordered_map<std::string, int> seen{{boards[0], 0}};
  using Entry = std::pair<int, int>;  // f, -node: smallest f first, then the newest node
  std::priority_queue<Entry, std::vector<Entry>, std::greater<>> open;
  open.push({bound(start), 0});
  std::vector<int> b;
  while (!open.empty()) {
    const int at = -open.top().second;
    open.pop();
    b.assign(boards[at].begin(), boards[at].end());
    if (b == target) {
      std::vector<Move> path;
      for (int n = at; nodes[n].parent >= 0; n = nodes[n].parent) path.push_back(nodes[n].move);
      states = nodes.size();
      return std::vector<Move>(path.rbegin(), path.rend());
    }
    if (limits.cancel && limits.cancel->load(std::memory_order_relaxed)) break;
    if (limits.max_seconds > 0 && nodes.size() % 256 == 0 &&
        std::chrono::duration<double>(Clock::now() - t0).count() > limits.max_seconds)
      break;
    for (const Move& m : allowed) {
      if (nodes.size() >= limits.max_states) break;
      std::vector<int> next = b;
      apply_move(next, size, m);
      std::string k = key(next);
      if (seen.count(k)) continue;
      const int id = static_cast<int>(nodes.size());
      const int g = nodes[at].g + 1;
      nodes.push_back({g, at, m});
      seen.emplace(k, id);
      boards.push_back(std::move(k));
      open.push({g + weight * bound(next), -id});
    }
    if (nodes.size() >= limits.max_states && open.empty()) break;
  }
  states = nodes.size();
  return std::nullopt;
}

}  // namespace tilewise::box
