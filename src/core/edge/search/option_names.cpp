#include "core/edge/search/option_names.hpp"

namespace tilewise {

const std::map<std::string, SolveMode>& solve_mode_names() {
  static const std::map<std::string, SolveMode> names{
      {"first", SolveMode::kFirst}, {"count", SolveMode::kCount}, {"all", SolveMode::kAll}};
  return names;
}

const std::map<std::string, PlacementOrder>& placement_order_names() {
  static const std::map<std::string, PlacementOrder> names{
      {"auto", PlacementOrder::kAuto},        {"row", PlacementOrder::kRowMajor},
      {"short", PlacementOrder::kShortSide},  {"spiral", PlacementOrder::kSpiral},
      {"frame", PlacementOrder::kFrameFirst}, {"shell", PlacementOrder::kShell}};
  return names;
}

const std::map<std::string, SymmetryBreaking>& symmetry_rule_names() {
  static const std::map<std::string, SymmetryBreaking> names{
      {"corner", SymmetryBreaking::kCornerRule},
      {"auto", SymmetryBreaking::kAuto},
      {"centre", SymmetryBreaking::kCentreRotation},
      {"tile1", SymmetryBreaking::kLowestTile},
      {"none", SymmetryBreaking::kNone}};
  return names;
}

}  // namespace tilewise
