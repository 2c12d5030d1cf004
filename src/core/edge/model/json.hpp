// JSON views of edge-matching results, shared by `tilewise solve --json` and the worker.
#pragma once

#include <nlohmann/json.hpp>

#include "core/edge/bench/bench.hpp"
#include "core/edge/best/best_search.hpp"
#include "core/edge/search/solver.hpp"

namespace tilewise {

// {"tiles": [[label, rotation], ...]} with 1-based labels, cells in reading order.
nlohmann::json solution_json(const Solution& solution);

// rows, cols, count, distinct_boards, distinct_boards_complete, complete, nodes, tries,
// nodes_per_depth, max_depth, elapsed_ms, solutions, solutions_truncated.
nlohmann::json solve_result_json(const SolveResult& result);

// Progress of a running search: nodes, tries, depth, max_depth, count, elapsed_ms.
nlohmann::json search_progress_json(const EdgeSearch& search);

// [[label, rotation], ...] with 1-based labels (0 = empty), cells in reading order.
nlohmann::json board_cells_json(const Solution& board);

// `tilewise best --json` and the worker's edge.best result: score, max_score, board,
// elapsed_ms, improvements ([[ms, score], ...]), nodes, interrupted.
nlohmann::json best_result_json(const BestResult& result);

// Bytes as lower-case hex, and back (false: not hex of whole bytes).
std::string hex_bytes(const std::string& bytes);
bool bytes_of_hex(const std::string& hex, std::string& bytes);

// The benchmark rows: [{figure, unit, value, baseline, baseline_bound, ratio, detail}, ...].
nlohmann::json bench_rows_json(const std::vector<BenchRow>& rows);

}  // namespace tilewise
