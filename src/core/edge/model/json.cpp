#include "core/edge/model/json.hpp"

namespace tilewise {

nlohmann::json solution_json(const Solution& s) {
  nlohmann::json tiles = nlohmann::json::array();
  for (const Placement& p : s.cells) tiles.push_back({p.tile + 1, p.rotation});
  return {{"tiles", tiles}};
}

nlohmann::json board_cells_json(const Solution& board) {
  nlohmann::json cells = nlohmann::json::array();
  for (const Placement& c : board.cells) cells.push_back({c.tile + 1, c.rotation});
  return cells;
}

nlohmann::json best_result_json(const BestResult& r) {
  nlohmann::json improvements = nlohmann::json::array();
  for (const BestImprovement& i : r.improvements) improvements.push_back({i.ms, i.score});
  return {{"score", r.score},
          {"max_score", r.max_score},
          {"board", board_cells_json(r.board)},
          {"elapsed_ms", r.elapsed_ms},
          {"improvements", improvements},
          {"nodes", r.nodes},
          {"interrupted", r.cancelled}};
}

nlohmann::json solve_result_json(const SolveResult& r) {
  nlohmann::json solutions = nlohmann::json::array();
  for (const Solution& s : r.solutions) solutions.push_back(solution_json(s));
  return {{"rows", r.rows},
          {"cols", r.cols},
          {"count", r.count},
          {"distinct_boards", r.distinct_boards},
          {"distinct_boards_complete", r.distinct_boards_complete},
          {"complete", r.complete},
          {"nodes", r.stats.nodes},
          {"tries", r.stats.tries},
          {"nodes_per_depth", r.stats.nodes_per_depth},
          {"max_depth", r.stats.max_depth},
          {"elapsed_ms", r.stats.elapsed_ms},
          {"solutions", solutions},
          {"solutions_truncated", r.solutions_truncated},
          {"no_solution_reason", r.no_solution_reason}};
}

nlohmann::json search_progress_json(const EdgeSearch& s) {
  return {{"nodes", s.stats().nodes},
          {"tries", s.stats().tries},
          {"depth", s.depth()},
          {"max_depth", s.stats().max_depth},
          {"cells", s.cell_count()},
          {"count", s.count()},
          {"elapsed_ms", s.stats().elapsed_ms},
          {"nodes_per_depth", s.stats().nodes_per_depth}};
}

std::string hex_bytes(const std::string& bytes) {
  static const char* digits = "0123456789abcdef";
  std::string out;
  out.reserve(bytes.size() * 2);
  for (unsigned char c : bytes) out.push_back(digits[c >> 4]), out.push_back(digits[c & 15]);
  return out;
}

bool bytes_of_hex(const std::string& hex, std::string& bytes) {
  auto digit = [](char c) {
    return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
  };
  if (hex.size() % 2) return false;
  bytes.clear();
  for (size_t k = 0; k < hex.size(); k += 2) {
    const int hi = digit(hex[k]), lo = digit(hex[k + 1]);
    if (hi < 0 || lo < 0) return false;
    bytes.push_back(static_cast<char>(hi * 16 + lo));
  }
  return true;
}

nlohmann::json bench_rows_json(const std::vector<BenchRow>& rows) {
  nlohmann::json out = nlohmann::json::array();
  for (const BenchRow& r : rows)
    out.push_back({{"figure", r.figure},
                   {"unit", r.unit},
                   {"value", r.value},
                   {"baseline", r.baseline},
                   {"baseline_bound", r.baseline_bound},
                   {"ratio", r.ratio},
                   {"detail", r.detail}});
  return out;
}

}  // namespace tilewise
