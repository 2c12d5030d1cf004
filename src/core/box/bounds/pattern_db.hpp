// A pattern database for the 4x4 Puzzle Box (docs/puzzle-box.md): for the numbers 1..k (k =
// `tiles`, 4 to 8), the exact moves that bring just those k home, for every placement of
// them: 16!/(16-k)! entries of 4 bits. The bound is the largest lookup over the board's
// images (additive_db.hpp: AdditiveBound(moves, tiles)). Built by a resumable breadth-first search
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

// The moves an entry of a table with `offset` stands for (its lower bound).
inline int pattern_entry_moves(int entry, int offset) {
  return entry == 0 ? 0 : entry + offset;
}

// The table of (moves, tiles), built first if it is not built or read yet: distances, an entry
// e > 0 is the distance offset + e (15: that or more), 0 is offset or less (read as 0). The
// offset is 0 but in the 8-number tables, where it is the largest distance less 15 (51 % of the
// `cw` table's entries are 15 or more). AdditiveBound(moves, tiles) looks it up.
const NibbleTable& pattern_table(MoveSet moves, int tiles);

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
