// A weighted best-first search (f = g + weight * h, states seen once): a solution fast,
// usually longer than the shortest. solve_box runs it on 4x4 and up when the optimal search
// ran out of budget with nothing found, so there is still a solution to show.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "core/box/puzzle.hpp"

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

// Solves a 4x4 board (numbers 1..16 to 1..16 in order); nothing when it cannot in time.
using Finish4x4 = std::function<std::optional<std::vector<Move>>(const std::vector<int>&)>;

// 5x5 and up, frame by frame: the top row and left column placed a cell at a time (the last
// two of each together; each a best-first search with the buttons inside the unsolved
// part), then the same for the smaller board below-right, down to 4x4, which `finish_4x4`
// solves. Long solutions, but found on any size within seconds. Tried on the board as given
// and turned one, two and three quarters (each gives another solution; the shortest is
// kept) while `limits.max_seconds` lasts. `limits` apply to each search; `states` returns
// the total.
std::optional<std::vector<Move>> frame_search(const std::vector<int>& start, int size,
                                              MoveSet moves, const Finish4x4& finish_4x4,
                                              const QuickSearchLimits& limits,
                                              std::uint64_t& states);

}  // namespace tilewise::box
