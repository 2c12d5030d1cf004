// Disjoint additive pattern tables for the N x N Puzzle Box, 5 <= N <= 8: a lower bound for
// the optimal search of 5x5 and up and the anytime search's start (anytime_search.hpp).
//
// As on the 4x4 (additive_db.hpp): the numbers are split into disjoint groups; a group's
// table charges each press a quarter per number of the group it moves (a press that moves
// none of them is free) and holds, for every placement of the group's numbers, the fewest
// quarters that bring them home. A press's charges over all groups add up to one move, so
// the sum of the groups' entries / 4 (rounded up) is a lower bound on the moves left; a
// number in no group is charged its own distance home (its base). The sum is taken on every
// image of the board with the same distance (the square's symmetries that keep the move
// set, and the inverse permutation where it has the same distance) and the largest is the
// bound. Groups that are images of one another under those symmetries share a table.
//
// A partition is written as a group map: N rows of one character per cell, '/' between
// rows; cells with the same letter are the homes of one group's numbers, '.' a number in no
// group ("AAADD/AAZDD/JZZZD/JJZGG/JJGGG"). Tables hold 4-bit excesses over the numbers'
// bases (as the 4x4's), kept by the CLI in its cache folder (group_table_bytes).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/box/puzzle.hpp"
#include "core/result.hpp"

namespace tilewise::box {

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

// The table entry of group `home` (a table_home) for one placement (cells[j]: where the
// number of home[j] is), in quarters; builds the table if needed. For tests and tools.
int group_table_entry(int size, MoveSet moves, const std::vector<std::uint8_t>& home,
                      const std::vector<std::uint8_t>& cells);
// Whether the table of `home` (a table_home) is built in this process.
bool group_table_built(int size, MoveSet moves, const std::vector<std::uint8_t>& home);
// Builds it (a bucketed Dijkstra over the placements by their excess); kept for the process.
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
