#include "core/box/bounds/pattern_db.hpp"

#include <algorithm>
#include <limits>

#include "core/box/model/move_cells.hpp"

namespace tilewise::box {
namespace {

using pattern::kCells;
using pattern::placements;
using pattern::rank;
using pattern::unrank;
constexpr std::uint8_t kUnseen = 0xff;
constexpr int kTableSizes = kLargestPatternTiles - kMinPatternTiles + 1;

std::unique_ptr<NibbleTable>& cached(MoveSet moves, int tiles) {
  static std::unique_ptr<NibbleTable> cache[3][kTableSizes];
  return cache[static_cast<int>(moves)][tiles - kMinPatternTiles];
}

// The table of distances `dist` (pattern_table).
std::unique_ptr<NibbleTable> from_distances(int tiles, const std::vector<std::uint8_t>& dist) {
  int largest = 0;
  for (const std::uint8_t d : dist) largest = std::max<int>(largest, d);
  const int offset = tiles == kLargestPatternTiles ? std::max(0, largest - 15) : 0;
  auto table =
      std::make_unique<NibbleTable>(NibbleTable{TableBytes((dist.size() + 1) / 2), offset});
  for (std::size_t i = 0; i < dist.size(); ++i) table->set(i, std::clamp(dist[i] - offset, 0, 15));
  return table;
}

int clamp_tiles(int tiles) {
  return std::clamp(tiles, kMinPatternTiles, kLargestPatternTiles);
}

// The format of the kept tables and of their names: 1, the 8-number tables 2 (an offset byte
// the file gives after the number of tiles).
int format_version(int tiles) {
  return tiles == kLargestPatternTiles ? 2 : 1;
}

}  // namespace

// Breadth-first search one layer at a time: layer d is every entry at distance d; the
// scan of a layer can stop after any entry and go on later (cursor). A layer is found
// forwards (each entry of layer d marks its unseen neighbours) while it is smaller than
// what is left unseen, else backwards (each unseen entry looks for a neighbour in layer d
// and stops at the first): the last, largest layers cost a fraction of a forward scan.
struct PatternDbBuild::Impl {
  MoveSet moves;
  int tiles;
  std::uint32_t entries;
  std::vector<std::uint8_t> dist;                                   // kUnseen until reached
  std::vector<std::array<std::uint8_t, kCells>> backward, forward;  // cell maps per move
  std::uint8_t layer = 0;
  std::uint32_t cursor = 0;
  bool backwards = false;       // how this layer's scan finds layer + 1
  std::uint64_t next_size = 0;  // entries found at layer + 1 so far
  std::uint64_t reached = 1;    // entries with a distance
  bool ready = false;

  // Entry `index`'s part in finding layer + 1, forwards or backwards (as above).
  template <bool kBackwards>
  void expand(std::uint32_t index) {
    std::array<std::uint8_t, kLargestPatternTiles> cell{}, next{};
    unrank(index, tiles, cell.data());
    for (const auto& to : kBackwards ? forward : backward) {
      for (int j = 0; j < tiles; ++j) next[j] = to[cell[j]];
      std::uint8_t& d = dist[rank(next.data(), tiles)];
      if (d != (kBackwards ? layer : kUnseen)) continue;
      (kBackwards ? dist[index] : d) = static_cast<std::uint8_t>(layer + 1), ++next_size;
      if (kBackwards) return;
    }
  }

  // Scans up to `work` entries of this layer; false when the slice ran out first.
  bool scan(std::uint64_t& work) {
    const std::uint8_t want = backwards ? kUnseen : layer;
    for (; cursor < entries && work > 0; ++cursor)
      if (dist[cursor] == want) --work, backwards ? expand<true>(cursor) : expand<false>(cursor);
    return cursor == entries;
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
  for (const MoveCells& mc : move_cells(4, moves)) {  // (backward: from the solved placement)
    auto &f = b.forward.emplace_back(), &back = b.backward.emplace_back();
    for (int c = 0; c < kCells; ++c) f[c] = back[c] = static_cast<std::uint8_t>(c);
    for (int k = 0; k < 4; ++k) f[mc.from[k]] = mc.to[k], back[mc.to[k]] = mc.from[k];
  }
  std::array<std::uint8_t, kLargestPatternTiles> home{};
  for (int j = 0; j < b.tiles; ++j) home[j] = static_cast<std::uint8_t>(j);
  b.dist[rank(home.data(), b.tiles)] = 0;
}

PatternDbBuild::~PatternDbBuild() = default;

bool PatternDbBuild::run(std::uint64_t max_states) {
  Impl& b = *impl_;
  while (!b.ready) {
    if (!b.scan(max_states)) break;
    b.reached += b.next_size;
    if (b.next_size > 0) {
      b.backwards = b.next_size > b.entries - b.reached;
      b.next_size = 0, ++b.layer, b.cursor = 0;
      continue;
    }
    auto& table = cached(b.moves, b.tiles);
    if (!table) table = from_distances(b.tiles, b.dist);
    b.dist = {};
    b.ready = true;
  }
  return b.ready;
}

std::uint64_t PatternDbBuild::states_done() const {
  return impl_->ready ? impl_->entries : impl_->reached + impl_->next_size;
}

std::uint64_t PatternDbBuild::states_total() const {
  return impl_->entries;
}

std::string pattern_table_name(MoveSet moves, int tiles) {
  return "box-pattern-" + std::string(move_set_name(moves)) + "-" + std::to_string(tiles) + ".v" +
         std::to_string(format_version(tiles));
}

TableFormat pattern_table_format(MoveSet moves, int tiles) {
  return {{'T', 'W', 'P', 'D', 'B', static_cast<std::uint8_t>(format_version(tiles)),
           static_cast<std::uint8_t>(moves), static_cast<std::uint8_t>(tiles)},
          format_version(tiles) >= 2 ? 1u : 0u,
          static_cast<std::size_t>((placements(tiles) + 1) / 2)};
}

std::vector<std::uint8_t> pattern_table_bytes(MoveSet moves, int tiles) {
  const auto& table = cached(moves, clamp_tiles(tiles));
  if (!table || tiles != clamp_tiles(tiles)) return {};
  std::vector<std::uint8_t> given;
  if (format_version(tiles) >= 2) given.push_back(static_cast<std::uint8_t>(table->offset));
  return table_file_bytes(pattern_table_format(moves, tiles), given, {&table->nibbles});
}

bool keep_pattern_table(MoveSet moves, int tiles, KeptTable kept) {
  if (tiles != clamp_tiles(tiles)) return false;
  auto& table = cached(moves, tiles);
  const int offset = kept.given.empty() ? 0 : kept.given[0];
  if (!table) table = std::make_unique<NibbleTable>(NibbleTable{std::move(kept.body), offset});
  return true;
}

bool load_pattern_table(MoveSet moves, int tiles, const std::uint8_t* bytes, std::size_t size) {
  auto kept = table_from_bytes(pattern_table_format(moves, tiles), bytes, size);
  return kept && keep_pattern_table(moves, tiles, std::move(*kept));
}

const NibbleTable& pattern_table(MoveSet moves, int tiles) {
  tiles = clamp_tiles(tiles);
  PatternDbBuild(moves, tiles).run(std::numeric_limits<std::uint64_t>::max());
  return *cached(moves, tiles);
}

}  // namespace tilewise::box
