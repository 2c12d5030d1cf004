#include "core/box/additive_nxn.hpp"

#include <algorithm>
#include <array>
#include <cstdlib>
#include <map>
#include <tuple>

#include "core/box/additive_base.hpp"
#include "core/box/board.hpp"
#include "core/box/pattern_rank.hpp"

namespace tilewise::box {
namespace {

constexpr int kMaxGroup = 6;    // numbers in one group at most
constexpr int kUnreached = 15;  // a nibble: "15 or more" (and not reached while building)
using Map64 = std::array<std::uint8_t, 64>;  // cell -> cell

// The 8 symmetries of the N x N square (the first 4 the rotations), as cell maps.
std::array<Map64, 8> symmetries(int n) {
  std::array<Map64, 8> out{};
  for (int s = 0; s < 8; ++s)
    for (int cell = 0; cell < n * n; ++cell) {
      int r = cell / n, c = cell % n;
      if (s >= 4) c = n - 1 - c;
      for (int k = 0; k < s % 4; ++k) std::tie(r, c) = std::pair(c, n - 1 - r);
      out[s][cell] = static_cast<std::uint8_t>(r * n + c);
    }
  return out;
}
// How many symmetries keep the move set: with cw a reflection turns it into ccw.
int kept_symmetries(MoveSet moves) {
  return moves == MoveSet::kClockwise ? 4 : 8;
}

// Placements of k numbers on `cells` cells: cell of number 0, 1, ... as mixed-radix digits,
// each cell counted among the cells the numbers before it left free.
std::uint64_t placements(int cells, int k) {
  std::uint64_t p = 1;
  for (int j = 0; j < k; ++j) p *= static_cast<std::uint64_t>(cells - j);
  return p;
}
std::uint32_t placement_rank(const std::uint8_t* cell, int k, int cells) {
  std::uint32_t index = 0;
  for (int j = 0; j < k; ++j) {
    int digit = cell[j];
    for (int i = 0; i < j; ++i) digit -= cell[i] < cell[j];
    index = index * static_cast<std::uint32_t>(cells - j) + static_cast<std::uint32_t>(digit);
  }
  return index;
}
void placement_cells(std::uint32_t index, int k, int cells, std::uint8_t* cell) {
  std::array<int, kMaxGroup> digit{};
  for (int j = k - 1; j >= 0; --j) {
    digit[j] = static_cast<int>(index % static_cast<std::uint32_t>(cells - j));
    index /= static_cast<std::uint32_t>(cells - j);
  }
  std::array<int, kMaxGroup> taken{};  // the cells before, ascending
  for (int j = 0; j < k; ++j) {
    int c = digit[j], i = 0;
    for (; i < j && taken[i] <= c; ++i) ++c;
    for (int m = j; m > i; --m) taken[m] = taken[m - 1];
    taken[i] = c;
    cell[j] = static_cast<std::uint8_t>(c);
  }
}

struct GroupTable {
  std::vector<std::uint8_t> nibbles;
  int at(std::uint32_t i) const { return nibbles[i / 2] >> (i % 2 * 4) & 15; }
  void set(std::uint32_t i, int v) {
    std::uint8_t& b = nibbles[i / 2];
    b = static_cast<std::uint8_t>((b & ~(15 << (i % 2 * 4))) | v << (i % 2 * 4));
  }
};

using TableKey = std::tuple<int, int, std::vector<std::uint8_t>>;
std::unique_ptr<GroupTable>& cached(int n, MoveSet moves, const std::vector<std::uint8_t>& home) {
  static std::map<TableKey, std::unique_ptr<GroupTable>> tables;
  return tables[{n, static_cast<int>(moves), home}];
}

const GroupTable& table_of(int n, MoveSet moves, const std::vector<std::uint8_t>& home) {
  build_group_table(n, moves, home);
  return *cached(n, moves, home);
}

// The smallest image of a set of cells under the symmetries that keep `moves`, and which.
std::pair<std::vector<std::uint8_t>, int> smallest_image(int n, MoveSet moves,
                                                         const std::vector<std::uint8_t>& home) {
  const auto sym = symmetries(n);
  std::pair<std::vector<std::uint8_t>, int> best{{}, -1};
  for (int s = 0; s < kept_symmetries(moves); ++s) {
    std::vector<std::uint8_t> image;
    for (std::uint8_t c : home) image.push_back(sym[s][c]);
    std::sort(image.begin(), image.end());
    if (best.second < 0 || image < best.first) best = {image, s};
  }
  return best;
}

}  // namespace

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
  const Error bad{"group map", "'" + map + "': "};
  std::vector<std::string> rows(1);
  for (char ch : map)
    if (ch == '/')
      rows.emplace_back();
    else
      rows.back() += ch;
  if (static_cast<int>(rows.size()) != n)
    return Error{bad.where, bad.what + std::to_string(rows.size()) + " rows, the board has " +
                                std::to_string(n)};
  std::map<char, std::vector<std::uint8_t>> groups;
  for (int r = 0; r < n; ++r) {
    if (static_cast<int>(rows[r].size()) != n)
      return Error{bad.where, bad.what + "row " + std::to_string(r + 1) + " has " +
                                  std::to_string(rows[r].size()) + " cells, not " +
                                  std::to_string(n)};
    for (int c = 0; c < n; ++c) {
      const char ch = rows[r][c];
      if (ch == '.') continue;
      if (!std::isalnum(static_cast<unsigned char>(ch)))
        return Error{bad.where, bad.what + "'" + std::string(1, ch) + "' in row " +
                                    std::to_string(r + 1) + ": use letters, digits or '.'"};
      groups[ch].push_back(static_cast<std::uint8_t>(r * n + c));
    }
  }
  std::vector<std::vector<std::uint8_t>> out;
  for (const auto& [ch, home] : groups) {
    const int k = static_cast<int>(home.size());
    if (k > kMaxGroup || placements(n * n, k) > kMaxGroupTableEntries)
      return Error{bad.where, bad.what + "group '" + std::string(1, ch) + "' has " +
                                  std::to_string(k) + " numbers: its table would have " +
                                  std::to_string(placements(n * n, k)) +
                                  " entries (at most 2^28, and 6 numbers)"};
    out.push_back(home);
  }
  return out;
}

std::vector<std::uint8_t> table_home(int n, MoveSet moves, const std::vector<std::uint8_t>& home) {
  return smallest_image(n, moves, home).first;
}

bool group_table_built(int n, MoveSet moves, const std::vector<std::uint8_t>& home) {
  return cached(n, moves, home) != nullptr;
}

// Dijkstra from home over placements, backwards (the moves undone), by the excess of the
// quarters over the numbers' bases: a press moving c numbers of the group costs c quarters
// and changes their bases by at most c, so the excess never falls along a press; a bucket
// per excess (0..14) holds the placements whose entry fell to it.
void build_group_table(int n, MoveSet moves, const std::vector<std::uint8_t>& home) {
  std::unique_ptr<GroupTable>& slot = cached(n, moves, home);
  if (slot) return;
  const int cells = n * n, k = static_cast<int>(home.size()), step = excess_step(moves);
  std::vector<Map64> back;  // where each undoing move takes the number in each cell
  for (Move m : allowed_moves(n, moves)) {
    m.quarter_turns = (4 - m.quarter_turns) % 4;
    std::vector<int> b(cells);
    for (int c = 0; c < cells; ++c) b[c] = c;
    apply_move(b, n, m);
    Map64 to{};
    for (int c = 0; c < cells; ++c) to[b[c]] = static_cast<std::uint8_t>(c);
    back.push_back(to);
  }
  std::vector<std::uint8_t> base_of(static_cast<std::size_t>(cells) * kMaxGroup);
  for (int c = 0; c < cells; ++c)
    for (int j = 0; j < k; ++j)
      base_of[c * kMaxGroup + j] = static_cast<std::uint8_t>(base_quarters(n, c, home[j], moves));
  auto bases = [&](const std::uint8_t* cell) {
    int sum = 0;
    for (int j = 0; j < k; ++j) sum += base_of[cell[j] * kMaxGroup + j];
    return sum;
  };
  auto table = std::make_unique<GroupTable>();
  const std::uint64_t entries = placements(cells, k);
  table->nibbles.assign((entries + 1) / 2, 0xff);
  std::array<std::vector<std::uint32_t>, kUnreached> bucket;
  const std::uint32_t start = placement_rank(home.data(), k, cells);
  table->set(start, 0);
  bucket[0].push_back(start);
  for (int level = 0; level < kUnreached; ++level) {
    while (!bucket[level].empty()) {
      const std::uint32_t index = bucket[level].back();
      bucket[level].pop_back();
      if (table->at(index) != level) continue;  // reached at a lower excess: expanded there
      std::array<std::uint8_t, kMaxGroup> cell{}, next{};
      placement_cells(index, k, cells, cell.data());
      const int quarters = bases(cell.data()) + step * level;
      for (const Map64& to : back) {
        int charge = 0;
        for (int j = 0; j < k; ++j) {
          next[j] = to[cell[j]];
          charge += next[j] != cell[j];
        }
        if (charge == 0) continue;
        const int excess = (quarters + charge - bases(next.data())) / step;
        if (excess >= kUnreached) continue;
        const std::uint32_t r = placement_rank(next.data(), k, cells);
        if (excess >= table->at(r)) continue;
        table->set(r, excess);
        bucket[excess].push_back(r);
      }
    }
    bucket[level] = {};
  }
  slot = std::move(table);
}

int group_table_entry(int n, MoveSet moves, const std::vector<std::uint8_t>& home,
                      const std::vector<std::uint8_t>& cells) {
  int least = 0;
  for (std::size_t j = 0; j < home.size(); ++j) least += base_quarters(n, cells[j], home[j], moves);
  const int k = static_cast<int>(home.size());
  return least +
         excess_step(moves) * table_of(n, moves, home).at(placement_rank(cells.data(), k, n * n));
}

// One group of one image: its table, the cell map (the image's symmetry, then the one that
// takes the group onto its table's) and which number of the board is the table's number j.
struct GroupTerm {
  const GroupTable* table;
  Map64 cell;
  std::array<std::uint8_t, kMaxGroup> number;
  int tiles;
};

struct AdditiveBoundNxN::Impl {
  int n = 0, cells = 0, step = 2;
  std::string map;
  std::vector<std::vector<GroupTerm>> images;
  std::vector<bool> inverse;          // per image: read on the inverse board
  std::vector<std::uint8_t> base_of;  // [cell * 64 + number]
  std::uint64_t bytes = 0;
  int distinct_tables = 0;
  mutable std::size_t first = 0;  // the image that decided the last bound

  std::uint32_t index_of(const GroupTerm& t, const std::uint8_t* where) const {
    std::array<std::uint8_t, kMaxGroup> at{};
    for (int j = 0; j < t.tiles; ++j) at[j] = t.cell[where[t.number[j]]];
    return placement_rank(at.data(), t.tiles, cells);
  }
};

AdditiveBoundNxN::AdditiveBoundNxN(int n, MoveSet moves, const std::string& map)
    : impl_(std::make_unique<Impl>()) {
  Impl& b = *impl_;
  b.n = n, b.cells = n * n, b.step = excess_step(moves), b.map = map;
  b.base_of.assign(64 * 64, 0);
  for (int c = 0; c < b.cells; ++c)
    for (int x = 0; x < b.cells; ++x)
      b.base_of[c * 64 + x] = static_cast<std::uint8_t>(base_quarters(n, c, x, moves));
  const auto groups = parse_group_map(n, map);
  if (!groups) return;  // (the caller checked it: no images, the bound of the bases alone)
  const auto sym = symmetries(n);
  // Per group: its table and the symmetry that takes the group onto the table's homes.
  std::vector<std::pair<const GroupTable*, int>> table_of_group;
  std::vector<const GroupTable*> distinct;
  for (const auto& home : *groups) {
    const auto [canonical, s] = smallest_image(n, moves, home);
    const GroupTable* t = &table_of(n, moves, canonical);
    table_of_group.emplace_back(t, s);
    if (std::find(distinct.begin(), distinct.end(), t) == distinct.end()) {
      distinct.push_back(t);
      b.bytes += t->nibbles.size();
    }
  }
  b.distinct_tables = static_cast<int>(distinct.size());
  // The images: symmetries that keep the move set on the board; with both directions also
  // on the inverse; with cw the reflections only on the inverse (its moves are ccw ones).
  // Two images whose groups hold the same sets of numbers give the same sum: one is kept.
  std::vector<std::pair<bool, std::vector<std::uint64_t>>> seen;
  for (int s = 0; s < 8; ++s)
    for (const bool inv : {false, true}) {
      const bool rotation = s < 4;
      if (moves == MoveSet::kClockwise && rotation == inv) continue;
      std::vector<GroupTerm> terms;
      std::vector<std::uint64_t> sets;
      for (std::size_t g = 0; g < groups->size(); ++g) {
        const auto& home = (*groups)[g];
        const auto [table, to_table] = table_of_group[g];
        const std::vector<std::uint8_t> canonical = table_home(n, moves, home);
        GroupTerm t{table, {}, {}, static_cast<int>(home.size())};
        for (int c = 0; c < b.cells; ++c) t.cell[c] = sym[to_table][sym[s][c]];
        std::uint64_t set = 0;
        for (int c = 0; c < b.cells; ++c)
          for (int j = 0; j < t.tiles; ++j)
            if (t.cell[c] == canonical[j]) {
              t.number[j] = static_cast<std::uint8_t>(c);
              set |= std::uint64_t{1} << c;
            }
        terms.push_back(t);
        sets.push_back(set);
      }
      std::sort(sets.begin(), sets.end());
      if (std::find(seen.begin(), seen.end(), std::pair(inv, sets)) != seen.end()) continue;
      seen.emplace_back(inv, std::move(sets));
      b.images.push_back(std::move(terms));
      b.inverse.push_back(inv);
    }
}

AdditiveBoundNxN::~AdditiveBoundNxN() = default;

int AdditiveBoundNxN::images() const {
  return static_cast<int>(impl_->images.size());
}

std::uint64_t AdditiveBoundNxN::table_bytes() const {
  return impl_->bytes;
}

std::string AdditiveBoundNxN::describe() const {
  char text[64];
  std::snprintf(text, sizeof text, "%d tables, %.1f MiB, %d images", impl_->distinct_tables,
                static_cast<double>(impl_->bytes) / (1024.0 * 1024.0), images());
  return "additive tables " + impl_->map + " (" + text + ")";
}

// Images differ only in their excess (the bases' sum is the board's on each): the image
// that decided last first, alone; then the others with every table byte fetched at once.
int AdditiveBoundNxN::bound(const std::uint8_t* board, int enough) const {
  const Impl& b = *impl_;
  int least = 0;
  for (int c = 0; c < b.cells; ++c) least += b.base_of[c * 64 + board[c]];
  auto moves_of = [&](int excess) { return (least + b.step * excess + 3) / 4; };
  if (b.images.empty()) return moves_of(0);
  std::array<std::uint8_t, 64> where{};  // number -> cell
  for (int c = 0; c < b.cells; ++c) where[board[c]] = static_cast<std::uint8_t>(c);
  auto from = [&](std::size_t i) { return b.inverse[i] ? board : where.data(); };
  int excess = 0;
  for (const GroupTerm& t : b.images[b.first]) excess += t.table->at(b.index_of(t, from(b.first)));
  int best = moves_of(excess);
  if (best > enough) return best;
  std::array<std::uint32_t, 64 * 16> index;  // (at most 64 groups on 16 images)
  std::size_t at = 0;
  for (std::size_t i = 0; i < b.images.size(); ++i) {
    if (i == b.first) continue;
    for (const GroupTerm& t : b.images[i]) {
      index[at] = b.index_of(t, from(i));
      __builtin_prefetch(&t.table->nibbles[index[at++] / 2]);
    }
  }
  at = 0;
  const std::size_t tried = b.first;
  for (std::size_t i = 0; i < b.images.size(); ++i) {
    if (i == tried) continue;
    excess = 0;
    for (const GroupTerm& t : b.images[i]) excess += t.table->at(index[at++]);
    if (moves_of(excess) <= best) continue;
    best = moves_of(excess);
    b.first = i;
    if (best > enough) break;
  }
  return best;
}

namespace {

constexpr std::uint8_t kGroupFormatVersion = 1;
constexpr std::uint8_t kGroupMagic[6] = {'T', 'W', 'G', 'D', 'B', kGroupFormatVersion};

std::vector<std::uint8_t> table_header(int n, MoveSet moves, const std::vector<std::uint8_t>& home,
                                       std::uint64_t checksum) {
  std::vector<std::uint8_t> out(kGroupMagic, kGroupMagic + sizeof(kGroupMagic));
  out.push_back(static_cast<std::uint8_t>(n));
  out.push_back(static_cast<std::uint8_t>(moves));
  out.push_back(static_cast<std::uint8_t>(home.size()));
  out.insert(out.end(), home.begin(), home.end());
  for (int i = 0; i < 8; ++i) out.push_back(static_cast<std::uint8_t>(checksum >> (8 * i)));
  return out;
}

}  // namespace

std::string group_table_name(int n, MoveSet moves, const std::vector<std::uint8_t>& home) {
  std::string cells;
  for (std::uint8_t c : home) {
    if (!cells.empty()) cells += '.';
    cells += std::to_string(c);
  }
  return "box-group-" + std::to_string(n) + "x" + std::to_string(n) + "-" + move_set_name(moves) +
         "-" + cells + ".v" + std::to_string(kGroupFormatVersion);
}

std::vector<std::uint8_t> group_table_bytes(int n, MoveSet moves,
                                            const std::vector<std::uint8_t>& home) {
  const auto& table = cached(n, moves, home);
  if (!table) return {};
  std::vector<std::uint8_t> out =
      table_header(n, moves, home, pattern::fnv1a(table->nibbles.data(), table->nibbles.size()));
  out.insert(out.end(), table->nibbles.begin(), table->nibbles.end());
  return out;
}

bool load_group_table(int n, MoveSet moves, const std::vector<std::uint8_t>& home,
                      const std::vector<std::uint8_t>& bytes) {
  const std::size_t head = table_header(n, moves, home, 0).size();
  const std::size_t body = (placements(n * n, static_cast<int>(home.size())) + 1) / 2;
  if (bytes.size() != head + body) return false;
  const std::uint8_t* at = bytes.data() + head;
  const auto expected = table_header(n, moves, home, pattern::fnv1a(at, body));
  if (!std::equal(expected.begin(), expected.end(), bytes.begin())) return false;
  auto& table = cached(n, moves, home);
  if (!table)
    table = std::make_unique<GroupTable>(GroupTable{std::vector<std::uint8_t>(at, at + body)});
  return true;
}

}  // namespace tilewise::box
