#include "cli/search_flags.hpp"

#include "core/edge/search/option_names.hpp"

namespace tilewise::cli {

void add_order_options(CLI::App* cmd, PlacementOrder& order, SymmetryBreaking& symmetry) {
  cmd->add_option("--order", order, "placement order: auto, row, short, shell, spiral, frame")
      ->transform(CLI::CheckedTransformer(placement_order_names(), CLI::ignore_case));
  cmd->add_option("--symmetry", symmetry,
                  "board-rotation pruning: auto, corner (seed 002), centre (seed 000), tile1, none")
      ->transform(CLI::CheckedTransformer(symmetry_rule_names(), CLI::ignore_case));
}

}  // namespace tilewise::cli
