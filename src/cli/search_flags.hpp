// Options shared by the sub-commands that search (solve, split).
#pragma once

#include <CLI/CLI.hpp>

#include "core/edge/search/solver.hpp"

namespace tilewise::cli {

// --order and --symmetry (core/edge/search/option_names.hpp).
void add_order_options(CLI::App* cmd, PlacementOrder& order, SymmetryBreaking& symmetry);

}  // namespace tilewise::cli
