#include "core/box/search/solver.hpp"

#include <algorithm>
#include <array>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <functional>
#include <limits>
#include <numeric>
#include <queue>
#include <tuple>
#include <unordered_set>

#include "core/box/bounds/additive_db.hpp"
#include "core/box/bounds/table3.hpp"
#include "core/box/count/count_dag.hpp"
#include "core/box/model/board.hpp"
#include "core/box/model/packed_board.hpp"
#include "core/box/search/anytime_search.hpp"
#include "core/clock.hpp"

namespace tilewise::box {
namespace {

constexpr int kMaxLength = 1000;  // IDA* gives up beyond this many moves

// The 3x3 tables the search reads, by move set: kept or built once.
std::optional<std::vector<std::uint8_t>> tables3[3];

// The 3x3 table's distance of `board` (kMaxLength + 1: unreachable).
int distance_3x3(const std::vector<std::uint8_t>& table, const std::uint8_t* board) {
  const std::uint8_t d = table[rank_3x3(board)];
  return d == kUnreached3 ? kMaxLength + 1 : d;
}

const std::vector<std::uint8_t>& table3(MoveSet moves) {
  auto& t = tables3[static_cast<int>(moves)];
  if (!t) t = build_distance_table_3x3(moves);
  return *t;
}

// Buttons whose 2x2 blocks share no cell: pressing them in either order is the same.
bool commute(int a, int b, int size) {
  const int w = size - 1;
  return std::abs(a / w - b / w) > 1 || std::abs(a % w - b % w) > 1;
}

// add_quick_solution's weight, and its states: a tenth of the node budget within these.
constexpr int kQuickWeight = 3;
constexpr std::uint64_t kQuickStatesMin = 1000000, kQuickStatesMax = 2000000;

constexpr std::uint64_t kAnytimeSlice = 100000;  // nodes between clock checks

}  // namespace

std::vector<std::uint8_t> build_distance_table_3x3(MoveSet moves) {
  Table3Build build(moves);
  build.run(std::numeric_limits<std::uint64_t>::max());
  return build.take();
}

void keep_distance_table_3x3(MoveSet moves, std::vector<std::uint8_t> table) {
  auto& t = tables3[static_cast<int>(moves)];
  if (!t) t = std::move(table);
}

// The options' 4x4 bound: their partition's tables, the pattern table beside them or alone.
static std::pair<std::unique_ptr<AdditiveBound>, std::unique_ptr<AdditiveBound>> make_bounds_4x4(
    MoveSet moves, const BoxSolveOptions& o) {
  std::unique_ptr<AdditiveBound> additive, pattern;
  if (AdditivePartition partition; additive_partition(o.additive_partition, partition))
    additive = std::make_unique<AdditiveBound>(moves, partition);
  if (o.pattern_table || !additive)
    pattern = std::make_unique<AdditiveBound>(moves, o.pattern_tiles);
  return {std::move(additive), std::move(pattern)};
}

BoxSearch::BoxSearch(const BoxPuzzle& p, const BoxSolveOptions& o)
    : size_(p.size),
      moves_(p.moves),
      o_(o),
      cells_(move_cells(p.size, p.moves)),
      cells_of_(move_cells_index(cells_)),
      spelling_{Spelling{}} {
  const std::vector<std::uint8_t> renamed = renamed_start(p);
  std::copy(renamed.begin(), renamed.end(), board_.begin());
  if (moves_ != MoveSet::kBothDirectionsAndHalf)
    parity_ = permutation_parity(board_.data(), size_ * size_);
  if (size_ == 3) {
    r_.method = "exact distance table (3x3)";
    table_ = &table3(moves_);
  } else if (size_ == 4) {
    std::vector<std::uint32_t> commuting(cells_.size());
    std::uint32_t no_context = 0;
    for (std::size_t k = 0; k < cells_.size(); ++k) {
      for (std::size_t j = 0; j < cells_.size(); ++j)
        if (commute(cells_[k].button, cells_[j].button, size_)) commuting[k] |= 1u << j;
      if (!closes_ccw(cells_[k].move(), moves_)) no_context |= 1u << k;
    }
    commuting_cuts_.emplace(std::move(commuting), no_context);
    std::tie(additive_, pattern_) = make_bounds_4x4(moves_, o_);
    // The method: what the search uses, memory included (the CLI's limits test reads it).
    constexpr double kMiB = 1024.0 * 1024.0;
    char a[160] = "", pt[120] = "";
    if (pattern_)
      std::snprintf(pt, sizeof pt,
                    "IDA* with a pattern database (4x4, numbers 1-%d, %.1f MiB, %d lookups)",
                    o_.pattern_tiles, static_cast<double>(pattern_->table_bytes()) / kMiB,
                    pattern_->images());
    if (additive_)
      std::snprintf(a, sizeof a,
                    "IDA* with additive pattern databases (4x4, %s, %.1f MiB, %d images)",
                    o_.additive_partition.c_str(),
                    static_cast<double>(additive_->table_bytes()) / kMiB, additive_->images());
    r_.method =
        !additive_ ? std::string(pt) : std::string(a) + (pattern_ ? ", max with " : "") + pt;
  } else if (!o_.group_map.empty()) {
    additive_ = std::make_unique<AdditiveBound>(size_, moves_, o_.group_map);
    r_.method = "IDA* with " + additive_->describe();
  } else {
    r_.method = "IDA* with Manhattan bound";  // (the sum kept in step with the moves)
    const int n = size_ * size_;
    for (int c = 0; c < n; ++c)
      for (int v = 0; v < n; ++v)
        steps_home_.push_back(static_cast<std::uint8_t>(steps_home(size_, c, v)));
    for (int c = 0; c < n; ++c) manhattan_sum_ += steps_home_[c * n + board_[c]];
  }
  t0_ms_ = now_ms();  // budgets count the search, not a one-time table build
}

BoxSearch::~BoxSearch() = default;

int BoxSearch::bound_of(int g, int enough) const {
  if (table_) return distance_3x3(*table_, board_.data());
  if (!additive_ && !pattern_) {  // the steps home in moves: a press makes 4, 8 with half turns
    const int per_move = moves_ == MoveSet::kBothDirectionsAndHalf ? 8 : 4;
    return to_parity((manhattan_sum_ + per_move - 1) / per_move, g);
  }
  // The parent's deciding lookup first.
  auto first_at = [g](std::vector<int>& first) -> int& {
    if (first.size() <= static_cast<std::size_t>(g)) first.resize(g + 1);
    if (g > 0) first[g] = first[g - 1];
    return first[g];
  };
  // Below the root on 4x4, the child's first lookup was made when its parent was entered
  // (first_of_children): the move tried is the parent's latest.
  const int* first_excess = g > 0 && size_ == 4 && additive_
                                ? &child_excess_[(g - 1) * cells_.size() + next_.back() - 1]
                                : nullptr;
  const std::uint8_t* b = board_.data();
  int h = additive_ ? additive_->bound(b, enough, first_at(first_image_), first_excess) : 0;
  if (pattern_ && h <= enough) h = std::max(h, pattern_->bound(b, enough, first_at(first_lookup_)));
  return to_parity(h, g);
}

// Spellings never listed (spelling.hpp) and, when one solution is enough, the second order
// of two commuting buttons (only the lower button first).
bool BoxSearch::skip_move(const Move& m) const {
  if (!spelling_.back().allows(m)) return true;
  if (path_.size() < prefix_.size()) return move_key(m) != move_key(prefix_[path_.size()]);
  return !listing_ && !path_.empty() && m.button < path_.back().button &&
         commute(m.button, path_.back().button, size_);
}

// The count table's node of board_ after path_ (count_dag.hpp), where the table keeps nodes:
// kMinLeft moves left or more, `depth` moves down or more.
std::optional<std::pair<std::uint64_t, std::uint32_t>> BoxSearch::count_node(
    std::size_t depth) const {
  if (!count_dag_ || moves_left() < CountDag::kMinLeft || path_.size() < depth) return {};
  const Move* last = path_.empty() ? nullptr : &path_.back();
  return count_dag_->node_of(board16(), CountDag::context_of(moves_left(), last, moves_));
}

// The child just entered, when the count's table knows it: its count added, its sequences
// listed from the table (while there is room), its subtree not walked.
std::uint64_t BoxSearch::counted_child() {
  const auto node = count_node(prefix_.size());
  const std::uint64_t known = node ? count_dag_->find(node->first, node->second) : CountDag::kMiss;
  if (known != CountDag::kMiss) add_counted(known);
  return known;
}

void BoxSearch::add_counted(std::uint64_t n) {
  r_.count += n;
  if (n == 0) return;
  std::array<std::uint8_t, 16> from = board16();
  std::vector<Move> path = path_;
  const auto keep = [&](const std::vector<Move>& seq) {
    if (r_.solutions.size() >= o_.max_solutions) return false;
    r_.solutions.push_back(seq);
    return true;
  };
  if (r_.solutions.size() >= o_.max_solutions ||
      !count_dag_->walk(from, moves_left(), spelling_.back(), path, keep))
    r_.solutions_truncated = true;
}

void BoxSearch::found() {
  if (o_.all && !listing_) {  // one solution at this bound: list them all on a second pass
    probe_found_ = true;
    return;
  }
  ++r_.count;
  if (r_.solutions.size() < o_.max_solutions)
    r_.solutions.push_back(path_);
  else
    r_.solutions_truncated = true;
}

// A solution found at the current bound is optimal: every shorter bound was searched.
bool BoxSearch::finish(bool complete) {
  if (r_.count > 0 || listing_) {  // (listing: the first pass found one at this bound)
    r_.length = limit_;
    r_.proven_optimal = true;
  }
  r_.lower_bound = lower_bound();
  r_.complete = complete;
  r_.elapsed_ms = now_ms() - t0_ms_;
  if (count_dag_ && complete && o_.keep_count_table) {
    count_dag_->drop_dead();
    count_dag_->set_root(board16(), limit_);  // (back at the root: board_ is the start)
    r_.count_table = std::move(count_dag_);
  }
  count_dag_.reset();
  finished_ = true;
  return true;
}

void BoxSearch::count_below(std::vector<Move> prefix, int length, std::shared_ptr<CountDag> dag) {
  prefix_ = std::move(prefix);
  limit_ = length;
  probe_found_ = true;  // next_iteration lists that length at once
  count_dag_ = std::move(dag);
}

bool BoxSearch::next_iteration() {
  if (r_.count > 0 || listing_) return finish(true);
  const int h = bound_of(0, kMaxLength);
  if (probe_found_) {  // the same bound again, listing every sequence
    probe_found_ = false;
    listing_ = true;
    if (size_ == 4 && !count_dag_) {
      count_dag_ = std::make_shared<CountDag>(moves_, o_.max_count_bytes);
      count_dag_->share_turned_images(board16());  // (at the root: the start)
    }
  } else {
    if (limit_ < 0) start_bound_ = std::min(h, kMaxLength);
    // With quarter turns only every length has the board's parity: step by 2.
    limit_ = limit_ < 0 ? h : limit_ + (parity_ >= 0 ? 2 : 1);
    if (limit_ > kMaxLength) {
      // The 3x3 table proves there is no sequence at all, and so does a 2x2 board's search
      // (its one button reaches 4 boards, each within 3 moves); elsewhere the search gave up.
      const bool proven = table_ != nullptr || size_ == 2;
      r_.proven_optimal = proven;
      return finish(proven);
    }
  }
  ++r_.nodes;
  const bool at_target = h == 0 && at_target_board();
  if (at_target && limit_ == 0) found();
  if (!at_target && h <= limit_) open_node();
  return false;
}

// The move's four numbers moved on board_, the Manhattan sum kept in step (back: the move undone).
void BoxSearch::turn(const Move& m, bool back) {
  const MoveCells& mc = cells_[cells_of_[static_cast<std::size_t>(move_key(m))]];
  const auto& from = back ? mc.to : mc.from;
  const auto& to = back ? mc.from : mc.to;
  if (!steps_home_.empty())
    for (int k = 0; k < 4; ++k) {
      const int v = board_[from[k]], n = size_ * size_;
      manhattan_sum_ += steps_home_[to[k] * n + v] - steps_home_[from[k] * n + v];
    }
  turn_cells(board_, mc, back);
}

void BoxSearch::enter_child(const Move& m) {
  turn(m, false);
  spelling_.push_back(spelling_.back().after(m, moves_));
  path_.push_back(m);
}

void BoxSearch::undo_last() {
  turn(path_.back(), true);
  spelling_.pop_back();
  path_.pop_back();
}

void BoxSearch::open_node() {
  const std::size_t g = path_.size();
  next_.push_back(0);
  count_at_entry_.push_back(r_.count);
  if (!commuting_cuts_) return;  // (4x4 only)
  commuting_cuts_->entered(g);
  if (known_.size() <= g) known_.resize(g + 1);
  known_[g] = {};
  // P-a-b is P-b-a: dead when P-b is known dead (inherited down, whatever the order)
  // or P-b was expanded and P-b-a cut.
  if (g > 0) {
    const std::size_t a = next_[g - 1] - 1;
    const auto [dead, counted] = commuting_cuts_->known_children(g - 1, a);
    known_[g].dead = dead | (known_[g - 1].dead_or_cut & commuting_cuts_->commuting(a));
    if (listing_ && g > prefix_.size()) known_[g].counted = counted;
  }
  first_of_children();
  known_[g].dead_or_cut = known_[g].dead | known_[g].first_cut;
}

void BoxSearch::note_counted(std::uint64_t count) {
  if (!commuting_cuts_ || !listing_) return;
  const std::size_t d = path_.size();
  commuting_cuts_->counted(d, next_[d] - 1, d > 0 ? next_[d - 1] - 1 : 0, count);
}

void BoxSearch::note_cut() {
  if (!commuting_cuts_) return;
  const std::size_t d = path_.size();
  commuting_cuts_->cut(d, next_[d] - 1, d > 0 ? next_[d - 1] - 1 : 0);
  known_[d].dead_or_cut |= std::uint32_t{1} << (next_[d] - 1);
}

// A node's children's first lookups together (most are cut by them): every index first (its
// bytes asked of memory), then every entry, so that the cache misses overlap.
void BoxSearch::first_of_children() {
  if (!additive_) return;
  const std::size_t g = path_.size(), moves = cells_.size();
  const auto terms = static_cast<std::size_t>(additive_->terms());
  if (child_excess_.size() < (g + 1) * moves) child_excess_.resize((g + 1) * moves);
  child_index_.resize(moves * terms);
  const int first = first_image_[g];
  const std::array<std::uint8_t, 16> board = board16();  // (16 bytes a child, not 64)
  std::array<bool, 64> tried{};
  for (std::size_t k = 0; k < moves; ++k) {
    const MoveCells& mc = cells_[k];
    const bool known = (known_[g].dead | known_[g].counted) >> k & 1;
    if ((tried[k] = !skip_move(mc.move()) && !known))
      additive_->first_indices(turned(board, mc).data(), first, &child_index_[k * terms]);
  }
  const int left = moves_left() - 1;  // the children's
  for (std::size_t k = 0; k < moves; ++k) {
    if (!tried[k]) continue;
    const int excess = child_excess_[g * moves + k] =
        additive_->excess(first, &child_index_[k * terms]);
    // Cut by this lookup alone: known before any child is expanded (commuting cuts).
    if (to_parity(additive_->moves_of(turned(board, cells_[k]).data(), excess),
                  static_cast<int>(g) + 1) > left)
      known_[g].first_cut |= std::uint32_t{1} << k;
  }
}

// IDA*: every sequence of exactly `limit_` moves that reaches the target, depth first,
// with an explicit stack so it can stop after any node and go on later.
bool BoxSearch::run(std::uint64_t max_nodes) {
  for (std::uint64_t visited = 0; !finished_;) {
    if (!o_.all && r_.count > 0) return finish(true);
    if (o_.cancel && o_.cancel->load(std::memory_order_relaxed)) return finish(false);
    if (probe_found_) {  // back to the root: next_iteration lists this bound
      while (!path_.empty()) undo_last();
      next_.clear();
      count_at_entry_.clear();
    }
    if (next_.empty()) {
      if (next_iteration()) break;
      continue;
    }
    if (next_.back() == cells_.size()) {  // all children tried: keep the count, back up
      const std::uint64_t count = r_.count - count_at_entry_.back();
      const auto node = count_node(std::max<std::size_t>(prefix_.size(), 1));
      if (node && !count_dag_->put(node->first, node->second, count)) {
        r_.count = 0;  // the table is full: not a partial number
        r_.count_table_full = true;
        return finish(false);
      }
      next_.pop_back();
      count_at_entry_.pop_back();
      if (!path_.empty()) {
        undo_last();
        if (path_.size() >= prefix_.size()) note_counted(count);
      }
      continue;
    }
    if (visited >= max_nodes) return false;
    const std::size_t k = next_.back()++;
    const Move m = cells_[k].move();
    if (skip_move(m)) continue;
    if (commuting_cuts_) {
      const Known& known = known_[path_.size()];
      if (known.first_cut >> k & 1) ++visited, ++r_.nodes;  // (first_of_children's lookup)
      if ((known.dead | known.first_cut) >> k & 1) {
        note_cut();  // (a dead node, as if cut by the bound)
        continue;
      }
      if (known.counted >> k & 1) {
        // P-a-b (commuting_cuts.hpp) with P-b-a counted: the same node of the count's graph,
        // its count taken from there (no bound, no table lookup).
        const std::size_t d = path_.size();
        const std::uint64_t n = commuting_cuts_->count_of(d - 1, next_[d - 1] - 1, k);
        const bool listed = n > 0 && r_.solutions.size() < o_.max_solutions;  // (walked from it)
        if (listed) enter_child(m);
        add_counted(n);
        if (listed) undo_last();
        note_counted(n);
        continue;
      }
    }
    // Out of budget: nodes, or time (checked every 1024 nodes).
    if (r_.nodes >= o_.node_budget ||
        (o_.max_seconds > 0 && r_.nodes % 1024 == 0 && now_ms() - t0_ms_ > o_.max_seconds * 1000))
      return finish(false);
    ++visited;
    ++r_.nodes;
    enter_child(m);
    const int g = static_cast<int>(path_.size()), h = bound_of(g, limit_ - g);
    const bool at_target = h == 0 && at_target_board();
    const bool cut = g + h > limit_;
    const std::uint64_t known = cut || at_target || !listing_ ? CountDag::kMiss : counted_child();
    if (cut || at_target || known != CountDag::kMiss) {
      if (at_target && g == limit_) found();
      undo_last();
      if (cut) note_cut();
      if (known != CountDag::kMiss) note_counted(known);
      continue;
    }
    open_node();
  }
  return true;
}

std::optional<Error> check_box_puzzle(const BoxPuzzle& p) {
  const int n = p.size;
  if (n < kMinSize || n > kMaxBoardSize || static_cast<int>(p.start.size()) != n * n ||
      p.target.size() != p.start.size())
    return Error{"board", "start and target must both be N x N boards, 2 <= N <= 8"};
  std::vector<int> numbers(p.start.size());
  std::iota(numbers.begin(), numbers.end(), 1);
  if (!std::is_permutation(p.start.begin(), p.start.end(), numbers.begin()) ||
      !std::is_permutation(p.target.begin(), p.target.end(), numbers.begin()))
    return Error{"board", "start and target must each hold 1..N*N once"};
  return std::nullopt;
}

std::function<int(const std::uint8_t*, int)> box_lower_bound(int size, MoveSet moves,
                                                             const BoxSolveOptions& o) {
  if (size == 3)
    return [&table = table3(moves)](const std::uint8_t* board, int) {
      return distance_3x3(table, board);
    };
  auto [a, p] = make_bounds_4x4(moves, o);
  std::shared_ptr<AdditiveBound> additive = std::move(a), pattern = std::move(p);
  auto first = std::make_shared<std::array<int, 2>>();  // the lookups that decided last
  return [additive, pattern, first](const std::uint8_t* board, int enough) {
    int h = additive ? additive->bound(board, enough, (*first)[0]) : 0;
    if (pattern && h <= enough) h = std::max(h, pattern->bound(board, enough, (*first)[1]));
    return h;
  };
}

Result<BoxSolveResult> count_after_first_solution(
    const BoxPuzzle& p, const BoxSolveOptions& o, const std::string& how,
    const std::function<OtherCount(const std::vector<std::uint8_t>& start, int length)>& count) {
  BoxSolveOptions first = o;
  first.all = false;
  Result<BoxSolveResult> r = solve_box(p, first);
  if (!r || !r->proven_optimal) return r;
  const double t0 = now_ms();
  const OtherCount c = count(renamed_start(p), r->length);
  r->elapsed_ms += now_ms() - t0;
  r->nodes += c.nodes;
  r->complete = c.complete;
  r->count_table_full = c.out_of_memory;
  r->count = c.complete ? c.count : 0;
  r->solutions_truncated = r->count > r->solutions.size();
  r->method += "; counted by " + how + c.how;
  return r;
}

// A weighted best-first search (f = g + kQuickWeight x the bound, each board generated once):
// a solution fast, usually longer than the shortest.
void add_quick_solution(const BoxPuzzle& p, const BoxSolveOptions& o, double max_seconds,
                        BoxSolveResult& r) {
  if (r.count > 0 || r.complete || r.length >= 0 || p.size != 4) return;
  const auto bound = box_lower_bound(4, p.moves, o);  // the optimal search's (its tables built)
  const auto estimate = [&](Packed b) {
    std::array<std::uint8_t, 16> board;
    unpack(b, 16, board.data());
    return bound(board.data(), 255);
  };
  const std::vector<MoveCells> cells = move_cells(4, p.moves);
  std::vector<PackedMove> steps;
  for (const MoveCells& mc : cells) steps.push_back(PackedMove::of(mc.from, mc.to));
  const std::uint64_t max_states =
      std::clamp<std::uint64_t>(o.node_budget / 10, kQuickStatesMin, kQuickStatesMax);
  const double t0 = now_ms();
  struct Node {
    Packed board;
    int g, parent;  // parent -1 at the start
    std::uint8_t move;
  };
  const std::vector<std::uint8_t> start = renamed_start(p);
  std::vector<Node> nodes{{pack(start.data(), 16), 0, -1, 0}};
  std::unordered_set<Packed> seen{nodes[0].board};
  using Entry = std::pair<int, int>;  // f, -node: smallest f first, then the newest node
  std::priority_queue<Entry, std::vector<Entry>, std::greater<>> open;
  open.push({estimate(nodes[0].board), 0});
  for (std::uint64_t popped = 0; !open.empty(); ++popped) {
    const int at = -open.top().second;
    open.pop();
    if (nodes[at].board == kPackedTarget) {  // the best found, not proven optimal
      std::vector<Move> path;
      for (int k = at; nodes[k].parent >= 0; k = nodes[k].parent)
        path.insert(path.begin(), cells[nodes[k].move].move());
      r.length = static_cast<int>(path.size());
      r.count = 1;
      r.solutions = {path};
      r.method = "best-first search, pattern database (4x4): not proven optimal";
      break;
    }
    if ((o.cancel && o.cancel->load(std::memory_order_relaxed)) ||
        (max_seconds > 0 && popped % 256 == 0 && now_ms() - t0 > max_seconds * 1000))
      break;
    if (nodes.size() >= max_states) continue;  // no more room: finish what is open
    for (std::size_t k = 0; k < steps.size(); ++k) {
      const Packed next = steps[k].apply(nodes[at].board);
      if (!seen.insert(next).second) continue;
      const int g = nodes[at].g + 1;
      nodes.push_back({next, g, at, static_cast<std::uint8_t>(k)});
      open.push({g + kQuickWeight * estimate(next), -static_cast<int>(nodes.size() - 1)});
    }
  }
  r.nodes += nodes.size();
  r.elapsed_ms += now_ms() - t0;
}

Result<BoxSolveResult> solve_box(const BoxPuzzle& p, const BoxSolveOptions& o,
                                 const std::function<void(const BoxSolveResult&)>& on_improvement) {
  if (std::optional<Error> e = check_box_puzzle(p)) return *e;
  if (p.size >= 5) {  // the anytime search
    BoxAnytimeSearch search(p, o);
    const auto cpu_ms = [] { return 1000.0 * static_cast<double>(std::clock()) / CLOCKS_PER_SEC; };
    const double wall0 = now_ms(), cpu0 = cpu_ms();
    auto spent_ms = [&] { return o.cpu_time ? cpu_ms() - cpu0 : now_ms() - wall0; };
    std::uint64_t seen = 0;
    for (bool over = false; !over;) {
      // Time, like the node budget, ends the search once it has a solution.
      over = search.run(kAnytimeSlice) || (o.max_seconds > 0 && spent_ms() > o.max_seconds * 1000 &&
                                           search.result().length >= 0);
      if (on_improvement && search.improvements() != seen && search.result().length >= 0) {
        seen = search.improvements();
        BoxSolveResult now = search.result();
        now.elapsed_ms = spent_ms();
        on_improvement(now);
      }
    }
    BoxSolveResult r = search.result();  // (complete once finished)
    r.elapsed_ms = spent_ms();
    return r;
  }
  BoxSolveOptions optimal = o;
  optimal.max_seconds = o.max_seconds * 0.9;
  BoxSearch search(p, optimal);
  search.run(std::numeric_limits<std::uint64_t>::max());
  BoxSolveResult r = search.result();
  if (o.cancel && o.cancel->load()) return r;
  add_quick_solution(
      p, o, o.max_seconds > 0 ? std::max(0.001, o.max_seconds - r.elapsed_ms / 1000) : 0, r);
  return r;
}

bool for_each_solution(const BoxSolveResult& r,
                       const std::function<bool(const std::vector<Move>&)>& emit) {
  if (r.count_table) return r.count_table->walk_all(emit);
  for (const auto& seq : r.solutions)
    if (!emit(seq)) return false;
  return true;
}

std::vector<std::uint64_t> distance_distribution_3x3(MoveSet moves) {
  std::vector<std::uint64_t> out;
  for (std::uint8_t d : table3(moves)) {
    if (d == kUnreached3) continue;
    if (out.size() <= d) out.resize(d + 1);
    ++out[d];
  }
  return out;
}

}  // namespace tilewise::box
