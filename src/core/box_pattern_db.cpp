#include "core/box_pattern_db.hpp"

#include <algorithm>
#include <array>
#include <memory>

#include "core/box_board.hpp"

namespace tilewise::box {
namespace {

constexpr int kCells = 16;
constexpr int kGroup = 5;
constexpr int kGroups = 3;
constexpr std::uint32_t kEntries = 1u << (4 * kGroup);  // 16^5
constexpr std::uint8_t kUnseen = 0xff;

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

std::vector<std::uint8_t> build_group(MoveSet moves, int first) {
  std::vector<std::uint8_t> dist(kEntries, kUnseen);
  const auto maps = inverse_cell_maps(moves);
  std::array<int, kGroup> home{};
  for (int i = 0; i < kGroup; ++i) home[i] = first - 1 + i;
  std::vector<std::uint32_t> queue = {encode(home)};
  dist[queue[0]] = 0;
  for (size_t head = 0; head < queue.size(); ++head) {
    const std::array<int, kGroup> pos = decode(queue[head]);
    const std::uint8_t d = dist[queue[head]];
    for (const auto& to : maps) {
      std::array<int, kGroup> next{};
      for (int i = 0; i < kGroup; ++i) next[i] = to[pos[i]];
      const std::uint32_t k = encode(next);
      if (dist[k] == kUnseen) {
        dist[k] = static_cast<std::uint8_t>(d + 1);
        queue.push_back(k);
      }
    }
  }
  return dist;
}

using GroupTables = std::array<std::vector<std::uint8_t>, kGroups>;

const GroupTables& tables(MoveSet moves) {
  static std::unique_ptr<GroupTables> cache[3];
  auto& t = cache[static_cast<int>(moves)];
  if (!t) {
    t = std::make_unique<GroupTables>();
    for (int g = 0; g < kGroups; ++g) (*t)[g] = build_group(moves, 1 + g * kGroup);
  }
  return *t;
}

}  // namespace

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
