// The best-board search's starting board: a beam search that fills the cells in reading
// order and keeps the `width` partial boards with the most matched edges at each cell.
#include <algorithm>
#include <array>
#include <unordered_map>

#include "core/edge/best_search.hpp"

namespace tilewise {
namespace {

constexpr int kMaxTiles = 256;       // 16 x 16
constexpr int kOneSideChildren = 6;  // children matching one side only, per partial board
constexpr int kBlindChildren = 2;    // children matching nothing, when nothing better fits

struct BeamState {
  std::array<std::uint64_t, kMaxTiles / 64> used{};
  std::array<std::int16_t, kMaxBoardSide> bottom{};  // side index below each column's last cell
  std::int16_t right = -1;                           // side index right of the last cell
  int score = 0;
  int node = 0;  // its last placement in the history (none yet for the empty board)
};
struct BeamChild {
  int parent, cand, score;
  std::uint32_t key;  // random tie-break among equal scores
};
// One placement of the history: the parent's index (22 bits) and tile * 4 + turn (10 bits).
using BeamNode = std::uint32_t;
constexpr int kCandBits = 10;
bool is_used(const BeamState& s, int tile) {
  return s.used[tile >> 6] >> (tile & 63) & 1;
}

}  // namespace

bool BestSearch::beam_board(int width) {
  const int n = rows_ * cols_;
  std::vector<std::vector<BeamNode>> history(n);
  for (auto& h : history) h.reserve(width);
  // Side values as small indices, each with the index of the value that matches it.
  std::unordered_map<int, int> index_of;
  std::vector<int> value_of;
  auto index = [&](int v) {
    auto [it, added] = index_of.emplace(v, static_cast<int>(value_of.size()));
    if (added) value_of.push_back(v);
    return it->second;
  };
  for (int v : turned_) index(v);
  const int sides = static_cast<int>(value_of.size());
  std::vector<int> partner(sides, -1);
  for (int k = 0; k < sides; ++k) {
    const int want = puzzle_.rule == MatchRule::kComplement ? -value_of[k] : value_of[k];
    if (auto it = index_of.find(want); it != index_of.end()) partner[k] = it->second;
  }
  auto side_index = [&](int cand, int dir) { return index_of[turned_[cand * 4 + dir]]; };
  // Candidate (tile, turn) lists per perimeter mask: all, by left side, by top side, by both.
  struct Lists {
    std::vector<int> all;
    std::vector<std::vector<int>> left, top;
    std::unordered_map<int, std::vector<int>> both;
  };
  std::vector<Lists> lists(16);
  std::vector<char> built(16, 0);
  std::vector<char> fixed_tile(puzzle_.tiles.size(), 0);
  for (int c = 0; c < n; ++c)
    if (kind_of_cell_[c] < 0) fixed_tile[tile_[c]] = 1;
  for (int c = 0; c < n; ++c) {
    const int m = outward_[c];
    if (kind_of_cell_[c] < 0 || built[m]) continue;
    built[m] = 1;
    Lists& l = lists[m];
    l.left.resize(sides);
    l.top.resize(sides);
    for (int t = 0; t < static_cast<int>(puzzle_.tiles.size()); ++t) {
      if (fixed_tile[t]) continue;
      for (int r = 0; r < 4; ++r) {
        if (!(turns_[t * 16 + m] >> r & 1)) continue;
        const int cand = t * 4 + r;
        const int li = side_index(cand, kLeft), ti = side_index(cand, kTop);
        l.all.push_back(cand);
        l.left[li].push_back(cand);
        l.top[ti].push_back(cand);
        l.both[li * sides + ti].push_back(cand);
      }
    }
  }
  std::vector<BeamState> states(1), next;
  for (int c = 0; c < n; ++c)
    if (kind_of_cell_[c] < 0) states[0].used[tile_[c] >> 6] |= std::uint64_t{1} << (tile_[c] & 63);
  std::vector<BeamChild> children;
  for (int c = 0; c < n; ++c) {
    if (stop_ && stop_()) return false;
    const int i = c / cols_, j = c % cols_;
    children.clear();
    for (int p = 0; p < static_cast<int>(states.size()); ++p) {
      const BeamState& s = states[p];
      const int want_left = j > 0 && s.right >= 0 ? partner[s.right] : -1;
      const int want_top = i > 0 && s.bottom[j] >= 0 ? partner[s.bottom[j]] : -1;
      auto add = [&](int cand) {
        const int g = (want_left >= 0 && side_index(cand, kLeft) == want_left) +
                      (want_top >= 0 && side_index(cand, kTop) == want_top);
        children.push_back({p, cand, s.score + g, static_cast<std::uint32_t>(rng_.next())});
      };
      if (kind_of_cell_[c] < 0) {
        add(tile_[c] * 4 + turn_[c]);
        continue;
      }
      const Lists& l = lists[outward_[c]];
      const size_t before = children.size();
      if (want_left >= 0 && want_top >= 0)
        if (auto it = l.both.find(want_left * sides + want_top); it != l.both.end())
          for (int cand : it->second)
            if (!is_used(s, cand >> 2)) add(cand);
      const size_t exact = children.size();
      for (int k = 0; k < 2; ++k) {
        const int want = k == 0 ? want_left : want_top;
        if (want < 0) continue;
        const std::vector<int>& list = k == 0 ? l.left[want] : l.top[want];
        int taken = 0;
        const size_t start = list.empty() ? 0 : rng_.below(list.size());
        for (size_t q = 0; q < list.size() && taken < kOneSideChildren; ++q) {
          const int cand = list[(start + q) % list.size()];
          if (is_used(s, cand >> 2)) continue;
          const bool other = k == 0 ? want_top >= 0 && side_index(cand, kTop) == want_top
                                    : want_left >= 0 && side_index(cand, kLeft) == want_left;
          if (other) continue;  // already a two-side child
          add(cand);
          ++taken;
        }
      }
      if (children.size() > before || exact > before) continue;
      int taken = 0;
      const size_t start = rng_.below(l.all.size());
      for (size_t q = 0; q < l.all.size() && taken < kBlindChildren; ++q) {
        const int cand = l.all[(start + q) % l.all.size()];
        if (is_used(s, cand >> 2)) continue;
        add(cand);
        ++taken;
      }
    }
    if (static_cast<int>(children.size()) > width) {
      std::nth_element(children.begin(), children.begin() + width, children.end(),
                       [](const BeamChild& a, const BeamChild& b) {
                         return a.score != b.score ? a.score > b.score : a.key > b.key;
                       });
      children.resize(width);
    }
    next.clear();
    for (const BeamChild& ch : children) {
      BeamState s = states[ch.parent];
      const int tile = ch.cand >> 2;
      s.used[tile >> 6] |= std::uint64_t{1} << (tile & 63);
      s.bottom[j] = static_cast<std::int16_t>(side_index(ch.cand, kBottom));
      s.right = static_cast<std::int16_t>(side_index(ch.cand, kRight));
      s.score = ch.score;
      history[c].push_back(static_cast<BeamNode>(s.node) << kCandBits | ch.cand);
      s.node = static_cast<int>(history[c].size()) - 1;
      next.push_back(s);
    }
    states.swap(next);
  }
  const auto best = std::max_element(
      states.begin(), states.end(), [](const auto& a, const auto& b) { return a.score < b.score; });
  int node = best->node;
  for (int c = n - 1; c >= 0; --c) {
    const BeamNode b = history[c][node];
    tile_[c] = static_cast<int>(b & ((1u << kCandBits) - 1)) >> 2;
    turn_[c] = static_cast<int>(b & 3);
    node = static_cast<int>(b >> kCandBits);
  }
  score_ = full_score();
  return true;
}

}  // namespace tilewise
