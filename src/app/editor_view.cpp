#include "app/editor_view.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

#include "app/board_view.hpp"
#include "app/motif_key.hpp"
#include "app/share.hpp"
#include "app/text_entry.hpp"
#include "app/theme.hpp"
#include "app/widgets.hpp"
#include "core/edge/model/format.hpp"
#include "core/json_text.hpp"
#include "core/play/colour_names.hpp"
#include "core/play/draft.hpp"
#include "imgui.h"
#include "platform/platform.hpp"

namespace tilewise::app {
namespace {

// Apart from the solver's ids, the box's (1 << 40) and the best board's (1 << 41): app.cpp
// asks this view first.
constexpr long long kFirstCheckId = 1LL << 42;

struct EditorState {
  bool has_draft = false;
  Draft draft;
  int shown_frame = -10;  // the frame the Edit section was last drawn open
  bool close = false;     // fold the section (after Play): the board shows the game again
  int rows = 3, cols = 3, kind = 0;
  bool frame = false;
  // Check: the request, its answer in words, and the tiles it was for (a change hides it).
  long long check_id = kFirstCheckId;
  bool checking = false;
  std::string status;
  std::vector<Tile> status_tiles;
  ImVec2 origin{0, 0};
  float cell = 0;
};
EditorState g_ed;

constexpr const char* kSideWords[4] = {"top", "right", "bottom", "left"};

bool complement() {
  return g_ed.draft.puzzle.rule == MatchRule::kComplement;
}

std::string motif_name(int m) {
  const auto& names = g_ed.draft.puzzle.motif_names;
  if (m >= 1 && m <= static_cast<int>(names.size()) && !names[m - 1].empty()) return names[m - 1];
  return (complement() ? "Motif " : "Colour ") + std::to_string(m);
}

// The palette: every motif's head and tail (or every colour, the frame's grey first).
std::vector<Side> palette_entries() {
  std::vector<Side> out;
  const int n = draft_motifs(g_ed.draft);
  if (!complement() && g_ed.draft.puzzle.border == BorderRule::kFrame0) out.push_back(0);
  for (int m = 1; m <= n; ++m) {
    out.push_back(m);
    if (complement()) out.push_back(-m);
  }
  return out;
}

float palette_button_height() {
  return std::max(44.0f, ImGui::GetFrameHeight());
}

// Entries a palette row holds at `width`: one motif's two halves a row on a phone, two
// motifs (or four colours) on a wider screen.
int palette_per_row(float width) {
  const int per = width >= 560 ? 4 : 2;
  return per;
}

float palette_height(float width) {
  const int n = static_cast<int>(palette_entries().size());
  const int per = palette_per_row(width);
  const int rows = (n + per - 1) / per;
  return static_cast<float>(rows) * (palette_button_height() + ImGui::GetStyle().ItemSpacing.y);
}

float heading_height() {
  return title_font()->FontSize * ImGui::GetIO().FontGlobalScale +
         ImGui::GetTextLineHeightWithSpacing() + 2 * ImGui::GetStyle().ItemSpacing.y;
}

// The text in `width` at most, cut with "..." where it is longer.
std::string fitted(std::string text, float width) {
  if (ImGui::CalcTextSize(text.c_str()).x <= width) return text;
  while (text.size() > 1 && ImGui::CalcTextSize((text + "...").c_str()).x > width) text.pop_back();
  return text + "...";
}

void start_blank(int rows, int cols, MatchRule rule, bool frame, std::string& error) {
  Result<Draft> d = new_draft(rows, cols, rule, frame);
  if (!d) {
    error = d.error().to_string();
    return;
  }
  g_ed.draft = *d;
  g_ed.has_draft = true;
  g_ed.status.clear();
}

void start_check() {
  Result<EdgePuzzle> p = finish_draft(g_ed.draft);
  g_ed.status_tiles = g_ed.draft.puzzle.tiles;
  if (!p) {
    g_ed.status = "Not ready: " + p.error().what + ".";
    return;
  }
  if (g_ed.checking) platform::worker_post(nlohmann::json{{"type", "cancel"}}.dump());
  ++g_ed.check_id;
  g_ed.checking = true;
  g_ed.status = "Checking...";
  platform::worker_post(json_text(nlohmann::json{{"id", g_ed.check_id},
                                                 {"type", "edge.solve"},
                                                 {"mode", "count"},
                                                 {"puzzle", format_puzzle(*p)}}));
}

std::string check_text(const nlohmann::json& result) {
  const unsigned long long count = result.value("count", 0ULL);
  const bool complete = result.value("complete", false);
  if (count == 0)
    return complete ? std::string("No solution: the tiles cannot be laid so that ") +
                          (complement() ? "every solid half-shape meets its light half."
                                        : "touching sides share a colour.")
                    : "No solution found: the check gave up before it was sure.";
  const std::string n = std::to_string(count) + (count == 1 ? " solution" : " solutions");
  return complete ? "This puzzle has " + n + "."
                  : "This puzzle has at least " + n + " (the check stopped counting there).";
}

// Play (and Share): the draft as a puzzle, loaded through `play`; nothing, with the reason
// shown, when it cannot be played.
std::optional<EdgePuzzle> play_draft(PuzzleLoader play, std::string& error) {
  Result<EdgePuzzle> p = finish_draft(g_ed.draft);
  g_ed.status_tiles = g_ed.draft.puzzle.tiles;
  if (!p) {
    g_ed.status = "Not ready: " + p.error().what + ".";
    return std::nullopt;
  }
  error.clear();
  play(*p, p->name.empty() ? std::string("Untitled puzzle") : p->name);
  g_ed.close = true;
  return *p;
}

// What Check or Play said, while the tiles are as they were then ("" after a change).
std::string shown_status() {
  const std::vector<Tile>& now = g_ed.draft.puzzle.tiles;
  const bool current = g_ed.status_tiles.size() == now.size() &&
                       std::equal(now.begin(), now.end(), g_ed.status_tiles.begin(),
                                  [](const Tile& a, const Tile& b) { return a.sides == b.sides; });
  return current ? g_ed.status : std::string();
}

// A text field of the section: `text` edited in place, cleaned (draft.hpp) as it changes.
bool name_field(const char* id, const char* hint, const std::string& text, std::string& edited) {
  char buffer[kMaxDraftNameBytes + 1] = {};
  std::strncpy(buffer, text.c_str(), kMaxDraftNameBytes);
  const bool changed = ImGui::InputTextWithHint(id, hint, buffer, sizeof buffer);
  if (changed) edited = buffer;
  return changed;
}

void motif_rows() {
  Draft& d = g_ed.draft;
  static std::vector<const char*> colours;
  static std::vector<std::string> words;
  if (colours.empty()) {
    words.push_back("Colour");
    for (const std::string& w : draft_colour_words()) {
      std::string capital = w;
      capital[0] = static_cast<char>(capital[0] - 'a' + 'A');
      words.push_back(capital);
    }
    for (const std::string& w : words) colours.push_back(w.c_str());
  }
  const std::vector<ImU32> palette = motif_palette(d.puzzle);
  const float swatch = ImGui::GetFrameHeight();
  const float avail = ImGui::GetContentRegionAvail().x;
  const float spacing = ImGui::GetStyle().ItemSpacing.x;
  const float combo_width = std::min(140.0f, avail * 0.36f);
  for (int m = 1; m <= draft_motifs(d); ++m) {
    ImGui::PushID(m);
    const ImVec2 at = ImGui::GetCursorScreenPos();
    const ImU32 colour =
        m < static_cast<int>(palette.size()) ? palette[static_cast<size_t>(m)] : motif_colour(m);
    ImGui::GetWindowDrawList()->AddRectFilled(at, ImVec2(at.x + swatch, at.y + swatch), colour,
                                              4.0f);
    ImGui::Dummy(ImVec2(swatch, swatch));
    ImGui::SameLine();
    ImGui::SetNextItemWidth(avail - swatch - combo_width - 2 * spacing);
    const std::string name = m <= static_cast<int>(d.puzzle.motif_names.size())
                                 ? d.puzzle.motif_names[static_cast<size_t>(m - 1)]
                                 : std::string();
    std::string edited;
    if (name_field("##motif name", "Name", name, edited)) name_motif(d, m, edited);
    record_item(("motif name " + std::to_string(m)).c_str());
    ImGui::SameLine();
    ImGui::SetNextItemWidth(combo_width);
    const std::string word = colour_word_of(name);
    int current = 0;
    for (size_t k = 1; k < words.size(); ++k)
      if (draft_colour_words()[k - 1] == word) current = static_cast<int>(k);
    const std::string combo_name = "motif colour " + std::to_string(m);
    if (combo("##colour", combo_name.c_str(), &current, colours, "colour:") && current > 0)
      name_motif(d, m,
                 recoloured_name(name, draft_colour_words()[static_cast<size_t>(current - 1)]));
    ImGui::PopID();
  }
  ImGui::BeginDisabled(draft_motifs(d) >= (complement() ? 26 : 64));
  if (button(complement() ? "Add motif" : "Add colour")) add_motif(d);
  ImGui::EndDisabled();
}

void new_draft_controls(const EdgePuzzle& playing, std::string& error) {
  int_slider("rows##ed", &g_ed.rows, 1, kMaxBoardSide);
  int_slider("columns##ed", &g_ed.cols, 1, kMaxBoardSide);
  static const char* const kKinds[] = {"Heads and tails", "Same colours meet"};
  combo("kind##ed", "kind##ed", &g_ed.kind, kKinds, "kind##ed:");
  if (g_ed.kind == 1) ImGui::Checkbox("grey frame##ed", &g_ed.frame);
  if (button("New blank puzzle"))
    start_blank(g_ed.rows, g_ed.cols, g_ed.kind == 0 ? MatchRule::kComplement : MatchRule::kEqual,
                g_ed.kind == 1 && g_ed.frame, error);
  if (button("Edit the puzzle being played")) {
    g_ed.draft = draft_of(playing);
    g_ed.has_draft = true;
    g_ed.status.clear();
  }
}

}  // namespace

void editor_panel(const EdgePuzzle& playing, std::string& error, PuzzleLoader play) {
  if (g_ed.close) ImGui::SetNextItemOpen(false);
  g_ed.close = false;
  const bool open = ImGui::CollapsingHeader("Edit");
  record_item("Edit");
  if (!open) return;
  g_ed.shown_frame = ImGui::GetFrameCount();
  // A blank 3x3 with four motifs to start with: the usual physical puzzle, ready to copy.
  if (!g_ed.has_draft) start_blank(3, 3, MatchRule::kComplement, false, error);
  if (!g_ed.has_draft) return;
  Draft& d = g_ed.draft;
  ImGui::TextUnformatted("Name");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(-FLT_MIN);
  std::string edited;
  if (name_field("##puzzle name", "Name the puzzle", d.puzzle.name, edited)) name_draft(d, edited);
  record_item("puzzle name");
  const float third =
      std::floor((ImGui::GetContentRegionAvail().x - 2 * ImGui::GetStyle().ItemSpacing.x) / 3);
  if (button("Check", third)) start_check();
  ImGui::SameLine();
  if (button("Play##edit", third)) play_draft(play, error);
  ImGui::SameLine();
  if (button("Share##edit", third))
    if (const std::optional<EdgePuzzle> p = play_draft(play, error)) share::share_puzzle(*p);
  const char* help = "Check tells whether the puzzle can be solved, and in how many ways.";
  begin_status_area("edit status", std::max(2, wrapped_lines(help)));
  if (const std::string status = shown_status(); !status.empty())
    ImGui::TextUnformatted(status.c_str());
  else
    ImGui::TextDisabled("%s", help);
  end_status_area();
  if (sub_section(complement() ? "Motifs" : "Colours")) {
    motif_rows();
    ImGui::TreePop();
  }
  if (sub_section("Start again")) {
    new_draft_controls(playing, error);
    ImGui::TreePop();
  }
}

bool editor_on_board() {
  return g_ed.has_draft && g_ed.shown_frame >= ImGui::GetFrameCount() - 1;
}

float editor_board_height(float width) {
  if (!g_ed.has_draft) return 0;
  const EdgePuzzle& p = g_ed.draft.puzzle;
  const float cell = std::min(std::floor(width / static_cast<float>(p.cols)), 110.0f);
  return heading_height() + cell * static_cast<float>(p.rows) + palette_height(width) +
         ImGui::GetStyle().ItemSpacing.y;
}

void draw_editor_board() {
  Draft& d = g_ed.draft;
  const EdgePuzzle& p = d.puzzle;
  const ImVec2 avail0 = ImGui::GetContentRegionAvail();
  // The heading: the draft's name and what to do next.
  ImGui::PushFont(title_font());
  ImGui::TextUnformatted(fitted(p.name.empty() ? "Untitled puzzle" : p.name, avail0.x).c_str());
  ImGui::PopFont();
  const int open = open_sides(d);
  std::string line;
  if (d.tile >= 0)
    line = "Tap a side, then its motif below. Tile " + std::to_string(d.tile + 1) + ", " +
           kSideWords[d.side] + (open > 0 ? ": " + std::to_string(open) + " to go." : ".");
  else
    line = "Every side is chosen: name it, then Check, Play or Share.";
  if (ImGui::CalcTextSize(line.c_str()).x > avail0.x)
    line = d.tile >= 0 ? "Tile " + std::to_string(d.tile + 1) + ", " + kSideWords[d.side] +
                             (open > 0 ? ": " + std::to_string(open) + " to go" : "")
                       : "Every side is chosen.";
  ImGui::TextUnformatted(fitted(line, avail0.x).c_str());
  record_text("edit help");
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const float spacing = ImGui::GetStyle().ItemSpacing.y;
  const float cell =
      std::max(16.0f, std::floor(std::min(avail.x / static_cast<float>(p.cols),
                                          (avail.y - palette_height(avail.x) - spacing) /
                                              static_cast<float>(p.rows))));
  const ImVec2 size(cell * static_cast<float>(p.cols), cell * static_cast<float>(p.rows));
  ImVec2 origin = ImGui::GetCursorScreenPos();
  origin.x += std::floor(std::max(0.0f, avail.x - size.x) / 2);
  g_ed.origin = origin;
  g_ed.cell = cell;
  ImGui::SetCursorScreenPos(origin);
  ImGui::InvisibleButton("draft board", size);
  record_item("draft board");
  if (ImGui::IsItemClicked(ImGuiMouseButton_Left)) {  // a tap selects the side under it
    const ImVec2 m = ImGui::GetIO().MousePos;
    const int col = static_cast<int>((m.x - origin.x) / cell);
    const int row = static_cast<int>((m.y - origin.y) / cell);
    if (row >= 0 && row < p.rows && col >= 0 && col < p.cols) {
      const float dx = m.x - (origin.x + (static_cast<float>(col) + 0.5f) * cell);
      const float dy = m.y - (origin.y + (static_cast<float>(row) + 0.5f) * cell);
      const int side =
          std::abs(dy) > std::abs(dx) ? (dy < 0 ? kTop : kBottom) : (dx > 0 ? kRight : kLeft);
      select_side(d, row * p.cols + col, side);
    }
  }
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const std::vector<ImU32> palette = motif_palette(p);
  auto colour_of = [&](Side s) {
    const int m = std::abs(s);
    return m < static_cast<int>(palette.size()) ? palette[static_cast<size_t>(m)] : motif_colour(m);
  };
  auto wedge = [&](int tile, int side, ImVec2& centre, ImVec2& a, ImVec2& b) {
    const ImVec2 tl(origin.x + static_cast<float>(tile % p.cols) * cell,
                    origin.y + static_cast<float>(tile / p.cols) * cell);
    const ImVec2 corners[4] = {tl, ImVec2(tl.x + cell, tl.y), ImVec2(tl.x + cell, tl.y + cell),
                               ImVec2(tl.x, tl.y + cell)};
    centre = ImVec2(tl.x + cell / 2, tl.y + cell / 2);
    a = corners[side];
    b = corners[(side + 1) % 4];
  };
  const int tiles = std::min(static_cast<int>(p.tiles.size()), p.rows * p.cols);
  for (int t = 0; t < tiles; ++t) {
    for (int s = 0; s < 4; ++s) {
      ImVec2 c, a, b;
      wedge(t, s, c, a, b);
      const Side v = p.tiles[static_cast<size_t>(t)].sides[static_cast<size_t>(s)];
      if (d.open[static_cast<size_t>(t)][static_cast<size_t>(s)]) {
        dl->AddTriangleFilled(c, a, b, ink(Ink::kEmptyCell));
        dl->AddTriangle(c, a, b, IM_COL32(20, 20, 24, 255), 1.0f);
      } else {
        draw_side_wedge(dl, c, a, b, v, p.rule, cell, colour_of(v));
      }
    }
  }
  if (d.tile >= 0 && d.tile < tiles) {  // the selected side: a band between two black edges
    ImVec2 c, a, b;
    wedge(d.tile, d.side, c, a, b);
    const float band = std::max(3.5f, cell * 0.025f);  // as plain on a big board as a phone's
    dl->AddTriangle(c, a, b, IM_COL32(0, 0, 0, 255), 2 * band);
    dl->AddTriangle(c, a, b, ink(Ink::kFocus), band);
  }
  for (int t = 0; t < tiles; ++t) {  // the tiles' numbers, over the chosen side's outline
    ImVec2 c, a, b;
    wedge(t, 0, c, a, b);
    const std::string label = std::to_string(t + 1);
    const ImVec2 ts = ImGui::CalcTextSize(label.c_str());
    dl->AddRectFilled(ImVec2(c.x - ts.x / 2 - 3, c.y - ts.y / 2 - 1),
                      ImVec2(c.x + ts.x / 2 + 3, c.y + ts.y / 2 + 1), IM_COL32(0, 0, 0, 170), 3.0f);
    dl->AddText(ImVec2(c.x - ts.x / 2, c.y - ts.y / 2), IM_COL32(255, 255, 255, 255),
                label.c_str());
  }
  // The palette: a tap fills the selected side and moves on to the next.
  ImGui::SetCursorScreenPos(ImVec2(ImGui::GetWindowPos().x + ImGui::GetStyle().WindowPadding.x,
                                   origin.y + size.y + spacing));
  const std::vector<Side> entries = palette_entries();
  const int per = palette_per_row(avail.x);
  const float gap = ImGui::GetStyle().ItemSpacing.x;
  const float w =
      std::floor((avail.x - gap * static_cast<float>(per - 1)) / static_cast<float>(per));
  const float h = palette_button_height();
  const Side chosen =
      d.tile >= 0 && !d.open[static_cast<size_t>(d.tile)][static_cast<size_t>(d.side)]
          ? p.tiles[static_cast<size_t>(d.tile)].sides[static_cast<size_t>(d.side)]
          : 9999;
  for (size_t k = 0; k < entries.size(); ++k) {
    const Side v = entries[k];
    if (k % static_cast<size_t>(per) != 0) ImGui::SameLine(0, gap);
    const std::string id = "edit:" + std::string(v == 0 ? "frame" : std::to_string(v));
    ImGui::PushID(id.c_str());
    const bool pressed = ImGui::InvisibleButton("##entry", ImVec2(w, h));
    ImGui::PopID();
    record_item(id.c_str());
    const ImVec2 lo = ImGui::GetItemRectMin(), hi = ImGui::GetItemRectMax();
    const bool held = ImGui::IsItemActive();
    dl->AddRectFilled(lo, hi, ImGui::GetColorU32(held ? ImGuiCol_ButtonActive : ImGuiCol_Button),
                      ImGui::GetStyle().FrameRounding);
    if (v == chosen)
      dl->AddRect(lo, hi, ink(Ink::kFocus), ImGui::GetStyle().FrameRounding, 0, 3.0f);
    // The side as the board draws it: the top wedge of a tile 1.6 buttons high.
    const float t = std::min(h * 1.6f, w * 0.42f);
    const ImVec2 a(lo.x + 6, lo.y + (h - t / 2) / 2), b(a.x + t, a.y);
    draw_side_wedge(dl, ImVec2(a.x + t / 2, a.y + t / 2), a, b, v, p.rule, t, colour_of(v));
    const float text_x = b.x + 8, text_w = hi.x - text_x - 4;
    const std::string name = v == 0 ? "Grey frame" : motif_name(std::abs(v));
    const ImU32 text = ImGui::GetColorU32(ImGuiCol_Text);
    if (complement()) {
      const float line = ImGui::GetTextLineHeight();
      const float top = lo.y + (h - 2 * line) / 2;
      dl->AddText(ImVec2(text_x, top), text, fitted(name, text_w).c_str());
      dl->AddText(ImVec2(text_x, top + line), text,
                  fitted(v > 0 ? "solid half" : "light half", text_w).c_str());
    } else {
      dl->AddText(ImVec2(text_x, lo.y + (h - ImGui::GetTextLineHeight()) / 2), text,
                  fitted(name, text_w).c_str());
    }
    if (pressed) fill_side(d, v);
  }
}

bool editor_handle_event(const nlohmann::json& e) {
  const long long id = e.value("id", -1LL);
  if (id == -1 && e.value("type", std::string()) == "error" && g_ed.checking) {
    g_ed.checking = false;  // the worker crashed (and was restarted)
    g_ed.status = "The check failed: " + e.value("message", std::string());
    return false;  // the other views hear of it too
  }
  if (id < kFirstCheckId) return false;
  if (id != g_ed.check_id) return true;  // an earlier check's late event
  const std::string type = e.value("type", std::string());
  if (type == "done") {
    g_ed.checking = false;
    g_ed.status = e.value("cancelled", false) ? "The check was stopped." : check_text(e["result"]);
  } else if (type == "error") {
    g_ed.checking = false;
    g_ed.status = "The check failed: " + e.value("message", std::string());
  }
  return true;
}

void editor_add_test_state(nlohmann::json& state) {
  nlohmann::json tiles = nlohmann::json::array();
  nlohmann::json names = nlohmann::json::array();
  const Draft& d = g_ed.draft;
  for (const Tile& t : d.puzzle.tiles) tiles.push_back(t.sides);
  for (const std::string& n : d.puzzle.motif_names) names.push_back(n);
  state["editor"] = {{"on_board", editor_on_board()},
                     {"rows", d.puzzle.rows},
                     {"cols", d.puzzle.cols},
                     {"tiles", tiles},
                     {"open", g_ed.has_draft ? open_sides(d) : 0},
                     {"selected", {d.tile, d.side}},
                     {"name", d.puzzle.name},
                     {"motifs", names},
                     {"status", shown_status()},
                     {"checking", g_ed.checking},
                     {"board", {{"x", g_ed.origin.x}, {"y", g_ed.origin.y}, {"cell", g_ed.cell}}}};
}

}  // namespace tilewise::app
