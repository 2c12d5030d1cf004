#include "core/box/search/anytime_search.hpp"

#include <algorithm>
#include <array>
#include <limits>
#include <optional>
#include <vector>

#include "core/box/bounds/additive_db.hpp"
#include "core/box/model/board.hpp"
#include "core/box/model/move_cells.hpp"
#include "core/box/model/spelling.hpp"

namespace tilewise::box {
namespace {

constexpr int kWeightings = 3;  // 0: plain distances; k: ring i weighted 1 + k * (rings - i)
constexpr int kCorners = 4;     // which 4x4 block is left for last
constexpr std::uint64_t kFirstWidth = 16;
constexpr std::uint64_t kBeamBytes = std::uint64_t{384} << 20;  // a beam's boards at most
constexpr std::size_t kSeenSlotsMax = std::size_t{1} << 24;     // its boards seen: 128 MiB
constexpr std::uint64_t kUnitNodes = 4096;                      // IDA* work between turns
constexpr std::uint64_t kFinishNodes = 2000000;                 // a 4x4 finish gives up after this
constexpr int kOptimalShare = 4;                                // the optimal IDA* gets 1 node in 4
constexpr std::size_t kMaxMoves = 3 * kMaxButtons;              // the largest board, cw+ccw+half
constexpr std::uint64_t kFirstWindowWidth = 256;
constexpr std::uint64_t kWindowShare = 4;  // windows get 1 beam node in 4
constexpr std::array<int, 4> kWindowLengths = {12, 20, 32, 48};

// The search on boards of up to kCells cells: 64 up to 8x8 (a beam's board in 96 bytes, cost
// tables indexed by shifts), kMaxCells beyond.
template <std::size_t kCells>
struct AnytimeSearch final : BoxAnytimeSearch::Run {
  using Board = std::array<std::uint8_t, kCells>;
  struct Beamed {  // a board in the beam
    Board s;
    std::uint16_t spelling = 0;       // Spelling::key() of its path (spelling.hpp)
    std::int32_t man, rank, outside;  // plain distance sum, weighted sum, frame numbers not home
    std::uint32_t trail;              // its path: index into the run's trail
    std::uint64_t key;                // Zobrist hash of the board
  };
  // One beam search: its corner block, weighting, width and state between units of work.
  struct Beam {
    int corner = 0, weighting = 0;
    // Symmetric halves (the reversed board): the beam goes to the halfway set; man is then the
    // pair sum, rank that sum weighted per number by `weight`.
    bool halves = false;
    std::array<std::int32_t, kCells> weight{};
    std::uint64_t width = 0;
    int block_row = 0, block_col = 0;     // the 4x4 block left for last
    std::vector<std::int32_t> rank_cost;  // [number * kCells + cell]
    std::vector<std::int32_t> outside;    // [number * kCells + cell]: 1 = frame number not home
    std::int32_t max_rank = 0;
    int g = 0;  // moves made by the boards of `cur`
    std::vector<Beamed> cur, next;
    std::vector<std::uint32_t> trail_parent;
    std::vector<std::uint8_t> trail_move;
    std::vector<std::uint64_t> histogram;  // children per rank (counting pass)
    bool keeping = false;                  // false: counting pass; true: keeping pass
    std::size_t at = 0;                    // next parent of the pass
    std::int32_t cut = 0;                  // keep ranks below, and `allowance` at it
    std::uint64_t allowance = 0;
    std::vector<std::uint64_t> seen;  // keys of every board kept (open addressing)
    std::size_t seen_count = 0;
    std::int64_t frame_best = -1;  // index in next: frame home, smallest distance sum
    std::uint64_t nodes = 0, finish_nodes = 0;
    bool done = false;
    // A window of the best solution (window_from..window_to): the beam goes from the board
    // after `prefix` to the board before `suffix` (renamed to read 0, 1, ...), to shorten it.
    bool window = false;
    int window_from = 0, window_to = 0;
    std::vector<Move> prefix, suffix;
    int fixed_moves() const { return static_cast<int>(prefix.size() + suffix.size()); }
  };
  struct Finish {  // a 4x4 block finished by IDA*
    std::unique_ptr<BoxSearch> search;
    std::vector<Move> prefix;  // to the board it starts from
    Beam* beam;                // that started it (beam or window: kept while it runs)
  };

  BoxPuzzle puzzle;
  BoxSolveOptions options;
  int n = 0;
  std::vector<MoveCells> moves;
  std::vector<std::int32_t> man_cost;                      // [number * kCells + cell]
  std::vector<std::array<std::uint64_t, kCells>> zobrist;  // [cell][number]
  Board start{};                                           // renamed so the target reads 0, 1, ...
  int parity = -1;   // quarter turns only: every solution's length has this parity
  int per_move = 4;  // distance one move can cover
  int start_bound = 0;
  std::unique_ptr<BoxSearch> optimal;
  std::optional<Beam> beam;    // of the schedule
  std::optional<Beam> window;  // a window of the best solution
  std::optional<Beam> halves;  // the reversed board: a beam to the halfway set
  bool reversed = false;       // the start is the target turned half round (not with cw only)
  Board mirror{}, partner{};   // halves: numbers partner[x], x end on cells y, mirror[y]
  std::uint64_t halves_nodes = 0, halves_width = kFirstWidth;
  std::optional<Finish> finish;
  std::unique_ptr<AdditiveBound> pattern;
  int run_index = 0;
  bool at_width_cap = false;
  std::uint64_t optimal_nodes = 0, beam_nodes = 0;
  std::uint64_t window_nodes = 0;  // the share of beam_nodes spent on windows
  bool schedule_over = false;      // every beam of the schedule run
  bool windows_over = false;       // every window stage run at the widest
  std::uint64_t window_index = 0, windows_in_stage = 0;
  int window_stage = 0;
  std::vector<Move> best;
  std::string best_method;
  bool optimal_only = false;  // proven optimal with `all`: the optimal search lists the rest

  AnytimeSearch(const BoxPuzzle& p, const BoxSolveOptions& o) : puzzle(p), options(o), n(p.size) {
    const std::vector<std::uint8_t> renamed = renamed_start(p);
    std::copy(renamed.begin(), renamed.end(), start.begin());
    moves = move_cells(n, p.moves);
    man_cost.assign(kCells * kCells, 0);
    std::int32_t man = 0;
    for (int num = 0; num < n * n; ++num)
      for (int cell = 0; cell < n * n; ++cell)
        man_cost[num * kCells + cell] = steps_home(n, cell, num);
    for (int cell = 0; cell < n * n; ++cell) man += man_cost[start[cell] * kCells + cell];
    zobrist = zobrist_keys<kCells>();
    if (p.moves == MoveSet::kBothDirectionsAndHalf)
      per_move = 8;
    else
      parity = permutation_parity(start.data(), n * n);
    // Options' group_map is the optimal search's bound (its first iteration raises
    // lower_bound()), not the beams' cut: 5x the CPU for the same solutions (docs/puzzle-box.md).
    start_bound = bound_at(0, man);
    reversed = p.moves != MoveSet::kClockwise;
    for (int cell = 0; cell < n * n; ++cell) {
      const int r = cell / n, c = cell % n;
      reversed = reversed && start[cell] == n * n - 1 - cell;
      // Odd n: left-right mirror, partners top-bottom; even n: the two diagonals.
      mirror[cell] = static_cast<std::uint8_t>(n % 2 ? r * n + n - 1 - c : c * n + r);
      partner[cell] =
          static_cast<std::uint8_t>(n % 2 ? (n - 1 - r) * n + c : (n - 1 - c) * n + n - 1 - r);
    }
    BoxSolveOptions exact = o;
    exact.max_seconds = 0;
    optimal = std::make_unique<BoxSearch>(p, exact);
    r.method = "anytime beam search";
    r.lower_bound = start_bound;
  }

  // No solution through a board g moves from the start, `man` from the target, is shorter.
  int bound_at(int g, std::int32_t man) const {
    return at_parity(g + (man + per_move - 1) / per_move);
  }
  int at_parity(int total) const { return parity >= 0 && total % 2 != parity ? total + 1 : total; }

  int lower_bound() const {
    return r.proven_optimal ? r.length : std::max(start_bound, optimal->lower_bound());
  }

  int best_length() const {
    return best.empty() && r.length < 0 ? std::numeric_limits<int>::max()
                                        : static_cast<int>(best.size());
  }

  struct Child {
    std::uint64_t key;
    std::int32_t man, rank, outside;
    std::uint8_t move;  // index in `moves`
  };
  Child child_of(const Beam& b, const Beamed& e, std::size_t mi) const {
    const MoveCells& m = moves[mi];
    Child c{e.key, e.man, e.rank, e.outside, static_cast<std::uint8_t>(mi)};
    for (int k = 0; k < 4; ++k) {
      const int num = e.s[m.from[k]], from = num * kCells + m.from[k], to = num * kCells + m.to[k];
      c.man += man_cost[to] - man_cost[from];
      c.rank += b.rank_cost[to] - b.rank_cost[from];
      c.outside += b.outside[to] - b.outside[from];
      c.key ^= zobrist[m.from[k]][num] ^ zobrist[m.to[k]][num];
    }
    return c;
  }

  // Symmetric halves: how far the numbers x and partner[x] stand from cells y and mirror[y]
  // (`pos`: number -> cell). A move changes the sum over all x by at most 2 * per_move.
  int pair_steps(const Board& pos, int x) const {
    return steps_home(n, pos[partner[x]], mirror[pos[x]]);
  }
  Child halves_child(const Beam& b, const Beamed& e, const Board& pos, std::size_t mi) const {
    const MoveCells& m = moves[mi];
    Child c{e.key, e.man, e.rank, 1, static_cast<std::uint8_t>(mi)};
    Board after = pos;
    std::array<int, 8> touched{};
    int count = 0;
    for (int k = 0; k < 4; ++k) {
      const int num = e.s[m.from[k]];
      after[num] = m.to[k];
      c.key ^= zobrist[m.from[k]][num] ^ zobrist[m.to[k]][num];
      for (int x : {num, static_cast<int>(partner[num])})
        if (std::find(touched.begin(), touched.begin() + count, x) == touched.begin() + count)
          touched[count++] = x;
    }
    for (int k = 0; k < count; ++k) {
      const int change = pair_steps(after, touched[k]) - pair_steps(pos, touched[k]);
      c.man += change;
      c.rank += b.weight[touched[k]] * change;
    }
    return c;
  }
  // The halves' length bound through a board g moves from the start, pair sum `sum`.
  int halves_bound(int g, std::int32_t sum) const {
    return 2 * (g + (sum + 2 * per_move - 1) / (2 * per_move));
  }

  // The moves of the whole board to a beam's board: the window's prefix, then its trail.
  std::vector<Move> path_of(const Beam& b, std::uint32_t trail) const {
    std::vector<Move> path;
    for (std::uint32_t t = trail; t != 0; t = b.trail_parent[t])
      path.push_back(moves[b.trail_move[t]].move());
    path.insert(path.end(), b.prefix.rbegin(), b.prefix.rend());
    std::reverse(path.begin(), path.end());
    return path;
  }

  // A solution found by beam `b`, `path` to where it ends: with the window's suffix, kept when
  // it is shorter than the best and replays to the target.
  void offer(const Beam& b, std::vector<Move> path, const std::string& how = "") {
    path.insert(path.end(), b.suffix.begin(), b.suffix.end());
    path = respelled(path, puzzle.moves);
    if (static_cast<int>(path.size()) >= best_length()) return;
    std::vector<int> board(start.begin(), start.begin() + n * n);
    for (const Move& m : path) apply_move(board, n, m);
    // Never: the searches only record what they reached (a sorted permutation reads 0, 1, ...).
    if (!std::is_sorted(board.begin(), board.end())) return;
    best = std::move(path);
    best_method = beam_name(b) + how;
    ++improvements;
    windows_in_stage = 0;  // a new stage of windows on the new best, as wide
    windows_over = false;
    publish();
  }

  std::string beam_name(const Beam& b) const {
    if (b.halves)
      return "symmetric halves, beam " + std::to_string(b.width) +
             (b.weighting ? ", outer rings weighted x" + std::to_string(b.weighting) : "");
    static const char* const corners[kCorners] = {"bottom-right", "bottom-left", "top-right",
                                                  "top-left"};
    if (b.window)
      return "window beam " + std::to_string(b.width) + ", moves " +
             std::to_string(b.window_from + 1) + ".." + std::to_string(b.window_to) +
             " of a solution of " + std::to_string(b.fixed_moves() + b.window_to - b.window_from);
    return "beam " + std::to_string(b.width) + ", " +
           (b.weighting == 0 ? std::string("plain distances")
                             : "outer rings weighted x" + std::to_string(b.weighting)) +
           ", last 4x4 " + corners[b.corner];
  }

  void publish() {
    r.lower_bound = lower_bound();
    r.length = static_cast<int>(best.size());  // (called with a best)
    r.count = 1;
    r.solutions = {best};
    r.method = best_method;
    if (r.length >= 0 && r.length <= r.lower_bound && !r.proven_optimal) {
      r.proven_optimal = true;
      r.lower_bound = r.length;
      r.method += " (proven optimal: the lower bound)";
      optimal_only = options.all;  // the optimal search lists every sequence of that length
      drop_beams();
      if (!options.all) end(true);
    }
  }

  void end(bool complete) {  // (run() then sets the nodes and the lower bound)
    r.complete = complete;
    drop_beams();
    finished = true;
  }

  void drop_beams() {
    beam.reset();
    window.reset();
    halves.reset();
    finish.reset();
  }

  // Windows of the best solution in turn: lengths from kWindowLengths, starts from a fixed
  // sequence; a stage of windows at one width, then twice as wide once a stage has brought
  // no improvement (up to half the beams' width cap: it runs beside one).
  bool start_window() {
    const int len = static_cast<int>(best.size());
    if (len < 4) return false;  // no window worth a beam
    const std::uint64_t cap = std::max<std::uint64_t>(1, width_cap() / 2);  // beside a beam
    if (windows_in_stage >= static_cast<std::uint64_t>(len / 2)) {
      if ((kFirstWindowWidth << window_stage) >= cap) return false;
      ++window_stage;
      windows_in_stage = 0;
    }
    const int span = std::min(len, kWindowLengths[window_index % kWindowLengths.size()]);
    std::uint64_t x = (window_index + 1) * 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 31)) * 0xbf58476d1ce4e5b9ULL;
    const int from = static_cast<int>((x >> 20) % static_cast<std::uint64_t>(len - span + 1));
    ++window_index;
    ++windows_in_stage;
    std::vector<int> before(start.begin(), start.begin() + n * n);
    for (int k = 0; k < from; ++k) apply_move(before, n, best[k]);
    std::vector<int> after = before;
    for (int k = from; k < from + span; ++k) apply_move(after, n, best[k]);
    const std::vector<std::uint8_t> renamed = renamed_start({n, before, after, puzzle.moves});
    Board s{};
    std::copy(renamed.begin(), renamed.end(), s.begin());
    std::array<int, kCorners> misplaced{};  // per corner block: renamed numbers not home in it
    for (int cell = 0; cell < n * n; ++cell)
      for (int c = 0; c < kCorners; ++c) misplaced[c] += s[cell] != cell && in_block(cell, c);
    const int corner =
        static_cast<int>(std::max_element(misplaced.begin(), misplaced.end()) - misplaced.begin());
    Beam b = make_beam(corner, 0, std::min(cap, kFirstWindowWidth << window_stage), s);
    b.window = true;
    b.window_from = from;
    b.window_to = from + span;
    b.prefix.assign(best.begin(), best.begin() + from);
    b.suffix.assign(best.begin() + from + span, best.end());
    window = std::move(b);
    return true;
  }

  // The widest beam the memory cap allows, for paths of up to the best's length.
  std::uint64_t width_cap() const {
    const std::uint64_t depth_cap = best.empty() ? static_cast<std::uint64_t>(64 * n) : best.size();
    const std::uint64_t memory_cap = kBeamBytes / (2 * sizeof(Beamed) + 5 * depth_cap);
    return std::max<std::uint64_t>(1, std::min<std::uint64_t>(options.max_beam_width, memory_cap));
  }

  // The next beam of the schedule: each weighting and corner, then twice as wide.
  bool start_beam() {
    // A round: plain distances once (the corner then only picks the block to finish), each
    // weighting with each corner.
    const int per_round = 1 + (kWeightings - 1) * kCorners;
    const int round = run_index / per_round, in_round = run_index % per_round;
    const std::uint64_t cap = width_cap();
    const std::uint64_t width = round >= 40 ? cap : std::min(cap, kFirstWidth << round);
    if (run_index % per_round == 0) {
      if (at_width_cap) return false;  // every beam run at the widest
      at_width_cap = width == cap;
    }
    ++run_index;
    const int corner = in_round == 0 ? 0 : (in_round - 1) % kCorners;
    const int weighting = in_round == 0 ? 0 : 1 + (in_round - 1) / kCorners;
    beam = make_beam(corner, weighting, width, start);
    return true;
  }

  // Whether `cell` is in the 4x4 block of `corner` (beam_name's corners).
  bool in_block(int cell, int corner) const {
    const int r = cell / n - ((corner & 2) ? 0 : n - 4), c = cell % n - ((corner & 1) ? 0 : n - 4);
    return r >= 0 && r < 4 && c >= 0 && c < 4;
  }

  // A beam from board `s` (numbers renamed so its target reads 0, 1, ...).
  Beam make_beam(int corner, int weighting, std::uint64_t width, const Board& s,
                 bool halves_beam = false) const {
    Beam b;
    b.halves = halves_beam;
    b.corner = corner;
    b.weighting = weighting;
    b.width = width;
    b.block_row = (b.corner & 2) ? 0 : n - 4;
    b.block_col = (b.corner & 1) ? 0 : n - 4;
    const int rings = n - 4;
    b.rank_cost.assign(kCells * kCells, 0);
    b.outside.assign(kCells * kCells, 0);
    for (int num = 0; num < n * n; ++num) {
      const int r0 = num / n, c0 = num % n;
      const int rr = b.block_row == 0 ? n - 1 - r0 : r0, cc = b.block_col == 0 ? n - 1 - c0 : c0;
      const int ring = std::min(rr, cc);
      // Symmetric halves: rings about the centre, the outer weighted more.
      const int weight =
          b.halves ? 1 + b.weighting * ((n - 1) / 2 - std::min({r0, c0, n - 1 - r0, n - 1 - c0}))
          : ring >= rings ? 1
                          : 1 + b.weighting * (rings - ring);
      for (int cell = 0; cell < n * n; ++cell) {
        b.rank_cost[num * kCells + cell] = weight * man_cost[num * kCells + cell];
        b.outside[num * kCells + cell] = !in_block(cell, corner) && num != cell;
      }
      b.max_rank += weight * 2 * (n - 1);  // (a pair's steps too)
      b.weight[num] = weight;
    }
    Board pos{};
    for (int cell = 0; cell < n * n; ++cell) pos[s[cell]] = static_cast<std::uint8_t>(cell);
    Beamed first{};
    first.s = s;
    for (int cell = 0; cell < n * n; ++cell) {
      first.key ^= zobrist[cell][s[cell]];
      first.outside += b.outside[s[cell] * kCells + cell];
      first.man += b.halves ? pair_steps(pos, cell) : man_cost[s[cell] * kCells + cell];
      first.rank +=
          b.halves ? b.weight[cell] * pair_steps(pos, cell) : b.rank_cost[s[cell] * kCells + cell];
    }
    b.cur = {first};
    b.trail_parent = {0};  // (the root's entry: path_of stops there)
    b.trail_move = {0};
    b.histogram.assign(static_cast<std::size_t>(b.max_rank) + 1, 0);
    b.seen.assign(1024, 0);
    first_sight(b, first.key);
    return b;
  }

  // One parent of the beam's layer: its children counted by rank, or kept.
  void beam_unit(Beam& b) {
    if (b.at == b.cur.size()) return end_pass(b);
    const Beamed& e = b.cur[b.at++];
    const int limit = best_length();
    // The children that may beat the best, their slots in `seen` fetched ahead: the lookups
    // miss the cache (the table is up to 128 MiB), and so overlap.
    std::array<Child, kMaxMoves> kids;
    std::size_t count = 0;
    const Spelling spelling = Spelling::of_key(e.spelling);
    Board pos{};
    if (b.halves)
      for (int cell = 0; cell < n * n; ++cell) pos[e.s[cell]] = static_cast<std::uint8_t>(cell);
    for (std::size_t mi = 0; mi < moves.size(); ++mi) {
      const MoveCells& m = moves[mi];
      if (!spelling.allows(m.move())) continue;
      const Child c = b.halves ? halves_child(b, e, pos, mi) : child_of(b, e, mi);
      ++b.nodes;
      ++beam_nodes;
      if (b.window) ++window_nodes;
      if (c.man == 0) {  // the target (or halfway): every child of this layer is as long
        std::vector<Move> path = path_of(b, e.trail);
        path.push_back(m.move());
        b.done = true;
        offer(b, b.halves ? symmetric_halves(n, std::move(path)) : std::move(path));
        return;
      }
      if ((b.halves ? halves_bound(b.g + 1, c.man) : bound_at(b.g + 1 + b.fixed_moves(), c.man)) >=
          limit)
        continue;
      if (b.keeping && c.rank > b.cut) continue;
      __builtin_prefetch(&b.seen[(c.key | 1) & (b.seen.size() - 1)]);
      kids[count++] = c;
    }
    for (std::size_t k = 0; k < count; ++k) {
      const Child& c = kids[k];
      if (!b.keeping) {
        if (first_sight(b, c.key, false)) ++b.histogram[c.rank];
        continue;
      }
      if ((c.rank == b.cut && b.allowance == 0) || !first_sight(b, c.key)) continue;
      if (c.rank == b.cut) --b.allowance;
      const MoveCells& m = moves[c.move];
      if (c.outside == 0 &&
          (b.frame_best < 0 || c.man < b.next[static_cast<std::size_t>(b.frame_best)].man))
        b.frame_best = static_cast<std::int64_t>(b.next.size());
      b.next.push_back(
          {turned(e.s, m), static_cast<std::uint16_t>(spelling.after(m.move(), puzzle.moves).key()),
           c.man, c.rank, c.outside, static_cast<std::uint32_t>(b.trail_parent.size()), c.key});
      b.trail_parent.push_back(e.trail);
      b.trail_move.push_back(c.move);
    }
  }

  // Whether a board was not kept before in this beam (at this depth or an earlier one: a beam
  // that walks in circles on a plateau of its ranking never gets off it); with `keep` it is
  // remembered (while there is room).
  static bool first_sight(Beam& b, std::uint64_t key, bool keep = true) {
    key |= 1;  // 0 marks an empty slot
    if (keep && 2 * (b.seen_count + 1) > b.seen.size() && b.seen.size() < kSeenSlotsMax) {
      std::vector<std::uint64_t> old(b.seen.size() * 2, 0);
      old.swap(b.seen);
      b.seen_count = 0;
      for (std::uint64_t k : old)
        if (k != 0) first_sight(b, k);  // (into twice the slots: kept)
    }
    const std::size_t mask = b.seen.size() - 1;
    std::size_t i = key & mask;
    for (; b.seen[i] != 0; i = (i + 1) & mask)
      if (b.seen[i] == key) return false;
    if (keep && 4 * (b.seen_count + 1) <= 3 * b.seen.size()) {  // full: stop remembering
      b.seen[i] = key;
      ++b.seen_count;
    }
    return true;
  }

  // A pass over the layer is over. After counting: the rank below which all children fit the
  // width; after keeping: the next layer.
  void end_pass(Beam& b) {
    b.at = 0;
    b.keeping = !b.keeping;
    if (b.keeping) {
      std::uint64_t below = 0;
      for (b.cut = 0; b.cut <= b.max_rank && below + b.histogram[b.cut] < b.width; ++b.cut)
        below += b.histogram[b.cut];
      b.cut = std::min(b.cut, b.max_rank);  // (all fit: max_rank)
      b.allowance = b.width - below;
      b.frame_best = -1;
      return;
    }
    b.cur.swap(b.next);
    b.next.clear();
    std::fill(b.histogram.begin(), b.histogram.end(), 0);
    ++b.g;
    if (b.cur.empty() || (best.empty() && b.g >= 64 * n)) b.done = true;
    if (b.frame_best >= 0 && !b.done)
      start_finish(b, b.cur[static_cast<std::size_t>(b.frame_best)]);
  }

  // A board with everything but the 4x4 block home: IDA* finishes the block, when the result
  // could beat the best and the finishes have not cost more than the beam.
  void start_finish(Beam& b, const Beamed& e) {
    if (b.finish_nodes > b.nodes) return;
    std::vector<int> sub(16), solved(16);
    std::array<std::uint8_t, 16> zero_based{};
    for (int k = 0; k < 16; ++k) {
      const int num = e.s[(b.block_row + k / 4) * n + b.block_col + k % 4];
      zero_based[k] =
          static_cast<std::uint8_t>((num / n - b.block_row) * 4 + num % n - b.block_col);
      sub[k] = zero_based[k] + 1, solved[k] = k + 1;
    }
    if (!pattern) pattern = std::make_unique<AdditiveBound>(puzzle.moves, options.pattern_tiles);
    if (b.g + b.fixed_moves() + pattern->bound(zero_based.data()) >= best_length()) return;
    BoxSolveOptions exact;
    exact.all = false;
    exact.node_budget = kFinishNodes;
    exact.pattern_tiles = options.pattern_tiles;
    exact.cancel = options.cancel;
    finish = Finish{std::make_unique<BoxSearch>(BoxPuzzle{4, sub, solved, puzzle.moves}, exact),
                    path_of(b, e.trail), &b};
  }

  void finish_unit() {
    Finish& f = *finish;
    const std::uint64_t before = f.search->result().nodes;
    const bool over = f.search->run(kUnitNodes);
    const std::uint64_t spent = f.search->result().nodes - before;
    Beam& b = *f.beam;
    beam_nodes += spent;
    b.finish_nodes += spent;
    if (b.window) window_nodes += spent;
    if (!over) return;
    const BoxSolveResult& sub = f.search->result();
    if (!sub.solutions.empty()) {
      std::vector<Move> path = f.prefix;
      for (const Move& m : sub.solutions[0])
        path.push_back(
            {(m.button / 3 + b.block_row) * (n - 1) + m.button % 3 + b.block_col, m.quarter_turns});
      offer(b, std::move(path), ", the 4x4 finished by IDA*");
    }
    finish.reset();
  }

  void optimal_unit() {
    optimal->run(kUnitNodes);
    optimal_nodes = optimal->result().nodes;
    if (!optimal->finished()) {
      if (r.length >= 0 && lower_bound() >= r.length) publish();  // the bound met the best
    } else if (optimal->result().count > 0) {  // optimal, with every optimal sequence when asked
      r = optimal->result();
      end(true);
    }
  }

  bool run(std::uint64_t max_nodes) override {
    std::uint64_t spent = 0;
    while (!finished && spent < max_nodes) {
      const std::uint64_t before = optimal_nodes + beam_nodes;
      // Cancelled, or the budget spent once there is a solution (the first takes milliseconds).
      if ((options.cancel && options.cancel->load(std::memory_order_relaxed)) ||
          (before >= options.node_budget && r.length >= 0)) {
        end(false);
      } else if (!optimal->finished() &&
                 (optimal_only || optimal_nodes * (kOptimalShare - 1) <= beam_nodes)) {
        optimal_unit();
      } else if (finish) {
        finish_unit();
      } else if (optimal_only) {
        end(false);
      } else if (!windows_over && !best.empty() &&
                 (schedule_over || kWindowShare * window_nodes <= beam_nodes)) {
        // Windows take 1 / kWindowShare of the beams' nodes once there is a solution, all of
        // them once the schedule is over.
        if (window && !window->done)
          beam_unit(*window);
        else if (!start_window())
          windows_over = true;
      } else if (reversed && ((halves && !halves->done) || halves_width <= width_cap()) &&
                 (schedule_over || halves_nodes <= beam_nodes - halves_nodes - window_nodes)) {
        // The reversed board: symmetric halves take half the beams' nodes, widths doubling.
        const std::uint64_t before_halves = beam_nodes;
        if (!halves || halves->done) {
          // Odd n: outer rings weighted x2 (7x7: 142 against 146 plain); even: plain (6x6: 86
          // against 92 weighted).
          halves = make_beam(0, n % 2 ? 2 : 0, halves_width, start, true);
          halves_width *= 2;
        }
        beam_unit(*halves);
        halves_nodes += beam_nodes - before_halves;
      } else if (beam && !beam->done) {
        beam_unit(*beam);
      } else if (schedule_over || !start_beam()) {
        schedule_over = true;
        if (best.empty() || windows_over) end(false);
      }
      spent += optimal_nodes + beam_nodes - before;
    }
    r.nodes = optimal_nodes + beam_nodes;
    r.lower_bound = lower_bound();
    return finished;
  }

  std::string progress() const override {
    return beam ? beam_name(*beam) + ", depth " + std::to_string(beam->g) : std::string();
  }
};

}  // namespace

std::vector<Move> symmetric_halves(int n, std::vector<Move> half) {
  for (std::size_t k = half.size(); k-- > 0;) {
    const int row = half[k].button / (n - 1), col = half[k].button % (n - 1);
    half.push_back(
        {n % 2 ? row * (n - 1) + n - 2 - col : col * (n - 1) + row, half[k].quarter_turns});
  }
  return half;
}

BoxAnytimeSearch::BoxAnytimeSearch(const BoxPuzzle& puzzle, const BoxSolveOptions& options) {
  if (puzzle.size * puzzle.size <= 64)
    search_ = std::make_unique<AnytimeSearch<64>>(puzzle, options);
  else
    search_ = std::make_unique<AnytimeSearch<kMaxCells>>(puzzle, options);
}

}  // namespace tilewise::box
