// The look: light and dark themes (following the system's prefers-color-scheme unless the
// user picks one), sizes for touch screens (targets of at least 44 CSS px), the UI fonts
// (Inter, rasterised for the device pixel ratio) and the colour-blind-safe motif palette.
#pragma once

#include <nlohmann/json.hpp>

#include "imgui.h"

namespace tilewise::app {

// Body text size in CSS pixels: 15 with a mouse, 16 on touch screens.
float body_font_px();

// (Re)builds the font atlas for `pixel_ratio` when it or the touch/size setting changed since
// the last call; true when it did (the shell then re-uploads the font texture). Sizes stay
// in CSS pixels (io.FontGlobalScale = 1 / ratio): text is sharp at ratio 1, 2 or 3.
bool update_fonts(float pixel_ratio);
ImFont* title_font();    // puzzle titles (1.35x body)
ImFont* display_font();  // big numbers drawn on boards (56 CSS px)

// Applies the chosen theme to ImGui's style when the choice, the system's scheme or the
// input kind changed; call once a frame before ImGui::NewFrame(). True when it changed.
bool update_theme();
bool dark_theme();
bool touch_layout();  // sizes for fingers

// The "Look" controls: theme (system / light / dark) and the colour-blind-safe palette.
void theme_controls();

// Colours the board views and the panel's notes draw with, following the theme: kGood (a
// solved board, "At the target!"), kBad (errors), kSelected (the row chosen in a list),
// each readable on its theme's background (a light green or cyan was not on the light one).
// kFocus: the keyboard-focus frame round a board and the band of the tile board's cursor
// (yellow on the dark theme, the accent blue on the light one, where yellow had a contrast of
// 1.2 against the page).
enum class Ink { kText, kFaint, kEmptyCell, kAccent, kSeparator, kGood, kBad, kSelected, kFocus };
ImU32 ink(Ink which);
ImVec4 ink_colour(Ink which);     // the same as ImGui::TextColored wants it
constexpr float kFocusFrame = 2;  // the keyboard-focus frame's width (px), on every board

// The colour-blind-safe motif palette (chosen in theme_controls): motif `index` (1-based;
// 0 = frame grey) in Okabe & Ito's eight colours, then the same hues darker and lighter.
bool colour_blind_palette();
ImU32 colour_blind_motif_colour(int index);

// Whether the board draws each tile's number on its centre (Look > "Tile numbers"; off by
// default: the motifs are the picture).
bool tile_numbers_shown();

// Test state: {"theme": "dark"|"light", "choice", "touch", "colour_blind", "tile_numbers",
// "font_px"}.
nlohmann::json theme_state();

}  // namespace tilewise::app
