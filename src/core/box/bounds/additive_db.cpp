#include "core/box/bounds/additive_db.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdio>
#include <cstring>
#include <limits>
#include <map>
#include <numeric>
#include <tuple>

#include "core/box/model/bit_count.hpp"
#include "core/box/model/board.hpp"
#include "core/box/model/move_cells.hpp"

namespace tilewise::box {
namespace {

using pattern::kCells;
using pattern::kMaxNumbers;
using Map64 = std::array<std::uint8_t, 64>;  // cell -> cell, boards up to 8x8

// A group's entries by placement rank: quarters = the group's base + step x the nibble (the
// excess, 15 = 15 or more).
using Table = NibbleTable;
constexpr int kMaxExcess = 15;  // "15 or more", and "not reached yet" while a table is built

// The tables built or read in this process, by board size, move set and group.
std::unique_ptr<Table>& cached(int n, MoveSet moves, const std::vector<std::uint8_t>& home) {
  static std::map<std::tuple<int, int, std::vector<std::uint8_t>>, std::unique_ptr<Table>> cache;
  return cache[{n, static_cast<int>(moves), home}];
}

}  // namespace

std::vector<std::string> additive_partition_names() {
  return {"6+6+4", "7+7+2", "8+8", "blocks", "rows"};
}

bool additive_partition(const std::string& name, AdditivePartition& out) {
  using Cells = std::vector<std::uint8_t>;
  const Cells top6{0, 1, 2, 3, 4, 5}, top7{0, 1, 2, 3, 4, 5, 6}, top8{0, 1, 2, 3, 4, 5, 6, 7};
  const Cells block{0, 1, 4, 5}, row0{0, 1, 2, 3}, row1{4, 5, 6, 7};
  if (name == "6+6+4")
    out = {name, {{top6, 0}, {top6, 2}, {Cells{6, 7, 8, 9}, 0}}};
  else if (name == "7+7+2")
    out = {name, {{top7, 0}, {top7, 2}, {Cells{7, 8}, 0}}};
  else if (name == "8+8")
    out = {name, {{top8, 0}, {top8, 2}}};
  else if (name == "blocks")
    out = {name, {{block, 0}, {block, 1}, {block, 2}, {block, 3}}};
  else if (name == "rows")
    out = {name, {{row0, 0}, {row0, 2}, {row1, 0}, {row1, 2}}};
  else
    return false;
  return true;
}

// Dijkstra by excess, written straight into the 4-bit table (8+8 is built in its 247.5 MiB).
// A press that moves c numbers of the group costs c quarters and changes their bases by at
// most c, so a placement's excess never falls along a press (the bases are a consistent
// estimate), and level L is final once every placement at L has been expanded. A press that
// keeps the excess finds placements of the level being scanned: those behind the scan wait
// in `behind`. A scan can stop after any placement and go on later (cursor).
struct AdditiveDbBuild::Impl {
  int n = 4, cells = kCells;
  MoveSet moves;
  std::vector<std::uint8_t> home;
  int tiles = 0, step = 2;
  std::uint32_t entries = 0;
  Table table;                       // kMaxExcess until reached
  std::vector<Map64> backward;       // the moves undone: the search runs from home
  std::vector<std::uint64_t> block;  // per move: the cells it moves
  std::array<std::uint8_t, 64 * kMaxNumbers> base_of{};  // [cell * 8 + j]: base of number j
  std::vector<std::uint32_t> behind;                     // placements of this level behind the scan
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
    pattern::unrank(index, tiles, cell.data(), cells);
    std::uint64_t occupied = 0;
    for (int j = 0; j < tiles; ++j) occupied |= std::uint64_t{1} << cell[j];
    const int quarters = bases(cell.data()) + step * level;
    for (std::size_t m = 0; m < backward.size(); ++m) {
      const std::uint64_t moved = occupied & block[m];  // (4x4: 16 bits, one lookup)
      const int charge = moved >> 16 == 0 ? ones16(static_cast<std::uint32_t>(moved))
                                          : ones16(moved & 0xffff) + ones16(moved >> 16 & 0xffff) +
                                                ones16(moved >> 32 & 0xffff) + ones16(moved >> 48);
      if (charge == 0) continue;  // moves none of the group
      const auto& to = backward[m];
      for (int j = 0; j < tiles; ++j) next[j] = to[cell[j]];
      const int excess = (quarters + charge - bases(next.data())) / step;
      const std::uint32_t r = pattern::rank(next.data(), tiles, cells);
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
        std::memcpy(&w, table.nibbles.data() + cursor / 2, 8);
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

AdditiveDbBuild::AdditiveDbBuild(MoveSet moves, std::vector<std::uint8_t> home, int size)
    : impl_(std::make_unique<Impl>()) {
  Impl& b = *impl_;
  b.n = size, b.cells = size * size;
  b.moves = moves;
  b.home = std::move(home);
  b.tiles = static_cast<int>(b.home.size());
  b.step = excess_step(moves);
  b.entries = static_cast<std::uint32_t>(pattern::placements(b.tiles, b.cells));
  b.ready = cached(size, moves, b.home) != nullptr;
  if (b.ready) return;
  b.table.nibbles = TableBytes((b.entries + 1) / 2);
  std::memset(&b.table.nibbles.at(0), 0xff, b.table.nibbles.size());
  if (b.entries % 2) b.table.nibbles.at(b.entries / 2) = 0x0f;  // (the unused half: 0, as packed)
  for (const MoveCells& mc : move_cells(size, moves)) {
    Map64& to = b.backward.emplace_back();
    std::uint64_t& moved = b.block.emplace_back();  // the cells its block covers
    for (int c = 0; c < b.cells; ++c) to[c] = static_cast<std::uint8_t>(c);
    for (int k = 0; k < 4; ++k) to[mc.to[k]] = mc.from[k], moved |= std::uint64_t{1} << mc.from[k];
  }
  for (int c = 0; c < b.cells; ++c)
    for (int j = 0; j < b.tiles; ++j)
      b.base_of[c * kMaxNumbers + j] =
          static_cast<std::uint8_t>(base_quarters(size, c, b.home[j], moves));
  b.table.set(pattern::rank(b.home.data(), b.tiles, b.cells), 0);
}

AdditiveDbBuild::~AdditiveDbBuild() = default;

bool AdditiveDbBuild::run(std::uint64_t max_states) {
  Impl& b = *impl_;
  while (!b.ready) {
    if (!b.scan(max_states)) break;
    b.cursor = 0;
    if (b.level++ < std::min(b.highest, kMaxExcess - 1)) continue;
    auto& table = cached(b.n, b.moves, b.home);
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

const Table& built_table(MoveSet moves, const std::vector<std::uint8_t>& home, int n = 4) {
  AdditiveDbBuild(moves, home, n).run(std::numeric_limits<std::uint64_t>::max());
  return *cached(n, moves, home);
}

constexpr int kMaxGroupNxN = 6;  // numbers in one group of a group map at most

// The smallest image of a set of cells under the symmetries that keep `moves`, and which.
std::pair<std::vector<std::uint8_t>, int> smallest_image(int n, MoveSet moves,
                                                         const std::vector<std::uint8_t>& home) {
  const auto sym = pattern::square_symmetries(n);
  std::pair<std::vector<std::uint8_t>, int> best{{}, -1};
  for (int s = 0; s < (moves == MoveSet::kClockwise ? 4 : 8); ++s) {  // (cw: no reflections)
    std::vector<std::uint8_t> image;
    for (std::uint8_t c : home) image.push_back(sym[s][c]);
    std::sort(image.begin(), image.end());
    if (best.second < 0 || image < best.first) best = {image, s};
  }
  return best;
}

// The inverse of `board` (number -> cell) in `where`.
const std::uint8_t* invert(const std::uint8_t* board, int cells, std::uint8_t* where) {
  for (int c = 0; c < cells; ++c) where[board[c]] = static_cast<std::uint8_t>(c);
  return where;
}

using Homes = std::vector<std::vector<std::uint8_t>>;
constexpr std::uint8_t kAdditiveFormatVersion = 1;  // of the kept tables and of their names
constexpr std::uint8_t kGroupFormatVersion = 1;

// The bytes of the table of `home` on an n x n board.
std::size_t table_size(int n, const std::vector<std::uint8_t>& home) {
  return (pattern::placements(static_cast<int>(home.size()), n * n) + 1) / 2;
}

// The partition's tables, each once, in the order of its groups (none for another name).
Homes partition_homes(const std::string& name) {
  AdditivePartition partition;
  additive_partition(name, partition);
  Homes out;
  for (const auto& g : partition.groups)
    if (std::find(out.begin(), out.end(), g.home) == out.end()) out.push_back(g.home);
  return out;
}

// A file format: `head`, then `tail`'s bytes; its body `homes`' tables (of an n x n board).
template <class Tail>
TableFormat format_of(std::vector<std::uint8_t> head, const Tail& tail, int n, const Homes& homes) {
  const std::size_t fields = head.size();  // (resized, not inserted into: GCC 12 warns)
  head.resize(fields + tail.size());
  std::copy(tail.begin(), tail.end(), head.begin() + static_cast<std::ptrdiff_t>(fields));
  TableFormat f{std::move(head)};
  for (const auto& home : homes) f.body += table_size(n, home);
  return f;
}

// The file of `homes`' tables, empty when one is not built.
std::vector<std::uint8_t> file_of(const TableFormat& f, int n, MoveSet moves, const Homes& homes) {
  std::vector<const TableBytes*> tables;
  for (const auto& home : homes) {
    const auto& table = cached(n, moves, home);
    if (!table) return {};
    tables.push_back(&table->nibbles);
  }
  return table_file_bytes(f, {}, tables);
}

// Keeps tables read back: `homes`' one after the other in `body`.
void keep_tables(int n, MoveSet moves, const Homes& homes, const TableBytes& body) {
  std::size_t at = 0;
  for (const auto& home : homes) {
    auto& table = cached(n, moves, home);
    if (!table) table = std::make_unique<Table>(Table{body.part(at, table_size(n, home))});
    at += table_size(n, home);
  }
}

}  // namespace

int additive_entry(MoveSet moves, const std::vector<std::uint8_t>& home,
                   const std::vector<std::uint8_t>& cells, int size) {
  int least = 0;
  for (std::size_t j = 0; j < home.size(); ++j)
    least += base_quarters(size, cells[j], home[j], moves);
  const int tiles = static_cast<int>(home.size());
  return least +
         excess_step(moves) *
             built_table(moves, home, size).at(pattern::rank(cells.data(), tiles, size * size));
}

std::string default_group_map(int size) {
  switch (size) {
    case 5:  // four groups of 5 turning about the centre, and the centre's plus
      return "AAADD/AAZDD/JZZZD/JJZGG/JJGGG";
    case 6:  // each quarter's 3x3 block as 5 + 4, turning about the centre
      return "AAAEDD/AABEDD/BBBEED/JKKHHH/JJKHGG/JJKGGG";
    case 7:  // four 3x4 arms about the centre, each as two 2x2 blocks and a row of 4
      return "AABBFDD/AABBFDD/CCCCFEE/KKL.FEE/KKLIIII/JJLHHGG/JJLHHGG";
    case 8:  // each quarter's 4x4 block as four 2x2 blocks
      return "AABBGGEE/AABBGGEE/CCDDHHFF/CCDDHHFF/NNPPLLKK/NNPPLLKK/MMOOJJII/MMOOJJII";
    default:
      return {};
  }
}

Result<std::vector<std::vector<std::uint8_t>>> parse_group_map(int n, const std::string& map) {
  const auto bad = [&](const std::string& what) {
    return Error{"group map", "'" + map + "': " + what};
  };
  std::vector<std::string> rows(1);
  for (char ch : map)
    if (ch == '/')
      rows.emplace_back();
    else
      rows.back() += ch;
  if (static_cast<int>(rows.size()) != n)
    return bad(std::to_string(rows.size()) + " rows, the board has " + std::to_string(n));
  std::map<char, std::vector<std::uint8_t>> groups;
  for (int r = 0; r < n; ++r) {
    if (static_cast<int>(rows[r].size()) != n)
      return bad(std::string("row ") + std::to_string(r + 1) + " has " +
                 std::to_string(rows[r].size()) + " cells, not " + std::to_string(n));
    for (int c = 0; c < n; ++c) {
      const char ch = rows[r][c];
      if (ch == '.') continue;
      if (!std::isalnum(static_cast<unsigned char>(ch)))
        return bad(std::string("'") + ch + "' in row " + std::to_string(r + 1) +
                   ": use letters, digits or '.'");
      groups[ch].push_back(static_cast<std::uint8_t>(r * n + c));
    }
  }
  std::vector<std::vector<std::uint8_t>> out;
  for (const auto& [ch, home] : groups) {
    const int k = static_cast<int>(home.size());
    if (k > kMaxGroupNxN || pattern::placements(k, n * n) > kMaxGroupTableEntries)
      return bad(std::string("group '") + ch + "' has " + std::to_string(k) +
                 " numbers: its table would have " + std::to_string(pattern::placements(k, n * n)) +
                 " entries (at most 2^28, and 6 numbers)");
    out.push_back(home);
  }
  return out;
}

std::vector<std::uint8_t> table_home(int n, MoveSet moves, const std::vector<std::uint8_t>& home) {
  return smallest_image(n, moves, home).first;
}

void build_group_table(int n, MoveSet moves, const std::vector<std::uint8_t>& home) {
  built_table(moves, home, n);
}

// A term (one group of one image) is a pattern::LookupView: the cell map is the image's
// symmetry, then the one that takes the group onto its table's; number j of the table is the
// board's number[j].
using Term = pattern::LookupView;

// A group: its table, the symmetry that takes the group onto the table's, the table's homes.
struct AdditiveBound::Group {
  const Table* table;
  int to_table;
  std::vector<std::uint8_t> home;
};

AdditiveBound::AdditiveBound(int n, MoveSet moves, std::string name,
                             const std::vector<Group>& groups, bool exact)
    : cells_(n * n),
      step_(excess_step(moves)),
      offset_(exact ? groups[0].table->offset : -1),
      name_(std::move(name)) {
  base_of_.assign(64 * 64, 0);
  for (int c = 0; c < cells_; ++c)
    for (int x = 0; x < cells_; ++x)
      base_of_[c * 64 + x] = static_cast<std::uint8_t>(base_quarters(n, c, x, moves));
  std::vector<const Table*> distinct;
  for (const Group& g : groups)
    if (std::find(distinct.begin(), distinct.end(), g.table) == distinct.end()) {
      distinct.push_back(g.table);
      bytes_ += g.table->nibbles.size();
    }
  distinct_tables_ = static_cast<int>(distinct.size());
  // The images (docs/puzzle-box.md, "Symmetric lookups"); a pattern table's are all kept, as
  // its lookups are numbered.
  const auto sym = pattern::square_symmetries(n);
  std::vector<std::pair<bool, std::vector<std::uint64_t>>> seen;
  for (int s = 0; s < 8; ++s)
    for (const bool inv : {false, true}) {
      if (moves == MoveSet::kClockwise && (s < 4) == inv) continue;
      std::vector<Term> terms;
      std::vector<std::uint64_t> sets;
      for (const Group& g : groups) {
        Term t;
        t.tiles = static_cast<int>(g.home.size());
        t.nibbles = g.table->nibbles.data();
        for (int c = 0; c < cells_; ++c) t.cell[c] = sym[g.to_table][sym[s][c]];
        std::uint64_t set = 0;
        for (int c = 0; c < cells_; ++c)
          for (int j = 0; j < t.tiles; ++j)
            if (t.cell[c] == g.home[j]) {
              t.number[j] = static_cast<std::uint8_t>(c);
              set |= std::uint64_t{1} << c;
            }
        terms.push_back(t);
        sets.push_back(set);
      }
      std::sort(sets.begin(), sets.end());
      if (offset_ < 0 && std::find(seen.begin(), seen.end(), std::pair(inv, sets)) != seen.end())
        continue;
      seen.emplace_back(inv, std::move(sets));
      images_.push_back(std::move(terms));
      inverse_.push_back(inv);
    }
}

AdditiveBound::AdditiveBound(MoveSet moves, const AdditivePartition& partition)
    : AdditiveBound(4, moves, partition.name, [&] {
        std::vector<Group> groups;
        for (const auto& g : partition.groups)
          groups.push_back({&built_table(moves, g.home), g.rotation, g.home});
        return groups;
      }()) {}

AdditiveBound::AdditiveBound(MoveSet moves, int tiles)
    : AdditiveBound(
          4, moves, "pattern",
          [&] {
            std::vector<std::uint8_t> home(static_cast<std::size_t>(
                std::clamp(tiles, kMinPatternTiles, kLargestPatternTiles)));
            std::iota(home.begin(), home.end(), std::uint8_t{0});
            return std::vector<Group>{{&pattern_table(moves, tiles), 0, home}};
          }(),
          true) {}

AdditiveBound::AdditiveBound(int n, MoveSet moves, const std::string& map)
    : AdditiveBound(n, moves, map, [&] {
        std::vector<Group> groups;
        if (const auto parsed = parse_group_map(n, map))  // (else no images: the bases alone)
          for (const auto& home : *parsed) {
            const auto [canonical, s] = smallest_image(n, moves, home);
            groups.push_back({&built_table(moves, canonical, n), s, canonical});
          }
        return groups;
      }()) {}

int AdditiveBound::least(const std::uint8_t* board) const {
  int sum = 0;
  if (cells_ == kCells)  // (the 4x4 searches' hot path: a loop of known length)
    for (int c = 0; c < kCells; ++c) sum += base_of_[c * 64 + board[c]];
  else
    for (int c = 0; c < cells_; ++c) sum += base_of_[c * 64 + board[c]];
  return sum;
}

std::uint32_t AdditiveBound::index_of(const Term& t, const std::uint8_t* from) const {
  std::array<std::uint8_t, kMaxNumbers> at;
  for (int j = 0; j < t.tiles; ++j) at[j] = t.cell[from[t.number[j]]];
  return pattern::rank(at.data(), t.tiles, cells_);
}

std::string AdditiveBound::describe() const {
  char text[64];
  std::snprintf(text, sizeof text, "%d tables, %.1f MiB, %d images", distinct_tables_,
                static_cast<double>(bytes_) / (1024.0 * 1024.0), images());
  return "additive tables " + name_ + " (" + text + ")";
}

void AdditiveBound::first_indices(const std::uint8_t* board, int first,
                                  std::uint32_t* index) const {
  std::array<std::uint8_t, 64> where;
  const std::uint8_t* from = inverse_[first] ? board : invert(board, cells_, where.data());
  for (const Term& t : images_[first]) {
    *index = index_of(t, from);
    t.prefetch(*index++);
  }
}

int AdditiveBound::excess(int first, const std::uint32_t* index) const {
  int sum = 0;
  for (const Term& t : images_[first]) sum += t.at(*index++);
  return sum;
}

// The image that decided the parent's bound first, alone; then the others, every table byte
// fetched at once (cache misses overlapping). Images differ only in their excess (the bases
// add up to the board's Manhattan sum on every image).
int AdditiveBound::bound(const std::uint8_t* board, int enough, int& first,
                         const int* first_excess) const {
  const int least = offset_ < 0 ? this->least(board) : 0;
  auto moves_of = [least, this](int excess) { return moves_of_excess(least, excess); };
  if (images_.empty()) return moves_of(0);
  std::array<std::uint8_t, 64> where;  // the inverse board, made when first needed
  bool located = false;
  auto from = [&](std::size_t i) -> const std::uint8_t* {
    if (inverse_[i]) return board;
    if (!located) invert(board, cells_, where.data());
    located = true;
    return where.data();
  };
  const int tried = first;
  int excess = first_excess ? *first_excess : 0;
  if (!first_excess)
    for (const Term& t : images_[tried]) excess += t.at(index_of(t, from(tried)));
  int best = moves_of(excess);
  if (best > enough) return best;
  std::array<std::uint32_t, 64 * 16> index;  // (at most 64 groups on 16 images)
  std::size_t at = 0;
  for (std::size_t i = 0; i < images_.size(); ++i) {
    if (static_cast<int>(i) == tried) continue;
    const std::uint8_t* read = from(i);
    for (const Term& t : images_[i]) {
      index[at] = index_of(t, read);
      t.prefetch(index[at++]);
    }
  }
  at = 0;
  for (std::size_t i = 0; i < images_.size(); ++i) {
    if (static_cast<int>(i) == tried) continue;
    excess = 0;
    for (const Term& t : images_[i]) excess += t.at(index[at++]);
    const int moves = moves_of(excess);
    if (moves <= best) continue;
    best = moves, first = static_cast<int>(i);
    if (best > enough) break;
  }
  return best;
}

std::string additive_table_name(MoveSet moves, const std::string& partition) {
  return "box-additive-" + std::string(move_set_name(moves)) + "-" + partition + ".v" +
         std::to_string(kAdditiveFormatVersion);
}

TableFormat additive_table_format(MoveSet moves, const std::string& name) {
  return format_of({'T', 'W', 'A', 'D', 'B', kAdditiveFormatVersion,
                    static_cast<std::uint8_t>(moves), static_cast<std::uint8_t>(name.size())},
                   name, 4, partition_homes(name));
}

std::vector<std::uint8_t> additive_table_bytes(MoveSet moves, const std::string& name) {
  const Homes homes = partition_homes(name);
  if (homes.empty()) return {};
  return file_of(additive_table_format(moves, name), 4, moves, homes);
}

bool keep_additive_tables(MoveSet moves, const std::string& name, const KeptTable& kept) {
  const Homes homes = partition_homes(name);
  if (homes.empty()) return false;
  keep_tables(4, moves, homes, kept.body);
  return true;
}

bool load_additive_tables(MoveSet moves, const std::string& name, const std::uint8_t* bytes,
                          std::size_t size) {
  const auto kept = table_from_bytes(additive_table_format(moves, name), bytes, size);
  return kept && keep_additive_tables(moves, name, *kept);
}

std::string group_table_name(int n, MoveSet moves, const std::vector<std::uint8_t>& home) {
  std::string cells;
  for (std::uint8_t c : home) {
    if (!cells.empty()) cells += '.';
    cells += std::to_string(c);
  }
  return "box-group-" + std::to_string(n) + "x" + std::to_string(n) + "-" + move_set_name(moves) +
         "-" + cells + ".v" + std::to_string(kGroupFormatVersion);
}

TableFormat group_table_format(int n, MoveSet moves, const std::vector<std::uint8_t>& home) {
  return format_of({'T', 'W', 'G', 'D', 'B', kGroupFormatVersion, static_cast<std::uint8_t>(n),
                    static_cast<std::uint8_t>(moves), static_cast<std::uint8_t>(home.size())},
                   home, n, {home});
}

std::vector<std::uint8_t> group_table_bytes(int n, MoveSet moves,
                                            const std::vector<std::uint8_t>& home) {
  return file_of(group_table_format(n, moves, home), n, moves, {home});
}

void keep_group_table(int n, MoveSet moves, const std::vector<std::uint8_t>& home,
                      const KeptTable& kept) {
  keep_tables(n, moves, {home}, kept.body);
}

}  // namespace tilewise::box
