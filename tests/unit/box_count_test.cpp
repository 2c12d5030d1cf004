// Counting optimal Puzzle Box sequences: by meeting in the middle (box_meet_oracle.hpp)
// and by the listing on the graph of sequences (core/box/count/count_dag.hpp), each checked
// against the other and against shortest paths counted on the test's own BFS.
#include <gtest/gtest.h>

#include <map>
#include <random>
#include <set>
#include <thread>

#include "box_meet_oracle.hpp"
#include "box_test_boards.hpp"
#include "core/box/count/count_dag.hpp"
#include "core/box/model/board.hpp"
#include "core/box/search/solver.hpp"

namespace tilewise::box {
namespace {

using testing::identity;
using testing::quarter_turns;
using testing::replay;
using testing::scrambled_4x4;
using testing::shortest_sequences;
using testing::states_near_4x4;
using testing::turn;

// The listing's count on 4x4 (counted on the graph of sequences) against the BFS's count and
// the meeting in the middle; every sequence listed again from the kept table: as many as
// counted, all different, each reaching the target, the first ones those kept in the result.
void expect_the_listing_counts(const std::vector<int>& b, MoveSet m, std::uint64_t expected) {
  BoxSolveOptions o;
  o.pattern_tiles = 5;
  o.max_solutions = 3;
  o.keep_count_table = true;
  Result<BoxSolveResult> r = solve_box({4, b, identity(4), m}, o);
  ASSERT_TRUE(r.ok());
  EXPECT_TRUE(r->complete);
  EXPECT_EQ(r->count, expected) << move_set_name(m) << " " << format_board(b, 4);
  std::set<std::vector<std::pair<int, int>>> listed;
  std::vector<std::vector<Move>> first;
  for_each_solution(*r, [&](const std::vector<Move>& seq) {
    EXPECT_EQ(static_cast<int>(seq.size()), r->length);
    EXPECT_EQ(replay(b, 4, seq), identity(4));
    std::vector<std::pair<int, int>> key;
    for (const Move& mv : seq) key.emplace_back(mv.button, mv.quarter_turns);
    listed.insert(key);
    if (first.size() < r->solutions.size()) first.push_back(seq);
    return true;
  });
  EXPECT_EQ(listed.size(), expected);
  ASSERT_EQ(first.size(), r->solutions.size());
  for (size_t k = 0; k < first.size(); ++k)
    for (size_t j = 0; j < first[k].size(); ++j)
      EXPECT_EQ(first[k][j].button * 4 + first[k][j].quarter_turns,
                r->solutions[k][j].button * 4 + r->solutions[k][j].quarter_turns);
}

TEST(BoxCount, MeetingInTheMiddleAndTheListingCountTheBreadthFirstShortestSequencesOn4x4) {
  std::mt19937 rng(2611);
  for (MoveSet m :
       {MoveSet::kClockwise, MoveSet::kBothDirections, MoveSet::kBothDirectionsAndHalf}) {
    const int depth = m == MoveSet::kClockwise ? 6 : m == MoveSet::kBothDirections ? 5 : 4;
    const auto& dist = states_near_4x4(m, depth);
    for (int k = 0; k < 8; ++k) {
      const std::vector<int> b = scrambled_4x4(rng, depth);
      const int d = dist.at(b);
      BoxSolveOptions o;
      o.pattern_tiles = 5;
      Result<BoxSolveResult> r = count_box_solutions({4, b, identity(4), m}, o);
      ASSERT_TRUE(r.ok());
      EXPECT_TRUE(r->complete);
      EXPECT_EQ(r->length, d);
      const std::uint64_t shortest = shortest_sequences(b, d, dist, m);
      EXPECT_EQ(r->count, shortest) << move_set_name(m) << " board " << k << " length " << d;
      expect_the_listing_counts(b, m, shortest);
    }
  }
}

// Deeper boards, where the count table holds many nodes: the listing and the count (with the
// commuting cuts, commuting_cuts.hpp) against the meeting in the middle.
TEST(BoxCount, TheListingCountsOnTheGraphWhatMeetingInTheMiddleCountsOn4x4) {
  std::mt19937 rng(4418);
  for (MoveSet m : {MoveSet::kClockwise, MoveSet::kBothDirections}) {
    for (int k = 0; k < 3; ++k) {
      const std::vector<int> b = scrambled_4x4(rng, 12);
      BoxSolveOptions o;
      o.pattern_tiles = 5;
      Result<BoxSolveResult> met = count_box_solutions({4, b, identity(4), m}, o);
      ASSERT_TRUE(met.ok() && met->complete);
      expect_the_listing_counts(b, m, met->count);
      Result<BoxSolveResult> counted = solve_box({4, b, identity(4), m}, o);
      ASSERT_TRUE(counted.ok() && counted->complete);
      EXPECT_EQ(counted->count, met->count) << move_set_name(m) << " " << format_board(b, 4);
    }
  }
}

// The commuting cuts (a second order's count taken from its first order's, children cut by
// their first lookup known dead in either order, dead second orders inherited down the path)
// count what meeting in the middle counts: with the additive tables (their first lookups made
// ahead: first_of_children) and with the pattern table alone.
TEST(BoxCount, TheCommutingCutsCountWhatMeetingInTheMiddleCounts) {
  std::mt19937 rng(1717);
  for (MoveSet m : {MoveSet::kClockwise, MoveSet::kBothDirections}) {
    for (int k = 0; k < 2; ++k) {
      const std::vector<int> b = scrambled_4x4(rng, 10);
      BoxSolveOptions o;
      o.pattern_tiles = 5;
      Result<BoxSolveResult> met = count_box_solutions({4, b, identity(4), m}, o);
      ASSERT_TRUE(met.ok() && met->complete);
      if (k % 2 == 0) o.additive_partition = "rows", o.pattern_table = false;
      Result<BoxSolveResult> counted = solve_box({4, b, identity(4), m}, o);
      ASSERT_TRUE(counted.ok() && counted->complete);
      EXPECT_EQ(counted->count, met->count) << move_set_name(m) << " " << format_board(b, 4);
    }
  }
}

// Starts that a turn of the square maps onto itself (their nodes kept once for all turned
// images: count_dag.hpp) are counted as meeting in the middle counts them.
TEST(BoxCount, AStartThatTurnsIntoItselfIsCountedAsMeetingInTheMiddleCountsIt) {
  const std::vector<std::vector<int>> presses = {
      {4, 0, 2, 8, 6, 4},  // a quarter turn maps it onto itself
      {4, 0, 8, 1, 7, 4},  // a half turn
      {0, 2, 8, 6, 4, 3, 5}};
  for (MoveSet m : {MoveSet::kClockwise, MoveSet::kBothDirections}) {
    for (const auto& buttons : presses) {
      std::vector<int> b = identity(4);
      for (int button : buttons) b = turn(b, 4, button, 3);
      BoxSolveOptions o;
      o.pattern_tiles = 5;
      Result<BoxSolveResult> met = count_box_solutions({4, b, identity(4), m}, o);
      ASSERT_TRUE(met.ok() && met->complete);
      expect_the_listing_counts(b, m, met->count);
      o.keep_count_table = true;
      Result<BoxSolveResult> listed = solve_box({4, b, identity(4), m}, o);
      ASSERT_TRUE(listed.ok() && listed->count_table);
      EXPECT_GT(listed->count_table->turned_images(), 0u);  // the images were shared
    }
  }
}

// The quarter turn of the square, by the test's own coordinates: the number in (r, c) goes to
// (c, 3 - r) and is renamed as its home cell is.
Board16 turned_square(const Board16& b) {
  auto turn_cell = [](int cell) { return (cell % 4) * 4 + 3 - cell / 4; };
  Board16 out{};
  for (int c = 0; c < 16; ++c) out[turn_cell(c)] = static_cast<std::uint8_t>(turn_cell(b[c]));
  return out;
}

// With a start that turns into itself, a board and its turned images (with the context's
// button turned too) are one node; with another start, they are not.
TEST(BoxCount, TheCountTableKeepsABoardAndItsTurnedImagesAsOneNode) {
  Board16 reversed{}, plain{};
  for (int c = 0; c < 16; ++c) reversed[c] = static_cast<std::uint8_t>(15 - c);
  plain = reversed;
  std::swap(plain[0], plain[1]);
  CountDag shared(MoveSet::kBothDirections, 1 << 20), alone(MoveSet::kBothDirections, 1 << 20);
  shared.share_turned_images(reversed);
  alone.share_turned_images(plain);
  EXPECT_EQ(shared.turned_images(), 3u);
  EXPECT_EQ(alone.turned_images(), 0u);
  std::mt19937 rng(12);
  for (int k = 0; k < 200; ++k) {
    Board16 b{};
    for (int c = 0; c < 16; ++c) b[c] = static_cast<std::uint8_t>(c);
    std::shuffle(b.begin(), b.end(), rng);
    const int button = static_cast<int>(rng() % 9),
              turned_button = (button % 3) * 3 + 2 - button / 3;
    const Move last{button, 3}, turned_last{turned_button, 3};
    const std::uint32_t context = CountDag::context_of(12, &last, MoveSet::kBothDirections);
    const std::uint32_t turned_context =
        CountDag::context_of(12, &turned_last, MoveSet::kBothDirections);
    EXPECT_EQ(shared.node_of(b, context), shared.node_of(turned_square(b), turned_context));
    EXPECT_NE(alone.node_of(b, context), alone.node_of(turned_square(b), turned_context));
  }
}

TEST(BoxCount, ACountTableOverItsMemoryCapEndsTheListingIncomplete) {
  std::vector<int> b = identity(4);
  for (int button : {0, 4, 8, 2, 6, 1}) b = turn(b, 4, button, 1);
  BoxSolveOptions o;
  o.pattern_tiles = 5;
  o.max_count_bytes = 1;
  Result<BoxSolveResult> r = solve_box({4, b, identity(4), MoveSet::kBothDirections}, o);
  ASSERT_TRUE(r.ok());
  EXPECT_FALSE(r->complete);
  EXPECT_TRUE(r->count_table_full);
  EXPECT_EQ(r->count, 0u);  // not a partial number
  EXPECT_EQ(r->lower_bound, 6);
}

// The live table keeps every node exactly through its growth, whatever the moves left (up to
// the search's 60) and the context; a dead node is either remembered as dead or forgotten
// (a lossy cache), never given a count.
TEST(BoxCount, TheCountTableKeepsEveryLiveNodeThroughItsGrowth) {
  CountDag dag(MoveSet::kBothDirections, std::uint64_t{64} << 20);
  std::mt19937_64 rng(5);
  std::map<std::pair<std::uint64_t, std::uint32_t>, std::uint64_t> kept;
  for (int k = 0; k < 200000; ++k) {
    std::vector<int> b = identity(4);
    std::shuffle(b.begin(), b.end(), rng);
    Board16 board{};
    for (int c = 0; c < 16; ++c) board[c] = static_cast<std::uint8_t>(b[c] - 1);
    const Move last{static_cast<int>(rng() % 9), rng() % 2 ? 1 : 3};
    const std::uint32_t context =
        CountDag::context_of(static_cast<int>(rng() % 61), &last, MoveSet::kBothDirections);
    const std::uint64_t count = k % 5 == 0 ? 0 : 1 + rng() % CountDag::kMaxCount;
    ASSERT_TRUE(dag.put(CountDag::key_of(board), context, count));
    kept[{CountDag::key_of(board), context}] = count;
  }
  for (const auto& [key, count] : kept) {
    const std::uint64_t found = dag.find(key.first, key.second);
    if (count == 0 && found == CountDag::kMiss) continue;
    ASSERT_EQ(found, count);
  }
  EXPECT_GT(dag.live_nodes(), 150000u);
}

// Shared by threads, the dead nodes' cache starts small and grows as it fills (one thread
// at a time; its old tables kept until released), within its memory; it may lose an entry,
// never holds one that was not put.
TEST(BoxCount, ASharedDeadCacheGrowsAsItFillsAndHoldsNothingThatWasNotPut) {
  constexpr std::uint64_t kMaxSlots = std::uint64_t{1} << 20;
  LossyCache cache(kMaxSlots);
  cache.share();
  const std::uint64_t start_bytes = cache.bytes();
  EXPECT_EQ(start_bytes, LossyCache::kStartSlots * 16);
  auto keys = [](unsigned seed) {
    std::mt19937_64 rng(seed);
    std::vector<std::pair<std::uint64_t, std::uint64_t>> out(100000);
    for (auto& [board, word] : out) board = rng() | 1, word = rng() % 1024;
    return out;
  };
  const auto a = keys(1), b = keys(2), never = keys(3);
  std::thread other([&] {
    for (const auto& [board, word] : b) cache.put(board, word);
  });
  for (const auto& [board, word] : a) cache.put(board, word);
  other.join();
  EXPECT_GT(cache.bytes(), start_bytes * 16);
  EXPECT_LE(cache.bytes(), kMaxSlots * 16);  // every table kept, together
  // (What one thread put while the other copied the table into a larger one may be lost.)
  for (const auto& [board, word] : never) EXPECT_FALSE(cache.contains(board, word));
  // Alone again, it keeps most of what it is given (a full bucket loses one), through growth.
  const auto c = keys(4);
  for (const auto& [board, word] : c) cache.put(board, word);
  std::size_t found = 0;
  for (const auto& [board, word] : c) found += cache.contains(board, word);
  EXPECT_GT(found, 80000u);
  for (const auto& [board, word] : never) EXPECT_FALSE(cache.contains(board, word));
  cache.release();
  EXPECT_EQ(cache.bytes(), 0u);
  EXPECT_FALSE(cache.contains(a[0].first, a[0].second));
}

TEST(BoxCount, MeetingInTheMiddleCountsWhatTheListingListsOn3x3) {
  std::mt19937 rng(77);
  for (MoveSet m :
       {MoveSet::kClockwise, MoveSet::kBothDirections, MoveSet::kBothDirectionsAndHalf}) {
    for (int k = 0; k < 60; ++k) {
      std::vector<int> b = identity(3), target = identity(3);
      std::shuffle(b.begin(), b.end(), rng);
      std::shuffle(target.begin(), target.end(), rng);
      const BoxPuzzle p{3, b, target, m};
      Result<BoxSolveResult> listed = solve_box(p, {});
      Result<BoxSolveResult> counted = count_box_solutions(p, {});
      ASSERT_TRUE(listed.ok() && counted.ok());
      EXPECT_EQ(counted->length, listed->length);
      EXPECT_EQ(counted->count, listed->count) << move_set_name(m) << " " << format_board(b, 3);
      EXPECT_EQ(counted->complete, listed->complete);
    }
  }
}

TEST(BoxCount, AMemoryCapEndsTheCountIncomplete) {
  const std::vector<int> b = {3, 2, 1, 6, 5, 4, 9, 8, 7};
  MeetLimits limits;
  limits.max_bytes = 1;  // less than the first layers' tables
  Result<BoxSolveResult> r =
      count_box_solutions({3, b, identity(3), MoveSet::kClockwise}, {}, limits);
  ASSERT_TRUE(r.ok());
  EXPECT_FALSE(r->complete);
  EXPECT_EQ(r->count, 0u);
  EXPECT_TRUE(r->proven_optimal);  // the length is still known
}

}  // namespace
}  // namespace tilewise::box
