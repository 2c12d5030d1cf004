// The 4x4 count by layers (core/box/count_layers.*) and the bound of packed boards it reads
// (core/box/packed_bound.*): the vector ranks against the tables' own ranks, and the count
// against the depth-first count, meeting in the middle and the test's own breadth-first
// count of shortest sequences.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "box_meet_oracle.hpp"
#include "box_test_boards.hpp"
#include "core/box/bounds/additive_db.hpp"
#include "core/box/bounds/packed_bound.hpp"
#include "core/box/bounds/pattern_db.hpp"
#include "core/box/bounds/pattern_rank.hpp"
#include "core/box/count/count_layers.hpp"
#include "core/box/model/board.hpp"
#include "core/box/search/solver.hpp"

namespace tilewise::box {
namespace {

using testing::identity;
using testing::scrambled_4x4;
using testing::shortest_sequences;
using testing::states_near_4x4;

AdditiveBound bound_of(MoveSet m, const std::string& partition) {
  AdditivePartition p;
  EXPECT_TRUE(additive_partition(partition, p));
  return AdditiveBound(m, p);
}

// 1-based board -> 0-based bytes (the target reads 0..15).
std::array<std::uint8_t, 16> bytes_of(const std::vector<int>& b) {
  std::array<std::uint8_t, 16> out{};
  for (int c = 0; c < 16; ++c) out[c] = static_cast<std::uint8_t>(b[c] - 1);
  return out;
}

// Placements of 1..8 numbers (every term size a table may have; 8+8's tables take minutes to
// build, so this is where its 8-number terms are checked) ranked by the vector ranks as
// pattern::rank ranks them, the first and last placements included.
TEST(BoxLayers, VectorRanksRankEveryTermSizeAsThePatternRank) {
  std::mt19937 rng(6161);
  for (int tiles = 1; tiles <= 8; ++tiles) {
    std::array<std::uint8_t, 16> cells;
    for (int c = 0; c < 16; ++c) cells[c] = static_cast<std::uint8_t>(c);
    EXPECT_EQ(vector_rank(cells.data(), tiles), 0u);
    std::array<std::uint8_t, 16> last;
    for (int c = 0; c < 16; ++c) last[c] = static_cast<std::uint8_t>(15 - c);
    EXPECT_EQ(vector_rank(last.data(), tiles), pattern::placements(tiles) - 1);
    for (int k = 0; k < 2000; ++k) {
      std::shuffle(cells.begin(), cells.end(), rng);
      ASSERT_EQ(vector_rank(cells.data(), tiles), pattern::rank(cells.data(), tiles))
          << tiles << " numbers, placement " << k;
    }
  }
}

// Every image's indices, excess and bound of random boards, by the vector ranks, as
// AdditiveBound computes them (the fallback asks AdditiveBound): partitions of 2 x 4 and 4 x 4
// numbers (rows, blocks: two registers an image) and 6 + 6 + 4 (an odd number of terms), every
// move set.
TEST(BoxLayers, PackedBoundRanksAsTheTablesRank) {
  std::mt19937 rng(1919);
  struct Case {
    MoveSet moves;
    const char* partition;
  };
  for (const Case& c :
       {Case{MoveSet::kClockwise, "rows"}, Case{MoveSet::kBothDirections, "blocks"},
        Case{MoveSet::kBothDirectionsAndHalf, "rows"}, Case{MoveSet::kBothDirections, "6+6+4"}}) {
    const AdditiveBound bound = bound_of(c.moves, c.partition);
    const PackedBound vector(bound, c.moves, true), fallback(bound, c.moves, false);
#if defined(__x86_64__)
    EXPECT_TRUE(vector.vector()) << "SSE4.1 is on every x86-64 machine this project runs on";
#endif
    EXPECT_FALSE(fallback.vector());
    std::vector<int> b = identity(4);
    for (int k = 0; k < 400; ++k) {
      std::shuffle(b.begin(), b.end(), rng);
      const std::array<std::uint8_t, 16> board = bytes_of(b);
      const Packed packed = pack(board.data(), 16);
      for (int image = 0; image < bound.images(); ++image) {
        std::array<std::uint32_t, 64> want{}, got{};
        bound.first_indices(board.data(), image, want.data());
        vector.indices(packed, image, got.data());
        for (int t = 0; t < bound.terms(); ++t)
          ASSERT_EQ(got[t], want[t])
              << c.partition << " image " << image << " term " << t << " " << format_board(b, 4);
        const int excess = bound.excess(image, want.data());
        EXPECT_EQ(vector.excess(image, got.data()), excess);
        EXPECT_EQ(vector.moves(packed, excess), bound.moves_of(board.data(), excess));
      }
    }
  }
}

// The pattern table's lookups of packed boards (PackedBound of a pattern table, the count's
// second bound): the shuffles rank each lookup as AdditiveBound does (the fallback), and the
// largest entry is the pattern table's bound, in every move set (16 lookups with cw+ccw, 8 with
// cw, two a pair).
TEST(BoxLayers, PackedPatternLooksUpAsThePatternBound) {
  std::mt19937 rng(5151);
  for (MoveSet m :
       {MoveSet::kClockwise, MoveSet::kBothDirections, MoveSet::kBothDirectionsAndHalf}) {
    const AdditiveBound pattern(m, 5);
    const PackedBound vector(pattern, m, true), fallback(pattern, m, false);
    EXPECT_EQ(pattern.images(), m == MoveSet::kClockwise ? 8 : 16);
    ASSERT_EQ(vector.pairs(), pattern.images() / 2);
    std::vector<int> b = identity(4);
    for (int k = 0; k < 300; ++k) {
      std::shuffle(b.begin(), b.end(), rng);
      const std::array<std::uint8_t, 16> board = bytes_of(b);
      const Packed packed = pack(board.data(), 16);
      std::array<std::uint32_t, 16> got{}, plain{};
      vector.pair_indices(packed, 0, vector.pairs(), got.data());
      fallback.pair_indices(packed, 0, fallback.pairs(), plain.data());
      for (int j = 0; j < pattern.images(); ++j)
        ASSERT_EQ(got[j], plain[j])
            << move_set_name(m) << " lookup " << j << " " << format_board(b, 4);
      int largest = 0;
      for (int p = 0; p < fallback.pairs(); ++p)
        largest = std::max(largest, fallback.largest(p, plain.data() + 2 * p));
      EXPECT_EQ(fallback.entry_moves(largest), pattern.bound(board.data()))
          << move_set_name(m) << " " << format_board(b, 4);
    }
  }
}

// Shallow boards: the layers count the breadth-first shortest sequences, in every move set.
TEST(BoxLayers, TheLayersCountTheBreadthFirstShortestSequences) {
  std::mt19937 rng(2727);
  for (MoveSet m :
       {MoveSet::kClockwise, MoveSet::kBothDirections, MoveSet::kBothDirectionsAndHalf}) {
    const int depth = m == MoveSet::kClockwise ? 6 : m == MoveSet::kBothDirections ? 5 : 4;
    const auto& dist = states_near_4x4(m, depth);
    BoxSolveOptions o;
    o.additive_partition = "rows";
    o.pattern_table = false;
    for (int k = 0; k < 6; ++k) {
      const std::vector<int> b = scrambled_4x4(rng, depth);
      const int d = dist.at(b);
      Result<BoxSolveResult> r = count_box_by_layers({4, b, identity(4), m}, o, 1 + k % 2);
      ASSERT_TRUE(r.ok());
      EXPECT_TRUE(r->complete);
      EXPECT_EQ(r->length, d);
      EXPECT_EQ(r->count, shortest_sequences(b, d, dist, m))
          << move_set_name(m) << " " << format_board(b, 4);
      EXPECT_NE(r->method.find("counted by layers"), std::string::npos);
    }
  }
}

// Deeper boards (thousands of sequences, many boards a layer): the layers count what the
// depth-first count and meeting in the middle count, with one thread and two, with the vector
// ranks and without.
TEST(BoxLayers, TheLayersCountWhatTheDepthFirstCountAndTheMeetingCount) {
  std::mt19937 rng(3838);
  for (MoveSet m : {MoveSet::kClockwise, MoveSet::kBothDirections}) {
    const AdditiveBound bound = bound_of(m, "blocks");
    for (int k = 0; k < 3; ++k) {
      const std::vector<int> b = scrambled_4x4(rng, 12);
      BoxSolveOptions o;
      o.additive_partition = "blocks";
      o.pattern_table = false;
      Result<BoxSolveResult> depth_first = solve_box({4, b, identity(4), m}, o);
      Result<BoxSolveResult> met = count_box_solutions({4, b, identity(4), m}, o);
      ASSERT_TRUE(depth_first.ok() && met.ok() && depth_first->complete && met->complete);
      EXPECT_EQ(depth_first->count, met->count);
      const std::vector<std::uint8_t> start = renamed_start({4, b, identity(4), m});
      for (int threads : {1, 2})
        for (bool vector : {true, false}) {
          LayerCountLimits limits;
          limits.threads = threads;
          limits.vector_ranks = vector;
          limits.direction = LayerDirection::kFromStart;  // (layers of one end)
          int layers = 0;
          limits.on_layer = [&](const LayerCountStep& s) { EXPECT_EQ(s.depth, ++layers); };
          const LayerCount c = count_by_layers(start.data(), m, depth_first->length, bound, limits);
          EXPECT_TRUE(c.complete);
          EXPECT_EQ(c.count, depth_first->count)
              << move_set_name(m) << " " << format_board(b, 4) << " threads " << threads
              << (vector ? " vector" : " fallback");
          EXPECT_EQ(layers, depth_first->length);
          EXPECT_GT(c.bounded, 0u);
          EXPECT_LE(c.bounded, c.children);  // (each distinct child bounded once a layer)
        }
    }
  }
}

// With the pattern table as a second bound the layers bound fewer boards and count the same,
// on one thread and two; through count_box_by_layers too (--second-bound pattern).
TEST(BoxLayers, ThePatternTableAsASecondBoundCutsBoardsNotSequences) {
  std::mt19937 rng(6262);
  for (MoveSet m : {MoveSet::kClockwise, MoveSet::kBothDirections}) {
    const AdditiveBound bound = bound_of(m, "blocks");
    const AdditiveBound pattern(m, 6);
    std::uint64_t bounded = 0, bounded_second = 0;
    for (int k = 0; k < 3; ++k) {
      const std::vector<int> b = scrambled_4x4(rng, 12);
      BoxSolveOptions o;
      o.additive_partition = "blocks";
      o.pattern_table = false;
      Result<BoxSolveResult> without = count_box_by_layers({4, b, identity(4), m}, o, 1);
      ASSERT_TRUE(without.ok() && without->complete);
      o.second_pattern = true;
      o.pattern_tiles = 6;
      Result<BoxSolveResult> with = count_box_by_layers({4, b, identity(4), m}, o, 2);
      ASSERT_TRUE(with.ok() && with->complete);
      EXPECT_EQ(with->count, without->count) << move_set_name(m) << " " << format_board(b, 4);
      const std::vector<std::uint8_t> start = renamed_start({4, b, identity(4), m});
      for (int threads : {1, 2}) {
        LayerCountLimits limits;
        limits.threads = threads;
        const LayerCount plain = count_by_layers(start.data(), m, without->length, bound, limits);
        limits.second = &pattern;
        const LayerCount second = count_by_layers(start.data(), m, without->length, bound, limits);
        // The table asked for once a layer bounded a hundred boards (--second-bound auto's way).
        limits.second = nullptr;
        int asked = 0;
        limits.second_when = [&] { return ++asked, &pattern; };
        limits.second_after = 100;
        const LayerCount later = count_by_layers(start.data(), m, without->length, bound, limits);
        EXPECT_TRUE(plain.complete && second.complete && later.complete);
        EXPECT_EQ(second.count, plain.count) << move_set_name(m) << " " << format_board(b, 4);
        EXPECT_EQ(later.count, plain.count);
        EXPECT_EQ(plain.second_from, 0);
        EXPECT_EQ(second.second_from, 1);
        EXPECT_EQ(asked, 1);
        EXPECT_GT(later.second_from, 1);
        EXPECT_LE(later.bounded, plain.bounded);
        EXPECT_EQ(plain.count, without->count);
        bounded += plain.bounded, bounded_second += second.bounded;
      }
    }
    EXPECT_LT(bounded_second, bounded) << move_set_name(m);
  }
}

// The bound's stages (the first image, then the pattern table's lookups and the other images
// in groups, in an order the layers before chose) keep exactly the boards the whole bound
// keeps: layer by layer, the children made and the boards kept equal those of a plain
// breadth-first search asking AdditiveBound and AdditiveBound of every child (`cw`: one
// counting context, so a layer's entries are its boards); with and without the pattern table,
// on partitions of 2-4 terms an image, one and two threads, the shuffles and the fallback.
TEST(BoxLayers, TheStagesKeepExactlyTheBoardsTheWholeBoundKeeps) {
  std::mt19937 rng(4747);
  const MoveSet m = MoveSet::kClockwise;
  const AdditiveBound pattern5(m, 5), pattern6(m, 6);  // (5: asked after the images)
  const std::vector<Move> moves = allowed_moves(4, m);
  for (const std::string partition : {"blocks", "6+6+4"}) {
    const AdditiveBound bound = bound_of(m, partition);
    for (int k = 0; k < 2; ++k) {
      const std::vector<int> b = scrambled_4x4(rng, 16);
      BoxSolveOptions o;
      o.additive_partition = partition;
      o.pattern_table = false;
      Result<BoxSolveResult> first = solve_box({4, b, identity(4), m}, o);
      ASSERT_TRUE(first.ok());
      const int length = first->length;
      const std::vector<std::uint8_t> start = renamed_start({4, b, identity(4), m});
      for (const AdditiveBound* second :
           {static_cast<const AdditiveBound*>(nullptr), &pattern5, &pattern6}) {
        // The plain search: every child asked the whole bound.
        std::vector<std::pair<std::uint64_t, std::uint64_t>> expected;  // (children, kept)
        std::vector<std::uint64_t> children_of;  // distinct children, a layer
        std::set<std::vector<int>> layer{std::vector<int>(start.begin(), start.end())};
        for (int d = 1; d <= length; ++d) {
          std::set<std::vector<int>> children, kept;
          for (const std::vector<int>& board : layer)
            for (const Move& mv : moves) {
              std::vector<int> c = board;
              apply_move(c, 4, mv);
              children.insert(c);
            }
          const std::uint64_t made = layer.size() * moves.size();  // (each asked a bound)
          for (const std::vector<int>& c : children) {
            std::array<std::uint8_t, 16> bytes{};
            for (int i = 0; i < 16; ++i) bytes[i] = static_cast<std::uint8_t>(c[i]);
            int image = 0;
            int h = bound.bound(bytes.data(), 255, image);
            if (second) h = std::max(h, second->bound(bytes.data()));
            if (h <= length - d) kept.insert(c);
          }
          expected.emplace_back(made, kept.size());
          children_of.push_back(children.size());
          layer.swap(kept);
        }
        for (int threads : {1, 2})
          for (bool vector : {true, false}) {
            LayerCountLimits limits;
            limits.threads = threads;
            limits.vector_ranks = vector;
            limits.second = second;
            limits.direction = LayerDirection::kFromStart;  // (the plain search's end)
            std::vector<std::pair<std::uint64_t, std::uint64_t>> got;
            limits.on_layer = [&](const LayerCountStep& s) {
              got.emplace_back(s.children, s.boards);
              EXPECT_LE(s.bounded, std::min<std::uint64_t>(s.children, children_of[s.depth - 1]));
            };
            const LayerCount c = count_by_layers(start.data(), m, length, bound, limits);
            EXPECT_TRUE(c.complete);
            EXPECT_EQ(got, expected) << partition << " " << format_board(b, 4)
                                     << (second ? " with the pattern table" : "") << " threads "
                                     << threads << (vector ? " vector" : " fallback");
          }
      }
    }
  }
}

// The count read back from the target (the start's inverse, reflected) is the count from the
// start, in every move set: the breadth-first shortest sequences of shallow boards, the
// depth-first count of deeper ones. From either end the count is the same too; its layers are
// the start's until one keeps more than race_boards boards, then the target's to that depth,
// then those of the end whose layer there was smaller, and the work of both is counted.
TEST(BoxLayers, FromTheTargetOrFromEitherEndTheCountIsTheSame) {
  std::mt19937 rng(2323);
  for (MoveSet m :
       {MoveSet::kClockwise, MoveSet::kBothDirections, MoveSet::kBothDirectionsAndHalf}) {
    const int depth = m == MoveSet::kClockwise ? 6 : m == MoveSet::kBothDirections ? 5 : 4;
    const auto& dist = states_near_4x4(m, depth);
    const AdditiveBound bound = bound_of(m, "rows");
    for (int k = 0; k < 6; ++k) {
      const std::vector<int> b = scrambled_4x4(rng, depth);
      const int d = dist.at(b);
      const std::vector<std::uint8_t> start = renamed_start({4, b, identity(4), m});
      LayerCountLimits limits;
      limits.threads = 1 + k % 2;
      limits.direction = LayerDirection::kFromTarget;
      const LayerCount c = count_by_layers(start.data(), m, d, bound, limits);
      EXPECT_TRUE(c.complete && c.from_target);
      EXPECT_EQ(c.count, shortest_sequences(b, d, dist, m))
          << move_set_name(m) << " " << format_board(b, 4);
    }
  }
  bool chose[2] = {false, false};  // (the start, the target: each end chosen on some board)
  for (MoveSet m : {MoveSet::kClockwise, MoveSet::kBothDirections}) {
    const AdditiveBound bound = bound_of(m, "blocks");
    for (int k = 0; k < 4; ++k) {
      const std::vector<int> b = scrambled_4x4(rng, 14);
      BoxSolveOptions o;
      o.additive_partition = "blocks";
      o.pattern_table = false;
      Result<BoxSolveResult> depth_first = solve_box({4, b, identity(4), m}, o);
      ASSERT_TRUE(depth_first.ok() && depth_first->complete);
      const int length = depth_first->length;
      const std::vector<std::uint8_t> start = renamed_start({4, b, identity(4), m});
      LayerCountLimits limits;
      limits.threads = 1 + k % 2;
      limits.direction = LayerDirection::kFromTarget;
      const LayerCount back = count_by_layers(start.data(), m, length, bound, limits);
      EXPECT_TRUE(back.complete);
      EXPECT_EQ(back.count, depth_first->count) << move_set_name(m) << " " << format_board(b, 4);
      limits.direction = LayerDirection::kEither;
      limits.race_boards = 50;
      std::vector<LayerCountStep> steps;
      limits.on_layer = [&](const LayerCountStep& s) { steps.push_back(s); };
      const LayerCount either = count_by_layers(start.data(), m, length, bound, limits);
      EXPECT_TRUE(either.complete);
      EXPECT_EQ(either.count, depth_first->count) << move_set_name(m) << " " << format_board(b, 4);
      // The start's layers to the first that kept more than 50 boards, the target's to that
      // depth, then the chosen end's.
      const std::size_t raced = static_cast<std::size_t>(either.raced);
      ASSERT_GE(raced, 1u);
      ASSERT_LT(raced, static_cast<std::size_t>(length)) << "chosen before the end";
      ASSERT_EQ(steps.size(), raced + static_cast<std::size_t>(length));
      std::uint64_t children = 0;
      for (std::size_t i = 0; i < steps.size(); ++i) {
        children += steps[i].children;
        const bool kept = i >= 2 * raced;
        EXPECT_EQ(steps[i].depth, static_cast<int>(kept ? i - raced + 1 : i % raced + 1));
        EXPECT_EQ(steps[i].from_target, kept ? either.from_target : i >= raced);
        if (i + 1 < raced) {
          EXPECT_LE(steps[i].boards, 50u);
        }
      }
      const LayerCountStep &at_start = steps[raced - 1], &at_target = steps[2 * raced - 1];
      EXPECT_GT(at_start.boards, 50u);
      EXPECT_EQ(either.from_target, at_target.boards < at_start.boards) << format_board(b, 4);
      EXPECT_EQ(either.children, children);
      chose[either.from_target ? 1 : 0] = true;
    }
  }
  EXPECT_TRUE(chose[0] && chose[1]) << "each end chosen on some board";
}

// Layers over the memory cap end the count incomplete, the length still known; so does a
// cancel.
TEST(BoxLayers, AMemoryCapOrACancelEndsTheCountIncomplete) {
  std::mt19937 rng(4949);
  const std::vector<int> b = scrambled_4x4(rng, 14);
  BoxSolveOptions o;
  o.additive_partition = "rows";
  o.pattern_table = false;
  o.max_count_bytes = 4096;
  Result<BoxSolveResult> r = count_box_by_layers({4, b, identity(4), MoveSet::kClockwise}, o, 1);
  ASSERT_TRUE(r.ok());
  EXPECT_FALSE(r->complete);
  EXPECT_TRUE(r->count_table_full);
  EXPECT_EQ(r->count, 0u);
  EXPECT_TRUE(r->proven_optimal);
  std::atomic<bool> cancel{true};
  o.max_count_bytes = std::uint64_t{1} << 30;
  o.cancel = &cancel;
  const AdditiveBound bound = bound_of(MoveSet::kClockwise, "rows");
  LayerCountLimits limits;
  limits.cancel = &cancel;
  const std::vector<std::uint8_t> start = renamed_start({4, b, identity(4), MoveSet::kClockwise});
  const LayerCount c = count_by_layers(start.data(), MoveSet::kClockwise, 20, bound, limits);
  EXPECT_FALSE(c.complete);
  EXPECT_FALSE(c.out_of_memory);
  EXPECT_EQ(c.count, 0u);
}

}  // namespace
}  // namespace tilewise::box
