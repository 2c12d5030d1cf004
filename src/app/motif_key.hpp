// The colours motifs are drawn in and the key that names them. A puzzle that names its
// motifs ("# legend: A=blue", the card format's HEAD-GREEN) gets the colours those names
// say (core/play/colour_names.hpp); other motifs get well-separated hues.
#pragma once

#include <string>
#include <vector>

#include "core/edge/model/puzzle.hpp"
#include "imgui.h"

namespace tilewise::app {

// The colour of motif/colour `index` (1-based) when the puzzle does not name it; 0 = frame grey.
ImU32 motif_colour(int index);

// Index m -> the colour motif m is drawn in (0 = the frame), for every motif the tiles use.
std::vector<ImU32> motif_palette(const EdgePuzzle& puzzle);

// "Blue (A), solid half circle: meets its light half" / "colour 3, diamond": what a side
// shows, in words (for the hover tooltip).
std::string side_label(const EdgePuzzle& puzzle, Side side);

// Motif `motif`'s swatch, a `box` px square at `at`: its colour and its whole shape (the
// solid half over the light half where halves pair up), with the colour-blind look's pattern.
void draw_motif_swatch(ImDrawList* dl, ImVec2 at, float box, int motif, MatchRule rule,
                       ImU32 colour);

// A line of colour swatches with the motifs' names, wrapped at the window's edge, when the
// puzzle names them (nothing otherwise), in the current window. Returns the lines drawn.
int draw_motif_key(const EdgePuzzle& puzzle, const std::vector<ImU32>& palette);

}  // namespace tilewise::app
