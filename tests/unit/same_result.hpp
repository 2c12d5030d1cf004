// Two search results that must be the same search's: every figure and solution equal.
#pragma once

#include <gtest/gtest.h>

#include "core/edge/search/solver.hpp"

namespace tilewise::testing {

inline void expect_same_result(const SolveResult& a, const SolveResult& b) {
  EXPECT_EQ(a.count, b.count);
  EXPECT_EQ(a.distinct_boards, b.distinct_boards);
  EXPECT_EQ(a.distinct_boards_complete, b.distinct_boards_complete);
  EXPECT_EQ(a.complete, b.complete);
  EXPECT_EQ(a.stats.nodes, b.stats.nodes);
  EXPECT_EQ(a.stats.tries, b.stats.tries);
  EXPECT_EQ(a.stats.nodes_per_depth, b.stats.nodes_per_depth);
  EXPECT_EQ(a.stats.max_depth, b.stats.max_depth);
  EXPECT_EQ(a.solutions_truncated, b.solutions_truncated);
  ASSERT_EQ(a.solutions.size(), b.solutions.size());
  for (size_t k = 0; k < a.solutions.size(); ++k)
    for (size_t c = 0; c < a.solutions[k].cells.size(); ++c) {
      EXPECT_EQ(a.solutions[k].cells[c].tile, b.solutions[k].cells[c].tile);
      EXPECT_EQ(a.solutions[k].cells[c].rotation, b.solutions[k].cells[c].rotation);
    }
}

}  // namespace tilewise::testing
