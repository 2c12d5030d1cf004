// tilewise box solve START [--target T] [--moves cw|cw+ccw|cw+ccw+half] [--all|--count]
//                        [--json] [--max-nodes N] [--max-seconds S] [--cpu-time]
//                        [--max-memory MIB] [--pattern-tiles K]
//                        [--bound auto|additive|pattern|both] [--partition P]
//                        [--second-bound auto|none|pattern]
//                        [--count-from start|target|either]
//                        [--threads N] [--part I/N] [--progress] [--groups auto|none|MAP]
// tilewise box merge PART.json... (the parts' counts summed)
// tilewise box stats [--moves ...]
#include <algorithm>
#include <array>
#include <atomic>
#include <cctype>
#include <chrono>
#include <condition_variable>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <iterator>
#include <limits>
#include <mutex>
#include <thread>
#include <tuple>

#include "cli/commands.hpp"
#include "core/box/bounds/additive_db.hpp"
#include "core/box/bounds/pattern_db.hpp"
#include "core/box/count/count_layers.hpp"
#include "core/box/count/parallel_count.hpp"
#include "core/box/model/board.hpp"
#include "core/box/model/json.hpp"
#include "core/box/search/plan.hpp"
#include "core/box/search/solver.hpp"
#include "core/json_text.hpp"
#include "core/threads.hpp"

namespace tilewise::cli {
namespace {

// The group tables' maps (additive_db.cpp) hold boards of up to 64 cells.
constexpr int kMaxGroupBoardSize = 8;

std::atomic<bool> g_box_interrupted{false};
extern "C" void on_box_sigint(int) {
  g_box_interrupted = true;
}

struct BoxArgs {
  std::string start, target, moves = "cw";
  bool all = false, count = false, json = false, cpu_time = false;
  std::uint64_t max_nodes = 0;      // 0 = the default below
  std::uint64_t max_memory = 4096;  // MiB: the listing's count table (4x4)
  double max_seconds = 0;
  int pattern_tiles = 0;                           // 0: the planner's choice
  std::string bound = "auto", partition = "auto";  // 4x4
  std::string second_bound = "auto";               // 4x4 count by layers
  std::string count_from = "either";               // 4x4 count by layers (count_layers.hpp)
  int threads = 0;   // 4x4 --all/--count (parallel_count.hpp); 0: every core it may use
  std::string part;  // "I/N" (1-based), "" = the whole count
  bool progress = false;
  std::string groups = "none";  // 5x5 and up: the additive tables' group map
};

// "I/N" with 1 <= I <= N: part I - 1 of N; false when it is not that.
bool parse_part(const std::string& text, int& part, int& parts) {
  const std::size_t slash = text.find('/');
  if (slash == std::string::npos) return false;
  try {
    std::size_t end1 = 0, end2 = 0;
    const int i = std::stoi(text.substr(0, slash), &end1);
    const int n = std::stoi(text.substr(slash + 1), &end2);
    if (end1 != slash || end2 != text.size() - slash - 1 || i < 1 || i > n) return false;
    part = i - 1, parts = n;
    return true;
  } catch (const std::exception&) {
    return false;
  }
}

// A subtree counted (--progress), on stderr.
void print_task(const box::BoxCountTask& t) {
  std::cerr << "tilewise: subtree " << t.done << "/" << t.total << " (";
  for (std::size_t k = 0; k < t.prefix.size(); ++k)
    std::cerr << (k ? " " : "") << box::move_name(t.prefix[k], 4);
  std::cerr << ", x" << t.weight << "): " << t.count << " sequences, " << t.nodes << " nodes, "
            << t.cpu_ms / 1000 << " s CPU" << std::endl;
}

// Where the 4x4 pattern table is kept between runs: $TILEWISE_CACHE (the folder the set-up
// scripts keep SDL2 in), else
// $XDG_CACHE_HOME/tilewise, else ~/.cache/tilewise; empty when none is set.
std::filesystem::path cache_dir() {
  if (const char* d = std::getenv("TILEWISE_CACHE"); d && *d) return d;
  if (const char* d = std::getenv("XDG_CACHE_HOME"); d && *d)
    return std::filesystem::path(d) / "tilewise";
  if (const char* d = std::getenv("HOME"); d && *d)
    return std::filesystem::path(d) / ".cache" / "tilewise";
  return {};
}

// True when the table `name` is kept in the cache (it is then read, not built).
bool table_stored(const std::string& name) {
  const std::filesystem::path dir = cache_dir();
  std::error_code ec;
  return !dir.empty() && std::filesystem::file_size(dir / (name + ".bin"), ec) > 0 && !ec;
}

// True when every 4x4 table of `plan` is kept in the cache.
bool plan_tables_stored(box::MoveSet moves, const box::BoxPlan& plan) {
  if (!plan.partition.empty() && !table_stored(box::additive_table_name(moves, plan.partition)))
    return false;
  if (plan.pattern_table && !table_stored(box::pattern_table_name(moves, plan.pattern_tiles)))
    return false;
  return true;
}

// Runs `build`, saying every 15 s on stderr how long it has taken (the 8+8 tables take
// minutes: a silent terminal would look hung).
void build_saying_how_long(const std::function<void()>& build) {
  std::mutex m;
  std::condition_variable done_cv;
  bool done = false;
  const auto start = std::chrono::steady_clock::now();
  std::thread ticker([&] {
    std::unique_lock<std::mutex> lock(m);
    while (!done_cv.wait_for(lock, std::chrono::seconds(15), [&] { return done; })) {
      const auto s = std::chrono::duration_cast<std::chrono::seconds>(
          std::chrono::steady_clock::now() - start);
      std::cerr << "tilewise: still building the table (" << s.count() << " s)\n";
    }
  });
  build();
  {
    const std::lock_guard<std::mutex> lock(m);
    done = true;
  }
  done_cv.notify_one();
  ticker.join();
}

// A table from the cache (table_file.hpp: mapped, not copied, when `map`; `keep` keeps it), or
// built (seconds to minutes) and saved there (`bytes` of the built one). A damaged or foreign
// file is said in one line and built again; a cache that cannot be written is skipped.
void load_or_build_table(const std::string& name, const std::string& what,
                         const box::TableFormat& format, bool map,
                         const std::function<void(box::KeptTable)>& keep,
                         const std::function<void()>& build,
                         const std::function<std::vector<std::uint8_t>()>& bytes) {
  const std::filesystem::path dir = cache_dir();
  const std::filesystem::path file = dir / (name + ".bin");
  std::error_code ec;
  if (!dir.empty() && std::filesystem::exists(file, ec)) {
    auto kept = box::table_from_file(format, file, map);
    if (kept) return keep(std::move(*kept));
    std::cerr << "tilewise: table file " << kept.error().to_string() << "; building it again\n";
  }
  std::cerr << "tilewise: building " << what << " (once"
            << (dir.empty() ? "" : ", kept in " + file.string()) << ")\n";
  build_saying_how_long(build);
  if (dir.empty()) return;
  std::filesystem::create_directories(dir, ec);
  const std::filesystem::path part = file.string() + ".part";
  const std::vector<std::uint8_t> out_bytes = bytes();
  std::ofstream out(part, std::ios::binary);
  out.write(reinterpret_cast<const char*>(out_bytes.data()),
            static_cast<std::streamsize>(out_bytes.size()));
  out.close();
  if (out) std::filesystem::rename(part, file, ec);
  if (!out || ec) {
    std::filesystem::remove(part, ec);
    std::cerr << "tilewise: could not save the table in " << dir.string() << "\n";
  }
}

void load_or_build_pattern_table(box::MoveSet moves, int tiles, bool map) {
  load_or_build_table(
      box::pattern_table_name(moves, tiles),
      "the 4x4 pattern table for " + std::string(box::move_set_name(moves)),
      box::pattern_table_format(moves, tiles), map,
      [&](box::KeptTable kept) { box::keep_pattern_table(moves, tiles, std::move(kept)); },
      [&] { box::PatternDbBuild(moves, tiles).run(std::numeric_limits<std::uint64_t>::max()); },
      [&] { return box::pattern_table_bytes(moves, tiles); });
}

void load_or_build_additive_tables(box::MoveSet moves, const std::string& partition, bool map) {
  load_or_build_table(
      box::additive_table_name(moves, partition),
      "the 4x4 additive tables " + partition + " for " + std::string(box::move_set_name(moves)),
      box::additive_table_format(moves, partition), map,
      [&](box::KeptTable kept) { box::keep_additive_tables(moves, partition, kept); },
      [&] {
        box::AdditivePartition p;
        box::additive_partition(partition, p);
        box::AdditiveBound build(moves, p);
      },
      [&] { return box::additive_table_bytes(moves, partition); });
}

// 5x5 and up: the tables of a group map (additive_db.hpp), each from the cache or built.
void load_or_build_group_tables(int size, box::MoveSet moves, const std::string& map) {
  std::vector<std::vector<std::uint8_t>> homes;
  const auto groups = box::parse_group_map(size, map);  // (checked by the caller)
  for (const auto& group : *groups) {
    const std::vector<std::uint8_t> home = box::table_home(size, moves, group);
    if (std::find(homes.begin(), homes.end(), home) == homes.end()) homes.push_back(home);
  }
  for (const auto& home : homes)
    load_or_build_table(
        box::group_table_name(size, moves, home),
        "the additive table of " + std::to_string(home.size()) + " numbers for " +
            std::to_string(size) + "x" + std::to_string(size) + " " + box::move_set_name(moves),
        box::group_table_format(size, moves, home), true,
        [&](box::KeptTable kept) { box::keep_group_table(size, moves, home, kept); },
        [&] { box::build_group_table(size, moves, home); },
        [&] { return box::group_table_bytes(size, moves, home); });
}

// --count on 4x4: by layers (count_layers.hpp), each layer on stderr with --progress; when the
// layers would outgrow --max-memory (the reversed board's do: ~10x a move), depth first
// (`layered` says which result it is). `auto_second` (--second-bound auto): once a layer has
// bounded 65,536 children, the 8-number pattern table (read from the cache, ~0.5 s, or built
// there once) is the second bound of the layers after: 1.2-3x faster on the longest counts
// measured, where reading it for every count would add its 0.5 s to counts of milliseconds.
Result<box::BoxSolveResult> count_by_layers(const box::BoxPuzzle& p, const box::BoxSolveOptions& o,
                                            const box::BoxCountSplit& split, bool progress,
                                            bool auto_second, bool& layered) {
  int depth = 0;
  std::unique_ptr<box::AdditiveBound> pattern;
  std::function<const box::AdditiveBound*()> second_when;
  if (auto_second)
    second_when = [&]() -> const box::AdditiveBound* {
      if (progress)
        std::cerr << "tilewise: a long count: the pattern table of " << box::kLargestPatternTiles
                  << " numbers is its second bound from layer " << depth + 1 << std::endl;
      load_or_build_pattern_table(p.moves, box::kLargestPatternTiles, false);
      pattern = std::make_unique<box::AdditiveBound>(p.moves, box::kLargestPatternTiles);
      return pattern.get();
    };
  // The last layer made from each end (--count-from either: the start's, then the target's to
  // the same depth, then the chosen end's).
  box::LayerCountStep from_start{}, from_target{};
  Result<box::BoxSolveResult> r = box::count_box_by_layers(
      p, o, split.threads,
      [&](const box::LayerCountStep& l) {
        depth = l.depth;
        if (progress && from_target.depth > 0 && from_target.depth == from_start.depth &&
            l.depth == from_start.depth + 1)
          std::cerr << "tilewise: layer " << from_start.depth << " kept " << from_start.boards
                    << " boards from the start, " << from_target.boards
                    << " from the target: counting on from the "
                    << (l.from_target ? "target" : "start") << std::endl;
        (l.from_target ? from_target : from_start) = l;
        if (progress)
          std::cerr << "tilewise: layer " << l.depth << (l.from_target ? " from the target" : "")
                    << ": " << l.boards << " boards (" << l.children << " children bounded, "
                    << l.bounded << " past their parent's image, "
                    << static_cast<long long>(l.elapsed_ms) << " ms)" << std::endl;
      },
      second_when);
  layered = true;
  if (!r || r->complete || !r->count_table_full || g_box_interrupted) return r;
  layered = false;
  std::cerr << "tilewise: counting by layers would need more than --max-memory ("
            << (o.max_count_bytes >> 20) << " MiB); counting depth first" << std::endl;
  return box::count_box_parallel(p, o, split);
}

// The sequences, one a line (for_each_solution: with --all on 4x4 every optimal one, listed
// again from the count's table; else the ones kept), written in blocks.
void print_solutions(const box::BoxSolveResult& r, int size) {
  std::array<std::string, box::kMoveKeys> names;  // by button * 4 + quarter turns
  for (int b = 0; b < (size - 1) * (size - 1); ++b)
    for (int q = 1; q < 4; ++q) names[b * 4 + q] = box::move_name({b, q}, size);
  std::string out;
  box::for_each_solution(r, [&](const std::vector<box::Move>& seq) {
    for (size_t i = 0; i < seq.size(); ++i) {
      if (i) out += ' ';
      out += names[seq[i].button * 4 + seq[i].quarter_turns];
    }
    out += '\n';
    if (out.size() >= (1 << 16)) {
      std::fwrite(out.data(), 1, out.size(), stdout);
      out.clear();
    }
    return !g_box_interrupted;
  });
  std::fwrite(out.data(), 1, out.size(), stdout);
  std::fflush(stdout);
}

int run_box_solve(const BoxArgs& a) {
  Result<box::BoxPuzzle> puzzle = box::parse_box_puzzle(a.start, a.target, a.moves);
  if (!puzzle) {
    std::cerr << "tilewise: " << puzzle.error().to_string() << "\n";
    return kExitBadInput;
  }
  const box::BoxPuzzle& p = *puzzle;
  box::BoxCountSplit split;
  if (!a.part.empty() && !parse_part(a.part, split.part, split.parts)) {
    std::cerr << "tilewise: --part '" << a.part << "': use I/N, 1 <= I <= N\n";
    return kExitBadInput;
  }
  if (p.size > kMaxGroupBoardSize && a.groups != "none" && a.groups != "auto") {
    std::cerr << "tilewise: --groups " << a.groups << ": group tables take boards up to "
              << kMaxGroupBoardSize << "x" << kMaxGroupBoardSize << "\n";
    return kExitBadInput;
  }
  if (p.size <= 4 && a.groups != "none") {
    std::cerr << "tilewise: --groups " << a.groups << ": only boards of 5x5 and up use group "
              << "tables (this board is " << p.size << "x" << p.size << ")\n";
    return kExitBadInput;
  }
  // The planner (core/box/search/plan.hpp) chooses the tables, the bound, the method and the
  // threads from the board, what is wanted, the tables stored in the cache and what was asked.
  box::BoxPlanRequest q;
  q.size = p.size;
  q.moves = p.moves;
  q.want = a.count ? box::BoxWant::kCount : a.all ? box::BoxWant::kAll : box::BoxWant::kFirst;
  q.stored = [](const std::string& name) { return table_stored(name); };
  q.partition = a.partition;
  q.bound = a.bound;
  q.pattern_tiles = a.pattern_tiles;
  q.second_bound = a.second_bound;
  q.parts = split.parts;
  q.threads = a.threads;
  Result<box::BoxPlan> planned = box::plan_box_solve(q);
  if (!planned) {
    std::cerr << "tilewise: " << planned.error().to_string() << "\n";
    return kExitBadInput;
  }
  box::BoxPlan& plan = *planned;
  for (const auto& [name, value, fixed] : {std::tuple{"--count-from", a.count_from, "either"},
                                           std::tuple{"--second-bound", a.second_bound, "auto"}})
    if (value != fixed && plan.method != box::BoxMethod::kCountByLayers) {
      std::cerr << "tilewise: " << name << " " << value
                << ": only for a 4x4 --count by layers (not with --all or --part)\n";
      return kExitBadInput;
    }
  if (p.size == 4 && !plan_tables_stored(p.moves, plan))
    std::cerr << "tilewise: " << plan.reason << "\n";
  box::BoxSolveOptions o;
  o.pattern_tiles = plan.pattern_tiles;
  o.additive_partition = plan.partition;
  o.pattern_table = plan.pattern_table;
  // A first solution maps the stored tables (it reads a few pages of them); a count or a
  // listing reads them into memory of their own, in huge pages where the system gives them.
  const bool map =
      plan.method == box::BoxMethod::kIdaStar || plan.method == box::BoxMethod::kAnytime;
  if (p.size == 4 && !plan.partition.empty())
    load_or_build_additive_tables(p.moves, plan.partition, map);
  // 5x5 and up, --groups: none (the default): the Manhattan bound alone, so the first solution
  // comes at once; auto: the built-in map on 5x5 and 7x7 (tables of 6.1 / 7.3 MiB built once
  // in ~10-30 s of CPU, before the search); none on 6x6 and 8x8, whose tables take minutes and
  // did not raise the reversed boards' bound, nor on 9x9 (no group tables).
  const bool auto_groups = a.groups == "auto";
  if (p.size >= 5 && p.size <= kMaxGroupBoardSize && a.groups != "none" &&
      (!auto_groups || p.size % 2 == 1)) {
    o.group_map = auto_groups ? box::default_group_map(p.size) : a.groups;
    if (const auto groups = box::parse_group_map(p.size, o.group_map); !groups) {
      std::cerr << "tilewise: --groups: " << groups.error().to_string() << "\n";
      return kExitBadInput;
    }
    load_or_build_group_tables(p.size, p.moves, o.group_map);
  }
  if (plan.pattern_table) load_or_build_pattern_table(p.moves, o.pattern_tiles, map);
  o.all = a.all || a.count;
  o.second_pattern = plan.second_pattern;
  if (o.second_pattern) load_or_build_pattern_table(p.moves, o.pattern_tiles, map);
  if (a.count) o.max_solutions = 1;
  o.keep_count_table = a.all && !a.json;  // every sequence printed, not only those kept
  o.max_count_bytes = a.max_memory << 20;
  o.count_direction = a.count_from == "start"    ? box::LayerDirection::kFromStart
                      : a.count_from == "target" ? box::LayerDirection::kFromTarget
                                                 : box::LayerDirection::kEither;
  // 200 M nodes unless given; 5x5 and up with --max-seconds alone: the time is the limit.
  o.node_budget = a.max_nodes > 0                    ? a.max_nodes
                  : p.size >= 5 && a.max_seconds > 0 ? std::numeric_limits<std::uint64_t>::max()
                                                     : 200000000;
  o.max_seconds = a.max_seconds;
  o.cpu_time = a.cpu_time;
  o.cancel = &g_box_interrupted;
  g_box_interrupted = false;
  // 5x5 and up: each better solution as it is found (without --json).
  std::function<void(const box::BoxSolveResult&)> on_improvement;
  if (!a.json)
    on_improvement = [](const box::BoxSolveResult& now) {
      std::cout << "length " << now.length << " at " << static_cast<long long>(now.elapsed_ms)
                << " ms (lower bound " << now.lower_bound << ") by " << now.method << std::endl;
    };
  const bool depth_first_count = plan.method == box::BoxMethod::kCountDepthFirst;
  const bool by_layers = plan.method == box::BoxMethod::kCountByLayers;
  if (split.parts > 1 && (!depth_first_count || a.all)) {
    std::cerr << "tilewise: --part: only a 4x4 --count is split into parts\n";
    return kExitBadInput;
  }
  split.threads = plan.threads;
  if (a.progress) split.on_task = print_task;
  auto previous = std::signal(SIGINT, on_box_sigint);
  bool layered = false;  // the result is a count by layers
  Result<box::BoxSolveResult> r =
      by_layers           ? count_by_layers(p, o, split, a.progress, plan.second_when_long, layered)
      : depth_first_count ? box::count_box_parallel(p, o, split)
                          : box::solve_box(p, o, on_improvement);
  std::signal(SIGINT, previous);
  if (!r) {
    std::cerr << "tilewise: " << r.error().to_string() << "\n";
    return kExitBadInput;
  }
  if (a.json) {
    nlohmann::json out = box::box_result_json(p, *r);
    if (split.parts > 1) out["part"] = split.part + 1, out["parts"] = split.parts;
    std::cout << json_text(out) << "\n";
  } else if (split.parts > 1) {
    std::cout << "optimal length: " << r->length << " moves\npart " << split.part + 1 << "/"
              << split.parts << " of the optimal solutions: ";
    if (r->complete)
      std::cout << r->count << "; " << r->nodes << " nodes; " << r->elapsed_ms << " ms\n";
    else
      std::cout << "not counted (" << (r->count_table_full ? "--max-memory" : "cut short") << ")\n";
  } else {
    if (r->length < 0) {
      std::cout << (r->complete ? "no sequence of moves reaches the target\n"
                                : "no solution found within the search budget\n");
    } else {
      std::cout << (r->proven_optimal ? "optimal" : "best found") << " length: " << r->length
                << " moves (" << r->method << ")\n";
      if (!r->proven_optimal)
        std::cout << "not proven optimal: no solution is shorter than " << r->lower_bound
                  << " moves\n";
      std::cout << std::flush;
      print_solutions(*r, p.size);
      if (a.all && r->solutions_truncated && !r->count_table)
        std::cout << "(listed the first " << r->solutions.size() << " of " << r->count
                  << " solutions: only those are kept in memory)\n";
      if (layered && !r->complete && !r->count_table_full)
        std::cout << "optimal solutions: not counted (cut short: a count by layers has no "
                     "partial count); "
                  << r->elapsed_ms << " ms\n";
      else if (r->count_table_full)
        std::cout << "optimal solutions: not counted: the count's table would need more than "
                  << a.max_memory << " MiB (--max-memory); the count is incomplete\n";
      else
        std::cout << (a.all || a.count ? "optimal solutions: " : "shown: ") << r->count
                  << (r->complete ? "" : " (search cut short)") << "; " << r->elapsed_ms << " ms\n";
    }
  }
  if (g_box_interrupted || !r->complete) return kExitInterrupted;
  return r->length < 0 ? kExitNoSolution : kExitOk;
}

}  // namespace

void add_box_command(CLI::App& app, int& exit_code) {
  auto* box_cmd = app.add_subcommand("box", "Puzzle Box: rotation puzzles solved optimally");
  box_cmd->require_subcommand(1);
  auto a = std::make_shared<BoxArgs>();
  auto* solve =
      box_cmd->add_subcommand("solve", "All optimal button sequences from START to the target");
  solve
      ->add_option("START", a->start,
                   "board row by row: 765849321, 765/849/321, or 1,2,3,4/5,... for N>=4")
      ->required();
  solve->add_option("--target", a->target, "target board (default 1..N*N in order)");
  solve->add_option("--moves", a->moves, "cw, cw+ccw or cw+ccw+half")
      ->check(CLI::IsMember({"cw", "cw+ccw", "cw+ccw+half"}));
  solve->add_flag("--all", a->all, "list every optimal sequence (default: the first)");
  auto* all_flag = solve->get_option("--all");
  solve
      ->add_flag("--count", a->count,
                 "count every optimal sequence, one shown (4x4: breadth first, a layer of boards "
                 "at a time; with --part, depth first)")
      ->excludes(all_flag);
  solve->add_option("--max-memory", a->max_memory,
                    "4x4, --all/--count: MiB the count's table or layers may take (default "
                    "4096); over it the count ends incomplete (layers: counted depth first "
                    "instead)");
  solve
      ->add_option("--threads", a->threads,
                   "4x4 --all/--count: threads counting (sharing the count's table, or the "
                   "layers' buckets; default 0: every core this process may use)")
      ->check(CLI::Range(0, 256));
  solve->add_option("--part", a->part,
                    "4x4 --count: count only part I of N (I/N) of the first moves' subtrees; "
                    "`box merge` sums the parts' --json results");
  solve->add_flag("--progress", a->progress,
                  "4x4 --all/--count: a line on stderr per subtree counted (depth first) or "
                  "layer made (by layers)");
  solve->add_flag("--json", a->json, "print one JSON object");
  solve
      ->add_option("--groups", a->groups,
                   "5x5 and up: the optimal search's lower bound: none (the default: Manhattan "
                   "alone), auto (the built-in group map's additive tables on 5x5 and 7x7, "
                   "built once in ~10-30 s before the search; none on 6x6 and 8x8) or a "
                   "group map: N rows of a letter per cell, '/' "
                   "between rows, one letter a group of at most 6 numbers, '.' none")
      ->check([](const std::string& map) {
        const bool letters = !map.empty() && std::all_of(map.begin(), map.end(), [](char c) {
          return std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '/';
        });
        return map == "none" || map == "auto" || (letters && map.find('/') != std::string::npos)
                   ? std::string()
                   : map +
                         ": not none, auto or a group map (rows of letters, digits or '.', "
                         "'/' between rows)";
      });
  solve->add_option("--max-nodes,--budget", a->max_nodes,
                    "search nodes before giving up on boards of 4x4 and more (then the best "
                    "solution found so far is printed, with a lower bound; default 200 M, "
                    "none on 5x5 and up with --max-seconds)");
  solve->add_option("--max-seconds", a->max_seconds,
                    "seconds before giving up (as --max-nodes; 0 = no limit)");
  solve->add_flag("--cpu-time", a->cpu_time,
                  "5x5 and up: --max-seconds and the improvement times count CPU time");
  solve
      ->add_option("--pattern-tiles", a->pattern_tiles,
                   "4x4: numbers in the pattern table (4..8; 7 = 27.5 MiB, built in ~10 s; 8 = "
                   "247.5 MiB, a few minutes, once)")
      ->check(CLI::Range(box::kMinPatternTiles, box::kLargestPatternTiles));
  solve
      ->add_option("--bound", a->bound,
                   "4x4 lower bound: additive (disjoint additive pattern tables, --partition), "
                   "pattern (one table of the numbers 1..--pattern-tiles), both (the larger) or "
                   "auto (the default: the planner's choice; with cw and 8+8 both, with the "
                   "8-number table: 4x less time for the longest first solutions)")
      ->check(CLI::IsMember({"auto", "additive", "pattern", "both"}));
  solve
      ->add_option("--partition", a->partition,
                   "4x4 additive tables: auto (the default: the planner's choice; a first answer "
                   "uses a stored table or builds 6+6+4, --all and --count use 8+8, 7+7+2 with "
                   "half turns), 8+8 (247.5 MiB, built once in ~2-3 min), 7+7+2 (27.5 MiB, "
                   "~15 s), 6+6+4 (2.8 MiB, ~1 s), blocks or rows (4-number tables, instant)")
      ->check([](const std::string& name) {
        const auto names = box::additive_partition_names();
        return name == "auto" || std::find(names.begin(), names.end(), name) != names.end()
                   ? std::string()
                   : name + ": not a partition (auto, 8+8, 7+7+2, 6+6+4, blocks, rows)";
      });
  solve
      ->add_option("--second-bound", a->second_bound,
                   "4x4 --count by layers: a second bound asked of the boards a layer keeps: "
                   "pattern (the --pattern-tiles table, from the first layer), none, or auto (the "
                   "default: the 8-number pattern table once a layer has bounded 65,536 "
                   "children, from the first layer when the first solution read it already; "
                   "247.5 MiB, built once in ~2 min: 1.2-3x faster on the longest counts)")
      ->check(CLI::IsMember({"auto", "none", "pattern"}));
  solve
      ->add_option("--count-from", a->count_from,
                   "4x4 --count by layers: the end its layers start from: start, target (the "
                   "sequences read back: the same count) or either (the default: from the start "
                   "until a layer keeps 65,536 boards, then the target's layers to that depth, "
                   "and on with the end whose layer there is smaller; the two ends' layers "
                   "grow differently, up to 2x)")
      ->check(CLI::IsMember({"start", "target", "either"}));
  solve->callback([a, &exit_code] { exit_code = run_box_solve(*a); });

  add_box_merge_command(*box_cmd, exit_code);

  auto moves = std::make_shared<std::string>("cw");
  auto* stats = box_cmd->add_subcommand("stats", "Distance distribution of the 3x3 Puzzle Box");
  stats->add_option("--moves", *moves, "cw, cw+ccw or cw+ccw+half")
      ->check(CLI::IsMember({"cw", "cw+ccw", "cw+ccw+half"}));
  stats->callback([moves, &exit_code] {
    bool ok = false;
    const box::MoveSet set = box::parse_move_set(*moves, ok);
    if (!ok) {
      std::cerr << "tilewise: --moves '" << *moves << "': use cw, cw+ccw or cw+ccw+half\n";
      exit_code = kExitBadInput;
      return;
    }
    const auto dist = box::distance_distribution_3x3(set);
    std::uint64_t total = 0;
    for (size_t d = 0; d < dist.size(); ++d) {
      std::cout << "distance " << d << ": " << dist[d] << " states\n";
      total += dist[d];
    }
    std::cout << "states: " << total << ", hardest: " << dist.size() - 1 << " moves\n";
    exit_code = kExitOk;
  });
}

}  // namespace tilewise::cli
