#include "core/box/count/parallel_count.hpp"

#include <time.h>

#include <algorithm>
#include <atomic>
#include <map>
#include <memory>
#include <mutex>
#include <thread>

#include "core/box/count/count_dag.hpp"
#include "core/box/model/board.hpp"
#include "core/clock.hpp"

namespace tilewise::box {
namespace {

constexpr std::uint64_t kSlice = std::uint64_t{1} << 20;  // nodes between budget checks

double thread_cpu_ms() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) / 1e6;
}

using Prefix = std::vector<int>;  // moves by their place in move_cells(4, ...)

// Every prefix of `n` moves in canonical spelling, in the search's order.
void all_prefixes(const std::vector<MoveCells>& cells, MoveSet set, std::size_t n, Prefix& prefix,
                  const Spelling& s, std::vector<Prefix>& out) {
  if (prefix.size() == n) {
    out.push_back(prefix);
    return;
  }
  for (std::size_t k = 0; k < cells.size(); ++k) {
    if (!s.allows(cells[k].move())) continue;
    prefix.push_back(static_cast<int>(k));
    all_prefixes(cells, set, n, prefix, s.after(cells[k].move(), set), out);
    prefix.pop_back();
  }
}

struct Shared {  // what the threads share
  std::vector<BoxCountTask>& tasks;
  std::shared_ptr<CountDag> dag;
  BoxSolveOptions task_options;
  const BoxPuzzle& puzzle;
  int length;
  std::uint64_t budget;  // nodes left for the subtrees
  double deadline_ms;    // wall; 0 = none
  const BoxCountSplit& split;
  std::atomic<std::size_t> next{0}, done{0};
  std::atomic<std::uint64_t> nodes{0};
  std::atomic<bool> stop{false}, full{false};
  std::mutex mutex{};  // BoxSearch's constructor (the tables' caches) and on_task
};

bool over(Shared& s) {
  return s.stop ||
         (s.task_options.cancel && s.task_options.cancel->load(std::memory_order_relaxed)) ||
         s.nodes.load(std::memory_order_relaxed) >= s.budget ||
         (s.deadline_ms > 0 && now_ms() > s.deadline_ms);
}

void count_tasks(Shared& s) {
  for (std::size_t i; !over(s) && (i = s.next++) < s.tasks.size();) {
    BoxCountTask& task = s.tasks[i];
    const double cpu0 = thread_cpu_ms();
    std::unique_ptr<BoxSearch> search;
    {
      const std::lock_guard<std::mutex> lock(s.mutex);
      search = std::make_unique<BoxSearch>(s.puzzle, s.task_options);
    }
    search->count_below(task.prefix, s.length, s.dag);
    std::uint64_t seen = 0;
    while (!search->run(kSlice)) {
      s.nodes += search->result().nodes - seen;
      seen = search->result().nodes;
      if (over(s)) break;
    }
    s.nodes += search->result().nodes - seen;
    const BoxSolveResult& r = search->result();
    if (!r.complete) {
      if (r.count_table_full) s.full = true;
      s.stop = true;
      return;
    }
    task.count = r.count;
    task.nodes = r.nodes;
    task.cpu_ms = thread_cpu_ms() - cpu0;
    const std::lock_guard<std::mutex> lock(s.mutex);
    task.done = ++s.done;
    if (s.split.on_task) s.split.on_task(task);
  }
}

// Every prefix of `prefix_moves` moves and the orbit each falls in (by the start's turns).
struct Orbits {
  std::vector<Prefix> prefixes;    // in the search's order
  std::vector<std::size_t> orbit;  // per prefix: its representative in `reps`
  std::vector<BoxCountTask> reps;  // each orbit's first prefix, with the orbit's size
};

Orbits orbits_of(MoveSet moves, const Board16& start, int prefix_moves) {
  const std::vector<SquareTurn> turns = turns_onto_itself(start);
  const std::vector<MoveCells> cells = move_cells(4, moves);
  const MoveCellsIndex index = move_cells_index(cells);
  Orbits o;
  Prefix scratch;
  all_prefixes(cells, moves, static_cast<std::size_t>(prefix_moves), scratch, Spelling{},
               o.prefixes);
  std::map<Prefix, std::size_t> place;  // a representative's place in reps
  for (const Prefix& prefix : o.prefixes) {
    Prefix best = prefix;
    for (const SquareTurn& t : turns) {
      Prefix image;
      for (const int k : prefix) image.push_back(index[move_key(t.turned(cells[k].move()))]);
      best = std::min(best, image);
    }
    auto [it, fresh] = place.try_emplace(best, o.reps.size());
    if (fresh) {
      o.reps.push_back(BoxCountTask{{}, 0});
      for (const int k : best) o.reps.back().prefix.push_back(cells[k].move());
    }
    ++o.reps[it->second].weight;
    o.orbit.push_back(it->second);
  }
  return o;
}

// Part `part` of `parts` of the representatives: the k-th goes to part k % parts.
std::vector<BoxCountTask> part_of(const std::vector<BoxCountTask>& reps, int part, int parts) {
  std::vector<BoxCountTask> out;
  for (std::size_t k = static_cast<std::size_t>(part); k < reps.size();
       k += static_cast<std::size_t>(parts))
    out.push_back(reps[k]);
  for (BoxCountTask& t : out) t.total = out.size();
  return out;
}

// With every subtree counted: the nodes above them (the prefixes' first moves), which the
// searches did not keep, each the sum of the subtrees below it; false when the table is full.
bool keep_upper_nodes(MoveSet moves, const Board16& start, int length, const Orbits& o,
                      CountDag& dag) {
  std::map<Prefix, std::uint64_t> upper;
  for (std::size_t k = 0; k < o.prefixes.size(); ++k)
    for (std::size_t j = 1; j < o.prefixes[k].size(); ++j)
      upper[Prefix(o.prefixes[k].begin(),
                   o.prefixes[k].begin() + static_cast<std::ptrdiff_t>(j))] +=
          o.reps[o.orbit[k]].count;
  const std::vector<MoveCells> cells = move_cells(4, moves);
  for (const auto& [prefix, count] : upper) {
    const int left = length - static_cast<int>(prefix.size());
    if (left < CountDag::kMinLeft) continue;
    Board16 b = start;
    for (const int k : prefix) b = turned(b, cells[k]);
    const Move last = cells[prefix.back()].move();
    const auto [board, context] = dag.node_of(b, CountDag::context_of(left, &last, moves));
    if (!dag.put(board, context, count)) return false;
  }
  return true;
}

}  // namespace

std::vector<BoxCountTask> box_count_tasks(const BoxPuzzle& p, int prefix_moves, int part,
                                          int parts) {
  return part_of(orbits_of(p.moves, start_board16(p), prefix_moves).reps, part, parts);
}

Result<BoxSolveResult> count_box_parallel(const BoxPuzzle& p, const BoxSolveOptions& o,
                                          const BoxCountSplit& split) {
  if (std::optional<Error> e = check_box_puzzle(p)) return *e;
  if (split.parts < 1 || split.part < 0 || split.part >= split.parts)
    return Error{"part", "the part must be one of 1..N of N parts"};
  if (p.size != 4 || !o.all) {
    if (split.parts > 1) return Error{"part", "parts count every optimal sequence of a 4x4 board"};
    return solve_box(p, o);
  }
  const double wall0 = now_ms();
  BoxSolveOptions first = o;  // the length: the first optimal solution (or a quick one)
  first.all = false;
  Result<BoxSolveResult> found = solve_box(p, first);
  if (!found || !found->proven_optimal) return found;
  BoxSolveResult r = *found;
  const int length = r.length;
  const Board16 start = start_board16(p);
  Orbits orbits = orbits_of(p.moves, start, std::clamp(split.prefix_moves, 0, length));
  std::vector<BoxCountTask> tasks = part_of(orbits.reps, split.part, split.parts);
  auto dag = std::make_shared<CountDag>(p.moves, o.max_count_bytes);
  dag->share_turned_images(start);
  const int threads = std::max(1, std::min<int>(split.threads, static_cast<int>(tasks.size())));
  if (threads > 1) dag->share();
  BoxSolveOptions task_options = o;
  task_options.max_solutions = 0;
  task_options.keep_count_table = false;
  task_options.node_budget = std::numeric_limits<std::uint64_t>::max();
  task_options.max_seconds = 0;
  Shared s{tasks,
           dag,
           task_options,
           p,
           length,
           o.node_budget > r.nodes ? o.node_budget - r.nodes : 0,
           o.max_seconds > 0 ? wall0 + o.max_seconds * 1000 : 0,
           split};
  std::vector<std::thread> pool;
  for (int t = 1; t < threads; ++t) pool.emplace_back([&s] { count_tasks(s); });
  count_tasks(s);
  for (std::thread& t : pool) t.join();
  r.nodes += s.nodes;
  r.elapsed_ms = now_ms() - wall0;
  r.solutions.clear();
  r.count = 0;
  const bool complete = s.done == tasks.size() && !s.full;
  r.count_table_full = s.full;
  r.complete = complete;
  if (!complete) return r;  // no partial number
  for (const BoxCountTask& t : tasks) r.count += t.weight * t.count;
  r.solutions_truncated = r.count > 0;
  if (split.parts > 1) return r;  // (a part: no listing)
  orbits.reps = tasks;            // (every representative, in order)
  if (!keep_upper_nodes(p.moves, start, length, orbits, *dag)) {
    r.count = 0, r.complete = false, r.count_table_full = true;
    return r;
  }
  // The listing, from the table (as the search lists it).
  dag->set_root(start, length);
  r.solutions_truncated = !dag->walk_all([&](const std::vector<Move>& seq) {
    if (r.solutions.size() >= o.max_solutions) return false;
    r.solutions.push_back(seq);
    return true;
  });
  if (o.keep_count_table) {
    dag->drop_dead();
    r.count_table = std::move(dag);
  }
  return r;
}

}  // namespace tilewise::box
