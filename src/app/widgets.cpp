#include "app/widgets.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <unordered_map>

#include "app/board_input.hpp"
#include "app/layout.hpp"
#include "app/text_entry.hpp"
#include "app/theme.hpp"
#include "imgui.h"
#include "imgui_internal.h"

namespace tilewise::app {
namespace {

bool g_in_panel = false;
nlohmann::json g_panel_controls = nlohmann::json::array();

constexpr ImGuiWindowFlags kFixed = ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize |
                                    ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoTitleBar |
                                    ImGuiWindowFlags_NoBackground;

// The pointer is over the current window, or over a child of it with nothing to scroll (a
// status area: a finger dragged on its text scrolls the panel, as on the panel's background;
// a list that scrolls, the Box's solutions, keeps the drag).
bool hovered_or_fixed_child() {
  const ImGuiContext& g = *ImGui::GetCurrentContext();
  const ImGuiWindow* w = g.HoveredWindow;
  while (w && w != g.CurrentWindow && (w->Flags & ImGuiWindowFlags_ChildWindow) &&
         w->ScrollMax.y <= 0)
    w = w->ParentWindow;
  return w != nullptr && w == g.CurrentWindow;
}

}  // namespace

void drag_to_scroll() {
  // The window a finger pressed in (by an ID made in it), and whether its drag has turned
  // into a scroll: more than 10 px and more up or down than sideways. A drag that starts on a
  // control scrolls too; the control is let go then (it moves with the finger, so releasing
  // would otherwise press it).
  static ImGuiID pressed_in = 0;
  static bool scrolling = false;
  // Each window's open and closed sections before the finger went down (the panel's, the
  // gallery's): ImGui opens or closes a section as a finger lands on its header's arrow (a tree
  // node toggles on press there), so a scroll that starts there puts them back as they were.
  static std::unordered_map<ImGuiID, ImGuiStorage> sections_at_rest;
  const ImGuiIO& io = ImGui::GetIO();
  const ImGuiID here = ImGui::GetID("##drag to scroll");
  ImGuiStorage& sections = ImGui::GetCurrentWindow()->StateStorage;  // imgui_internal.h
  ImGuiStorage& sections_before = sections_at_rest[here];
  if (ImGui::IsMouseClicked(ImGuiMouseButton_Left)) {
    pressed_in = hovered_or_fixed_child() ? here : (pressed_in == here ? 0 : pressed_in);
    scrolling = false;
  }
  if (!io.MouseDown[ImGuiMouseButton_Left]) {
    pressed_in = 0;
    sections_before = sections;
  }
  if (pressed_in != here) return;
  const ImVec2 moved = ImGui::GetMouseDragDelta(ImGuiMouseButton_Left, 0.0f);
  if (!scrolling && std::fabs(moved.y) > 10 && std::fabs(moved.y) > std::fabs(moved.x)) {
    scrolling = true;
    sections = sections_before;
    ImGui::ClearActiveID();  // imgui_internal.h: the public API cannot let go of an item
  }
  if (scrolling && io.MouseDelta.y != 0) ImGui::SetScrollY(ImGui::GetScrollY() - io.MouseDelta.y);
}

nlohmann::json& widget_rects() {
  static nlohmann::json rects = nlohmann::json::object();
  return rects;
}

nlohmann::json& widget_clips() {
  static nlohmann::json clips = nlohmann::json::object();
  return clips;
}

void forget_drawn_widgets() {
  widget_rects() = nlohmann::json::object();
  widget_clips() = nlohmann::json::object();
}

nlohmann::json panel_controls() {
  return g_panel_controls;
}

bool scroll_pending() {
  for (const ImGuiWindow* w : ImGui::GetCurrentContext()->Windows)
    if (w->Active && (w->ScrollTarget.x != FLT_MAX || w->ScrollTarget.y != FLT_MAX)) return true;
  return false;
}

void record_item(const char* name) {
  record_text(name);
  if (g_in_panel && !ImGui::GetCurrentWindowRead()->SkipItems)
    g_panel_controls.push_back(
        {{"name", name}, {"rect", widget_rects()[name]}, {"visible", ImGui::IsItemVisible()}});
}

void record_text(const char* name) {
  // An item of a window that skips its items (a child scrolled out of sight) was not drawn:
  // the last item's rectangle would be another's.
  if (ImGui::GetCurrentWindowRead()->SkipItems) return;
  const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
  widget_rects()[name] = {a.x, a.y, b.x - a.x, b.y - a.y};
  // Where its window shows items (scrolled: the part of the panel under the board on a
  // phone clips what is scrolled up there; a status area's own scroll).
  const ImRect clip = ImGui::GetCurrentWindowRead()->ClipRect;
  widget_clips()[name] = {clip.Min.x, clip.Min.y, clip.GetWidth(), clip.GetHeight()};
}

void same_line_for(const char* next) {
  const ImGuiStyle& style = ImGui::GetStyle();
  const float right = ImGui::GetItemRectMax().x + style.ItemSpacing.x +
                      ImGui::CalcTextSize(next, nullptr, true).x + 2 * style.FramePadding.x;
  if (right <= ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x) ImGui::SameLine();
}

namespace {

// A mouse slider's value, drawn where its grab leaves it readable: centred in the frame as ImGui
// draws it, or, where the grab would cover it (a slider of few values has a wide grab: the Box
// size's digit sat half on it, ink on the accent), centred in the wider part beside the grab.
// The grab as ImGui 1.86 places it (SliderBehaviorT): 2 px in from the frame, a value's width
// of the rest (at least GrabMinSize), at the value's fraction of the range.
void draw_slider_value(ImVec2 frame_at, float frame_width, int value, int min, int max) {
  constexpr float kGrabPadding = 2;
  const float travel = frame_width - 2 * kGrabPadding;
  const float grab = std::min(
      travel, std::max(travel / static_cast<float>(max - min + 1), ImGui::GetStyle().GrabMinSize));
  const float t =
      max > min
          ? std::clamp(static_cast<float>(value - min) / static_cast<float>(max - min), 0.f, 1.f)
          : 0.f;
  const float grab_left = frame_at.x + kGrabPadding + t * (travel - grab);
  const float grab_right = grab_left + grab;
  const std::string text = std::to_string(value);
  const float text_width = ImGui::CalcTextSize(text.c_str()).x;
  float x = frame_at.x + (frame_width - text_width) / 2;
  if (x < grab_right && x + text_width > grab_left) {
    const float left = grab_left - frame_at.x, right = frame_at.x + frame_width - grab_right;
    x = left >= right ? frame_at.x + (left - text_width) / 2
                      : grab_right + (right - text_width) / 2;
  }
  ImGui::GetWindowDrawList()->AddText(ImVec2(x, frame_at.y + ImGui::GetStyle().FramePadding.y),
                                      ImGui::GetColorU32(ImGuiCol_Text), text.c_str());
}

}  // namespace

bool int_slider(const char* label, int* value, int min, int max) {
  if (!touch_layout()) {
    const ImVec2 at = ImGui::GetCursorScreenPos();
    const float width = ImGui::CalcItemWidth();
    // Ctrl+click types a value: ImGui's field shows it then.
    const bool typing = ImGui::TempInputIsActive(ImGui::GetID(label));
    const bool changed = ImGui::SliderInt(label, value, min, max, typing ? "%d" : "");
    if (!typing && ImGui::IsItemVisible()) draw_slider_value(at, width, *value, min, max);
    return changed;
  }
  const int before = *value;
  // Clamped only when edited: a value set elsewhere stays (a 6x6 Box board typed as the start
  // has size 6, past the field's 5; clamped every frame it became a solved 5x5 board).
  if (ImGui::InputInt(label, value)) *value = std::clamp(*value, min, max);
  number_field_drawn();
  return *value != before;
}

bool combo(const char* label, const char* name, int* current, std::span<const char* const> items,
           const std::string& entry_prefix) {
  if (!ImGui::BeginCombo(label, items[*current])) {
    record_item(name);
    return false;
  }
  const bool touch = touch_layout();
  // A Selectable's item covers the spacing under it too: a frame's height in all.
  const float height = touch ? ImGui::GetFrameHeight() - ImGui::GetStyle().ItemSpacing.y : 0;
  ImGui::PushStyleVar(ImGuiStyleVar_SelectableTextAlign, ImVec2(0, 0.5f));
  ImGui::PushStyleColor(ImGuiCol_Header, ink(Ink::kSelected));  // the current entry marked
  const int before = *current;
  for (int k = 0; k < static_cast<int>(items.size()); ++k) {
    if (ImGui::Selectable(items[k], k == *current, 0, ImVec2(0, height))) *current = k;
    record_item((entry_prefix + items[k]).c_str());
  }
  ImGui::PopStyleColor();
  ImGui::PopStyleVar();
  ImGui::EndCombo();  // (the combo is the last item again: End() restores it)
  record_item(name);
  return *current != before;
}

bool button(const char* label, float width) {
  const bool pressed = ImGui::Button(label, ImVec2(width < 0 ? -FLT_MIN : width, 0));
  record_item(label);
  return pressed;
}

bool sub_section(const char* label) {
  const bool open = ImGui::TreeNodeEx(label, ImGuiTreeNodeFlags_Framed);
  record_item(label);
  return open;
}

namespace {
const char* g_status_area = "";  // the open area's id
float g_status_top = 0;          // where its text starts (cursor y in the area)
}  // namespace

void begin_status_area(const char* id, int lines) {
  g_status_area = id;
  // Wrapped lines follow each other at the font's height (no item spacing between them): as
  // many as that, and a little room so that rounding never gives the area a scroll bar; at
  // least a button high (the load line's Dismiss; a finger's 44 px on touch screens).
  const float h = std::max(static_cast<float>(lines) * ImGui::GetTextLineHeight() +
                               ImGui::GetStyle().ItemSpacing.y * 0.5f,
                           ImGui::GetFrameHeight());
  ImGui::BeginChild(id, ImVec2(0, h), false, ImGuiWindowFlags_NavFlattened);
  // Centred up and down by the height its text had the frame before (kept in the area's own
  // storage: the offset is not counted in it, so it never feeds back).
  const float last = ImGui::GetStateStorage()->GetFloat(ImGui::GetID("##text height"), h);
  if (last < h) ImGui::SetCursorPosY(ImGui::GetCursorPosY() + std::floor((h - last) / 2));
  g_status_top = ImGui::GetCursorPosY();
  ImGui::PushTextWrapPos(0.0f);  // wrap at the area's right edge
}

void end_status_area() {
  ImGui::PopTextWrapPos();
  ImGui::GetStateStorage()->SetFloat(
      ImGui::GetID("##text height"),
      ImGui::GetCursorPosY() - ImGui::GetStyle().ItemSpacing.y - g_status_top);
  ImGui::EndChild();
  record_item(g_status_area);
}

int wrapped_lines(const char* text) {
  const float h = ImGui::CalcTextSize(text, nullptr, false, ImGui::GetContentRegionAvail().x).y;
  return std::max(1, static_cast<int>(std::lround(h / ImGui::GetTextLineHeight())));
}

namespace {
bool g_panel_to_top = false;  // panel_to_top() asked for it
}  // namespace

void panel_to_top() {
  g_panel_to_top = true;
}

void begin_panel_window() {
  const PageLayout& l = page_layout();
  ImGui::SetNextWindowPos(l.panel.pos);
  ImGui::SetNextWindowSize(l.panel.size);
  ImGui::Begin("Tilewise", nullptr, kFixed);
  if (g_panel_to_top) {
    ImGui::SetScrollY(0);
    g_panel_to_top = false;
  }
  g_in_panel = true;
  g_panel_controls = nlohmann::json::array();
  if (touch_layout()) drag_to_scroll();
}

void begin_board_window() {
  g_in_panel = false;
  const PageLayout& l = page_layout();
  ImGui::SetNextWindowPos(l.board.pos);
  ImGui::SetNextWindowSize(l.board.size);
  ImGui::Begin("Board", nullptr, kFixed | ImGuiWindowFlags_NoScrollbar);
  if (l.stacked) {  // a line between the board and the controls under it
    const ImVec2 p = ImGui::GetWindowPos(), s = ImGui::GetWindowSize();
    ImGui::GetWindowDrawList()->AddLine(
        ImVec2(p.x, p.y + s.y - 1), ImVec2(p.x + s.x, p.y + s.y - 1), ink(Ink::kSeparator), 1.0f);
  }
}

void begin_bar_window() {
  g_in_panel = false;
  const PageLayout& l = page_layout();
  ImGui::SetNextWindowPos(l.bar.pos);
  ImGui::SetNextWindowSize(l.bar.size);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding,
                      ImVec2(ImGui::GetStyle().WindowPadding.x, ImGui::GetStyle().ItemSpacing.y));
  // Never focused by appearing: the board has the keys from the start (Tab brings them here).
  ImGui::Begin("Actions", nullptr,
               kFixed | ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse |
                   ImGuiWindowFlags_NoFocusOnAppearing);
  ImGui::PopStyleVar();
  // A line between the bar and the board: under a row, left of a column.
  const ImVec2 p = ImGui::GetWindowPos(), s = ImGui::GetWindowSize();
  const ImVec2 from = l.bar_beside ? p : ImVec2(p.x, p.y + s.y - 1);
  const ImVec2 to = l.bar_beside ? ImVec2(p.x, p.y + s.y) : ImVec2(p.x + s.x, p.y + s.y - 1);
  ImGui::GetWindowDrawList()->AddLine(from, to, ink(Ink::kSeparator), 1.0f);
}

namespace {

// A button of the action bar: `width` wide, a finger's 44 px high on touch screens; drawn with
// a focus ring when `focused` (keyboard focus moved onto it with Tab).
bool bar_button(const char* label, float width, bool focused, bool enabled) {
  ImGui::BeginDisabled(!enabled);
  const bool pressed = ImGui::Button(label, ImVec2(width, 0));
  ImGui::EndDisabled();
  record_item(label);
  if (focused) {
    const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
    ImGui::GetWindowDrawList()->AddRect(ImVec2(a.x - 2, a.y - 2), ImVec2(b.x + 2, b.y + 2),
                                        ink(Ink::kAccent), 4.0f, 0, kFocusFrame + 1);
  }
  return pressed;
}

}  // namespace

int bar_buttons(const std::vector<BarButton>& buttons, int* focus) {
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const ImGuiStyle& style = ImGui::GetStyle();
  const bool column = page_layout().bar_beside;
  const float n = static_cast<float>(buttons.size());
  const float width =
      column ? avail.x
             : std::floor(std::min(120.0f, (avail.x - style.ItemSpacing.x * (n - 1)) / n));
  // (The focus ring shows once Tab brought the keyboard here, not after a click.)
  const bool focused = ImGui::IsWindowFocused();
  if (!focused) *focus = -1;
  // A narrow phone's buttons give up some of their padding before their words are cut.
  float widest = 0;
  for (const BarButton& b : buttons)
    widest = std::max(widest, ImGui::CalcTextSize(b.label, nullptr, true).x);
  const float pad = std::clamp((width - widest) / 2, 2.0f, style.FramePadding.x);
  ImGui::PushStyleVar(ImGuiStyleVar_FramePadding, ImVec2(pad, style.FramePadding.y));
  int pressed = -1;
  for (size_t k = 0; k < buttons.size(); ++k) {
    if (k > 0 && !column) ImGui::SameLine();
    if (bar_button(buttons[k].label, width, focused && *focus == static_cast<int>(k),
                   buttons[k].enabled))
      pressed = static_cast<int>(k);
  }
  ImGui::PopStyleVar();
  if (focused && *focus >= 0 && !ImGui::GetIO().WantTextInput &&
      (key_pressed(ImGuiKey_Enter) || key_pressed(ImGuiKey_Space) ||
       key_pressed(ImGuiKey_KeyPadEnter))) {
    const size_t k = std::min<size_t>(*focus, buttons.size() - 1);
    if (buttons[k].enabled) pressed = static_cast<int>(k);
  }
  set_bar_buttons(static_cast<int>(buttons.size()), focus);
  return pressed;
}

float bar_row_height() {
  return ImGui::GetFrameHeight() + 2 * ImGui::GetStyle().ItemSpacing.y;
}

float bar_column_width(const std::vector<const char*>& labels) {
  float widest = 0;
  for (const char* label : labels)
    widest = std::max(widest, ImGui::CalcTextSize(label, nullptr, true).x);
  return std::ceil(widest + 2 * ImGui::GetStyle().FramePadding.x +
                   2 * ImGui::GetStyle().WindowPadding.x);
}

}  // namespace tilewise::app
