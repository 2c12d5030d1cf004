#include "core/box/bounds/table3.hpp"

#include "core/box/model/bit_count.hpp"
#include "core/box/model/move_cells.hpp"

namespace tilewise::box {
namespace {

constexpr std::array<int, 9> kFactorial = {1, 1, 2, 6, 24, 120, 720, 5040, 40320};
constexpr int kDistanceShift = 40;
constexpr std::uint64_t kBoardMask = (std::uint64_t{1} << 36) - 1;

// The rank's terms for cells 0-2 (each number's digit is how many smaller numbers are not
// in the cells before it), and for cells 6-8 (how many smaller numbers follow it): both
// depend on those three cells only, so each comes from a table of 12-bit keys; cells 3-5
// are counted one by one against the numbers of cells 0-2.
struct RankTables {
  std::array<std::uint32_t, 4096> head{};
  std::array<std::uint16_t, 4096> head_used{};
  std::array<std::uint8_t, 4096> tail{};
  RankTables() {
    for (std::uint32_t key = 0; key < 4096; ++key) {
      const int v[3] = {static_cast<int>(key & 15), static_cast<int>(key >> 4 & 15),
                        static_cast<int>(key >> 8 & 15)};
      if (v[0] > 8 || v[1] > 8 || v[2] > 8) continue;
      std::uint32_t used = 0, sum = 0;
      for (int i = 0; i < 3; ++i) {
        sum += static_cast<std::uint32_t>((v[i] - ones16(used & ((1u << v[i]) - 1))) *
                                          kFactorial[8 - i]);
        used |= 1u << v[i];
      }
      head[key] = sum;
      head_used[key] = static_cast<std::uint16_t>(used);
      int later_smaller = (v[0] > v[1]) + (v[0] > v[2]);
      tail[key] = static_cast<std::uint8_t>(later_smaller * 2 + (v[1] > v[2]));
    }
  }
};

int rank_packed(std::uint64_t board) {
  static const RankTables t;
  const auto first = static_cast<std::uint32_t>(board & 0xfff);
  std::uint32_t used = t.head_used[first];
  std::uint32_t r = t.head[first] + t.tail[board >> 24 & 0xfff];
  for (int i = 3; i < 6; ++i) {
    const int v = static_cast<int>(board >> (4 * i) & 15);
    r += static_cast<std::uint32_t>((v - ones16(used & ((1u << v) - 1))) * kFactorial[8 - i]);
    used |= 1u << v;
  }
  return static_cast<int>(r);
}

}  // namespace

int rank_3x3(const std::uint8_t* board) {
  return rank_packed(pack(board, 9));
}

Table3Build::Table3Build(MoveSet moves) : dist_(kStates3, kUnreached3) {
  for (const MoveCells& mc : move_cells(3, moves))
    moves_.push_back(PackedMove::of(mc.from, mc.to, false));
  const std::uint8_t solved[9] = {0, 1, 2, 3, 4, 5, 6, 7, 8};
  dist_[rank_3x3(solved)] = 0;
  queue_.reserve(kStates3);
  queue_.push_back(pack(solved, 9));
}

bool Table3Build::run(std::uint64_t max_states) {
  for (; max_states > 0 && head_ < queue_.size(); --max_states, ++head_) {
    const std::uint64_t entry = queue_[head_];
    const std::uint64_t board = entry & kBoardMask;
    const std::uint64_t next_distance = (entry >> kDistanceShift) + 1;
    for (const PackedMove& move : moves_) {
      const std::uint64_t next = move.apply(board);
      std::uint8_t& d = dist_[rank_packed(next)];
      if (d != kUnreached3) continue;
      d = static_cast<std::uint8_t>(next_distance);
      queue_.push_back(next | next_distance << kDistanceShift);
    }
  }
  return head_ == queue_.size();
}

std::vector<std::uint8_t> Table3Build::take() {
  queue_ = {};
  return std::move(dist_);
}

}  // namespace tilewise::box
