#include "core/box/additive_db.hpp"

#include <algorithm>
#include <array>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <map>

#include "core/box/additive_base.hpp"
#include "core/box/bit_count.hpp"
#include "core/box/huge_pages.hpp"
#include "core/box/pattern_rank.hpp"

namespace tilewise::box {
namespace {

using pattern::CellMap;
using pattern::kCells;
using pattern::kMaxNumbers;

// A group's entries by placement rank: quarters = the group's base (below) + step x the
// nibble (the excess, 15 = 15 or more; 13 at most in the 7-number tables: 4 bits, as the
// non-additive table).
struct Table {
  using Nibbles = HugePageBytes;
  Nibbles nibbles;
  int at(std::uint32_t index) const { return nibbles[index / 2] >> (index % 2 * 4) & 15; }
  void set(std::uint32_t index, int value) {
    std::uint8_t& b = nibbles[index / 2];
    const int shift = index % 2 * 4;
    b = static_cast<std::uint8_t>((b & ~(15 << shift)) | value << shift);
  }
  void prefetch(std::uint32_t index) const { __builtin_prefetch(&nibbles[index / 2]); }
};
constexpr int kMaxExcess = 15;  // "15 or more", and "not reached yet" while a table is built

std::unique_ptr<Table>& cached(MoveSet moves, const std::vector<std::uint8_t>& home) {
  static std::map<std::pair<int, std::vector<std::uint8_t>>, std::unique_ptr<Table>> cache;
  return cache[{static_cast<int>(moves), home}];
}

std::vector<std::uint8_t> cells(std::initializer_list<int> list) {
  std::vector<std::uint8_t> out;
  for (int c : list) out.push_back(static_cast<std::uint8_t>(c));
  return out;
}

// Cells a move's block covers (the cells whose number it moves).
std::uint32_t block_mask(const CellMap& to) {
  std::uint32_t mask = 0;
  for (int c = 0; c < kCells; ++c)
    if (to[c] != c) mask |= 1u << c;
  return mask;
}

}  // namespace

std::vector<std::string> additive_partition_names() {
  return {"6+6+4", "7+7+2", "8+8", "blocks", "rows", "diagonal", "diagonal-6+6+4"};
}

bool additive_partition(const std::string& name, AdditivePartition& out) {
  const auto top6 = cells({0, 1, 2, 3, 4, 5}), top7 = cells({0, 1, 2, 3, 4, 5, 6}),
             top8 = cells({0, 1, 2, 3, 4, 5, 6, 7});
  const auto block = cells({0, 1, 4, 5}), row0 = cells({0, 1, 2, 3}), row1 = cells({4, 5, 6, 7});
  // The top-left and bottom-right 2x2 blocks; a quarter turn gives the other two.
  const auto diagonal = cells({0, 1, 4, 5, 10, 11, 14, 15});
  if (name == "6+6+4")
    out = {name, {{top6, 0}, {top6, 2}, {cells({6, 7, 8, 9}), 0}}};
  else if (name == "7+7+2")
    out = {name, {{top7, 0}, {top7, 2}, {cells({7, 8}), 0}}};
  else if (name == "8+8")
    out = {name, {{top8, 0}, {top8, 2}}};
  else if (name == "blocks")
    out = {name, {{block, 0}, {block, 1}, {block, 2}, {block, 3}}};
  else if (name == "rows")
    out = {name, {{row0, 0}, {row0, 2}, {row1, 0}, {row1, 2}}};
  else if (name == "diagonal")
    out = {name, {{diagonal, 0}, {diagonal, 1}}};
  else if (name == "diagonal-6+6+4")
    out = {name,
           {{cells({0, 1, 4, 5, 10, 15}), 0},
            {cells({0, 1, 4, 5, 10, 15}), 1},
            {cells({2, 7, 11, 14}), 0}}};
  else
    return false;
  return true;
}

// Dijkstra by excess, written straight into the 4-bit table (no byte per entry, no packing:
// 8+8 is built in its 247.5 MiB). A press that moves c numbers of the group costs c quarters
// and changes their bases by at most c (each moves one step, or two for one quarter with
// half turns), in steps of the excess: so a placement's excess never falls along a press
// (the bases are a consistent estimate), and level L of the excess is final once every
// placement at L has been expanded. A press that keeps the excess finds placements of the
// level being scanned: those ahead of the scan are met by it, those behind it wait in
// `behind` and are expanded before the scan goes on. A scan can stop after any placement
// and go on later (cursor). The table is the one the byte-per-entry build packed.
struct AdditiveDbBuild::Impl {
  MoveSet moves;
  std::vector<std::uint8_t> home;
  int tiles = 0, step = 2;
  std::uint32_t entries = 0;
  Table table;                       // kMaxExcess until reached
  std::vector<CellMap> backward;     // the moves undone: the search runs from home
  std::vector<std::uint32_t> block;  // per move: the cells it moves
  std::array<std::uint8_t, kCells * kMaxNumbers> base_of{};  // [cell * 8 + j]: base of number j
  std::vector<std::uint32_t> behind;  // placements of this level behind the scan
  int level = 0, highest = 0;
  std::uint32_t cursor = 0;
  std::uint64_t done = 0;  // placements expanded
  bool ready = false;

  int bases(const std::uint8_t* cell) const {
    int sum = 0;
    for (int j = 0; j < tiles; ++j) sum += base_of[cell[j] * kMaxNumbers + j];
    return sum;
  }

  void expand(std::uint32_t index) {
    std::array<std::uint8_t, kMaxNumbers> cell{}, next{};
    pattern::unrank(index, tiles, cell.data());
    std::uint32_t occupied = 0;
    for (int j = 0; j < tiles; ++j) occupied |= 1u << cell[j];
    const int quarters = bases(cell.data()) + step * level;
    for (std::size_t m = 0; m < backward.size(); ++m) {
      const int charge = ones16(occupied & block[m]);
      if (charge == 0) continue;  // moves none of the group
      const auto& to = backward[m];
      for (int j = 0; j < tiles; ++j) next[j] = to[cell[j]];
      const int excess = (quarters + charge - bases(next.data())) / step;
      const std::uint32_t r = pattern::rank(next.data(), tiles);
      if (excess >= table.at(r)) continue;
      table.set(r, excess);
      highest = std::max(highest, excess);
      if (excess == level && r < cursor) behind.push_back(r);
    }
    ++done;
  }

  // Expands up to `work` placements of this level (skipping 16 entries at a time where none
  // is at it); false when the slice ran out first.
  bool scan(std::uint64_t& work) {
    const std::uint64_t spread = 0x1111111111111111ull * static_cast<std::uint64_t>(level);
    while (work > 0) {
      if (!behind.empty()) {
        const std::uint32_t r = behind.back();
        behind.pop_back();
        --work, expand(r);
        continue;
      }
      if (cursor >= entries) return true;
      if (cursor % 16 == 0 && cursor + 16 <= entries) {
        std::uint64_t w = 0;
        std::memcpy(&w, &table.nibbles[cursor / 2], 8);
        w ^= spread;  // a nibble of this level is now zero
        if (((w - 0x1111111111111111ull) & ~w & 0x8888888888888888ull) == 0) {
          cursor += 16;
          continue;
        }
      }
      if (table.at(cursor) == level) --work, expand(cursor);
      ++cursor;
    }
    return cursor >= entries && behind.empty();
  }
};

AdditiveDbBuild::AdditiveDbBuild(MoveSet moves, std::vector<std::uint8_t> home)
    : impl_(std::make_unique<Impl>()) {
  Impl& b = *impl_;
  b.moves = moves;
  b.home = std::move(home);
  b.tiles = static_cast<int>(b.home.size());
  b.step = excess_step(moves);
  b.entries = pattern::placements(b.tiles);
  b.ready = cached(moves, b.home) != nullptr;
  if (b.ready) return;
  b.table.nibbles.assign((b.entries + 1) / 2, 0xff);
  if (b.entries % 2) b.table.nibbles.back() = 0x0f;  // (the unused half byte is 0, as packed)
  b.backward = pattern::cell_maps(pattern::undoing_moves(moves));
  for (const CellMap& to : b.backward) b.block.push_back(block_mask(to));
  for (int c = 0; c < kCells; ++c)
    for (int j = 0; j < b.tiles; ++j)
      b.base_of[c * kMaxNumbers + j] =
          static_cast<std::uint8_t>(base_quarters(4, c, b.home[j], moves));
  b.table.set(pattern::rank(b.home.data(), b.tiles), 0);
}

AdditiveDbBuild::~AdditiveDbBuild() = default;

bool AdditiveDbBuild::run(std::uint64_t max_states) {
  Impl& b = *impl_;
  while (!b.ready) {
    if (!b.scan(max_states)) break;
    b.cursor = 0;
    if (b.level++ < std::min(b.highest, kMaxExcess - 1)) continue;
    auto& table = cached(b.moves, b.home);
    if (!table) table = std::make_unique<Table>(std::move(b.table));
    b.table = {};
    b.ready = true;
  }
  return b.ready;
}

std::uint64_t AdditiveDbBuild::states_done() const {
  return impl_->ready ? impl_->entries : impl_->done;
}

std::uint64_t AdditiveDbBuild::states_total() const {
  return impl_->entries;
}

namespace {

const Table& built_table(MoveSet moves, const std::vector<std::uint8_t>& home) {
  AdditiveDbBuild(moves, home).run(std::numeric_limits<std::uint64_t>::max());
  return *cached(moves, home);
}

}  // namespace

int additive_entry(MoveSet moves, const std::vector<std::uint8_t>& home,
                   const std::vector<std::uint8_t>& cells) {
  int least = 0;
  for (std::size_t j = 0; j < home.size(); ++j) least += base_quarters(4, cells[j], home[j], moves);
  const int tiles = static_cast<int>(home.size());
  return least +
         excess_step(moves) * built_table(moves, home).at(pattern::rank(cells.data(), tiles));
}

// One group of one image: its table, the cell map of (group's rotation after the image's
// symmetry) and which number of the board is the table's number j.
struct Term {
  const Table* table;
  CellMap cell;
  std::array<std::uint8_t, kMaxNumbers> number;
  int tiles;
};

struct AdditiveBound4x4::Impl {
  std::vector<std::vector<Term>> images;  // the partition's groups on each image
  std::vector<bool> inverse;              // per image: read on the inverse board
  MoveSet moves;
  std::uint64_t bytes = 0;
  std::array<std::uint8_t, kCells * kCells> base_of;  // [cell * 16 + number]: base_quarters()

  std::uint32_t index_of(const Term& t, const std::uint8_t* from) const {
    std::array<std::uint8_t, kMaxNumbers> cell;
    for (int j = 0; j < t.tiles; ++j) cell[j] = t.cell[from[t.number[j]]];
    return pattern::rank(cell.data(), t.tiles);
  }
};

AdditiveBound4x4::AdditiveBound4x4(MoveSet moves, const AdditivePartition& partition)
    : impl_(std::make_unique<Impl>()) {
  impl_->moves = moves;
  for (int c = 0; c < kCells; ++c)
    for (int n = 0; n < kCells; ++n)
      impl_->base_of[c * kCells + n] = static_cast<std::uint8_t>(base_quarters(4, c, n, moves));
  const auto symmetries = pattern::square_symmetries();
  std::vector<const Table*> tables;
  for (const auto& g : partition.groups) {
    tables.push_back(&built_table(moves, g.home));
    if (std::find(tables.begin(), tables.end() - 1, tables.back()) == tables.end() - 1)
      impl_->bytes += tables.back()->nibbles.size();
  }
  // Per image kept: whether it reads the inverse board and the home cells of each group's
  // numbers on the board (as masks, sorted). Two images with the same groups of numbers
  // give the same sum (a group's distance does not depend on the symmetry it is seen
  // through), so only the first is kept: on a partition the half turn maps onto itself
  // (6+6+4, 7+7+2) that halves the images.
  std::vector<std::pair<bool, std::vector<std::uint32_t>>> seen;
  for (const pattern::Image& image : pattern::board_images(moves)) {
    std::vector<Term> terms;
    std::vector<std::uint32_t> groups;
    for (std::size_t k = 0; k < partition.groups.size(); ++k) {
      const auto& g = partition.groups[k];
      Term t{tables[k], {}, {}, static_cast<int>(g.home.size())};
      for (int c = 0; c < kCells; ++c) t.cell[c] = symmetries[g.rotation][image.cell[c]];
      for (int c = 0; c < kCells; ++c)  // number j of the table is the map's inverse at home[j]
        for (int j = 0; j < t.tiles; ++j)
          if (t.cell[c] == g.home[j]) t.number[j] = static_cast<std::uint8_t>(c);
      terms.push_back(t);
      groups.push_back(0);
      for (int j = 0; j < t.tiles; ++j) groups.back() |= 1u << t.number[j];
    }
    std::sort(groups.begin(), groups.end());
    if (std::find(seen.begin(), seen.end(), std::pair(image.inverse, groups)) != seen.end())
      continue;
    seen.emplace_back(image.inverse, std::move(groups));
    impl_->images.push_back(std::move(terms));
    impl_->inverse.push_back(image.inverse);
  }
}

AdditiveBound4x4::~AdditiveBound4x4() = default;

int AdditiveBound4x4::images() const {
  return static_cast<int>(impl_->images.size());
}

std::uint64_t AdditiveBound4x4::table_bytes() const {
  return impl_->bytes;
}

bool AdditiveBound4x4::reads_board(int image) const {
  return impl_->inverse[static_cast<std::size_t>(image)];
}

AdditiveBound4x4::TermView AdditiveBound4x4::term(int image, int term) const {
  const Term& t = impl_->images[static_cast<std::size_t>(image)][static_cast<std::size_t>(term)];
  TermView v;
  std::copy(t.number.begin(), t.number.end(), v.number.begin());
  v.cell = t.cell;
  v.tiles = t.tiles;
  v.nibbles = t.table->nibbles.data();
  return v;
}

int AdditiveBound4x4::terms() const {
  return static_cast<int>(impl_->images[0].size());
}

void AdditiveBound4x4::first_indices(const std::uint8_t* board, int first,
                                     std::uint32_t* index) const {
  const Impl& b = *impl_;
  std::array<std::uint8_t, kCells> where;
  const std::uint8_t* from = board;
  if (!b.inverse[first]) {
    for (int c = 0; c < kCells; ++c) where[board[c]] = static_cast<std::uint8_t>(c);
    from = where.data();
  }
  for (const Term& t : b.images[first]) {
    *index = b.index_of(t, from);
    t.table->prefetch(*index++);
  }
}

int AdditiveBound4x4::excess(int first, const std::uint32_t* index) const {
  int sum = 0;
  for (const Term& t : impl_->images[first]) sum += t.table->at(*index++);
  return sum;
}

int AdditiveBound4x4::moves_of(const std::uint8_t* board, int excess) const {
  const Impl& b = *impl_;
  int least = 0;
  for (int c = 0; c < kCells; ++c) least += b.base_of[c * kCells + board[c]];
  return (least + excess_step(b.moves) * excess + 3) / 4;
}

// The sum of the groups' bases is the board's, the same on every image (symmetries keep
// distances; so does the inverse), so images differ only in their excess:
// the image that decided the parent's bound first, alone; then the others, every table
// byte fetched at once (cache misses overlapping); the largest excess, rounded up to moves.
int AdditiveBound4x4::bound(const std::uint8_t* board, int enough, int& first,
                            const int* first_excess) const {
  const Impl& b = *impl_;
  int least = 0;
  for (int c = 0; c < kCells; ++c) least += b.base_of[c * kCells + board[c]];
  std::array<std::uint8_t, kCells> where;  // the inverse board, made when first needed
  bool located = false;
  auto from = [&](std::size_t i) -> const std::uint8_t* {
    if (b.inverse[i]) return board;
    if (!located)
      for (int c = 0; c < kCells; ++c) where[board[c]] = static_cast<std::uint8_t>(c);
    located = true;
    return where.data();
  };
  const int step = excess_step(b.moves);
  auto moves_of = [least, step](int excess) { return (least + step * excess + 3) / 4; };
  const int tried = first;
  int excess = first_excess ? *first_excess : 0;
  if (!first_excess)
    for (const Term& t : b.images[tried]) excess += t.table->at(b.index_of(t, from(tried)));
  int best = moves_of(excess);
  if (best > enough) return best;
  std::array<std::uint32_t, 64> index;
  std::size_t n = 0;
  for (std::size_t i = 0; i < b.images.size(); ++i) {
    if (static_cast<int>(i) == tried) continue;
    for (const Term& t : b.images[i]) {
      index[n] = b.index_of(t, from(i));
      t.table->prefetch(index[n++]);
    }
  }
  n = 0;
  for (std::size_t i = 0; i < b.images.size(); ++i) {
    if (static_cast<int>(i) == tried) continue;
    excess = 0;
    for (const Term& t : b.images[i]) excess += t.table->at(index[n++]);
    if (moves_of(excess) <= best) continue;
    best = moves_of(excess), first = static_cast<int>(i);
    if (best > enough) break;
  }
  return best;
}

namespace {

constexpr std::uint8_t kAdditiveFormatVersion = 1;  // of the bytes below and of the names
constexpr std::uint8_t kAdditiveMagic[6] = {'T', 'W', 'A', 'D', 'B', kAdditiveFormatVersion};

// The partition's tables, each once, in the order of its groups.
std::vector<std::vector<std::uint8_t>> distinct_homes(const AdditivePartition& partition) {
  std::vector<std::vector<std::uint8_t>> out;
  for (const auto& g : partition.groups)
    if (std::find(out.begin(), out.end(), g.home) == out.end()) out.push_back(g.home);
  return out;
}

std::vector<std::uint8_t> header(MoveSet moves, const std::string& name, std::uint64_t checksum) {
  std::vector<std::uint8_t> out(kAdditiveMagic, kAdditiveMagic + sizeof(kAdditiveMagic));
  out.push_back(static_cast<std::uint8_t>(moves));
  out.push_back(static_cast<std::uint8_t>(name.size()));
  out.insert(out.end(), name.begin(), name.end());
  for (int i = 0; i < 8; ++i) out.push_back(static_cast<std::uint8_t>(checksum >> (8 * i)));
  return out;
}

}  // namespace

std::string additive_table_name(MoveSet moves, const std::string& partition) {
  return "box-additive-" + std::string(move_set_name(moves)) + "-" + partition + ".v" +
         std::to_string(kAdditiveFormatVersion);
}

std::vector<std::uint8_t> additive_table_bytes(MoveSet moves, const std::string& name) {
  AdditivePartition partition;
  if (!additive_partition(name, partition)) return {};
  std::vector<const Table*> tables;  // (summed and copied once each: 8+8 is 247.5 MiB)
  std::size_t body = 0;
  std::uint64_t checksum = pattern::fnv1a(nullptr, 0);
  for (const auto& home : distinct_homes(partition)) {
    const auto& table = cached(moves, home);
    if (!table) return {};
    tables.push_back(table.get());
    body += table->nibbles.size();
    checksum = pattern::fnv1a(table->nibbles.data(), table->nibbles.size(), checksum);
  }
  std::vector<std::uint8_t> out = header(moves, name, checksum);
  out.reserve(out.size() + body);
  for (const Table* t : tables) out.insert(out.end(), t->nibbles.begin(), t->nibbles.end());
  return out;
}

bool load_additive_tables(MoveSet moves, const std::string& name,
                          const std::vector<std::uint8_t>& bytes) {
  return load_additive_tables(moves, name, bytes.data(), bytes.size());
}

bool load_additive_tables(MoveSet moves, const std::string& name, const std::uint8_t* bytes,
                          std::size_t size) {
  if (!bytes) return false;
  return load_additive_tables(moves, name, size, read_from(bytes, size));
}

// The header first (its checksum read, not compared yet), then each distinct table straight
// into its own memory, summed as it comes; kept only when the sum is the header's.
bool load_additive_tables(MoveSet moves, const std::string& name, std::size_t size,
                          const ReadTableBytes& read) {
  AdditivePartition partition;
  if (!additive_partition(name, partition)) return false;
  const auto homes = distinct_homes(partition);
  std::size_t body = 0;
  for (const auto& home : homes)
    body += (pattern::placements(static_cast<int>(home.size())) + 1) / 2;
  std::vector<std::uint8_t> head(header(moves, name, 0).size());
  if (size != head.size() + body || !read(head.data(), head.size())) return false;
  const std::size_t sum_at = head.size() - 8;  // the checksum: the header's last 8 bytes
  std::uint64_t kept_sum = 0;
  for (int i = 0; i < 8; ++i) kept_sum |= std::uint64_t{head[sum_at + i]} << (8 * i);
  if (header(moves, name, kept_sum) != head) return false;
  std::vector<Table> tables(homes.size());
  std::uint64_t checksum = pattern::fnv1a(nullptr, 0);
  for (std::size_t k = 0; k < homes.size(); ++k) {
    tables[k].nibbles.resize((pattern::placements(static_cast<int>(homes[k].size())) + 1) / 2);
    if (!read(tables[k].nibbles.data(), tables[k].nibbles.size())) return false;
    checksum = pattern::fnv1a(tables[k].nibbles.data(), tables[k].nibbles.size(), checksum);
  }
  if (checksum != kept_sum) return false;
  for (std::size_t k = 0; k < homes.size(); ++k) {
    auto& table = cached(moves, homes[k]);
    if (!table) table = std::make_unique<Table>(std::move(tables[k]));
  }
  return true;
}

int additive_bound_4x4(const std::vector<int>& board, MoveSet moves, const std::string& name) {
  AdditivePartition partition;
  if (!additive_partition(name, partition)) return 0;
  std::array<std::uint8_t, kCells> b{};
  for (int c = 0; c < kCells; ++c) b[c] = static_cast<std::uint8_t>(board[c] - 1);
  int first = 0;
  return AdditiveBound4x4(moves, partition).bound(b.data(), 255, first);
}

}  // namespace tilewise::box
