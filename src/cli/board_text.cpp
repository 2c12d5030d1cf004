#include "cli/board_text.hpp"

#include <string>

#include "core/edge/format.hpp"

namespace tilewise::cli {
namespace {

std::string pad(const std::string& s, size_t width) {
  const size_t left = (width - std::min(width, s.size())) / 2;
  std::string out(left, ' ');
  out.append(s).append(width - std::min(width, s.size()) - left, ' ');
  return out;
}

}  // namespace

void print_board(std::ostream& out, const EdgePuzzle& p, const Solution& s) {
  const size_t w = p.rule == MatchRule::kEqual ? 11 : 9;
  std::string rule;
  for (int j = 0; j < p.cols; ++j) rule.append("+").append(w, '-');
  rule += "+\n";
  out << rule;
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
    for (auto& line : lines) out << line << "|\n";
    out << rule;
  }
}

}  // namespace tilewise::cli
