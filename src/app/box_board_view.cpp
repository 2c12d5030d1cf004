// The Puzzle Box board: numbered cells, one round button per 2x2 block at the block's
// centre (click or tap = clockwise; right-click, shift-click or holding it = back; the keys
// below), turns animated by rotating the block's four numbers about its centre. A click or a
// tap on a number picks it; one on another number swaps the two (the board is set so, as a
// typed one is).
#include <algorithm>
#include <array>
#include <cmath>
#include <optional>
#include <string>

#include "app/board_input.hpp"
#include "app/box_state.hpp"
#include "app/theme.hpp"
#include "app/widgets.hpp"
#include "core/box/model/board.hpp"
#include "platform/platform.hpp"

namespace tilewise::app {
namespace {

constexpr double kTurnMs = 300;
constexpr float kNumberFont = 0.45f;  // a cell's number: its height, of the cell's
const ImU32 kNextRing = IM_COL32(0, 230, 255, 255);
// The keyboard cursor's ring: yellow in both themes, as the board is dark in both (the tile
// board's cursor follows the page's theme: board_view.cpp).
const ImU32 kKeyCursor = IM_COL32(255, 230, 80, 255);

// The round button pressed with the left button (or a finger) and not yet let go.
struct ButtonPress {
  int button = -1;
  double down_ms = 0;
  bool held = false;  // held still long enough: it was turned back
};
ButtonPress g_press;
int g_cell_press = -1;  // the cell a press off the buttons began on (-1: none)

// The turn asked for this frame, if any, given the button under the pointer. A click or a tap
// turns clockwise when let go on the button it pressed; a right-click or a shift-click turns
// back at once, and so does holding the button for kLongPressMs on a touch screen (a finger has
// no right button).
std::optional<box::Move> turn_asked(int hovered, bool pressed_left, bool pressed_right) {
  const ImGuiIO& io = ImGui::GetIO();
  const double now = platform::now_ms();
  if (hovered >= 0 && (pressed_right || (pressed_left && io.KeyShift)))
    return box::Move{hovered, 3};
  if (hovered >= 0 && pressed_left) {
    g_press = {hovered, now, false};
    return std::nullopt;
  }
  const int b = g_press.button;
  if (b < 0) return std::nullopt;
  if (!io.MouseDown[ImGuiMouseButton_Left]) {  // let go
    const bool click = !g_press.held && hovered == b;
    g_press = {};
    return click ? std::optional<box::Move>(box::Move{b, 1}) : std::nullopt;
  }
  if (!g_press.held && hovered == b && touch_layout() && now - g_press.down_ms >= kLongPressMs) {
    g_press.held = true;
    return box::Move{b, 3};
  }
  return std::nullopt;
}

// The keyboard, while the board window has it (Tab: the panel): arrows move a cursor over
// the round buttons, Space turns the one under it clockwise (Shift+Space: back), U or Ctrl+Z
// takes the last turn back, '<' or ',' and '>' or '.' step the chosen solution, Enter plays or
// pauses it. The turn asked for, if any.
std::optional<box::Move> key_turn(BoxView& v) {
  const BoardFocus focus = board_keyboard_focus();
  v.keys_focused = focus.focused;
  if (focus.tabbed_in) v.key_cursor_shown = true;
  const ImGuiIO& io = ImGui::GetIO();
  if (!focus.focused || io.WantTextInput) return std::nullopt;
  for (const ImWchar c : io.InputQueueCharacters) {
    if (c == '<' || c == ',') box_step(-1);
    if (c == '>' || c == '.') box_step(1);
    if ((c == 'u' || c == 'U') && !io.KeyCtrl) box_undo();
  }
  if (io.KeyCtrl && ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Z))) box_undo();
  if (key_pressed(ImGuiKey_Enter) || key_pressed(ImGuiKey_KeyPadEnter)) box_toggle_play();
  const int per_row = v.size - 1;
  const int dx = key_pressed(ImGuiKey_RightArrow) - key_pressed(ImGuiKey_LeftArrow);
  const int dy = key_pressed(ImGuiKey_DownArrow) - key_pressed(ImGuiKey_UpArrow);
  const bool space = key_pressed(ImGuiKey_Space);
  v.key_cursor = std::clamp(v.key_cursor, 0, per_row * per_row - 1);
  if (!(dx || dy || space)) return std::nullopt;
  if (!v.key_cursor_shown) {  // the first key shows the cursor where it is
    v.key_cursor_shown = true;
    if (dx || dy) return std::nullopt;
  }
  const int r = std::clamp(v.key_cursor / per_row + dy, 0, per_row - 1);
  const int c = std::clamp(v.key_cursor % per_row + dx, 0, per_row - 1);
  v.key_cursor = r * per_row + c;
  if (!space) return std::nullopt;
  return box::Move{v.key_cursor, io.KeyShift ? 3 : 1};
}

ImU32 cell_colour(int value, int size, bool home) {
  const float hue = static_cast<float>(value - 1) / static_cast<float>(size * size);
  float r, g, b;
  ImGui::ColorConvertHSVtoRGB(hue * 0.8f, home ? 0.55f : 0.35f, home ? 0.85f : 0.6f, r, g, b);
  return ImGui::GetColorU32(ImVec4(r, g, b, 1.0f));
}

void draw_cell(ImDrawList* dl, ImVec2 centre, float cell, int value, bool home, int size) {
  const float half = cell * 0.46f;
  dl->AddRectFilled(ImVec2(centre.x - half, centre.y - half),
                    ImVec2(centre.x + half, centre.y + half), cell_colour(value, size, home),
                    cell * 0.12f);
  const std::string text = std::to_string(value);
  const float font = cell * kNumberFont;
  const ImVec2 ts = display_font()->CalcTextSizeA(font, 1e9f, 0, text.c_str());
  dl->AddText(display_font(), font, ImVec2(centre.x - ts.x / 2, centre.y - ts.y / 2),
              IM_COL32(20, 20, 28, 255), text.c_str());
}

// How far a button at a cell's corner may reach before it covers the cell's number (the
// widest on an n x n board, as draw_cell draws it), less a small gap.
float number_clearance(float cell, int n) {
  const std::string widest = std::to_string(n * n);
  const ImVec2 ts = display_font()->CalcTextSizeA(cell * kNumberFont, 1e9f, 0, widest.c_str());
  return std::hypot(cell / 2 - ts.x / 2, cell / 2 - ts.y / 2) - 2.0f;
}

// The cells of button b's block, clockwise from top-left.
std::array<int, 4> block_cells(int b, int n) {
  const int r = b / (n - 1), c = b % (n - 1);
  return {r * n + c, r * n + c + 1, (r + 1) * n + c + 1, (r + 1) * n + c};
}

}  // namespace

void box_turn(const box::Move& m) {
  BoxView& v = box_view();
  v.anim = {v.board, m, platform::now_ms()};
  box::apply_move(v.board, v.size, m);
  if (v.start_editing) return;
  v.start_text = box::format_board(v.board, v.size);
  v.error.clear();  // a bad typed start no longer describes anything on screen
}

namespace {

// A turn of the player's (or its undoing): the board leaves any solution being played back;
// choosing one starts it afresh.
void turn_by_player(const box::Move& m) {
  BoxView& v = box_view();
  v.picked_cell = -1;
  v.playing = false;
  v.chosen = -1;
  box_turn(m);
}

}  // namespace

void box_player_turn(const box::Move& m) {
  box_view().turns_made.push_back(m);
  turn_by_player(m);
}

void box_undo() {
  std::vector<box::Move>& turns = box_view().turns_made;
  if (turns.empty()) return;
  const box::Move last = turns.back();
  turns.pop_back();
  turn_by_player(box::Move{last.button, (4 - last.quarter_turns) % 4});
}

std::optional<box::Move> box_next_move() {
  const BoxView& v = box_view();
  if (v.chosen < 0 || v.step >= static_cast<int>(v.solutions[v.chosen].size())) return std::nullopt;
  return v.solutions[v.chosen][v.step];
}

void draw_box_board() {
  BoxView& v = box_view();
  const int n = v.size;
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const float side = std::max(60.0f, std::min(avail.x, avail.y) - 20.0f);
  v.cell = std::floor(side / n);
  const ImVec2 cursor = ImGui::GetCursorScreenPos();
  v.origin =
      ImVec2(cursor.x + std::max(10.0f, std::floor((avail.x - v.cell * n) / 2)), cursor.y + 10);
  ImGui::SetCursorScreenPos(v.origin);
  const bool clicked =
      ImGui::InvisibleButton("box board", ImVec2(v.cell * n, v.cell * n),
                             ImGuiButtonFlags_MouseButtonLeft | ImGuiButtonFlags_MouseButtonRight);
  const bool left = ImGui::IsItemClicked(ImGuiMouseButton_Left);
  const bool right = ImGui::IsItemClicked(ImGuiMouseButton_Right);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  auto centre_of = [&](float row, float col) {
    return ImVec2(v.origin.x + (col + 0.5f) * v.cell, v.origin.y + (row + 0.5f) * v.cell);
  };

  // Buttons sit on the grid corners shared by four cells.
  v.button_centres.clear();
  const float drawn = v.cell * 0.2f;
  // How far from its centre a press reaches a button: a little past its edge; on touch screens
  // at least a fingertip's 22 px (a 5x5 board on a phone has 68 px cells: 16 px was missed),
  // never past half a cell (the next button's reach).
  const float edge = drawn * 1.18f;
  v.button_reach = touch_layout() ? std::max(edge, std::min(22.0f, v.cell * 0.5f)) : edge;
  // On touch screens a button is drawn as large as it reaches, as far as the numbers leave
  // room (a 5x5 board on a phone drew 27 px buttons that took presses 44 px across).
  v.button_radius = touch_layout()
                        ? std::max(drawn, std::min(v.button_reach, number_clearance(v.cell, n)))
                        : drawn;
  for (int b = 0; b < (n - 1) * (n - 1); ++b)
    v.button_centres.push_back(centre_of(b / (n - 1) + 0.5f, b % (n - 1) + 0.5f));
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  int hovered = -1;
  for (int b = 0; b < static_cast<int>(v.button_centres.size()); ++b) {
    const float dx = mouse.x - v.button_centres[b].x, dy = mouse.y - v.button_centres[b].y;
    if (dx * dx + dy * dy <= v.button_reach * v.button_reach) hovered = b;
  }
  std::optional<box::Move> turn = turn_asked(hovered, left, right);
  if (const std::optional<box::Move> by_key = key_turn(v); by_key && !turn) turn = by_key;
  // A number picked, or swapped with the one picked before: a click that began and ended on
  // one cell, off the buttons.
  const int col = static_cast<int>(std::floor((mouse.x - v.origin.x) / v.cell));
  const int row = static_cast<int>(std::floor((mouse.y - v.origin.y) / v.cell));
  const int under = col >= 0 && col < n && row >= 0 && row < n ? row * n + col : -1;
  if (left && hovered < 0 && !ImGui::GetIO().KeyShift) g_cell_press = under;
  if (clicked && hovered < 0 && under >= 0 && under == g_cell_press && !turn) {
    if (v.picked_cell < 0 || v.picked_cell >= n * n) {
      v.picked_cell = under;
    } else if (v.picked_cell == under) {
      v.picked_cell = -1;
    } else {
      std::vector<int> board = v.board;
      std::swap(board[v.picked_cell], board[under]);
      box_set_board(std::move(board));  // (forgets the pick)
    }
  }
  if (!ImGui::GetIO().MouseDown[ImGuiMouseButton_Left]) g_cell_press = -1;
  if (turn) box_player_turn(*turn);

  // The cells: at rest, or the turning block rotated part way.
  const double now = platform::now_ms();
  const bool animating = v.anim.start_ms >= 0 && now - v.anim.start_ms < kTurnMs &&
                         static_cast<int>(v.anim.before.size()) == n * n;
  const std::vector<int>& shown = animating ? v.anim.before : v.board;
  std::array<int, 4> turning{-1, -1, -1, -1};
  if (animating) turning = block_cells(v.anim.move.button, n);
  dl->AddRectFilled(ImVec2(v.origin.x - 6, v.origin.y - 6),
                    ImVec2(v.origin.x + v.cell * n + 6, v.origin.y + v.cell * n + 6),
                    IM_COL32(45, 47, 55, 255), 10.0f);
  for (int c = 0; c < n * n; ++c) {
    if (std::find(turning.begin(), turning.end(), c) != turning.end()) continue;
    draw_cell(dl, centre_of(c / n, c % n), v.cell, shown[c], shown[c] == v.target[c], n);
  }
  if (animating) {
    const float t = static_cast<float>((now - v.anim.start_ms) / kTurnMs);
    const float eased = t * t * (3 - 2 * t);
    const int q = v.anim.move.quarter_turns;
    const float angle = (q == 3 ? -1.0f : static_cast<float>(q)) * 1.5707963f * eased;
    const int b = v.anim.move.button;
    const ImVec2 pivot = centre_of(b / (n - 1) + 0.5f, b % (n - 1) + 0.5f);
    for (int c : turning) {
      const ImVec2 at = centre_of(c / n, c % n);
      const float x = at.x - pivot.x, y = at.y - pivot.y;
      const ImVec2 moved(pivot.x + x * std::cos(angle) - y * std::sin(angle),
                         pivot.y + x * std::sin(angle) + y * std::cos(angle));
      draw_cell(dl, moved, v.cell, shown[c], false, n);
    }
  }
  for (int c = 0; c < n * n; ++c) {  // each cell's place, for the tests
    const ImVec2 at = centre_of(c / n, c % n);
    widget_rects()["box:cell " + std::to_string(c + 1)] = {at.x - v.cell / 2, at.y - v.cell / 2,
                                                           v.cell, v.cell};
  }
  if (v.picked_cell >= 0 && v.picked_cell < n * n && !animating) {  // the picked number
    const ImVec2 at = centre_of(v.picked_cell / n, v.picked_cell % n);
    const float half = v.cell * 0.46f;
    dl->AddRect(ImVec2(at.x - half, at.y - half), ImVec2(at.x + half, at.y + half), kKeyCursor,
                v.cell * 0.12f, 0, std::max(3.0f, v.cell * 0.06f));
  }
  const bool show_cursor = v.keys_focused && v.key_cursor_shown;
  if (show_cursor)  // keyboard focus: a frame round the board, as the tile board has
    dl->AddRect(ImVec2(v.origin.x - 10, v.origin.y - 10),
                ImVec2(v.origin.x + v.cell * n + 10, v.origin.y + v.cell * n + 10),
                ink(Ink::kFocus), 0, 0, kFocusFrame);
  const std::optional<box::Move> next = box_next_move();
  for (int b = 0; b < static_cast<int>(v.button_centres.size()); ++b) {
    const ImVec2 p = v.button_centres[b];
    const bool hot = b == hovered;
    if (next && next->button == b)  // playback's next button: a bright ring around it
      dl->AddCircle(p, v.button_radius * 1.3f, kNextRing, 0, v.button_radius * 0.25f);
    if (show_cursor && b == v.key_cursor)
      dl->AddCircle(p, v.button_radius * 1.6f, kKeyCursor, 0, v.button_radius * 0.18f);
    dl->AddCircleFilled(p, v.button_radius,
                        hot ? IM_COL32(255, 200, 60, 255) : IM_COL32(230, 150, 40, 240));
    dl->AddCircle(p, v.button_radius, IM_COL32(30, 30, 30, 255), 0, 2.0f);
    const std::string name = box_move_label(box::Move{b, 1}, n);
    const float font = std::max(13.0f, v.button_radius * 0.8f);
    const ImVec2 ts = display_font()->CalcTextSizeA(font, 1e9f, 0, name.c_str());
    dl->AddText(display_font(), font, ImVec2(p.x - ts.x / 2, p.y - ts.y / 2),
                IM_COL32(20, 20, 20, 255), name.c_str());
    widget_rects()["box:" + name] = {p.x - v.button_radius, p.y - v.button_radius,
                                     2 * v.button_radius, 2 * v.button_radius};
  }
}

}  // namespace tilewise::app
