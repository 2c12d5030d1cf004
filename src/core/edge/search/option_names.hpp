// The words that name search options on the command line and in campaign job files.
#pragma once

#include <map>
#include <string>

#include "core/edge/search/solver.hpp"

namespace tilewise {

const std::map<std::string, SolveMode>& solve_mode_names();            // first, count, all
const std::map<std::string, PlacementOrder>& placement_order_names();  // auto, row, ...
const std::map<std::string, SymmetryBreaking>& symmetry_rule_names();  // auto, corner, ...

// The word for a value (the map's key); "?" when none names it.
template <class Enum>
std::string name_of(const std::map<std::string, Enum>& names, Enum value) {
  for (const auto& [word, v] : names)
    if (v == value) return word;
  return "?";
}

}  // namespace tilewise
