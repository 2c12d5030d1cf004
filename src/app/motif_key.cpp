#include "app/motif_key.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "app/motif_shapes.hpp"
#include "app/theme.hpp"
#include "core/play/colour_names.hpp"

namespace tilewise::app {
namespace {

bool names_any(const EdgePuzzle& p) {
  return std::any_of(p.motif_names.begin(), p.motif_names.end(),
                     [](const std::string& n) { return !n.empty(); });
}

// The motif's letter as files write it: A.. for halves, the number for colours.
std::string motif_key(const EdgePuzzle& p, int motif) {
  if (p.rule == MatchRule::kComplement && motif <= 26)
    return std::string(1, static_cast<char>('A' + motif - 1));
  return std::to_string(motif);
}

// The motif's name as the page says it. With the colour-blind-safe palette a colour word
// ("red") would name a colour that is not drawn: then it says nothing ("" here; the key and
// the tooltips say the shape).
std::string shown_name(const EdgePuzzle& p, int m) {
  const std::string& name =
      m >= 1 && m <= static_cast<int>(p.motif_names.size()) ? p.motif_names[m - 1] : "";
  return colour_blind_palette() && colour_for_name(name) ? std::string() : name;
}

}  // namespace

ImU32 motif_colour(int index) {
  if (index == 0) return IM_COL32(128, 128, 128, 255);
  // Well-separated hues (golden-angle steps), alternating brightness.
  const float h = std::fmod(0.61803398875f * static_cast<float>(index - 1) + 0.02f, 1.0f);
  const float v = index % 2 ? 0.88f : 0.68f;
  float r, g, b;
  ImGui::ColorConvertHSVtoRGB(h, 0.72f, v, r, g, b);
  return ImGui::GetColorU32(ImVec4(r, g, b, 1.0f));
}

std::vector<ImU32> motif_palette(const EdgePuzzle& p) {
  int top = static_cast<int>(p.motif_names.size());
  for (const Tile& t : p.tiles)
    for (Side s : t.sides) top = std::max(top, std::abs(s));
  std::vector<ImU32> palette(static_cast<size_t>(top) + 1);
  for (int m = 0; m <= top; ++m) {
    const std::string& name = m >= 1 && m <= static_cast<int>(p.motif_names.size())
                                  ? p.motif_names[static_cast<size_t>(m - 1)]
                                  : std::string();
    const std::optional<Rgb> named = colour_for_name(name);
    // The colour-blind-safe palette (theme.hpp) replaces named colours too (shown_name).
    palette[static_cast<size_t>(m)] = colour_blind_palette() ? colour_blind_motif_colour(m)
                                      : named ? IM_COL32(named->r, named->g, named->b, 255)
                                              : motif_colour(m);
  }
  return palette;
}

std::string side_label(const EdgePuzzle& p, Side side) {
  const int m = std::abs(side);
  if (m == 0 && p.border == BorderRule::kFrame0) return "frame";
  const std::string name = shown_name(p, m);
  std::string text =
      name.empty() ? (p.rule == MatchRule::kComplement ? "motif " : "colour ") + motif_key(p, m)
                   : name + " (" + motif_key(p, m) + ")";
  const std::string shape = motif_shape_name(m);
  if (p.rule == MatchRule::kComplement)
    text += side > 0 ? ", solid half " + shape + ": meets its light half"
                     : ", light half " + shape + ": meets its solid half";
  else if (m > 0)
    text += ", " + shape;
  return text;
}

void draw_motif_swatch(ImDrawList* dl, ImVec2 at, float box, int motif, MatchRule rule,
                       ImU32 colour) {
  const ImVec2 end(at.x + box, at.y + box);
  dl->AddRectFilled(at, end, colour, 3.0f);
  const EdgeFrame down{ImVec2(at.x + box / 2, at.y + box / 2), ImVec2(1, 0), ImVec2(0, 1)};
  if (colour_blind_palette()) {
    const ImVec2 square[4] = {at, ImVec2(end.x, at.y), end, ImVec2(at.x, end.y)};
    draw_motif_pattern(dl, square, 4, down, motif, std::max(26.0f, box * 2), colour);
  }
  const bool pair = rule == MatchRule::kComplement;
  const float radius = box * 0.36f;
  draw_motif_half(dl, EdgeFrame{down.mid, down.along, ImVec2(0, -1)}, motif,
                  pair ? HalfFill::kSolid : HalfFill::kSame, radius, colour);
  draw_motif_half(dl, down, motif, pair ? HalfFill::kLight : HalfFill::kSame, radius, colour);
}

int draw_motif_key(const EdgePuzzle& p, const std::vector<ImU32>& palette) {
  if (!names_any(p)) return 0;
  int lines = 1;
  ImGui::TextDisabled("Key:");
  const float box = ImGui::GetTextLineHeight();
  const float right = ImGui::GetWindowContentRegionMax().x + ImGui::GetWindowPos().x;
  for (size_t i = 0; i < p.motif_names.size() && i + 1 < palette.size(); ++i) {
    if (p.motif_names[i].empty()) continue;
    const int m = static_cast<int>(i) + 1;
    const std::string name = shown_name(p, m);
    const std::string label = motif_key(p, m) + " " + (name.empty() ? motif_shape_name(m) : name);
    const float w = box + 4 + ImGui::CalcTextSize(label.c_str()).x;
    ImGui::SameLine();
    if (ImGui::GetCursorScreenPos().x + w > right) {
      ImGui::NewLine();
      ++lines;
    }
    draw_motif_swatch(ImGui::GetWindowDrawList(), ImGui::GetCursorScreenPos(), box, m, p.rule,
                      palette[i + 1]);
    ImGui::Dummy(ImVec2(box, box));
    ImGui::SameLine(0, 4);
    ImGui::TextUnformatted(label.c_str());
  }
  return lines;
}

}  // namespace tilewise::app
