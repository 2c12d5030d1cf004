#include "core/box/pattern_db.hpp"

#include <algorithm>

#include "core/box/board.hpp"

namespace tilewise::box {
namespace {

constexpr int kCells = 16;
constexpr int kGroup = 5;
constexpr int kGroups = PatternDbBuild::kGroups;
constexpr std::uint32_t kEntries = 1u << (4 * kGroup);  // 16^5

// Index of the five positions (cell of number first+0, ..., first+4), base 16.
std::uint32_t encode(const std::array<int, kGroup>& pos) {
  std::uint32_t k = 0;
  for (int i = kGroup - 1; i >= 0; --i) k = k * kCells + static_cast<std::uint32_t>(pos[i]);
  return k;
}

std::array<int, kGroup> decode(std::uint32_t k) {
  std::array<int, kGroup> pos{};
  for (int i = 0; i < kGroup; ++i, k /= kCells) pos[i] = static_cast<int>(k % kCells);
  return pos;
}

// Where the number in each cell goes under each inverse move (backward search).
std::vector<std::array<int, kCells>> inverse_cell_maps(MoveSet moves) {
  std::vector<std::array<int, kCells>> maps;
  for (Move m : allowed_moves(4, moves)) {
    m.quarter_turns = (4 - m.quarter_turns) % 4;
    std::vector<int> b(kCells);
    for (int i = 0; i < kCells; ++i) b[i] = i;
    apply_move(b, 4, m);
    std::array<int, kCells> to{};
    for (int i = 0; i < kCells; ++i) to[b[i]] = i;
    maps.push_back(to);
  }
  return maps;
}

// The search for group g (numbers 5g+1..5g+5), starting from their home cells.
std::unique_ptr<ResumableBfs> group_search(int g) {
  std::array<int, kGroup> home{};
  for (int i = 0; i < kGroup; ++i) home[i] = g * kGroup + i;
  return std::make_unique<ResumableBfs>(kEntries, encode(home));
}

using GroupTables = std::array<std::vector<std::uint8_t>, kGroups>;

std::unique_ptr<GroupTables>& cached(MoveSet moves) {
  static std::unique_ptr<GroupTables> cache[3];
  return cache[static_cast<int>(moves)];
}

const GroupTables& tables(MoveSet moves) {
  if (!cached(moves)) {
    PatternDbBuild build(moves);
    build.run(PatternDbBuild::states_total());
  }
  return *cached(moves);
}

}  // namespace

PatternDbBuild::PatternDbBuild(MoveSet moves) : moves_(moves) {
  ready_ = cached(moves) != nullptr;
  if (!ready_) {
    maps_ = inverse_cell_maps(moves);
    bfs_ = group_search(0);
  }
}

bool PatternDbBuild::run(std::uint64_t max_states) {
  while (!ready_ && max_states > 0) {
    const std::uint64_t before = bfs_->expanded();
    const bool group_done = bfs_->run(max_states, [&](std::uint32_t k, auto&& visit) {
      const std::array<int, kGroup> pos = decode(k);
      for (const auto& to : maps_) {
        std::array<int, kGroup> next{};
        for (int i = 0; i < kGroup; ++i) next[i] = to[pos[i]];
        visit(encode(next));
      }
    });
    max_states -= std::min(max_states, bfs_->expanded() - before);
    if (!group_done) break;
    built_[group_] = bfs_->take();
    if (++group_ < kGroups) {
      bfs_ = group_search(group_);
    } else {
      bfs_.reset();
      if (!cached(moves_)) cached(moves_) = std::make_unique<GroupTables>(std::move(built_));
      ready_ = true;
    }
  }
  return ready_;
}

std::uint64_t PatternDbBuild::states_done() const {
  if (ready_) return states_total();
  return group_ * kStatesPerGroup + (bfs_ ? bfs_->expanded() : 0);
}

int pattern_bound_4x4(const std::vector<int>& board, MoveSet moves) {
  const GroupTables& t = tables(moves);
  std::array<std::array<int, kGroup>, kGroups> pos{};
  for (int cell = 0; cell < kCells; ++cell) {
    const int v = board[cell] - 1;  // 0..15; 15 (the number 16) is in no group
    if (v < kGroup * kGroups) pos[v / kGroup][v % kGroup] = cell;
  }
  int best = 0;
  for (int g = 0; g < kGroups; ++g) best = std::max<int>(best, t[g][encode(pos[g])]);
  return best;
}

}  // namespace tilewise::box
