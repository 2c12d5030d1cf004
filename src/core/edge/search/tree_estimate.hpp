// How big a search tree is, before searching it: Knuth's estimator (1975). A probe walks from
// the root to a dead end or a solution picking one child uniformly at random at each level;
// the product of the numbers of children met so far is an unbiased estimate of the partial
// boards at that depth. Averaged over probes it estimates nodes per depth, the search's nodes
// and, with a measured node rate, the core-hours of a campaign. The children are the search's
// own (its order, tables and symmetry rule), found by cutting one level below a prefix.
#pragma once

#include <cstdint>
#include <vector>

#include "core/edge/search/solver.hpp"

namespace tilewise {

struct TreeEstimate {
  std::vector<double> nodes_per_depth;  // [0] = 1
  double nodes = 0;                     // the sum over depths >= 1 (what the search counts)
  double nodes_standard_error = 0;      // of `nodes`, from the spread of the probes
  double solutions = 0;                 // estimated leaves at full depth (before symmetry)
  int probes = 0;
};

TreeEstimate estimate_tree(const EdgePuzzle& puzzle, const SolveOptions& options, int probes,
                           std::uint64_t seed);

}  // namespace tilewise
