#include "core/play/game.hpp"

#include <algorithm>
#include <cctype>

#include "core/edge/model/generator.hpp"
#include "core/edge/search/solver.hpp"
#include "core/play/board.hpp"
#include "core/random.hpp"

namespace tilewise {
namespace {

// Motifs per size: as many as a boxed Scramble Squares 3x3 has (4), one more per size.
int motifs_for(int size) {
  return size + 1;
}

// Effort thresholds per size (index size - kMinGameSize): Easy below the first, Hard from
// the second on. The thirds of the efforts of the generator's puzzles for seeds 1..300
// (play_game_test.cpp, GameTest.DifficultiesSplitTheSeedsInThirds).
struct Thresholds {
  std::uint64_t medium, hard;
};
constexpr Thresholds kEffort[] = {{565, 830}, {14800, 23500}, {259000, 429000}};

// Attempts at a seed for one game before giving up (a difficulty holds about a third of the
// seeds: 64 misses in a row happen about once in 10^11).
constexpr int kMaxAttempts = 64;

}  // namespace

const char* difficulty_name(Difficulty d) {
  switch (d) {
    case Difficulty::kEasy:
      return "Easy";
    case Difficulty::kMedium:
      return "Medium";
    case Difficulty::kHard:
      return "Hard";
  }
  return "Easy";
}

std::string format_game_id(const GameId& id) {
  static const char kLetter[] = {'E', 'M', 'H'};
  return std::to_string(id.size) + "x" + std::to_string(id.size) +
         kLetter[static_cast<int>(id.difficulty)] + "-" + std::to_string(id.number);
}

std::optional<GameId> parse_game_id(std::string_view text) {
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front())))
    text.remove_prefix(1);
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back())))
    text.remove_suffix(1);
  // N x N L - digits
  if (text.size() < 6 || (text[1] != 'x' && text[1] != 'X')) return std::nullopt;
  if (text[0] != text[2] || text[0] < '0' + kMinGameSize || text[0] > '0' + kMaxGameSize)
    return std::nullopt;
  GameId id;
  id.size = text[0] - '0';
  switch (std::toupper(static_cast<unsigned char>(text[3]))) {
    case 'E':
      id.difficulty = Difficulty::kEasy;
      break;
    case 'M':
      id.difficulty = Difficulty::kMedium;
      break;
    case 'H':
      id.difficulty = Difficulty::kHard;
      break;
    default:
      return std::nullopt;
  }
  if (text[4] != '-') return std::nullopt;
  const std::string_view digits = text.substr(5);
  if (digits.empty() || digits.size() > 5) return std::nullopt;
  std::uint32_t n = 0;
  for (const char c : digits) {
    if (!std::isdigit(static_cast<unsigned char>(c))) return std::nullopt;
    n = n * 10 + static_cast<std::uint32_t>(c - '0');
  }
  if (n == 0) return std::nullopt;
  id.number = n;
  return id;
}

std::uint64_t measured_effort(const EdgePuzzle& puzzle) {
  SolveOptions o;
  o.mode = SolveMode::kCount;
  return solve(puzzle, o).stats.nodes;
}

Difficulty difficulty_of(int size, std::uint64_t effort) {
  const Thresholds t = kEffort[std::clamp(size, kMinGameSize, kMaxGameSize) - kMinGameSize];
  if (effort < t.medium) return Difficulty::kEasy;
  if (effort < t.hard) return Difficulty::kMedium;
  return Difficulty::kHard;
}

Result<Game> make_game(const GameId& id) {
  if (id.size < kMinGameSize || id.size > kMaxGameSize)
    return Error{"game", "board size must be " + std::to_string(kMinGameSize) + ".." +
                             std::to_string(kMaxGameSize)};
  // Each ID has its own stream of generator seeds.
  SplitMix64 seeds((static_cast<std::uint64_t>(id.size) << 40) ^
                   (static_cast<std::uint64_t>(id.difficulty) << 32) ^ id.number);
  for (int attempt = 0; attempt < kMaxAttempts; ++attempt) {
    GenerateOptions o;
    o.rows = o.cols = id.size;
    o.motifs = motifs_for(id.size);
    o.seed = seeds.next() >> 1;
    Result<EdgePuzzle> p = generate_puzzle(o);
    if (!p) return p.error();
    const std::uint64_t effort = measured_effort(*p);
    if (difficulty_of(id.size, effort) != id.difficulty) continue;
    Game g;
    g.id = id;
    g.puzzle = std::move(*p);
    g.puzzle.name = std::string(difficulty_name(id.difficulty)) + " " + std::to_string(id.size) +
                    " x " + std::to_string(id.size) + " (" + format_game_id(id) + ")";
    g.effort = effort;
    return g;
  }
  return Error{"game " + format_game_id(id), "no puzzle of that difficulty came out"};
}

}  // namespace tilewise
