#include "core/box/model/json.hpp"

#include <string>

#include "core/box/model/board.hpp"

namespace tilewise::box {

Result<BoxPuzzle> parse_box_puzzle(std::string_view start, std::string_view target,
                                   std::string_view moves) {
  BoxPuzzle p;
  bool ok = false;
  p.moves = parse_move_set(moves, ok);
  if (!ok) {
    std::string what = "'";  // appended piecewise: GCC 12 warns (-Wrestrict) on "'" + s
    what.append(moves).append("': use cw, cw+ccw or cw+ccw+half");
    return Error{"moves", what};
  }
  Result<std::vector<int>> s = parse_board(start, "start");
  if (!s) return s.error();
  p.size = board_size(*s);
  p.start = *s;
  if (target.empty()) {
    for (int i = 1; i <= p.size * p.size; ++i) p.target.push_back(i);
    return p;
  }
  Result<std::vector<int>> t = parse_board(target, "target");
  if (!t) return t.error();
  if (t->size() != s->size()) {
    const std::string n = std::to_string(board_size(*t)), m = std::to_string(p.size);
    return Error{"target", "a " + n + "x" + n + " board does not fit a " + m + "x" + m + " start"};
  }
  p.target = *t;
  return p;
}

nlohmann::json move_names_json(const std::vector<Move>& moves, int size) {
  nlohmann::json names = nlohmann::json::array();
  for (const Move& m : moves) names.push_back(move_name(m, size));
  return names;
}

nlohmann::json box_result_json(const BoxPuzzle& p, const BoxSolveResult& r) {
  nlohmann::json solutions = nlohmann::json::array();
  for (const auto& seq : r.solutions) solutions.push_back(move_names_json(seq, p.size));
  return {{"size", p.size},
          {"start", p.start},
          {"target", p.target},
          {"moves", move_set_name(p.moves)},
          {"length", r.length},
          {"count", r.count},
          {"solutions", solutions},
          {"solutions_truncated", r.solutions_truncated},
          {"proven_optimal", r.proven_optimal},
          {"lower_bound", r.lower_bound},
          {"complete", r.complete},
          {"count_table_full", r.count_table_full},
          {"nodes", r.nodes},
          {"method", r.method},
          {"elapsed_ms", r.elapsed_ms}};
}

}  // namespace tilewise::box
