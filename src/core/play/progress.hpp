// Progress kept between visits: each puzzle's game (its start, the board as it stands, the
// moves made and the play clock) and the player's best solve, as JSON text that the browser
// keeps (localStorage). Also the shuffled starts games open with and the daily puzzle's seed.
// Platform-free: the app reads and writes the text (src/app/progress.cpp).
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "core/edge/model/generator.hpp"
#include "core/edge/model/puzzle.hpp"
#include "core/result.hpp"

namespace tilewise {

inline constexpr int kProgressVersion = 1;
inline constexpr std::size_t kMaxSavedGames = 40;  // the oldest are dropped beyond this

// One puzzle's game.
struct SavedGame {
  std::string key;     // puzzle_key(the puzzle)
  std::string puzzle;  // the puzzle in the native text format (with its name and motif names)
  std::string file;    // where the app got it (a gallery file name, "puzzle from a link", ...)
  std::string title;   // what the player sees
  std::vector<Placement> start, cells;  // the start it opened with; the board as it stands
  int moves = 0;
  double play_ms = -1;     // the play clock; -1: not started (no move yet)
  bool solved = false;     // solved by the player (a solve shown by the solver is never saved so)
  std::uint64_t seed = 0;  // the shuffled start's seed (0: the tiles lay as dealt)
};

// The player's best solve of a puzzle.
struct BestSolve {
  double ms = 0;
  int moves = 0;
};

struct ProgressBook {
  std::vector<SavedGame> games;           // the most recent first
  std::map<std::string, BestSolve> best;  // by puzzle key

  const SavedGame* find(std::string_view key) const;
  // Puts the game first (replacing the puzzle's earlier game); keeps kMaxSavedGames.
  void put(SavedGame game);
  // Records a solve; true when it is the puzzle's best (the shortest time).
  bool record_solve(const std::string& key, double ms, int moves);
};

// What tells puzzles apart: a hash of the puzzle's tiles, size, rule, border and fixed tiles
// (not its title or motif names), as 16 hex digits.
std::string puzzle_key(const EdgePuzzle& puzzle);

std::string write_progress(const ProgressBook& book);
// Reads write_progress's text. Every game is checked against its own puzzle (the puzzle
// parses, the key is its key, start and board hold each tile once, fixed tiles in place); one
// clear error (`where`, then which game and why) for anything else.
Result<ProgressBook> read_progress(std::string_view text, std::string_view where);

// A start drawn from `seed`: the tiles that are not fixed shuffled over the free cells and
// each turned at random. Never the solved board when another start exists. The same puzzle
// and seed give the same start on every machine.
std::vector<Placement> shuffled_start(const EdgePuzzle& puzzle, std::uint64_t seed);

// The daily puzzle of a date ("2026-11-28"): a 3x3 of four motifs, halves match, from the
// generator with a seed made from the date, so everyone gets the same one on that day.
// An error for a date not written YYYY-MM-DD.
Result<GenerateOptions> daily_options(std::string_view date);

}  // namespace tilewise
