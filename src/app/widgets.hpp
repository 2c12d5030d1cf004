// ImGui buttons that also record where they were drawn, so the browser tests can click
// them like a person (published as window.tilewise.state.widgets).
#pragma once

#include <nlohmann/json.hpp>

namespace tilewise::app {

bool button(const char* label);
void record_item(const char* name);  // the last ImGui item, under `name`
nlohmann::json& widget_rects();      // label -> [x, y, w, h]

}  // namespace tilewise::app
