// Boards the Puzzle Box tests share.
#pragma once

#include <vector>

namespace tilewise::box::testing {

// The solved N x N board: 1, 2, ..., N*N in reading order.
inline std::vector<int> identity(int n) {
  std::vector<int> b(n * n);
  for (int i = 0; i < n * n; ++i) b[i] = i + 1;
  return b;
}

}  // namespace tilewise::box::testing
