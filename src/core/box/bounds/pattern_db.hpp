// A pattern database for the 4x4 Puzzle Box: for the numbers 1..k (k = `tiles`, 4 to 8,
// the top row first), the exact number of moves needed to bring just those k home,
// whatever the other numbers do, for every placement of the k numbers:
// 16!/(16-k)! entries of 4 bits (k = 7: 57,657,600 entries, 27.5 MiB per move set; k = 5:
// 524,160 entries, 256 KiB, what the tests use); the 8-number tables keep distances from
// their largest less 14 up (pattern_db.cpp: PatternTable).
//
// The bound looks the table up several times, each a lower bound on the real distance:
// under every symmetry of the board that maps the move set onto itself (relabelling the
// numbers, so the same table answers for the right column, the bottom row, ...) and, where
// the inverse permutation has the same distance, on the inverse board too:
//   cw+ccw, cw+ccw+half: the 8 rotations/reflections, each on the board and its inverse (16)
//   cw: the 4 rotations on the board, the 4 reflections on its inverse (a reflection turns
//       clockwise into counter-clockwise; so does inverting a sequence) (8)
// Tables are built by a breadth-first search from the solved placement, one distance layer
// at a time (resumable, so the browser worker builds it in slices), and kept for the life
// of the process once built.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/box/bounds/pattern_rank.hpp"
#include "core/box/model/puzzle.hpp"

namespace tilewise::box {

inline constexpr int kMinPatternTiles = 4;
inline constexpr int kMaxPatternTiles = 7;  // the largest the browser worker builds
// Native only (tilewise box solve --pattern-tiles 8): 16!/8! = 518,918,400 entries,
// 247.5 MiB, about ten times the 7-number table's build time.
inline constexpr int kLargestPatternTiles = 8;
inline constexpr int kDefaultPatternTiles = 7;

class PatternTable;  // the packed distances (pattern_db.cpp)

// The moves an entry of a table with `offset` stands for (its lower bound): 0 for 0 (the
// offset or less), else offset + entry (pattern_db.cpp: PatternTable).
inline int pattern_entry_moves(int entry, int offset) {
  return entry == 0 ? 0 : entry + offset;
}

// The lookups of one table over the board's symmetries.
class PatternBound4x4 {
 public:
  // Builds the table of (moves, tiles) if it is not built yet.
  PatternBound4x4(MoveSet moves, int tiles);
  // Lower bound on the moves from `board` (cell -> number 0..15, the target is 0..15 in
  // order) to the target; stops looking up once a lookup exceeds `enough`.
  int bound(const std::uint8_t* board, int enough = 255) const;
  // The same, trying lookup `first` first (the one that decided a neighbour's bound, say);
  // `first` becomes the lookup that gave the bound.
  int bound(const std::uint8_t* board, int enough, int& first) const;
  int lookups() const { return static_cast<int>(lookups_.size()); }
  // How lookup k reads a board (the board itself when reads_board(k), else its inverse), its
  // entries in moves less offset() (an entry 0: a bound of 0): the bound is the largest
  // (count_layers.cpp ranks them its own way).
  pattern::LookupView lookup(int k) const;
  int offset() const;
  bool reads_board(int k) const { return lookups_[static_cast<std::size_t>(k)].inverse; }

 private:
  struct Lookup {
    std::array<std::uint8_t, 16> cell;                      // the symmetry: cell -> cell
    std::array<std::uint8_t, kLargestPatternTiles> number;  // pattern number j of the image is
                                                            // number[j] of the board
    bool inverse;
  };
  std::uint32_t index_of(const Lookup& l, const std::uint8_t* board,
                         const std::uint8_t* where) const;
  const PatternTable* table_;
  std::vector<Lookup> lookups_;
};

// Lower bound from 1-based numbers (board[cell] in 1..16), for tests and tools.
int pattern_bound_4x4(const std::vector<int>& board, MoveSet moves, int tiles);

// The name a kept table goes by, its format version included ("box-pattern-cw+ccw-7.v1"):
// the CLI's cache file (+ ".bin") and the browser worker's storage key. A table kept under
// another version's name is never read.
std::string pattern_table_name(MoveSet moves, int tiles);
// A built table as bytes to keep on disk ("TWPDB" 1, move set, tiles, FNV-1a checksum of
// the entries, the 4-bit entries); empty if that table is not built in this process.
std::vector<std::uint8_t> pattern_table_bytes(MoveSet moves, int tiles);
// Keeps a table read back from pattern_table_bytes; false (nothing kept) when the bytes are
// not a whole, unchanged table of (moves, tiles) in this format.
bool load_pattern_table(MoveSet moves, int tiles, const std::vector<std::uint8_t>& bytes);
// The same from `size` bytes given by `read` in pieces, the entries straight into the table's
// memory (the CLI's file read: the 8-number table's 247.5 MiB not copied once more).
bool load_pattern_table(MoveSet moves, int tiles, std::size_t size, const ReadTableBytes& read);

// Builds one table a slice at a time; it is kept once complete.
class PatternDbBuild {
 public:
  PatternDbBuild(MoveSet moves, int tiles);
  ~PatternDbBuild();
  bool run(std::uint64_t max_states);  // true when the table is ready
  std::uint64_t states_done() const;   // states expanded so far
  std::uint64_t states_total() const;  // 16!/(16-tiles)!

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace tilewise::box
