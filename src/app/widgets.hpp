// ImGui buttons that also record where they were drawn, so the browser tests can click
// them like a person (published as window.tilewise.state.widgets).
#pragma once

#include <nlohmann/json.hpp>

namespace tilewise::app {

bool button(const char* label);
void record_item(const char* name);  // the last ImGui item, under `name`
nlohmann::json& widget_rects();      // label -> [x, y, w, h]

// A status area `lines` text lines high whatever it holds (nothing, a line, wrapped lines;
// more than fit scroll inside it), so that text coming and going never moves the controls
// under it. Closed with end_status_area(). Its rectangle is recorded under `id`.
void begin_status_area(const char* id, int lines);
void end_status_area();

// The page's two fixed windows: the side panel (left, `panel_w` wide) and the board area
// (the rest). Neither draws a background: main.cpp clears to the window colour, which
// saves a full-screen fill per frame (a third of the frame time under software WebGL).
// Each is closed with ImGui::End().
void begin_panel_window(float panel_w);
void begin_board_window(float panel_w);

}  // namespace tilewise::app
