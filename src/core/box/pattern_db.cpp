#include "core/box/pattern_db.hpp"

#include <algorithm>
#include <bit>
#include <limits>

#include "core/box/board.hpp"

namespace tilewise::box {
namespace {

constexpr int kCells = 16;
constexpr std::uint8_t kUnseen = 0xff;
constexpr int kTableSizes = kMaxPatternTiles - kMinPatternTiles + 1;

std::uint32_t placements(int tiles) {
  std::uint32_t n = 1;
  for (int j = 0; j < tiles; ++j) n *= static_cast<std::uint32_t>(kCells - j);
  return n;
}

// Index of a placement (cell of number 0, ..., cell of number k-1): each cell counted
// among the cells not taken by the numbers before it (mixed radix 16, 15, 14, ...).
std::uint32_t rank(const std::uint8_t* cell, int tiles) {
  std::uint32_t index = 0, used = 0;
  for (int j = 0; j < tiles; ++j) {
    const std::uint32_t below = used & ((1u << cell[j]) - 1);
    index = index * static_cast<std::uint32_t>(kCells - j) + cell[j] -
            static_cast<std::uint32_t>(std::popcount(below));
    used |= 1u << cell[j];
  }
  return index;
}

void unrank(std::uint32_t index, int tiles, std::uint8_t* cell) {
  std::array<std::uint8_t, kMaxPatternTiles> free_rank{};
  for (int j = tiles - 1; j >= 0; --j) {
    const auto radix = static_cast<std::uint32_t>(kCells - j);
    free_rank[j] = static_cast<std::uint8_t>(index % radix);
    index /= radix;
  }
  std::uint32_t used = 0;
  for (int j = 0; j < tiles; ++j) {
    int c = 0;
    for (int skip = free_rank[j];; ++c)
      if (!(used >> c & 1) && skip-- == 0) break;
    cell[j] = static_cast<std::uint8_t>(c);
    used |= 1u << c;
  }
}

// Where the number in each cell goes under each inverse move (the search runs backwards
// from the solved placement).
std::vector<std::array<std::uint8_t, kCells>> inverse_cell_maps(MoveSet moves) {
  std::vector<std::array<std::uint8_t, kCells>> maps;
  for (Move m : allowed_moves(4, moves)) {
    m.quarter_turns = (4 - m.quarter_turns) % 4;
    std::vector<int> b(kCells);
    for (int i = 0; i < kCells; ++i) b[i] = i;
    apply_move(b, 4, m);
    std::array<std::uint8_t, kCells> to{};
    for (int i = 0; i < kCells; ++i) to[b[i]] = static_cast<std::uint8_t>(i);
    maps.push_back(to);
  }
  return maps;
}

// The 8 symmetries of the square as cell maps; the first 4 are the rotations.
std::array<std::array<std::uint8_t, kCells>, 8> square_symmetries() {
  std::array<std::array<std::uint8_t, kCells>, 8> out{};
  for (int s = 0; s < 8; ++s)
    for (int cell = 0; cell < kCells; ++cell) {
      int r = cell / 4, c = cell % 4;
      if (s >= 4) c = 3 - c;  // reflect, then rotate
      for (int k = 0; k < s % 4; ++k) {
        const int r2 = c, c2 = 3 - r;  // a quarter turn of the square
        r = r2, c = c2;
      }
      out[s][cell] = static_cast<std::uint8_t>(r * 4 + c);
    }
  return out;
}

}  // namespace

// Distances, 4 bits each (15 = 15 or more).
class PatternTable {
 public:
  PatternTable(int tiles, const std::vector<std::uint8_t>& distances)
      : tiles_(tiles), nibbles_((distances.size() + 1) / 2) {
    for (std::size_t i = 0; i < distances.size(); ++i)
      nibbles_[i / 2] |= static_cast<std::uint8_t>(std::min<int>(distances[i], 15) << (i % 2 * 4));
  }
  int tiles() const { return tiles_; }
  int at(std::uint32_t index) const { return nibbles_[index / 2] >> (index % 2 * 4) & 15; }

 private:
  int tiles_;
  std::vector<std::uint8_t> nibbles_;
};

namespace {

std::unique_ptr<PatternTable>& cached(MoveSet moves, int tiles) {
  static std::unique_ptr<PatternTable> cache[3][kTableSizes];
  return cache[static_cast<int>(moves)][tiles - kMinPatternTiles];
}

int clamp_tiles(int tiles) {
  return std::clamp(tiles, kMinPatternTiles, kMaxPatternTiles);
}

}  // namespace

// Breadth-first search one layer at a time: layer d is every entry at distance d; the
// scan of a layer can stop after any entry and go on later (cursor_).
struct PatternDbBuild::Impl {
  MoveSet moves;
  int tiles;
  std::uint32_t entries;
  std::vector<std::uint8_t> dist;  // kUnseen until reached
  std::vector<std::array<std::uint8_t, kCells>> maps;
  std::uint8_t layer = 0;
  std::uint32_t cursor = 0;
  bool layer_grew = false;  // whether layer + 1 got any entry so far
  std::uint64_t expanded = 0;
  bool ready = false;

  void expand(std::uint32_t index) {
    std::array<std::uint8_t, kMaxPatternTiles> cell{}, next{};
    unrank(index, tiles, cell.data());
    for (const auto& to : maps) {
      for (int j = 0; j < tiles; ++j) next[j] = to[cell[j]];
      std::uint8_t& d = dist[rank(next.data(), tiles)];
      if (d == kUnseen) d = static_cast<std::uint8_t>(layer + 1), layer_grew = true;
    }
    ++expanded;
  }
};

PatternDbBuild::PatternDbBuild(MoveSet moves, int tiles) : impl_(std::make_unique<Impl>()) {
  Impl& b = *impl_;
  b.moves = moves;
  b.tiles = clamp_tiles(tiles);
  b.entries = placements(b.tiles);
  b.ready = cached(moves, b.tiles) != nullptr;
  if (b.ready) return;
  b.dist.assign(b.entries, kUnseen);
  b.maps = inverse_cell_maps(moves);
  std::array<std::uint8_t, kMaxPatternTiles> home{};
  for (int j = 0; j < b.tiles; ++j) home[j] = static_cast<std::uint8_t>(j);
  b.dist[rank(home.data(), b.tiles)] = 0;
}

PatternDbBuild::~PatternDbBuild() = default;

bool PatternDbBuild::run(std::uint64_t max_states) {
  Impl& b = *impl_;
  while (!b.ready) {
    for (; b.cursor < b.entries && max_states > 0; ++b.cursor)
      if (b.dist[b.cursor] == b.layer) b.expand(b.cursor), --max_states;
    if (b.cursor < b.entries) break;
    if (b.layer_grew) {
      ++b.layer, b.cursor = 0, b.layer_grew = false;
      continue;
    }
    auto& table = cached(b.moves, b.tiles);
    if (!table) table = std::make_unique<PatternTable>(b.tiles, b.dist);
    b.dist = {};
    b.ready = true;
  }
  return b.ready;
}

std::uint64_t PatternDbBuild::states_done() const {
  return impl_->ready ? impl_->entries : impl_->expanded;
}

std::uint64_t PatternDbBuild::states_total() const {
  return impl_->entries;
}

PatternBound4x4::PatternBound4x4(MoveSet moves, int tiles) {
  tiles = clamp_tiles(tiles);
  PatternDbBuild build(moves, tiles);
  build.run(std::numeric_limits<std::uint64_t>::max());
  table_ = cached(moves, tiles).get();
  const auto symmetries = square_symmetries();
  for (int s = 0; s < 8; ++s) {
    Lookup l{};
    l.cell = symmetries[s];
    for (int j = 0; j < kCells; ++j)  // number[j] = the symmetry's inverse at j
      if (l.cell[j] < tiles) l.number[l.cell[j]] = static_cast<std::uint8_t>(j);
    const bool rotation = s < 4;
    if (moves != MoveSet::kClockwise || rotation) lookups_.push_back({l.cell, l.number, false});
    if (moves != MoveSet::kClockwise || !rotation) lookups_.push_back({l.cell, l.number, true});
  }
}

// The image of the board under symmetry g is g . board . g^-1: its number j sits at
// g(cell of number g^-1(j)); on the inverse board the cell of number n is board[n].
int PatternBound4x4::bound(const std::uint8_t* board, int enough) const {
  std::array<std::uint8_t, kCells> where{};
  for (int c = 0; c < kCells; ++c) where[board[c]] = static_cast<std::uint8_t>(c);
  const int tiles = table_->tiles();
  int best = 0;
  for (const Lookup& l : lookups_) {
    const std::uint8_t* from = l.inverse ? board : where.data();
    std::array<std::uint8_t, kMaxPatternTiles> cell{};
    for (int j = 0; j < tiles; ++j) cell[j] = l.cell[from[l.number[j]]];
    best = std::max(best, table_->at(rank(cell.data(), tiles)));
    if (best > enough) break;
  }
  return best;
}

int pattern_bound_4x4(const std::vector<int>& board, MoveSet moves, int tiles) {
  std::array<std::uint8_t, kCells> b{};
  for (int c = 0; c < kCells; ++c) b[c] = static_cast<std::uint8_t>(board[c] - 1);
  return PatternBound4x4(moves, tiles).bound(b.data());
}

}  // namespace tilewise::box
