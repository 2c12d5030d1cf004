// The Puzzle Box mode: side panel (size, move set, start/target fields, scramble, solve in
// the worker with progress and cancel, the optimal solutions, playback) and its state.
#include "app/box_view.hpp"

#include <algorithm>
#include <cstdio>
#include <string>

#include "app/box_state.hpp"
#include "app/share.hpp"
#include "app/text_entry.hpp"
#include "app/theme.hpp"
#include "app/widgets.hpp"
#include "core/box/model/board.hpp"
#include "core/box/model/json.hpp"
#include "core/json_text.hpp"
#include "imgui.h"
#include "platform/platform.hpp"

namespace tilewise::app {
namespace {

// Box requests get ids far above the tile solver's, so each side knows its own events.
constexpr long long kFirstBoxRequestId = 1LL << 40;
constexpr double kPlayStepMs = 450;
constexpr int kListedSolutions = 500;    // rows in the list (the worker sends up to 10,000)
constexpr long long kSolveSeconds = 30;  // the optimal search's budget; then the quick one

std::vector<int> identity(int n) {
  std::vector<int> b(n * n);
  for (int i = 0; i < n * n; ++i) b[i] = i + 1;
  return b;
}

BoxView make_default() {
  BoxView v;
  v.board = {7, 6, 5, 8, 4, 9, 3, 2, 1};  // seed 003's board
  v.target = identity(3);
  v.start_text = box::format_board(v.board, 3);
  v.target_text = box::format_board(v.target, 3);
  v.request_id = kFirstBoxRequestId;
  return v;
}

void forget_solutions() {
  BoxView& v = box_view();
  v.solutions.clear();
  v.count = 0;
  v.chosen = -1;
  v.step = 0;
  v.playing = false;
  v.length = -1;
  v.proven_optimal = true;
  v.lower_bound = 0;
}

// Stops the worker's box job. The user's Cancel keeps its answer (the best found so far);
// a new board ignores it (its late events have an old id).
void cancel_solve(bool keep_result = false) {
  BoxView& v = box_view();
  if (!v.solving) return;
  platform::worker_post(nlohmann::json{{"type", "cancel"}}.dump());
  if (keep_result) {
    v.status = "cancelling: keeping the best found so far...";
    return;
  }
  v.request_id += 1;
  v.solving = false;
  v.status = "cancelled";
}

// A new puzzle (size change, typed board, scramble): old solutions no longer apply.
void set_boards(std::vector<int> board, std::vector<int> target) {
  BoxView& v = box_view();
  cancel_solve();
  v.size = box::board_size(board);
  v.board = std::move(board);
  v.target = std::move(target);
  v.start_text = box::format_board(v.board, v.size);
  v.target_text = box::format_board(v.target, v.size);
  v.anim = {};
  v.error.clear();
  v.turns_made.clear();
  v.picked_cell = -1;
  forget_solutions();
  v.status.clear();
}

void start_solve() {
  BoxView& v = box_view();
  v.request_id += 1;
  v.solving = true;
  forget_solutions();
  v.solved_from = v.board;
  v.status = "solving...";
  v.reveal = BoxView::Reveal::kStatus;
  v.progress.clear();
  v.table = {};
  nlohmann::json request{{"id", v.request_id},
                         {"type", "box.solve"},
                         {"size", v.size},
                         {"start", v.board},
                         {"target", v.target},
                         {"max_seconds", kSolveSeconds},
                         {"moves", kBoxMoveSets[v.move_set]}};
  add_strong_tables_field(v, request);
  platform::worker_post(json_text(request));
}

void scramble() {
  BoxView& v = box_view();
  const auto s = box::scrambled_boards(v.size, box_move_set(), 1, v.scramble_turns,
                                       static_cast<unsigned>(v.scramble_seed))[0];
  std::vector<int> board(s.size());
  for (size_t i = 0; i < s.size(); ++i) board[i] = v.target[s[i] - 1];  // scrambled target
  v.scramble_seed += 1;
  set_boards(board, v.target);
}

// The board and target text fields: Enter or "Set" applies; a bad board shows the parser's
// error and keeps the current boards. The first is the board as it is now (it follows every
// turn: Solve starts from it), shown as "board" and named "start" (the solve's start, as in
// links and the CLI) in the test state.
void board_field(const char* label, std::string& text, bool is_target) {
  char buf[512];
  std::snprintf(buf, sizeof buf, "%s", text.c_str());
  ImGui::AlignTextToFramePadding();
  const float label_x = ImGui::GetCursorPosX();  // (indented: the fields sit in a tree node)
  ImGui::TextUnformatted(is_target ? "target" : "board");
  record_item(is_target ? "box:target label" : "box:board label");
  // Both fields start at one place, after the longer label (the font's letters differ in width).
  ImGui::SameLine(label_x + ImGui::CalcTextSize("target").x + ImGui::GetStyle().ItemSpacing.x);
  // The rest of the line less the Set button (its label and frame padding, which is wider
  // on touch screens) and the gap before it.
  const ImGuiStyle& style = ImGui::GetStyle();
  ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x - ImGui::CalcTextSize("Set").x -
                          2 * style.FramePadding.x - style.ItemSpacing.x);
  const bool enter = ImGui::InputText((std::string("##") + label).c_str(), buf, sizeof buf,
                                      ImGuiInputTextFlags_EnterReturnsTrue);
  text = buf;
  if (!is_target) box_view().start_editing = ImGui::IsItemActive();
  record_item(label);
  ImGui::SameLine();
  const std::string set_label = std::string("Set##") + label;
  if (!(button(set_label.c_str()) || enter)) return;
  BoxView& v = box_view();
  Result<std::vector<int>> b = box::parse_board(text, is_target ? "target" : "start");
  if (!b) {
    v.error = b.error().to_string();
    return;
  }
  const std::vector<int>& other = is_target ? v.board : v.target;
  if (b->size() != other.size()) {
    // A new size: the other board becomes 1..N*N.
    const int n = box::board_size(*b);
    is_target ? set_boards(identity(n), *b) : set_boards(*b, identity(n));
  } else {
    is_target ? set_boards(v.board, *b) : set_boards(*b, v.target);
  }
}

// Scrolls the panel so the last item drawn is in sight if its bottom is not (the panel under
// the board on a phone is short), once: the request is done.
void reveal_last_item() {
  box_view().reveal = BoxView::Reveal::kNothing;
  if (ImGui::GetItemRectMax().y > ImGui::GetWindowPos().y + ImGui::GetWindowHeight())
    ImGui::SetScrollHereY(1.0f);
}

// The action bar's buttons in the Puzzle Box mode, in Tab order.
const std::vector<const char*> kBoxBarLabels = {"Undo##box", "Scramble", "Solve##box",
                                                "Cancel##box"};

// The play actions, always in view under the board (the Tiles mode's bar, with the box's
// actions). Reset stays in the panel, beside the move counter.
void box_bar() {
  BoxView& v = box_view();
  begin_bar_window();
  const int pressed = bar_buttons({{kBoxBarLabels[0], !v.turns_made.empty()},
                                   {kBoxBarLabels[1]},
                                   {kBoxBarLabels[2], !v.solving},
                                   {kBoxBarLabels[3], v.solving}},
                                  &v.bar_focus);
  ImGui::End();
  if (pressed == 0) box_undo();
  if (pressed == 1) scramble();
  if (pressed == 2) start_solve();
  if (pressed == 3) cancel_solve(true);
}

// A count with thousands separated: 2,330.
std::string grouped(unsigned long long n) {
  std::string digits = std::to_string(n), out;
  for (size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out.push_back(',');
    out.push_back(digits[i]);
  }
  return out;
}

// The solver's answer in a player's words ("Shortest solution: 20 moves (2,330 ways)"); the
// figures (tables, memory, times) stay in v.status, shown under Details.
std::string status_words(const BoxView& v) {
  const std::string moves = std::to_string(v.length) + (v.length == 1 ? " move" : " moves");
  const bool cancelled = v.status.rfind("cancelled", 0) == 0;
  if (v.solving) {
    if (v.length < 0) return "Looking for the shortest solution...";
    if (!v.proven_optimal)
      return "Best so far: " + moves + " (none can be shorter than " +
             std::to_string(v.lower_bound) + "); still looking...";
    return "Shortest solution: " + moves + "; listing every way...";
  }
  if (v.status.empty()) return "";
  if (v.status.rfind("error", 0) == 0) return "The solver stopped with an error (see Details).";
  if (v.length < 0)
    return cancelled                               ? "Stopped."
           : v.status.rfind("no sequence", 0) == 0 ? "No way to reach the target."
                                                   : "No solution found in the time allowed.";
  if (!v.proven_optimal)
    return std::string(cancelled ? "Stopped. " : "") + "Best found: " + moves +
           " (none can be shorter than " + std::to_string(v.lower_bound) + ").";
  if (cancelled) return "Stopped. Shortest solution: " + moves + " (the list may be incomplete).";
  const unsigned long long ways = v.count > 0 ? v.count : v.solutions.size();
  return "Shortest solution: " + moves + " (" + grouped(ways) + (ways == 1 ? " way)" : " ways)");
}

void solve_status() {
  BoxView& v = box_view();
  if (!v.solving && v.status.empty()) {  // before a solve: where it starts from
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    ImGui::TextWrapped("Solve: the fewest turns from the board as it is now to the target.");
    ImGui::PopStyleColor();
    // Among the widgets for the tests, not the panel's controls (a line of text, not a finger's).
    const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
    widget_rects()["box:solve help"] = {a.x, a.y, b.x - a.x, b.y - a.y};
  }
  const std::string words = status_words(v);
  if (!words.empty()) ImGui::TextWrapped("%s", words.c_str());
  // The figures for the curious: the search's progress, tables, memory and times.
  const bool any = (v.solving && !v.progress.empty()) || !v.status.empty() ||
                   !v.table.note.empty() || !v.table.better.note.empty() || strong_tables_shown();
  bool& details = v.details_open;
  if (any) {
    ImGui::Checkbox("Details##box", &details);
    record_item("box:details");
  }
  if (any && details) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    if (v.solving && !v.progress.empty()) ImGui::TextWrapped("%s", v.progress.c_str());
    if (!v.status.empty()) ImGui::TextWrapped("%s", v.status.c_str());
    if (!v.table.note.empty()) ImGui::TextWrapped("%s", v.table.note.c_str());
    if (!v.table.better.note.empty()) ImGui::TextWrapped("%s", v.table.better.note.c_str());
    ImGui::PopStyleColor();
  }
  if (v.reveal == BoxView::Reveal::kStatus ||
      (v.reveal == BoxView::Reveal::kResults && v.solutions.empty()))
    reveal_last_item();
}

void choose(int k) {
  BoxView& v = box_view();
  v.chosen = k;
  v.step = 0;
  v.playing = false;
  v.board = v.solved_from;
  v.start_text = box::format_board(v.board, v.size);
  v.turns_made.clear();
  v.anim = {};
  v.reveal = BoxView::Reveal::kPlayback;
}

void step_forward() {
  BoxView& v = box_view();
  if (v.chosen < 0 || v.step >= static_cast<int>(v.solutions[v.chosen].size())) return;
  box_turn(v.solutions[v.chosen][v.step++]);
}

void step_back() {
  BoxView& v = box_view();
  if (v.chosen < 0 || v.step == 0) return;
  const box::Move m = v.solutions[v.chosen][--v.step];
  box_turn(box::Move{m.button, (4 - m.quarter_turns) % 4});
}

// The chosen solution's moves, wrapped, the next one to make highlighted.
void chosen_moves() {
  const BoxView& v = box_view();
  const std::vector<box::Move>& seq = v.solutions[v.chosen];
  const float right = ImGui::GetCursorScreenPos().x + ImGui::GetContentRegionAvail().x;
  for (int k = 0; k < static_cast<int>(seq.size()); ++k) {
    const std::string name = box_move_label(seq[k], v.size);
    if (k > 0) {
      ImGui::SameLine();
      if (ImGui::GetCursorScreenPos().x + ImGui::CalcTextSize(name.c_str()).x > right)
        ImGui::NewLine();
    }
    if (k == v.step) {
      ImGui::TextColored(ink_colour(Ink::kAccent), "[%s]", name.c_str());
      record_item("box:current move");
    } else {
      ImGui::TextDisabled("%s", name.c_str());
    }
  }
}

// Every optimal solution: the worker's count once done, those listed so far while it lists.
unsigned long long solution_count(const BoxView& v) {
  return std::max<unsigned long long>(v.count, v.solutions.size());
}

void solutions_list() {
  BoxView& v = box_view();
  if (v.solutions.empty()) return;
  const int listed = std::min(static_cast<int>(v.solutions.size()), kListedSolutions);
  const unsigned long long count = solution_count(v);
  if (!v.proven_optimal)
    ImGui::TextWrapped("Best found: %d moves (none can be shorter than %d):", v.length,
                       v.lower_bound);
  else if (count > static_cast<unsigned long long>(listed))
    ImGui::TextWrapped("%s ways in %d moves; the first %d:", grouped(count).c_str(), v.length,
                       listed);
  else  // all listed: the status line above says how many (the same line twice was)
    ImGui::TextUnformatted(touch_layout() ? "Tap one to play it back:"
                                          : "Click one to play it back:");
  // Rows wrap where the panel is narrow (a phone): a 4x4 solution is longer than its width.
  ImGui::BeginChild("box solutions", ImVec2(0, 150), true);
  // The chosen row marked (section headers, which share the colour, have none).
  ImGui::PushStyleColor(ImGuiCol_Header, ink(Ink::kSelected));
  const float width = ImGui::GetContentRegionAvail().x;
  const float min_row =
      touch_layout() ? ImGui::GetFrameHeight() - ImGui::GetStyle().ItemSpacing.y : 0.0f;
  for (int k = 0; k < listed; ++k) {
    std::string line = std::to_string(k + 1) + ".";
    for (const box::Move& m : v.solutions[k]) line += " " + box_move_label(m, v.size);
    const ImVec2 at = ImGui::GetCursorPos();
    const float text_h = ImGui::CalcTextSize(line.c_str(), nullptr, false, width).y;
    // A finger's height on touch screens (the row covers the spacing under it too).
    const float height = std::max(text_h, min_row);
    const std::string id = "##sol" + std::to_string(k);
    if (ImGui::Selectable(id.c_str(), v.chosen == k, 0, ImVec2(0, height))) choose(k);
    record_item(("box:solution " + std::to_string(k + 1)).c_str());
    const ImVec2 after = ImGui::GetCursorPos();
    ImGui::SetCursorPos(ImVec2(at.x, at.y + (height - text_h) / 2));
    ImGui::PushTextWrapPos(at.x + width);
    ImGui::TextUnformatted(line.c_str());
    ImGui::PopTextWrapPos();
    ImGui::SetCursorPos(after);
  }
  ImGui::PopStyleColor();
  ImGui::EndChild();
  if (v.reveal == BoxView::Reveal::kResults) reveal_last_item();
  if (v.chosen < 0) return;
  const int total = static_cast<int>(v.solutions[v.chosen].size());
  ImGui::Text("Solution %d: move %d of %d", v.chosen + 1, v.step, total);
  chosen_moves();
  if (button("< Back")) box_step(-1);
  ImGui::SameLine();
  if (button(v.playing ? "Pause##box" : "Play##box")) box_toggle_play();
  ImGui::SameLine();
  if (button("Step >")) box_step(1);
  if (v.reveal == BoxView::Reveal::kPlayback) reveal_last_item();
  if (v.playing && platform::now_ms() >= v.next_play_ms) {
    step_forward();
    v.next_play_ms = platform::now_ms() + kPlayStepMs;
    if (v.step == total) v.playing = false;
  }
}

void box_panel() {
  BoxView& v = box_view();
  // The goal in words: the usual target is the numbers in reading order.
  const std::string goal =
      v.target == identity(v.size)
          ? "Turn the 2x2 blocks until the numbers read 1 to " + std::to_string(v.size * v.size) +
                ", row by row."
          : std::string(
                "Turn the 2x2 blocks to bring the numbers to the target (under \"Type "
                "the numbers\").");
  ImGui::TextWrapped("%s %s", goal.c_str(),
                     touch_layout()
                         ? "Tap a round button: clockwise; hold it: back. Tap two "
                           "numbers to swap them."
                         : "Click a round button: clockwise; right-click or "
                           "shift-click: back. Click two numbers to swap them. Keys: "
                           "arrows pick a button, Space turns it (Shift+Space: "
                           "back); U undoes; < and > step a chosen solution, Enter plays it; "
                           "Tab: the buttons, then the panel.");
  int size = v.size;  // every size the page plays (a typed board too: 2x2 is not offered)
  if (int_slider("size", &size, 3, box::kMaxPageSize) && size != v.size)
    set_boards(identity(size), identity(size));
  record_item("box:size");
  if (v.size >= 5) {  // what the solver can promise there
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    ImGui::TextWrapped(
        "On %dx%d Solve shows better and better solutions as it finds them, and how short one "
        "could be at best; it stops after %lld s.",
        v.size, v.size, kSolveSeconds);
    ImGui::PopStyleColor();
    record_item("box:anytime note");
  }
  static const char* const kMoveSetNames[] = {"clockwise only", "clockwise + back",
                                              "clockwise + back + half"};
  if (combo("moves", "box:moves", &v.move_set, kMoveSetNames, "box:moves:")) {
    cancel_solve();
    forget_solutions();
  }
  // The numbers typed, for the curious (the grid is set by tapping two numbers).
  if (sub_section("Type the numbers")) {
    board_field("start", v.start_text, false);
    board_field("target", v.target_text, true);
    ImGui::TreePop();
  }
  if (!v.error.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, ink(Ink::kBad));
    ImGui::TextWrapped("%s", v.error.c_str());
    ImGui::PopStyleColor();
  }
  // How many turns Scramble makes: "Scramble: [12] - + turns", on two lines if need be. Room
  // for three digits beside the - and + buttons (frames are taller on touch screens).
  const float field = 3 * ImGui::GetFontSize() + 2 * ImGui::GetFrameHeightWithSpacing();
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("Scramble:");
  if (ImGui::GetItemRectMax().x + 2 * ImGui::GetStyle().ItemSpacing.x + field +
          ImGui::CalcTextSize("turns").x <=
      ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x)
    ImGui::SameLine();
  ImGui::SetNextItemWidth(field);
  ImGui::InputInt("turns", &v.scramble_turns);
  number_field_drawn();
  record_item("box:turns");
  v.scramble_turns = std::clamp(v.scramble_turns, 1, 200);
  ImGui::AlignTextToFramePadding();
  ImGui::Text("Moves: %zu", v.turns_made.size());
  same_line_for("Reset##box");
  if (button("Reset##box")) set_boards(v.target, v.target);
  if (v.board == v.target) {
    ImGui::SameLine();
    ImGui::TextColored(ink_colour(Ink::kGood), "At the target!");
  }
  share::share_box_controls();
  ImGui::Separator();
  solve_status();
  solutions_list();
  if (v.details_open) strong_tables_controls();  // (tables and memory: under Details)
}

std::vector<box::Move> moves_of(const nlohmann::json& names, int size) {
  std::string text;
  for (const auto& n : names)
    if (n.is_string()) text += n.get<std::string>() + " ";
  Result<std::vector<box::Move>> m =
      box::parse_moves(text, size, box::MoveSet::kBothDirectionsAndHalf);
  return m ? *m : std::vector<box::Move>{};
}

}  // namespace

void box_set_board(std::vector<int> board) {
  set_boards(std::move(board), box_view().target);
}

BoxView& box_view() {
  static BoxView v = [] {
    BoxView d = make_default();
    // Scrambles differ from one visit to the next (each is shareable by its link).
    d.scramble_seed = 1 + static_cast<int>(platform::random_u64() % 1000000);
    return d;
  }();
  return v;
}

void box_step(int direction) {
  box_view().playing = false;
  direction > 0 ? step_forward() : step_back();
}

void box_toggle_play() {
  BoxView& v = box_view();
  if (v.chosen < 0) return;
  v.playing = !v.playing;
  if (v.playing && v.step == static_cast<int>(v.solutions[v.chosen].size()))
    choose(v.chosen), v.playing = true;
  v.next_play_ms = platform::now_ms();
}

box::MoveSet box_move_set() {
  return static_cast<box::MoveSet>(box_view().move_set);
}

void box_open(const box::BoxPuzzle& puzzle) {
  set_boards(puzzle.start, puzzle.target);
  BoxView& v = box_view();
  v.move_set = static_cast<int>(puzzle.moves);  // box_move_set()'s inverse
  v.active = true;
}

box::BoxPuzzle box_current_puzzle() {
  const BoxView& v = box_view();
  return box::BoxPuzzle{v.size, v.board, v.target, box_move_set()};
}

bool box_mode() {
  return box_view().active;
}

bool box_mode_selector() {
  BoxView& v = box_view();
  const bool was_active = v.active;
  if (ImGui::RadioButton("Tiles", !v.active)) v.active = false;
  record_item("Tiles");
  ImGui::SameLine();
  if (ImGui::RadioButton("Puzzle Box", v.active)) v.active = true;
  record_item("Puzzle Box");
  if (v.active != was_active) panel_to_top();  // the other mode starts at its goal
  return v.active;
}

float box_bar_column_width() {
  return bar_column_width(kBoxBarLabels);
}

void draw_box_mode(void (*header)()) {
  begin_panel_window();
  header();
  box_panel();
  ImGui::End();
  box_bar();
  begin_board_window();
  draw_box_board();
  ImGui::End();
}

bool box_handle_event(const nlohmann::json& e) {
  BoxView& v = box_view();
  const long long id = e.value("id", -1LL);
  const std::string type = e.value("type", std::string());
  if (id == -1 && type == "error" && v.solving) {  // the worker crashed (and restarted)
    v.solving = false;
    v.status = "error: " + e.value("message", std::string());
    return false;  // the tile solver hears of it too
  }
  if (type == "tables_kept") {
    box_kept_tables(v, e);
    return true;
  }
  if (id < kFirstBoxRequestId) return false;
  if (id == v.strong.id) {  // the stronger tables' build (box_strong_view.cpp)
    box_strong_event(v, e);
    return true;
  }
  if (id != v.request_id) return true;  // an old request's late event
  if (box_table_event(v, e)) return true;
  char buf[200];
  if (type == "progress" && e.value("phase", "") == "tables") {
    v.progress = box_table_progress(e);
  } else if (type == "progress" && e.contains("best_length")) {  // 5x5 and up: anytime
    const int best = e.value("best_length", -1);
    if (best < 0)
      std::snprintf(buf, sizeof buf, "searching (none shorter than %d moves): %.0f nodes, %.1f s",
                    e.value("lower_bound", 0), e.value("nodes", 0.0),
                    e.value("elapsed_ms", 0.0) / 1000);
    else
      std::snprintf(buf, sizeof buf,
                    "searching for shorter than %d moves (none shorter than %d): %.0f nodes, "
                    "%.1f s",
                    best, e.value("lower_bound", 0), e.value("nodes", 0.0),
                    e.value("elapsed_ms", 0.0) / 1000);
    v.progress = buf;
  } else if (type == "progress") {
    std::snprintf(buf, sizeof buf, "searching %d moves: %.0f nodes, %.1f s",
                  e.value("depth_bound", 0), e.value("nodes", 0.0),
                  e.value("elapsed_ms", 0.0) / 1000);
    v.progress = buf;
  } else if (type == "solution" && v.solving && e.contains("lower_bound")) {
    // 5x5 and up: a better solution than the one before, not yet proven optimal.
    v.solutions.assign(1, moves_of(e.value("moves", nlohmann::json::array()), v.size));
    v.length = static_cast<int>(v.solutions.front().size());
    v.lower_bound = e.value("lower_bound", 0);
    v.proven_optimal = v.lower_bound >= v.length;
    if (v.chosen >= 0) choose(0);  // the one being played was replaced: from the start again
    std::snprintf(buf, sizeof buf,
                  "best so far: %d moves (none shorter than %d); still searching...", v.length,
                  v.lower_bound);
    v.status = buf;
  } else if (type == "solution" && v.solving) {
    // Shown at once (found at the bound in progress: optimal) while the rest are listed; the
    // first one brought into sight (on a phone the list is under the fold; a long listing's
    // done comes much later).
    if (v.solutions.empty()) v.reveal = BoxView::Reveal::kResults;
    v.solutions.push_back(moves_of(e.value("moves", nlohmann::json::array()), v.size));
    v.length = static_cast<int>(v.solutions.front().size());
    v.proven_optimal = true;
    v.lower_bound = v.length;
    std::snprintf(buf, sizeof buf, "found %d optimal solution(s) of %d moves; listing them all...",
                  static_cast<int>(v.solutions.size()), v.length);
    v.status = buf;
  } else if (type == "done") {
    v.solving = false;
    v.reveal = BoxView::Reveal::kResults;
    const nlohmann::json& r = e["result"];
    v.length = r.value("length", -1);
    v.proven_optimal = r.value("proven_optimal", false);
    v.lower_bound = r.value("lower_bound", 0);
    v.solutions.clear();
    if (r.contains("solutions") && r["solutions"].is_array())
      for (const auto& s : r["solutions"]) v.solutions.push_back(moves_of(s, v.size));
    v.count = r.value("count", 0ULL);
    if (v.length >= 0 && !v.proven_optimal) {
      std::snprintf(buf, sizeof buf,
                    "%sbest found: %d moves, not proven optimal (none shorter than %d), %.0f ms",
                    e.value("cancelled", false) ? "cancelled; " : "", v.length, v.lower_bound,
                    r.value("elapsed_ms", 0.0));
      v.status = buf;
    } else if (e.value("cancelled", false)) {
      v.status = "cancelled";
      if (v.length >= 0) {
        std::snprintf(
            buf, sizeof buf,
            "cancelled: %d optimal solution(s) of %d moves found (the list may be incomplete)",
            static_cast<int>(v.solutions.size()), v.length);
        v.status = buf;
      }
    } else if (v.length < 0) {
      v.status = r.value("complete", false) ? "no sequence reaches the target"
                                            : "gave up: no solution within the search budget";
    } else {
      std::snprintf(buf, sizeof buf, "%s: %llu solution(s) of %d moves, %.0f ms",
                    r.value("proven_optimal", false) ? "optimal" : "best found",
                    r.value("count", 0ULL), v.length, r.value("elapsed_ms", 0.0));
      v.status = buf;
    }
    if (!v.table.label.empty() && v.length >= 0)  // which 4x4 table answered
      v.status += " (" + v.table.label + ")";
  } else if (type == "error") {
    v.solving = false;
    v.status = "error: " + e.value("message", std::string());
  }
  return true;
}

void box_add_test_state(nlohmann::json& s) {
  const BoxView& v = box_view();
  nlohmann::json solutions = nlohmann::json::array();
  for (const auto& seq : v.solutions) {  // as the page names the moves
    nlohmann::json names = nlohmann::json::array();
    for (const box::Move& m : seq) names.push_back(box_move_label(m, v.size));
    solutions.push_back(names);
  }
  s["box"] = {{"active", v.active},
              {"size", v.size},
              {"moves", kBoxMoveSets[v.move_set]},
              {"board", v.board},
              {"target", v.target},
              {"at_target", v.board == v.target},
              {"error", v.error},
              {"solving", v.solving},
              {"solve_id", v.request_id},
              {"status", v.status},  // the figures, shown under Details
              {"words", status_words(v)},
              {"progress", v.progress},
              {"length", v.length},
              {"count", solution_count(v)},
              {"solutions", solutions},
              {"chosen", v.chosen},
              {"step", v.step},
              {"next_move", box_next_move() ? box_move_label(*box_next_move(), v.size) : ""},
              {"picked_cell", v.picked_cell},
              {"moves_made", v.turns_made.size()},
              {"bar_focus", v.bar_focus},
              {"start_text", v.start_text},
              {"proven_optimal", v.proven_optimal},
              {"lower_bound", v.lower_bound},
              {"playing", v.playing},
              {"key_cursor", v.keys_focused && v.key_cursor_shown ? v.key_cursor : -1},
              {"scramble_turns", v.scramble_turns},
              {"table", box_table_test_state(v)},
              {"strong", box_strong_test_state(v)},
              {"origin", {v.origin.x, v.origin.y}},
              {"cell", v.cell},
              {"button_reach", v.button_reach}};
}

}  // namespace tilewise::app
