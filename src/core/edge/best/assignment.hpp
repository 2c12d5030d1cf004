// Minimum-cost perfect assignment (the Hungarian method with potentials, O(n^3)):
// rows are matched to columns one to one so that the sum of the chosen costs is least.
// Used by the best-board search to re-seat many tiles at once.
#pragma once

#include <cstdint>
#include <vector>

namespace tilewise {

// `cost` is n*n, row-major (cost[row * n + col]). Returns col_of_row (size n).
// Reuses `scratch` between calls so that a search loop allocates nothing.
struct AssignmentScratch {
  std::vector<std::int64_t> u, v, min_to;
  std::vector<int> row_of_col, way;
  std::vector<char> used;
};
std::vector<int> min_cost_assignment(const std::vector<std::int64_t>& cost, int n,
                                     AssignmentScratch& scratch);

}  // namespace tilewise
