// Puzzle Box benchmarks. The baseline is the seed's method (seed 003): a naive
// depth-limited DFS over clockwise turns with a list of boards already on the path, run
// in this same process so results can be read as ratios, not absolute times.
//   box_table_build   : building the 3x3 distance table (all 9! states, one move set)
//   box_query_3x3     : one optimal-solve query (every optimal sequence) on a built table
//   box_seed_dfs      : the seed's DFS (depth limit 11) on the seed's board, baseline
//   box_ida_4x4_first : 4x4 IDA*, first optimal solution, 20 seeded random scrambles
//   box_pattern_build : the 4x4 pattern table (7 numbers, 57,657,600 entries), one move set
//   box_4x4_random    : 4x4 IDA* on 20 uniformly random boards (seeded), first or all optimal
//                       solutions: median and max seconds per board, largest distance seen;
//                       the 5-number table on the same boards is the in-process baseline,
//                       the 7-number one that of the additive tables (7+7+2, alone or the
//                       larger of both: bound 1 / 2; 8+8 alone: bound 3)
//   box_4x4_graph_count: every optimal solution of 12 uniformly random 4x4 boards of a seed,
//                       counted on the graph (8+8 tables, read from the CLI's cache when
//                       there), by one
//                       search (threads 0, the baseline) or count_box_parallel with T threads
//                       (parallel_count.hpp): CPU (all threads) and wall seconds median / max /
//                       total, nodes, solutions
//   box_4x4_layers_count: every optimal solution of 12 uniformly random 4x4 boards of a seed,
//                       counted depth first (count_box_parallel, the baseline) and by layers
//                       (count_layers.hpp), board by board in one process, T threads each:
//                       wall and CPU seconds median / max / total; the counts must agree
//   box_4x4_layers_second: the count by layers of 12 uniformly random 4x4 boards of a seed
//                       without a second bound (the baseline), with the 8-number pattern
//                       table as one from the first layer, and as --second-bound auto asks it
//                       (once a layer bounded 65,536 children), board by board in one process
//   box_4x4_layers_ends: the count by layers of 12 uniformly random 4x4 boards of a
//                       seed as the CLI makes it (cw: the first solution with the 8+8 and
//                       the 8-number pattern tables, the pattern table the second bound from
//                       the first layer; cw+ccw: 8+8 alone, the pattern table once a layer
//                       bounded 65,536 boards), from the start (the baseline), from the target (the
//                       sequences read back) and from either end (the start's layers until one
//                       keeps 65,536 boards, the target's to that depth, then on with the end whose
//                       layer there is smaller: the CLI's), board by board in one process
//   box_rank          : ranking 8-number placements (the tables' index, pattern_rank.hpp),
//                       with a 64 KiB table of bit counts (0, the baseline) or with nibble
//                       counters (1, pattern::rank)
//   box_4x4_reversed  : the board 16..1 (cw+ccw), 120 s: best found and lower bound, with the
//                       7-number table (0) and the additive 7+7+2 tables (1)
//   box_nxn_bounds    : 5x5 and 7x7 (cw+ccw): the lower bound of 200 uniformly random boards
//                       (seed 15) and of the reversed board by the numbers' Manhattan
//                       distances (the baseline) and by the default group map's additive
//                       tables (additive_db.hpp, built before the timing): means, and CPU
//                       nanoseconds a bound, each in the same process
#include <benchmark/benchmark.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "core/box/bounds/additive_db.hpp"
#include "core/box/bounds/pattern_db.hpp"
#include "core/box/bounds/pattern_rank.hpp"
#include "core/box/count/count_layers.hpp"
#include "core/box/count/parallel_count.hpp"
#include "core/box/model/board.hpp"
#include "core/box/search/solver.hpp"

namespace {
using namespace tilewise::box;

const std::vector<int> kSeedStart = {7, 6, 5, 8, 4, 9, 3, 2, 1};
const std::vector<int> kSolved3 = {1, 2, 3, 4, 5, 6, 7, 8, 9};

// The seed's solver: depth-limited DFS, no pruning beyond "not a board already on the
// current path" (searched linearly, as the seed's list does). Counts solutions found.
void seed_dfs(const std::vector<int>& board, std::vector<std::vector<int>>& path, int limit,
              long& found) {
  if (static_cast<int>(path.size()) >= limit) return;
  if (board == kSolved3) ++found;
  if (std::find(path.begin(), path.end(), board) != path.end()) return;
  path.push_back(board);
  for (int b = 0; b < 4; ++b) {
    std::vector<int> next = board;
    apply_move(next, 3, Move{b, 1});
    seed_dfs(next, path, limit, found);
  }
  path.pop_back();
}

void box_seed_dfs(benchmark::State& state) {
  for (auto _ : state) {
    std::vector<std::vector<int>> path;
    long found = 0;
    seed_dfs(kSeedStart, path, 11, found);
    benchmark::DoNotOptimize(found);
  }
}
BENCHMARK(box_seed_dfs)->Unit(benchmark::kMillisecond)->Iterations(1);

void box_table_build(benchmark::State& state) {
  for (auto _ : state) benchmark::DoNotOptimize(build_distance_table_3x3(MoveSet::kClockwise));
}
BENCHMARK(box_table_build)->Unit(benchmark::kMillisecond);

void box_query_3x3(benchmark::State& state) {
  BoxPuzzle p{3, kSeedStart, kSolved3, MoveSet::kClockwise};
  BoxSolveOptions opt;
  (void)solve_box(p, opt);  // table built outside the timed loop
  for (auto _ : state) {
    auto r = solve_box(p, opt);
    benchmark::DoNotOptimize(r);
  }
}
BENCHMARK(box_query_3x3)->Unit(benchmark::kMicrosecond);

// The same 20 boards the browser worker's box.bench request uses (scrambled_boards).
std::vector<std::vector<int>> scrambles_4x4(int count, int depth) {
  return scrambled_boards(4, MoveSet::kClockwise, count, depth, 2024);
}

void box_ida_4x4_first(benchmark::State& state) {
  const auto starts = scrambles_4x4(20, static_cast<int>(state.range(0)));
  std::vector<int> target(16);
  for (int k = 0; k < 16; ++k) target[k] = k + 1;
  BoxSolveOptions opt;
  opt.all = false;
  opt.node_budget = 5000000;  // keeps the bench bounded (unfinished = not proven optimal)
  long optimal = 0;
  for (auto _ : state) {
    optimal = 0;
    for (const auto& s : starts) {
      auto r = solve_box(BoxPuzzle{4, s, target, MoveSet::kClockwise}, opt);
      if (r && r->proven_optimal) ++optimal;
    }
  }
  state.counters["proven_optimal_of_20"] = static_cast<double>(optimal);
}
BENCHMARK(box_ida_4x4_first)->Arg(6)->Arg(8)->Unit(benchmark::kMillisecond)->Iterations(1);

void box_pattern_build(benchmark::State& state) {
  const auto moves = static_cast<MoveSet>(state.range(0));
  for (auto _ : state) {
    PatternDbBuild build(moves, kDefaultPatternTiles);  // once per process: Iterations(1)
    build.run(std::numeric_limits<std::uint64_t>::max());
  }
}
BENCHMARK(box_pattern_build)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond)->Iterations(1);

std::vector<std::vector<int>> random_boards_4x4(int count, unsigned seed = 2026) {
  std::mt19937 rng(seed);
  std::vector<std::vector<int>> out;
  for (int i = 0; i < count; ++i) {
    std::vector<int> b(16);
    for (int k = 0; k < 16; ++k) b[k] = k + 1;
    std::shuffle(b.begin(), b.end(), rng);
    out.push_back(b);
  }
  return out;
}

// The bound of `kind`: 0 the pattern table, 1 the additive 7+7+2 tables, 2 the larger, 3 the
// additive 8+8 tables (the CLI's default with quarter turns; 247.5 MiB, built in minutes).
void choose_bound(BoxSolveOptions& o, MoveSet moves, std::int64_t kind) {
  if (kind == 0) return;
  o.additive_partition = kind == 3 ? "8+8" : "7+7+2";
  o.pattern_table = kind == 2;
  AdditivePartition p;
  additive_partition(o.additive_partition, p);
  AdditiveBound build_outside_the_timing(moves, p);
}

// Args: move set (0 cw, 1 cw+ccw), all solutions (0/1), pattern numbers (7, or 5 = the
// baseline), boards (the baseline runs the first 5; first5_s compares on those), bound
// (choose_bound).
void box_4x4_random(benchmark::State& state) {
  const auto moves = static_cast<MoveSet>(state.range(0));
  BoxSolveOptions opt;
  opt.all = state.range(1) != 0;
  opt.pattern_tiles = static_cast<int>(state.range(2));
  opt.max_seconds = 60;
  const auto boards = random_boards_4x4(static_cast<int>(state.range(3)));
  choose_bound(opt, moves, state.range(4));
  std::vector<int> target(16);
  for (int k = 0; k < 16; ++k) target[k] = k + 1;
  { AdditiveBound build_outside_the_timing(moves, opt.pattern_tiles); }
  std::vector<double> seconds;
  double nodes = 0, proven = 0, longest = 0, count = 0;
  for (auto _ : state) {
    for (const auto& b : boards) {
      const auto t0 = std::chrono::steady_clock::now();
      auto r = solve_box(BoxPuzzle{4, b, target, moves}, opt);
      seconds.push_back(
          std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
      nodes += static_cast<double>(r->nodes);
      proven += r->proven_optimal;
      longest = std::max<double>(longest, r->length);
      count += static_cast<double>(r->count);
    }
  }
  double first5 = 0;
  for (size_t i = 0; i < 5 && i < seconds.size(); ++i) first5 += seconds[i];
  state.counters["first5_s"] = first5;
  std::sort(seconds.begin(), seconds.end());
  const size_t n = seconds.size();
  state.counters["median_s"] = (seconds[(n - 1) / 2] + seconds[n / 2]) / 2;
  state.counters["max_s"] = seconds.back();
  state.counters["nodes"] = nodes;
  state.counters["proven"] = proven;
  state.counters["longest"] = longest;
  state.counters["solutions"] = count;
}
BENCHMARK(box_4x4_random)
    ->Args({1, 0, 7, 20, 0})
    ->Args({1, 0, 7, 20, 1})
    ->Args({1, 0, 7, 20, 3})
    ->Args({0, 0, 7, 20, 0})
    ->Args({0, 0, 7, 20, 1})
    ->Args({0, 0, 7, 20, 2})
    ->Args({0, 0, 7, 20, 3})
    ->Args({1, 1, 7, 20, 0})
    ->Args({1, 1, 7, 20, 1})
    ->Args({0, 1, 7, 20, 0})
    ->Args({0, 1, 7, 20, 2})
    ->Args({1, 0, 5, 5, 0})
    ->Args({0, 0, 5, 5, 0})
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1);

// A table kept in the CLI's cache (~/.cache/tilewise, or $TILEWISE_CACHE) under `name`, read
// into memory of its own (as the CLI's counts read it) when there and whole, else built
// (minutes for the 8-number ones; not kept).
void load_or_build(const std::string& name, const TableFormat& format,
                   const std::function<void(KeptTable)>& keep, const std::function<void()>& build) {
  const char* dir = std::getenv("TILEWISE_CACHE");
  const char* home = std::getenv("HOME");
  const std::filesystem::path folder = dir && *dir ? std::filesystem::path(dir)
                                       : home      ? std::filesystem::path(home) / ".cache/tilewise"
                                                   : std::filesystem::path();
  auto kept = table_from_file(format, folder / (name + ".bin"), false);
  if (kept)
    keep(std::move(*kept));
  else
    build();
}

void load_additive(MoveSet moves, const std::string& partition) {
  load_or_build(
      additive_table_name(moves, partition), additive_table_format(moves, partition),
      [&](KeptTable kept) { keep_additive_tables(moves, partition, kept); },
      [&] {
        AdditivePartition p;
        additive_partition(partition, p);
        AdditiveBound build(moves, p);
      });
}

// The 8-number pattern table, read from the CLI's cache (or built there once).
void load_pattern_8(MoveSet moves) {
  load_or_build(
      pattern_table_name(moves, kLargestPatternTiles),
      pattern_table_format(moves, kLargestPatternTiles),
      [&](KeptTable kept) { keep_pattern_table(moves, kLargestPatternTiles, std::move(kept)); },
      [&] { AdditiveBound build(moves, kLargestPatternTiles); });
}

double cpu_seconds() {
  return static_cast<double>(std::clock()) / CLOCKS_PER_SEC;
}

double wall_seconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

// median / max / total of `s` as counters `name`_median ...
void spread_counters(benchmark::State& state, const std::string& name, std::vector<double> s) {
  std::sort(s.begin(), s.end());
  double total = 0;
  for (double x : s) total += x;
  state.counters["median_" + name] = (s[(s.size() - 1) / 2] + s[s.size() / 2]) / 2;
  state.counters["max_" + name] = s.back();
  state.counters["total_" + name] = total;
}

// The 4x4 count benches' options: the 8+8 tables alone (read from the CLI's cache when there),
// one sequence kept, the count's tables up to 4 GiB.
// Boards counted several ways, board by board in one process (a changing load hits every way
// alike): per way its CPU and wall seconds and its nodes; a count incomplete or unlike the first
// way's marks the benchmark failed.
struct CountWays {
  explicit CountWays(int ways) : cpu(ways), wall(ways), nodes(ways) {}
  std::vector<std::vector<double>> cpu, wall;
  std::vector<double> nodes;
  double solutions = 0;

  // One board counted each way (`count(way)`, a Result<BoxSolveResult>) in turn, the order
  // reversed on odd boards when `alternate`. Returns the count.
  template <class Count>
  std::uint64_t board(benchmark::State& state, int board, bool alternate, Count count) {
    const int ways = static_cast<int>(cpu.size());
    std::vector<std::uint64_t> counts(cpu.size());
    for (int k = 0; k < ways; ++k) {
      const int way = alternate && board % 2 == 1 ? ways - 1 - k : k;
      const auto w = static_cast<std::size_t>(way);
      const double t0 = cpu_seconds(), w0 = wall_seconds();
      const auto r = count(way);
      cpu[w].push_back(cpu_seconds() - t0);
      wall[w].push_back(wall_seconds() - w0);
      if (!r || !r->complete) state.SkipWithError("incomplete");
      counts[w] = r ? r->count : 0;
      nodes[w] += r ? static_cast<double>(r->nodes) : 0;
    }
    for (const std::uint64_t c : counts)
      if (c != counts[0]) state.SkipWithError("the counts differ");
    solutions += static_cast<double>(counts[0]);
    return counts[0];
  }
  // The way's last board: wall (or CPU) seconds.
  double last_wall(int way) const { return wall[static_cast<std::size_t>(way)].back(); }
  double last_cpu(int way) const { return cpu[static_cast<std::size_t>(way)].back(); }
  // wall_s_<name>, cpu_s_<name> (median / max / total), nodes_<name> per way; solutions.
  void counters(benchmark::State& state, const std::vector<std::string>& names) const {
    for (std::size_t w = 0; w < names.size(); ++w) {
      spread_counters(state, "wall_s_" + names[w], wall[w]);
      spread_counters(state, "cpu_s_" + names[w], cpu[w]);
      state.counters["nodes_" + names[w]] = nodes[w];
    }
    state.counters["solutions"] = solutions;
  }
};

BoxSolveOptions count_options_8_8(MoveSet moves) {
  load_additive(moves, "8+8");
  BoxSolveOptions opt;
  opt.additive_partition = "8+8";
  opt.pattern_table = false;
  opt.max_solutions = 1;
  opt.max_count_bytes = std::uint64_t{4} << 30;
  return opt;
}

std::vector<int> solved_4x4() {
  std::vector<int> target(16);
  for (int k = 0; k < 16; ++k) target[k] = k + 1;
  return target;
}

// Args: move set (0 cw, 1 cw+ccw), the boards' seed, threads (0: solve_box).
void box_4x4_graph_count(benchmark::State& state) {
  const auto moves = static_cast<MoveSet>(state.range(0));
  BoxSolveOptions opt = count_options_8_8(moves);
  opt.pattern_tiles = kLargestPatternTiles;
  const std::vector<int> target = solved_4x4();
  BoxCountSplit split;
  split.threads = static_cast<int>(state.range(2));
  std::vector<double> seconds, wall;
  double nodes = 0, solutions = 0;
  for (auto _ : state) {
    for (const auto& b : random_boards_4x4(12, static_cast<unsigned>(state.range(1)))) {
      const double t0 = cpu_seconds(), w0 = wall_seconds();
      const BoxPuzzle p{4, b, target, moves};
      auto r = split.threads > 0 ? count_box_parallel(p, opt, split) : solve_box(p, opt);
      seconds.push_back(cpu_seconds() - t0);
      wall.push_back(wall_seconds() - w0);
      nodes += static_cast<double>(r->nodes);
      solutions += static_cast<double>(r->count);
    }
  }
  spread_counters(state, "cpu_s", seconds);
  spread_counters(state, "wall_s", wall);
  state.counters["nodes"] = nodes;
  state.counters["solutions"] = solutions;
}
BENCHMARK(box_4x4_graph_count)
    // One search, then count_box_parallel with 1 and 2 threads, in one process.
    ->ArgsProduct({{1, 0}, {5150, 7373, 8801, 3113, 6061, 2718}, {0, 1, 2}})
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1);

// Args: move set (0 cw, 1 cw+ccw), the boards' seed, threads. Each board counted depth first
// (count_box_parallel, the baseline: the CLI's count before the layers), then by layers
// (count_layers.hpp), one after the other in one process; the counts must agree. Wall and CPU
// seconds of each, per board on stderr.
void box_4x4_layers_count(benchmark::State& state) {
  const auto moves = static_cast<MoveSet>(state.range(0));
  BoxSolveOptions opt = count_options_8_8(moves);
  const std::vector<int> target = solved_4x4();
  BoxCountSplit split;
  split.threads = static_cast<int>(state.range(2));
  CountWays ways(2);  // depth first, by layers
  for (auto _ : state) {
    int board = 0;
    for (const auto& b : random_boards_4x4(12, static_cast<unsigned>(state.range(1)))) {
      const BoxPuzzle p{4, b, target, moves};
      const std::uint64_t count = ways.board(state, board, false, [&](int layers) {
        return layers ? count_box_by_layers(p, opt, split.threads)
                      : count_box_parallel(p, opt, split);
      });
      std::fprintf(stderr, "%s seed %d board %d: %llu sequences, wall %.3f s -> %.3f s (%.2fx)\n",
                   move_set_name(moves), static_cast<int>(state.range(1)), board++,
                   static_cast<unsigned long long>(count), ways.last_wall(0), ways.last_wall(1),
                   ways.last_wall(0) / ways.last_wall(1));
    }
  }
  // (nodes_layers: the first solution's nodes, then the children bounded)
  ways.counters(state, {"depth_first", "layers"});
}
BENCHMARK(box_4x4_layers_count)
    // The threads rows' seeds, and new ones (4545, 6767), on 2 threads.
    ->ArgsProduct({{1, 0}, {9494, 5150, 8801, 6262, 7171, 8383, 4545, 6767}, {2}})
    ->ArgsProduct({{1, 0}, {9494, 4545}, {1}})
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1);

// Args: move set (0 cw, 1 cw+ccw), the boards' seed, threads. Each board counted by layers
// without a second bound (the baseline), then with the 8-number pattern
// table as one from the first layer, then as the CLI's --second-bound auto asks it (from the
// layer after one that bounded a million boards), one after the other in one process, the
// table read before the timing; the counts must agree. Wall and CPU seconds of each, per
// board on stderr.
void box_4x4_layers_second(benchmark::State& state) {
  const auto moves = static_cast<MoveSet>(state.range(0));
  BoxSolveOptions plain = count_options_8_8(moves);
  BoxSolveOptions always = plain;
  always.pattern_tiles = kLargestPatternTiles;
  always.second_pattern = true;
  load_pattern_8(moves);
  const AdditiveBound pattern(moves, kLargestPatternTiles);
  const std::function<const AdditiveBound*()> when_large = [&] { return &pattern; };
  const std::vector<int> target = solved_4x4();
  const int threads = static_cast<int>(state.range(2));
  CountWays ways(3);  // none, always, when large
  for (auto _ : state) {
    int board = 0;
    for (const auto& b : random_boards_4x4(12, static_cast<unsigned>(state.range(1)))) {
      const BoxPuzzle p{4, b, target, moves};
      const std::uint64_t count = ways.board(state, board, true, [&](int way) {
        return count_box_by_layers(p, way == 1 ? always : plain, threads, nullptr,
                                   way == 2 ? when_large : nullptr);
      });
      std::fprintf(stderr,
                   "%s seed %d board %d (%s): %llu sequences, wall %.3f s -> %.3f s (always, "
                   "%.2fx), %.3f s (when large, %.2fx)\n",
                   move_set_name(moves), static_cast<int>(state.range(1)), board,
                   format_board(b, 4).c_str(), static_cast<unsigned long long>(count),
                   ways.last_wall(0), ways.last_wall(1), ways.last_wall(0) / ways.last_wall(1),
                   ways.last_wall(2), ways.last_wall(0) / ways.last_wall(2));
      ++board;
    }
  }
  ways.counters(state, {"none", "always", "when_large"});
}
BENCHMARK(box_4x4_layers_second)
    // The seeds above and new ones (1212, 3434, 5656), on 2 threads.
    ->ArgsProduct({{1, 0}, {9494, 6767, 6262, 5150, 1212, 3434, 5656}, {2}})
    ->ArgsProduct({{1, 0}, {9494, 1212}, {1}})
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1);

// The count by layers as the CLI makes it on 4x4: cw, the first solution with the 8+8 and the
// 8-number pattern tables, the pattern table the second bound from the first layer; cw+ccw,
// the 8+8 tables alone, the pattern table once a layer bounded 65,536 children.
struct CliLayerCount {
  explicit CliLayerCount(MoveSet moves)
      : cw(moves == MoveSet::kClockwise),
        options(options_of(moves)),
        pattern(moves, kLargestPatternTiles) {}
  static BoxSolveOptions options_of(MoveSet moves) {
    BoxSolveOptions o = count_options_8_8(moves);
    o.pattern_tiles = kLargestPatternTiles;
    load_pattern_8(moves);  // (the pattern table read from the cache)
    if (moves == MoveSet::kClockwise) o.pattern_table = true, o.second_pattern = true;
    return o;
  }
  // `p` counted with `o` (options, changed or not) on `threads` threads.
  tilewise::Result<BoxSolveResult> count(const BoxPuzzle& p, const BoxSolveOptions& o,
                                         int threads) const {
    const std::function<const AdditiveBound*()> when_large = [this] { return &pattern; };
    return count_box_by_layers(p, o, threads, nullptr, cw ? nullptr : when_large);
  }
  bool cw;
  BoxSolveOptions options;  // (made before `pattern`: it reads the table)
  AdditiveBound pattern;
};

// Args: move set (0 cw, 1 cw+ccw), the boards' seed, threads.
void box_4x4_layers_ends(benchmark::State& state) {
  const auto moves = static_cast<MoveSet>(state.range(0));
  const CliLayerCount cli(moves);
  BoxSolveOptions o = cli.options;
  const std::array directions{LayerDirection::kFromStart, LayerDirection::kFromTarget,
                              LayerDirection::kEither};
  const std::vector<int> target = solved_4x4();
  const int threads = static_cast<int>(state.range(2));
  CountWays ways(3);  // from the start, from the target, either
  for (auto _ : state) {
    int board = 0;
    for (const auto& b : random_boards_4x4(12, static_cast<unsigned>(state.range(1)))) {
      const BoxPuzzle p{4, b, target, moves};
      bool chose_target = false;
      const std::uint64_t count = ways.board(state, board, true, [&](int way) {
        o.count_direction = directions[static_cast<std::size_t>(way)];
        auto r = cli.count(p, o, threads);
        if (way == 2 && r) chose_target = r->method.ends_with("from the target");
        return r;
      });
      std::fprintf(stderr,
                   "%s seed %d board %d (%s): %llu sequences, wall %.3f s from the start, %.3f s "
                   "from the target, %.3f s either (%s; %.2fx)\n",
                   move_set_name(moves), static_cast<int>(state.range(1)), board,
                   format_board(b, 4).c_str(), static_cast<unsigned long long>(count),
                   ways.last_wall(0), ways.last_wall(1), ways.last_wall(2),
                   chose_target ? "the target" : "the start",
                   ways.last_wall(0) / ways.last_wall(2));
      ++board;
    }
  }
  ways.counters(state, {"start", "target", "either"});
}
BENCHMARK(box_4x4_layers_ends)
    // Earlier seeds, and new ones (4141, 9292, 3737) on 2 threads.
    ->ArgsProduct({{1, 0},
                   {9494, 6767, 6262, 5150, 1212, 3434, 5656, 2121, 7878, 8080, 4141, 9292, 3737},
                   {2}})
    ->ArgsProduct({{1, 0}, {9494, 5656}, {1}})
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1);

// pattern::rank against its predecessor: the cells taken below counted by a table of bit counts.
std::uint32_t rank_by_table(const std::uint8_t* cell, int tiles) {
  static const std::vector<std::uint8_t> ones = [] {
    std::vector<std::uint8_t> t(1u << 16);
    for (std::uint32_t i = 1; i < t.size(); ++i)
      t[i] = static_cast<std::uint8_t>(t[i / 2] + (i & 1));
    return t;
  }();
  std::uint32_t index = 0, used = 0;
  for (int j = 0; j < tiles; ++j) {
    index =
        index * static_cast<std::uint32_t>(16 - j) + cell[j] - ones[used & ((1u << cell[j]) - 1)];
    used |= 1u << cell[j];
  }
  return index;
}

// Arg: 0 rank_by_table (the baseline), 1 pattern::rank; the same 2^16 placements, ranked 64
// times; both must agree (checked).
void box_rank(benchmark::State& state) {
  std::mt19937 rng(15);
  std::vector<std::uint8_t> cells(std::size_t{1} << 19);
  for (std::size_t k = 0; k < cells.size(); k += 8) {
    std::array<std::uint8_t, 16> all{};
    for (int c = 0; c < 16; ++c) all[c] = static_cast<std::uint8_t>(c);
    std::shuffle(all.begin(), all.end(), rng);
    std::copy_n(all.begin(), 8, cells.begin() + static_cast<std::ptrdiff_t>(k));
  }
  for (std::size_t k = 0; k < cells.size(); k += 8)
    if (rank_by_table(&cells[k], 8) != pattern::rank(&cells[k], 8)) state.SkipWithError("differ");
  std::uint64_t sum = 0;
  for (auto _ : state)
    for (int round = 0; round < 64; ++round)
      for (std::size_t k = 0; k < cells.size(); k += 8)
        sum += state.range(0) == 0 ? rank_by_table(&cells[k], 8) : pattern::rank(&cells[k], 8);
  benchmark::DoNotOptimize(sum);
  state.counters["ranks"] = 64.0 * static_cast<double>(cells.size() / 8);
}
BENCHMARK(box_rank)->Arg(0)->Arg(1)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond)->Iterations(3);

void box_4x4_reversed(benchmark::State& state) {
  const std::vector<int> reversed = {16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1};
  std::vector<int> target(16);
  for (int k = 0; k < 16; ++k) target[k] = k + 1;
  BoxSolveOptions opt;
  opt.all = false;
  opt.max_seconds = static_cast<double>(state.range(0));
  { AdditiveBound build_outside_the_timing(MoveSet::kBothDirections, opt.pattern_tiles); }
  choose_bound(opt, MoveSet::kBothDirections, state.range(1));
  for (auto _ : state) {
    auto r = solve_box(BoxPuzzle{4, reversed, target, MoveSet::kBothDirections}, opt);
    state.counters["length"] = r->length;
    state.counters["lower_bound"] = r->lower_bound;
    state.counters["proven"] = r->proven_optimal;
    state.counters["nodes"] = static_cast<double>(r->nodes);
  }
}
BENCHMARK(box_4x4_reversed)
    ->Args({120, 0})
    ->Args({120, 1})
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1);

// Both bounds of 5x5 and up on the same boards (0-based, the target reads 0, 1, ...),
// rounded up to the board's parity (quarter turns).
void box_nxn_bounds(benchmark::State& state) {
  const int n = static_cast<int>(state.range(0)), cells = n * n;
  const MoveSet moves = MoveSet::kBothDirections;
  const AdditiveBound tables(n, moves, default_group_map(n));
  std::mt19937 rng(15);
  std::vector<std::vector<std::uint8_t>> boards(200, std::vector<std::uint8_t>(cells));
  for (auto& b : boards) {
    for (int c = 0; c < cells; ++c) b[c] = static_cast<std::uint8_t>(c);
    std::shuffle(b.begin(), b.end(), rng);
  }
  std::vector<std::uint8_t> reversed(cells);
  for (int c = 0; c < cells; ++c) reversed[c] = static_cast<std::uint8_t>(cells - 1 - c);
  auto parity = [cells](const std::vector<std::uint8_t>& b) {
    std::vector<bool> seen(cells);
    int cycles = 0;
    for (int i = 0; i < cells; ++i)
      for (int j = i; !seen[j]; j = b[j]) cycles += j == i, seen[j] = true;
    return (cells - cycles) % 2;
  };
  auto to_parity = [&](int h, const std::vector<std::uint8_t>& b) {
    return h % 2 == parity(b) ? h : h + 1;
  };
  auto manhattan = [n, cells](const std::vector<std::uint8_t>& b) {
    int sum = 0;
    for (int c = 0; c < cells; ++c) sum += std::abs(c / n - b[c] / n) + std::abs(c % n - b[c] % n);
    return (sum + 3) / 4;
  };
  auto cpu_ns = [&](const std::function<int(const std::vector<std::uint8_t>&)>& f) {
    const std::clock_t t0 = std::clock();
    long long sink = 0;
    for (int round = 0; round < 50; ++round)
      for (const auto& b : boards) sink += f(b);
    benchmark::DoNotOptimize(sink);
    return 1e9 * static_cast<double>(std::clock() - t0) / CLOCKS_PER_SEC / (50.0 * 200);
  };
  for (auto _ : state) {
    double sum_m = 0, sum_t = 0;
    for (const auto& b : boards) {
      sum_m += to_parity(manhattan(b), b);
      sum_t += to_parity(tables.bound(b.data()), b);
    }
    state.counters["random_manhattan"] = sum_m / 200;
    state.counters["random_tables"] = sum_t / 200;
    state.counters["reversed_manhattan"] = to_parity(manhattan(reversed), reversed);
    state.counters["reversed_tables"] = to_parity(tables.bound(reversed.data()), reversed);
    state.counters["ns_manhattan"] = cpu_ns(manhattan);
    state.counters["ns_tables"] = cpu_ns([&](const auto& b) { return tables.bound(b.data()); });
  }
}
BENCHMARK(box_nxn_bounds)->Arg(5)->Arg(7)->Unit(benchmark::kMillisecond)->Iterations(1);

}  // namespace

BENCHMARK_MAIN();
