#include "core/edge/best/best_search.hpp"

#include <algorithm>
#include <bit>
#include <chrono>
#include <ctime>
#include <string>
#include <utility>

namespace tilewise {
namespace {

constexpr int kReseatCells = 64;  // cells re-seated per step (at most)
constexpr int kTieScale = 1024;   // a matched side outweighs any sum of tie-breaking noise
constexpr int kTieNoise = 8;      // noise in [0, 8): 64 * 7 < 1024
constexpr int kPatience = 300;    // steps without a gain before the window shuffle
constexpr int kSlack = 3;         // the walk may trail the best board by this much
constexpr int kWindowSizes = 3;   // shuffled windows are 2x2 .. 4x4
constexpr int kBandMinRows = 2;   // re-beamed bands are the bottom 2 .. 6 rows
constexpr int kBandRowChoices = 5;

// Bit d set: side d of the cell lies on the perimeter (or, for a tile, is a frame side).
// A turn by r moves bit d to bit (d + r) mod 4.
int turn_mask(int mask, int r) {
  return ((mask << r) | (mask >> (4 - r))) & 15;
}
int canonical_mask(int mask) {
  int best = mask;
  for (int r = 1; r < 4; ++r) best = std::min(best, turn_mask(mask, r));
  return best;
}
std::string kind_name(int canonical) {
  switch (std::popcount(static_cast<unsigned>(canonical))) {
    case 0:
      return "inner";
    case 1:
      return "edge";
    case 2:
      return canonical == 3 ? "corner" : "two-opposite-frame-side";
    default:
      return "three-frame-side";
  }
}
// CPU time of the calling thread in ms, or -1 where there is no such clock.
std::int64_t thread_cpu_ms() {
#if defined(CLOCK_THREAD_CPUTIME_ID) && !defined(__EMSCRIPTEN__)
  timespec t{};
  if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t) == 0)
    return static_cast<std::int64_t>(t.tv_sec) * 1000 + t.tv_nsec / 1000000;
#endif
  return -1;
}
bool matches(MatchRule rule, int a, int b) {
  return rule == MatchRule::kComplement ? a + b == 0 : a == b;
}

}  // namespace

int max_board_score(const EdgePuzzle& p) {
  return p.rows * (p.cols - 1) + p.cols * (p.rows - 1);
}

int board_score(const EdgePuzzle& p, const Solution& b) {
  auto side = [&](int cell, int dir) {
    const Placement& c = b.cells[cell];
    return rotated(p.tiles[c.tile].sides, c.rotation)[dir];
  };
  int score = 0;
  for (int i = 0; i < p.rows; ++i)
    for (int j = 0; j < p.cols; ++j) {
      const int c = i * p.cols + j;
      if (j + 1 < p.cols) score += matches(p.rule, side(c, kRight), side(c + 1, kLeft));
      if (i + 1 < p.rows) score += matches(p.rule, side(c, kBottom), side(c + p.cols, kTop));
    }
  return score;
}

Result<bool> check_complete_board(const EdgePuzzle& p, const Solution& b) {
  const int n = p.rows * p.cols;
  if (static_cast<int>(b.cells.size()) != n)
    return Error{"board", "has " + std::to_string(b.cells.size()) + " cells, the puzzle " +
                              std::to_string(n)};
  std::vector<int> seen(p.tiles.size(), 0);
  for (int c = 0; c < n; ++c) {
    const Placement& x = b.cells[c];
    const std::string where =
        "board cell " + std::to_string(c / p.cols + 1) + "," + std::to_string(c % p.cols + 1);
    if (x.tile < 0 || x.tile >= static_cast<int>(p.tiles.size()))
      return Error{where, "is empty or names no tile"};
    if (x.rotation < 0 || x.rotation > 3) return Error{where, "turn must be 0..3"};
    if (seen[x.tile]++) return Error{where, "tile " + p.tiles[x.tile].name + " is placed twice"};
    if (p.border == BorderRule::kFrame0) {
      const auto s = rotated(p.tiles[x.tile].sides, x.rotation);
      const int i = c / p.cols, j = c % p.cols;
      const bool out[4] = {i == 0, j == p.cols - 1, i == p.rows - 1, j == 0};
      for (int d = 0; d < 4; ++d)
        if ((s[d] == 0) != out[d])
          return Error{where, "tile " + p.tiles[x.tile].name +
                                  (out[d] ? " has no frame side facing out"
                                          : " has a frame side facing in")};
    }
  }
  for (const FixedTile& f : p.fixed) {
    const Placement& x = b.cells[f.row * p.cols + f.col];
    if (x.tile != f.tile || x.rotation != f.rotation)
      return Error{"board cell " + std::to_string(f.row + 1) + "," + std::to_string(f.col + 1),
                   "must hold the fixed tile " + p.tiles[f.tile].name + " turned " +
                       std::to_string(f.rotation)};
  }
  return true;
}

BestSearch::BestSearch(const EdgePuzzle& p, std::uint64_t seed)
    : puzzle_(p), rows_(p.rows), cols_(p.cols), max_score_(max_board_score(p)), rng_(seed) {}

Result<BestSearch> BestSearch::create(const EdgePuzzle& p, std::uint64_t seed, int max_beam_width,
                                      const BestTuning& tuning) {
  BestSearch s(p, seed);
  s.tuning_ = tuning;
  s.max_beam_width_ = std::clamp(max_beam_width, 0, kMaxBeamWidth);
  s.restart_width_ = std::min(s.max_beam_width_, kDefaultMaxBeamWidth * 4);
  const int n = p.rows * p.cols, tiles = static_cast<int>(p.tiles.size());
  if (tiles != n) return Error{"puzzle", "needs rows*cols tiles for a complete board"};
  const bool frame = p.border == BorderRule::kFrame0;
  s.neighbour_.assign(n * 4, -1);
  s.outward_.assign(n, 0);
  for (int c = 0; c < n; ++c) {
    const int i = c / p.cols, j = c % p.cols;
    if (i > 0) s.neighbour_[c * 4 + kTop] = c - p.cols;
    if (j + 1 < p.cols) s.neighbour_[c * 4 + kRight] = c + 1;
    if (i + 1 < p.rows) s.neighbour_[c * 4 + kBottom] = c + p.cols;
    if (j > 0) s.neighbour_[c * 4 + kLeft] = c - 1;
    if (frame)
      for (int d = 0; d < 4; ++d) s.outward_[c] |= (s.neighbour_[c * 4 + d] < 0) << d;
  }
  s.turned_.resize(tiles * 16);
  s.turns_.assign(tiles * 16, 0);
  std::vector<int> tile_kind(tiles);
  for (int t = 0; t < tiles; ++t) {
    int zero = 0;
    for (int d = 0; d < 4; ++d) zero |= (frame && p.tiles[t].sides[d] == 0) << d;
    tile_kind[t] = canonical_mask(zero);
    for (int r = 0; r < 4; ++r) {
      const auto sides = rotated(p.tiles[t].sides, r);
      for (int d = 0; d < 4; ++d) s.turned_[(t * 4 + r) * 4 + d] = sides[d];
      s.turns_[t * 16 + turn_mask(zero, r)] |= 1 << r;
    }
  }
  s.tile_.assign(n, -1);
  s.turn_.assign(n, 0);
  std::vector<char> used(tiles, 0);
  for (const FixedTile& f : p.fixed) {
    s.tile_[f.row * p.cols + f.col] = f.tile;
    s.turn_[f.row * p.cols + f.col] = f.rotation;
    used[f.tile] = 1;
  }
  // Free cells and free tiles by kind; each kind must have as many of one as of the other.
  std::vector<int> kind_index(16, -1);
  std::vector<std::vector<int>> kind_tiles;
  s.kind_of_cell_.assign(n, -1);
  for (int c = 0; c < n; ++c) {
    if (s.tile_[c] >= 0) continue;
    const int k = canonical_mask(s.outward_[c]);
    if (kind_index[k] < 0) {
      kind_index[k] = static_cast<int>(s.kinds_.size());
      s.kinds_.emplace_back();
      kind_tiles.emplace_back();
    }
    s.kind_of_cell_[c] = kind_index[k];
    s.kinds_[kind_index[k]].push_back(c);
  }
  for (int t = 0; t < tiles; ++t) {
    if (used[t]) continue;
    if (kind_index[tile_kind[t]] < 0)
      return Error{"puzzle", "tile " + p.tiles[t].name + " is an " + kind_name(tile_kind[t]) +
                                 " tile but no free cell of that kind is left"};
    kind_tiles[kind_index[tile_kind[t]]].push_back(t);
  }
  for (int k = 0; k < 16; ++k) {
    if (kind_index[k] < 0) continue;
    const size_t cells = s.kinds_[kind_index[k]].size();
    const size_t have = kind_tiles[kind_index[k]].size();
    if (cells != have)
      return Error{"puzzle", std::to_string(cells) + " free " + kind_name(k) + " cells but " +
                                 std::to_string(have) + " " + kind_name(k) + " tiles to fill them"};
  }
  // A random complete board to start from.
  for (size_t k = 0; k < s.kinds_.size(); ++k) {
    std::vector<int>& ts = kind_tiles[k];
    for (size_t i = ts.size(); i > 1; --i) std::swap(ts[i - 1], ts[s.rng_.below(i)]);
    for (size_t i = 0; i < ts.size(); ++i) {
      const int c = s.kinds_[k][i];
      const int allowed = s.turns_[ts[i] * 16 + s.outward_[c]];
      int r = 0;
      while (!(allowed >> r & 1)) ++r;
      s.tile_[c] = ts[i];
      s.turn_[c] = r;
    }
  }
  s.picked_stamp_.assign(n, 0);
  s.score_ = s.full_score();
  s.best_tile_ = s.tile_;
  s.best_turn_ = s.turn_;
  s.best_score_ = s.score_;
  return s;
}

Result<bool> BestSearch::start_from(const Solution& board) {
  if (Result<bool> ok = check_complete_board(puzzle_, board); !ok) return ok.error();
  for (size_t c = 0; c < board.cells.size(); ++c) {
    tile_[c] = board.cells[c].tile;
    turn_[c] = board.cells[c].rotation;
  }
  score_ = full_score();
  best_tile_ = tile_;
  best_turn_ = turn_;
  best_score_ = score_;
  return true;
}

int BestSearch::side(int cell, int dir) const {
  return turned_[(tile_[cell] * 4 + turn_[cell]) * 4 + dir];
}

int BestSearch::gain(int cell, int tile, int rotation) const {
  const int* sides = &turned_[(tile * 4 + rotation) * 4];
  int g = 0;
  for (int d = 0; d < 4; ++d) {
    const int nb = neighbour_[cell * 4 + d];
    if (nb >= 0) g += matches(puzzle_.rule, sides[d], side(nb, (d + 2) & 3));
  }
  return g;
}

int BestSearch::best_turn(int cell, int tile, int& gain_out) {
  const int allowed = turns_[tile * 16 + outward_[cell]];
  int best = -1, best_gain = -1;
  for (int r = 0; r < 4; ++r) {
    if (!(allowed >> r & 1)) continue;
    const int g = gain(cell, tile, r);
    if (g > best_gain) {
      best_gain = g;
      best = r;
    }
  }
  gain_out = best_gain;
  return best;
}

int BestSearch::full_score() const {
  int score = 0;
  for (int c = 0; c < rows_ * cols_; ++c)
    for (int d : {kRight, kBottom}) {
      const int nb = neighbour_[c * 4 + d];
      if (nb >= 0) score += matches(puzzle_.rule, side(c, d), side(nb, (d + 2) & 3));
    }
  return score;
}

void BestSearch::reseat(const std::vector<int>& cells) {
  const int n = static_cast<int>(cells.size());
  cost_.resize(static_cast<size_t>(n) * n);
  chosen_turn_.resize(static_cast<size_t>(n) * n);
  int old_gain = 0;
  for (int i = 0; i < n; ++i) old_gain += gain(cells[i], tile_[cells[i]], turn_[cells[i]]);
  std::vector<int> tiles(n);
  for (int j = 0; j < n; ++j) tiles[j] = tile_[cells[j]];
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) {
      int g = 0;
      chosen_turn_[i * n + j] = best_turn(cells[i], tiles[j], g);
      cost_[i * n + j] = -(static_cast<std::int64_t>(g) * kTieScale +
                           static_cast<std::int64_t>(rng_.below(kTieNoise)));
    }
  const std::vector<int> col_of_row = min_cost_assignment(cost_, n, assignment_);
  int new_gain = 0;
  for (int i = 0; i < n; ++i) {
    const int j = col_of_row[i];
    tile_[cells[i]] = tiles[j];
    turn_[cells[i]] = chosen_turn_[i * n + j];
  }
  for (int i = 0; i < n; ++i) new_gain += gain(cells[i], tile_[cells[i]], turn_[cells[i]]);
  score_ += new_gain - old_gain;
}

void BestSearch::step() {
  if (kinds_.empty()) return;
  if (beam_) {  // a beam paused in an earlier step goes on
    if (!advance_beam()) return;
    finish_beam();
    return;
  }
  const bool first_beams = next_beam_width_ <= std::min(max_beam_width_, kDefaultMaxBeamWidth);
  const bool restart = !first_beams && max_beam_width_ > 0 && tuning_.restart_after > 0 &&
                       walk_stale_ >= tuning_.restart_after;
  if (first_beams || restart) {
    // Each beam is wider and so usually better; a worse one gives way to the best board.
    std::vector<int> all(rows_ * cols_);
    for (int c = 0; c < rows_ * cols_; ++c) all[c] = c;
    region_beam_ = false;
    restart_beam_ = restart;
    beam_ = start_beam(restart ? restart_width_ : next_beam_width_, all);
    if (advance_beam()) finish_beam();
    return;
  }
  if (max_beam_width_ > 0 && static_cast<int>(rng_.below(100)) < tuning_.band_percent) {
    start_band_beam();
    if (advance_beam()) finish_beam();
    return;
  }
  // A kind in proportion to its cells, then up to kReseatCells of them, none side by side.
  size_t free_cells = 0;
  for (const auto& k : kinds_) free_cells += k.size();
  size_t pick = rng_.below(free_cells), kind = 0;
  while (pick >= kinds_[kind].size()) pick -= kinds_[kind++].size();
  order_ = kinds_[kind];
  ++stamp_;
  std::vector<int> cells;
  for (size_t i = 0; i < order_.size() && cells.size() < kReseatCells; ++i) {
    std::swap(order_[i], order_[i + rng_.below(order_.size() - i)]);
    const int c = order_[i];
    bool free = true;
    for (int d = 0; d < 4; ++d) {
      const int nb = neighbour_[c * 4 + d];
      if (nb >= 0 && picked_stamp_[nb] == stamp_) free = false;
    }
    if (!free) continue;
    picked_stamp_[c] = stamp_;
    cells.push_back(c);
  }
  const int before = score_;
  reseat(cells);
  stuck_ = score_ > before ? 0 : stuck_ + 1;
  if (stuck_ >= kPatience) perturb();
}

void BestSearch::finish_beam() {
  beam_.reset();
  if (region_beam_) {
    // Keep the refilled region unless it lost edges; the walk drifts on equal scores.
    if (score_ < region_before_) {
      for (size_t k = 0; k < region_cells_.size(); ++k) {
        tile_[region_cells_[k]] = region_tiles_[k];
        turn_[region_cells_[k]] = region_turns_[k];
      }
      score_ = region_before_;
    }
    stuck_ = score_ > region_before_ ? 0 : stuck_ + 1;
    if (stuck_ >= kPatience) perturb();
    return;
  }
  if (restart_beam_) {
    // A fresh board for a new walk; the next restart is wider, up to the largest beam.
    restart_width_ = std::min(max_beam_width_, restart_width_ * 4);
    walk_stale_ = 0;
    walk_best_score_ = score_;
    walk_best_tile_ = tile_;
    walk_best_turn_ = turn_;
    return;
  }
  next_beam_width_ *= 4;
  walk_stale_ = 0;  // steps spent in paused beams do not count against the walk
  if (score_ < best_score_) {
    tile_ = best_tile_;
    turn_ = best_turn_;
    score_ = best_score_;
  }
}

void BestSearch::start_band_beam() {
  const int h = std::min(rows_, kBandMinRows + static_cast<int>(rng_.below(kBandRowChoices)));
  const int top = rows_ - h, left = 0, w = cols_;
  region_cells_.clear();
  region_tiles_.clear();
  region_turns_.clear();
  for (int i = top; i < top + h; ++i)
    for (int j = left; j < left + w; ++j) {
      const int c = i * cols_ + j;
      region_cells_.push_back(c);
      region_tiles_.push_back(tile_[c]);
      region_turns_.push_back(turn_[c]);
    }
  region_before_ = score_;
  region_beam_ = true;
  beam_ = start_beam(std::min(tuning_.band_width, max_beam_width_), region_cells_);
}

void BestSearch::perturb() {
  stuck_ = 0;
  if (score_ < walk_best_score_ - kSlack) {
    tile_ = walk_best_tile_;
    turn_ = walk_best_turn_;
  }
  // Shuffle the free tiles of a random w x w window among the cells of their kind.
  const int w = 2 + static_cast<int>(rng_.below(kWindowSizes));
  const int top = static_cast<int>(rng_.below(std::max(1, rows_ - w + 1)));
  const int left = static_cast<int>(rng_.below(std::max(1, cols_ - w + 1)));
  for (size_t k = 0; k < kinds_.size(); ++k) {
    std::vector<int> cells;
    for (int i = top; i < std::min(rows_, top + w); ++i)
      for (int j = left; j < std::min(cols_, left + w); ++j)
        if (kind_of_cell_[i * cols_ + j] == static_cast<int>(k)) cells.push_back(i * cols_ + j);
    for (size_t i = cells.size(); i > 1; --i)
      std::swap(tile_[cells[i - 1]], tile_[cells[rng_.below(i)]]);
    for (int c : cells) {
      const int allowed = turns_[tile_[c] * 16 + outward_[c]];
      int r = static_cast<int>(rng_.below(4));
      while (!(allowed >> r & 1)) r = (r + 1) & 3;
      turn_[c] = r;
    }
  }
  score_ = full_score();
}

void BestSearch::run(std::uint64_t nodes) {
  for (std::uint64_t k = 0; k < nodes; ++k) {
    step();
    // A beam paused by stop_ goes on in a later call and counts as one step when it ends, so a
    // step budget means the same work however the search is sliced (the browser worker stops
    // it every few milliseconds, the CLI never): same seed and budget, same board.
    if (beam_) return;
    ++nodes_;
    if (score_ > walk_best_score_) {
      walk_best_score_ = score_;
      walk_best_tile_ = tile_;
      walk_best_turn_ = turn_;
      walk_stale_ = 0;
    } else {
      ++walk_stale_;
    }
    if (score_ > best_score_) {
      best_score_ = score_;
      best_tile_ = tile_;
      best_turn_ = turn_;
    }
  }
}

Solution BestSearch::best_board() const {
  Solution s;
  for (size_t c = 0; c < best_tile_.size(); ++c) s.cells.push_back({best_tile_[c], best_turn_[c]});
  return s;
}

Result<BestResult> best_search(const EdgePuzzle& puzzle, const BestOptions& o) {
  Result<BestSearch> search = BestSearch::create(puzzle, o.seed, o.max_beam_width, o.tuning);
  if (!search) return search.error();
  if (o.start)
    if (Result<bool> ok = search->start_from(*o.start); !ok) return ok.error();
  const auto start = std::chrono::steady_clock::now();
  const std::int64_t cpu_start = thread_cpu_ms();
  auto elapsed_ms = [&]() -> std::int64_t {
    if (o.cpu_time && cpu_start >= 0) return thread_cpu_ms() - cpu_start;
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() -
                                                                 start)
        .count();
  };
  BestResult r;
  r.max_score = search->max_score();
  auto report = [&] {
    if (!r.improvements.empty() && search->best_score() <= r.improvements.back().score) return;
    const BestImprovement imp{elapsed_ms(), search->best_score()};
    r.improvements.push_back(imp);
    if (o.on_improvement) o.on_improvement(imp, search->best_board());
  };
  report();
  const std::int64_t limit_ms =
      o.seconds > 0 ? static_cast<std::int64_t>(o.seconds * 1000.0) : INT64_MAX;
  search->set_stop([&] {
    return (o.cancel && o.cancel->load(std::memory_order_relaxed)) || elapsed_ms() >= limit_ms;
  });
  while (search->best_score() < search->max_score()) {
    if (o.max_nodes && search->nodes() >= o.max_nodes) break;
    if (o.cancel && o.cancel->load(std::memory_order_relaxed)) {
      r.cancelled = true;
      break;
    }
    if (elapsed_ms() >= limit_ms) break;
    search->run(1);
    report();
  }
  r.board = search->best_board();
  r.score = search->best_score();
  r.nodes = search->nodes();
  r.elapsed_ms = elapsed_ms();
  return r;
}

}  // namespace tilewise
