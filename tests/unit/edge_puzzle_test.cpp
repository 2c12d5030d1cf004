#include <gtest/gtest.h>

#include "core/edge/model/puzzle.hpp"

namespace tilewise {
namespace {

TEST(EdgePuzzle, RotationMovesLeftSideToTop) {
  const std::array<Side, 4> s{1, 2, 3, 4};
  EXPECT_EQ(rotated(s, 0), s);
  EXPECT_EQ(rotated(s, 1), (std::array<Side, 4>{4, 1, 2, 3}));
  EXPECT_EQ(rotated(s, 2), (std::array<Side, 4>{3, 4, 1, 2}));
  EXPECT_EQ(rotated(s, 3), (std::array<Side, 4>{2, 3, 4, 1}));
  EXPECT_EQ(rotated(s, 4), s);
}

TEST(EdgePuzzle, SidesMatchFollowsTheRule) {
  EXPECT_TRUE(sides_match(MatchRule::kComplement, 3, -3));
  EXPECT_FALSE(sides_match(MatchRule::kComplement, 3, 3));
  EXPECT_TRUE(sides_match(MatchRule::kEqual, 5, 5));
  EXPECT_FALSE(sides_match(MatchRule::kEqual, 5, -5));
}

}  // namespace
}  // namespace tilewise
