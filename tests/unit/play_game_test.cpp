#include <gtest/gtest.h>

#include "core/edge/model/generator.hpp"
#include "core/edge/search/solver.hpp"
#include "core/play/board.hpp"
#include "core/play/game.hpp"
#include "core/play/moves.hpp"
#include "core/play/progress.hpp"
#include "sanitized.hpp"

namespace tilewise {
namespace {

TEST(GameTest, IdRoundTrips) {
  const GameId id{4, Difficulty::kMedium, 2071};
  EXPECT_EQ(format_game_id(id), "4x4M-2071");
  const auto back = parse_game_id(" 4x4m-2071 ");
  ASSERT_TRUE(back);
  EXPECT_EQ(back->size, 4);
  EXPECT_EQ(back->difficulty, Difficulty::kMedium);
  EXPECT_EQ(back->number, 2071u);
  for (const char* bad :
       {"", "4x5M-1", "9x9E-1", "4x4Q-1", "4x4M-", "4x4M-0", "4x4M-123456", "4x4M-1a", "4x4M_1"})
    EXPECT_FALSE(parse_game_id(bad)) << bad;
}

TEST(GameTest, SameIdSamePuzzleOfItsDifficulty) {
  for (int size = kMinGameSize; size <= kMaxGameSize; ++size)
    for (const Difficulty d : {Difficulty::kEasy, Difficulty::kMedium, Difficulty::kHard}) {
      const GameId id{size, d, 17};
      const Result<Game> a = make_game(id), b = make_game(id);
      ASSERT_TRUE(a) << a.error().to_string();
      ASSERT_TRUE(b);
      EXPECT_EQ(difficulty_of(size, a->effort), d);
      EXPECT_EQ(measured_effort(a->puzzle), a->effort);
      ASSERT_EQ(a->puzzle.tiles.size(), b->puzzle.tiles.size());
      for (size_t t = 0; t < a->puzzle.tiles.size(); ++t)
        EXPECT_EQ(a->puzzle.tiles[t].sides, b->puzzle.tiles[t].sides);
      SolveOptions o;
      o.mode = SolveMode::kFirst;
      EXPECT_GE(solve(a->puzzle, o).count, 1u) << format_game_id(id);
    }
  EXPECT_FALSE(make_game(GameId{2, Difficulty::kEasy, 1}));
}

// The thresholds split the generator's puzzles of each size in about thirds: of 300 seeds,
// each difficulty more than 80 and fewer than 120. Under the sanitizers the first 150 seeds
// (the same code on fewer puzzles), each difficulty more than 40 and fewer than 60.
TEST(GameTest, DifficultiesSplitTheSeedsInThirds) {
  const int seeds = testing::kSanitized ? 150 : 300;
  for (int size = kMinGameSize; size <= kMaxGameSize; ++size) {
    int count[3] = {0, 0, 0};
    for (int seed = 1; seed <= seeds; ++seed) {
      GenerateOptions o;
      o.rows = o.cols = size;
      o.motifs = size + 1;
      o.seed = static_cast<std::uint64_t>(seed);
      ++count[static_cast<int>(difficulty_of(size, measured_effort(*generate_puzzle(o))))];
    }
    for (const int c : count) {
      EXPECT_GT(c, seeds * 4 / 15) << "size " << size;
      EXPECT_LT(c, seeds * 6 / 15) << "size " << size;
    }
  }
}

TEST(GameTest, ShuffledStartIsReproducibleAndNotSolved) {
  const Result<Game> g = make_game(GameId{3, Difficulty::kEasy, 5});
  ASSERT_TRUE(g);
  SolveOptions o;
  o.mode = SolveMode::kFirst;
  EdgePuzzle solved = g->puzzle;
  const SolveResult r = solve(solved, o);
  ASSERT_GE(r.count, 1u);
  for (std::uint64_t seed = 1; seed < 50; ++seed) {
    const auto a = shuffled_start(g->puzzle, seed), b = shuffled_start(g->puzzle, seed);
    ASSERT_EQ(a.size(), 9u);
    std::vector<bool> seen(9, false);
    for (size_t c = 0; c < a.size(); ++c) {
      EXPECT_EQ(a[c].tile, b[c].tile);
      EXPECT_EQ(a[c].rotation, b[c].rotation);
      ASSERT_GE(a[c].tile, 0);
      EXPECT_FALSE(seen[a[c].tile]);
      seen[a[c].tile] = true;
    }
    PlayBoard board(g->puzzle);
    board.start_from(a);
    EXPECT_FALSE(board.solved());
  }
}

TEST(MovesTest, DescribesEachKindOfMove) {
  const std::vector<Placement> start = {{0, 0}, {1, 0}, {2, 1}, {-1, 0}};
  auto with = [&](std::vector<Placement> v) { return v; };
  EXPECT_EQ(describe_move(start, with({{0, 1}, {1, 0}, {2, 1}, {-1, 0}}), 7, 12),
            "Tile 1 turned; 7 of 12 edges match");
  EXPECT_EQ(describe_move(start, with({{0, 3}, {1, 0}, {2, 1}, {-1, 0}}), 2, 4),
            "Tile 1 turned back; 2 of 4 edges match");
  EXPECT_EQ(describe_move(start, with({{1, 0}, {0, 0}, {2, 1}, {-1, 0}}), 0, 4),
            "Tiles 1 and 2 swapped; 0 of 4 edges match");
  EXPECT_EQ(describe_move(start, with({{0, 0}, {1, 0}, {-1, 0}, {2, 1}}), 1, 4),
            "Tile 3 moved; 1 of 4 edges match");
  EXPECT_EQ(describe_move(start, with({{0, 0}, {1, 0}, {2, 1}, {3, 0}}), 1, 4),
            "Tile 4 placed; 1 of 4 edges match");
  EXPECT_EQ(describe_move(start, with({{-1, 0}, {1, 0}, {2, 1}, {-1, 0}}), 1, 4),
            "Tile 1 taken off the board; 1 of 4 edges match");
  EXPECT_EQ(describe_move(start, with({{2, 0}, {0, 0}, {1, 1}, {-1, 0}}), 4, 4),
            "3 tiles changed; 4 of 4 edges match");
}

}  // namespace
}  // namespace tilewise
