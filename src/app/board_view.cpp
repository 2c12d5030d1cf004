#include "app/board_view.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "app/theme.hpp"
#include "platform/platform.hpp"

namespace tilewise::app {
namespace {

struct DragState {
  int from = -1;       // board cell being dragged
  int tray_tile = -1;  // or tray tile being dragged
  bool moved = false;
};
DragState g_drag;

constexpr double kSlideMs = 350;
struct SlideState {
  std::vector<int> from_cell;  // tile -> the cell it came from (-1: it was not on the board)
  double start_ms = -1e9;
  int started = 0;
};
SlideState g_slide;

// 0..1 through the slide, eased; 1 when no slide runs.
float slide_progress() {
  const double t = (platform::now_ms() - g_slide.start_ms) / kSlideMs;
  if (t >= 1 || t < 0) return 1.0f;
  const float x = static_cast<float>(t);
  return x * x * (3 - 2 * x);
}

ImVec2 add(ImVec2 a, ImVec2 b) {
  return ImVec2(a.x + b.x, a.y + b.y);
}
ImVec2 lerp(ImVec2 a, ImVec2 b, float t) {
  return ImVec2(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t);
}

// One side of a tile: a wedge from the centre to the edge, in the motif's colour. For
// complementary motifs the "+" half carries a round head poking out towards the edge,
// the "-" half a dark notch cut into it, so the two halves read apart at a glance.
void draw_side(ImDrawList* dl, ImVec2 centre, ImVec2 a, ImVec2 b, Side side, MatchRule rule,
               float cell) {
  const int motif = side < 0 ? -side : side;
  const ImU32 colour = motif_colour(motif);
  dl->AddTriangleFilled(centre, a, b, colour);
  dl->AddTriangle(centre, a, b, IM_COL32(20, 20, 24, 255), 1.0f);
  const ImVec2 mid = lerp(a, b, 0.5f);
  const ImVec2 spot = lerp(mid, centre, 0.32f);
  const float r = cell * 0.09f;
  if (rule == MatchRule::kComplement) {
    if (side > 0) {
      dl->AddCircleFilled(spot, r, IM_COL32(255, 255, 255, 235));
      dl->AddCircleFilled(spot, r * 0.55f, colour);
    } else {
      dl->AddCircleFilled(spot, r, IM_COL32(25, 25, 30, 255));
    }
  } else if (motif != 0 && motif % 2 == 0) {  // a pattern mark for even colours
    dl->AddLine(lerp(a, centre, 0.3f), lerp(b, centre, 0.3f), IM_COL32(255, 255, 255, 140), 2.0f);
  }
}

// A tile's picture: four wedges and its label.
void draw_piece(ImDrawList* dl, const EdgePuzzle& puzzle, Placement p, ImVec2 tl, float size) {
  const ImVec2 br = add(tl, ImVec2(size, size));
  const auto s = rotated(puzzle.tiles[p.tile].sides, p.rotation);
  const ImVec2 c = lerp(tl, br, 0.5f);
  const ImVec2 tr(br.x, tl.y), bl(tl.x, br.y);
  draw_side(dl, c, tl, tr, s[kTop], puzzle.rule, size);
  draw_side(dl, c, tr, br, s[kRight], puzzle.rule, size);
  draw_side(dl, c, br, bl, s[kBottom], puzzle.rule, size);
  draw_side(dl, c, bl, tl, s[kLeft], puzzle.rule, size);
  const std::string label = std::to_string(p.tile + 1);
  const ImVec2 ts = ImGui::CalcTextSize(label.c_str());
  dl->AddRectFilled(ImVec2(c.x - ts.x / 2 - 3, c.y - ts.y / 2 - 1),
                    ImVec2(c.x + ts.x / 2 + 3, c.y + ts.y / 2 + 1), IM_COL32(0, 0, 0, 170), 3.0f);
  dl->AddText(ImVec2(c.x - ts.x / 2, c.y - ts.y / 2), IM_COL32(255, 255, 255, 255), label.c_str());
}

void draw_tile(ImDrawList* dl, const PlayBoard& board, int cell, ImVec2 tl, float size,
               bool lifted) {
  const Placement& p = board.cells()[cell];
  const ImVec2 br = add(tl, ImVec2(size, size));
  if (p.tile < 0) {
    dl->AddRect(tl, br, ink(Ink::kEmptyCell), 0, 0, 1.0f);
    return;
  }
  draw_piece(dl, board.puzzle(), p, tl, size);
  if (board.is_fixed_cell(cell)) dl->AddRect(tl, br, IM_COL32(255, 215, 0, 255), 0, 0, 3.0f);
  if (!board.frame_ok(cell)) dl->AddRect(tl, br, IM_COL32(255, 60, 60, 255), 0, 0, 3.0f);
  if (lifted) dl->AddRect(tl, br, IM_COL32(120, 200, 255, 255), 0, 0, 3.0f);
}

// The tray's layout under the board: `count` tiles of `cell` pixels in rows of `per_row`,
// the first at `origin`.
struct TrayLayout {
  ImVec2 origin{0, 0};
  float cell = 0, gap = 6;
  int per_row = 1, rows = 0;
  float height() const { return rows ? 24 + rows * (cell + gap) : 0; }
  ImVec2 slot(int k) const {  // top-left of the k-th tile
    return ImVec2(origin.x + static_cast<float>(k % per_row) * (cell + gap),
                  origin.y + static_cast<float>(k / per_row) * (cell + gap));
  }
  int slot_at(ImVec2 m) const {  // the slot under `m` (it may be past the last tile), or -1
    const int col = static_cast<int>(std::floor((m.x - origin.x) / (cell + gap)));
    const int row = static_cast<int>(std::floor((m.y - origin.y) / (cell + gap)));
    return col >= 0 && col < per_row && row >= 0 ? row * per_row + col : -1;
  }
};

// At least one row, so there is always a place to drop tiles taken off the board.
TrayLayout tray_layout(int count, float width, float board_cell) {
  TrayLayout t;
  // An empty tray is a slim drop strip (one finger high): the board gets the room.
  t.cell = count == 0 ? 44.0f : std::clamp(board_cell * 0.6f, 28.0f, 64.0f);
  t.per_row = std::max(1, static_cast<int>((width + t.gap) / (t.cell + t.gap)));
  t.rows = std::max(1, (count + t.per_row - 1) / t.per_row);
  return t;
}

}  // namespace

void animate_from(const PlayBoard& before) {
  g_slide.from_cell.assign(before.puzzle().tiles.size(), -1);
  for (size_t c = 0; c < before.cells().size(); ++c) {
    const int tile = before.cells()[c].tile;
    if (tile >= 0 && tile < static_cast<int>(g_slide.from_cell.size()))
      g_slide.from_cell[tile] = static_cast<int>(c);
  }
  g_slide.start_ms = platform::now_ms();
  ++g_slide.started;
}

int board_animations() {
  return g_slide.started;
}

bool board_animating() {
  return slide_progress() < 1.0f;
}

float board_view_height(const PlayBoard& board, float width) {
  const EdgePuzzle& p = board.puzzle();
  const float cell = std::floor(width / static_cast<float>(p.cols));
  return cell * static_cast<float>(p.rows) +
         tray_layout(static_cast<int>(board.tray().size()), width, cell).height();
}

ImU32 motif_colour(int index) {
  if (colour_blind_palette()) return colour_blind_motif_colour(index);
  if (index == 0) return IM_COL32(128, 128, 128, 255);
  // Well-separated hues (golden-angle steps), alternating brightness.
  const float h = std::fmod(0.61803398875f * static_cast<float>(index - 1) + 0.02f, 1.0f);
  const float v = index % 2 ? 0.88f : 0.68f;
  float r, g, b;
  ImGui::ColorConvertHSVtoRGB(h, 0.72f, v, r, g, b);
  return ImGui::GetColorU32(ImVec4(r, g, b, 1.0f));
}

BoardGeometry draw_board(PlayBoard& board, bool interactive, int hint_cell) {
  const EdgePuzzle& p = board.puzzle();
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  BoardGeometry g;
  const std::vector<int> tray = interactive ? board.tray() : std::vector<int>();
  TrayLayout t = interactive ? tray_layout(static_cast<int>(tray.size()), avail.x,
                                           std::min(avail.x / p.cols, avail.y / p.rows))
                             : TrayLayout{};
  g.cell = std::max(8.0f, std::floor(std::min(avail.x / p.cols, (avail.y - t.height()) / p.rows)));
  const ImVec2 size(g.cell * p.cols, g.cell * p.rows);
  g.origin = ImGui::GetCursorScreenPos();
  const float left = g.origin.x;  // the tray starts at the window's left edge
  g.origin.x += std::floor(std::max(0.0f, avail.x - size.x) / 2);  // centred in its window
  ImGui::SetCursorScreenPos(g.origin);
  ImGui::InvisibleButton("board", size,
                         ImGuiButtonFlags_MouseButtonLeft | ImGuiButtonFlags_MouseButtonRight);
  const bool board_hovered = ImGui::IsItemHovered();
  const bool board_clicked = ImGui::IsItemClicked(ImGuiMouseButton_Left);
  const bool board_right_clicked = ImGui::IsItemClicked(ImGuiMouseButton_Right);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  auto cell_at = [&](ImVec2 m) {
    const int j = static_cast<int>(std::floor((m.x - g.origin.x) / g.cell));
    const int i = static_cast<int>(std::floor((m.y - g.origin.y) / g.cell));
    return (i >= 0 && j >= 0 && i < p.rows && j < p.cols) ? i * p.cols + j : -1;
  };
  // The tray (tiles off the board) under the board, with its own hit area.
  t.origin = ImVec2(left, g.origin.y + size.y + 24);
  g.tray_origin = t.origin;
  g.tray_cell = t.cell;
  g.tray_gap = t.gap;
  g.tray_per_row = t.per_row;
  if (interactive) {
    ImGui::InvisibleButton("tray", ImVec2(avail.x, t.height()));
    const bool over_tray =
        ImGui::IsMouseHoveringRect(ImGui::GetItemRectMin(), ImGui::GetItemRectMax());
    const int k = over_tray ? t.slot_at(mouse) : -1;
    if (ImGui::IsItemClicked(ImGuiMouseButton_Left) && k >= 0 && k < static_cast<int>(tray.size()))
      g_drag = {-1, tray[k], false};
    const int hovered = board_hovered ? cell_at(mouse) : -1;
    const bool has_tile = hovered >= 0 && board.cells()[hovered].tile >= 0;
    if (board_clicked && has_tile) g_drag = {hovered, -1, false};
    const bool dragging = g_drag.from >= 0 || g_drag.tray_tile >= 0;
    if (dragging && ImGui::IsMouseDragging(ImGuiMouseButton_Left, 4.0f)) g_drag.moved = true;
    if (dragging && ImGui::IsMouseReleased(ImGuiMouseButton_Left)) {
      const int to = cell_at(mouse);
      if (g_drag.from >= 0) {  // from the board: swap, back to the tray, or a click = turn
        if (g_drag.moved) {
          if (to >= 0) {
            board.swap(g_drag.from, to);
          } else if (over_tray) {
            board.take_to_tray(g_drag.from);
          }
        } else if (to == g_drag.from) {
          board.rotate(to, 1);
        }
      } else if (g_drag.moved) {  // from the tray onto a cell
        if (to >= 0) board.place_from_tray(g_drag.tray_tile, to);
      } else if (const int empty = board.first_empty_cell(); empty >= 0) {  // a click
        board.place_from_tray(g_drag.tray_tile, empty);
      }
      g_drag = {};
    }
    if (board_right_clicked && has_tile) board.rotate(hovered, -1);
    if (has_tile && ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Space)))
      board.rotate(hovered, 1);
  }
  if (interactive) {
    const std::vector<int> now = board.tray();  // after this frame's move
    dl->AddText(ImVec2(t.origin.x, t.origin.y - 20), ink(Ink::kFaint),
                now.empty() ? "Tray (empty): drag a tile here to take it off the board"
                            : "Tray: click a tile to place it or drag it onto a cell");
    if (now.empty())
      dl->AddRect(t.origin, ImVec2(t.origin.x + t.cell, t.origin.y + t.cell), ink(Ink::kEmptyCell),
                  4.0f, 0, 1.0f);
    for (int k = 0; k < static_cast<int>(now.size()); ++k) {
      if (g_drag.tray_tile == now[k] && g_drag.moved) continue;  // drawn at the pointer
      draw_piece(dl, p, Placement{now[k], 0}, t.slot(k), t.cell);
    }
  }
  auto cell_tl = [&](int c) {
    return ImVec2(g.origin.x + (c % p.cols) * g.cell, g.origin.y + (c / p.cols) * g.cell);
  };
  const float slide = slide_progress();
  std::vector<int> moving;  // drawn last, over the tiles that stay
  for (int c = 0; c < p.rows * p.cols; ++c) {
    const int tile = board.cells()[c].tile;
    const int from = slide < 1 && tile >= 0 && tile < static_cast<int>(g_slide.from_cell.size())
                         ? g_slide.from_cell[tile]
                         : c;
    if (from >= 0 && from != c) {
      moving.push_back(c);
      continue;
    }
    draw_tile(dl, board, c, cell_tl(c), g.cell, g_drag.from == c && g_drag.moved);
  }
  for (int c : moving) {
    const int from = g_slide.from_cell[board.cells()[c].tile];
    draw_tile(dl, board, c, lerp(cell_tl(from), cell_tl(c), slide), g.cell, false);
  }
  // Inner edges: green when matched, red when not.
  const float w = std::max(2.0f, g.cell * 0.04f);
  for (int c = 0; c < p.rows * p.cols; ++c) {
    const ImVec2 tl(g.origin.x + (c % p.cols) * g.cell, g.origin.y + (c / p.cols) * g.cell);
    const EdgeState r = board.right_edge(c), b = board.bottom_edge(c);
    const float inset = g.cell * 0.2f;
    if (r != EdgeState::kOpen)
      dl->AddLine(
          ImVec2(tl.x + g.cell, tl.y + inset), ImVec2(tl.x + g.cell, tl.y + g.cell - inset),
          r == EdgeState::kMatched ? IM_COL32(60, 220, 90, 255) : IM_COL32(240, 50, 50, 255), w);
    if (b != EdgeState::kOpen)
      dl->AddLine(
          ImVec2(tl.x + inset, tl.y + g.cell), ImVec2(tl.x + g.cell - inset, tl.y + g.cell),
          b == EdgeState::kMatched ? IM_COL32(60, 220, 90, 255) : IM_COL32(240, 50, 50, 255), w);
  }
  if (hint_cell >= 0 && hint_cell < p.rows * p.cols) {  // a pulsing outline on the hint
    const ImVec2 tl(g.origin.x + (hint_cell % p.cols) * g.cell,
                    g.origin.y + (hint_cell / p.cols) * g.cell);
    const float pulse = 0.5f + 0.5f * std::sin(static_cast<float>(ImGui::GetTime()) * 6.0f);
    dl->AddRect(ImVec2(tl.x + 2, tl.y + 2), ImVec2(tl.x + g.cell - 2, tl.y + g.cell - 2),
                IM_COL32(255, 255, 255, static_cast<int>(140 + 115 * pulse)), 4.0f, 0, 5.0f);
  }
  if (g_drag.tray_tile >= 0 && g_drag.moved) {  // a tray tile follows the pointer
    const ImVec2 tl(mouse.x - g.cell / 2, mouse.y - g.cell / 2);
    ImDrawList* top = ImGui::GetForegroundDrawList();
    draw_piece(top, p, Placement{g_drag.tray_tile, 0}, tl, g.cell);
    top->AddRect(tl, add(tl, ImVec2(g.cell, g.cell)), IM_COL32(120, 200, 255, 255), 0, 0, 3.0f);
  }
  if (g_drag.from >= 0 && g_drag.moved) {  // the lifted tile follows the pointer
    draw_tile(ImGui::GetForegroundDrawList(), board, g_drag.from,
              ImVec2(mouse.x - g.cell / 2, mouse.y - g.cell / 2), g.cell, true);
  }
  return g;
}

}  // namespace tilewise::app
