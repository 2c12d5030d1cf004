// The gallery: today's puzzle, then every built-in puzzle (assets/puzzles, embedded) with a
// picture and a title, in groups, each with its size, difficulty and the player's progress (in
// progress: "Continue"; solved: the best time); one tap opens it. A file's line
//   # gallery: GROUP | TITLE | HINT
// places it (assets/puzzles/README.md); files without one go to "More". Puzzles with no
// solution are kept apart as solver examples, not offered as games.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "app/progress.hpp"
#include "core/edge/model/generator.hpp"
#include "core/edge/model/puzzle.hpp"

namespace tilewise::app {

struct GalleryEntry {
  std::string group, title, hint;
  std::string file;  // the example's file name (the app's puzzle name, as before)
  std::string text;  // the file's text, or empty for a generated entry
  std::optional<GenerateOptions> generate;  // drawn by the generator when chosen
  int rows = 0, cols = 0;
  MatchRule rule = MatchRule::kComplement;
  BorderRule border = BorderRule::kFree;
  EdgePuzzle puzzle;  // as loaded (generated entries: drawn once, for the picture)
  std::string key;    // puzzle_key: its saved game and best time (progress.hpp)
};

// The groups in the order shown, each with its entries (files in name order).
struct GalleryGroup {
  std::string name, note;
  std::vector<GalleryEntry> entries;
};
const std::vector<GalleryGroup>& gallery();
// The gallery's title of a built-in puzzle's file name, or "" for any other name.
std::string gallery_title(const std::string& file);

// A chosen puzzle: its unfinished game ("Continue") or a start shuffled from a new seed.
using GalleryChoice = ResumedGame;

// The "Gallery" button and its window; a chosen puzzle is returned (once).
std::optional<GalleryChoice> gallery_controls();

// Test state: {"open", "groups": [{"name", "entries": [file...], "shown": its entries shown}]}.
nlohmann::json gallery_state();

}  // namespace tilewise::app
