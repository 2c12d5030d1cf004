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

namespace {
const char* g_status_area = "";  // the open area's id
}  // namespace

void begin_status_area(const char* id, int lines) {
  g_status_area = id;
  const float h = static_cast<float>(lines) * ImGui::GetTextLineHeightWithSpacing();
  ImGui::BeginChild(id, ImVec2(0, h), false, ImGuiWindowFlags_NavFlattened);
  ImGui::PushTextWrapPos(0.0f);  // wrap at the area's right edge
}

void end_status_area() {
  ImGui::PopTextWrapPos();
  ImGui::EndChild();
  record_item(g_status_area);
}

void begin_panel_window(float panel_w) {
  const ImGuiIO& io = ImGui::GetIO();
  ImGui::SetNextWindowPos(ImVec2(0, 0));
  ImGui::SetNextWindowSize(ImVec2(panel_w, io.DisplaySize.y));
  ImGui::Begin("Tilewise", nullptr,
               ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse |
                   ImGuiWindowFlags_NoBackground);
}

void begin_board_window(float panel_w) {
  const ImGuiIO& io = ImGui::GetIO();
  ImGui::SetNextWindowPos(ImVec2(panel_w, 0));
  ImGui::SetNextWindowSize(ImVec2(io.DisplaySize.x - panel_w, io.DisplaySize.y));
  ImGui::Begin("Board", nullptr,
               ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse |
                   ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoScrollbar |
                   ImGuiWindowFlags_NoBackground);
}

}  // namespace tilewise::app
