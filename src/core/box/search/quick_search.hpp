// A weighted best-first search (f = g + weight * h, states seen once): a solution fast,
// usually longer than the shortest. solve_box runs it on 4x4 when the optimal search ran out
// of budget with nothing found, so there is still a solution to show.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "core/box/model/puzzle.hpp"

namespace tilewise::box {

struct QuickSearchLimits {
  std::uint64_t max_states = 1000000;  // states kept (about 100 bytes each on 4x4)
  double max_seconds = 0;              // 0 = no limit
  const std::atomic<bool>* cancel = nullptr;
};

// From `start` (numbers renamed so the target reads 1..N*N) to 1..N*N; `bound` estimates
// the moves left. `states` returns how many states were generated.
std::optional<std::vector<Move>> quick_search(
    const std::vector<int>& start, int size, MoveSet moves, int weight,
    const std::function<int(const std::vector<int>&)>& bound, const QuickSearchLimits& limits,
    std::uint64_t& states);

}  // namespace tilewise::box
