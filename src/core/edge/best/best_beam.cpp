// The best-board search's starting board: a beam search that fills the cells in reading
// order and keeps the `width` partial boards with the most matched edges at each cell.
#include <algorithm>
#include <array>
#include <functional>
#include <memory>
#include <unordered_map>

#include "core/edge/best/best_search.hpp"

namespace tilewise {
namespace {

constexpr int kMaxTiles = 256;       // 16 x 16
constexpr int kOneSideChildren = 6;  // children matching one side only, per partial board
constexpr int kBlindChildren = 2;    // children matching nothing, when nothing better fits
// Puzzles with more side values than this leave the spread out (every value is rare there).
constexpr int kMaxSpreadSides = 64;
// The random key adds up to 2^7 = 128 to a boundary child's spread: without it the beam
// loses the variety that solves small easy boards at once (6x6 of 4 colours: hundreds of
// steps instead of 1-3), with it Eternity II's beams end as high.
constexpr int kSpreadNoiseBits = 7;

struct BeamState {
  std::array<std::uint64_t, kMaxTiles / 64> used{};
  std::array<std::int16_t, kMaxBoardSide> bottom{};  // side index below each column's last cell
  std::int16_t right = -1;                           // side index right of the last cell
  int score = 0;
  // The tiles still to place: the sum over side values of the square of how many of their
  // sides show that value. The higher, the fewer values they share out among more sides,
  // and the better they fit each other at the end of the board.
  std::uint32_t spread = 0;
  int node = 0;  // its last placement in the history (none yet for the empty board)
};
struct BeamChild {
  int parent, cand, score;
  std::uint32_t spread;
  std::uint32_t key;  // random, added to the spread among equal scores
};
// A boundary child's rank: spread plus a random amount (the key), then the earlier child.
struct BoundaryRank {
  std::uint64_t spread_key;
  std::uint32_t order;
  auto operator<=>(const BoundaryRank&) const = default;
};
// Keeps the `width` best children (most matched edges; among equal scores the higher spread
// plus a random amount, then the earlier child) in the order they were made.
// std::nth_element alone would keep the same set in an order each standard library chooses,
// and the order decides the random keys drawn at the next cell: the CLI (libstdc++) and the
// browser worker (libc++) would then search differently from the same seed. A score
// histogram finds the boundary score; only the children on it are ranked.
void keep_best(std::vector<BeamChild>& children, size_t width, std::vector<int>& count,
               std::vector<BoundaryRank>& boundary) {
  int top = 0;
  for (const BeamChild& ch : children) top = std::max(top, ch.score);
  count.assign(static_cast<size_t>(top) + 1, 0);
  for (const BeamChild& ch : children) ++count[static_cast<size_t>(ch.score)];
  int edge = top;
  size_t above = 0;  // children scoring more than `edge`
  while (above + static_cast<size_t>(count[static_cast<size_t>(edge)]) < width)
    above += count[static_cast<size_t>(edge--)];
  auto rank = [](const BeamChild& ch, size_t i) {
    return BoundaryRank{
        (std::uint64_t{ch.spread} << 32) + (std::uint64_t{ch.key} << kSpreadNoiseBits),
        0xffffffffu - static_cast<std::uint32_t>(i)};
  };
  boundary.clear();
  for (size_t i = 0; i < children.size(); ++i)
    if (children[i].score == edge) boundary.push_back(rank(children[i], i));
  const size_t need = width - above;
  std::nth_element(boundary.begin(), boundary.begin() + static_cast<std::ptrdiff_t>(need - 1),
                   boundary.end(), std::greater<>());
  const BoundaryRank last = boundary[need - 1];
  size_t kept = 0;
  for (size_t i = 0; i < children.size(); ++i)
    if (children[i].score > edge || (children[i].score == edge && rank(children[i], i) >= last))
      children[kept++] = children[i];
  children.resize(kept);
}

// One placement of the history: the parent's index (22 bits) and tile * 4 + turn (10 bits).
using BeamNode = std::uint32_t;
constexpr int kCandBits = 10;
bool is_used(const BeamState& s, int tile) {
  return s.used[tile >> 6] >> (tile & 63) & 1;
}

// Candidate (tile, turn) lists for one perimeter mask: all, by left side, by top side, by both.
struct CandidateLists {
  std::vector<int> all;
  std::vector<std::vector<int>> left, top;
  std::vector<std::vector<int>> both;  // left side index * sides + top side index
};

}  // namespace

// A beam in progress: it advances cell by cell, so that it can pause between slices.
struct BestSearch::BeamRun {
  int width = 0, pos = 0, sides = 0;
  std::vector<int> cells;       // the cells it fills, in reading order
  std::vector<char> in_region;  // cell -> 1 when the beam fills it (else it stays as it is)
  std::vector<int> cand_side;   // (tile * 4 + turn) * 4 + dir -> side index
  std::vector<int> partner;     // side index -> the side index that matches it, or -1
  std::vector<CandidateLists> lists;
  std::vector<BeamState> states, next;
  // Per state, `spread_sides` counts: how many sides of each value its tiles still to place
  // show (none when the puzzle has more than kMaxSpreadSides side values).
  int spread_sides = 0;
  std::vector<std::uint16_t> unplaced, next_unplaced;
  std::vector<std::vector<BeamNode>> history;
  std::vector<BeamChild> children;
  std::vector<char> has_exact;         // parent -> it has a two-side child at this cell
  std::vector<int> score_count;        // keep_best's scratch
  std::vector<BoundaryRank> boundary;  // keep_best's scratch
};

std::shared_ptr<BestSearch::BeamRun> BestSearch::start_beam(int width,
                                                            const std::vector<int>& cells) const {
  auto run = std::make_shared<BeamRun>();
  BeamRun& b = *run;
  const int n = rows_ * cols_;
  b.width = width;
  b.cells = cells;
  b.in_region.assign(n, 0);
  for (int c : cells) b.in_region[c] = 1;
  // Side values as small indices.
  std::unordered_map<int, int> index_of;
  std::vector<int> value_of;
  b.cand_side.resize(turned_.size());
  for (size_t k = 0; k < turned_.size(); ++k) {
    auto [it, added] = index_of.emplace(turned_[k], static_cast<int>(value_of.size()));
    if (added) value_of.push_back(turned_[k]);
    b.cand_side[k] = it->second;
  }
  b.sides = static_cast<int>(value_of.size());
  b.partner.assign(b.sides, -1);
  for (int k = 0; k < b.sides; ++k) {
    const int want = puzzle_.rule == MatchRule::kComplement ? -value_of[k] : value_of[k];
    if (auto it = index_of.find(want); it != index_of.end()) b.partner[k] = it->second;
  }
  b.lists.resize(16);
  // Tiles that stay where they are: fixed ones and those outside the region.
  std::vector<char> built(16, 0), fixed_tile(puzzle_.tiles.size(), 0);
  for (int c = 0; c < n; ++c)
    if (kind_of_cell_[c] < 0 || !b.in_region[c]) fixed_tile[tile_[c]] = 1;
  for (int c : cells) {
    const int m = outward_[c];
    if (kind_of_cell_[c] < 0 || built[m]) continue;
    built[m] = 1;
    CandidateLists& l = b.lists[m];
    l.left.resize(b.sides);
    l.top.resize(b.sides);
    l.both.resize(static_cast<size_t>(b.sides) * b.sides);
    for (int t = 0; t < static_cast<int>(puzzle_.tiles.size()); ++t) {
      if (fixed_tile[t]) continue;
      for (int r = 0; r < 4; ++r) {
        if (!(turns_[t * 16 + m] >> r & 1)) continue;
        const int cand = t * 4 + r;
        const int li = b.cand_side[cand * 4 + kLeft], ti = b.cand_side[cand * 4 + kTop];
        l.all.push_back(cand);
        l.left[li].push_back(cand);
        l.top[ti].push_back(cand);
        l.both[li * b.sides + ti].push_back(cand);
      }
    }
  }
  b.states.resize(1);
  for (int c = 0; c < n; ++c)
    if (kind_of_cell_[c] < 0)
      b.states[0].used[tile_[c] >> 6] |= std::uint64_t{1} << (tile_[c] & 63);
  if (tuning_.beam_spread && b.sides <= kMaxSpreadSides) {
    b.spread_sides = b.sides;
    b.unplaced.assign(static_cast<size_t>(b.sides), 0);
    for (int t = 0; t < static_cast<int>(puzzle_.tiles.size()); ++t)
      if (!fixed_tile[t])
        for (int d = 0; d < 4; ++d) ++b.unplaced[static_cast<size_t>(b.cand_side[t * 16 + d])];
    for (std::uint16_t k : b.unplaced) b.states[0].spread += std::uint32_t{k} * k;
  }
  b.history.resize(cells.size());
  return run;
}

bool BestSearch::advance_beam() {
  BeamRun& b = *beam_;
  const int sides = b.sides;
  auto side_index = [&](int cand, int dir) { return b.cand_side[cand * 4 + dir]; };
  // The side a neighbour outside the region shows towards cell c (it stays), as the side
  // index a candidate must have to match it; -1 when there is none.
  auto want_from_board = [&](int c, int dir) {
    const int nb = neighbour_[c * 4 + dir];
    if (nb < 0 || b.in_region[nb]) return -1;
    return b.partner[b.cand_side[(tile_[nb] * 4 + turn_[nb]) * 4 + ((dir + 2) & 3)]];
  };
  const int cells = static_cast<int>(b.cells.size());
  for (; b.pos < cells; ++b.pos) {
    if (stop_ && stop_()) return false;
    const int c = b.cells[b.pos], i = c / cols_, j = c % cols_;
    const int left_in = j > 0 && b.in_region[c - 1], top_in = i > 0 && b.in_region[c - cols_];
    const int board_left = want_from_board(c, kLeft), board_top = want_from_board(c, kTop);
    const int board_right = want_from_board(c, kRight), board_bottom = want_from_board(c, kBottom);
    std::vector<BeamChild>& children = b.children;
    const std::vector<BeamState>& states = b.states;
    const bool fixed = kind_of_cell_[c] < 0;
    const std::vector<int>& partner = b.partner;
    children.clear();
    auto wants = [&](const BeamState& s, int& want_left, int& want_top) {
      want_left = left_in ? (s.right >= 0 ? partner[s.right] : -1) : board_left;
      want_top = top_in ? (s.bottom[j] >= 0 ? partner[s.bottom[j]] : -1) : board_top;
    };
    // The parent's spread once the candidate's tile is placed: each side taken from a value
    // shown n times lowers the sum of squares by 2n - 1.
    auto spread_after = [&](int p, int cand) {
      std::uint32_t spread = states[p].spread;
      if (b.spread_sides == 0 || fixed) return spread;
      const std::uint16_t* left = &b.unplaced[static_cast<size_t>(p) * b.spread_sides];
      const int* side = &b.cand_side[(cand & ~3) * 4];
      for (int d = 0; d < 4; ++d) {
        int shown = left[side[d]];
        for (int e = 0; e < d; ++e) shown -= side[e] == side[d];
        spread -= static_cast<std::uint32_t>(2 * shown - 1);
      }
      return spread;
    };
    auto add = [&](int p, int cand, int want_left, int want_top) {
      const int g = (want_left >= 0 && side_index(cand, kLeft) == want_left) +
                    (want_top >= 0 && side_index(cand, kTop) == want_top) +
                    (board_right >= 0 && side_index(cand, kRight) == board_right) +
                    (board_bottom >= 0 && side_index(cand, kBottom) == board_bottom);
      children.push_back({p, cand, states[p].score + g, spread_after(p, cand),
                          static_cast<std::uint32_t>(rng_.next())});
    };
    const int parents = static_cast<int>(states.size());
    const CandidateLists& l = b.lists[outward_[c]];
    // First the children matching both sides (or the fixed tile) of every board.
    b.has_exact.assign(parents, 0);
    for (int p = 0; p < parents; ++p) {
      const BeamState& s = states[p];
      int want_left, want_top;
      wants(s, want_left, want_top);
      const size_t before = children.size();
      if (fixed) {
        add(p, tile_[c] * 4 + turn_[c], want_left, want_top);
      } else if (want_left >= 0 && want_top >= 0) {
        for (int cand : l.both[want_left * sides + want_top])
          if (!is_used(s, cand >> 2)) add(p, cand, want_left, want_top);
      }
      b.has_exact[p] = children.size() > before;
    }
    // When `width` of them score at least `floor`, a child scoring less cannot be kept: the
    // boards that cannot reach it skip their one-side and blind children.
    int floor = -1;
    if (static_cast<int>(children.size()) >= b.width) {
      int top = 0;
      for (const BeamChild& ch : children) top = std::max(top, ch.score);
      b.score_count.assign(static_cast<size_t>(top) + 1, 0);
      for (const BeamChild& ch : children) ++b.score_count[static_cast<size_t>(ch.score)];
      int at_least = 0;
      floor = top;
      while ((at_least += b.score_count[static_cast<size_t>(floor)]) < b.width) --floor;
    }
    const int board_gain = (board_right >= 0) + (board_bottom >= 0);
    for (int p = 0; p < parents && !fixed; ++p) {
      const BeamState& s = states[p];
      if (s.score + 1 + board_gain < floor) continue;
      int want_left, want_top;
      wants(s, want_left, want_top);
      const size_t before = children.size();
      for (int k = 0; k < 2; ++k) {
        const int want = k == 0 ? want_left : want_top;
        if (want < 0) continue;
        const std::vector<int>& list = k == 0 ? l.left[want] : l.top[want];
        int taken = 0;
        const size_t size = list.size(), start = size == 0 ? 0 : rng_.below(size);
        for (size_t q = 0, at = start; q < size && taken < kOneSideChildren; ++q) {
          const int cand = list[at];
          if (++at == size) at = 0;
          if (is_used(s, cand >> 2)) continue;
          const bool other = k == 0 ? want_top >= 0 && side_index(cand, kTop) == want_top
                                    : want_left >= 0 && side_index(cand, kLeft) == want_left;
          if (other) continue;  // already a two-side child
          add(p, cand, want_left, want_top);
          ++taken;
        }
      }
      if (children.size() > before || b.has_exact[p] || s.score + board_gain < floor) continue;
      int taken = 0;
      const size_t size = l.all.size(), start = rng_.below(size);
      for (size_t q = 0, at = start; q < size && taken < kBlindChildren; ++q) {
        const int cand = l.all[at];
        if (++at == size) at = 0;
        if (is_used(s, cand >> 2)) continue;
        add(p, cand, want_left, want_top);
        ++taken;
      }
    }
    if (static_cast<int>(children.size()) > b.width)
      keep_best(children, static_cast<size_t>(b.width), b.score_count, b.boundary);
    std::vector<BeamState>& next = b.next;
    next.clear();
    const size_t stride = static_cast<size_t>(b.spread_sides);
    b.next_unplaced.resize(children.size() * stride);
    for (const BeamChild& ch : children) {
      if (stride > 0) {
        const std::uint16_t* from = &b.unplaced[static_cast<size_t>(ch.parent) * stride];
        std::uint16_t* to = &b.next_unplaced[next.size() * stride];
        std::copy(from, from + stride, to);
        if (!fixed)
          for (int d = 0; d < 4; ++d) --to[side_index(ch.cand & ~3, d)];
      }
      BeamState s = states[ch.parent];
      const int tile = ch.cand >> 2;
      s.used[tile >> 6] |= std::uint64_t{1} << (tile & 63);
      s.bottom[j] = static_cast<std::int16_t>(side_index(ch.cand, kBottom));
      s.right = static_cast<std::int16_t>(side_index(ch.cand, kRight));
      s.score = ch.score;
      s.spread = ch.spread;
      b.history[b.pos].push_back(static_cast<BeamNode>(s.node) << kCandBits | ch.cand);
      s.node = static_cast<int>(b.history[b.pos].size()) - 1;
      next.push_back(s);
    }
    b.states.swap(next);
    b.unplaced.swap(b.next_unplaced);
  }
  const auto best =
      std::max_element(b.states.begin(), b.states.end(),
                       [](const auto& a, const auto& b) { return a.score < b.score; });
  int node = best->node;
  for (int k = cells - 1; k >= 0; --k) {
    const int c = b.cells[k];
    const BeamNode h = b.history[k][node];
    tile_[c] = static_cast<int>(h & ((1u << kCandBits) - 1)) >> 2;
    turn_[c] = static_cast<int>(h & 3);
    node = static_cast<int>(h >> kCandBits);
  }
  score_ = full_score();
  return true;
}

}  // namespace tilewise
