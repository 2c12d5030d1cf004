// The Puzzle Box planner (core/box/plan.*): the tables, bound and method it chooses from what
// is wanted, what is stored and what was asked.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "core/box/bounds/additive_db.hpp"
#include "core/box/bounds/pattern_db.hpp"
#include "core/box/search/plan.hpp"

namespace tilewise::box {
namespace {

BoxPlanRequest request(BoxWant want, MoveSet moves, std::set<std::string> stored) {
  BoxPlanRequest q;
  q.size = 4;
  q.moves = moves;
  q.want = want;
  q.stored = [stored = std::move(stored)](const std::string& name) {
    return stored.count(name) > 0;
  };
  return q;
}

TEST(BoxPlan, AFirstAnswerOnAnEmptyCacheBuildsTheTableThatFitsTheWait) {
  BoxPlanRequest q = request(BoxWant::kFirst, MoveSet::kClockwise, {});
  Result<BoxPlan> p = plan_box_solve(q);
  ASSERT_TRUE(p);
  EXPECT_EQ(p->partition, "6+6+4");
  EXPECT_FALSE(p->pattern_table);
  EXPECT_EQ(p->method, BoxMethod::kIdaStar);
  EXPECT_NE(p->reason.find("6+6+4"), std::string::npos) << p->reason;
  q.build_seconds = 60;  // 7+7+2's build fits a minute
  EXPECT_EQ(plan_box_solve(q)->partition, "7+7+2");
}

TEST(BoxPlan, AFirstAnswerTakesTheStrongestStoredTable) {
  const MoveSet m = MoveSet::kBothDirections;
  const std::string t664 = additive_table_name(m, "6+6+4"), t772 = additive_table_name(m, "7+7+2"),
                    t88 = additive_table_name(m, "8+8");
  // (a stored table is mapped: 8+8 opens as fast as the smaller ones)
  EXPECT_EQ(plan_box_solve(request(BoxWant::kFirst, m, {t664, t772, t88}))->partition, "8+8");
  EXPECT_EQ(plan_box_solve(request(BoxWant::kFirst, m, {t664, t772}))->partition, "7+7+2");
  EXPECT_EQ(plan_box_solve(request(BoxWant::kFirst, m, {t664}))->partition, "6+6+4");
  // The 8+8 tables alone at hand: mapped rather than 6+6+4 built.
  EXPECT_EQ(plan_box_solve(request(BoxWant::kFirst, m, {t88}))->partition, "8+8");
  // Half turns never take 8+8.
  const MoveSet h = MoveSet::kBothDirectionsAndHalf;
  EXPECT_EQ(plan_box_solve(request(BoxWant::kFirst, h, {additive_table_name(h, "8+8")}))->partition,
            "6+6+4");
}

TEST(BoxPlan, CountsAndListingsTakeTheLargeTables) {
  Result<BoxPlan> cw = plan_box_solve(request(BoxWant::kCount, MoveSet::kClockwise, {}));
  ASSERT_TRUE(cw);
  EXPECT_EQ(cw->partition, "8+8");
  EXPECT_TRUE(cw->pattern_table);
  EXPECT_EQ(cw->pattern_tiles, kLargestPatternTiles);
  EXPECT_EQ(cw->method, BoxMethod::kCountByLayers);
  EXPECT_TRUE(cw->second_pattern);
  EXPECT_FALSE(cw->second_when_long);
  Result<BoxPlan> both = plan_box_solve(request(BoxWant::kAll, MoveSet::kBothDirections, {}));
  EXPECT_EQ(both->partition, "8+8");
  EXPECT_FALSE(both->pattern_table);
  EXPECT_EQ(both->method, BoxMethod::kCountDepthFirst);
  EXPECT_GE(both->threads, 1);
  Result<BoxPlan> half =
      plan_box_solve(request(BoxWant::kCount, MoveSet::kBothDirectionsAndHalf, {}));
  EXPECT_EQ(half->partition, "7+7+2");
  EXPECT_TRUE(half->second_when_long);
}

TEST(BoxPlan, TwoByTwoBoardsTakeNoTable) {
  for (BoxWant want : {BoxWant::kFirst, BoxWant::kAll, BoxWant::kCount}) {
    BoxPlanRequest q = request(want, MoveSet::kClockwise, {});
    q.size = 2;
    Result<BoxPlan> p = plan_box_solve(q);
    ASSERT_TRUE(p);
    EXPECT_TRUE(p->partition.empty());
    EXPECT_FALSE(p->pattern_table);
    EXPECT_EQ(p->method,
              want == BoxWant::kFirst ? BoxMethod::kIdaStar : BoxMethod::kCountDepthFirst);
  }
}

TEST(BoxPlan, WhatIsAskedIsHonoured) {
  BoxPlanRequest q = request(BoxWant::kCount, MoveSet::kBothDirections, {});
  q.partition = "rows";
  q.parts = 4;
  q.threads = 3;
  q.second_bound = "none";
  Result<BoxPlan> p = plan_box_solve(q);
  EXPECT_EQ(p->partition, "rows");
  EXPECT_EQ(p->method, BoxMethod::kCountDepthFirst);  // parts are counted depth first
  EXPECT_EQ(p->threads, 3);
  q.parts = 1;
  p = plan_box_solve(q);
  EXPECT_EQ(p->method, BoxMethod::kCountByLayers);
  EXPECT_FALSE(p->second_pattern || p->second_when_long);
  q.second_bound = "pattern";
  EXPECT_TRUE(plan_box_solve(q)->second_pattern);
  q.second_bound = "auto";
  q.bound = "pattern";
  q.partition = "auto";
  p = plan_box_solve(q);
  EXPECT_TRUE(p->partition.empty());
  EXPECT_TRUE(p->pattern_table);
  EXPECT_EQ(p->pattern_tiles, kDefaultPatternTiles);
  EXPECT_EQ(p->method, BoxMethod::kCountDepthFirst);  // layers need additive tables
  q.partition = "9+7";
  EXPECT_FALSE(plan_box_solve(q));
  q.partition = "auto";
  q.second_bound = "sideways";
  EXPECT_FALSE(plan_box_solve(q));
}

TEST(BoxPlan, TheWorkerWithoutStoredTablesKnownGetsTiers) {
  BoxPlanRequest q;
  q.size = 4;
  Result<BoxPlan> p = plan_box_solve(q);
  EXPECT_EQ(p->partition, "7+7+2");
  EXPECT_EQ(p->quick_partition, "6+6+4");
  q.size = 3;
  EXPECT_EQ(plan_box_solve(q)->method, BoxMethod::kExactTable);
  q.size = 5;
  EXPECT_EQ(plan_box_solve(q)->method, BoxMethod::kAnytime);
}

}  // namespace
}  // namespace tilewise::box
