#include "core/play/progress.hpp"

#include <algorithm>
#include <cstdio>
#include <nlohmann/json.hpp>

#include "core/edge/model/format.hpp"
#include "core/hash.hpp"
#include "core/json_text.hpp"
#include "core/play/arrangement.hpp"
#include "core/play/board.hpp"
#include "core/random.hpp"

namespace tilewise {
namespace {

std::string hex16(std::uint64_t v) {
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(v));
  return buf;
}

// The cells as the arrangement line's words ("3/1 1/0 - 2/3"), without the prefix.
std::string cells_text(const std::vector<Placement>& cells) {
  std::string line = format_arrangement(cells);  // "# arrangement: ...\n"
  const size_t colon = line.find(':');
  return line.substr(colon + 2, line.size() - colon - 3);
}

Result<std::vector<Placement>> read_cells(const std::string& text, const EdgePuzzle& p,
                                          const std::string& where) {
  auto cells = read_arrangement("# arrangement: " + text + "\n", p, where);
  if (!cells) return cells.error();
  if (!cells->has_value()) return Error{where, "no board"};
  return std::move(**cells);
}

// Typed reads of one game's fields: JSON of the wrong type is an error, never an abort (the
// web build has no exceptions).
struct Reader {
  const nlohmann::json& j;
  std::string where;
  std::string problem;
  std::string text(const char* key) {
    const auto it = j.find(key);
    if (it == j.end() || !it->is_string()) return fail(key, "text"), std::string();
    return it->get<std::string>();
  }
  double number(const char* key) {
    const auto it = j.find(key);
    if (it == j.end() || !it->is_number()) return fail(key, "a number"), 0.0;
    return it->get<double>();
  }
  bool flag(const char* key) {
    const auto it = j.find(key);
    if (it == j.end() || !it->is_boolean()) return fail(key, "true or false"), false;
    return it->get<bool>();
  }
  void fail(const char* key, const char* want) {
    if (problem.empty()) problem = std::string("'") + key + "' is missing or not " + want;
  }
};

Result<SavedGame> read_game(const nlohmann::json& j, const std::string& where) {
  if (!j.is_object()) return Error{where, "not an object"};
  Reader r{j, where, {}};
  SavedGame g;
  g.key = r.text("key");
  g.puzzle = r.text("puzzle");
  g.file = r.text("file");
  g.title = r.text("title");
  const std::string start = r.text("start"), cells = r.text("cells");
  const double moves = r.number("moves");
  g.play_ms = r.number("play_ms");
  g.solved = r.flag("solved");
  const std::string seed = r.text("seed");
  if (!r.problem.empty()) return Error{where, r.problem};
  if (moves < 0 || moves > 1e9) return Error{where, "moves out of range"};
  g.moves = static_cast<int>(moves);
  if (g.play_ms < -1 || g.play_ms > 1e12) return Error{where, "play clock out of range"};
  if (seed.empty() || seed.size() > 16 ||
      seed.find_first_not_of("0123456789abcdef") != std::string::npos)
    return Error{where, "seed is not hex"};
  g.seed = std::stoull(seed, nullptr, 16);
  Result<EdgePuzzle> p = parse_puzzle(g.puzzle, where + " puzzle");
  if (!p) return Error{where, "its puzzle: " + p.error().to_string()};
  if (puzzle_key(*p) != g.key) return Error{where, "the key is not its puzzle's"};
  auto s = read_cells(start, *p, where + " start");
  if (!s) return s.error();
  auto c = read_cells(cells, *p, where + " board");
  if (!c) return c.error();
  g.start = std::move(*s);
  g.cells = std::move(*c);
  return g;
}

}  // namespace

const SavedGame* ProgressBook::find(std::string_view key) const {
  for (const SavedGame& g : games)
    if (g.key == key) return &g;
  return nullptr;
}

void ProgressBook::put(SavedGame game) {
  std::erase_if(games, [&](const SavedGame& g) { return g.key == game.key; });
  games.insert(games.begin(), std::move(game));
  if (games.size() > kMaxSavedGames) games.resize(kMaxSavedGames);
}

bool ProgressBook::record_solve(const std::string& key, double ms, int moves) {
  const auto it = best.find(key);
  if (it != best.end() && it->second.ms <= ms) return false;
  best[key] = BestSolve{ms, moves};
  return true;
}

std::string puzzle_key(const EdgePuzzle& puzzle) {
  EdgePuzzle bare = puzzle;
  bare.name.clear();
  bare.motif_names.clear();
  for (Tile& t : bare.tiles) t.name.clear();
  return hex16(hash::fnv1a(format_puzzle(bare)));
}

std::string write_progress(const ProgressBook& book) {
  nlohmann::json games = nlohmann::json::array();
  for (const SavedGame& g : book.games)
    games.push_back({{"key", g.key},
                     {"puzzle", g.puzzle},
                     {"file", g.file},
                     {"title", g.title},
                     {"start", cells_text(g.start)},
                     {"cells", cells_text(g.cells)},
                     {"moves", g.moves},
                     {"play_ms", g.play_ms},
                     {"solved", g.solved},
                     {"seed", hex16(g.seed)}});
  nlohmann::json best = nlohmann::json::object();
  for (const auto& [key, b] : book.best) best[key] = {{"ms", b.ms}, {"moves", b.moves}};
  return json_text({{"version", kProgressVersion}, {"games", games}, {"best", best}});
}

Result<ProgressBook> read_progress(std::string_view text, std::string_view where_view) {
  const std::string where(where_view);
  const nlohmann::json j = nlohmann::json::parse(text, nullptr, false);
  if (j.is_discarded()) return Error{where, "not JSON"};
  if (!j.is_object()) return Error{where, "not a JSON object"};
  const auto version = j.find("version");
  if (version == j.end() || !version->is_number_integer()) return Error{where, "no version number"};
  if (version->get<int>() != kProgressVersion)
    return Error{where, "version " + std::to_string(version->get<long long>()) + ", expected " +
                            std::to_string(kProgressVersion)};
  const auto games = j.find("games");
  const auto best = j.find("best");
  if (games == j.end() || !games->is_array()) return Error{where, "no list of games"};
  if (best == j.end() || !best->is_object()) return Error{where, "no best times"};
  ProgressBook book;
  int n = 0;
  for (const auto& g : *games) {
    ++n;
    const std::string title = g.is_object() && g.contains("title") && g["title"].is_string()
                                  ? " (" + g["title"].get<std::string>() + ")"
                                  : std::string();
    Result<SavedGame> game = read_game(g, "game " + std::to_string(n) + title);
    if (!game) return Error{where, game.error().to_string()};
    if (book.find(game->key)) return Error{where, "game " + std::to_string(n) + " is there twice"};
    if (book.games.size() < kMaxSavedGames) book.games.push_back(std::move(*game));
  }
  for (const auto& [key, b] : best->items()) {
    const auto ms = b.is_object() ? b.find("ms") : b.end();
    const auto moves = b.is_object() ? b.find("moves") : b.end();
    if (!b.is_object() || ms == b.end() || !ms->is_number() || moves == b.end() ||
        !moves->is_number_integer() || ms->get<double>() < 0 || moves->get<long long>() < 0 ||
        moves->get<long long>() > 1000000000)
      return Error{where, "best time of " + key + ": not {ms, moves}"};
    book.best[key] = BestSolve{ms->get<double>(), moves->get<int>()};
  }
  return book;
}

std::vector<Placement> shuffled_start(const EdgePuzzle& puzzle, std::uint64_t seed) {
  const PlayBoard dealt(puzzle);
  std::vector<int> free_cells, tiles;
  for (int c = 0; c < static_cast<int>(dealt.cells().size()); ++c)
    if (!dealt.is_fixed_cell(c)) {
      free_cells.push_back(c);
      tiles.push_back(dealt.cells()[static_cast<size_t>(c)].tile);
    }
  SplitMix64 rng(hash::fnv1a("tilewise start", seed));
  std::vector<Placement> cells = dealt.cells();
  for (int attempt = 0; attempt < 8; ++attempt) {
    std::vector<int> order = tiles;
    for (size_t i = order.size(); i > 1; --i)
      std::swap(order[i - 1], order[static_cast<size_t>(rng.below(i))]);
    for (size_t i = 0; i < free_cells.size(); ++i)
      cells[static_cast<size_t>(free_cells[i])] =
          Placement{order[i], static_cast<int>(rng.below(4))};
    PlayBoard b(puzzle);
    b.start_from(cells);
    if (!b.solved()) break;  // a board of one free tile may have no other start
  }
  return cells;
}

Result<GenerateOptions> daily_options(std::string_view date) {
  const bool shape = date.size() == 10 && date[4] == '-' && date[7] == '-' &&
                     std::all_of(date.begin(), date.end(),
                                 [](char c) { return c == '-' || (c >= '0' && c <= '9'); });
  if (!shape)
    return Error{"daily puzzle", "the date '" + std::string(date) + "' is not YYYY-MM-DD"};
  GenerateOptions o;
  o.rows = o.cols = 3;
  o.motifs = 4;
  o.rule = MatchRule::kComplement;
  o.border = BorderRule::kFree;
  o.seed = hash::fnv1a(date, hash::fnv1a("tilewise daily"));
  return o;
}

}  // namespace tilewise
