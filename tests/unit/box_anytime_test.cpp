// The anytime search of 5x5 and up (core/box/search/anytime_search.hpp) and its worker job: every
// solution it reports is replayed here, by a move written independently; its lower bound
// is checked against breadth-first distances and scramble lengths; slicing and Cancel.
#include <gtest/gtest.h>

#include <atomic>
#include <limits>
#include <map>
#include <nlohmann/json.hpp>
#include <queue>
#include <random>

#include "box_test_boards.hpp"
#include "core/box/model/board.hpp"
#include "core/box/search/anytime_search.hpp"
#include "core/box/search/solver.hpp"

extern "C" {
const char* tw_request(const char* text);
const char* tw_step(double budget_ms);
const char* tw_cancel();
int tw_busy();
}

namespace tilewise::box {
namespace {

using testing::identity;

// The checker's own turn: the block at (r, c), clockwise `q` times, by coordinates.
std::vector<int> replay_by_coordinates(std::vector<int> b, int n, const std::vector<Move>& path) {
  for (const Move& m : path) {
    const int r = m.button / (n - 1), c = m.button % (n - 1);
    for (int k = 0; k < m.quarter_turns; ++k) {
      const int tl = b[r * n + c], tr = b[r * n + c + 1], br = b[(r + 1) * n + c + 1],
                bl = b[(r + 1) * n + c];
      b[r * n + c + 1] = tl, b[(r + 1) * n + c + 1] = tr, b[(r + 1) * n + c] = br,
                    b[r * n + c] = bl;
    }
  }
  return b;
}

// Distances to 1..N*N of every board up to `depth` moves away (breadth-first, backwards).
std::map<std::vector<int>, int> distances_to_target(int n, MoveSet moves, int depth) {
  std::vector<Move> back;
  for (int b = 0; b < (n - 1) * (n - 1); ++b)
    for (int q : moves == MoveSet::kClockwise        ? std::vector<int>{1}
                 : moves == MoveSet::kBothDirections ? std::vector<int>{1, 3}
                                                     : std::vector<int>{1, 2, 3})
      back.push_back({b, (4 - q) % 4});
  std::map<std::vector<int>, int> dist{{identity(n), 0}};
  std::queue<std::vector<int>> q;
  q.push(identity(n));
  while (!q.empty()) {
    const std::vector<int> s = q.front();
    q.pop();
    const int d = dist[s];
    if (d == depth) continue;
    for (const Move& m : back) {
      std::vector<int> prev = replay_by_coordinates(s, n, {m});
      if (dist.emplace(prev, d + 1).second) q.push(prev);
    }
  }
  return dist;
}

// Each improvement replays to the target and is shorter than the one before; the lower
// bound never passes the scramble's length (cw: its undoing takes 3 presses a turn).
TEST(BoxAnytime, EveryImprovementReplaysToTheTargetAboveTheLowerBound) {
  const int turns = 40;
  const std::pair<int, MoveSet> cases[] = {{5, MoveSet::kClockwise},
                                           {5, MoveSet::kBothDirections},
                                           {5, MoveSet::kBothDirectionsAndHalf},
                                           {6, MoveSet::kBothDirections},
                                           {6, MoveSet::kClockwise},
                                           {9, MoveSet::kBothDirections}};
  for (const auto& [n, m] : cases) {
    {
      const std::vector<int> start = scrambled_boards(n, m, 1, turns, 500 + n)[0];
      BoxSolveOptions o;
      o.all = false;
      o.pattern_tiles = 5;
      o.node_budget = 150000;
      std::vector<BoxSolveResult> seen;
      Result<BoxSolveResult> r = solve_box({n, start, identity(n), m}, o,
                                           [&](const BoxSolveResult& now) { seen.push_back(now); });
      ASSERT_TRUE(r.ok());
      ASSERT_FALSE(seen.empty()) << n;
      const int most = m == MoveSet::kClockwise ? 3 * turns : turns;
      for (std::size_t k = 0; k < seen.size(); ++k) {
        ASSERT_EQ(seen[k].solutions.size(), 1u);
        EXPECT_EQ(replay_by_coordinates(start, n, seen[k].solutions[0]), identity(n))
            << n << " " << k;
        EXPECT_EQ(static_cast<int>(seen[k].solutions[0].size()), seen[k].length);
        EXPECT_GE(seen[k].length, seen[k].lower_bound);
        EXPECT_LE(seen[k].lower_bound, most);
        if (k > 0) {
          EXPECT_LT(seen[k].length, seen[k - 1].length);
        }
      }
      ASSERT_EQ(r->solutions.size(), 1u);
      EXPECT_EQ(replay_by_coordinates(start, n, r->solutions[0]), identity(n));
      EXPECT_EQ(r->length, seen.back().length);
      EXPECT_LE(r->lower_bound, std::min(r->length, most));
      EXPECT_GE(r->nodes, o.node_budget);
    }
  }
}

// Shallow scrambles: the bound never passes the breadth-first distance, at any slice, and
// the search ends proving it (length = distance).
TEST(BoxAnytime, ProvesShallowScramblesOptimalAgainstBreadthFirstSearch) {
  // (Half turns too: the IDA*'s Manhattan sum is kept in step with quarter and half turns.)
  for (MoveSet m :
       {MoveSet::kClockwise, MoveSet::kBothDirections, MoveSet::kBothDirectionsAndHalf}) {
    const int depth = m == MoveSet::kClockwise ? 4 : 3;
    const auto dist = distances_to_target(5, m, depth);
    std::vector<std::vector<int>> starts;  // every 97th board at the largest distance
    int at_depth = 0;
    for (const auto& [board, d] : dist)
      if (d == depth && at_depth++ % 97 == 0 && starts.size() < 4) starts.push_back(board);
    for (const auto& start : starts) {
      const int optimum = dist.at(start);
      BoxSolveOptions o;
      o.all = false;
      o.pattern_tiles = 5;
      BoxAnytimeSearch search({5, start, identity(5), m}, o);
      while (!search.run(50)) EXPECT_LE(search.result().lower_bound, optimum);
      const BoxSolveResult& r = search.result();
      EXPECT_TRUE(r.proven_optimal);
      EXPECT_TRUE(r.complete);
      EXPECT_EQ(r.length, optimum);
      EXPECT_EQ(r.lower_bound, optimum);
      ASSERT_FALSE(r.solutions.empty());
      EXPECT_EQ(replay_by_coordinates(start, 5, r.solutions[0]), identity(5));
    }
  }
}

// Slices of any size give what one call gives for the same node budget.
TEST(BoxAnytime, SlicedRunsGiveTheSameResultAsOneRun) {
  const std::vector<int> start = scrambled_boards(5, MoveSet::kBothDirections, 1, 60, 9)[0];
  BoxSolveOptions o;
  o.all = false;
  o.pattern_tiles = 5;
  o.node_budget = 300000;
  BoxAnytimeSearch whole({5, start, identity(5), MoveSet::kBothDirections}, o);
  EXPECT_TRUE(whole.run(std::numeric_limits<std::uint64_t>::max()));
  BoxAnytimeSearch sliced({5, start, identity(5), MoveSet::kBothDirections}, o);
  const std::uint64_t sizes[] = {1, 7, 1000, 50000};
  int slices = 0;
  while (!sliced.run(sizes[slices % 4])) ++slices;
  EXPECT_GT(slices, 10);
  const BoxSolveResult &a = whole.result(), &b = sliced.result();
  EXPECT_GT(whole.improvements(), 1u);
  EXPECT_EQ(whole.improvements(), sliced.improvements());
  EXPECT_EQ(a.length, b.length);
  EXPECT_EQ(a.lower_bound, b.lower_bound);
  EXPECT_EQ(a.nodes, b.nodes);
  EXPECT_EQ(a.method, b.method);
  ASSERT_EQ(a.solutions.size(), 1u);
  ASSERT_EQ(b.solutions.size(), 1u);
  for (std::size_t k = 0; k < a.solutions[0].size(); ++k) {
    EXPECT_EQ(a.solutions[0][k].button, b.solutions[0][k].button);
    EXPECT_EQ(a.solutions[0][k].quarter_turns, b.solutions[0][k].quarter_turns);
  }
}

// Windows of the best solution: a beam between the boards at a window's two ends finds a
// shorter way, which replaces the window (the reversed 6x6 with `cw`: its first solutions
// are long; the first improvements by windows come after ~4.1 M nodes).
TEST(BoxAnytime, WindowBeamsShortenTheBestSolution) {
  std::vector<int> reversed(36);
  for (int i = 0; i < 36; ++i) reversed[i] = 36 - i;
  BoxSolveOptions o;
  o.all = false;
  o.pattern_tiles = 5;
  o.node_budget = 4500000;
  BoxAnytimeSearch search({6, reversed, identity(6), MoveSet::kClockwise}, o);
  int by_windows = 0;
  for (std::uint64_t seen = 0; !search.run(2000);) {
    if (search.improvements() == seen) continue;
    seen = search.improvements();
    const BoxSolveResult& now = search.result();
    if (now.method.rfind("window beam", 0) != 0) continue;
    ++by_windows;
    EXPECT_EQ(replay_by_coordinates(reversed, 6, now.solutions[0]), identity(6));
  }
  EXPECT_GT(by_windows, 0);
}

// Symmetric halves, checked with the test's own turn and mirrors. Cell (r, c) of an n x n
// board: `flip` is the mirror the second half is drawn in (odd n: left-right; even n: about
// the main diagonal), `pair` the one whose cell pairs the first half must bring to flip's
// cell pairs (odd n: top-bottom; even n: about the other diagonal); flip after pair is the
// half turn.
int flip(int n, int cell) {
  const int r = cell / n, c = cell % n;
  return n % 2 ? r * n + n - 1 - c : c * n + r;
}
int pair(int n, int cell) {
  const int r = cell / n, c = cell % n;
  return n % 2 ? (n - 1 - r) * n + c : (n - 1 - c) * n + n - 1 - r;
}
// Where a sequence takes each cell's content: at[x] = the cell it ends on.
std::vector<int> cell_map(int n, const std::vector<Move>& path) {
  std::vector<int> labels(n * n), at(n * n);
  for (int x = 0; x < n * n; ++x) labels[x] = x;
  labels = replay_by_coordinates(labels, n, path);
  for (int y = 0; y < n * n; ++y) at[labels[y]] = y;
  return at;
}
bool halfway(int n, const std::vector<Move>& half) {
  const std::vector<int> at = cell_map(n, half);
  for (int x = 0; x < n * n; ++x)
    if (at[pair(n, x)] != flip(n, at[x])) return false;
  return true;
}
std::vector<int> reversed_board(int n) {
  std::vector<int> b(n * n);
  for (int i = 0; i < n * n; ++i) b[i] = n * n - i;
  return b;
}

// Any half A, joined: the whole takes cell x to flip(A^-1(flip(A(x)))); from a halfway A,
// to the cell turned half round (3x3: halfway sequences found breadth first).
TEST(BoxAnytime, SymmetricHalvesJoinToTheHalfTurnFromHalfwayBoards) {
  std::mt19937 rng(3);
  for (int n = 3; n <= 6; ++n)
    for (int trial = 0; trial < 20; ++trial) {
      std::vector<Move> half;
      for (int k = 0; k < 1 + trial; ++k)
        half.push_back({static_cast<int>(rng() % ((n - 1) * (n - 1))), rng() % 2 ? 1 : 3});
      const std::vector<Move> whole = symmetric_halves(n, half);
      ASSERT_EQ(whole.size(), 2 * half.size());
      const std::vector<int> a = cell_map(n, half), joined = cell_map(n, whole);
      std::vector<int> back(n * n);
      for (int x = 0; x < n * n; ++x) back[a[x]] = x;
      for (int x = 0; x < n * n; ++x) EXPECT_EQ(joined[x], flip(n, back[flip(n, a[x])])) << n;
    }
  // 3x3: every halfway sequence of up to 5 moves from the reversed board.
  int found = 0;
  std::vector<std::vector<Move>> layer = {{}};
  for (int depth = 1; depth <= 5; ++depth) {
    std::vector<std::vector<Move>> next;
    for (const auto& path : layer)
      for (int b = 0; b < 4; ++b)
        for (int q : {1, 3}) {
          next.push_back(path);
          next.back().push_back({b, q});
          if (!halfway(3, next.back())) continue;
          ++found;
          EXPECT_EQ(replay_by_coordinates(reversed_board(3), 3, symmetric_halves(3, next.back())),
                    identity(3));
        }
    layer = std::move(next);
  }
  EXPECT_GT(found, 0);
}

// The reversed 5x5 and 6x6: the search's symmetric halves solutions are a halfway sequence
// joined to its mirror, and turn the board home.
TEST(BoxAnytime, SymmetricHalvesSolveTheReversedBoards) {
  for (int n : {5, 6}) {
    BoxSolveOptions o;
    o.all = false;
    o.pattern_tiles = 5;
    o.node_budget = 3000000;
    BoxAnytimeSearch search({n, reversed_board(n), identity(n), MoveSet::kBothDirections}, o);
    int by_halves = 0;
    for (std::uint64_t seen = 0; !search.run(2000);) {
      if (search.improvements() == seen) continue;
      seen = search.improvements();
      const BoxSolveResult& now = search.result();
      EXPECT_EQ(replay_by_coordinates(reversed_board(n), n, now.solutions[0]), identity(n));
      if (now.method.rfind("symmetric halves", 0) != 0) continue;
      ++by_halves;
      const std::vector<Move>& whole = now.solutions[0];
      std::vector<Move> half(whole.begin(), whole.begin() + whole.size() / 2);
      // (A last X' on a button its own mirror, before the mirrored X', is spelled X X.)
      const bool as_is = halfway(n, half);
      half.back().quarter_turns = 4 - half.back().quarter_turns;
      EXPECT_TRUE(as_is || halfway(n, half)) << n;
    }
    EXPECT_GT(by_halves, 0) << n;
  }
}

TEST(BoxAnytime, CancelEndsTheSearchAtOnceWithTheBestSoFar) {
  std::vector<int> reversed(36);
  for (int i = 0; i < 36; ++i) reversed[i] = 36 - i;
  std::atomic<bool> cancel{false};
  BoxSolveOptions o;
  o.all = false;
  o.pattern_tiles = 5;
  o.cancel = &cancel;
  BoxAnytimeSearch search({6, reversed, identity(6), MoveSet::kBothDirections}, o);
  while (search.result().length < 0) ASSERT_FALSE(search.run(1000));
  cancel = true;
  const std::uint64_t nodes = search.result().nodes;
  EXPECT_TRUE(search.run(1000000));
  EXPECT_EQ(search.result().nodes, nodes);
  EXPECT_FALSE(search.result().complete);
  EXPECT_FALSE(search.result().proven_optimal);
  ASSERT_EQ(search.result().solutions.size(), 1u);
  EXPECT_EQ(replay_by_coordinates(reversed, 6, search.result().solutions[0]), identity(6));
}

// The worker's 5x5+ job: slices, a stream of ever shorter solutions, Cancel keeps the last.
TEST(BoxAnytime, TheWorkerStreamsImprovementsInSlicesAndCancelKeepsTheBest) {
  using nlohmann::json;
  std::vector<int> reversed(25);
  for (int i = 0; i < 25; ++i) reversed[i] = 25 - i;
  const json request = {{"id", 61},          {"type", "box.solve"}, {"start", reversed},
                        {"moves", "cw+ccw"}, {"all", false},        {"pattern_tiles", 5}};
  ASSERT_TRUE(json::parse(tw_request(request.dump().c_str())).empty());
  int streamed = 0, last_length = 1 << 30, steps = 0;
  for (; streamed < 2 && steps < 20000; ++steps) {
    for (const json& e : json::parse(tw_step(2))) {
      ASSERT_NE(e["type"], "done") << e.dump();
      if (e["type"] != "solution") continue;
      ++streamed;
      EXPECT_LT(e["length"].get<int>(), last_length);
      last_length = e["length"].get<int>();
    }
  }
  EXPECT_EQ(streamed, 2);
  EXPECT_GT(steps, 2);
  const json last = json::parse(tw_step(2)).back();
  EXPECT_EQ(last["type"], "progress");
  EXPECT_EQ(last["phase"], "search");
  EXPECT_LE(last["best_length"].get<int>(), last_length);
  const json done = json::parse(tw_cancel()).back();
  EXPECT_EQ(tw_busy(), 0);
  EXPECT_EQ(done["cancelled"], true);
  const json& r = done["result"];
  EXPECT_EQ(r["complete"], false);
  EXPECT_EQ(r["proven_optimal"], false);
  EXPECT_LE(r["length"].get<int>(), last_length);
  std::string names;
  for (const json& name : r["solutions"][0]) names += name.get<std::string>() + " ";
  Result<std::vector<Move>> moves = parse_moves(names, 5, MoveSet::kBothDirections);
  ASSERT_TRUE(moves.ok()) << names;
  EXPECT_EQ(static_cast<int>(moves->size()), r["length"].get<int>());
  EXPECT_EQ(replay_by_coordinates(reversed, 5, *moves), identity(5));
}

}  // namespace
}  // namespace tilewise::box
