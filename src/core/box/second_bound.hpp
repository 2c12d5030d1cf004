// A second 4x4 lower bound, asked only where the optimal search is about to expand a node
// (try its children), not on every child it tries: the first bound (the additive tables)
// is asked of every child and cuts most of them; about one child in twelve passes it, and
// only those pay for this one. Its stages are tables whose lookups see the board otherwise
// than the first bound's: an additive partition whose images are not the first one's
// ("diagonal": the top-left and bottom-right 2x2 blocks against the other two, where 8+8's
// images are top/bottom and left/right halves) or the non-additive pattern table. The
// stages are asked in the order given (cheapest first) until one cuts.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/box/puzzle.hpp"
#include "core/result.hpp"

namespace tilewise::box {

class AdditiveBound4x4;
class PatternBound4x4;

// "diagonal", "pattern" or "diagonal,pattern": each stage an additive partition's name
// (additive_db.hpp) or "pattern" (the pattern table of BoxSolveOptions::pattern_tiles
// numbers); "" or "none": no second bound. The error names the stage that is neither.
Result<std::vector<std::string>> parse_second_bound(const std::string& spec);

// One 4x4 table bound by name: "pattern" (the pattern table of `pattern_tiles` numbers) or
// an additive partition's tables (additive_db.hpp; both null for another name). Builds the tables
// missing (minutes for the 8-number ones: 247.5 MiB each). The first bound (solver.cpp) and
// each stage below are made by it.
struct TableBound4x4 {
  std::unique_ptr<AdditiveBound4x4> additive;
  std::unique_ptr<PatternBound4x4> pattern;
};
TableBound4x4 table_bound_4x4(MoveSet moves, const std::string& name, int pattern_tiles);

class SecondBound4x4 {
 public:
  // Builds the tables missing (minutes for the 8-number ones: 247.5 MiB each).
  SecondBound4x4(MoveSet moves, const std::vector<std::string>& stages, int pattern_tiles);
  ~SecondBound4x4();
  // Lower bound on the moves from `board` (cell -> number 0..15; the target reads 0..15),
  // the largest of the stages', stopping once one is above `enough`.
  int bound(const std::uint8_t* board, int enough) const;
  std::string describe() const;  // "diagonal (247.5 MiB, 2 images), then ..."

 private:
  struct Stage {
    std::string name;
    TableBound4x4 table;
    mutable int first = 0;  // the image or lookup that decided last: tried first
  };
  std::vector<Stage> stages_;
};

}  // namespace tilewise::box
