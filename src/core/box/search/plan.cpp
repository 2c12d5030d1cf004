#include "core/box/search/plan.hpp"

#include <algorithm>
#include <cstdio>
#include <iterator>

#include "core/box/bounds/additive_db.hpp"
#include "core/box/bounds/pattern_db.hpp"
#include "core/threads.hpp"

namespace tilewise::box {
namespace {

// A 4x4 table set the planner can choose, with what it costs, strongest first: memory (and
// the bytes of its file) and the seconds of its build (native, one core).
struct BoxTableCost {
  const char* partition;
  double mib, build_seconds;
};
constexpr BoxTableCost kTableCosts[] = {
    {"8+8", 247.5, 160}, {"7+7+2", 27.5, 15}, {"6+6+4", 2.8, 1}};

std::string table_words(const BoxTableCost& t) {
  char mib[32];
  std::snprintf(mib, sizeof mib, "%.1f MiB", t.mib);
  return std::string("the ") + t.partition + " tables (" + mib + ")";
}

std::string seconds_words(double s) {
  char out[32];
  std::snprintf(out, sizeof out, s < 60 ? "~%.0f s" : "~%.0f min", s < 60 ? s : s / 60);
  return out;
}

// The tables of a first answer: the strongest stored (a stored table is mapped at once, and a
// first solution reads few of its pages), else the strongest built within the budget.
void choose_quick_tables(const BoxPlanRequest& q, BoxPlan& plan) {
  // (kTableCosts' first, 8+8, is not built with half turns)
  const BoxTableCost* first = kTableCosts + (q.moves == MoveSet::kBothDirectionsAndHalf);
  const BoxTableCost* end = std::end(kTableCosts);
  for (const BoxTableCost* t = first; t != end; ++t)
    if (q.stored && q.stored(additive_table_name(q.moves, t->partition))) {
      plan.partition = t->partition;
      plan.reason = "first solution: " + table_words(*t) + ", stored";
      return;
    }
  const BoxTableCost* pick = std::find_if(
      first, end - 1, [&](const BoxTableCost& t) { return t.build_seconds <= q.build_seconds; });
  plan.partition = pick->partition;
  plan.reason = "first solution: " + table_words(*pick) + ", built once in " +
                seconds_words(pick->build_seconds);
  if (pick != first)
    plan.reason += " (" + std::string(pick[-1].partition) + "'s " +
                   seconds_words(pick[-1].build_seconds) + " are past the " +
                   seconds_words(q.build_seconds) + " a first answer waits; --partition " +
                   pick[-1].partition + " builds them once)";
}

}  // namespace

Result<BoxPlan> plan_box_solve(const BoxPlanRequest& q) {
  BoxPlan plan;
  if (q.second_bound != "auto" && q.second_bound != "none" && q.second_bound != "pattern")
    return Error{"--second-bound", q.second_bound + ": use auto, none or pattern"};
  const bool every = q.want != BoxWant::kFirst;
  const bool half = q.moves == MoveSet::kBothDirectionsAndHalf;
  if (q.size < 3) {  // one button, 24 boards: no table pays
    plan.method = every ? BoxMethod::kCountDepthFirst : BoxMethod::kIdaStar;
    plan.reason = "2x2: IDA* with the Manhattan bound";
    return plan;
  }
  if (q.size == 3) {
    plan.method = BoxMethod::kExactTable;
    plan.reason = "3x3: the distance table of every board";
    return plan;
  }
  if (q.size >= 5) {
    plan.method = BoxMethod::kAnytime;
    plan.pattern_table = true;  // a corner's 4x4 block is finished with it
    plan.pattern_tiles = q.pattern_tiles > 0 ? q.pattern_tiles : kDefaultPatternTiles;
    plan.reason = "anytime search";
    return plan;
  }
  if (AdditivePartition known; q.partition != "auto" && !additive_partition(q.partition, known))
    return Error{"--partition", q.partition + ": not a partition"};
  // The bound: asked, or additive tables alone; with cw, counts of every sequence also take
  // the 8-number pattern table (docs/puzzle-box.md, "How strong").
  const bool all_auto = q.bound == "auto" && q.partition == "auto" && q.pattern_tiles == 0;
  const bool cw_both = all_auto && every && q.moves == MoveSet::kClockwise;
  const std::string bound = q.bound != "auto" ? q.bound : cw_both ? "both" : "additive";
  plan.pattern_table = bound != "additive";
  plan.pattern_tiles = q.pattern_tiles > 0 ? q.pattern_tiles
                       : cw_both           ? kLargestPatternTiles
                                           : kDefaultPatternTiles;
  if (bound != "pattern") {
    if (q.partition != "auto") {
      plan.partition = q.partition;
      plan.reason = "the " + q.partition + " tables, as asked";
    } else if (!q.stored) {
      // Not known yet (the browser worker, which builds tables in slices and asks its storage
      // later): the 7+7+2 tables, the quick 6+6+4 ones first while those are built.
      plan.partition = "7+7+2";
      plan.quick_partition = "6+6+4";
      plan.reason = "the 7+7+2 tables (6+6+4 while they are built)";
    } else if (every) {
      plan.partition = half ? "7+7+2" : "8+8";
      plan.reason = std::string(q.want == BoxWant::kAll ? "listing" : "counting") +
                    " every optimal sequence: the " + plan.partition + " tables" +
                    (half ? ""
                          : " (247.5 MiB, built once in ~2-3 min: 3.6-3.8x less CPU "
                            "than 7+7+2 with cw, 2.1x with cw+ccw)") +
                    (cw_both ? " and the 8-number pattern table" : "");
    } else {
      choose_quick_tables(q, plan);
    }
  } else {
    plan.reason = "the pattern table of " + std::to_string(plan.pattern_tiles) + " numbers";
  }
  if (!every) return plan;  // (kIdaStar)
  plan.threads = q.threads > 0 ? q.threads : hardware_threads();
  // Counts by layers unless split into parts; listings depth first (docs/puzzle-box.md, "Which
  // counter counts what").
  const bool layers = q.want == BoxWant::kCount && q.parts == 1 && !plan.partition.empty();
  plan.method = layers ? BoxMethod::kCountByLayers : BoxMethod::kCountDepthFirst;
  // The second bound of a count by layers: asked; auto: the 8-number pattern table once the
  // layers grow, from the first layer when that table is read already.
  const bool pattern_read = plan.pattern_table && plan.pattern_tiles == kLargestPatternTiles;
  if (layers && q.second_bound == "auto" && !pattern_read)
    plan.second_when_long = true;
  else if (layers && q.second_bound != "none")
    plan.second_pattern = true;
  return plan;
}

}  // namespace tilewise::box
