// The resumable Puzzle Box search and table builds: run in small slices they give exactly
// what one uninterrupted run gives, and the worker's sliced 4x4 solve agrees with an
// independent breadth-first search written here.
#include <gtest/gtest.h>

#include <cstdint>
#include <map>
#include <nlohmann/json.hpp>
#include <queue>

#include "box_test_boards.hpp"
#include "core/box/model/board.hpp"
#include "core/box/search/solver.hpp"

extern "C" {
const char* tw_request(const char* text);
const char* tw_step(double budget_ms);
int tw_busy();
int tw_table_offer(const char* name, const std::uint8_t* bytes, int size);
}

namespace tilewise::box {
namespace {

using testing::identity;

TEST(BoxSearch, SlicedRunsGiveTheSameSolutionsAsOneRun) {
  for (int size : {3, 4}) {
    for (MoveSet moves : {MoveSet::kClockwise, MoveSet::kBothDirections}) {
      const auto boards = scrambled_boards(size, moves, 4, size == 3 ? 20 : 4, 99);
      for (const auto& b : boards) {
        const BoxPuzzle p{size, b, identity(size), moves};
        BoxSolveOptions o;
        o.pattern_tiles = 5;  // a small table: this test is about slicing
        Result<BoxSolveResult> whole = solve_box(p, o);
        ASSERT_TRUE(whole.ok());
        BoxSearch sliced(p, o);
        int slices = 1;
        for (std::uint64_t n = 1; !sliced.run(n); n = n % 7 + 1) ++slices;
        EXPECT_GT(slices, 1);
        EXPECT_EQ(sliced.result().length, whole->length);
        EXPECT_EQ(sliced.result().count, whole->count);
        EXPECT_EQ(sliced.result().solutions.size(), whole->solutions.size());
        for (size_t k = 0; k < whole->solutions.size(); ++k)
          for (size_t i = 0; i < whole->solutions[k].size(); ++i) {
            EXPECT_EQ(sliced.result().solutions[k][i].button, whole->solutions[k][i].button);
            EXPECT_EQ(sliced.result().solutions[k][i].quarter_turns,
                      whole->solutions[k][i].quarter_turns);
          }
        EXPECT_TRUE(sliced.result().proven_optimal);
        EXPECT_TRUE(sliced.result().complete);
      }
    }
  }
}

// Distances to 1..16 up to `depth` moves of cw+ccw+half (every turn of a block is one move),
// by the test's own BFS (turns written out with coordinates).
std::map<std::vector<int>, int> bfs_4x4(int depth) {
  auto turn = [](std::vector<int> b, int button) {  // one clockwise quarter turn
    const int r = button / 3, c = button % 3;
    const int tl = r * 4 + c, tr = tl + 1, bl = tl + 4, br = tl + 5;
    const int keep = b[bl];
    b[bl] = b[br], b[br] = b[tr], b[tr] = b[tl], b[tl] = keep;
    return b;
  };
  std::map<std::vector<int>, int> dist{{identity(4), 0}};
  std::queue<std::vector<int>> q;
  q.push(identity(4));
  while (!q.empty()) {
    const auto s = q.front();
    q.pop();
    if (dist[s] == depth) continue;
    for (int button = 0; button < 9; ++button) {
      auto prev = s;
      for (int quarter = 1; quarter <= 3; ++quarter) {
        prev = turn(prev, button);
        if (dist.emplace(prev, dist[s] + 1).second) q.push(prev);
      }
    }
  }
  return dist;
}

TEST(BoxSearch, WorkerSolvesOf4x4BoardsBuildTablesInSlicesAndMatchBreadthFirstSearch) {
  const auto dist = bfs_4x4(3);
  int checked = 0, table_slices = 0;
  for (const auto& [board, d] : dist) {
    if (d < 2 || ++checked > 12) continue;
    tw_request(nlohmann::json{{"id", checked},
                              {"type", "box.solve"},
                              {"start", board},
                              {"moves", "cw+ccw+half"},
                              {"pattern_tiles", 6}}
                   .dump()
                   .c_str());
    nlohmann::json last;
    while (tw_busy()) {
      last = nlohmann::json::parse(tw_step(2));
      for (const auto& e : last) {
        table_slices += e.value("phase", "") == "tables";
        // The page's storage has no kept table (web/worker.js answers the same way).
        if (e["type"] == "table_wanted")
          tw_table_offer(e["name"].get<std::string>().c_str(), nullptr, 0);
      }
    }
    ASSERT_EQ(last.back()["type"], "done") << last.dump();
    EXPECT_EQ(last.back()["result"]["length"], d) << nlohmann::json(board).dump();
    EXPECT_EQ(last.back()["result"]["proven_optimal"], true);
  }
  // Unless an earlier test in this process built them, the databases took many slices.
  EXPECT_TRUE(table_slices == 0 || table_slices > 3) << table_slices;
}

}  // namespace
}  // namespace tilewise::box
