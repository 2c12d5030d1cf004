#include "cli/result_output.hpp"

#include <iostream>

#include "core/edge/model/format.hpp"
#include "core/link/bucas.hpp"

namespace tilewise::cli {
namespace {

std::string pad(const std::string& s, size_t width) {
  const size_t left = (width - std::min(width, s.size())) / 2;
  return std::string(left, ' ') + s + std::string(width - std::min(width, s.size()) - left, ' ');
}

}  // namespace

void print_board(const EdgePuzzle& p, const Solution& s) {
  const size_t w = p.rule == MatchRule::kEqual ? 11 : 9;
  std::string rule;
  for (int j = 0; j < p.cols; ++j) rule.append("+").append(w, '-');
  rule += "+\n";
  std::cout << rule;
  for (int i = 0; i < p.rows; ++i) {
    std::string lines[3];
    for (int j = 0; j < p.cols; ++j) {
      const Placement& c = s.cells[i * p.cols + j];
      const auto sides = rotated(p.tiles[c.tile].sides, c.rotation);
      const std::string l = side_text(p.rule, sides[kLeft]);
      const std::string r = side_text(p.rule, sides[kRight]);
      const std::string mid = std::to_string(c.tile + 1) + "r" + std::to_string(c.rotation);
      // Appended piece by piece: GCC 12's -Wrestrict misfires on chains of operator+.
      lines[0].append("|").append(pad(side_text(p.rule, sides[kTop]), w));
      lines[1].append("|").append(l).append(pad(mid, w - l.size() - r.size())).append(r);
      lines[2].append("|").append(pad(side_text(p.rule, sides[kBottom]), w));
    }
    for (auto& line : lines) std::cout << line << "|\n";
    std::cout << rule;
  }
}

void print_best_board(const EdgePuzzle& p, const Solution& board) {
  std::cout << "tiles (label r rotation):";
  for (const Placement& c : board.cells) std::cout << " " << (c.tile + 1) << "r" << c.rotation;
  std::cout << "\n";
  print_board(p, board);
  if (const Result<std::string> link = encode_bucas_link(p, board.cells))
    std::cout << "e2.bucas.name link: https://e2.bucas.name/#" << *link << "\n";
}

void print_human(const EdgePuzzle& p, const SolveResult& r, bool interrupted, bool list) {
  if (list) {
    for (size_t k = 0; k < r.solutions.size(); ++k) {
      std::cout << "solution " << (k + 1) << ": tiles (label r rotation):";
      for (const Placement& c : r.solutions[k].cells)
        std::cout << " " << (c.tile + 1) << "r" << c.rotation;
      std::cout << "\n";
      print_board(p, r.solutions[k]);
    }
    if (!r.solutions_truncated && r.solutions.size() < r.count)  // kinds: one per board
      std::cout << "(identical tiles: one solution per distinct board; --labelled lists all "
                << r.count << ")\n";
    if (r.solutions_truncated)
      std::cout << "(only the first " << r.solutions.size()
                << " solutions are kept in memory; raise --keep to list more)\n";
  }
  std::cout << (interrupted ? "interrupted: " : "")
            << "solutions (up to board rotation): " << r.count
            << (r.complete ? "" : " or more (search not finished)") << "\n";
  if (r.count == 0 && r.complete)
    std::cout << "no solution" << (r.no_solution_reason.empty() ? "" : ": ") << r.no_solution_reason
              << "\n";
  std::cout << "distinct boards (identical tiles merged): " << r.distinct_boards
            << (r.distinct_boards_complete ? "" : " (at least; too many to remember)") << "\n";
  std::cout << "nodes: " << r.stats.nodes << ", tries: " << r.stats.tries
            << ", time: " << r.stats.elapsed_ms << " ms\nnodes per depth: [";
  for (size_t k = 0; k < r.stats.nodes_per_depth.size(); ++k)
    std::cout << (k ? ", " : "") << r.stats.nodes_per_depth[k];
  std::cout << "]\n";
}

}  // namespace tilewise::cli
