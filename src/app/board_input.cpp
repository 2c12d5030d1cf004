#include "app/board_input.hpp"

#include <algorithm>
#include <cmath>
#include <string_view>

#include "app/theme.hpp"
#include "imgui_internal.h"
#include "platform/platform.hpp"

namespace tilewise::app {
namespace {

constexpr float kDragThresholdPx = 6;  // finger jitter during a long press is not a drag

struct DragState {
  int from = -1;       // board cell pressed
  int tray_tile = -1;  // or tray tile pressed
  bool moved = false;
  double down_ms = 0;
  bool long_pressed = false;  // the tile was turned back by holding it
};
DragState g_drag;

struct KeyState {
  int cursor = 0;  // 0..cells-1: a cell; cells + k: tray slot k
  bool shown = false;
  int picked_cell = -1, picked_tray_tile = -1;
  bool focused = false;
  int tab_key = -1;  // ImGui's index of Tab, taken over from ImGui's own tabbing (see below)
  bool focus_asked = false;
};
KeyState g_keys;

void drop_pick() {
  g_keys.picked_cell = g_keys.picked_tray_tile = -1;
}

// Arrow keys: cells in rows, then the tray's slots in rows of `per_row`, entered where the
// tray lies: down from the board's bottom row (tray under it) or right from its right column
// (tray beside it, the slot on the level of the cell), and left or up back the same way.
int moved_cursor(int cursor, int dx, int dy, const CellGrid& grid, const TrayLayout& t, int slots) {
  const int cells = grid.rows * grid.cols;
  const int per_row = std::min(t.per_row, slots), last_row = (slots - 1) / t.per_row;
  if (cursor < cells) {
    const int r = cursor / grid.cols, c = cursor % grid.cols;
    if (!t.beside && dy > 0 && r == grid.rows - 1) return cells + std::min(c, per_row - 1);
    if (t.beside && dx > 0 && c == grid.cols - 1) {
      const float y = grid.origin.y + (static_cast<float>(r) + 0.5f) * grid.cell;
      const int row = static_cast<int>(std::floor((y - t.origin.y) / (t.cell + t.gap)));
      return cells + std::clamp(row, 0, last_row) * t.per_row;
    }
    const int nr = std::clamp(r + dy, 0, grid.rows - 1), nc = std::clamp(c + dx, 0, grid.cols - 1);
    return nr * grid.cols + nc;
  }
  const int k = cursor - cells, r = k / t.per_row, c = k % t.per_row;
  if (!t.beside && dy < 0 && r == 0)
    return (grid.rows - 1) * grid.cols + std::min(c, grid.cols - 1);
  if (t.beside && dx < 0 && c == 0) {
    const float y = t.origin.y + static_cast<float>(r) * (t.cell + t.gap) + t.cell / 2;
    const int row = static_cast<int>(std::floor((y - grid.origin.y) / grid.cell));
    return std::clamp(row, 0, grid.rows - 1) * grid.cols + grid.cols - 1;
  }
  if (dy != 0)
    return k + dy * t.per_row >= 0 && k + dy * t.per_row < slots ? cursor + dy * t.per_row : cursor;
  return cells + std::clamp(k + dx, 0, slots - 1);
}

// Enter: pick the tile under the cursor up, or put the picked one down there.
void pick_or_drop(PlayBoard& board, int cells, const std::vector<int>& tray) {
  const int at = g_keys.cursor;
  const bool on_board = at < cells;
  const int slot = at - cells;
  if (g_keys.picked_cell >= 0) {
    if (on_board && at != g_keys.picked_cell) board.swap(g_keys.picked_cell, at);
    if (!on_board) board.take_to_tray(g_keys.picked_cell);
    drop_pick();
  } else if (g_keys.picked_tray_tile >= 0) {
    if (on_board) board.place_from_tray(g_keys.picked_tray_tile, at);
    drop_pick();
  } else if (on_board && board.cells()[at].tile >= 0 && !board.is_fixed_cell(at)) {
    g_keys.picked_cell = at;
  } else if (!on_board && slot < static_cast<int>(tray.size())) {
    g_keys.picked_tray_tile = tray[slot];
  }
}

}  // namespace

bool key_pressed(ImGuiKey key) {
  const int index = ImGui::GetKeyIndex(key);
  return index >= 0 && ImGui::IsKeyPressed(index);
}

void handle_pointer(PlayBoard& board, const CellGrid& grid, const TrayLayout& tray_layout,
                    const std::vector<int>& tray, const PointerInput& in) {
  const ImGuiIO& io = ImGui::GetIO();
  const ImVec2 press = io.MouseClickedPos[0];  // where the button went down, this frame
  if (in.tray_clicked) {
    const int k = tray_layout.slot_at(press);
    if (k >= 0 && k < static_cast<int>(tray.size()))
      g_drag = {-1, tray[k], false, platform::now_ms(), false};
  }
  if (in.board_clicked) {
    const int c = grid.cell_at(press);
    if (c >= 0 && board.cells()[c].tile >= 0) g_drag = {c, -1, false, platform::now_ms(), false};
  }
  if (in.board_clicked || in.tray_clicked || in.board_right_clicked) {  // the pointer takes over
    g_keys.shown = false;
    drop_pick();
  }
  const bool dragging = g_drag.from >= 0 || g_drag.tray_tile >= 0;
  if (dragging && ImGui::IsMouseDragging(ImGuiMouseButton_Left, kDragThresholdPx))
    g_drag.moved = true;
  if (g_drag.from >= 0 && !g_drag.moved && !g_drag.long_pressed && touch_layout() &&
      platform::now_ms() - g_drag.down_ms >= kLongPressMs) {
    board.rotate(g_drag.from, -1);  // held still: turn back (a right-click on touch screens)
    g_drag.long_pressed = true;
  }
  if (dragging && ImGui::IsMouseReleased(ImGuiMouseButton_Left)) {
    const int to = grid.cell_at(io.MousePos);
    if (g_drag.from >= 0) {  // from the board: swap, back to the tray, or a click = turn
      if (g_drag.moved) {
        if (to >= 0) {
          board.swap(g_drag.from, to);
        } else if (in.over_tray) {
          board.take_to_tray(g_drag.from);
        }
      } else if (to == g_drag.from && !g_drag.long_pressed) {
        board.rotate(to, 1);
      }
    } else if (g_drag.moved) {  // from the tray onto a cell
      if (to >= 0) board.place_from_tray(g_drag.tray_tile, to);
    } else if (const int empty = board.first_empty_cell(); empty >= 0) {  // a click
      board.place_from_tray(g_drag.tray_tile, empty);
    }
    g_drag = {};
  }
  if (in.board_right_clicked) {
    const int c = grid.cell_at(io.MouseClickedPos[1]);
    if (c >= 0 && board.cells()[c].tile >= 0) board.rotate(c, -1);
  }
}

namespace {
int g_bar_count = 0;
int* g_bar_focus = nullptr;
}  // namespace

void set_bar_buttons(int count, int* focus) {
  g_bar_count = count;
  g_bar_focus = focus;
}

BoardFocus board_keyboard_focus() {
  ImGuiIO& io = ImGui::GetIO();
  // Tab moves keyboard focus between the side panel and the board. ImGui's own Tab (to the
  // next text field) is switched off: it cannot leave a window.
  if (g_keys.tab_key < 0 && io.KeyMap[ImGuiKey_Tab] >= 0) {
    g_keys.tab_key = io.KeyMap[ImGuiKey_Tab];
    io.KeyMap[ImGuiKey_Tab] = -1;
  }
  if (!g_keys.focus_asked) {  // the board has the keyboard from the start
    g_keys.focus_asked = true;
    ImGui::SetWindowFocus();
  }
  BoardFocus f;
  f.focused = ImGui::IsWindowFocused();
  const bool tab = g_keys.tab_key >= 0 && ImGui::IsKeyPressed(g_keys.tab_key) && !io.WantTextInput;
  const ImGuiWindow* nav = ImGui::GetCurrentContext()->NavWindow;
  const bool in_bar = nav != nullptr && std::string_view(nav->Name) == "Actions";
  const int bar_count = g_bar_count;
  g_bar_count = 0;  // the bar says it again next frame (none in the Puzzle Box mode)
  if (tab) {
    if (f.focused && bar_count > 0 && g_bar_focus) {
      ImGui::SetWindowFocus("Actions");
      *g_bar_focus = 0;
      f.focused = false;
    } else if (in_bar && g_bar_focus && *g_bar_focus + 1 < bar_count) {
      ++*g_bar_focus;
    } else if (f.focused || in_bar) {
      ImGui::SetWindowFocus("Tilewise");
      f.focused = false;
    } else {
      ImGui::SetWindowFocus();
      f.focused = f.tabbed_in = true;
    }
  }
  return f;
}

void handle_keys(PlayBoard& board, const CellGrid& grid, const TrayLayout& tray_layout,
                 const std::vector<int>& tray) {
  ImGuiIO& io = ImGui::GetIO();
  const BoardFocus focus = board_keyboard_focus();
  g_keys.focused = focus.focused;
  if (focus.tabbed_in) g_keys.shown = true;
  if (!g_keys.focused) return;
  const int cells = grid.rows * grid.cols;
  const int slots = std::max(1, static_cast<int>(tray.size()));
  g_keys.cursor = std::clamp(g_keys.cursor, 0, cells + slots - 1);
  if (g_keys.picked_tray_tile >= 0 &&
      std::find(tray.begin(), tray.end(), g_keys.picked_tray_tile) == tray.end())
    drop_pick();  // e.g. undone
  const int dx = key_pressed(ImGuiKey_RightArrow) - key_pressed(ImGuiKey_LeftArrow);
  const int dy = key_pressed(ImGuiKey_DownArrow) - key_pressed(ImGuiKey_UpArrow);
  const bool space = key_pressed(ImGuiKey_Space);
  const bool enter = key_pressed(ImGuiKey_Enter) || key_pressed(ImGuiKey_KeyPadEnter);
  const bool escape = key_pressed(ImGuiKey_Escape);
  if (!(dx || dy || space || enter || escape)) return;
  if (!g_keys.shown) {  // the first key shows the cursor where it is
    g_keys.shown = true;
    if (dx || dy) return;
  }
  if (dx || dy) g_keys.cursor = moved_cursor(g_keys.cursor, dx, dy, grid, tray_layout, slots);
  if (space && g_keys.cursor < cells) board.rotate(g_keys.cursor, io.KeyShift ? -1 : 1);
  if (enter) pick_or_drop(board, cells, tray);
  if (escape) drop_pick();
}

InputView input_view() {
  InputView v;
  if (g_drag.moved) {
    v.dragged_cell = g_drag.from;
    v.dragged_tray_tile = g_drag.tray_tile;
  }
  v.focused = g_keys.focused && g_keys.shown;
  if (v.focused) {
    v.picked_cell = g_keys.picked_cell;
    v.picked_tray_tile = g_keys.picked_tray_tile;
    v.cursor = g_keys.cursor;
  }
  return v;
}

nlohmann::json board_input_state() {
  return {{"focused", g_keys.focused},
          {"cursor_shown", g_keys.shown},
          {"cursor", g_keys.cursor},
          {"picked_cell", g_keys.picked_cell},
          {"picked_tray_tile", g_keys.picked_tray_tile + (g_keys.picked_tray_tile >= 0 ? 1 : 0)}};
}

}  // namespace tilewise::app
