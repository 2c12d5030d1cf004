#include "app/progress.hpp"

#include "core/edge/model/format.hpp"
#include "platform/platform.hpp"

namespace tilewise::app {
namespace {

constexpr const char* kStorageKey = "tilewise.progress";
constexpr const char* kHowToKey = "tilewise.how_to_dismissed";
constexpr double kClockSaveEveryMs = 1000;

bool same_puzzle(const EdgePuzzle& a, const EdgePuzzle& b) {
  if (a.rows != b.rows || a.cols != b.cols || a.rule != b.rule || a.border != b.border ||
      a.tiles.size() != b.tiles.size() || a.fixed.size() != b.fixed.size())
    return false;
  for (size_t t = 0; t < a.tiles.size(); ++t)
    if (a.tiles[t].sides != b.tiles[t].sides) return false;
  for (size_t f = 0; f < a.fixed.size(); ++f)
    if (a.fixed[f].tile != b.fixed[f].tile || a.fixed[f].row != b.fixed[f].row ||
        a.fixed[f].col != b.fixed[f].col || a.fixed[f].rotation != b.fixed[f].rotation)
      return false;
  return true;
}

struct Tracker {
  bool loaded = false;  // the book was read from storage
  ProgressBook book;
  std::string error;  // the last storage problem (test state)
  // The game on the board.
  bool tracking = false;
  EdgePuzzle puzzle;
  SavedGame game;
  bool was_solver = false;  // the solver's answer was on the board last frame
  bool solve_recorded = false;
  double last_clock_save = -1e18;
  std::string written;   // the text this page last kept (another tab may write after it)
  bool yielded = false;  // another tab wrote since: the clock alone no longer overwrites it
  // A game put on the board by progress_at_start / progress_open, adopted when the board
  // shows its puzzle.
  std::optional<SavedGame> expected;
};
Tracker t;

void save() {
  const std::string text = write_progress(t.book);
  if (!platform::storage_set(kStorageKey, text))
    t.error = "the browser did not keep the saved games (storage full or blocked)";
  t.written = text;
}

// Keeps the game on the board. Another tab of the app may have written since this one last
// did: its games are taken in first; a move here is kept over them, the running clock alone
// is not (two tabs open on one game: the one played in wins).
void save_game(bool move) {
  const std::string stored = platform::storage_get(kStorageKey);
  if (!stored.empty() && stored != t.written) {
    if (Result<ProgressBook> other = read_progress(stored, "saved games")) {
      t.book = std::move(*other);
      if (t.game.solved) t.book.record_solve(t.game.key, t.game.play_ms, t.game.moves);
    }
    t.written = stored;
    t.yielded = true;
  }
  if (move) t.yielded = false;
  if (t.yielded) return;
  t.book.put(t.game);
  save();
}

// Reads the book once; bad data: one message, and progress starts afresh.
void load_book(std::string* error) {
  if (t.loaded) return;
  t.loaded = true;
  const std::string text = platform::storage_get(kStorageKey);
  if (text.empty()) return;
  Result<ProgressBook> book = read_progress(text, "saved games");
  if (book) {
    t.book = std::move(*book);
    t.written = text;
    return;
  }
  t.error = book.error().to_string();
  if (error) *error = "saved games could not be read (" + book.error().what + "); starting afresh";
  t.book = ProgressBook{};
  save();
}

SavedGame fresh_game(const EdgePuzzle& puzzle, const std::string& file, const std::string& title,
                     const std::vector<Placement>& start, std::uint64_t seed) {
  SavedGame g;
  g.key = puzzle_key(puzzle);
  g.puzzle = format_puzzle(puzzle);
  g.file = file;
  g.title = title;
  g.start = g.cells = start;
  g.seed = seed;
  return g;
}

ResumedGame resumed(const SavedGame& g, bool load, const EdgePuzzle& puzzle) {
  ResumedGame r;
  r.load = load;
  r.puzzle = puzzle;
  r.file = g.file;
  r.title = g.title;
  r.cells = g.cells;
  r.play_ms = g.play_ms;
  return r;
}

}  // namespace

std::optional<ResumedGame> progress_at_start(const PlayBoard& board, bool bare_address,
                                             std::string& error) {
  load_book(&error);
  if (bare_address) {
    if (t.book.games.empty()) return std::nullopt;
    const SavedGame& last = t.book.games.front();
    Result<EdgePuzzle> p = parse_puzzle(last.puzzle, last.file);
    if (!p) return std::nullopt;  // read_progress checked it
    t.expected = last;
    return resumed(last, true, *p);
  }
  const EdgePuzzle& p = board.puzzle();
  const SavedGame* saved = t.book.find(puzzle_key(p));
  if (saved && same_cells(saved->cells, board.cells())) {  // a reload: the game goes on
    t.expected = *saved;
    return resumed(*saved, false, p);
  }
  // A link: its board is where this game starts.
  t.expected = fresh_game(p, "", "", board.cells(), 0);
  ResumedGame r;
  r.cells = board.cells();
  return r;
}

ResumedGame progress_open(const EdgePuzzle& puzzle, const std::string& file,
                          const std::string& title) {
  load_book(nullptr);
  const SavedGame* saved = t.book.find(puzzle_key(puzzle));
  if (saved && !saved->solved) {
    t.expected = *saved;
    t.expected->file = file;
    t.expected->title = title;
    return resumed(*t.expected, true, puzzle);
  }
  std::uint64_t seed = platform::random_u64();
  if (seed == 0) seed = 1;
  t.expected = fresh_game(puzzle, file, title, shuffled_start(puzzle, seed), seed);
  return resumed(*t.expected, true, puzzle);
}

void progress_track(const PlayBoard& board, const std::string& file, const std::string& title,
                    double play_ms, bool by_solver) {
  load_book(nullptr);
  const EdgePuzzle& p = board.puzzle();
  // Another puzzle, or a game put on the board (the same puzzle opened anew): another game.
  const bool another = !t.tracking || !same_puzzle(p, t.puzzle);
  if (another || t.expected) {
    t.tracking = true;
    t.puzzle = p;
    const std::string key = puzzle_key(p);
    if (!another && t.expected->key != key) {  // not this board's: the board has not changed
      t.expected.reset();
    } else if (t.expected && t.expected->key == key) {
      t.game = *t.expected;
      t.game.cells = board.cells();
    } else {
      t.game = fresh_game(p, file, title, board.cells(), 0);
    }
    t.expected.reset();
    t.was_solver = by_solver;
    t.solve_recorded = t.game.solved;
    t.last_clock_save = platform::now_ms();
  }
  t.game.file = file;
  if (!title.empty()) t.game.title = title;
  bool changed = false;
  if (!same_cells(board.cells(), t.game.cells)) {
    // The solver's answer shown, or taken away again (Undo): not the player's moves.
    const bool players = !by_solver && !t.was_solver;
    if (!by_solver) t.game.cells = board.cells();
    if (players) {
      ++t.game.moves;
      changed = true;
    }
  }
  t.was_solver = by_solver;
  if (by_solver) return;  // never saved as the player's board
  const bool solved = board.solved();
  if (solved && !t.solve_recorded && t.game.moves > 0) {
    t.solve_recorded = true;
    t.game.solved = true;
    t.game.play_ms = play_ms;
    t.book.record_solve(t.game.key, play_ms, t.game.moves);
    changed = true;
  } else if (!solved && t.game.solved) {  // played on after solving
    t.game.solved = false;
    t.solve_recorded = false;
  }
  if (t.game.moves == 0) return;  // looking is not playing: nothing saved yet
  const double now = platform::now_ms();
  if (!t.game.solved) t.game.play_ms = play_ms;
  if (changed || (!t.game.solved && now - t.last_clock_save >= kClockSaveEveryMs)) {
    save_game(changed);
    t.last_clock_save = now;
  }
}

void progress_restart(const std::vector<Placement>& start) {
  if (!t.tracking) return;
  const bool kept = t.game.moves > 0;
  t.game.cells = start;
  t.game.moves = 0;
  t.game.play_ms = -1;
  t.game.solved = false;
  t.solve_recorded = false;
  if (kept) save_game(true);
}

bool progress_how_to_dismissed() {
  return !platform::storage_get(kHowToKey).empty();
}

void progress_dismiss_how_to() {
  platform::storage_set(kHowToKey, "1");
}

int progress_moves() {
  return t.game.moves;
}

const std::vector<Placement>& progress_start_cells() {
  return t.game.start;
}

const SavedGame* progress_game(const std::string& key) {
  load_book(nullptr);
  return t.book.find(key);
}

const BestSolve* progress_best(const std::string& key) {
  load_book(nullptr);
  const auto it = t.book.best.find(key);
  return it == t.book.best.end() ? nullptr : &it->second;
}

const SavedGame* progress_last_unfinished() {
  load_book(nullptr);
  for (const SavedGame& g : t.book.games)
    if (!g.solved) return &g;
  return nullptr;
}

nlohmann::json progress_state() {
  nlohmann::json start = nlohmann::json::array();
  for (const Placement& c : t.game.start) start.push_back({c.tile + 1, c.rotation});
  return {{"moves", t.game.moves},
          {"key", t.game.key},
          {"seed", std::to_string(t.game.seed)},
          {"start", start},
          {"saved", t.book.games.size()},
          {"error", t.error}};
}

}  // namespace tilewise::app
