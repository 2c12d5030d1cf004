// Progress kept in the browser (core/play/progress.hpp, in localStorage): each puzzle's game
// is saved as it is played (the board at once after every move, the clock every second), the
// bare start address and the installed app bring the last game back, a reload brings back the
// game on screen, and the gallery offers "Continue" and shows solved marks and best times.
// Gallery puzzles open on a start shuffled and turned from a new seed.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "core/edge/model/puzzle.hpp"
#include "core/play/board.hpp"
#include "core/play/progress.hpp"

namespace tilewise::app {

// A game to put on the board: its puzzle (when `load`: a different one from the board's), the
// board to start from and the play clock (-1: not started).
struct ResumedGame {
  bool load = false;
  EdgePuzzle puzzle;
  std::string file, title;
  std::vector<Placement> cells;
  double play_ms = -1;
};

// At start, once a link in the address has been opened. With no link (`bare_address`): the
// last game, if any. With one: the game saved for the linked puzzle when the link shows its
// board (a reload), else the link's board as the game's start. Saved data that cannot be read
// sets `error` (one message) and progress starts afresh; the puzzle on the board stays.
std::optional<ResumedGame> progress_at_start(const PlayBoard& board, bool bare_address,
                                             std::string& error);

// A puzzle chosen in the gallery: its unfinished game ("Continue"), else a new start shuffled
// and turned from a fresh seed.
ResumedGame progress_open(const EdgePuzzle& puzzle, const std::string& file,
                          const std::string& title);

// Once per frame after the board's input: counts the player's moves, saves the game (a game
// is saved from its first move on) and records the player's solves. A board that the solver
// solved (`by_solver`) is never saved as the player's.
void progress_track(const PlayBoard& board, const std::string& file, const std::string& title,
                    double play_ms, bool by_solver);

// Restart: the game on the board goes back to `start` with no moves made and the clock
// not started (kept at once).
void progress_restart(const std::vector<Placement>& start);

// The player's moves in the game on the board (the one count the page shows and keeps).
int progress_moves();
const std::vector<Placement>& progress_start_cells();  // the start it opened with (Restart)

// The first visit's how-to card: dismissed ("Got it") once, it stays dismissed on later
// visits (its own localStorage key).
bool progress_how_to_dismissed();
void progress_dismiss_how_to();

// For the gallery: a puzzle's saved game and best solve (nullptr when none), by puzzle_key.
const SavedGame* progress_game(const std::string& key);
const BestSolve* progress_best(const std::string& key);
// The most recent unfinished game, if any.
const SavedGame* progress_last_unfinished();

// Test state: {"moves", "key", "seed", "start": [[tile, turn]...], "saved": games kept,
// "error": the last storage problem}.
nlohmann::json progress_state();

}  // namespace tilewise::app
