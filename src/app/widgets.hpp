// ImGui buttons that also record where they were drawn, so the browser tests can click
// them like a person (published as window.tilewise.state.widgets).
#pragma once

#include <nlohmann/json.hpp>
#include <span>
#include <string>
#include <vector>

namespace tilewise::app {

bool button(const char* label, float width = 0);  // width -1: the rest of the line
// A section inside a panel section (Generate, Search statistics): drawn as the panel's
// headers are (ImGui's framed tree node: the same arrow size and label indent; a plain tree
// node's arrow is 70% of theirs and its label 10 px further left), recorded under `label`.
// True when open: then its items are indented and it is closed with ImGui::TreePop().
bool sub_section(const char* label);
void record_item(const char* name);  // the last ImGui item, under `name`
// The same for a line of text: its place is published, but it is not one of the panel's controls.
void record_text(const char* name);
// An integer from `min` to `max`: a slider for a mouse; on touch screens a number field with
// - and + buttons (a slider takes the value where a finger presses it, so a finger scrolling
// the panel that set down on one changed it: the Puzzle Box's size, a new board). True when
// the value changed.
bool int_slider(const char* label, int* value, int min, int max);
// A drop-down choice of `items` (recorded under `name`, each entry under `entry_prefix` +
// its text); on touch screens each entry is a finger's height (44 px, as every frame), not a
// line of text; the current entry is marked. True when the choice changed.
bool combo(const char* label, const char* name, int* current, std::span<const char* const> items,
           const std::string& entry_prefix);
// ImGui::SameLine() if a button labelled `next` still fits on this line, else a new line
// (rows of buttons wrap on narrow panels instead of running past the edge).
void same_line_for(const char* next);
nlohmann::json& widget_rects();  // label -> [x, y, w, h] of the widgets drawn this frame
// label -> [x, y, w, h] of the part of the screen where the window that drew it shows items
// (its clip rectangle): an item outside it is scrolled out of sight (published as
// state.widget_clips: the tests' taps and clicks scroll a widget into it first).
nlohmann::json& widget_clips();
// At each frame's start: the widgets of the last frame are forgotten, so the map never lists
// one no longer drawn (the 3x3 Puzzle Box's buttons after a switch to 4x4, a closed header's).
void forget_drawn_widgets();
// A window scrolls at the next frame (ImGui applies SetScroll* then): the rectangles recorded
// this frame are about to move (published as state.settling; the tests' clicks wait it out).
bool scroll_pending();
// The controls recorded in the panel window this frame: [{"name", "rect": [x, y, w, h],
// "visible": scrolled into view}] (the browser tests check sizes and places on every screen).
nlohmann::json panel_controls();

// A status area `lines` wrapped text lines high whatever it holds (nothing, a line, wrapped lines;
// more than fit scroll inside it), so that text coming and going never moves the controls
// under it; at least a button high (44 px on touch screens), with what it holds centred up and
// down when shorter (a line in a 44 px area: no band left empty under it). Closed with
// end_status_area(). Its rectangle is recorded under `id`.
void begin_status_area(const char* id, int lines);
void end_status_area();
// The lines `text` takes wrapped at the current window's width (to size a status area to the
// help it shows at this width: a tablet's wide panel wraps it into fewer lines than a phone's).
int wrapped_lines(const char* text);

// The page's two fixed windows, placed by the page layout (layout.hpp): the controls panel
// and the board area. Neither draws a background: main.cpp clears to the window colour,
// which saves a full-screen fill per frame (a third of the frame time under software WebGL).
// On touch screens a finger dragged on the panel scrolls it. Each is closed with ImGui::End().
void begin_panel_window();
// The panel opens at its top on the next frame (a switch of mode: the new one's goal first).
void panel_to_top();
// ImGui scrolls with a wheel only: on touch screens a drag that starts on the current
// window's background (not on a control) scrolls it, as a finger expects.
void drag_to_scroll();
void begin_board_window();
// The action bar's window (layout.hpp: under the board when stacked, over it beside the panel).
void begin_bar_window();
// One of the action bar's buttons (its label may end in an ImGui "##id").
struct BarButton {
  const char* label;
  bool enabled = true;
};
// The action bar's buttons, in the bar's window (begin_bar_window first): a row of equal
// buttons up to 120 px wide, or one under another beside the board (PageLayout::bar_beside).
// Tab walks them (board_input.cpp); Enter or Space presses the one the keyboard's `focus` is
// on. The index of the button pressed this frame, or -1.
int bar_buttons(const std::vector<BarButton>& buttons, int* focus);
// The bar's height as a row, and its width as a column: the widest of `labels` as a button.
float bar_row_height();
float bar_column_width(const std::vector<const char*>& labels);

}  // namespace tilewise::app
