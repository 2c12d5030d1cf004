#include "app/board_view.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "app/board_input.hpp"
#include "app/motif_key.hpp"
#include "app/motif_shapes.hpp"
#include "app/theme.hpp"
#include "platform/platform.hpp"

namespace tilewise::app {
namespace {

float g_key_height = 0;   // the motif key's height over the board, last drawn
float g_key_wrapped = 0;  // of which its lines after the first

// The colours of the puzzle drawn this frame (motif_key.hpp), set by draw_board.
std::vector<ImU32> g_palette;

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

// The frame of a tile's side a-b (`centre`: the tile's): `along` rightwards or downwards on
// the screen, so both tiles sharing the edge lay its shape out alike.
EdgeFrame edge_frame(ImVec2 centre, ImVec2 a, ImVec2 b) {
  const ImVec2 mid = lerp(a, b, 0.5f);
  const float len = std::max(1e-3f, std::hypot(b.x - a.x, b.y - a.y));
  ImVec2 along((b.x - a.x) / len, (b.y - a.y) / len);
  if (along.x < -0.5f || along.y < -0.5f) along = ImVec2(-along.x, -along.y);
  const float depth = std::max(1e-3f, std::hypot(centre.x - mid.x, centre.y - mid.y));
  return {mid, along, ImVec2((centre.x - mid.x) / depth, (centre.y - mid.y) / depth)};
}

// One side of a tile in the colour of the puzzle drawn this frame (g_palette).
void draw_side(ImDrawList* dl, ImVec2 centre, ImVec2 a, ImVec2 b, Side side, MatchRule rule,
               float cell) {
  const int motif = side < 0 ? -side : side;
  const ImU32 colour =
      motif < static_cast<int>(g_palette.size()) ? g_palette[motif] : motif_colour(motif);
  draw_side_wedge(dl, centre, a, b, side, rule, cell, colour);
}

// A tile's picture: four wedges, and its number when Look asks for it.
void draw_piece(ImDrawList* dl, const EdgePuzzle& puzzle, Placement p, ImVec2 tl, float size) {
  const ImVec2 br = add(tl, ImVec2(size, size));
  const auto s = rotated(puzzle.tiles[p.tile].sides, p.rotation);
  const ImVec2 c = lerp(tl, br, 0.5f);
  const ImVec2 tr(br.x, tl.y), bl(tl.x, br.y);
  draw_side(dl, c, tl, tr, s[kTop], puzzle.rule, size);
  draw_side(dl, c, tr, br, s[kRight], puzzle.rule, size);
  draw_side(dl, c, br, bl, s[kBottom], puzzle.rule, size);
  draw_side(dl, c, bl, tl, s[kLeft], puzzle.rule, size);
  if (!tile_numbers_shown()) return;
  const std::string label = std::to_string(p.tile + 1);
  const ImVec2 ts = ImGui::CalcTextSize(label.c_str());
  dl->AddRectFilled(ImVec2(c.x - ts.x / 2 - 3, c.y - ts.y / 2 - 1),
                    ImVec2(c.x + ts.x / 2 + 3, c.y + ts.y / 2 + 1), IM_COL32(0, 0, 0, 170), 3.0f);
  dl->AddText(ImVec2(c.x - ts.x / 2, c.y - ts.y / 2), IM_COL32(255, 255, 255, 255), label.c_str());
}

constexpr ImU32 kLiftedColour = IM_COL32(120, 200, 255, 255);

void outline(ImDrawList* dl, ImVec2 tl, float size, ImU32 colour, float thickness) {
  dl->AddRect(tl, add(tl, ImVec2(size, size)), colour, 0, 0, thickness);
}

// The keyboard cursor: a band of the theme's focus ink inside a white line inside two black
// edges, so that it reads on the page and on tiles of every colour in both themes: black on
// the light colours and the light half-shapes, white on the dark half-shapes (black and the
// blue band alone had a contrast under 3 on a dark blue half in 32 of 160 places).
void cursor_outline(ImDrawList* dl, ImVec2 tl, float size) {
  outline(dl, tl, size, IM_COL32(0, 0, 0, 255), 9.0f);
  outline(dl, tl, size, IM_COL32(255, 255, 255, 255), 5.0f);
  outline(dl, tl, size, ink(Ink::kFocus), 2.5f);
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
  if (lifted) outline(dl, tl, size, kLiftedColour, 3.0f);
}

// At least one row, so there is always a place to drop tiles taken off the board.
TrayLayout tray_layout(int count, float width, float board_cell) {
  TrayLayout t;
  // An empty tray is a slim drop strip (one finger high): the board gets the room.
  t.cell = count == 0 ? 44.0f : std::clamp(board_cell * 0.6f, 28.0f, 64.0f);
  t.per_row = std::max(1, static_cast<int>((width + t.gap) / (t.cell + t.gap)));
  t.rows = std::max(1, (count + t.per_row - 1) / t.per_row);
  return t;
}

// Where the board and the tray go in a space `avail` wide and high: the tray under the board,
// or, where that gives a larger board (a short, wide window: a phone held sideways, where the
// tray under it left the board ~210 px of 390), in a column right of it.
struct BoardArrangement {
  float cell = 0;
  TrayLayout tray;
  bool tray_beside = false;
  float tray_width = 0;  // the tray's column (beside) or the whole width (under)
};

constexpr float kTrayBesideGap = 24;      // between the board and the tray's column
constexpr float kTrayMinColumn = 140;     // the tray's column at least (its line: "Tray: tap...")
constexpr float kTrayBesideGain = 1.15f;  // how much larger the board must be with the tray beside

BoardArrangement arrange_board(int count, ImVec2 avail, int rows, int cols) {
  BoardArrangement under;
  under.tray = tray_layout(count, avail.x, std::min(avail.x / cols, avail.y / rows));
  under.cell = std::floor(std::min(avail.x / cols, (avail.y - under.tray.height()) / rows));
  under.tray_width = avail.x;
  BoardArrangement beside;
  beside.tray_beside = true;
  beside.cell =
      std::floor(std::min(avail.y / rows, (avail.x - kTrayBesideGap - kTrayMinColumn) / cols));
  beside.tray_width = avail.x - beside.cell * cols - kTrayBesideGap;
  beside.tray = tray_layout(count, beside.tray_width, beside.cell);
  beside.tray.beside = true;
  const bool fits = beside.tray.height() <= avail.y && beside.tray.cell <= beside.tray_width;
  // Beside only when it pays clearly (a wide desktop window gains a few per cent: the tray
  // stays under the board there, where people look for it).
  BoardArrangement best = fits && beside.cell > under.cell * kTrayBesideGain ? beside : under;
  best.cell = std::max(8.0f, best.cell);
  return best;
}

// Inner edges: green when matched, red when not.
void draw_edge_marks(ImDrawList* dl, const PlayBoard& board, const CellGrid& grid) {
  // Two strokes with a gap where the motifs' shapes meet (left whole to be seen), reaching
  // further towards the corners then.
  const float shape = motif_shape_radius(grid.cell);
  const float cell = grid.cell, w = std::max(2.0f, cell * 0.04f);
  const float inset = cell * (shape > 0 ? 0.07f : 0.2f), gap = shape * 1.25f;
  for (int c = 0; c < grid.rows * grid.cols; ++c) {
    const ImVec2 tl = grid.top_left(c);
    const EdgeState r = board.right_edge(c), b = board.bottom_edge(c);
    auto colour = [](EdgeState e) {
      return e == EdgeState::kMatched ? IM_COL32(60, 220, 90, 255) : IM_COL32(240, 50, 50, 255);
    };
    auto mark = [&](ImVec2 from, ImVec2 dir, ImU32 col) {  // from one end of the edge to the other
      const float ends[2][2] = {{inset, cell / 2 - gap}, {cell / 2 + gap, cell - inset}};
      for (const auto& e : ends)
        dl->AddLine(ImVec2(from.x + dir.x * e[0], from.y + dir.y * e[0]),
                    ImVec2(from.x + dir.x * e[1], from.y + dir.y * e[1]), col, w);
    };
    if (r != EdgeState::kOpen) mark(ImVec2(tl.x + cell, tl.y), ImVec2(0, 1), colour(r));
    if (b != EdgeState::kOpen) mark(ImVec2(tl.x, tl.y + cell), ImVec2(1, 0), colour(b));
  }
}

}  // namespace

// A wedge from the centre to the edge in the motif's colour, with the tile's half of the
// motif's shape on the edge (motif_shapes.hpp): a "+" half solid, a "-" half light, like
// colours alike; the frame (motif 0 of a framed puzzle) plain. The colour-blind look adds
// the motif's pattern to the wedge.
void draw_side_wedge(ImDrawList* dl, ImVec2 centre, ImVec2 a, ImVec2 b, Side side, MatchRule rule,
                     float cell, ImU32 colour) {
  const int motif = side < 0 ? -side : side;
  dl->AddTriangleFilled(centre, a, b, colour);
  dl->AddTriangle(centre, a, b, IM_COL32(20, 20, 24, 255), 1.0f);
  if (motif == 0) return;
  const EdgeFrame f = edge_frame(centre, a, b);
  if (colour_blind_palette()) {
    const ImVec2 wedge[3] = {centre, a, b};
    draw_motif_pattern(dl, wedge, 3, f, motif, cell, colour);
  }
  const HalfFill fill = rule != MatchRule::kComplement ? HalfFill::kSame
                        : side > 0                     ? HalfFill::kSolid
                                                       : HalfFill::kLight;
  draw_motif_half(dl, f, motif, fill, motif_shape_radius(cell), colour);
}

float board_view_height(const PlayBoard& board, float width) {
  const EdgePuzzle& p = board.puzzle();
  if (p.rows <= 0) return 0;
  const float cell = std::floor(width / static_cast<float>(p.cols));
  return g_key_height + cell * static_cast<float>(p.rows) +
         tray_layout(static_cast<int>(board.tray().size()), width, cell).height();
}

float motif_key_wrapped_height() {
  return g_key_wrapped;
}

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

namespace {

// What the side under the pointer shows, in words (the colour's name from the puzzle).
void side_tooltip(const PlayBoard& board, const CellGrid& grid, ImVec2 mouse) {
  const int c = grid.cell_at(mouse);
  if (c < 0 || board.cells()[c].tile < 0) return;
  const ImVec2 tl = grid.top_left(c);
  const float dx = mouse.x - (tl.x + grid.cell / 2), dy = mouse.y - (tl.y + grid.cell / 2);
  const int side =
      std::abs(dy) > std::abs(dx) ? (dy < 0 ? kTop : kBottom) : (dx > 0 ? kRight : kLeft);
  const Placement& pl = board.cells()[c];
  const Side value = rotated(board.puzzle().tiles[pl.tile].sides, pl.rotation)[side];
  ImGui::SetTooltip("%s", side_label(board.puzzle(), value).c_str());
}

}  // namespace

BoardGeometry draw_board(PlayBoard& board, bool interactive, const HintMarks& hint) {
  const EdgePuzzle& p = board.puzzle();
  g_palette = motif_palette(p);
  const float key_top = ImGui::GetCursorPosY();
  const int key_lines = draw_motif_key(p, g_palette);
  g_key_height = ImGui::GetCursorPosY() - key_top;  // for board_view_height (the page layout)
  g_key_wrapped =
      static_cast<float>(std::max(0, key_lines - 1)) * ImGui::GetTextLineHeightWithSpacing();
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  BoardGeometry g;
  const std::vector<int> tray = interactive ? board.tray() : std::vector<int>();
  BoardArrangement a;
  if (interactive) {
    a = arrange_board(static_cast<int>(tray.size()), avail, p.rows, p.cols);
  } else {
    a.cell = std::max(8.0f, std::floor(std::min(avail.x / p.cols, avail.y / p.rows)));
  }
  TrayLayout t = a.tray;
  g.cell = a.cell;
  const ImVec2 size(g.cell * p.cols, g.cell * p.rows);
  g.origin = ImGui::GetCursorScreenPos();
  const ImVec2 top_left = g.origin;
  if (a.tray_beside) {  // the board at the left, the tray's column the rest of the width
    // The tray's line sits 20 px over its first row, as under the board (t.height() has it).
    t.origin = ImVec2(g.origin.x + size.x + kTrayBesideGap, g.origin.y + 24);
  } else {
    g.origin.x += std::floor(std::max(0.0f, avail.x - size.x) / 2);  // centred in its window
    t.origin = ImVec2(top_left.x, g.origin.y + size.y + 24);         // from the window's left edge
  }
  ImGui::SetCursorScreenPos(g.origin);
  const CellGrid grid{g.origin, g.cell, p.rows, p.cols};
  ImGui::InvisibleButton("board", size,
                         ImGuiButtonFlags_MouseButtonLeft | ImGuiButtonFlags_MouseButtonRight);
  const bool board_hovered = ImGui::IsItemHovered();
  PointerInput in;
  in.board_clicked = ImGui::IsItemClicked(ImGuiMouseButton_Left);
  in.board_right_clicked = ImGui::IsItemClicked(ImGuiMouseButton_Right);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  // The tray (tiles off the board) under the board or beside it, with its own hit area.
  g.tray_origin = t.origin;
  g.tray_cell = t.cell;
  g.tray_gap = t.gap;
  g.tray_per_row = t.per_row;
  if (interactive) {
    ImGui::SetCursorScreenPos(ImVec2(t.origin.x, t.origin.y - 24));
    ImGui::InvisibleButton("tray", ImVec2(a.tray_width, t.height()));
    in.over_tray = ImGui::IsMouseHoveringRect(ImGui::GetItemRectMin(), ImGui::GetItemRectMax());
    in.tray_clicked = ImGui::IsItemClicked(ImGuiMouseButton_Left);
    handle_pointer(board, grid, t, tray, in);
    handle_keys(board, grid, t, tray);
  }
  const InputView view = interactive ? input_view() : InputView{};
  // Not on touch screens: there the "pointer" stays where the last finger lifted, and the
  // tooltip would sit over the tiles after every tap (the key above the board names colours).
  if (board_hovered && !touch_layout() && view.dragged_cell < 0 && view.dragged_tray_tile < 0 &&
      !ImGui::IsMouseDown(ImGuiMouseButton_Left))
    side_tooltip(board, grid, mouse);
  const int cells = p.rows * p.cols;
  if (interactive) {
    const std::vector<int> now = board.tray();  // after this frame's move
    // The tray's line, shorter on a narrow screen (it is one line over the tray: never cut).
    const char* line = now.empty()      ? "Tray (empty): drag a tile here to take it off the board"
                       : touch_layout() ? "Tray: tap a tile to place it or drag it onto a cell"
                                        : "Tray: click a tile to place it or drag it onto a cell";
    if (ImGui::CalcTextSize(line).x > a.tray_width)
      line = now.empty()      ? "Tray (empty): drag a tile here"
             : touch_layout() ? "Tray: tap or drag a tile"
                              : "Tray: click or drag a tile";
    if (ImGui::CalcTextSize(line).x > a.tray_width) line = now.empty() ? "Tray (empty)" : "Tray";
    dl->AddText(ImVec2(t.origin.x, t.origin.y - 20), ink(Ink::kFaint), line);
    if (now.empty())
      dl->AddRect(t.origin, ImVec2(t.origin.x + t.cell, t.origin.y + t.cell), ink(Ink::kEmptyCell),
                  4.0f, 0, 1.0f);
    for (int k = 0; k < static_cast<int>(now.size()); ++k) {
      if (view.dragged_tray_tile == now[k]) continue;  // drawn at the pointer
      draw_piece(dl, p, Placement{now[k], 0}, t.slot(k), t.cell);
      if (view.picked_tray_tile == now[k]) outline(dl, t.slot(k), t.cell, kLiftedColour, 3.0f);
    }
    if (view.cursor >= cells) cursor_outline(dl, t.slot(view.cursor - cells), t.cell);
  }
  const float slide = slide_progress();
  std::vector<int> moving;  // drawn last, over the tiles that stay
  for (int c = 0; c < cells; ++c) {
    const int tile = board.cells()[c].tile;
    const int from = slide < 1 && tile >= 0 && tile < static_cast<int>(g_slide.from_cell.size())
                         ? g_slide.from_cell[tile]
                         : c;
    if (from >= 0 && from != c) {
      moving.push_back(c);
      continue;
    }
    draw_tile(dl, board, c, grid.top_left(c), g.cell,
              view.dragged_cell == c || view.picked_cell == c);
  }
  for (int c : moving) {
    const int from = g_slide.from_cell[board.cells()[c].tile];
    draw_tile(dl, board, c, lerp(grid.top_left(from), grid.top_left(c), slide), g.cell, false);
  }
  draw_edge_marks(dl, board, grid);
  const float pulse = 0.5f + 0.5f * std::sin(static_cast<float>(ImGui::GetTime()) * 6.0f);
  const ImU32 hint_to = IM_COL32(255, 255, 255, static_cast<int>(140 + 115 * pulse));
  const ImU32 hint_from = IM_COL32(255, 160, 40, static_cast<int>(140 + 115 * pulse));
  if (hint.to_cell >= 0 && hint.to_cell < cells) {  // pulsing outlines: where to, where from
    const ImVec2 to = grid.top_left(hint.to_cell);
    dl->AddRect(ImVec2(to.x + 2, to.y + 2), ImVec2(to.x + g.cell - 2, to.y + g.cell - 2), hint_to,
                4.0f, 0, 5.0f);
    ImVec2 from(-1, -1);
    float from_size = g.cell;
    if (hint.from_cell >= 0 && hint.from_cell < cells && hint.from_cell != hint.to_cell) {
      from = grid.top_left(hint.from_cell);
    } else if (hint.from_tray_tile >= 0 && interactive) {
      const std::vector<int> now = board.tray();
      const auto it = std::find(now.begin(), now.end(), hint.from_tray_tile);
      if (it != now.end()) {
        from = t.slot(static_cast<int>(it - now.begin()));
        from_size = t.cell;
      }
    }
    if (from.x >= 0) {
      outline(dl, from, from_size, hint_from, 4.0f);
      dl->AddLine(add(from, ImVec2(from_size / 2, from_size / 2)),
                  add(to, ImVec2(g.cell / 2, g.cell / 2)), hint_from, 3.0f);
    }
  }
  if (view.focused) {  // keyboard focus: a frame round the board and the cursor
    dl->AddRect(ImVec2(g.origin.x - 4, g.origin.y - 4),
                ImVec2(g.origin.x + size.x + 4, g.origin.y + size.y + 4), ink(Ink::kFocus), 0, 0,
                kFocusFrame);
    if (view.cursor < cells) {
      const ImVec2 tl = grid.top_left(view.cursor);
      cursor_outline(dl, ImVec2(tl.x + 5, tl.y + 5), g.cell - 10);
    }
  }
  if (view.dragged_tray_tile >= 0) {  // a tray tile follows the pointer
    const ImVec2 tl(mouse.x - g.cell / 2, mouse.y - g.cell / 2);
    ImDrawList* top = ImGui::GetForegroundDrawList();
    draw_piece(top, p, Placement{view.dragged_tray_tile, 0}, tl, g.cell);
    outline(top, tl, g.cell, kLiftedColour, 3.0f);
  }
  if (view.dragged_cell >= 0) {  // the lifted tile follows the pointer
    draw_tile(ImGui::GetForegroundDrawList(), board, view.dragged_cell,
              ImVec2(mouse.x - g.cell / 2, mouse.y - g.cell / 2), g.cell, true);
  }
  return g;
}

}  // namespace tilewise::app
