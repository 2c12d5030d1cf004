#include "app/editor_view.hpp"

#include <algorithm>
#include <cstdlib>
#include <string>

#include "app/text_entry.hpp"
#include "app/widgets.hpp"
#include "core/edge/format.hpp"
#include "core/play/editor.hpp"
#include "imgui.h"

namespace tilewise::app {
namespace {

struct EditorState {
  bool has_draft = false;
  EdgePuzzle draft;
  int tile = 0;
  int rows = 3, cols = 3, rule = 0;
  bool frame = false;
};
EditorState g_ed;

const char* kSideNames[4] = {"top", "right", "bottom", "left"};

void new_draft_controls(std::string& error) {
  int_slider("rows##ed", &g_ed.rows, 1, kMaxBoardSide);
  int_slider("columns##ed", &g_ed.cols, 1, kMaxBoardSide);
  static const char* const kRules[] = {"halves (complement)", "colours (equal)"};
  combo("rule##ed", "rule##ed", &g_ed.rule, kRules, "rule##ed:");
  if (g_ed.rule == 1) ImGui::Checkbox("grey frame##ed", &g_ed.frame);
  if (button("New blank draft")) {
    const MatchRule rule = g_ed.rule == 0 ? MatchRule::kComplement : MatchRule::kEqual;
    Result<EdgePuzzle> p = blank_puzzle(g_ed.rows, g_ed.cols, rule, g_ed.rule == 1 && g_ed.frame);
    if (p) {
      g_ed.draft = *p;
      g_ed.has_draft = true;
      g_ed.tile = 0;
    } else {
      error = p.error().to_string();
    }
  }
}

}  // namespace

std::optional<EdgePuzzle> editor_panel(const EdgePuzzle& playing, std::string& error) {
  const bool open = ImGui::CollapsingHeader("Edit");
  record_item("Edit");
  if (!open) return std::nullopt;
  if (button("Copy the current puzzle")) {
    g_ed.draft = playing;
    g_ed.has_draft = true;
    g_ed.tile = 0;
  }
  new_draft_controls(error);
  if (!g_ed.has_draft) return std::nullopt;
  EdgePuzzle& d = g_ed.draft;
  const int n = static_cast<int>(d.tiles.size());
  ImGui::Text("Draft %dx%d: %d tiles (needs %d)", d.rows, d.cols, n, d.rows * d.cols);
  if (n > 0) {
    int_slider("tile", &g_ed.tile, 1, n);
    g_ed.tile = std::clamp(g_ed.tile, 1, n);
    const int t = g_ed.tile - 1;
    for (int s = 0; s < 4; ++s) {
      const int old = d.tiles[t].sides[s];
      int v = old;
      ImGui::PushID(s);
      ImGui::SetNextItemWidth(80);
      ImGui::InputInt("##value", &v, 0, 0);
      number_field_drawn();
      ImGui::PopID();
      const std::string name = kSideNames[s];
      ImGui::SameLine();
      if (button(("-##" + name).c_str())) --v;
      ImGui::SameLine();
      if (button(("+##" + name).c_str())) ++v;
      ImGui::SameLine();
      // The side as the puzzle file writes it ("b", "A", "17") and the motif's name, if any:
      // the number alone (-2) says little.
      const int motif = std::abs(v);
      std::string label = std::string(kSideNames[s]) + ": " + side_text(d.rule, v);
      if (motif >= 1 && motif <= static_cast<int>(d.motif_names.size()) &&
          !d.motif_names[motif - 1].empty())
        label += " (" + d.motif_names[motif - 1] + ")";
      ImGui::TextUnformatted(label.c_str());
      if (v != old) {
        if (d.rule == MatchRule::kComplement && v == 0) v = old > 0 ? -1 : 1;  // no motif 0
        set_tile_side(d, t, s, v);
      }
    }
    if (button("Duplicate tile")) duplicate_tile(d, t);
    ImGui::SameLine();
    if (button("Delete tile")) delete_tile(d, t);
  }
  if (button("Play this puzzle")) {
    Result<EdgePuzzle> p = finish_draft(d);
    if (p) return *p;
    error = p.error().to_string();
  }
  return std::nullopt;
}

}  // namespace tilewise::app
