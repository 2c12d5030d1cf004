#include "core/edge/bench/bench.hpp"

#include <algorithm>
#include <chrono>
#include <ctime>
#include <memory>

#include "core/clock.hpp"
#include "core/edge/bench/list_baseline.hpp"
#include "core/edge/bench/reference_solver.hpp"
#include "core/edge/model/format.hpp"
#include "core/edge/model/generator.hpp"
#include "core/edge/model/validate.hpp"
#include "core/edge/search/solver.hpp"
#ifndef __EMSCRIPTEN__
#include "core/edge/search/parallel.hpp"
#endif

namespace tilewise {
namespace {

constexpr int kRuns = 3;          // timed runs of the fast solver per figure (full suite): the best
constexpr int kFirstRuns = 5;     // the first-solution rows' timed runs of each side, in turn
constexpr double kMinRunMs = 20;  // a timed run's least length
constexpr std::uint64_t kWarmUpSteps = 1u << 20;  // steps of a placement rate's warm-up

// Milliseconds of this thread's CPU natively (a placement rate then means something on a
// shared machine); the browser has no such clock: wall time there (scripts/bench-edge-wasm.mjs
// reads the worker thread's CPU time from outside). Used by the rates alone (rates_only): the
// whole suite keeps wall time on both sides, so its rows compare as they are.
#ifdef __EMSCRIPTEN__
constexpr bool kCpuClock = false;
#else
constexpr bool kCpuClock = true;
#endif
double thread_ms() {
#ifdef __EMSCRIPTEN__
  return now_ms();
#else
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) / 1e6;
#endif
}

// CPU milliseconds of this thread natively, wall time in the browser.
double bench_ms() {
  return kCpuClock ? thread_ms() : now_ms();
}

// The best time of one call of a function on `clock`: each run repeats it until it lasts
// kMinRunMs (browsers round their clock to 0.1 ms or coarser).
struct BestTime {
  int repeats = 1;
  double best = -1;
  double (*clock)() = bench_ms;
  template <class F>
  void run(F&& once) {
    for (;;) {
      const double t0 = clock();
      for (int k = 0; k < repeats; ++k) once();
      const double ms = clock() - t0;
      if (ms < kMinRunMs && repeats < (1 << 16)) {
        repeats *= 4;
        continue;
      }
      best = best < 0 ? ms / repeats : std::min(best, ms / repeats);
      return;
    }
  }
};

const EdgePuzzle* find_puzzle(const std::vector<std::pair<std::string, EdgePuzzle>>& puzzles,
                              const std::string& name) {
  for (const auto& [n, p] : puzzles)
    if (n == name) return &p;
  return nullptr;
}

// A generated framed 6x6 with 5 inner colours (and border colours of its own when > 0).
EdgePuzzle framed_6x6(int border_colours, std::uint64_t seed) {
  GenerateOptions g;
  g.rows = g.cols = 6;
  g.rule = MatchRule::kEqual;
  g.border = BorderRule::kFrame0;
  g.motifs = 5;
  g.border_colours = border_colours;
  g.seed = seed;
  return *generate_puzzle(g);
}

// Seed 002's workload: random solvable 3x3 Scramble Squares (4 motifs), all solutions.
BenchRow random_3x3(bool quick) {
  const int count = quick ? 300 : 3000;
  std::vector<EdgePuzzle> puzzles;
  for (int k = 0; k < count; ++k) {
    GenerateOptions g;
    g.seed = 1000 + static_cast<std::uint64_t>(k);
    g.motifs = 4;
    puzzles.push_back(*generate_puzzle(g));
  }
  auto fast_all = [&](size_t n) {
    std::uint64_t solutions = 0;
    for (size_t k = 0; k < n; ++k) {
      EdgeSearch search(puzzles[k], SolveOptions{});
      while (!search.run(1u << 20)) {
      }
      solutions += search.count();
    }
    return solutions;
  };
  auto reference_all = [&](size_t n) {
    std::uint64_t assignments = 0;
    for (size_t k = 0; k < n; ++k) assignments += reference_solve(puzzles[k], false).assignments;
    return assignments;
  };
  // Warm-up, untimed: in the browser the first calls run WebAssembly's baseline code until
  // the optimising compiler has caught up (the first pass is ~10x slower there, the second still
  // ~1.3x).
  const size_t warm = std::min<size_t>(puzzles.size(), 300);
  for (int pass = 0; pass < 2; ++pass) fast_all(warm), reference_all(warm);
  auto t0 = Clock::now();
  const std::uint64_t solutions = fast_all(puzzles.size());
  const double fast_ms = ms_since(t0);
  t0 = Clock::now();
  const std::uint64_t assignments = reference_all(puzzles.size());
  const double ref_ms = ms_since(t0);
  BenchRow r;
  r.figure = "random solvable 3x3, all solutions (seed 002: 3.1 ms)";
  r.unit = "us/puzzle";
  r.value = fast_ms * 1000 / count;
  r.baseline = ref_ms * 1000 / count;
  r.ratio = r.baseline / r.value;
  r.detail = std::to_string(count) + " puzzles, " + std::to_string(solutions) +
             " solutions up to rotation (reference: " + std::to_string(assignments) +
             " boards with rotations)";
  return r;
}

// Raw speed on a hard exhaustive search: the reference's tries are bounded.
std::vector<BenchRow> placement_rate(const EdgePuzzle& p, const std::string& name, bool quick) {
  // The best of kRuns runs: the machine's noise only ever adds time.
  std::unique_ptr<EdgeSearch> search;
  EdgeSearch(p, SolveOptions{SolveMode::kCount}).run(kWarmUpSteps);  // as lane_rate's
  double fast_ms = 0;
  for (int run = 0; run < (quick ? 1 : kRuns); ++run) {
    const auto t0 = Clock::now();
    search = std::make_unique<EdgeSearch>(p, SolveOptions{SolveMode::kCount});
    while (!search->run(1u << 20)) {
    }
    fast_ms = run == 0 ? ms_since(t0) : std::min(fast_ms, ms_since(t0));
  }
  const auto t0 = Clock::now();
  const ReferenceResult ref = reference_solve(p, false, quick ? 50'000'000 : 400'000'000);
  const double ref_ms = ms_since(t0);
  // A placement is a tile+rotation put on a cell (a node); a try is a candidate looked at.
  // The reference tries every tile and rotation at every cell (many cheap tries, few
  // placements); Tilewise's tries are the candidates its tables list for the known
  // neighbours (taken from masks a word at a time), used tiles included.
  BenchRow nodes, tries;
  nodes.figure = "placements per second (" + name + ", count all)";
  nodes.unit = "M nodes/s";
  nodes.value = search->stats().nodes / fast_ms / 1000;
  nodes.baseline = ref.nodes / ref_ms / 1000;
  nodes.ratio = nodes.value / nodes.baseline;
  nodes.detail =
      std::to_string(search->stats().nodes) + " tiles placed, " + std::to_string(search->count()) +
      " solutions; a placement = a tile+rotation put on a cell; search: " + search->engine();
  tries = nodes;
  tries.figure = "candidates tried per second (" + name + ", count all)";
  tries.unit = "M tries/s";
  tries.value = search->stats().tries / fast_ms / 1000;
  tries.baseline = ref.tries / ref_ms / 1000;
  tries.ratio = tries.value / tries.baseline;
  tries.detail = std::to_string(search->stats().tries) +
                 " tries; a try = a candidate tile+rotation looked at for a cell (the "
                 "reference tries every one, Tilewise only those its tables list)";
  return {nodes, tries};
}

BenchRow solve_time(const EdgePuzzle& p, const std::string& name, SolveMode mode, int threads,
                    bool quick) {
  SolveOptions o;
  o.mode = mode;
  std::uint64_t nodes = 0, count = 0;
  auto solve_once = [&] {
#ifndef __EMSCRIPTEN__
    if (threads > 1) {
      ParallelOptions par;
      par.threads = threads;
      const SolveResult r = solve_parallel(p, o, par);
      nodes = r.stats.nodes;
      count = r.count;
      return;
    }
#endif
    EdgeSearch search(p, o);
    while (!search.run(1u << 20)) {
    }
    nodes = search.stats().nodes;
    count = search.count();
  };
  // The figure is the best run's time per solve, on the wall clock as the reference's.
  BestTime timer{.clock = now_ms};
  for (int run = 0; run < (quick ? 1 : kRuns); ++run) timer.run(solve_once);
  const double fast_ms = timer.best;
  const auto t0 = Clock::now();
  const std::uint64_t budget = quick ? 50'000'000 : 500'000'000;
  const ReferenceResult ref = reference_solve(p, mode == SolveMode::kFirst, budget);
  const double ref_ms = ms_since(t0);
  BenchRow r;
  r.figure = name + (mode == SolveMode::kFirst ? ", first solution" : ", all solutions") +
             (threads > 1 ? ", " + std::to_string(threads) + " threads" : "");
  r.unit = "ms";
  r.value = fast_ms;
  r.baseline = ref_ms;
  r.baseline_bound = ref.stopped;
  r.ratio = ref_ms / fast_ms;
  r.detail = std::to_string(nodes) + " nodes, " + std::to_string(count) + " solutions" +
             (ref.stopped ? "; reference stopped after " + std::to_string(ref.tries) + " tries"
                          : "; reference " + std::to_string(ref.nodes) + " nodes");
  return r;
}

// Eternity II-style framed 6x6 boards with identical tiles (3 border colours, 5 inner colours,
// seeds 1-3), all solutions on one core, against the plain list backtracker counting labelled
// solutions (edge/bench/list_baseline.hpp): with kinds, and (full suite) with every labelled
// arrangement searched. The counts must agree: the baseline's = ours x the board's turns.
std::vector<BenchRow> identical_tiles(bool quick) {
  std::vector<EdgePuzzle> boards;
  for (std::uint64_t seed = 1; seed <= 3; ++seed) boards.push_back(framed_6x6(3, seed));
  auto timed = [&](bool kinds, std::uint64_t& count, std::uint64_t& nodes, std::string& boards_of) {
    double best = 0;
    for (int run = 0; run < (quick ? 1 : kRuns); ++run) {
      count = nodes = 0;
      boards_of.clear();
      const auto t0 = Clock::now();
      for (const EdgePuzzle& p : boards) {
        SolveOptions o;
        o.mode = SolveMode::kCount;
        o.search_kinds = kinds;
        EdgeSearch search(p, o);
        while (!search.run(1u << 20)) {
        }
        count += search.count();
        nodes += search.stats().nodes;
        if (!boards_of.empty()) boards_of += "+";
        boards_of += std::to_string(search.distinct_boards());
      }
      best = run == 0 ? ms_since(t0) : std::min(best, ms_since(t0));
    }
    return best;
  };
  std::uint64_t count = 0, nodes = 0, labels_count = 0, labels_nodes = 0;
  std::string distinct, unused;
  const double kinds_ms = timed(true, count, nodes, distinct);
  const double labels_ms = quick ? 0 : timed(false, labels_count, labels_nodes, unused);
  ListBaselineResult base;
  const auto t0 = Clock::now();
  for (const EdgePuzzle& p : boards) {
    const ListBaselineResult b = list_baseline_count(p, quick ? 20'000'000 : 0);
    base.assignments += b.assignments;
    base.nodes += b.nodes;
    base.stopped = base.stopped || b.stopped;
  }
  const double base_ms = ms_since(t0);
  // Appended piece by piece: GCC 12's -Wrestrict misfires on chains of operator+.
  std::string agree = base.stopped                    ? "baseline stopped after "
                      : base.assignments == count * 4 ? "baseline labelled = 4 turns x ours: "
                                                      : "COUNTS DIFFER: baseline labelled ";
  agree.append(std::to_string(base.stopped ? base.nodes : base.assignments));
  BenchRow k;
  k.figure = "framed 6x6, identical tiles (3 boards), all solutions, kinds";
  k.unit = "ms";
  k.value = kinds_ms;
  k.baseline = base_ms;
  k.baseline_bound = base.stopped;
  k.ratio = base_ms / kinds_ms;
  k.detail = std::to_string(nodes) + " nodes, " + std::to_string(count) +
             " solutions up to rotation, " + distinct + " distinct boards; " + agree +
             "; baseline: row-major, candidate lists per (up, left), " +
             std::to_string(base.nodes) + " nodes";
  if (quick) return {k};
  BenchRow l = k;
  l.figure = "framed 6x6, identical tiles (3 boards), all solutions, labels (no kinds)";
  l.value = labels_ms;
  l.ratio = base_ms / labels_ms;
  l.detail = std::to_string(labels_nodes) + " nodes, " + std::to_string(labels_count) +
             " solutions up to rotation";
  return {k, l};
}

// Placements per second on a board too big to count to the end: the first `steps` steps of
// its count, in lanes against one subtree at a time (use_lanes = false: the mask search the
// board had before lanes took classes of several words, tile kinds and listing). cpu_time: timed
// by this thread's CPU (native, the rates alone), else by the wall clock.
BenchRow lane_rate(const EdgePuzzle& p, const std::string& name, bool quick, bool cpu_time) {
  const std::uint64_t steps = quick ? 1u << 21 : 1u << 24;
  std::string engine;
  bool whole = false;  // the lanes' count ended within the steps (a small tree: set-up weighs)
  auto rate = [&](bool lanes, std::uint64_t& nodes) {
    SolveOptions o;
    o.mode = SolveMode::kCount;
    o.use_lanes = lanes;
    // Warm-up, untimed: each board runs its own instantiation of the lane step, which in the
    // browser starts as WebAssembly's baseline code until the optimising compiler's code
    // replaces it (docs/performance.md, WebAssembly).
    EdgeSearch(p, o).run(kWarmUpSteps);
    double best = 0;
    for (int run = 0; run < (quick ? 1 : kRuns); ++run) {
      const auto wall0 = Clock::now();
      const double cpu0 = cpu_time ? thread_ms() : 0;
      EdgeSearch search(p, o);
      search.run(steps);
      const double ms = cpu_time ? thread_ms() - cpu0 : ms_since(wall0);
      nodes = search.stats().nodes;
      if (lanes) {
        engine = search.engine();
        whole = search.finished();
      }
      best = std::max(best, static_cast<double>(nodes) / ms / 1000);
    }
    return best;
  };
  std::uint64_t lane_nodes = 0, one_nodes = 0;
  BenchRow r;
  r.figure = "placements per second (" + name + ", count, first " + std::to_string(steps >> 20) +
             " M steps)";
  r.unit = "M nodes/s";
  r.value = rate(true, lane_nodes);
  r.baseline = rate(false, one_nodes);
  r.ratio = r.value / r.baseline;
  r.detail = std::to_string(lane_nodes) + " / " + std::to_string(one_nodes) + " tiles placed" +
             (whole ? " (the whole count)" : "") + "; search: " + engine +
             "; baseline: the same search one subtree at a time (masks); " +
             (cpu_time ? "CPU time" : "wall time");
  return r;
}

// The best times of `a` and of `b` over `runs` runs each, taken in turn (a, b, a, b, ...): a
// slow spell of the machine falls on both sides alike, and its noise only ever adds time.
template <class A, class B>
std::pair<double, double> best_times_in_turn(A&& a, B&& b, int runs) {
  BestTime ta, tb;
  for (int run = 0; run < runs; ++run) {
    ta.run(a);
    tb.run(b);
  }
  return {ta.best, tb.best};
}

// A complete board of the puzzle's tiles, each once, every pair of facing sides matching and
// the frame on the perimeter (frame0 puzzles).
bool board_fits(const EdgePuzzle& p, const std::vector<Placement>& board) {
  const int cells = p.rows * p.cols;
  if (static_cast<int>(board.size()) != cells) return false;
  std::vector<char> seen(p.tiles.size(), 0);
  std::vector<std::array<Side, 4>> sides(board.size());
  for (int c = 0; c < cells; ++c) {
    const Placement& pl = board[static_cast<size_t>(c)];
    if (pl.tile < 0 || pl.tile >= cells || seen[static_cast<size_t>(pl.tile)]) return false;
    seen[static_cast<size_t>(pl.tile)] = 1;
    sides[static_cast<size_t>(c)] =
        rotated(p.tiles[static_cast<size_t>(pl.tile)].sides, pl.rotation);
  }
  auto facing = [&](Side a, Side b) { return p.rule == MatchRule::kEqual ? a == b : a == -b; };
  for (int i = 0; i < p.rows; ++i)
    for (int j = 0; j < p.cols; ++j) {
      const auto& s = sides[static_cast<size_t>(i * p.cols + j)];
      if (j + 1 < p.cols &&
          !facing(s[kRight], sides[static_cast<size_t>(i * p.cols + j + 1)][kLeft]))
        return false;
      if (i + 1 < p.rows &&
          !facing(s[kBottom], sides[static_cast<size_t>((i + 1) * p.cols + j)][kTop]))
        return false;
      if (p.border == BorderRule::kFrame0) {
        const bool edge[4] = {i == 0, j == p.cols - 1, i == p.rows - 1, j == 0};
        for (int d = 0; d < 4; ++d)
          if (edge[d] != (s[d] == 0)) return false;
      }
    }
  return true;
}

// The first solution: --first (one thread: lanes, the placement orders chosen by their
// estimated trees) against the list baseline stopped at its first solution (row-major,
// lists per (up, left)), same process, each the best of kFirstRuns runs in CPU time (natively),
// the two in turn. A search that finds nothing within its budget is stopped: with both stopped
// the row compares their placement rates in first-solution mode; with one, the ratio is a bound.
BenchRow first_solution(const EdgePuzzle& p, const std::string& name, bool quick) {
  const std::uint64_t fast_budget = quick ? 1u << 24 : 1u << 27;  // steps
  const std::uint64_t base_budget = quick ? 1u << 22 : 1u << 25;  // placements
  SolveOptions o;
  o.mode = SolveMode::kFirst;
  std::uint64_t nodes = 0;
  int orders = 0;
  std::string engine;
  std::vector<Placement> found;
  auto fast_once = [&] {
    EdgeSearch search(p, o);
    std::uint64_t left = fast_budget;
    while (left > 0) {
      const std::uint64_t steps = std::min<std::uint64_t>(left, 1u << 20);
      if (search.run(steps)) break;
      left -= steps;
    }
    nodes = search.stats().nodes;
    orders = search.orders_racing();
    engine = search.engine();
    found = search.solutions().empty() ? std::vector<Placement>{} : search.solutions()[0].cells;
  };
  ListBaselineResult base;
  auto base_once = [&] { base = list_baseline_first(p, base_budget); };
  fast_once();  // warm-ups
  base_once();
  const auto [fast_ms, base_ms] = best_times_in_turn(fast_once, base_once, quick ? 1 : kFirstRuns);
  const bool fast_found = !found.empty(), base_found = !base.first.empty();
  const bool fits =
      (!fast_found || board_fits(p, found)) && (!base_found || board_fits(p, base.first));
  BenchRow r;
  r.figure = name + ", first solution";
  r.detail = std::to_string(nodes) + " nodes, " + std::to_string(orders) +
             (orders == 1 ? " order" : " orders racing") + ", " + engine + "; baseline " +
             std::to_string(base.nodes) + " nodes" + (fits ? "" : "; A BOARD DOES NOT FIT") +
             (kCpuClock ? "; CPU time" : "; wall time");
  if (!fast_found && !base_found) {
    r.figure = name + ", first-solution search (none within budget)";
    r.unit = "M nodes/s";
    r.value = static_cast<double>(nodes) / fast_ms / 1000;
    r.baseline = static_cast<double>(base.nodes) / base_ms / 1000;
    r.ratio = r.value / r.baseline;
    return r;
  }
  r.unit = "ms";
  r.value = fast_ms;
  r.baseline = base_ms;
  r.baseline_bound = !base_found;
  r.ratio = base_ms / fast_ms;
  if (!fast_found) r.detail += "; TILEWISE STOPPED: the ratio is an upper bound";
  return r;
}

// Generated Eternity II-style framed boards for the first-solution rows: (size, border
// colours, inner colours, seed). The seeds are the bench's own: the race was tuned on others.
struct FirstBoard {
  int size, border, inner;
  std::uint64_t seed;
};
constexpr FirstBoard kFirstBoards[] = {
    {7, 3, 6, 9001}, {7, 4, 8, 9002},  {8, 3, 8, 9003},   {8, 4, 10, 9004},
    {9, 3, 8, 9005}, {9, 4, 10, 9006}, {10, 4, 10, 9007},
};

// The boards of the placement rates: Brendan's 7x7 and 8x8 (when given), the clue puzzles and
// generated Eternity II-style framed boards (seeds of their own, other sizes).
std::vector<std::pair<std::string, EdgePuzzle>> rate_boards(
    const std::vector<std::pair<std::string, EdgePuzzle>>& given) {
  std::vector<std::pair<std::string, EdgePuzzle>> boards;
  for (const auto& [name, p] : given)
    if (name != "e2style_brendan_set1_06x06") boards.emplace_back(name, p);
  for (int size : {7, 8}) {
    GenerateOptions g;
    g.rows = g.cols = size;
    g.rule = MatchRule::kEqual;
    g.border = BorderRule::kFrame0;
    g.motifs = size + 1;
    g.border_colours = 4;
    g.seed = 40 + static_cast<std::uint64_t>(size);
    boards.emplace_back("generated framed " + std::to_string(size) + "x" + std::to_string(size),
                        *generate_puzzle(g));
  }
  return boards;
}

}  // namespace

std::vector<std::string> bench_puzzle_names() {
  return {"e2style_brendan_set1_06x06",
          "e2_clue1",
          "e2_clue2",
          "e2_clue3",
          "e2_clue4",
          "e2style_brendan_set1_07x07",
          "e2style_brendan_set1_08x08"};
}

EdgeBench::EdgeBench(const BenchOptions& options) : options_(options) {
  for (const BenchPuzzle& b : options.puzzles) {
    Result<EdgePuzzle> p = parse_puzzle(b.text, b.name);
    if (p.ok() && validate_puzzle(*p).ok()) puzzles_.emplace_back(b.name, *p);
  }
  // The hard board: Brendan Owen's 6x6 when given, else a generated framed 6x6.
  if (const EdgePuzzle* brendan = find_puzzle(puzzles_, "e2style_brendan_set1_06x06")) {
    hard_ = *brendan;
    hard_name_ = "Brendan 6x6";
  } else {
    hard_ = framed_6x6(0, 7);
    hard_name_ = "generated framed 6x6";
  }
  for (int clue = 1; clue <= 4; ++clue)
    if (find_puzzle(puzzles_, "e2_clue" + std::to_string(clue))) clues_.push_back(clue);
  rate_boards_ = rate_boards(puzzles_);
  if (!options_.own_boards.empty() && options_.first_only) {  // their first solutions alone
    first_boards_ = options_.own_boards;
    rate_boards_.clear();
    clues_.clear();
    parts_ = static_cast<int>(first_boards_.size());
    return;
  }
  if (!options_.own_boards.empty()) {  // one's own boards: their rates alone
    options_.rates_only = true;
    rate_boards_ = options_.own_boards;
  } else if (options_.rates_only) {
    rate_boards_.insert(rate_boards_.begin(), {hard_name_, hard_});
  }
  if (options_.first_only) {
    options_.rates_only = false;
    options_.first_solutions = true;
    rate_boards_.clear();
  }
  if (options_.rates_only) clues_.clear();
  if (options_.first_solutions && !options_.rates_only) {
    for (const BenchPuzzle& b : options.first_boards) {
      Result<EdgePuzzle> p = parse_puzzle(b.text, b.name);
      if (p.ok() && validate_puzzle(*p).ok()) first_boards_.emplace_back(b.name, *p);
    }
    for (int clue : clues_)
      first_boards_.emplace_back("Eternity II clue " + std::to_string(clue),
                                 *find_puzzle(puzzles_, "e2_clue" + std::to_string(clue)));
    for (const FirstBoard& f : kFirstBoards) {
      GenerateOptions g;
      g.rows = g.cols = f.size;
      g.rule = MatchRule::kEqual;
      g.border = BorderRule::kFrame0;
      g.motifs = f.inner;
      g.border_colours = f.border;
      g.seed = f.seed;
      first_boards_.emplace_back("generated framed " + std::to_string(f.size) + "x" +
                                     std::to_string(f.size) + " (" + std::to_string(f.border) +
                                     "+" + std::to_string(f.inner) + " colours, seed " +
                                     std::to_string(f.seed) + ")",
                                 *generate_puzzle(g));
    }
  }
  if (options_.first_only) clues_.clear();
  base_parts_ = options_.rates_only || options_.first_only ? 0 : 5;
  parts_ =
      base_parts_ + static_cast<int>(clues_.size() + rate_boards_.size() + first_boards_.size());
}

void EdgeBench::run_next() {
  if (done()) return;
  const int part = next_++;
  const int first_rate = base_parts_ + static_cast<int>(clues_.size());
  const int first_first = first_rate + static_cast<int>(rate_boards_.size());
  if (part >= first_first) {
    const auto& [name, p] = first_boards_[static_cast<size_t>(part - first_first)];
    rows_.push_back(first_solution(p, name, options_.quick));
  } else if (part >= first_rate) {
    const auto& [name, p] = rate_boards_[static_cast<size_t>(part - first_rate)];
    rows_.push_back(lane_rate(p, name, options_.quick, options_.rates_only && kCpuClock));
  } else if (part == 0) {
    rows_.push_back(random_3x3(options_.quick));
  } else if (part == 1) {
    for (BenchRow& r : placement_rate(hard_, hard_name_, options_.quick)) rows_.push_back(r);
  } else if (part == 2) {
    rows_.push_back(solve_time(hard_, hard_name_, SolveMode::kCount, 1, options_.quick));
  } else if (part == 3) {
    if (options_.threads > 1)
      rows_.push_back(
          solve_time(hard_, hard_name_, SolveMode::kCount, options_.threads, options_.quick));
  } else if (part == 4) {
    for (BenchRow& r : identical_tiles(options_.quick)) rows_.push_back(r);
  } else {
    const int clue = clues_[static_cast<size_t>(part - 5)];
    rows_.push_back(solve_time(*find_puzzle(puzzles_, "e2_clue" + std::to_string(clue)),
                               "Eternity II clue " + std::to_string(clue), SolveMode::kFirst, 1,
                               options_.quick));
  }
}

std::vector<BenchRow> run_edge_bench(const BenchOptions& options) {
  EdgeBench bench(options);
  while (!bench.done()) bench.run_next();
  return bench.rows();
}

}  // namespace tilewise
