#include "core/play/arrangement.hpp"

#include "core/words.hpp"

namespace tilewise {
namespace {

constexpr std::string_view kPrefix = "# arrangement:";

bool read_number(const std::string& s, int lo, int hi, int& out) {
  if (s.empty() || s.size() > 4) return false;
  int v = 0;
  for (const char c : s) {
    if (c < '0' || c > '9') return false;
    v = v * 10 + (c - '0');
  }
  if (v < lo || v > hi) return false;
  out = v;
  return true;
}

}  // namespace

std::string format_arrangement(const std::vector<Placement>& cells) {
  std::string line(kPrefix);
  for (const Placement& p : cells) {
    if (p.tile < 0) {
      line.append(" -");
    } else {
      line.append(" ").append(std::to_string(p.tile + 1));
      line.append("/").append(std::to_string(p.rotation));
    }
  }
  return line + "\n";
}

Result<std::optional<std::vector<Placement>>> read_arrangement(std::string_view text,
                                                               const EdgePuzzle& puzzle,
                                                               std::string_view source_name) {
  int number = 0;
  for (std::string_view line : split_pieces(text, '\n')) {
    ++number;
    if (line.rfind(kPrefix, 0) != 0) continue;
    auto bad = [&](const std::string& what) {
      return Error{std::string(source_name) + ":" + std::to_string(number), "arrangement: " + what};
    };
    const int n = static_cast<int>(puzzle.tiles.size());
    std::vector<Placement> cells;
    std::vector<bool> seen(static_cast<size_t>(n), false);
    for (const std::string& w : split_words(line.substr(kPrefix.size()))) {
      if (w == "-") {
        cells.push_back(Placement{});
        continue;
      }
      const size_t slash = w.find('/');
      int label = 0, turn = 0;
      if (slash == std::string::npos || !read_number(w.substr(0, slash), 1, n, label) ||
          !read_number(w.substr(slash + 1), 0, 3, turn))
        return bad("'" + w + "' is not LABEL/TURNS (label 1.." + std::to_string(n) +
                   ", turns 0..3) or -");
      if (seen[static_cast<size_t>(label - 1)])
        return bad("tile " + std::to_string(label) + " is placed twice");
      seen[static_cast<size_t>(label - 1)] = true;
      cells.push_back(Placement{label - 1, turn});
    }
    if (static_cast<int>(cells.size()) != puzzle.rows * puzzle.cols)
      return bad(std::to_string(cells.size()) + " cells for a board of " +
                 std::to_string(puzzle.rows * puzzle.cols));
    for (const FixedTile& f : puzzle.fixed) {
      const Placement& at = cells[static_cast<size_t>(f.row * puzzle.cols + f.col)];
      if (at.tile != f.tile || at.rotation != f.rotation)
        return bad("fixed tile " + std::to_string(f.tile + 1) + " is not at its place");
    }
    return std::optional<std::vector<Placement>>(std::move(cells));
  }
  return std::optional<std::vector<Placement>>();
}

}  // namespace tilewise
