// Disjoint additive pattern databases (docs/puzzle-box.md): the 4x4's partitions and the group
// maps of 5x5 to 8x8, built by one builder, kept in one store. A group's table charges each
// press a quarter per number of the group it moves and holds, per placement of its numbers
// (ranked as mixed-radix digits), the fewest quarters that bring them home, as a 4-bit
// excess over the numbers' bases (base_quarters) in units of excess_step. A press's charges
// over the groups add up to one move, so the sum / 4, rounded up, is a lower bound; the
// largest over the board's images is taken. Groups that are images of one another under a
// symmetry share a table. The 4x4 pattern table (pattern_db.hpp) is looked up the same way, one
// lookup an image, its entry the moves.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/box/bounds/pattern_rank.hpp"
#include "core/box/bounds/table_file.hpp"
#include "core/box/model/puzzle.hpp"
#include "core/result.hpp"

namespace tilewise::box {

// A quarter turn moves a number one step, so with quarter turns a number's base is its
// Manhattan distance on the n x n grid and the excess over it is even (step 2); a half turn
// moves it two steps and is charged a quarter per number it moves.
inline int base_quarters(int n, int cell, int home, MoveSet moves) {
  const int steps = steps_home(n, cell, home);
  return moves == MoveSet::kBothDirectionsAndHalf ? (steps + 1) / 2 : steps;
}
inline int excess_step(MoveSet moves) {
  return moves == MoveSet::kBothDirectionsAndHalf ? 1 : 2;
}

// How the 16 numbers are split; each table's group is named by its numbers' home cells.
struct AdditivePartition {
  struct Group {
    std::vector<std::uint8_t> home;  // home cells (0..15) of the table's numbers
    int rotation;                    // 0..3 quarter turns: this group is the table's group
                                     // turned back by them (rotations keep every move set)
  };
  std::string name;
  std::vector<Group> groups;
};

// "6+6+4", "7+7+2", "8+8" (the top numbers, the same turned half round, the rest), "blocks"
// (the four 2x2 corner blocks) and "rows" (two row pairs).
std::vector<std::string> additive_partition_names();
// The partition of that name; false when there is none.
bool additive_partition(const std::string& name, AdditivePartition& out);

// The lower bound of a 4x4 partition or a group map, over the board's images.
class AdditiveBound {
 public:
  // Both build the tables that are not built yet. A group map must pass parse_group_map.
  AdditiveBound(MoveSet moves, const AdditivePartition& partition);  // 4x4
  AdditiveBound(int size, MoveSet moves, const std::string& map);
  // The pattern table of the numbers 1..tiles (pattern_db.hpp), built if it is not yet: one
  // term an image, none left out, the largest entry's moves (pattern_entry_moves) the bound.
  AdditiveBound(MoveSet moves, int tiles);
  ~AdditiveBound();
  // Lower bound on the moves from `board` (cell -> number 0..N*N-1, the target reads 0, 1,
  // ...), not rounded to the parity; stops once an image's bound exceeds `enough`. Image
  // `first` is tried first (its excess() when `first_excess` is given) and becomes the one
  // that gave the bound.
  int bound(const std::uint8_t* board, int enough, int& first,
            const int* first_excess = nullptr) const;
  // The same, the image that decided the last bound tried first (one caller at a time).
  int bound(const std::uint8_t* board, int enough = 1 << 20) const;
  // What bound() reads first, done ahead for many boards so that their cache misses overlap:
  // the table indices of `board`'s image `first` (terms() of them, prefetched), then their
  // entries' sum.
  void first_indices(const std::uint8_t* board, int first, std::uint32_t* index) const;
  int excess(int first, const std::uint32_t* index) const;
  // The bound of `board` from an image's excess, as bound() rounds it.
  int moves_of(const std::uint8_t* board, int excess) const;
  // How term t of image i reads a board (pattern::LookupView: the board itself when
  // reads_board(i), else its inverse), its entries in units of excess_step() (a pattern
  // table's: pattern_entry_moves).
  using TermView = pattern::LookupView;
  bool reads_board(int image) const;
  const TermView& term(int image, int term) const;
  int terms() const;  // table lookups per image
  int images() const;
  int offset() const;  // a pattern table's (its entries' moves), -1 for a sum of excesses
  std::uint64_t table_bytes() const;  // memory of the distinct tables it reads
  std::string describe() const;       // "additive tables AAABB/... (3 tables, 9.6 MiB, 8 images)"

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// The name a partition's tables are kept under, format version included
// ("box-additive-cw+ccw-7+7+2.v1"): the CLI's cache file (+ ".bin"), the worker's key.
std::string additive_table_name(MoveSet moves, const std::string& partition);
// The kept format of a partition's tables (table_file.hpp): "TWADB", the format version, move
// set and the partition's name, each distinct table's nibbles in the partition's order.
TableFormat additive_table_format(MoveSet moves, const std::string& partition);
// A partition's built tables as kept bytes; empty if one is not built in this process.
std::vector<std::uint8_t> additive_table_bytes(MoveSet moves, const std::string& partition);
// Keeps the tables read back (table_from_file, table_from_bytes of additive_table_format).
bool keep_additive_tables(MoveSet moves, const std::string& partition, const KeptTable& kept);
// The same from kept bytes (the browser's storage); false (nothing kept) when they are not a
// whole, unchanged set of that partition's tables in this format.
bool load_additive_tables(MoveSet moves, const std::string& partition, const std::uint8_t* bytes,
                          std::size_t size);

// The table entry of one group's placement on a size x size board (cells[j]: where the
// number of home[j] is), in quarters; the table is built if needed.
int additive_entry(MoveSet moves, const std::vector<std::uint8_t>& home,
                   const std::vector<std::uint8_t>& cells, int size = 4);

// Builds the table of one group of a size x size board a slice at a time; kept for the life
// of the process once complete.
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

// 5x5 to 8x8: the numbers split by a group map: N rows of one character per cell, '/'
// between rows; cells with the same letter are the homes of one group's numbers, '.' a
// number in no group, charged its base ("AAADD/AAZDD/JZZZD/JJZGG/JJGGG").
// A table has at most 2^28 entries, 128 MiB at 4 bits (25P6 is 127.5 M; 49P5 is not allowed).
inline constexpr std::uint64_t kMaxGroupTableEntries = std::uint64_t{1} << 28;

// The built-in group map of N (5..8) with quarter turns (docs/puzzle-box.md).
std::string default_group_map(int size);

// A group map's groups as their home cells (sorted), checked: N rows of N cells, groups of
// 1..6 numbers whose table has at most kMaxGroupTableEntries entries.
Result<std::vector<std::vector<std::uint8_t>>> parse_group_map(int size, const std::string& map);

// The home cells of the table that answers for `home` (the smallest image of the set under
// the symmetries that keep `moves`): the name under which it is built and kept.
std::vector<std::uint8_t> table_home(int size, MoveSet moves,
                                     const std::vector<std::uint8_t>& home);

// Builds the table of `home` (a table_home; AdditiveDbBuild), kept for the process.
void build_group_table(int size, MoveSet moves, const std::vector<std::uint8_t>& home);
// The name it is kept under, format version included ("box-group-5x5-cw+ccw-0.1.2.5.6.v1").
std::string group_table_name(int size, MoveSet moves, const std::vector<std::uint8_t>& home);
// Its kept format: "TWGDB", the format version, size, move set and homes, the nibbles.
TableFormat group_table_format(int size, MoveSet moves, const std::vector<std::uint8_t>& home);
// A built table as kept bytes; empty when it is not built in this process.
std::vector<std::uint8_t> group_table_bytes(int size, MoveSet moves,
                                            const std::vector<std::uint8_t>& home);
// Keeps a table read back in its format.
void keep_group_table(int size, MoveSet moves, const std::vector<std::uint8_t>& home,
                      const KeptTable& kept);

}  // namespace tilewise::box
