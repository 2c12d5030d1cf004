#include "core/edge/best/assignment.hpp"

#include <cstddef>
#include <limits>

namespace tilewise {

// Rows are added one at a time; each addition grows a shortest augmenting path over the
// reduced costs (cost - u[row] - v[col] >= 0), then the potentials are updated. Index 0 of
// the column arrays is a virtual column that holds the row being added.
std::vector<int> min_cost_assignment(const std::vector<std::int64_t>& cost, int n,
                                     AssignmentScratch& s) {
  constexpr std::int64_t kInf = std::numeric_limits<std::int64_t>::max() / 4;
  s.u.assign(n + 1, 0);
  s.v.assign(n + 1, 0);
  s.row_of_col.assign(n + 1, 0);  // 1-based rows, 0 = free
  s.way.assign(n + 1, 0);
  for (int row = 1; row <= n; ++row) {
    s.row_of_col[0] = row;
    int col0 = 0;
    s.min_to.assign(n + 1, kInf);
    s.used.assign(n + 1, 0);
    do {
      s.used[col0] = 1;
      const int r0 = s.row_of_col[col0];
      std::int64_t delta = kInf;
      int col1 = 0;
      const std::int64_t* costs = &cost[static_cast<std::size_t>(r0 - 1) * n];
      for (int col = 1; col <= n; ++col) {
        if (s.used[col]) continue;
        const std::int64_t reduced = costs[col - 1] - s.u[r0] - s.v[col];
        if (reduced < s.min_to[col]) {
          s.min_to[col] = reduced;
          s.way[col] = col0;
        }
        if (s.min_to[col] < delta) {
          delta = s.min_to[col];
          col1 = col;
        }
      }
      for (int col = 0; col <= n; ++col) {
        if (s.used[col]) {
          s.u[s.row_of_col[col]] += delta;
          s.v[col] -= delta;
        } else {
          s.min_to[col] -= delta;
        }
      }
      col0 = col1;
    } while (s.row_of_col[col0] != 0);
    do {  // flip the augmenting path
      const int col1 = s.way[col0];
      s.row_of_col[col0] = s.row_of_col[col1];
      col0 = col1;
    } while (col0 != 0);
  }
  std::vector<int> col_of_row(n, -1);
  for (int col = 1; col <= n; ++col)
    if (s.row_of_col[col] != 0) col_of_row[s.row_of_col[col] - 1] = col - 1;
  return col_of_row;
}

}  // namespace tilewise
