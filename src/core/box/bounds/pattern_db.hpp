// A pattern database for the 4x4 Puzzle Box (docs/puzzle-box.md): for the numbers 1..k (k =
// `tiles`, 4 to 8), the exact moves that bring just those k home, for every placement of
// them: 16!/(16-k)! entries of 4 bits. The bound is the largest lookup over the board's
// images (pattern_rank.hpp: square_symmetries). Built by a resumable breadth-first search
// from the solved placement (the browser worker builds it in slices), kept for the process.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/box/bounds/pattern_rank.hpp"
#include "core/box/bounds/table_file.hpp"
#include "core/box/model/puzzle.hpp"

namespace tilewise::box {

inline constexpr int kMinPatternTiles = 4;
inline constexpr int kMaxPatternTiles = 7;      // the largest the browser worker builds
inline constexpr int kLargestPatternTiles = 8;  // native only: 247.5 MiB
inline constexpr int kDefaultPatternTiles = 7;

class PatternTable;  // the packed distances (pattern_db.cpp)

// The moves an entry of a table with `offset` stands for (its lower bound; PatternTable).
inline int pattern_entry_moves(int entry, int offset) {
  return entry == 0 ? 0 : entry + offset;
}

// The lookups of one table over the board's symmetries.
class PatternBound4x4 {
 public:
  // Builds the table of (moves, tiles) if it is not built yet.
  PatternBound4x4(MoveSet moves, int tiles);
  // Lower bound on the moves from `board` (cell -> number 0..15, the target is 0..15 in
  // order) to the target; stops looking up once a lookup exceeds `enough`. Lookup `first` is
  // tried first (the one that decided a neighbour's bound, say) and becomes the one that gave
  // the bound.
  int bound(const std::uint8_t* board, int enough, int& first) const;
  int bound(const std::uint8_t* board, int enough = 255) const {
    int first = 0;
    return bound(board, enough, first);
  }
  int lookups() const { return static_cast<int>(lookups_.size()); }
  // How lookup k reads a board (the board itself when reads_board(k), else its inverse), its
  // entries in moves less offset() (an entry 0: a bound of 0): the bound is the largest.
  const pattern::LookupView& lookup(int k) const { return lookups_[static_cast<std::size_t>(k)]; }
  int offset() const;
  bool reads_board(int k) const { return reads_board_[static_cast<std::size_t>(k)]; }

 private:
  std::uint32_t index_of(int k, const std::uint8_t* board, const std::uint8_t* where) const;
  const PatternTable* table_;
  std::vector<pattern::LookupView> lookups_;
  std::vector<bool> reads_board_;
};

// The name a kept table goes by, its format version included ("box-pattern-cw+ccw-7.v1"):
// the CLI's cache file (+ ".bin") and the browser worker's storage key.
std::string pattern_table_name(MoveSet moves, int tiles);
// Its kept format (table_file.hpp): "TWPDB", the format version, move set and tiles (the
// 8-number tables: the offset), the 4-bit entries.
TableFormat pattern_table_format(MoveSet moves, int tiles);
// A built table as kept bytes; empty if that table is not built in this process.
std::vector<std::uint8_t> pattern_table_bytes(MoveSet moves, int tiles);
// Keeps a table read back (table_from_file, table_from_bytes of pattern_table_format).
bool keep_pattern_table(MoveSet moves, int tiles, KeptTable kept);
// The same from kept bytes (the browser's storage); false (nothing kept) when they are not a
// whole, unchanged table of (moves, tiles) in this format.
bool load_pattern_table(MoveSet moves, int tiles, const std::uint8_t* bytes, std::size_t size);

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
