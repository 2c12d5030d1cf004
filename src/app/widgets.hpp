// ImGui buttons that also record where they were drawn, so the browser tests can click
// them like a person (published as window.tilewise.state.widgets).
#pragma once

#include <nlohmann/json.hpp>

namespace tilewise::app {

bool button(const char* label);
void record_item(const char* name);  // the last ImGui item, under `name`
nlohmann::json& widget_rects();      // label -> [x, y, w, h]
// The controls recorded in the panel window this frame: [{"name", "rect": [x, y, w, h],
// "visible": scrolled into view}] (the browser tests check sizes and places on every screen).
nlohmann::json panel_controls();

// The page's two fixed windows, placed by the page layout (layout.hpp): the controls panel
// and the board area. Neither draws a background: main.cpp clears to the window colour,
// which saves a full-screen fill per frame (a third of the frame time under software WebGL).
// On touch screens a finger dragged on the panel scrolls it. Each is closed with ImGui::End().
void begin_panel_window();
void begin_board_window();

}  // namespace tilewise::app
