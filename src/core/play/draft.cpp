#include "core/play/draft.hpp"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <utility>

#include "core/edge/model/validate.hpp"
#include "core/play/colour_names.hpp"
#include "core/play/editor.hpp"

namespace tilewise {
namespace {

int max_motifs(const Draft& d) {
  return d.puzzle.rule == MatchRule::kComplement ? kMaxComplementMotifs : 64;
}

bool is_open(const Draft& d, int k) {
  return d.open[static_cast<size_t>(k / 4)][static_cast<size_t>(k % 4)];
}

// The words of a name: [begin, end) of each run of letters.
std::vector<std::pair<size_t, size_t>> words_of(std::string_view name) {
  std::vector<std::pair<size_t, size_t>> words;
  for (size_t i = 0; i < name.size();) {
    if (!std::isalpha(static_cast<unsigned char>(name[i]))) {
      ++i;
      continue;
    }
    size_t j = i;
    while (j < name.size() && std::isalpha(static_cast<unsigned char>(name[j]))) ++j;
    words.emplace_back(i, j);
    i = j;
  }
  return words;
}

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

bool names_colour(std::string_view word) {
  return colour_for_name(word).has_value();
}

}  // namespace

const std::vector<std::string>& draft_colour_words() {
  static const std::vector<std::string> words = {"red",   "orange", "yellow", "green",
                                                 "cyan",  "blue",   "purple", "pink",
                                                 "brown", "black",  "white",  "grey"};
  return words;
}

Result<Draft> new_draft(int rows, int cols, MatchRule rule, bool frame) {
  Result<EdgePuzzle> blank = blank_puzzle(rows, cols, rule, frame);
  if (!blank) return blank.error();
  Draft d;
  d.puzzle = *blank;
  d.open.assign(d.puzzle.tiles.size(), {true, true, true, true});
  for (size_t t = 0; t < d.puzzle.tiles.size(); ++t)
    for (int s = 0; s < 4; ++s) {
      Side& side = d.puzzle.tiles[t].sides[static_cast<size_t>(s)];
      if (frame && side == 0)
        d.open[t][static_cast<size_t>(s)] = false;  // the frame's grey, already right
      else
        side = 0;
    }
  d.puzzle.motif_names = {"Red", "Green", "Blue", "Yellow"};
  d.tile = -1;
  for (int k = 0; k < static_cast<int>(d.open.size()) * 4 && d.tile < 0; ++k)
    if (is_open(d, k)) select_side(d, k / 4, k % 4);
  return d;
}

Draft draft_of(const EdgePuzzle& puzzle) {
  Draft d;
  d.puzzle = puzzle;
  d.open.assign(puzzle.tiles.size(), {false, false, false, false});
  d.tile = puzzle.tiles.empty() ? -1 : 0;
  d.side = kTop;
  const int used = draft_motifs(d);
  if (static_cast<int>(d.puzzle.motif_names.size()) < used)
    d.puzzle.motif_names.resize(static_cast<size_t>(used));
  return d;
}

bool select_side(Draft& d, int tile, int side) {
  if (tile < 0 || tile >= static_cast<int>(d.puzzle.tiles.size()) || side < 0 || side > 3)
    return false;
  d.tile = tile;
  d.side = side;
  return true;
}

bool fill_side(Draft& d, Side value) {
  if (d.tile < 0 || d.tile >= static_cast<int>(d.puzzle.tiles.size())) return false;
  const int m = std::abs(value);
  const bool frame_grey =
      d.puzzle.rule == MatchRule::kEqual && d.puzzle.border == BorderRule::kFrame0 && value == 0;
  const bool ok = d.puzzle.rule == MatchRule::kComplement
                      ? m >= 1 && m <= draft_motifs(d)
                      : frame_grey || (value >= 1 && value <= draft_motifs(d));
  if (!ok) return false;
  d.puzzle.tiles[static_cast<size_t>(d.tile)].sides[static_cast<size_t>(d.side)] = value;
  d.open[static_cast<size_t>(d.tile)][static_cast<size_t>(d.side)] = false;
  const int total = static_cast<int>(d.puzzle.tiles.size()) * 4;
  const int here = d.tile * 4 + d.side;
  int next = -1;
  for (int step = 1; step < total && next < 0; ++step)
    if (is_open(d, (here + step) % total)) next = (here + step) % total;
  if (next < 0 && here + 1 < total) next = here + 1;
  d.tile = next < 0 ? -1 : next / 4;
  d.side = next < 0 ? kTop : next % 4;
  return true;
}

int open_sides(const Draft& d) {
  int n = 0;
  for (const auto& sides : d.open)
    for (bool o : sides) n += o;
  return n;
}

int draft_motifs(const Draft& d) {
  int top = static_cast<int>(d.puzzle.motif_names.size());
  for (const Tile& t : d.puzzle.tiles)
    for (Side s : t.sides) top = std::max(top, std::abs(s));
  return std::min(top, max_motifs(d));
}

int add_motif(Draft& d) {
  const int n = draft_motifs(d);
  if (n >= max_motifs(d)) return 0;
  d.puzzle.motif_names.resize(static_cast<size_t>(n));
  std::string name;
  for (const std::string& word : draft_colour_words()) {
    const bool used =
        std::any_of(d.puzzle.motif_names.begin(), d.puzzle.motif_names.end(),
                    [&](const std::string& other) { return colour_word_of(other) == word; });
    if (!used) {
      name = word;
      break;
    }
  }
  if (name.empty()) name = "motif " + std::to_string(n + 1);
  name[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(name[0])));
  d.puzzle.motif_names.push_back(name);
  return n + 1;
}

std::string clean_name(std::string_view name) {
  std::string out;
  for (char c : name) {
    const auto u = static_cast<unsigned char>(c);
    if (u < 0x20 || u == 0x7f || c == ';' || c == '=' || c == '#')
      out.push_back(' ');
    else
      out.push_back(c);
  }
  const size_t first = out.find_first_not_of(' ');
  if (first == std::string::npos) return "";
  out = out.substr(first, out.find_last_not_of(' ') - first + 1);
  if (out.size() > kMaxDraftNameBytes) {
    size_t end = kMaxDraftNameBytes;  // not inside a UTF-8 character
    while (end > 0 && (static_cast<unsigned char>(out[end]) & 0xC0) == 0x80) --end;
    out.resize(end);
    while (!out.empty() && out.back() == ' ') out.pop_back();
  }
  return out;
}

bool name_motif(Draft& d, int motif, std::string_view name) {
  if (motif < 1 || motif > draft_motifs(d)) return false;
  if (static_cast<int>(d.puzzle.motif_names.size()) < motif)
    d.puzzle.motif_names.resize(static_cast<size_t>(motif));
  d.puzzle.motif_names[static_cast<size_t>(motif - 1)] = clean_name(name);
  return true;
}

void name_draft(Draft& d, std::string_view name) {
  d.puzzle.name = clean_name(name);
}

std::string colour_word_of(std::string_view name) {
  for (const auto& [begin, end] : words_of(name)) {
    const std::string_view word = name.substr(begin, end - begin);
    if (names_colour(word)) return lower(word);
  }
  return "";
}

std::string recoloured_name(std::string_view name, std::string_view colour) {
  std::string word(colour);
  for (const auto& [begin, end] : words_of(name)) {
    if (!names_colour(name.substr(begin, end - begin))) continue;
    if (!word.empty() && std::isupper(static_cast<unsigned char>(name[begin])))
      word[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(word[0])));
    return clean_name(std::string(name.substr(0, begin)) + word + std::string(name.substr(end)));
  }
  if (!word.empty()) word[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(word[0])));
  const std::string rest = clean_name(name);
  if (rest.empty()) return word;
  // "Frog" becomes "Green frog": the rest reads on after the colour.
  std::string tail = rest;
  if (tail.size() > 1 && std::isupper(static_cast<unsigned char>(tail[0])) &&
      !std::isupper(static_cast<unsigned char>(tail[1])))
    tail[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(tail[0])));
  return clean_name(word + " " + tail);
}

Result<EdgePuzzle> finish_draft(const Draft& d) {
  const int open = open_sides(d);
  if (open > 0)
    return Error{"editor", std::to_string(open) + (open == 1 ? " side is" : " sides are") +
                               " not chosen yet: tap one, then pick its motif"};
  EdgePuzzle p = d.puzzle;
  int used = 0;
  for (const Tile& t : p.tiles)
    for (Side s : t.sides) used = std::max(used, std::abs(s));
  if (static_cast<int>(p.motif_names.size()) > used)
    p.motif_names.resize(static_cast<size_t>(used));
  while (!p.motif_names.empty() && p.motif_names.back().empty()) p.motif_names.pop_back();
  return finish_draft(p);
}

}  // namespace tilewise
