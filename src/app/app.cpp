// The page's UI: a side panel (puzzle, play, solve) and the board.
#include "app/app.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "app/best_view.hpp"
#include "app/board_input.hpp"
#include "app/board_view.hpp"
#include "app/box_view.hpp"
#include "app/editor_view.hpp"
#include "app/examples.hpp"
#include "app/gallery.hpp"
#include "app/layout.hpp"
#include "app/offline_view.hpp"
#include "app/progress.hpp"
#include "app/search_view.hpp"
#include "app/share.hpp"
#include "app/text_entry.hpp"
#include "app/theme.hpp"
#include "app/widgets.hpp"
#include "core/edge/format.hpp"
#include "core/edge/generator.hpp"
#include "core/json_text.hpp"
#include "core/play/arrangement.hpp"
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
  double play_started_ms = -1;  // the player's first move (-1: not yet)
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
  int loads = 0;                        // puzzles loaded so far (the screen reader hears of each)
  std::vector<Placement> hint_board;    // the board the hint was given for
  std::vector<Placement> solver_board;  // the solver's solution last put on the board
};

bool same_cells(const std::vector<Placement>& a, const std::vector<Placement>& b) {
  return std::equal(a.begin(), a.end(), b.begin(), b.end(), [](Placement x, Placement y) {
    return x.tile == y.tile && x.rotation == y.rotation;
  });
}

std::string solutions_word(unsigned long long n) {
  return std::to_string(n) + (n == 1 ? " solution" : " solutions");
}

// The finished search in a player's words. A solution turned round as a whole board counts
// once; boards that only differ by identical tiles are told apart only when it matters.
std::string solve_result_text(const nlohmann::json& result, int mode, size_t kept) {
  const unsigned long long count = result.value("count", 0ULL);
  const unsigned long long boards = result.value("distinct_boards", 0ULL);
  const bool complete = result.value("complete", false);
  if (count == 0)
    return complete ? "No solution: the solver tried every arrangement."
                    : "No solution found within the search's limit.";
  std::string text;
  if (mode == 0) {
    text =
        "The solver found a solution (it stops at the first; choose \"all solutions\" to see "
        "every one).";
  } else {
    text =
        std::string(complete ? (mode == 1 ? "Counted " : "Found all ") : "Stopped at the limit: ") +
        solutions_word(count) + " (the same solution turned round as a whole counts once)";
    if (boards == 1 && count > 1)
      text += "; they all look the same (the tiles are alike)";
    else if (boards != count)
      text += "; " + std::to_string(boards) + " of them look different (some tiles are alike)";
    text += ".";
  }
  if (mode == 1)
    text += " Counting keeps none to browse: choose \"all solutions\" to see them.";
  else if (result.value("solutions_truncated", false))
    text += " The first " + std::to_string(kept) + " are kept to browse.";
  return text;
}

AppState g;
void load_puzzle(const EdgePuzzle& p, const std::string& name) {
  EdgePuzzle titled = p;  // untitled: the file's name is its title (Save, links)
  if (titled.name.empty()) titled.name = name;
  g.board = PlayBoard(titled);
  g.puzzle_name = name;
  g.puzzle_title = gallery_title(name);
  if (g.puzzle_title.empty()) g.puzzle_title = p.name.empty() ? name : p.name;
  const bool was_running = g.solve.running;
  SolveState fresh;
  fresh.id = g.solve.id + 1;  // a stopped job's late events (its "done") are not for this puzzle
  fresh.mode = g.solve.mode;
  g.solve = fresh;
  if (was_running) platform::worker_post(nlohmann::json{{"type", "cancel"}}.dump());
  g.play_started_ms = -1;
  g.solved_after_ms = -1;
  g.hint = Hint{};
  g.hint_text.clear();
  g.solver_board.clear();
  ++g.loads;
  share::new_puzzle();
  best_puzzle_changed();
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
  // A saved board (Save keeps the arrangement); a bad one is reported, the tiles lie as dealt.
  const auto saved = read_arrangement(text, *p, name);
  if (!saved)
    g.error = saved.error().to_string();
  else if (saved->has_value())
    g.board.start_from(**saved);
  return true;
}

// A game from the gallery or kept from an earlier visit (progress.hpp): its puzzle, its board
// and its clock.
void resume_game(const ResumedGame& r) {
  if (r.load) {
    load_puzzle(r.puzzle, r.file);
    g.puzzle_title = r.title;
  }
  if (!r.cells.empty()) g.board.start_from(r.cells);
  g.play_started_ms = r.play_ms >= 0 ? platform::now_ms() - r.play_ms : -1;
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
    g.solve.status = solve_result_text(e["result"], g.solve.mode, g.solve.solutions.size());
    const unsigned long long count = e["result"].value("count", 0ULL);
    platform::announce(count == 0 ? std::string("The solver found no solution.")
                                  : "The solver found " + std::to_string(count) + " solution" +
                                        (count == 1 ? "." : "s."));
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
        if (!best_handle_event(e, g.board) && !box_handle_event(e)) handle_event(e);
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
  g.solver_board = g.board.cells();
  ++g.applied_solutions;
}

// A file name from the puzzle's title: letters, digits, '.', '-', '_' kept, other runs
// become one '_', ".txt" added when missing.
std::string file_name_for(const std::string& title) {
  std::string name;
  for (const char c : title) {
    const bool keep = std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '-';
    if (keep || c == '_')
      name.push_back(c);
    else if (!name.empty() && name.back() != '_')
      name.push_back('_');
    if (name.size() >= 60) break;
  }
  while (!name.empty() && (name.back() == '_' || name.back() == '.')) name.pop_back();
  if (name.empty()) name = "puzzle";
  if (name.size() < 4 || name.compare(name.size() - 4, 4, ".txt") != 0) name += ".txt";
  return name;
}

// The puzzle file, with the board as played when it is not as dealt.
void save_puzzle() {
  const EdgePuzzle& p = g.board.puzzle();
  std::string text = format_puzzle(p);
  if (!same_cells(g.board.cells(), PlayBoard(p).cells()))
    text += format_arrangement(g.board.cells());
  platform::download_file(file_name_for(g.puzzle_name), text);
}

void puzzle_panel() {
  const bool open = ImGui::CollapsingHeader("Puzzle", ImGuiTreeNodeFlags_DefaultOpen);
  record_item("Puzzle");
  if (!open) return;
  if (std::optional<GalleryChoice> chosen = gallery_controls()) {
    g.error.clear();
    resume_game(*chosen);  // its unfinished game, or a shuffled start
  }
  if (button("Open file...")) platform::open_file_dialog();
  same_line_for("Save");
  if (button("Save")) save_puzzle();
  same_line_for("Share");
  share::share_controls(g.board);
  // What to do, as many lines as it wraps to here; a bad file or link: what, where, why. On
  // touch screens the area grows to show all of it (a finger has no tooltip to show the rest,
  // nor a pointer that the controls below could move under); on a desktop two lines hold it
  // (Dismiss and its first line; the tooltip shows the rest) and the help as well.
  const char* help = touch_layout() ? "Pick a puzzle from the Gallery or open a puzzle file."
                                    : "Pick a puzzle from the Gallery, open a puzzle file or drop "
                                      "one on the page.";
  begin_status_area("load status", !touch_layout()   ? std::max(2, wrapped_lines(help))
                                   : g.error.empty() ? wrapped_lines(help)
                                                     : 4);
  if (g.error.empty()) {
    ImGui::TextDisabled("%s", help);
  } else {
    if (button("Dismiss")) g.error.clear();
    ImGui::SameLine();
    ImGui::PushStyleColor(ImGuiCol_Text, ink(Ink::kBad));
    ImGui::TextUnformatted(("Could not load: " + g.error).c_str());
    ImGui::PopStyleColor();
    if (ImGui::IsWindowHovered()) ImGui::SetTooltip("%s", g.error.c_str());  // all of it
  }
  end_status_area();
  if (sub_section("Generate a solvable puzzle")) {
    int_slider("rows", &g.gen_rows, 1, kMaxBoardSide);
    record_item("rows slider");
    int_slider("columns", &g.gen_cols, 1, kMaxBoardSide);
    static const char* const kRules[] = {"halves (Scramble Squares)", "colours (Eternity II)"};
    combo("rule", "rule", &g.gen_rule, kRules, "rule:");
    if (g.gen_rule == 1) ImGui::Checkbox("grey frame", &g.gen_frame);
    int_slider("motifs", &g.gen_motifs, 1, g.gen_rule == 0 ? 26 : 40);
    ImGui::InputInt("seed", &g.gen_seed);
    number_field_drawn();
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
void show_hint() {
  HintLimits limits;
  limits.node_budget = 400000;
  g.hint = find_hint(g.board.puzzle(), g.board.cells(), limits);
  g.hint_text = describe_hint(g.hint, g.board.cells(), g.board.puzzle().cols);
  g.hint_board = g.board.cells();
}

HintMarks hint_marks() {
  HintMarks m;
  if (g.hint.kind != Hint::Kind::kPlace) return m;
  m.to_cell = g.hint.cell;
  m.from_cell = hint_tile_cell(g.hint, g.board.cells());
  if (m.from_cell < 0) m.from_tray_tile = g.hint.place.tile;
  return m;
}

// A hint is for the board it was given on: any move (also Undo, Clear board) takes it away.
void forget_stale_hint() {
  if (g.hint_text.empty() || same_cells(g.hint_board, g.board.cells())) return;
  g.hint = Hint{};
  g.hint_text.clear();
}

bool solved_by_solver() {
  return g.board.solved() && same_cells(g.board.cells(), g.solver_board);
}

// The play clock: it starts at the player's first move (not at page load) and stops when the
// player solves the board. Returns the time played in ms.
double update_play_clock() {
  const bool solved = g.board.solved(), by_solver = solved_by_solver();
  const double now = platform::now_ms();
  if (g.play_started_ms < 0 && g.board.can_undo() && !by_solver) g.play_started_ms = now;
  if (solved && !by_solver && g.play_started_ms >= 0 && g.solved_after_ms < 0)
    g.solved_after_ms = now - g.play_started_ms;
  if (!solved) g.solved_after_ms = -1;
  if (g.solved_after_ms >= 0) return g.solved_after_ms;
  return g.play_started_ms >= 0 ? now - g.play_started_ms : 0;
}

void play_panel() {
  const bool open = ImGui::CollapsingHeader("Play", ImGuiTreeNodeFlags_DefaultOpen);
  record_item("Play");
  if (!open) return;
  const bool solved = g.board.solved(), by_solver = solved_by_solver();
  ImGui::Text("Matched edges: %d/%d", g.board.matched_edges(), g.board.inner_edges());
  const int t = static_cast<int>(update_play_clock() / 1000.0);
  // One line, always drawn, so the buttons under it stay where they are: the play clock, or
  // who solved the board.
  if (by_solver)
    ImGui::TextColored(ink_colour(Ink::kAccent), "Solved by the solver (solution %d of %zu)",
                       g.solve.shown + 1, g.solve.solutions.size());
  else if (solved)
    ImGui::TextColored(ink_colour(Ink::kGood), "SOLVED! You did it in %d:%02d.", t / 60, t % 60);
  else
    ImGui::Text("Time: %d:%02d%s", t / 60, t % 60,
                g.play_started_ms < 0 ? " (starts at your first move)" : "");
  ImGui::BeginDisabled(!g.board.can_undo());
  if (button("Undo")) g.board.undo();
  ImGui::EndDisabled();
  same_line_for("Redo");
  ImGui::BeginDisabled(!g.board.can_redo());
  if (button("Redo")) g.board.redo();
  ImGui::EndDisabled();
  same_line_for("Hint");
  if (button("Hint")) show_hint();
  same_line_for("Clear board");
  if (button("Clear board")) g.board.clear_to_tray();  // build it up again from the tray
  // The hint when one is asked for, else how to play: the area is never an empty gap. As high
  // as the help or a long hint wraps to here (three lines on a phone, two on a tablet: a fixed
  // three left two empty there), at most three for a hint (a longer one scrolls).
  static const char* const kLongHint =
      "Tile 16 (now in the tray): put it at row 16, column 16 and turn it once counter-clockwise. "
      "15 tiles already fit that solution.";
  const char* help = touch_layout() ? "tap: turn, hold: turn back; drag: move, onto a tile: "
                                      "swap; Hint: where one more tile goes."
                                    : "click: turn, right-click or hold: turn back; drag: move, "
                                      "onto a tile: swap; keys: arrows, Space, Enter, Tab.";
  begin_status_area("hint area",
                    std::max(wrapped_lines(help), std::min(3, wrapped_lines(kLongHint))));
  if (!g.hint_text.empty())
    ImGui::TextUnformatted(g.hint_text.c_str());
  else
    ImGui::TextDisabled("%s", help);
  end_status_area();
}

// The running search's status and figures, in the solver's status area.
void live_figures() {
  const double nodes = g.solve.progress.value("nodes", 0.0);
  const double ms = std::max(1.0, g.solve.progress.value("elapsed_ms", 1.0));
  ImGui::Text("%s nodes %.0f (%.2f M/s), found %llu, %.1f s", g.solve.status.c_str(), nodes,
              nodes / ms / 1000.0, g.solve.progress.value("count", 0ULL), ms / 1000.0);
}

void solve_panel() {
  const bool open = ImGui::CollapsingHeader("Solver", ImGuiTreeNodeFlags_DefaultOpen);
  record_item("Solver");
  if (!open) return;
  static const char* const kModeNames[] = {"first solution", "count", "all solutions"};
  combo("mode", "mode", &g.solve.mode, kModeNames, "");  // (entries recorded by their text)
  if (button("Solve")) start_solve();  // while one runs: replaces it (the status says so)
  ImGui::SameLine();
  ImGui::BeginDisabled(!g.solve.running);
  if (button("Cancel")) cancel_solve();
  ImGui::EndDisabled();
  // The status (while a search runs, with its figures); before any search, what Solve does:
  // the area is never an empty gap.
  const char* help =
      "Solve looks for arrangements where every edge matches (mode: the first, a count, or all).";
  begin_status_area("solver status", std::max(wrapped_lines(help), touch_layout() ? 1 : 2));
  if (g.solve.status.empty())
    ImGui::TextDisabled("%s", help);
  else if (g.solve.running && g.solve.progress.contains("nodes"))
    live_figures();
  else
    ImGui::TextUnformatted(g.solve.status.c_str());
  end_status_area();
  const int n = static_cast<int>(g.solve.solutions.size());
  if (n == 0)
    ImGui::TextDisabled("No solutions to browse");
  else if (g.solve.shown < 0)
    ImGui::Text("%s: Next > shows the first", solutions_word(n).c_str());
  else
    ImGui::Text("Solution %d of %d", g.solve.shown + 1, n);
  ImGui::BeginDisabled(n == 0);
  if (button("< Previous")) show_solution(std::max(0, g.solve.shown - 1));
  ImGui::SameLine();
  if (button("Next >")) show_solution(std::min(n - 1, g.solve.shown + 1));
  ImGui::EndDisabled();
  if (search_view_controls(g.solve.running)) ImGui::SetNextItemOpen(true);  // the step log
  // The running search's nodes per depth (and step log), then the last search's statistics.
  if (!sub_section("Search statistics")) return;
  if (g.solve.running || g.solve.result.is_null()) {
    search_view_live(g.solve.running, g.solve.progress, [] {
      if (!g.solve.running || !g.solve.progress.contains("nodes")) return;
      if (g.solve.progress.contains("workers"))  // split over several workers: no one depth
        ImGui::Text("%d workers searching", g.solve.progress.value("workers", 0));
      else
        ImGui::Text("depth %d / %d, deepest %d", g.solve.progress.value("depth", 0),
                    g.solve.progress.value("cells", 0), g.solve.progress.value("max_depth", 0));
    });
  } else {
    ImGui::Text("nodes %llu, tries %llu, %.2f ms", g.solve.result.value("nodes", 0ULL),
                g.solve.result.value("tries", 0ULL), g.solve.result.value("elapsed_ms", 0.0));
    int depth = 0;
    for (const auto& v : g.solve.result["nodes_per_depth"])
      ImGui::Text("depth %2d: %llu", depth++, v.get<unsigned long long>());
  }
  ImGui::TreePop();
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
      {"solved_by", solved_by_solver() ? "solver"
                    : g.board.solved() ? "player"
                                       : ""},
      {"play_ms", update_play_clock()},
      {"error", g.error},
      {"hint", g.hint_text},
      {"hint_cell", g.hint.kind == Hint::Kind::kPlace ? g.hint.cell : -1},
      {"hint_from_cell", hint_marks().from_cell},
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
      {"best", best_view_state()},
      {"animating", board_animating()},
      {"animations", board_animations()},
      {"progress_board", g.solve.progress.is_object() && g.solve.progress.contains("board")
                             ? g.solve.progress["board"]
                             : nlohmann::json::array()},
      {"board_input", board_input_state()},
      {"text_input", ImGui::GetIO().WantTextInput},
      {"text_entry", text_entry_state()},
      {"widgets", widget_rects()},
      {"widget_clips", widget_clips()},
      {"settling", scroll_pending()},
      {"controls", panel_controls()},
      {"layout", layout_state()},
      {"look", theme_state()},
      {"gallery", gallery_state()},
      {"announced", platform::last_announcement()},
      {"progress", progress_state()}};
  share::add_test_state(s, g.board);
  offline_add_test_state(s);
  box_add_test_state(s);
  platform::publish_test_state(json_text(s));
}

constexpr float kShortBoardWindow = 560;  // CSS px: shorter, and the title takes one line

// The title line over the board: what is being played (the file's "# name:" or the gallery's
// title, never a file name) and its size and rule.
float title_height() {
  return title_font()->FontSize * ImGui::GetIO().FontGlobalScale + body_font_px() +
         2 * ImGui::GetStyle().ItemSpacing.y;
}

void puzzle_title() {
  const EdgePuzzle& p = g.board.puzzle();
  const char* rule = p.rule == MatchRule::kComplement ? "halves match" : "colours match";
  const char* border = p.border == BorderRule::kFrame0 ? "grey frame" : "free border";
  // Solved by the player: said here too, where a phone user is looking (the Play panel with
  // the same line sits below the board, often off screen).
  const bool solved = g.board.solved() && !solved_by_solver();
  char line[160];
  if (solved) {
    const int t = static_cast<int>(update_play_clock() / 1000.0);
    std::snprintf(line, sizeof line, "Solved in %d:%02d! %d x %d tiles, %s", t / 60, t % 60, p.rows,
                  p.cols, rule);
  } else {
    std::snprintf(line, sizeof line, "%d x %d tiles, %s, %s", p.rows, p.cols, rule, border);
  }
  const float line_width = ImGui::CalcTextSize(line).x;
  ImGui::PushFont(title_font());
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const std::string title = g.puzzle_title.empty() ? "Untitled puzzle" : g.puzzle_title;
  const float gap = ImGui::GetStyle().ItemSpacing.x * 3;
  // A short board window (a phone held sideways: 390 px) has the size and rule on the title's
  // line when both fit: the board gets that line's height.
  const bool one_line = !page_layout().stacked && avail.y < kShortBoardWindow &&
                        ImGui::CalcTextSize(title.c_str()).x + gap + line_width <= avail.x;
  // One line: a title too long for the width ends in "..." (the panel shows it whole).
  std::string shown = title;
  while (shown.size() > 4 && ImGui::CalcTextSize(shown.c_str()).x > avail.x)
    shown = shown.substr(0, shown.size() - 4) + "...";
  ImGui::TextUnformatted(shown.c_str());
  const float title_px = ImGui::GetFontSize();
  ImGui::PopFont();
  if (one_line) {  // on the title's baseline
    ImGui::SameLine(0, gap);
    ImGui::SetCursorPosY(ImGui::GetCursorPosY() + (title_px - ImGui::GetFontSize()) * 0.8f);
  }
  if (solved)
    ImGui::TextColored(ink_colour(Ink::kGood), "%s", line);
  else
    ImGui::TextDisabled("%s", line);
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
  set_page_layout(lay_out_page(
      display, safe,
      [](float width) {
        // The Box board leaves 10 px round it (box_board_view.cpp): as much under it as over.
        if (box_mode()) return width;
        return title_height() + board_view_height(g.board, width);
      },
      box_mode() ? 0 : motif_key_wrapped_height()));
}

}  // namespace

void init() {
  const Example& first = examples().front();
  for (const Example& e : examples())
    if (e.name == "seed000_mockup.txt") load_text(std::string(e.text), std::string(e.name));
  if (g.puzzle_name.empty()) load_text(std::string(first.text), std::string(first.name));
  share::open_address(true, g.board, g.error, load_puzzle);
  if (auto r = progress_at_start(g.board, platform::location_hash().empty(), g.error))
    resume_game(*r);
}

void frame() {
  static double last = platform::now_ms();
  const double now = platform::now_ms();
  g.last_frame_ms = now - last;
  last = now;
  ++g.frames;
  forget_drawn_widgets();
  if (g.solve.running && g.frames > 2 && g.solve_frame_ms.size() < 100000)
    g.solve_frame_ms.push_back(g.last_frame_ms);
  poll_worker();
  poll_files();
  share::open_address(false, g.board, g.error, load_puzzle);
  ImGuiIO& io = ImGui::GetIO();
  // Drop-down lists are opaque: text under an open list must not show through it (whatever
  // theme set the colours).
  ImGui::GetStyle().Colors[ImGuiCol_PopupBg].w = 1.0f;
  if (io.KeyCtrl && ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Z))) g.board.undo();
  if (io.KeyCtrl && ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Y))) g.board.redo();

  lay_out(io.DisplaySize);
  if (box_mode()) {  // the Puzzle Box mode draws its own panel and board (box_view.cpp)
    draw_box_mode(app_header);
    publish_state();
    return;
  }
  begin_panel_window();
  app_header();
  forget_stale_hint();
  puzzle_panel();
  play_panel();
  solve_panel();
  best_panel(g.board);
  if (std::optional<EdgePuzzle> edited = editor_panel(g.board.puzzle(), g.error)) {
    g.error.clear();
    load_puzzle(*edited, "edited puzzle");
  }
  look_panel();
  ImGui::End();

  begin_board_window();
  puzzle_title();
  if (!draw_watched_board(g.board.puzzle(), g.solve.progress, g.solve.running))
    g.geometry = draw_board(g.board, true, hint_marks());
  ImGui::End();
  share::sync(g.board);
  progress_track(g.board, g.puzzle_name, g.puzzle_title, update_play_clock(), solved_by_solver());
  announce_changes();
  publish_state();
}

void frame_drawn(bool drawn) {
  if (drawn) ++g.drawn_frames;
}

}  // namespace tilewise::app
