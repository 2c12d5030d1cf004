// The 4x4 pattern database of the numbers 1..k, 4 <= k <= 8 (docs/puzzle-box.md, "One pattern
// database"), built by a resumable breadth-first search; AdditiveBound(moves, tiles) reads it.
#pragma once

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

// The table of (moves, tiles), built if missing: an entry e > 0 is the distance offset + e (15:
// or more), 0 is offset or less; the offset is 0 but in the 8-number tables (the largest
// distance less 15).
const NibbleTable& pattern_table(MoveSet moves, int tiles);

// The table kept (table_file.hpp): its name with the format version ("box-pattern-cw+ccw-7.v1":
// the CLI's cache file + ".bin", the worker's storage key), its format ("TWPDB", move set,
// tiles, the 8-number tables' offset), the built table's bytes (empty when not built), keeping
// one read back, and from the browser's bytes (false: not that whole table, nothing kept).
std::string pattern_table_name(MoveSet moves, int tiles);
TableFormat pattern_table_format(MoveSet moves, int tiles);
std::vector<std::uint8_t> pattern_table_bytes(MoveSet moves, int tiles);
bool keep_pattern_table(MoveSet moves, int tiles, KeptTable kept);
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
