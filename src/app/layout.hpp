// Where the page's two windows go, following the screen: on a wide screen (landscape) the
// controls are a side panel left of the board; on a narrow or portrait one (phones, tablets
// held upright) the board comes first, as wide as the screen, and the controls below it.
// The phone's safe areas (notch, rounded corners, home bar) are kept clear.
#pragma once

#include <functional>
#include <nlohmann/json.hpp>

#include "imgui.h"
#include "platform/screen.hpp"

namespace tilewise::app {

struct WindowRect {
  ImVec2 pos{0, 0}, size{0, 0};
};

struct PageLayout {
  bool stacked = false;  // board above the controls (narrow or portrait screens)
  // The action bar (Undo, Hint, Restart, New, Solve): right under the board when stacked, so
  // the board and the play actions share the first screen; over the board beside the panel;
  // on a short wide screen (a phone held sideways) a column right of the board (`bar_beside`),
  // which leaves the board the whole height.
  bool bar_beside = false;
  WindowRect board, bar, panel;
};

// The layout for a `display` (CSS px) with `safe` insets. `board_height(width)` is the height
// the board window's content wants at a content width (board, tray, title): a stacked board
// window gets that, up to 66% of the height plus `wrapped` (lines of the board's key that a
// narrow screen wraps: they do not shrink the board), the action bar `bar_height` under it,
// and the panel the rest. Beside the panel on a screen lower than kBarBesideBelowHeight the
// bar is a column `bar_width` wide right of the board.
PageLayout lay_out_page(ImVec2 display, const platform::SafeArea& safe,
                        const std::function<float(float)>& board_height, float wrapped = 0,
                        float bar_height = 0, float bar_width = 0);

// The layout of this frame (set by app.cpp before any window is drawn).
void set_page_layout(const PageLayout& layout);
const PageLayout& page_layout();

// Test state: {"stacked", "bar_beside", "board": [x, y, w, h], "bar", "panel": [x, y, w, h]}.
nlohmann::json layout_state();

}  // namespace tilewise::app
