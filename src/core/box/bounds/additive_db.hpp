// Disjoint additive pattern databases for the Puzzle Box, one kind of table for every N:
// the 4x4's partitions (the optimal search's and the counts' bound) and the group maps of
// 5x5 to 8x8 (the optimal search's bound there, below), built by one builder, kept in one
// store.
//
// A press moves the 4 numbers of its block. The 16 numbers are split into disjoint groups;
// the table of a group charges each press a quarter per number of the group it moves (1..4
// quarters; a press that moves none of them leaves the group where it is and costs
// nothing), and holds, for every placement of the group's numbers, the fewest quarters that
// bring them home. Across the groups a press's charges add up to exactly one move, so the
// sum of the groups' entries, in quarters, divided by 4 and rounded up, is a lower bound on
// the moves left: numbers that travel together share their presses, where a table of one
// group alone must charge a whole press for each.
//
// Like the non-additive table (pattern_db.hpp) the sum is taken on every image of the
// board with the same distance (symmetries, inverse) and the largest is the bound. Groups
// that are rotations of one another share a table (the top six numbers' table also answers
// for the bottom six, turned half round). A table holds, per placement (ranked as
// mixed-radix digits: pattern_rank.hpp), the 4-bit excess of the quarters over the numbers'
// bases: base_quarters each, the excess in units of excess_step.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/box/bounds/pattern_rank.hpp"
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

// "6+6+4" (the top six, the bottom six, the middle four: 2 x 5,765,760 + 43,680 bytes, one
// 6-number table), "7+7+2" (one 7-number table, 57,657,600 bytes, and a 2-number one),
// "8+8" (the top eight and the bottom eight: one 8-number table, 518,918,400 entries,
// 247.5 MiB; in the browser only when the user asks for it),
// "blocks" (the four 2x2 corner blocks: one 4-number table) and "rows" (two 4-number tables).
std::vector<std::string> additive_partition_names();
// The partition of that name; false when there is none.
bool additive_partition(const std::string& name, AdditivePartition& out);

// The lower bound of one partition, over the board's images.
class AdditiveBound4x4 {
 public:
  // Builds the tables that are not built yet.
  AdditiveBound4x4(MoveSet moves, const AdditivePartition& partition);
  ~AdditiveBound4x4();
  // Lower bound on the moves from `board` (cell -> number 0..15, the target is 0..15 in
  // order); stops once an image's bound exceeds `enough`; `first` is the image to try first
  // and becomes the one that gave the bound.
  // `first_excess`: excess() of this board's image `first`, or null.
  int bound(const std::uint8_t* board, int enough, int& first,
            const int* first_excess = nullptr) const;
  // What bound() reads first, done ahead for a node's children before they are tried, all
  // at once so that their cache misses overlap: the table indices of `board`'s image
  // `first` (terms() of them into `index`, the bytes asked of memory), then excess(): the
  // sum of those entries, for bound() to take as `first_excess`.
  void first_indices(const std::uint8_t* board, int first, std::uint32_t* index) const;
  int excess(int first, const std::uint32_t* index) const;
  // The bound of `board` from an image's excess (the sum of its entries), as bound() rounds it.
  int moves_of(const std::uint8_t* board, int excess) const;
  // How term t of image i reads a board (pattern::LookupView: the board itself when
  // reads_board(i), else its inverse), its entries in units of excess_step().
  using TermView = pattern::LookupView;
  bool reads_board(int image) const;
  TermView term(int image, int term) const;
  int terms() const;  // table lookups per image
  int images() const;
  std::uint64_t table_bytes() const;  // memory of the tables it reads

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// Lower bound from 1-based numbers (board[cell] in 1..16), for tests and tools.
int additive_bound_4x4(const std::vector<int>& board, MoveSet moves, const std::string& partition);
// The name a partition's tables are kept under, format version included
// ("box-additive-cw+ccw-7+7+2.v1"): the CLI's cache file (+ ".bin"); never the name of a
// non-additive table (pattern_db.hpp), so neither is read as the other.
std::string additive_table_name(MoveSet moves, const std::string& partition);
// A partition's built tables as bytes to keep ("TWADB" 1, move set, the partition's name, an
// FNV-1a checksum, each distinct table's nibbles in the partition's order); empty if one is
// not built in this process.
std::vector<std::uint8_t> additive_table_bytes(MoveSet moves, const std::string& partition);
// Keeps the tables read back from additive_table_bytes; false (nothing kept) when the bytes
// are not a whole, unchanged set of that partition's tables in this format.
bool load_additive_tables(MoveSet moves, const std::string& partition,
                          const std::vector<std::uint8_t>& bytes);
// The same from `size` bytes at `bytes` (the worker's, read from storage, with no copy of them).
bool load_additive_tables(MoveSet moves, const std::string& partition, const std::uint8_t* bytes,
                          std::size_t size);
// (ReadTableBytes: pattern_rank.hpp.)
// The same from `size` bytes given by `read` in pieces, each distinct table's straight into
// its own memory (the CLI's file read: 8+8's 247.5 MiB not copied once more).
bool load_additive_tables(MoveSet moves, const std::string& partition, std::size_t size,
                          const ReadTableBytes& read);

// The table entry of one group's placement on a size x size board (cells[j]: where the
// number of home[j] is), in quarters; the table is built if needed. For tests and tools.
int additive_entry(MoveSet moves, const std::vector<std::uint8_t>& home,
                   const std::vector<std::uint8_t>& cells, int size = 4);

// Builds the table of one group of a size x size board a slice at a time (a Dijkstra over
// placements by their excess over the numbers' bases, written straight into the 4-bit
// table); kept for the life of the process once complete.
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
// number in no group, charged its base ("AAADD/AAZDD/JZZZD/JJZGG/JJGGG"). Groups that are
// images of one another under the symmetries that keep the move set share a table; the
// CLI keeps them in its cache folder (group_table_bytes).
// A table has at most this many entries (placements): 2^28, 128 MiB at 4 bits (25P6 is
// 127.5 M; 49P5, 228.8 M, is not allowed).
inline constexpr std::uint64_t kMaxGroupTableEntries = std::uint64_t{1} << 28;

// The built-in group map of N (5..8) with quarter turns (measured: docs/puzzle-box.md,
// "5x5 and up").
std::string default_group_map(int size);

// A group map's groups as their home cells (sorted), checked: N rows of N cells, groups of
// 1..6 numbers whose table has at most kMaxGroupTableEntries entries. The error says what is
// wrong and where.
Result<std::vector<std::vector<std::uint8_t>>> parse_group_map(int size, const std::string& map);

// The home cells of the table that answers for `home` (the smallest image of the set under
// the symmetries that keep `moves`): the name under which it is built and kept.
std::vector<std::uint8_t> table_home(int size, MoveSet moves,
                                     const std::vector<std::uint8_t>& home);

// The bound of one group map over the board's images.
class AdditiveBoundNxN {
 public:
  // `map` must pass parse_group_map; builds the tables that are not built yet.
  AdditiveBoundNxN(int size, MoveSet moves, const std::string& map);
  ~AdditiveBoundNxN();
  // Moves from `board` (cell -> number 0..N*N-1; the target reads 0, 1, ...) at least, not
  // rounded to the parity; stops once an image's bound exceeds `enough`. The image that
  // decided the last bound is tried first (one caller at a time).
  int bound(const std::uint8_t* board, int enough = 1 << 20) const;
  int images() const;
  std::uint64_t table_bytes() const;  // the distinct tables it reads
  std::string describe() const;       // "additive tables AAABB/..., 3 tables, 9.6 MiB, 8 images"

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// Whether the table of `home` (a table_home) is built in this process.
bool group_table_built(int size, MoveSet moves, const std::vector<std::uint8_t>& home);
// Builds it (AdditiveDbBuild); kept for the process.
void build_group_table(int size, MoveSet moves, const std::vector<std::uint8_t>& home);
// The name it is kept under, format version included ("box-group-5x5-cw+ccw-0.1.2.5.6.v1").
std::string group_table_name(int size, MoveSet moves, const std::vector<std::uint8_t>& home);
// A built table as bytes to keep ("TWGDB" 1, size, move set, the homes, an FNV-1a checksum,
// the nibbles); empty when it is not built in this process.
std::vector<std::uint8_t> group_table_bytes(int size, MoveSet moves,
                                            const std::vector<std::uint8_t>& home);
// Keeps a table read back from group_table_bytes; false (nothing kept) when the bytes are
// not that table, whole and unchanged, in this format.
bool load_group_table(int size, MoveSet moves, const std::vector<std::uint8_t>& home,
                      const std::vector<std::uint8_t>& bytes);

}  // namespace tilewise::box
