// The 4x4 additive pattern databases (core/box/additive_db.*): table entries against a
// shortest-path search written here, the bound against breadth-first distances, the
// searches that use it against the non-additive table, and the kept bytes.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <queue>
#include <random>
#include <set>
#include <unordered_map>
#include <utility>

#include "box_test_boards.hpp"
#include "core/box/bounds/additive_db.hpp"
#include "core/box/model/board.hpp"
#include "core/box/search/solver.hpp"

namespace tilewise::box {
namespace {

using testing::identity;
using testing::quarter_turns;
using testing::replay;
using testing::states_near_4x4;
using testing::turn;

const MoveSet kAllMoveSets[] = {MoveSet::kClockwise, MoveSet::kBothDirections,
                                MoveSet::kBothDirectionsAndHalf};

std::uint64_t key(const std::vector<int>& b) {
  std::uint64_t k = 0;
  for (int v : b) k = k << 4 | static_cast<std::uint64_t>(v);
  return k;
}

// The checker's cost of bringing the group's numbers home, by Dijkstra over boards that
// hold only the group (number j + 1 at its cell, 0 elsewhere): a press costs one quarter
// per group number in its block. Distances to home: the search runs from home, turning
// back.
std::unordered_map<std::uint64_t, int> group_quarters(const std::vector<std::uint8_t>& home,
                                                      MoveSet m) {
  std::vector<int> start(16, 0);
  for (std::size_t j = 0; j < home.size(); ++j) start[home[j]] = static_cast<int>(j) + 1;
  std::unordered_map<std::uint64_t, int> dist{{key(start), 0}};
  using Item = std::pair<int, std::vector<int>>;
  std::priority_queue<Item, std::vector<Item>, std::greater<>> queue;
  queue.push({0, start});
  while (!queue.empty()) {
    auto [d, s] = queue.top();
    queue.pop();
    if (dist[key(s)] < d) continue;
    for (int b = 0; b < 9; ++b) {
      const int r = b / 3, c = b % 3;
      const int cost = (s[r * 4 + c] > 0) + (s[r * 4 + c + 1] > 0) + (s[r * 4 + c + 4] > 0) +
                       (s[r * 4 + c + 5] > 0);
      if (cost == 0) continue;
      for (int t : quarter_turns(m)) {
        std::vector<int> prev = turn(s, 4, b, (4 - t) % 4);
        auto [it, fresh] = dist.emplace(key(prev), d + cost);
        if (!fresh && it->second <= d + cost) continue;
        it->second = d + cost;
        queue.push({d + cost, std::move(prev)});
      }
    }
  }
  return dist;
}

TEST(BoxAdditive, TableEntriesAreTheCheapestWayHomeChargingAQuarterPerNumberMoved) {
  const std::vector<std::vector<std::uint8_t>> groups = {{7, 8}, {0, 1, 4, 5}, {4, 5, 6, 7}};
  for (MoveSet m : kAllMoveSets)
    for (const auto& home : groups) {
      const auto dist = group_quarters(home, m);
      ASSERT_EQ(dist.size(), home.size() == 2 ? 240u : 43680u);
      int checked = 0;
      for (const auto& [k, quarters] : dist) {
        std::vector<std::uint8_t> cells(home.size());
        for (int c = 0; c < 16; ++c) {
          const int number = static_cast<int>(k >> (4 * (15 - c)) & 15);
          if (number > 0) cells[number - 1] = static_cast<std::uint8_t>(c);
        }
        ASSERT_EQ(additive_entry(m, home, cells), quarters)
            << move_set_name(m) << ", group of " << home.size() << ", placement " << checked;
        ++checked;
      }
    }
}

// A table built a few placements at a time (as the worker builds it, in slices; a slice can
// end while placements of the level wait behind the scan) equals the checker's distances.
TEST(BoxAdditive, TableBuiltInSmallSlicesIsTheSame) {
  const std::vector<std::uint8_t> home = {10, 11, 15};  // (no other test builds it)
  for (MoveSet m : kAllMoveSets) {
    AdditiveDbBuild build(m, home);
    int slices = 0;
    while (!build.run(1 + slices % 3)) ++slices;
    EXPECT_GT(slices, 3360 / 3);
    for (const auto& [k, quarters] : group_quarters(home, m)) {
      std::vector<std::uint8_t> cells(home.size());
      for (int c = 0; c < 16; ++c) {
        const int number = static_cast<int>(k >> (4 * (15 - c)) & 15);
        if (number > 0) cells[number - 1] = static_cast<std::uint8_t>(c);
      }
      ASSERT_EQ(additive_entry(m, home, cells), quarters) << move_set_name(m);
    }
  }
}

// Each named partition covers every number once (its groups turned back by their
// rotations, turned here with the checker's own quarter turn of the square).
TEST(BoxAdditive, EveryPartitionCoversEachNumberOnce) {
  auto turned_back = [](int cell, int rotation) {
    int r = cell / 4, c = cell % 4;
    for (int k = 0; k < (4 - rotation) % 4; ++k) {
      const int r2 = c, c2 = 3 - r;
      r = r2, c = c2;
    }
    return r * 4 + c;
  };
  for (const std::string& name : additive_partition_names()) {
    AdditivePartition p;
    ASSERT_TRUE(additive_partition(name, p));
    std::vector<int> covered(16, 0);
    for (const auto& g : p.groups)
      for (int home : g.home) ++covered[turned_back(home, g.rotation)];
    EXPECT_EQ(covered, std::vector<int>(16, 1)) << name;
  }
  AdditivePartition p;
  EXPECT_FALSE(additive_partition("8+8+0", p));
}

// Every state within a few moves: the bound never exceeds the breadth-first distance, and
// is exact on most of them. (Charging a press a whole move per group, or one quarter
// more, makes it exceed the distance here.)
TEST(BoxAdditive, BoundNeverExceedsTheBreadthFirstDistanceNearTheTarget) {
  for (MoveSet m : kAllMoveSets) {
    const int depth = m == MoveSet::kClockwise ? 5 : m == MoveSet::kBothDirections ? 4 : 3;
    const std::map<std::vector<int>, int>& dist = states_near_4x4(m, depth);
    for (const std::string partition : {"blocks", "rows"}) {
      AdditivePartition p;
      ASSERT_TRUE(additive_partition(partition, p));
      const AdditiveBound bound(m, p);
      int exact = 0;
      for (const auto& [b, d] : dist) {
        std::array<std::uint8_t, 16> cells{};
        for (int c = 0; c < 16; ++c) cells[c] = static_cast<std::uint8_t>(b[c] - 1);
        int first = 0;
        const int h = bound.bound(cells.data(), 255, first);
        ASSERT_LE(h, d) << partition << ", moves " << move_set_name(m);
        exact += h == d;
      }
      EXPECT_GT(exact, static_cast<int>(dist.size()) / 2) << partition << " " << move_set_name(m);
    }
  }
}

TEST(BoxAdditive, BoundIsTheSameWhicheverImageGoesFirst) {
  for (MoveSet m : {MoveSet::kClockwise, MoveSet::kBothDirections}) {
    AdditivePartition p;
    ASSERT_TRUE(additive_partition("rows", p));
    const AdditiveBound bound(m, p);
    std::mt19937 rng(23);
    for (int k = 0; k < 50; ++k) {
      std::vector<int> b = identity(4);
      std::shuffle(b.begin(), b.end(), rng);
      std::array<std::uint8_t, 16> cells{};
      for (int c = 0; c < 16; ++c) cells[c] = static_cast<std::uint8_t>(b[c] - 1);
      int zero = 0;
      const int all = bound.bound(cells.data(), 255, zero);
      for (int first = 1; first < bound.images(); ++first) {
        int decided = first;
        EXPECT_EQ(bound.bound(cells.data(), 255, decided), all) << "first image " << first;
      }
    }
  }
}

// The bound looks up fewer images than the 16 (cw+ccw) / 8 (cw) it stands for: images that
// hold the same groups of numbers are read once. It must still be the largest sum over all
// of them, each image built here as a board and every group's entry read on it.
TEST(BoxAdditive, BoundIsTheLargestSumOverEveryImageOfTheBoard) {
  auto symmetry = [](int s, int cell) {  // as pattern_rank.hpp: reflect, then rotate
    int r = cell / 4, c = cell % 4;
    if (s >= 4) c = 3 - c;
    for (int k = 0; k < s % 4; ++k) r = std::exchange(c, 3 - r);
    return r * 4 + c;
  };
  for (MoveSet m : {MoveSet::kClockwise, MoveSet::kBothDirections}) {
    for (const char* name : {"rows", "blocks"}) {
      AdditivePartition p;
      ASSERT_TRUE(additive_partition(name, p));
      const AdditiveBound bound(m, p);
      EXPECT_LT(bound.images(), m == MoveSet::kClockwise ? 8 : 16) << name;
      std::mt19937 rng(41);
      for (int k = 0; k < 40; ++k) {
        std::vector<int> b = identity(4);  // cell -> number, 1-based
        std::shuffle(b.begin(), b.end(), rng);
        int largest = 0;
        for (int s = 0; s < 8; ++s)
          for (bool inverse : {false, true}) {
            if (m == MoveSet::kClockwise && inverse == (s < 4)) continue;
            std::vector<int> from(16);  // 0-based, the inverse permutation if asked
            for (int c = 0; c < 16; ++c)
              (inverse ? from[b[c] - 1] : from[c]) = inverse ? c : b[c] - 1;
            std::vector<int> where(16);  // number -> cell on the image
            for (int c = 0; c < 16; ++c) where[symmetry(s, from[c])] = symmetry(s, c);
            int quarters = 0;
            for (const auto& g : p.groups) {  // the group's numbers turned back by its rotation
              std::vector<std::uint8_t> cells;
              for (std::uint8_t h : g.home) {
                int number = 0;
                while (symmetry(g.rotation, number) != h) ++number;
                cells.push_back(static_cast<std::uint8_t>(symmetry(g.rotation, where[number])));
              }
              quarters += additive_entry(m, g.home, cells);
            }
            largest = std::max(largest, (quarters + 3) / 4);
          }
        std::array<std::uint8_t, 16> zero_based{};
        for (int c = 0; c < 16; ++c) zero_based[c] = static_cast<std::uint8_t>(b[c] - 1);
        int first = 0;
        EXPECT_EQ(bound.bound(zero_based.data(), 255, first), largest) << name << " board " << k;
      }
    }
  }
}

// The same boards solved with the non-additive table, the additive bound alone and the
// larger of both: the same length (every sequence replays), and listing every optimal
// sequence gives the same count.
TEST(BoxAdditive, SearchesAgreeWithTheNonAdditiveTable) {
  for (MoveSet m : {MoveSet::kClockwise, MoveSet::kBothDirections}) {
    for (const auto& b : scrambled_boards(4, m, 2, 6, 43)) {
      std::vector<BoxSolveResult> results;
      for (int kind = 0; kind < 3; ++kind) {
        BoxSolveOptions o;
        o.pattern_tiles = 5;
        o.additive_partition = kind == 0 ? "" : "rows";
        o.pattern_table = kind != 1;
        Result<BoxSolveResult> r = solve_box({4, b, identity(4), m}, o);
        ASSERT_TRUE(r.ok());
        EXPECT_TRUE(r->proven_optimal && r->complete);
        for (const auto& seq : r->solutions) EXPECT_EQ(replay(b, 4, seq), identity(4));
        results.push_back(*r);
      }
      for (int kind = 1; kind < 3; ++kind) {
        EXPECT_EQ(results[kind].length, results[0].length) << move_set_name(m);
        EXPECT_EQ(results[kind].count, results[0].count) << move_set_name(m);
      }
    }
  }
}

TEST(BoxAdditive, TableBytesLoadBackOnlyWhenWholeAndUnchanged) {
  const MoveSet m = MoveSet::kBothDirections;
  AdditivePartition p;
  ASSERT_TRUE(additive_partition("rows", p));
  { const AdditiveBound build(m, p); }
  const std::vector<std::uint8_t> bytes = additive_table_bytes(m, "rows");
  ASSERT_EQ(bytes.size(), 6 + 2 + 4 + 8 + 2 * 43680u / 2);
  const auto load = [](MoveSet moves, const std::string& name, const std::vector<std::uint8_t>& b) {
    return load_additive_tables(moves, name, b.data(), b.size());
  };
  EXPECT_TRUE(load(m, "rows", bytes));
  std::vector<std::uint8_t> changed = bytes;
  changed[bytes.size() / 2] ^= 1;
  EXPECT_FALSE(load(m, "rows", changed));
  EXPECT_FALSE(load(m, "rows", {bytes.begin(), bytes.end() - 1}));
  EXPECT_FALSE(load(MoveSet::kClockwise, "rows", bytes));
  EXPECT_FALSE(load(m, "blocks", bytes));
  EXPECT_EQ(additive_table_name(m, "7+7+2"), "box-additive-cw+ccw-7+7+2.v1");
}

// A kept file (the CLI's cache), mapped or read: its body checked in full once, then by the
// stamp beside it; a damaged, short or foreign file is refused with what is wrong.
TEST(BoxAdditive, TableFilesAreCheckedOnceThenByTheirStamp) {
  const MoveSet m = MoveSet::kBothDirections;
  AdditivePartition p;
  ASSERT_TRUE(additive_partition("rows", p));
  const AdditiveBound bound(m, p);
  const std::vector<std::uint8_t> bytes = additive_table_bytes(m, "rows");
  const auto dir = std::filesystem::temp_directory_path() /
                   ("tilewise-table-file-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const auto file = dir / "rows.bin", stamp = dir / "rows.bin.stamp";
  const auto write = [&](const std::vector<std::uint8_t>& b) {
    std::ofstream(file, std::ios::binary)
        .write(reinterpret_cast<const char*>(b.data()), static_cast<std::streamsize>(b.size()));
  };
  const TableFormat format = additive_table_format(m, "rows");
  write(bytes);
  for (const bool map : {true, false}) {
    auto kept = table_from_file(format, file, map);
    ASSERT_TRUE(kept) << kept.error().to_string();
    EXPECT_TRUE(std::filesystem::exists(stamp));
    EXPECT_TRUE(std::equal(kept->body.data(), kept->body.data() + kept->body.size(),
                           bytes.end() - static_cast<std::ptrdiff_t>(kept->body.size())));
    EXPECT_TRUE(keep_additive_tables(m, "rows", *kept));
  }
  std::array<std::uint8_t, 16> board{};
  for (int c = 0; c < 16; ++c) board[c] = static_cast<std::uint8_t>(15 - c);
  EXPECT_EQ(bound.bound(board.data()), AdditiveBound(m, p).bound(board.data()));
  // Changed after its check: the stamp no longer holds, the body is checked and refused.
  std::vector<std::uint8_t> changed = bytes;
  changed[bytes.size() - 3] ^= 1;
  const auto checked_at = std::filesystem::last_write_time(file);
  write(changed);
  std::filesystem::last_write_time(file, checked_at + std::chrono::seconds(1));
  for (const bool map : {true, false}) {
    const auto damaged = table_from_file(format, file, map);
    ASSERT_FALSE(damaged);
    EXPECT_NE(damaged.error().to_string().find("rows.bin: damaged"), std::string::npos);
  }
  // The same change under the checked file's time and size passes on the stamp: only the
  // header and the stamp are read then.
  std::filesystem::last_write_time(file, checked_at);
  EXPECT_TRUE(table_from_file(format, file, true));
  write({bytes.begin(), bytes.end() - 1});
  const auto short_file = table_from_file(format, file, true);
  ASSERT_FALSE(short_file);
  EXPECT_NE(short_file.error().what.find("short"), std::string::npos);
  write(bytes);
  EXPECT_FALSE(table_from_file(additive_table_format(MoveSet::kClockwise, "rows"), file, true));
  EXPECT_FALSE(table_from_file(format, dir / "none.bin", true));
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace tilewise::box
