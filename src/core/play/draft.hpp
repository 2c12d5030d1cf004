// A puzzle being made in the editor (platform-free): its tiles in reading order, as the board
// draws them, the sides not chosen yet, and the side selected for the next choice. Made to
// copy a physical puzzle quickly: a blank draft selects tile 1's top, and each choice of a
// motif half fills the selected side and selects the next side to fill (top, right, bottom,
// left of tile 1, then tile 2, ...), so a 3x3 takes 36 choices and no taps on the board.
// Motifs carry names; a colour word in a name ("Red frog") is the colour the board draws.
#pragma once

#include <array>
#include <string>
#include <string_view>
#include <vector>

#include "core/edge/model/puzzle.hpp"
#include "core/result.hpp"

namespace tilewise {

struct Draft {
  EdgePuzzle puzzle;                      // sides not chosen yet hold 0 (a placeholder)
  std::vector<std::array<bool, 4>> open;  // per tile, per side: not chosen yet
  int tile = 0, side = kTop;              // the selected side; tile -1: none
};

inline constexpr size_t kMaxDraftNameBytes = 40;  // names travel in links (63 bytes at most)

// The colour words the editor offers for motifs, in the order shown.
const std::vector<std::string>& draft_colour_words();

// A blank rows x cols draft: every side open (a frame's outer sides already grey), tile 1's
// top selected, and four motifs named Red, Green, Blue and Yellow. One clear error for sizes
// outside 1..16 or a frame without the equal rule.
Result<Draft> new_draft(int rows, int cols, MatchRule rule, bool frame);
// A finished puzzle to change: nothing open, tile 1's top selected.
Draft draft_of(const EdgePuzzle& puzzle);

// Selects a side; false (nothing changes) when out of range.
bool select_side(Draft& draft, int tile, int side);
// Fills the selected side with `value` (a motif half +m / -m, or a colour) and selects the
// next open side in reading order (from the beginning when none follows); when no side is
// open any more, the side after it (none after the last). False when nothing is selected or
// the value is not one of the draft's motifs.
bool fill_side(Draft& draft, Side value);
int open_sides(const Draft& draft);

// How many motifs (or colours, not counting the frame's) the palette offers.
int draft_motifs(const Draft& draft);
// Adds a motif named after the first colour word no motif uses yet; returns its number, or 0
// when the rule allows no more.
int add_motif(Draft& draft);
// Names are cleaned: no line breaks, ';', '=' or '#' (they separate the file's fields),
// spaces trimmed, at most kMaxDraftNameBytes bytes. False for a motif out of range.
bool name_motif(Draft& draft, int motif, std::string_view name);
void name_draft(Draft& draft, std::string_view name);
std::string clean_name(std::string_view name);

// The colour word a name says (lower case, "" when none): the colour the board draws it in.
std::string colour_word_of(std::string_view name);
// `name` with its colour word replaced by `colour` (capitalised as the word it replaces), or
// `colour` put in front when it has none: ("Red frog", "blue") -> "Blue frog".
std::string recoloured_name(std::string_view name, std::string_view colour);

// The draft as a puzzle to play, or the first problem (`where` = "editor"): sides still open
// ("3 sides are not chosen yet"), or what validate_puzzle() finds. Motifs after the last one
// any tile uses are left out.
Result<EdgePuzzle> finish_draft(const Draft& draft);

}  // namespace tilewise
