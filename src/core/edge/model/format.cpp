#include "core/edge/model/format.hpp"

#include <algorithm>
#include <cctype>
#include <map>
#include <vector>

#include "core/edge/model/validate.hpp"
#include "core/words.hpp"

namespace tilewise {
namespace {

struct Line {
  int number = 0;
  std::vector<std::string> words;
  std::string comment;  // text after '#', trimmed
};

std::string trim(std::string_view s) {
  size_t b = 0, e = s.size();
  while (b < e && std::isspace(static_cast<unsigned char>(s[b]))) ++b;
  while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1]))) --e;
  return std::string(s.substr(b, e - b));
}

std::vector<Line> split_lines(std::string_view text) {
  std::vector<Line> lines;
  int number = 0;
  size_t pos = 0;
  while (pos <= text.size()) {
    size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) end = text.size();
    std::string_view raw = text.substr(pos, end - pos);
    ++number;
    Line line;
    line.number = number;
    size_t hash = raw.find('#');
    if (hash != std::string_view::npos) {
      line.comment = trim(raw.substr(hash + 1));
      raw = raw.substr(0, hash);
    }
    line.words = split_words(raw);
    lines.push_back(std::move(line));
    pos = end + 1;
  }
  return lines;
}

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

std::string upper(std::string s) {
  for (char& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return s;
}

bool parse_int(const std::string& s, int lo, int hi, int& out) {
  if (s.empty() || s.size() > 9) return false;
  size_t i = (s[0] == '-' || s[0] == '+') ? 1 : 0;
  if (i == s.size()) return false;
  for (size_t k = i; k < s.size(); ++k)
    if (!std::isdigit(static_cast<unsigned char>(s[k]))) return false;
  long v = std::stol(s);
  if (v < lo || v > hi) return false;
  out = static_cast<int>(v);
  return true;
}

bool printable(const std::string& s) {
  return std::all_of(s.begin(), s.end(), [](char c) {
    auto u = static_cast<unsigned char>(c);
    return u >= 0x21 && u != 0x7f;
  });
}

void read_legend(const std::string& text, EdgePuzzle& p);

class Parser {
 public:
  explicit Parser(std::string_view source) : source_(source) {}

  Error error(int line, std::string what) const {
    return Error{source_ + ":" + std::to_string(line), std::move(what)};
  }
  Error error(std::string what) const { return Error{source_, std::move(what)}; }

  Result<EdgePuzzle> native(const std::vector<Line>& lines);
  Result<EdgePuzzle> cards(const std::vector<Line>& lines);

 private:
  std::string source_;
};

Result<EdgePuzzle> Parser::native(const std::vector<Line>& lines) {
  EdgePuzzle p;
  bool have_size = false, have_match = false;
  struct PendingFix {
    int line, row, col, rot;
    std::string id;
  };
  std::vector<PendingFix> fixes;
  std::vector<int> tile_lines;
  std::map<std::string, int> ids;
  for (const Line& l : lines) {
    if (l.words.empty()) {
      if (p.name.empty() && l.comment.rfind("name:", 0) == 0) p.name = trim(l.comment.substr(5));
      if (l.comment.rfind("legend:", 0) == 0) read_legend(l.comment.substr(7), p);
      continue;
    }
    const std::string key = lower(l.words[0]);
    const size_t n = l.words.size();
    if (key == "size") {
      if (have_size) return error(l.number, "'size' given twice");
      if (n != 3) return error(l.number, "'size' needs two numbers: size ROWS COLS");
      if (!parse_int(l.words[1], 1, kMaxBoardSide, p.rows) ||
          !parse_int(l.words[2], 1, kMaxBoardSide, p.cols)) {
        return error(l.number, "board size '" + l.words[1] + " " + l.words[2] +
                                   "' is not valid: rows and columns must be whole numbers 1.." +
                                   std::to_string(kMaxBoardSide));
      }
      have_size = true;
    } else if (key == "match") {
      if (n != 2) return error(l.number, "'match' needs one word: complement or equal");
      const std::string v = lower(l.words[1]);
      if (v == "complement") {
        p.rule = MatchRule::kComplement;
      } else if (v == "equal") {
        p.rule = MatchRule::kEqual;
      } else {
        return error(l.number, "unknown match rule '" + l.words[1] + "': use complement or equal");
      }
      if (!tile_lines.empty()) return error(l.number, "'match' must come before the tiles");
      have_match = true;
    } else if (key == "border") {
      if (n != 2) return error(l.number, "'border' needs one word: free or frame0");
      const std::string v = lower(l.words[1]);
      if (v == "free") {
        p.border = BorderRule::kFree;
      } else if (v == "frame0" || v == "frame") {
        p.border = BorderRule::kFrame0;
      } else {
        return error(l.number, "unknown border rule '" + l.words[1] + "': use free or frame0");
      }
    } else if (key == "tile") {
      if (!have_match) {
        return error(l.number,
                     "tile before 'match': say 'match complement' or 'match equal' first");
      }
      if (n != 6) {
        return error(l.number, "a tile needs an id and four sides (top right bottom left), found " +
                                   std::to_string(n - 1) + " words");
      }
      if (p.tiles.size() >= static_cast<size_t>(kMaxBoardSide * kMaxBoardSide)) {
        return error(l.number,
                     "too many tiles: at most " + std::to_string(kMaxBoardSide * kMaxBoardSide));
      }
      Tile t;
      t.name = l.words[1];
      if (!printable(t.name) || t.name.size() > 32) {
        return error(l.number, "tile id '" + t.name + "' must be 1..32 visible characters");
      }
      if (!ids.emplace(t.name, static_cast<int>(p.tiles.size())).second) {
        return error(l.number, "tile id '" + t.name + "' is used twice (first on line " +
                                   std::to_string(tile_lines[ids[t.name]]) + ")");
      }
      static const char* kSideNames[4] = {"top", "right", "bottom", "left"};
      for (int s = 0; s < 4; ++s) {
        const std::string& w = l.words[2 + s];
        if (p.rule == MatchRule::kComplement) {
          if (w.size() != 1 || !std::isalpha(static_cast<unsigned char>(w[0]))) {
            return error(l.number, std::string("unknown side '") + w + "' (" + kSideNames[s] +
                                       "): complementary sides are one letter, A and a being "
                                       "the two halves of motif A");
          }
          const char c = w[0];
          t.sides[s] = std::isupper(static_cast<unsigned char>(c)) ? (c - 'A' + 1) : -(c - 'a' + 1);
        } else if (!parse_int(w, 0, kMaxEqualColour, t.sides[s])) {
          return error(l.number, "unknown side '" + w + "' (" + kSideNames[s] +
                                     "): colours are whole numbers 0.." +
                                     std::to_string(kMaxEqualColour));
        }
      }
      p.tiles.push_back(std::move(t));
      tile_lines.push_back(l.number);
    } else if (key == "fix") {
      if (n != 5) return error(l.number, "'fix' needs ROW COL ID ROTATION");
      PendingFix f{l.number, 0, 0, 0, l.words[3]};
      if (!parse_int(l.words[1], 0, kMaxBoardSide - 1, f.row) ||
          !parse_int(l.words[2], 0, kMaxBoardSide - 1, f.col)) {
        return error(l.number, "fixed tile position '" + l.words[1] + " " + l.words[2] +
                                   "' is not a 0-based row and column on the board");
      }
      if (!parse_int(l.words[4], 0, 3, f.rot)) {
        return error(l.number, "rotation '" + l.words[4] + "' must be 0, 1, 2 or 3");
      }
      fixes.push_back(f);
    } else {
      return error(l.number, "unknown directive '" + l.words[0] +
                                 "': expected size, match, border, tile or fix");
    }
  }
  if (!have_size) return error("no 'size ROWS COLS' line");
  if (p.tiles.empty()) return error("no tiles");
  for (const PendingFix& f : fixes) {
    auto it = ids.find(f.id);
    if (it == ids.end()) return error(f.line, "fixed tile '" + f.id + "' is not a tile id");
    if (f.row >= p.rows || f.col >= p.cols) {
      return error(f.line, "fixed tile position " + std::to_string(f.row) + " " +
                               std::to_string(f.col) + " is outside the " + std::to_string(p.rows) +
                               "x" + std::to_string(p.cols) + " board");
    }
    p.fixed.push_back(FixedTile{f.row, f.col, it->second, f.rot});
  }
  return p;
}

Result<EdgePuzzle> Parser::cards(const std::vector<Line>& lines) {
  EdgePuzzle p;
  p.rule = MatchRule::kComplement;
  std::map<std::string, int> colours;
  std::map<std::string, int> ids;
  for (const Line& l : lines) {
    if (l.words.empty()) continue;
    if (l.words.size() != 5) {
      return error(l.number, "a card needs a name and four sides (TOP RIGHT BOTTOM LEFT), found " +
                                 std::to_string(l.words.size()) + " words");
    }
    if (p.tiles.size() >= static_cast<size_t>(kMaxBoardSide * kMaxBoardSide)) {
      return error(l.number,
                   "too many cards: at most " + std::to_string(kMaxBoardSide * kMaxBoardSide));
    }
    Tile t;
    t.name = l.words[0];
    if (!printable(t.name) || t.name.size() > 32) {  // as tile ids: it is written as one
      return error(l.number, "card name must be 1..32 visible characters");
    }
    if (!ids.emplace(t.name, static_cast<int>(p.tiles.size())).second) {
      return error(l.number, "card name '" + t.name + "' is used twice");
    }
    for (int s = 0; s < 4; ++s) {
      const std::string w = upper(l.words[1 + s]);
      const size_t dash = w.find('-');
      const std::string part = dash == std::string::npos ? "" : w.substr(0, dash);
      const std::string colour = dash == std::string::npos ? "" : w.substr(dash + 1);
      if ((part != "HEAD" && part != "TAIL") || colour.empty() || !printable(colour)) {
        return error(l.number, "unknown side '" + l.words[1 + s] +
                                   "': expected HEAD-<COLOUR> or TAIL-<COLOUR>");
      }
      if (colour.find_first_of(";=") != std::string::npos) {  // they separate the legend
        return error(l.number,
                     "side '" + l.words[1 + s] + "': a colour may not contain ';' or '='");
      }
      auto it = colours.find(colour);
      if (it == colours.end()) {
        if (colours.size() >= static_cast<size_t>(kMaxComplementMotifs)) {
          return error(l.number,
                       "too many colours: at most " + std::to_string(kMaxComplementMotifs));
        }
        it = colours.emplace(colour, static_cast<int>(colours.size()) + 1).first;
        std::string name = lower(colour);
        name[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(name[0])));
        p.motif_names.push_back(name);
      }
      t.sides[s] = part == "HEAD" ? it->second : -it->second;
    }
    p.tiles.push_back(std::move(t));
  }
  if (p.tiles.empty()) return error("no cards");
  int side = 1;
  while (side * side < static_cast<int>(p.tiles.size())) ++side;
  if (side * side != static_cast<int>(p.tiles.size())) {
    return error(std::to_string(p.tiles.size()) +
                 " cards do not fill a square board: the card format needs 4, 9, 16, ... cards");
  }
  p.rows = p.cols = side;
  return p;
}

// "# legend: A=blue; B=green" (or "1=red; 2=sky" for colours): optional motif names.
void read_legend(const std::string& text, EdgePuzzle& p) {
  std::vector<std::string> entries;
  for (std::string_view part : split_pieces(text, ';')) {
    if (std::count(part.begin(), part.end(), '=') > 1) {
      for (std::string& w : split_words(part)) entries.push_back(std::move(w));
    } else {
      entries.push_back(trim(part));
    }
  }
  for (const std::string& e : entries) {
    const size_t eq = e.find('=');
    if (eq == std::string::npos || eq == 0) continue;
    const std::string key = trim(e.substr(0, eq));
    const std::string name = trim(e.substr(eq + 1));
    int index = 0;
    if (key.size() == 1 && std::isupper(static_cast<unsigned char>(key[0]))) {
      index = key[0] - 'A' + 1;
    } else if (!parse_int(key, 1, kMaxEqualColour, index)) {
      continue;
    }
    if (name.empty() || index > 64) continue;
    if (static_cast<int>(p.motif_names.size()) < index) p.motif_names.resize(index);
    p.motif_names[index - 1] = name;
  }
}

bool looks_like_native(const std::vector<Line>& lines) {
  for (const Line& l : lines) {
    if (l.words.empty()) continue;
    const std::string k = lower(l.words[0]);
    if (k == "size" || k == "match" || k == "border" || k == "tile" || k == "fix") return true;
  }
  return false;
}

}  // namespace

Result<EdgePuzzle> parse_puzzle(std::string_view text, std::string_view source_name) {
  Parser parser(source_name);
  if (text.size() > kMaxPuzzleFileBytes) {
    return parser.error("file is larger than 1 MiB: not a puzzle file");
  }
  if (text.find('\0') != std::string_view::npos) {
    return parser.error("file contains NUL bytes: not a text puzzle file");
  }
  const std::vector<Line> lines = split_lines(text);
  Result<EdgePuzzle> parsed = looks_like_native(lines) ? parser.native(lines) : parser.cards(lines);
  if (!parsed) return parsed;
  // Legend keys past the rule's motifs name nothing ("36=red" with match complement), and
  // trailing unnamed motifs are dropped, so the written legend reads back the same.
  std::vector<std::string>& names = parsed->motif_names;
  if (parsed->rule == MatchRule::kComplement && names.size() > size_t{kMaxComplementMotifs})
    names.resize(kMaxComplementMotifs);
  while (!names.empty() && names.back().empty()) names.pop_back();
  Result<bool> valid = validate_puzzle(*parsed);
  if (!valid) return parser.error(valid.error().what);
  return parsed;
}

std::string side_text(MatchRule rule, Side side) {
  if (rule == MatchRule::kEqual) return std::to_string(side);
  const int m = side > 0 ? side : -side;
  return std::string(1, static_cast<char>((side > 0 ? 'A' : 'a') + m - 1));
}

std::string format_puzzle(const EdgePuzzle& p) {
  auto number = [](int n) { return std::to_string(n); };
  std::string out = "# edge-matching puzzle (Tilewise native format, see docs/puzzle-format.md)\n";
  if (!p.name.empty()) out += "# name: " + p.name + "\n";
  if (!p.motif_names.empty()) {
    out += "# legend:";
    const char* sep = " ";
    for (size_t i = 0; i < p.motif_names.size(); ++i) {
      if (p.motif_names[i].empty()) continue;
      out += sep + side_text(p.rule, static_cast<Side>(i + 1)) + "=" + p.motif_names[i];
      sep = "; ";
    }
    out += "\n";
  }
  out += "size " + number(p.rows) + " " + number(p.cols) + "\n";
  out += std::string("match ") + (p.rule == MatchRule::kComplement ? "complement" : "equal") + "\n";
  out += std::string("border ") + (p.border == BorderRule::kFree ? "free" : "frame0") + "\n";
  for (const Tile& t : p.tiles) {
    out += "tile " + t.name;
    for (Side s : t.sides) {
      out += ' ';
      out += side_text(p.rule, s);
    }
    out += "\n";
  }
  for (const FixedTile& f : p.fixed) {
    out += "fix " + number(f.row) + " " + number(f.col) + " " + p.tiles[f.tile].name + " " +
           number(f.rotation) + "\n";
  }
  return out;
}

}  // namespace tilewise
