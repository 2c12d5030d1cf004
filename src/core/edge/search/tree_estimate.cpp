#include "core/edge/search/tree_estimate.hpp"

#include <cmath>

#include "core/random.hpp"

namespace tilewise {

TreeEstimate estimate_tree(const EdgePuzzle& puzzle, const SolveOptions& options, int probes,
                           std::uint64_t seed) {
  SolveOptions o = options;
  o.limit = 0;
  if (o.mode == SolveMode::kFirst) o.mode = SolveMode::kCount;  // the tree a count walks
  const int cells = puzzle.rows * puzzle.cols;
  TreeEstimate e;
  e.probes = probes;
  e.nodes_per_depth.assign(static_cast<size_t>(cells) + 1, 0);
  SplitMix64 random(seed);
  double sum = 0, sum_squares = 0;
  for (int probe = 0; probe < probes; ++probe) {
    std::vector<std::uint16_t> prefix;
    double weight = 1, probe_nodes = 0;
    e.nodes_per_depth[0] += 1;
    for (int depth = 0; depth < cells; ++depth) {
      EdgeSearch level(puzzle, o);  // the children of `prefix`, one level down
      level.start_from(prefix);
      level.set_split_depth(depth + 1);
      while (!level.run(1 << 16)) {
      }
      const std::uint64_t children = level.stats().nodes_per_depth[depth + 1];
      if (children == 0) break;
      weight *= static_cast<double>(children);
      e.nodes_per_depth[depth + 1] += weight;
      probe_nodes += weight;
      if (depth + 1 == cells) break;
      prefix = level.prefixes()[random.below(level.prefixes().size())];
    }
    sum += probe_nodes;
    sum_squares += probe_nodes * probe_nodes;
  }
  if (probes == 0) return e;
  for (double& n : e.nodes_per_depth) n /= probes;
  e.nodes = sum / probes;
  const double variance = probes > 1 ? (sum_squares / probes - e.nodes * e.nodes) : 0;
  e.nodes_standard_error = std::sqrt(std::max(0.0, variance) / probes);
  e.solutions = e.nodes_per_depth[static_cast<size_t>(cells)];
  return e;
}

}  // namespace tilewise
