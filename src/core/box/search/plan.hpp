// The one planner of a Puzzle Box solve: from the board's size, the move set, what is wanted
// and the budgets (memory, the time a first answer may wait for a table, which tables are at
// hand), the tables the search uses, its bound, its method and its threads, with a one-line
// reason. The CLI and the browser worker ask it; they pass budgets and what the user asked,
// never rules of their own.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/box/model/puzzle.hpp"
#include "core/result.hpp"

namespace tilewise::box {

enum class BoxWant { kFirst, kAll, kCount };

enum class BoxMethod {
  kExactTable,       // 3x3: the distance table of every board
  kIdaStar,          // 2x2, 4x4: the first optimal solution
  kAnytime,          // 5x5 and up (anytime_search.hpp)
  kCountByLayers,    // 4x4 --count (count_layers.hpp)
  kCountDepthFirst,  // 2x2, 4x4 --all or --count --part (parallel_count.hpp)
};

struct BoxPlanRequest {
  int size = 4;
  MoveSet moves = MoveSet::kClockwise;
  BoxWant want = BoxWant::kFirst;
  double build_seconds = 10;  // the time a first answer may wait for a table build
  // Tables at hand: true when the table of that storage name (additive_table_name,
  // pattern_table_name) is stored and loads at once; null when not known yet (the browser
  // worker asks its storage later: the plan is then in tiers, see BoxPlan).
  std::function<bool(const std::string&)> stored;
  // What the user asked; "auto" / 0: the planner's choice.
  std::string partition = "auto";
  std::string bound = "auto";  // additive, pattern, both
  int pattern_tiles = 0;
  std::string second_bound = "auto";  // a count by layers': none, pattern
  int parts = 1;                      // --part I/N: N
  int threads = 0;                    // 0: every core this process may use
};

struct BoxPlan {
  BoxMethod method = BoxMethod::kIdaStar;
  // 4x4: the additive tables of this partition ("" = none), the pattern table of
  // pattern_tiles numbers beside them (or alone) when pattern_table.
  std::string partition;
  bool pattern_table = false;
  int pattern_tiles = 7;
  // When the stored tables are not known (the browser worker): quick_partition's tables
  // answer while partition's are built in the background.
  std::string quick_partition;
  // 4x4 counts by layers: the pattern table is the second bound from the first layer, or the
  // 8-number one once the layers grow (count_layers.hpp).
  bool second_pattern = false, second_when_long = false;
  int threads = 1;
  std::string reason;  // one line: what and why
};

// The plan, or what in the request cannot be honoured (an unknown partition or second bound).
Result<BoxPlan> plan_box_solve(const BoxPlanRequest& request);

}  // namespace tilewise::box
