#include "app/widgets.hpp"

#include "imgui.h"

namespace tilewise::app {

nlohmann::json& widget_rects() {
  static nlohmann::json rects = nlohmann::json::object();
  return rects;
}

void record_item(const char* name) {
  const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
  widget_rects()[name] = {a.x, a.y, b.x - a.x, b.y - a.y};
}

bool button(const char* label) {
  const bool pressed = ImGui::Button(label);
  record_item(label);
  return pressed;
}

}  // namespace tilewise::app
