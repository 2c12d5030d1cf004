// Disjoint additive pattern databases for every N (docs/puzzle-box.md, "Disjoint additive
// pattern databases", "Group tables"): the 4x4 partitions and the group maps of 5x5 to 8x8, one
// builder, one store; the 4x4 pattern table (pattern_db.hpp) is read the same way.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/box/bounds/pattern_db.hpp"
#include "core/box/bounds/pattern_rank.hpp"
#include "core/box/bounds/table_file.hpp"
#include "core/box/model/puzzle.hpp"
#include "core/result.hpp"

namespace tilewise::box {

// A number's base: its steps home (a half turn moves it two for one quarter); the excess over
// the bases is even with quarter turns only.
inline int base_quarters(int n, int cell, int home, MoveSet moves) {
  const int steps = steps_home(n, cell, home);
  return moves == MoveSet::kBothDirectionsAndHalf ? (steps + 1) / 2 : steps;
}
inline int excess_step(MoveSet moves) {
  return moves == MoveSet::kBothDirectionsAndHalf ? 1 : 2;
}

// How the 16 numbers are split: per group its table's home cells and the quarter turns
// (0..3) that turn the table's group back onto this one.
struct AdditivePartition {
  struct Group {
    std::vector<std::uint8_t> home;
    int rotation;
  };
  std::string name;
  std::vector<Group> groups;
};

// "6+6+4", "7+7+2", "8+8", "blocks", "rows"; additive_partition: false for another name.
std::vector<std::string> additive_partition_names();
bool additive_partition(const std::string& name, AdditivePartition& out);

// The lower bound of a 4x4 partition or a group map, over the board's images.
class AdditiveBound {
 public:
  // Term t of image i (it reads the board itself when reads_board(i), else the inverse).
  using TermView = pattern::LookupView;
  // Each builds the tables missing: a 4x4 partition, a group map (parse_group_map's), the
  // pattern table of the numbers 1..tiles (one term an image, every image kept).
  AdditiveBound(MoveSet moves, const AdditivePartition& partition);
  AdditiveBound(int size, MoveSet moves, const std::string& map);
  AdditiveBound(MoveSet moves, int tiles);
  // Lower bound on the moves from `board` (renamed_start's), without the parity; stops once an
  // image's bound exceeds `enough`. Image `first` goes first (with `first_excess`: its
  // excess()) and becomes the one that gave the bound; without it, the last bound's.
  int bound(const std::uint8_t* board, int enough, int& first,
            const int* first_excess = nullptr) const;
  int bound(const std::uint8_t* board, int enough = 1 << 20) const {
    return bound(board, enough, first_);
  }
  // bound()'s first image ahead of it, for many boards at once: its terms() indices
  // (prefetched), their entries' sum, the bound of that excess.
  void first_indices(const std::uint8_t* board, int first, std::uint32_t* index) const;
  int excess(int first, const std::uint32_t* index) const;
  int moves_of(const std::uint8_t* board, int excess) const {
    return moves_of_excess(offset_ < 0 ? least(board) : 0, excess);
  }
  bool reads_board(int image) const { return inverse_[static_cast<std::size_t>(image)]; }
  const TermView& term(int image, int term) const {
    return images_[static_cast<std::size_t>(image)][static_cast<std::size_t>(term)];
  }
  int terms() const { return static_cast<int>(images_[0].size()); }  // table lookups per image
  int images() const { return static_cast<int>(images_.size()); }
  int offset() const { return offset_; }  // a pattern table's (its entries' moves), else -1
  std::uint64_t table_bytes() const { return bytes_; }  // memory of the distinct tables read
  std::string describe() const;  // "additive tables AAABB/... (3 tables, 9.6 MiB, 8 images)"

 private:
  struct Group;  // (additive_db.cpp)
  // exact: a pattern table's, its entries moves above its offset.
  AdditiveBound(int size, MoveSet moves, std::string name, const std::vector<Group>& groups,
                bool exact = false);
  int least(const std::uint8_t* board) const;  // the sum of the numbers' bases
  // The bound in moves of a board whose sum of bases is `least`, from an image's excess.
  int moves_of_excess(int least, int excess) const {
    return offset_ < 0 ? (least + step_ * excess + 3) / 4 : pattern_entry_moves(excess, offset_);
  }
  std::uint32_t index_of(const TermView& t, const std::uint8_t* from) const;

  int cells_, step_;
  int offset_;  // -1: the sum of excesses; else a pattern table's entry: pattern_entry_moves
  std::string name_;
  std::vector<std::vector<TermView>> images_;
  std::vector<bool> inverse_;          // per image: read on the board itself
  std::vector<std::uint8_t> base_of_;  // [cell * 64 + number]: base_quarters()
  std::uint64_t bytes_ = 0;
  int distinct_tables_ = 0;
  mutable int first_ = 0;  // the image that decided the last bound (bound() without `first`)
};

// A partition's tables kept (table_file.hpp), as the pattern table's (pattern_db.hpp): the
// name with the format version ("box-additive-cw+ccw-7+7+2.v1"), the format ("TWADB", each
// distinct table in the partition's order), the built tables' bytes (empty when one is not
// built), keeping tables read back, and from the browser's bytes (false: nothing kept).
std::string additive_table_name(MoveSet moves, const std::string& partition);
TableFormat additive_table_format(MoveSet moves, const std::string& partition);
std::vector<std::uint8_t> additive_table_bytes(MoveSet moves, const std::string& partition);
bool keep_additive_tables(MoveSet moves, const std::string& partition, const KeptTable& kept);
bool load_additive_tables(MoveSet moves, const std::string& partition, const std::uint8_t* bytes,
                          std::size_t size);

// The entry, in quarters, of one group's placement (cells[j]: where home[j]'s number is).
int additive_entry(MoveSet moves, const std::vector<std::uint8_t>& home,
                   const std::vector<std::uint8_t>& cells, int size = 4);

// One group's table built a slice at a time, kept for the process once complete.
class AdditiveDbBuild {
 public:
  AdditiveDbBuild(MoveSet moves, std::vector<std::uint8_t> home, int size = 4);
  ~AdditiveDbBuild();
  bool run(std::uint64_t max_states);  // true when the table is ready
  std::uint64_t states_done() const;
  std::uint64_t states_total() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// 5x5 to 8x8: a group map, N rows of a character a cell, '/' between rows: a letter's cells
// are one group's homes, '.' a number in no group ("AAADD/AAZDD/JZZZD/JJZGG/JJGGG"). Groups of
// 1..6 numbers, a table at most 2^28 entries (128 MiB).
inline constexpr std::uint64_t kMaxGroupTableEntries = std::uint64_t{1} << 28;
std::string default_group_map(int size);  // the built-in map of N (5..8)
// The map's groups as sorted home cells, checked.
Result<std::vector<std::vector<std::uint8_t>>> parse_group_map(int size, const std::string& map);
// The homes of the table that answers for `home`: its smallest image under the symmetries
// that keep `moves`, under which the table is built and kept.
std::vector<std::uint8_t> table_home(int size, MoveSet moves,
                                     const std::vector<std::uint8_t>& home);

// A table_home's table: built, and kept as a partition's ("box-group-5x5-cw+ccw-0.1.2.5.6.v1",
// "TWGDB").
void build_group_table(int size, MoveSet moves, const std::vector<std::uint8_t>& home);
std::string group_table_name(int size, MoveSet moves, const std::vector<std::uint8_t>& home);
TableFormat group_table_format(int size, MoveSet moves, const std::vector<std::uint8_t>& home);
std::vector<std::uint8_t> group_table_bytes(int size, MoveSet moves,
                                            const std::vector<std::uint8_t>& home);
void keep_group_table(int size, MoveSet moves, const std::vector<std::uint8_t>& home,
                      const KeptTable& kept);

}  // namespace tilewise::box
