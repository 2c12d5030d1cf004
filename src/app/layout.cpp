#include "app/layout.hpp"

#include <algorithm>
#include <cmath>

namespace tilewise::app {
namespace {

PageLayout g_layout;

// Narrower than this, or taller than wide, and the board goes above the controls.
constexpr float kStackBelowWidth = 700;
constexpr float kStackedBoardShare = 0.66f;  // of the height, at most, for the board window
constexpr float kPanelShare = 0.34f;         // of the width, for the side panel (clamped)
// Lower than this beside the panel (a phone held sideways: 390 px), and the action bar goes
// right of the board: over it, it took a sixth of the height from the board.
constexpr float kBarBesideBelowHeight = 560;
constexpr float kBesidePanelShare = 0.3f;  // of the width, for the panel then (clamped)

nlohmann::json rect_json(const WindowRect& r) {
  return {r.pos.x, r.pos.y, r.size.x, r.size.y};
}

}  // namespace

PageLayout lay_out_page(ImVec2 display, const platform::SafeArea& safe,
                        const std::function<float(float)>& board_height, float wrapped,
                        float bar_height, float bar_width) {
  const ImVec2 origin(safe.left, safe.top);
  const ImVec2 inner(std::max(1.0f, display.x - safe.left - safe.right),
                     std::max(1.0f, display.y - safe.top - safe.bottom));
  PageLayout l;
  l.stacked = inner.x < kStackBelowWidth || inner.x < inner.y * 0.9f;
  const ImVec2 pad = ImGui::GetStyle().WindowPadding;
  if (l.stacked) {
    const float wanted = board_height(inner.x - 2 * pad.x) + 2 * pad.y;
    const float h = std::floor(
        std::min({wanted, inner.y * kStackedBoardShare + wrapped, inner.y - bar_height - 1}));
    l.board = {origin, ImVec2(inner.x, h)};
    l.bar = {ImVec2(origin.x, origin.y + h), ImVec2(inner.x, bar_height)};
    l.panel = {ImVec2(origin.x, origin.y + h + bar_height),
               ImVec2(inner.x, std::max(1.0f, inner.y - h - bar_height))};
  } else {
    l.bar_beside = bar_height > 0 && bar_width > 0 && inner.y < kBarBesideBelowHeight;
    // With the bar beside the board the panel gives up some width too: the board is as wide
    // as it is high there, and its tray's column needs room beside it.
    const float w =
        std::floor(l.bar_beside ? std::clamp(inner.x * kBesidePanelShare, 260.0f, 420.0f)
                                : std::clamp(inner.x * kPanelShare, 300.0f, 420.0f));
    l.panel = {origin, ImVec2(w, inner.y)};
    if (l.bar_beside) {
      const float board_w = std::max(1.0f, inner.x - w - bar_width);
      l.board = {ImVec2(origin.x + w, origin.y), ImVec2(board_w, inner.y)};
      l.bar = {ImVec2(origin.x + w + board_w, origin.y), ImVec2(bar_width, inner.y)};
      return l;
    }
    l.bar = {ImVec2(origin.x + w, origin.y), ImVec2(inner.x - w, bar_height)};
    l.board = {ImVec2(origin.x + w, origin.y + bar_height),
               ImVec2(inner.x - w, std::max(1.0f, inner.y - bar_height))};
  }
  return l;
}

void set_page_layout(const PageLayout& layout) {
  g_layout = layout;
}

const PageLayout& page_layout() {
  return g_layout;
}

nlohmann::json layout_state() {
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  return {{"stacked", g_layout.stacked},       {"bar_beside", g_layout.bar_beside},
          {"display", {display.x, display.y}}, {"board", rect_json(g_layout.board)},
          {"bar", rect_json(g_layout.bar)},    {"panel", rect_json(g_layout.panel)}};
}

}  // namespace tilewise::app
