#include "app/gallery.hpp"

#include <algorithm>
#include <array>
#include <cmath>

#include "app/examples.hpp"
#include "app/layout.hpp"
#include "app/theme.hpp"
#include "app/widgets.hpp"
#include "core/edge/format.hpp"
#include "imgui.h"

namespace tilewise::app {
namespace {

// Group names as written in the files' "# gallery:" lines, in the order shown, with a note.
struct GroupInfo {
  const char* name;
  const char* note;
};
constexpr std::array<GroupInfo, 6> kGroups{{
    {"From the seeds", "The puzzles Tilewise was started with."},
    {"Scramble Squares designs",
     "Published 3x3 Scramble Squares designs, as transcribed by their fans."},
    {"More 3x3 sets", "Fans' own sets and their solvers' test sets (one has no solution)."},
    {"Eternity II",
     "The Eternity II clue puzzles and the 256-piece board are not bundled: their piece designs "
     "were claimed as copyright by the puzzle's inventor. Open your own copy with Open file "
     "(Tilewise reads the usual formats). Here: boards of the same make, freshly generated."},
    {"Brendan Owen's sets", "Eternity II-style sets (grey frame, colours match) from 3x3 up."},
    {"Generated", "Random solvable puzzles made by Tilewise's generator."},
}};

std::string trim(std::string s) {
  const auto a = s.find_first_not_of(" \t\r"), b = s.find_last_not_of(" \t\r");
  return a == std::string::npos ? std::string() : s.substr(a, b - a + 1);
}

// The "# gallery: GROUP | TITLE | HINT" line of a file (fields empty when missing).
std::array<std::string, 3> gallery_line(std::string_view text) {
  std::array<std::string, 3> f;
  const std::string_view key = "# gallery:";
  const size_t at = text.find(key);
  if (at == std::string_view::npos) return f;
  const size_t end = text.find('\n', at);
  std::string line(
      text.substr(at + key.size(), end == std::string_view::npos ? end : end - at - key.size()));
  for (int k = 0; k < 3; ++k) {
    const size_t bar = line.find('|');
    f[k] = trim(line.substr(0, bar));
    if (bar == std::string::npos) break;
    line = line.substr(bar + 1);
  }
  return f;
}

GalleryEntry generated_entry(const char* title, const char* hint, int side, int colours) {
  GalleryEntry e;
  e.group = "Eternity II";
  e.title = title;
  e.hint = hint;
  e.file = title;
  e.rows = e.cols = side;
  e.rule = MatchRule::kEqual;
  e.border = BorderRule::kFrame0;
  GenerateOptions o;
  o.rows = o.cols = side;
  o.motifs = colours;
  o.rule = MatchRule::kEqual;
  o.border = BorderRule::kFrame0;
  o.seed = 2007;  // the year Eternity II came out
  e.generate = o;
  return e;
}

std::vector<GalleryGroup> build_gallery() {
  std::vector<GalleryGroup> groups;
  for (const GroupInfo& g : kGroups) groups.push_back({g.name, g.note, {}});
  groups.push_back({"More", "", {}});
  for (const Example& ex : examples()) {
    Result<EdgePuzzle> p = parse_puzzle(std::string(ex.text), std::string(ex.name));
    if (!p) continue;  // the unit tests keep every example loadable
    const auto [group, title, hint] = gallery_line(ex.text);
    GalleryEntry e;
    e.group = group;
    e.title = !title.empty() ? title : !p->name.empty() ? p->name : std::string(ex.name);
    e.hint = hint;
    e.file = std::string(ex.name);
    e.text = std::string(ex.text);
    e.rows = p->rows;
    e.cols = p->cols;
    e.rule = p->rule;
    e.border = p->border;
    auto it = std::find_if(groups.begin(), groups.end(),
                           [&](const GalleryGroup& g) { return g.name == e.group; });
    (it == groups.end() ? groups.back() : *it).entries.push_back(e);
  }
  for (GalleryGroup& g : groups)
    if (g.name == "Eternity II") {
      g.entries.push_back(generated_entry("A clue-puzzle-sized board, 6 x 6",
                                          "a good first taste of Eternity II", 6, 8));
      g.entries.push_back(generated_entry("A board the size of Eternity II, 16 x 16",
                                          "as hard as it gets: nobody has solved the real one", 16,
                                          22));
    }
  std::erase_if(groups, [](const GalleryGroup& g) { return g.entries.empty() && g.note.empty(); });
  return groups;
}

bool g_open = false;

std::string details(const GalleryEntry& e) {
  std::string s = std::to_string(e.rows) + " x " + std::to_string(e.cols) + ", ";
  s += e.rule == MatchRule::kComplement ? "halves match" : "colours match";
  if (e.border == BorderRule::kFrame0) s += ", grey frame";
  if (!e.hint.empty()) s += " - " + e.hint;
  return s;
}

// One entry: the title, then size, rule and hint (wrapped to the width); the whole row is
// one target.
bool entry_row(const GalleryEntry& e) {
  const float pad = 6;
  const float wrap = ImGui::GetContentRegionAvail().x - 2 * pad;
  const std::string more = details(e);
  // Both wrapped (a long title takes two lines on a narrow phone).
  const float title_h = ImGui::CalcTextSize(e.title.c_str(), nullptr, false, wrap).y;
  const float more_h = ImGui::CalcTextSize(more.c_str(), nullptr, false, wrap).y;
  const float height = std::max(touch_layout() ? 48.0f : 0.0f, title_h + more_h + 10);
  ImGui::PushID(e.file.c_str());
  const ImVec2 at = ImGui::GetCursorScreenPos();
  const bool chosen = ImGui::Selectable("##entry", false, 0, ImVec2(0, height));
  record_item(("gallery:" + e.file).c_str());
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float top = at.y + (height - title_h - more_h) / 2;
  const float size = ImGui::GetFontSize();
  dl->AddText(ImGui::GetFont(), size, ImVec2(at.x + pad, top), ink(Ink::kText), e.title.c_str(),
              nullptr, wrap);
  dl->AddText(ImGui::GetFont(), size, ImVec2(at.x + pad, top + title_h), ink(Ink::kFaint),
              more.c_str(), nullptr, wrap);
  ImGui::PopID();
  return chosen;
}

std::optional<GalleryChoice> choose(const GalleryEntry& e) {
  Result<EdgePuzzle> p = e.generate ? generate_puzzle(*e.generate) : parse_puzzle(e.text, e.file);
  if (!p) return std::nullopt;  // cannot happen for the built-in list (unit tests)
  return GalleryChoice{*p, e.file, e.title};
}

}  // namespace

const std::vector<GalleryGroup>& gallery() {
  static const std::vector<GalleryGroup> groups = build_gallery();
  return groups;
}

std::string gallery_title(const std::string& file) {
  for (const GalleryGroup& g : gallery())
    for (const GalleryEntry& e : g.entries)
      if (e.file == file) return e.title;
  return {};
}

std::optional<GalleryChoice> gallery_controls() {
  if (button("Gallery", -1)) {
    g_open = true;
    ImGui::OpenPopup("Gallery");
  }
  // Over the whole page on a phone, over the board beside the panel on a wide screen.
  const PageLayout& l = page_layout();
  const WindowRect area =
      l.stacked ? WindowRect{l.board.pos, ImVec2(l.board.size.x, l.board.size.y + l.panel.size.y)}
                : l.board;
  ImGui::SetNextWindowPos(area.pos);
  ImGui::SetNextWindowSize(area.size);
  std::optional<GalleryChoice> result;
  if (!ImGui::BeginPopupModal(
          "Gallery", nullptr,
          ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoTitleBar)) {
    g_open = false;
    return result;
  }
  // The title and the Close button at the right edge, centred on one line.
  const float top = ImGui::GetCursorPosY();
  ImGui::PushFont(title_font());
  const float title_h = ImGui::GetTextLineHeight();
  const float line_h = std::max(title_h, ImGui::GetFrameHeight());
  ImGui::SetCursorPosY(top + std::floor((line_h - title_h) / 2));
  ImGui::TextUnformatted("Gallery");
  ImGui::PopFont();
  const float close_w = ImGui::CalcTextSize("Close").x + 2 * ImGui::GetStyle().FramePadding.x;
  ImGui::SameLine(ImGui::GetWindowContentRegionMax().x - close_w);
  ImGui::SetCursorPosY(top + std::floor((line_h - ImGui::GetFrameHeight()) / 2));
  if (button("Close")) ImGui::CloseCurrentPopup();
  ImGui::BeginChild("gallery list");
  if (touch_layout()) drag_to_scroll();
  for (const GalleryGroup& g : gallery()) {
    const ImGuiTreeNodeFlags open = g.name == kGroups[0].name ? ImGuiTreeNodeFlags_DefaultOpen : 0;
    const bool shown = ImGui::CollapsingHeader(g.name.c_str(), open);
    record_item(("gallery group:" + g.name).c_str());
    if (!shown) continue;
    if (!g.note.empty()) {
      ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
      ImGui::TextWrapped("%s", g.note.c_str());
      ImGui::PopStyleColor();
    }
    for (const GalleryEntry& e : g.entries)
      if (entry_row(e)) {
        result = choose(e);
        ImGui::CloseCurrentPopup();
      }
  }
  ImGui::EndChild();
  ImGui::EndPopup();
  return result;
}

nlohmann::json gallery_state() {
  nlohmann::json groups = nlohmann::json::array();
  for (const GalleryGroup& g : gallery()) {
    nlohmann::json files = nlohmann::json::array();
    for (const GalleryEntry& e : g.entries) files.push_back(e.file);
    groups.push_back({{"name", g.name}, {"entries", files}});
  }
  return {{"open", g_open}, {"groups", groups}};
}

}  // namespace tilewise::app
