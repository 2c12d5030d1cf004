// New games for players: a generated puzzle chosen by size and difficulty, reproduced from a
// short game ID ("4x4M-2071"). Platform-free.
//
// Difficulty is the solver's measured effort: the number of partial boards (nodes) the
// exhaustive search visits to find every solution of the puzzle (SolveMode::kCount, default
// search options; the same count on every machine). Many partial boards that fit locally but
// lead nowhere are the dead ends a player meets too. Each size has two thresholds (kEffort*)
// that split the generator's puzzles of that size into thirds: Easy below the first, Medium
// between, Hard from the second on (measured over 300 seeds per size, play_game_test.cpp
// checks the split stays near thirds).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/edge/model/puzzle.hpp"
#include "core/result.hpp"

namespace tilewise {

enum class Difficulty { kEasy, kMedium, kHard };

struct GameId {
  int size = 3;  // square boards: size x size (3..5)
  Difficulty difficulty = Difficulty::kEasy;
  std::uint32_t number = 1;  // 1..99999
};

inline constexpr int kMinGameSize = 3, kMaxGameSize = 5;

// "3x3E-42": size, E/M/H, number.
std::string format_game_id(const GameId& id);
// Accepts what format_game_id writes (letters in either case, spaces round it ignored).
std::optional<GameId> parse_game_id(std::string_view text);
const char* difficulty_name(Difficulty d);  // "Easy", "Medium", "Hard"

// The solver's effort for a puzzle: nodes of the full count (see above).
std::uint64_t measured_effort(const EdgePuzzle& puzzle);
Difficulty difficulty_of(int size, std::uint64_t effort);

struct Game {
  GameId id;
  EdgePuzzle puzzle;  // tiles shuffled and turned (the generator deals them so)
  std::uint64_t effort = 0;
};

// The puzzle of a game ID: generated boards from seeds drawn from the ID's number, the first
// whose effort falls in the ID's difficulty. The same ID gives the same puzzle everywhere.
Result<Game> make_game(const GameId& id);

}  // namespace tilewise
