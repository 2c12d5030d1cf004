// The page's UI: a side panel (puzzle, play, solve) and the board.
#include "app/app.hpp"

#include <algorithm>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "app/board_view.hpp"
#include "app/box_view.hpp"
#include "app/editor_view.hpp"
#include "app/examples.hpp"
#include "app/gallery.hpp"
#include "app/layout.hpp"
#include "app/offline_view.hpp"
#include "app/search_view.hpp"
#include "app/share.hpp"
#include "app/theme.hpp"
#include "app/widgets.hpp"
#include "core/edge/format.hpp"
#include "core/edge/generator.hpp"
#include "core/json_text.hpp"
#include "core/play/board.hpp"
#include "core/play/hint.hpp"
#include "core/version.hpp"
#include "imgui.h"
#include "platform/platform.hpp"
#include "platform/screen.hpp"

namespace tilewise::app {
namespace {

struct SolveState {
  bool running = false;
  long long id = 0;
  int mode = 2;  // 0 first, 1 count, 2 all
  nlohmann::json progress = nlohmann::json::object();
  nlohmann::json result;
  std::vector<std::vector<Placement>> solutions;
  int shown = -1;
  std::string status;
};

struct AppState {
  std::string puzzle_name;   // where it came from (file name, "edited puzzle", ...)
  std::string puzzle_title;  // what the user sees: the gallery's title or the file's "# name:"
  PlayBoard board;
  std::string error;  // last bad input, shown until dismissed; the puzzle stays
  SolveState solve;
  int gen_rows = 4, gen_cols = 4, gen_motifs = 5, gen_rule = 0;
  bool gen_frame = false;
  int gen_seed = 1;
  double play_started_ms = 0;
  double solved_after_ms = -1;
  double last_frame_ms = 0;
  std::vector<double> solve_frame_ms;  // frame intervals while the worker searches
  long long drawn_frames = 0;
  std::vector<float> frame_times;
  long long frames = 0;
  BoardGeometry geometry;
  int applied_solutions = 0;
  Hint hint;
  std::string hint_text;
  int loads = 0;  // puzzles loaded so far (the screen reader hears of each)
};

AppState g;
void load_puzzle(const EdgePuzzle& p, const std::string& name) {
  g.board = PlayBoard(p);
  g.puzzle_name = name;
  g.puzzle_title = gallery_title(name);
  if (g.puzzle_title.empty()) g.puzzle_title = p.name.empty() ? name : p.name;
  const bool was_running = g.solve.running;
  SolveState fresh;
  fresh.id = g.solve.id + 1;  // a stopped job's late events (its "done") are not for this puzzle
  fresh.mode = g.solve.mode;
  g.solve = fresh;
  if (was_running) platform::worker_post(nlohmann::json{{"type", "cancel"}}.dump());
  g.play_started_ms = platform::now_ms();
  g.solved_after_ms = -1;
  g.hint = Hint{};
  g.hint_text.clear();
  ++g.loads;
  share::new_puzzle();
}

// Parses text as a puzzle; on failure shows the error and keeps the current puzzle.
bool load_text(const std::string& text, const std::string& name) {
  Result<EdgePuzzle> p = parse_puzzle(text, name);
  if (!p) {
    g.error = p.error().to_string();
    return false;
  }
  g.error.clear();
  load_puzzle(*p, name);
  return true;
}

void start_solve() {
  static const char* kModes[] = {"first", "count", "all"};
  const bool replacing = g.solve.running;  // the worker replaces a running job with this one
  g.solve.id += 1;
  g.solve.running = true;
  g.solve.solutions.clear();
  g.solve.shown = -1;
  g.solve.progress = nlohmann::json::object();
  g.solve.result = nlohmann::json();
  g.solve.status =
      replacing ? "the running search was stopped and replaced: searching..." : "searching...";
  g.solve_frame_ms.clear();
  platform::worker_post(json_text(nlohmann::json{{"id", g.solve.id},
                                                 {"type", "edge.solve"},
                                                 {"mode", kModes[g.solve.mode]},
                                                 {"watch", search_watch_rate()},
                                                 {"puzzle", format_puzzle(g.board.puzzle())}}));
}

void cancel_solve() {
  // Terminating the worker stops the search at once, whatever it is doing.
  platform::worker_restart();
  g.solve.running = false;
  g.solve.status = "cancelled";
}

void handle_event(const nlohmann::json& e) {
  if (e.value("id", -1LL) != g.solve.id) return;  // an old job's late event
  const std::string type = e.value("type", std::string());
  if (type == "progress") {
    g.solve.progress = e;
  } else if (type == "solution") {
    std::vector<Placement> cells;
    for (const auto& t : e["tiles"])
      cells.push_back(Placement{t[0].get<int>() - 1, t[1].get<int>()});
    g.solve.solutions.push_back(cells);
  } else if (type == "done") {
    g.solve.running = false;
    g.solve.result = e["result"];
    // The result lists solutions sorted (seed 002's order): browse in that order.
    g.solve.solutions.clear();
    for (const auto& s : e["result"]["solutions"]) {
      std::vector<Placement> cells;
      for (const auto& t : s["tiles"])
        cells.push_back(Placement{t[0].get<int>() - 1, t[1].get<int>()});
      g.solve.solutions.push_back(cells);
    }
    char buf[160];
    std::snprintf(buf, sizeof buf, "%s: %llu solution(s) up to rotation, %llu distinct boards",
                  e["result"].value("complete", false) ? "done" : "stopped",
                  e["result"].value("count", 0ULL), e["result"].value("distinct_boards", 0ULL));
    g.solve.status = buf;
    const unsigned long long count = e["result"].value("count", 0ULL);
    platform::announce(count == 0 ? std::string("The solver found no solution.")
                                  : "The solver found " + std::to_string(count) + " solution" +
                                        (count == 1 ? "." : "s."));
    if (e["result"].value("solutions_truncated", false))  // the worker keeps 10000; counts on
      g.solve.status +=
          "; only the first " + std::to_string(g.solve.solutions.size()) + " are kept for browsing";
  } else if (type == "error") {
    g.solve.running = false;
    g.solve.status = "error: " + e.value("message", std::string());
    platform::announce("Solver error: " + e.value("message", std::string()));
  }
}

// What a screen reader hears (the page's aria-live region): a puzzle loaded, the board
// solved, a file that could not be loaded. The solver's results are announced as they come.
void announce_changes() {
  static int loads = 0;
  static bool solved = false;
  static std::string error;
  if (g.loads != loads) {
    loads = g.loads;
    const EdgePuzzle& p = g.board.puzzle();
    platform::announce("Puzzle loaded: " + g.puzzle_title + ", " + std::to_string(p.rows) + " by " +
                       std::to_string(p.cols) + " tiles.");
  }
  if (g.board.solved() != solved) {
    solved = g.board.solved();
    if (solved) platform::announce("Solved! Every edge matches.");
  }
  if (g.error != error) {
    error = g.error;
    if (!error.empty()) platform::announce("Could not load: " + error);
  }
}

// While a search runs unwatched, its events (progress, streamed solutions) are taken four
// times a second: the panel's live figures still move, but most frames look the same as the
// one on screen and are not drawn (render_gate.hpp), which leaves the CPU to the search.
constexpr double kLiveRefreshMs = 250;

void poll_worker() {
  static double last_poll = 0;
  const double now = platform::now_ms();
  if (g.solve.running && search_watch_rate() <= 0 && now - last_poll < kLiveRefreshMs) return;
  last_poll = now;
  for (const std::string& text : platform::worker_poll()) {
    const nlohmann::json events = nlohmann::json::parse(text, nullptr, false);
    if (events.is_array())
      for (const auto& e : events)
        if (!box_handle_event(e)) handle_event(e);
  }
}

void poll_files() {
  while (auto f = platform::take_opened_file()) load_text(f->text, f->name);
}

void show_solution(int k) {
  if (k < 0 || k >= static_cast<int>(g.solve.solutions.size())) return;
  g.solve.shown = k;
  animate_from(g.board);
  g.board.set_cells(g.solve.solutions[k]);
  ++g.applied_solutions;
}

void puzzle_panel() {
  const bool open = ImGui::CollapsingHeader("Puzzle", ImGuiTreeNodeFlags_DefaultOpen);
  record_item("Puzzle");
  if (!open) return;
  if (std::optional<GalleryChoice> chosen = gallery_controls()) {
    g.error.clear();
    load_puzzle(chosen->puzzle, chosen->file);
    g.puzzle_title = chosen->title;  // also for generated entries (no file)
  }
  if (button("Open file...")) platform::open_file_dialog();
  same_line_for("Save");
  if (button("Save")) platform::download_file("puzzle.txt", format_puzzle(g.board.puzzle()));
  same_line_for("Share");
  share::share_controls(g.board);
  const bool generate =
      ImGui::TreeNodeEx("Generate a solvable puzzle", ImGuiTreeNodeFlags_FramePadding);
  record_item("Generate a solvable puzzle");
  if (generate) {
    ImGui::SliderInt("rows", &g.gen_rows, 1, kMaxBoardSide);
    ImGui::SliderInt("columns", &g.gen_cols, 1, kMaxBoardSide);
    ImGui::Combo("rule", &g.gen_rule, "halves (Scramble Squares)\0colours (Eternity II)\0");
    if (g.gen_rule == 1) ImGui::Checkbox("grey frame", &g.gen_frame);
    ImGui::SliderInt("motifs", &g.gen_motifs, 1, g.gen_rule == 0 ? 26 : 40);
    ImGui::InputInt("seed", &g.gen_seed);
    if (button("Generate")) {
      GenerateOptions o;
      o.rows = g.gen_rows;
      o.cols = g.gen_cols;
      o.motifs = g.gen_motifs;
      o.rule = g.gen_rule == 0 ? MatchRule::kComplement : MatchRule::kEqual;
      o.border = g.gen_rule == 1 && g.gen_frame ? BorderRule::kFrame0 : BorderRule::kFree;
      o.seed = static_cast<std::uint64_t>(g.gen_seed);
      Result<EdgePuzzle> r = generate_puzzle(o);
      if (r) {
        load_puzzle(*r, r->name);
        g.error.clear();
      } else {
        g.error = r.error().to_string();
      }
    }
    ImGui::TreePop();
  }
}

// A quick search on the UI thread (small budget): one placement of the closest solution.
bool in_tray(int tile) {
  for (int t : g.board.tray())
    if (t == tile) return true;
  return false;
}

void show_hint() {
  HintLimits limits;
  limits.node_budget = 400000;
  g.hint = find_hint(g.board.puzzle(), g.board.cells(), limits);
  char buf[200];
  switch (g.hint.kind) {
    case Hint::Kind::kSolved:
      g.hint_text = "The board is solved.";
      break;
    case Hint::Kind::kNoSolution:
      g.hint_text = "This puzzle has no solution.";
      break;
    case Hint::Kind::kUnknown:
      g.hint_text = "Too hard for a quick hint: try the solver.";
      break;
    case Hint::Kind::kPlace: {
      const int c = g.hint.cell, cols = g.board.puzzle().cols;
      std::snprintf(buf, sizeof buf,
                    "Put tile %d%s at row %d, column %d, turned %d quarter(s) clockwise "
                    "(%d tiles already fit that solution).",
                    g.hint.place.tile + 1, in_tray(g.hint.place.tile) ? " from the tray" : "",
                    c / cols + 1, c % cols + 1, g.hint.place.rotation, g.hint.kept);
      g.hint_text = buf;
      break;
    }
  }
}

void play_panel() {
  const bool open = ImGui::CollapsingHeader("Play", ImGuiTreeNodeFlags_DefaultOpen);
  record_item("Play");
  if (!open) return;
  const int matched = g.board.matched_edges(), inner = g.board.inner_edges();
  const bool solved = g.board.solved();
  if (solved && g.solved_after_ms < 0) g.solved_after_ms = platform::now_ms() - g.play_started_ms;
  if (!solved) g.solved_after_ms = -1;
  ImGui::Text("Matched edges: %d/%d", matched, inner);
  const double t = (solved ? g.solved_after_ms : platform::now_ms() - g.play_started_ms) / 1000.0;
  ImGui::Text("Time: %d:%02d", static_cast<int>(t) / 60, static_cast<int>(t) % 60);
  if (solved) ImGui::TextColored(ImVec4(0.4f, 1.0f, 0.5f, 1.0f), "SOLVED!");
  ImGui::BeginDisabled(!g.board.can_undo());
  if (button("Undo")) g.board.undo();
  ImGui::EndDisabled();
  same_line_for("Redo");
  ImGui::BeginDisabled(!g.board.can_redo());
  if (button("Redo")) g.board.redo();
  ImGui::EndDisabled();
  same_line_for("Hint");
  if (button("Hint")) show_hint();
  if (g.hint.kind == Hint::Kind::kPlace && g.board.cells()[g.hint.cell].tile == g.hint.place.tile &&
      g.board.cells()[g.hint.cell].rotation == g.hint.place.rotation)
    g.hint = Hint{};  // done: the highlight goes
  if (!g.hint_text.empty()) ImGui::TextWrapped("%s", g.hint_text.c_str());
  same_line_for("Clear board");
  if (button("Clear board")) g.board.clear_to_tray();  // build it up again from the tray
  ImGui::TextDisabled("click: turn, right-click: turn back\ndrag: swap, or to and from the tray");
}

// After a search: how many solutions, the one shown, and two wide buttons to step through
// them (a thumb reaches them; the first press shows solution 1).
void solutions_browser() {
  const int n = static_cast<int>(g.solve.solutions.size());
  if (n == 0) return;
  ImGui::PushFont(title_font());
  if (g.solve.shown < 0)
    ImGui::Text("%d solution%s found", n, n == 1 ? "" : "s");
  else
    ImGui::Text("Solution %d of %d", g.solve.shown + 1, n);
  ImGui::PopFont();
  const float half = (ImGui::GetContentRegionAvail().x - ImGui::GetStyle().ItemSpacing.x) / 2;
  ImGui::BeginDisabled(g.solve.shown <= 0);
  if (button("< Previous", half)) show_solution(std::max(0, g.solve.shown - 1));
  ImGui::EndDisabled();
  ImGui::SameLine();
  // Recorded as "Next >" whatever it says (the tests press it by that name).
  const std::string next = g.solve.shown < 0 ? "Show solution 1 >###next" : "Next >###next";
  ImGui::BeginDisabled(g.solve.shown >= n - 1);
  const bool pressed = ImGui::Button(next.c_str(), ImVec2(half, 0));
  record_item("Next >");
  ImGui::EndDisabled();
  if (pressed) show_solution(std::min(n - 1, g.solve.shown + 1));
}

void solve_panel() {
  const bool open = ImGui::CollapsingHeader("Solver", ImGuiTreeNodeFlags_DefaultOpen);
  record_item("Solver");
  if (!open) return;
  ImGui::Combo("mode", &g.solve.mode, "first solution\0count\0all solutions\0");
  record_item("mode");
  if (button("Solve")) start_solve();  // while one runs: replaces it (the status says so)
  ImGui::SameLine();
  ImGui::BeginDisabled(!g.solve.running);
  if (button("Cancel")) cancel_solve();
  ImGui::EndDisabled();
  if (g.solve.running && g.solve.progress.contains("nodes")) {
    const double nodes = g.solve.progress.value("nodes", 0.0);
    const double ms = std::max(1.0, g.solve.progress.value("elapsed_ms", 1.0));
    ImGui::Text("nodes %.0f  (%.2f M/s)", nodes, nodes / ms / 1000.0);
    if (g.solve.progress.contains("workers"))  // split over several workers: no one depth
      ImGui::Text("%d workers searching", g.solve.progress.value("workers", 0));
    else
      ImGui::Text("depth %d / %d, deepest %d", g.solve.progress.value("depth", 0),
                  g.solve.progress.value("cells", 0), g.solve.progress.value("max_depth", 0));
    ImGui::Text("found %llu, %.1f s", g.solve.progress.value("count", 0ULL), ms / 1000.0);
  }
  search_view_controls(g.solve.running, g.solve.progress);
  ImGui::TextWrapped("%s", g.solve.status.c_str());
  solutions_browser();
  if (!g.solve.result.is_null() &&
      ImGui::TreeNodeEx("Search statistics", ImGuiTreeNodeFlags_FramePadding)) {
    ImGui::Text("nodes %llu, tries %llu, %.2f ms", g.solve.result.value("nodes", 0ULL),
                g.solve.result.value("tries", 0ULL), g.solve.result.value("elapsed_ms", 0.0));
    int depth = 0;
    for (const auto& v : g.solve.result["nodes_per_depth"])
      ImGui::Text("depth %2d: %llu", depth++, v.get<unsigned long long>());
    ImGui::TreePop();
  }
}

// Frame intervals while searching: count, mean, 95th percentile and maximum.
nlohmann::json frame_time_summary(std::vector<double> ms) {
  if (ms.empty()) return {{"frames", 0}};
  double sum = 0;
  for (double m : ms) sum += m;
  std::sort(ms.begin(), ms.end());
  return {{"frames", ms.size()},
          {"mean", sum / static_cast<double>(ms.size())},
          {"p95", ms[ms.size() * 95 / 100]},
          {"max", ms.back()}};
}

void publish_state() {
  nlohmann::json cells = nlohmann::json::array();
  for (const Placement& c : g.board.cells()) cells.push_back({c.tile + 1, c.rotation});
  nlohmann::json tray = nlohmann::json::array();
  for (int t : g.board.tray()) tray.push_back(t + 1);
  const EdgePuzzle& p = g.board.puzzle();
  nlohmann::json s = {
      {"ready", true},
      {"version", version()},
      {"puzzle", g.puzzle_name},
      {"title", g.puzzle_title},
      {"rows", p.rows},
      {"cols", p.cols},
      {"cells", cells},
      {"matched", g.board.matched_edges()},
      {"inner", g.board.inner_edges()},
      {"solved", g.board.solved()},
      {"error", g.error},
      {"hint", g.hint_text},
      {"hint_cell", g.hint.kind == Hint::Kind::kPlace ? g.hint.cell : -1},
      {"solving", g.solve.running},
      {"status", g.solve.status},
      {"solutions", g.solve.solutions.size()},
      {"shown", g.solve.shown},
      {"progress_nodes", g.solve.progress.value("nodes", 0ULL)},
      {"board",
       {{"x", g.geometry.origin.x}, {"y", g.geometry.origin.y}, {"cell", g.geometry.cell}}},
      {"tray", tray},
      {"tray_box",
       {{"x", g.geometry.tray_origin.x},
        {"y", g.geometry.tray_origin.y},
        {"cell", g.geometry.tray_cell},
        {"gap", g.geometry.tray_gap},
        {"per_row", g.geometry.tray_per_row}}},
      {"frames", g.frames},
      {"last_frame_ms", g.last_frame_ms},
      {"drawn_frames", g.drawn_frames},
      {"frame_ms_while_solving", frame_time_summary(g.solve_frame_ms)},
      {"search_view", search_view_state()},
      {"animating", board_animating()},
      {"animations", board_animations()},
      {"progress_board", g.solve.progress.is_object() && g.solve.progress.contains("board")
                             ? g.solve.progress["board"]
                             : nlohmann::json::array()},
      {"widgets", widget_rects()},
      {"controls", panel_controls()},
      {"layout", layout_state()},
      {"look", theme_state()},
      {"gallery", gallery_state()},
      {"announced", platform::last_announcement()}};
  share::add_test_state(s, g.board);
  offline_add_test_state(s);
  box_add_test_state(s);
  platform::publish_test_state(json_text(s));
}

// The title line over the board: what is being played (the file's "# name:" or the gallery's
// title, never a file name) and its size and rule.
float title_height() {
  return title_font()->FontSize * ImGui::GetIO().FontGlobalScale + body_font_px() +
         2 * ImGui::GetStyle().ItemSpacing.y;
}

void puzzle_title() {
  const EdgePuzzle& p = g.board.puzzle();
  ImGui::PushFont(title_font());
  const float width = ImGui::GetContentRegionAvail().x;
  const std::string title = g.puzzle_title.empty() ? "Untitled puzzle" : g.puzzle_title;
  // One line: a title too long for the width ends in "..." (the panel shows it whole).
  std::string shown = title;
  while (shown.size() > 4 && ImGui::CalcTextSize(shown.c_str()).x > width)
    shown = shown.substr(0, shown.size() - 4) + "...";
  ImGui::TextUnformatted(shown.c_str());
  ImGui::PopFont();
  ImGui::TextDisabled("%d x %d tiles, %s, %s", p.rows, p.cols,
                      p.rule == MatchRule::kComplement ? "halves match" : "colours match",
                      p.border == BorderRule::kFrame0 ? "grey frame" : "free border");
}

void app_header() {
  ImGui::TextDisabled("Tilewise %s", version());
  update_notice();
  box_mode_selector();
}

void look_panel() {
  const bool open = ImGui::CollapsingHeader("Look");
  record_item("Look");
  if (!open) return;
  theme_controls();
}

// Places the panel and the board for this screen (layout.hpp). The safe-area insets are read
// again only when the screen's size changes (rotation, resize).
void lay_out(ImVec2 display) {
  static ImVec2 last(-1, -1);
  static platform::SafeArea safe;
  if (display.x != last.x || display.y != last.y) {
    safe = platform::safe_area();
    last = display;
  }
  set_page_layout(lay_out_page(display, safe, [](float width) {
    if (box_mode()) return width + 20;
    return title_height() + board_view_height(g.board, width);
  }));
}

}  // namespace

void init() {
  const Example& first = examples().front();
  for (const Example& e : examples())
    if (e.name == "seed000_mockup.txt") load_text(std::string(e.text), std::string(e.name));
  if (g.puzzle_name.empty()) load_text(std::string(first.text), std::string(first.name));
  share::open_address(true, g.board, g.error, load_puzzle);
}

void frame() {
  static double last = platform::now_ms();
  const double now = platform::now_ms();
  g.last_frame_ms = now - last;
  last = now;
  ++g.frames;
  if (g.solve.running && g.frames > 2 && g.solve_frame_ms.size() < 100000)
    g.solve_frame_ms.push_back(g.last_frame_ms);
  poll_worker();
  poll_files();
  share::open_address(false, g.board, g.error, load_puzzle);
  ImGuiIO& io = ImGui::GetIO();
  if (io.KeyCtrl && ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Z))) g.board.undo();
  if (io.KeyCtrl && ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Y))) g.board.redo();

  lay_out(io.DisplaySize);
  if (box_mode()) {  // the Puzzle Box mode draws its own panel and board (box_view.cpp)
    draw_box_mode();
    publish_state();
    return;
  }
  begin_panel_window();
  app_header();
  if (!g.error.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1.0f, 0.45f, 0.4f, 1.0f));
    ImGui::TextWrapped("Could not load: %s", g.error.c_str());
    ImGui::PopStyleColor();
    if (button("Dismiss")) g.error.clear();
  }
  puzzle_panel();
  play_panel();
  solve_panel();
  if (std::optional<EdgePuzzle> edited = editor_panel(g.board.puzzle(), g.error)) {
    g.error.clear();
    load_puzzle(*edited, "edited puzzle");
  }
  look_panel();
  ImGui::End();

  begin_board_window();
  puzzle_title();
  if (!draw_watched_board(g.board.puzzle(), g.solve.progress, g.solve.running))
    g.geometry = draw_board(g.board, true, g.hint.kind == Hint::Kind::kPlace ? g.hint.cell : -1);
  ImGui::End();
  share::sync(g.board);
  announce_changes();
  publish_state();
}

void frame_drawn(bool drawn) {
  if (drawn) ++g.drawn_frames;
}

}  // namespace tilewise::app
