#include "app/gallery.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <map>

#include "app/examples.hpp"
#include "app/layout.hpp"
#include "app/motif_key.hpp"
#include "app/progress.hpp"
#include "app/theme.hpp"
#include "app/widgets.hpp"
#include "core/edge/model/format.hpp"
#include "core/edge/search/solver.hpp"
#include "core/play/board.hpp"
#include "core/play/progress.hpp"
#include "imgui.h"
#include "platform/platform.hpp"

namespace tilewise::app {
namespace {

// Group names as written in the files' "# gallery:" lines, in the order shown, with a note.
struct GroupInfo {
  const char* name;
  const char* note;
};
constexpr std::array<GroupInfo, 8> kGroups{{
    {"Today", "A new puzzle every day, the same for everyone."},
    {"First puzzles", "Small boards to learn on."},
    {"Scramble Squares classics",
     "Published 3 x 3 Scramble Squares designs, as written down by their fans."},
    {"More 3 x 3 puzzles", "Sets made by puzzle fans."},
    {"Eternity II style",
     "The Eternity II pieces are not included: their designs were claimed as copyright by the "
     "puzzle's inventor. Open your own copy with Open file. Here: boards of the same kind."},
    {"Big colour boards", "Eternity II-style sets by Brendan Owen, from 3 x 3 up."},
    {"Random boards", "Puzzles made by Tilewise."},
    {"Solver examples",
     "Not games: these have no solution as written down. Open one to see the solver prove it."},
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
  e.group = "Eternity II style";
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
    e.puzzle = *p;
    auto it = std::find_if(groups.begin(), groups.end(),
                           [&](const GalleryGroup& g) { return g.name == e.group; });
    (it == groups.end() ? groups.back() : *it).entries.push_back(e);
  }
  for (GalleryGroup& g : groups) {
    if (g.name == "Today") {
      const std::string date = platform::today();
      if (Result<GenerateOptions> o = daily_options(date)) {
        GalleryEntry e;
        e.group = g.name;
        e.title = "Daily puzzle, " + date;
        // The same rule as the files' hints (assets/puzzles/README.md), counted here: a 3 x 3
        // takes the solver well under a millisecond.
        if (Result<EdgePuzzle> p = generate_puzzle(*o)) {
          SolveOptions count;
          count.mode = SolveMode::kCount;
          const unsigned long long n = solve(*p, count).count;
          e.hint = std::string(n >= 2 ? "Easy, " : "Medium, ") + std::to_string(n) +
                   (n == 1 ? " solution" : " solutions");
        }
        e.file = e.title;
        e.generate = *o;
        e.rows = o->rows;
        e.cols = o->cols;
        e.rule = o->rule;
        e.border = o->border;
        g.entries.push_back(e);
      }
    }
    if (g.name == "Eternity II style") {
      g.entries.push_back(generated_entry("A clue-puzzle-sized board, 6 x 6",
                                          "Hard: a first taste of Eternity II", 6, 8));
      g.entries.push_back(generated_entry("A board the size of Eternity II, 16 x 16",
                                          "Expert: nobody has solved the real one", 16, 22));
    }
  }
  for (GalleryGroup& g : groups)
    for (GalleryEntry& e : g.entries) {
      if (e.generate) {
        Result<EdgePuzzle> p = generate_puzzle(*e.generate);
        if (p) e.puzzle = *p;
      }
      e.key = puzzle_key(e.puzzle);
    }
  std::erase_if(groups, [](const GalleryGroup& g) { return g.entries.empty(); });
  return groups;
}

bool g_open = false;
std::map<std::string, bool> g_group_shown;  // each group's entries shown when last drawn

std::string clock_text(double ms) {
  const int t = static_cast<int>(std::max(0.0, ms) / 1000.0);
  char buf[32];
  std::snprintf(buf, sizeof buf, "%d:%02d", t / 60, t % 60);
  return buf;
}

std::string details(const GalleryEntry& e) {
  std::string s = std::to_string(e.rows) + " x " + std::to_string(e.cols);
  s += e.rule == MatchRule::kComplement ? ", halves match" : ", colours match";
  if (!e.hint.empty()) s += " - " + e.hint;
  return s;
}

// The player's progress with a puzzle, in words ("" when none) and whether it is solved.
std::pair<std::string, bool> progress_line(const std::string& key) {
  const SavedGame* game = progress_game(key);
  const BestSolve* best = progress_best(key);
  if (game && !game->solved)
    return {"Continue: " + std::to_string(game->moves) +
                (game->moves == 1 ? " move, " : " moves, ") + clock_text(game->play_ms),
            false};
  if (best) return {"Solved - best time " + clock_text(best->ms), true};
  return {"", false};
}

// A small picture of the puzzle's tiles as dealt: each tile's four sides in their colours.
void thumbnail(ImDrawList* dl, const EdgePuzzle& p, ImVec2 at, float size) {
  if (p.tiles.empty()) return;
  const std::vector<ImU32> palette = motif_palette(p);
  const float cell = size / static_cast<float>(std::max(p.rows, p.cols));
  const ImVec2 origin(at.x + (size - cell * p.cols) / 2, at.y + (size - cell * p.rows) / 2);
  const PlayBoard dealt(p);
  for (int c = 0; c < p.rows * p.cols; ++c) {
    const Placement pl = dealt.cells()[static_cast<size_t>(c)];
    if (pl.tile < 0) continue;
    const auto sides = rotated(p.tiles[static_cast<size_t>(pl.tile)].sides, pl.rotation);
    const ImVec2 tl(origin.x + cell * static_cast<float>(c % p.cols),
                    origin.y + cell * static_cast<float>(c / p.cols));
    const ImVec2 tr(tl.x + cell, tl.y), br(tl.x + cell, tl.y + cell), bl(tl.x, tl.y + cell);
    const ImVec2 mid(tl.x + cell / 2, tl.y + cell / 2);
    const ImVec2 corners[5] = {tl, tr, br, bl, tl};
    for (int k = 0; k < 4; ++k) {
      const int motif = std::abs(sides[static_cast<size_t>(k)]);
      const ImU32 colour = motif < static_cast<int>(palette.size())
                               ? palette[static_cast<size_t>(motif)]
                               : motif_colour(motif);
      dl->AddTriangleFilled(mid, corners[k], corners[k + 1], colour);
    }
    if (cell >= 6) dl->AddRect(tl, br, IM_COL32(20, 20, 24, 200));
  }
}

// One entry: its picture, the title, then size, rule and difficulty, and the player's progress
// (wrapped to the width); the whole row is one target.
bool entry_row(const GalleryEntry& e, const std::string& id, const std::string& title,
               const std::string& more, const EdgePuzzle& puzzle, const std::string& key) {
  const float pad = 6;
  const float picture = touch_layout() ? 64.0f : 52.0f;
  const float text_x = pad + picture + pad * 2;
  const float wrap = ImGui::GetContentRegionAvail().x - text_x - pad;
  const auto [progress, solved] = progress_line(key);
  const float title_h = ImGui::CalcTextSize(title.c_str(), nullptr, false, wrap).y;
  const float more_h = ImGui::CalcTextSize(more.c_str(), nullptr, false, wrap).y;
  const float progress_h =
      progress.empty() ? 0 : ImGui::CalcTextSize(progress.c_str(), nullptr, false, wrap).y;
  const float height = std::max(picture + 2 * pad, title_h + more_h + progress_h + 10);
  ImGui::PushID(id.c_str());
  const ImVec2 at = ImGui::GetCursorScreenPos();
  const bool chosen = ImGui::Selectable("##entry", false, 0, ImVec2(0, height));
  record_item(("gallery:" + id).c_str());
  ImDrawList* dl = ImGui::GetWindowDrawList();
  thumbnail(dl, puzzle, ImVec2(at.x + pad, at.y + (height - picture) / 2), picture);
  float y = at.y + (height - title_h - more_h - progress_h) / 2;
  const float size = ImGui::GetFontSize();
  dl->AddText(ImGui::GetFont(), size, ImVec2(at.x + text_x, y), ink(Ink::kText), title.c_str(),
              nullptr, wrap);
  y += title_h;
  dl->AddText(ImGui::GetFont(), size, ImVec2(at.x + text_x, y), ink(Ink::kFaint), more.c_str(),
              nullptr, wrap);
  y += more_h;
  if (!progress.empty())
    dl->AddText(ImGui::GetFont(), size, ImVec2(at.x + text_x, y),
                ink(solved ? Ink::kGood : Ink::kAccent), progress.c_str(), nullptr, wrap);
  ImGui::PopID();
  (void)e;
  return chosen;
}

std::optional<GalleryChoice> choose(const GalleryEntry& e) {
  if (e.puzzle.tiles.empty()) return std::nullopt;  // cannot happen for the built-in list
  return progress_open(e.puzzle, e.file, e.title);
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
  // Over the whole page on a phone, over the board (and a bar beside it) beside the panel on
  // a wide screen.
  const PageLayout& l = page_layout();
  const WindowRect area =
      l.stacked ? WindowRect{l.board.pos,
                             ImVec2(l.board.size.x, l.board.size.y + l.bar.size.y + l.panel.size.y)}
                : WindowRect{l.board.pos, ImVec2(l.board.size.x + (l.bar_beside ? l.bar.size.x : 0),
                                                 l.board.size.y)};
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
  // The game played last, when it is not finished: one tap goes on with it.
  if (const SavedGame* last = progress_last_unfinished()) {
    Result<EdgePuzzle> p = parse_puzzle(last->puzzle, last->file);
    if (p) {
      GalleryEntry e;
      e.title = "Continue: " + last->title;
      const std::string more = std::to_string(p->rows) + " x " + std::to_string(p->cols);
      if (entry_row(e, "continue", e.title, more, *p, last->key)) {
        result = progress_open(*p, last->file, last->title);
        ImGui::CloseCurrentPopup();
      }
    }
  }
  for (const GalleryGroup& g : gallery()) {
    const ImGuiTreeNodeFlags open =
        g.name == kGroups[0].name || g.name == kGroups[1].name ? ImGuiTreeNodeFlags_DefaultOpen : 0;
    const bool shown = ImGui::CollapsingHeader(g.name.c_str(), open);
    record_item(("gallery group:" + g.name).c_str());
    g_group_shown[g.name] = shown;
    if (!shown) continue;
    if (!g.note.empty()) {
      ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
      ImGui::TextWrapped("%s", g.note.c_str());
      ImGui::PopStyleColor();
    }
    for (const GalleryEntry& e : g.entries)
      if (entry_row(e, e.file, e.title, details(e), e.puzzle, e.key)) {
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
    groups.push_back({{"name", g.name}, {"entries", files}, {"shown", g_group_shown[g.name]}});
  }
  return {{"open", g_open}, {"groups", groups}};
}

}  // namespace tilewise::app
