// The page's UI: a side panel (puzzle, play, solve) and the board.
#include "app/app.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <map>
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
#include "core/edge/model/format.hpp"
#include "core/edge/model/generator.hpp"
#include "core/json_text.hpp"
#include "core/play/arrangement.hpp"
#include "core/play/board.hpp"
#include "core/play/game.hpp"
#include "core/play/hint.hpp"
#include "core/play/moves.hpp"
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
  std::string puzzle_name;   // where it came from (file name, the editor's title, ...)
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
  // Play: the start Restart goes back to (as dealt, shuffled or linked), the board as last
  // seen (each change is announced), the generated game being played. The moves made since
  // the start are counted by progress.hpp (progress_moves).
  std::vector<Placement> start_cells;
  int start_loads = -1;  // the load `start_cells` belongs to
  std::vector<Placement> seen_cells;
  bool quiet_change = false;  // the next change is not the player's (solver, restart)
  std::optional<GameId> game;
  int new_size = 0, new_difficulty = 0;  // the New dialog's choice (size 3 + index)
  std::string game_id_text;              // typed in the New dialog
  bool reveal = false;  // the running search was asked for by Solve: show its first answer
  bool ask_solve = false, ask_new = false, ask_help = false;
  bool how_to = true;     // the how-to card (until "Got it", on this visit or an earlier one)
  double reward_ms = -1;  // when the player solved the board (the reward's animation)
  bool reward_open = false;
  bool new_best = false;
  double best_ms = -1;  // the player's best time on this puzzle (kept by progress.hpp)
  int bar_focus = -1;   // the action bar's button with keyboard focus (-1: none)
};

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

// Where the game on the board started (Restart): the kept game's start once progress.hpp
// tracks it (also after a reload), else the board as it lay when the puzzle loaded.
const std::vector<Placement>& start_cells() {
  const std::vector<Placement>& kept = progress_start_cells();
  return kept.size() == g.board.cells().size() ? kept : g.start_cells;
}
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
  g.game.reset();
  g.reveal = false;
  g.reward_ms = -1;
  g.reward_open = false;
  g.quiet_change = true;
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

void show_solution(int k);

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
    if (g.reveal && !g.solve.solutions.empty()) show_solution(0);
    g.reveal = false;
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

// What a screen reader hears (the page's aria-live region): a puzzle loaded, a file that
// could not be loaded. Moves (announce_moves), a solve and the solver's results are announced
// as they come.
void announce_changes() {
  static int loads = 0;
  static std::string error;
  if (g.loads != loads) {
    loads = g.loads;
    const EdgePuzzle& p = g.board.puzzle();
    platform::announce("Puzzle loaded: " + g.puzzle_title + ", " + std::to_string(p.rows) + " by " +
                       std::to_string(p.cols) + " tiles.");
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
        if (!editor_handle_event(e) && !best_handle_event(e, g.board) && !box_handle_event(e))
          handle_event(e);
  }
}

void poll_files() {
  while (auto f = platform::take_opened_file()) load_text(f->text, f->name);
}

void show_solution(int k) {
  if (k < 0 || k >= static_cast<int>(g.solve.solutions.size())) return;
  g.solve.shown = k;
  g.quiet_change = true;
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

bool solved_by_solver();

void puzzle_panel() {
  if (std::optional<GalleryChoice> chosen = gallery_controls()) {
    g.error.clear();
    resume_game(*chosen);  // its unfinished game, or a shuffled start
  }
  same_line_for("Share");
  share::share_controls(g.board, solved_by_solver() ? &start_cells() : nullptr);
}

// Files and the generator with every option (in More).
void files_section() {
  if (sub_section("Files")) {
    if (button("Open file...")) platform::open_file_dialog();
    same_line_for("Save");
    if (button("Save")) save_puzzle();
    ImGui::TextDisabled("%s", touch_layout() ? "Open a puzzle file."
                                             : "Open a puzzle file or drop one on the page.");
    ImGui::TreePop();
  }
  if (sub_section("Generate a solvable puzzle")) {
    int_slider("rows", &g.gen_rows, 1, kMaxBoardSide);
    record_item("rows slider");
    int_slider("columns", &g.gen_cols, 1, kMaxBoardSide);
    static const char* const kRules[] = {"halves (Scramble Squares)", "colours (Eternity II)"};
    combo("rule", "rule", &g.gen_rule, kRules, "rule:");
    if (g.gen_rule == 1) ImGui::Checkbox("grey frame", &g.gen_frame);
    int_slider("motifs", &g.gen_motifs, 1, g.gen_rule == 0 ? 26 : 40);
    ImGui::InputInt("number", &g.gen_seed);
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

// Solved by the player: by moves of theirs (a board that opens solved, or the solver's
// answer, is never counted as theirs).
bool solved_by_player() {
  return g.board.solved() && !solved_by_solver() && g.play_started_ms >= 0;
}

std::string clock_text(double ms) {
  const int t = static_cast<int>(ms / 1000.0);
  char text[32];
  std::snprintf(text, sizeof text, "%d:%02d", t / 60, t % 60);
  return text;
}

// The goal and the rule, in a player's words.
const char* goal_line(const EdgePuzzle& p) {
  if (p.rule == MatchRule::kComplement)
    return "Turn and swap the tiles until every solid half-shape meets its light half.";
  return p.border == BorderRule::kFrame0
             ? "Turn and swap the tiles until touching sides share a colour and grey lines the "
               "edge."
             : "Turn and swap the tiles until touching sides share a colour.";
}

void restart() {
  g.board.start_from(start_cells());
  g.quiet_change = true;
  g.play_started_ms = g.solved_after_ms = -1;
  progress_restart(g.board.cells());
  g.hint = Hint{};
  g.hint_text.clear();
  g.solver_board.clear();
  g.solve.shown = -1;
  g.reward_ms = -1;
  g.reward_open = false;
  platform::announce("Restarted: the tiles are back where they started.");
}

void start_game(const GameId& id) {
  Result<Game> game = make_game(id);
  if (!game) {
    g.error = game.error().to_string();
    return;
  }
  g.error.clear();
  load_puzzle(game->puzzle, format_game_id(id));
  g.puzzle_title = game->puzzle.name;
  g.game = id;
  g.new_size = id.size - kMinGameSize;
  g.new_difficulty = static_cast<int>(id.difficulty);
}

// A new game number from the clock (the ID says it, and reproduces the puzzle).
std::uint32_t fresh_game_number() {
  const auto t = static_cast<std::uint64_t>(platform::now_ms() * 1000.0);
  return static_cast<std::uint32_t>((t ^ (t >> 17)) % 99999) + 1;
}

void next_puzzle() {
  GameId id;
  id.size = kMinGameSize + g.new_size;
  id.difficulty = static_cast<Difficulty>(g.new_difficulty);
  id.number = g.game ? g.game->number % 99999 + 1 : fresh_game_number();
  start_game(id);
}

void ask_for_solution() {
  g.ask_solve = true;
}

void show_the_solution() {
  if (!g.solve.solutions.empty()) {  // already found: show it at once
    show_solution(0);
    return;
  }
  // All of them on boards up to 5x5 (to browse); the first on bigger ones.
  const EdgePuzzle& p = g.board.puzzle();
  g.solve.mode = p.rows * p.cols <= 25 ? 2 : 0;
  g.reveal = true;
  start_solve();
}

// The line under the bar: moves, matches and the clock, or who solved the board.
void play_status() {
  const bool by_solver = solved_by_solver();
  const std::string clock = clock_text(update_play_clock());
  if (by_solver) {
    ImGui::TextColored(ink_colour(Ink::kAccent), "Solved by Tilewise (answer %d of %zu)",
                       g.solve.shown + 1, g.solve.solutions.size());
  } else if (solved_by_player()) {
    ImGui::TextColored(ink_colour(Ink::kGood), "Solved in %s with %d moves!", clock.c_str(),
                       progress_moves());
  } else {
    char line[96];
    const int moves = progress_moves();
    std::snprintf(line, sizeof line, "%d of %d edges match  |  %d move%s  |  %s",
                  g.board.matched_edges(), g.board.inner_edges(), moves, moves == 1 ? "" : "s",
                  clock.c_str());
    if (ImGui::CalcTextSize(line).x > ImGui::GetContentRegionAvail().x)  // a narrow panel
      std::snprintf(line, sizeof line, "%d/%d edges | %d move%s | %s", g.board.matched_edges(),
                    g.board.inner_edges(), moves, moves == 1 ? "" : "s", clock.c_str());
    ImGui::TextUnformatted(line);
  }
  record_text("play status");
}

void play_panel() {
  // The hint when one is asked for, else how to play: the area is never an empty gap.
  static const char* const kLongHint =
      "Tile 16 (now in the tray): put it at row 16, column 16 and turn it once counter-clockwise. "
      "15 tiles already fit that solution.";
  const char* help = touch_layout() ? "Tap a tile to turn it, hold to turn it back, drag it "
                                      "onto another to swap."
                                    : "Click a tile to turn it (right-click: back), drag it onto "
                                      "another to swap. Keys: arrows, Space, Enter; ? for help.";
  // (While the how-to card says how to play, the area only says what Hint does.) Always
  // drawn, as high whatever it holds: a hint coming and going never moves what is under it.
  begin_status_area("hint area",
                    std::max(wrapped_lines(help), std::min(3, wrapped_lines(kLongHint))));
  if (!g.error.empty()) {  // a bad file or link: what, where, why (the puzzle stays)
    if (button("Dismiss")) g.error.clear();
    ImGui::SameLine();
    ImGui::PushStyleColor(ImGuiCol_Text, ink(Ink::kBad));
    ImGui::TextUnformatted(("Could not load: " + g.error).c_str());
    ImGui::PopStyleColor();
    if (ImGui::IsWindowHovered()) ImGui::SetTooltip("%s", g.error.c_str());  // all of it
  } else if (!g.hint_text.empty()) {
    ImGui::TextUnformatted(g.hint_text.c_str());
  } else {
    ImGui::TextDisabled("%s", g.how_to ? "Hint shows where one more tile goes." : help);
  }
  end_status_area();
  if (button("Clear board")) g.board.clear_to_tray();  // build it up again from the tray
  // Browsing the solver's answers.
  const int n = static_cast<int>(g.solve.solutions.size());
  if (n > 1 && g.solve.shown >= 0) {  // beside Clear board (a new line would move the panel)
    same_line_for("< Previous answer");
    if (button("< Previous answer")) show_solution(std::max(0, g.solve.shown - 1));
    same_line_for("Next answer >");
    if (button("Next answer >")) show_solution(std::min(n - 1, g.solve.shown + 1));
  }
}

// The running search's status and figures, in the solver's status area.
void live_figures() {
  const double nodes = g.solve.progress.value("nodes", 0.0);
  const double ms = std::max(1.0, g.solve.progress.value("elapsed_ms", 1.0));
  ImGui::Text("%s nodes %.0f (%.2f M/s), found %llu, %.1f s", g.solve.status.c_str(), nodes,
              nodes / ms / 1000.0, g.solve.progress.value("count", 0ULL), ms / 1000.0);
}

void solve_panel() {
  if (!sub_section("Solver")) return;
  static const char* const kModeNames[] = {"first solution", "count", "all solutions"};
  combo("mode", "mode", &g.solve.mode, kModeNames, "");  // (entries recorded by their text)
  if (button("Search")) start_solve();  // while one runs: replaces it (the status says so)
  ImGui::SameLine();
  ImGui::BeginDisabled(!g.solve.running);
  if (button("Cancel")) cancel_solve();
  ImGui::EndDisabled();
  // The status (while a search runs, with its figures); before any search, what Solve does:
  // the area is never an empty gap.
  const char* help =
      "Search looks for arrangements where every edge matches (the first, a count, or all).";
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
  if (!sub_section("Search statistics")) {
    ImGui::TreePop();
    return;
  }
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
      {"solved_by", solved_by_solver()   ? "solver"
                    : solved_by_player() ? "player"
                                         : ""},
      {"play_ms", update_play_clock()},
      {"moves", progress_moves()},
      {"game", g.game ? format_game_id(*g.game) : std::string()},
      {"how_to", g.how_to},
      {"reward_open", g.reward_open},
      {"bar_focus", g.bar_focus},
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
  editor_add_test_state(s);
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
  // Solved by the player: said here too, where a phone user is looking.
  const bool solved = solved_by_player();
  std::string line;
  if (solved)
    line = "Solved in " + clock_text(update_play_clock()) + "! " +
           std::to_string(progress_moves()) + " moves.";
  else if (solved_by_solver())
    line = "Solved by Tilewise. Restart to solve it yourself.";
  else
    line = goal_line(p);
  ImGui::PushFont(title_font());
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  std::string title = g.puzzle_title.empty() ? "Untitled puzzle" : g.puzzle_title;
  // One line: a title too long for the width ends in "...".
  std::string shown = title;
  while (shown.size() > 4 && ImGui::CalcTextSize(shown.c_str()).x > avail.x)
    shown = shown.substr(0, shown.size() - 4) + "...";
  ImGui::TextUnformatted(shown.c_str());
  ImGui::PopFont();
  // The goal on one line: shortened where it does not fit (a phone's width).
  if (!solved && !solved_by_solver() && ImGui::CalcTextSize(line.c_str()).x > avail.x)
    line = p.rule == MatchRule::kComplement ? "Join each solid half-shape to its light half."
                                            : "Make touching sides share a colour.";
  if (solved)
    ImGui::TextColored(ink_colour(Ink::kGood), "%s", line.c_str());
  else
    ImGui::TextUnformatted(line.c_str());
  record_item("goal");
}

void app_header() {
  update_notice();
  box_mode_selector();
}

void look_panel() {
  if (!sub_section("Look")) return;
  theme_controls();
  ImGui::TreePop();
}

// Places the panel and the board for this screen (layout.hpp). The safe-area insets are read
// again only when the screen's size changes (rotation, resize).
// The action bar's buttons, in Tab order.
enum BarAction { kUndo, kRedo, kHint, kRestart, kNew, kSolve, kHelp, kBarActions };
const char* const kBarLabels[kBarActions] = {"Undo", "Redo",  "Hint", "Restart",
                                             "New",  "Solve", "Help"};

bool bar_enabled(int a) {
  switch (a) {
    case kUndo:
      return g.board.can_undo();
    case kRedo:
      return g.board.can_redo();
    case kRestart:
      return progress_moves() > 0 || !same_cells(g.board.cells(), start_cells());
    default:
      return true;
  }
}

void do_bar_action(int a) {
  if (!bar_enabled(a)) return;
  switch (a) {
    case kUndo:
      g.board.undo();
      break;
    case kRedo:
      g.board.redo();
      break;
    case kHint:
      show_hint();
      platform::announce(g.hint_text);
      break;
    case kRestart:
      restart();
      break;
    case kNew:
      g.ask_new = true;
      break;
    case kSolve:
      ask_for_solution();
      break;
    case kHelp:
      g.ask_help = true;
      break;
  }
}

// The bar: the play actions, always in view: a row, or a column beside the board on a phone
// held sideways. A phone's narrow bar leaves Redo and Help to the panel (Help there; Redo by
// Ctrl+Y), so each button stays a finger wide.
void action_bar() {
  begin_bar_window();
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const bool narrow =
      page_layout().bar_beside
          ? avail.y < static_cast<float>(kBarActions) *
                          (ImGui::GetFrameHeight() + ImGui::GetStyle().ItemSpacing.y)
          : avail.x < 560;
  std::vector<int> shown;
  std::vector<BarButton> buttons;
  for (int a = 0; a < kBarActions; ++a)
    if (!narrow || (a != kRedo && a != kHelp)) {
      shown.push_back(a);
      buttons.push_back({kBarLabels[a], bar_enabled(a)});
    }
  const int pressed = bar_buttons(buttons, &g.bar_focus);
  if (pressed >= 0) do_bar_action(shown[pressed]);
  ImGui::End();
}

// A dialog in the middle of the screen, as wide as a phone allows.
bool begin_dialog(const char* title, bool* open_flag) {
  if (*open_flag) {
    ImGui::OpenPopup(title);
    *open_flag = false;
  }
  const ImVec2 d = ImGui::GetIO().DisplaySize;
  ImGui::SetNextWindowPos(ImVec2(d.x / 2, d.y / 2), ImGuiCond_Always, ImVec2(0.5f, 0.5f));
  ImGui::SetNextWindowSize(ImVec2(std::min(d.x - 24, 460.0f), 0));
  return ImGui::BeginPopupModal(
      title, nullptr,
      ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoSavedSettings);
}

void solve_dialog() {
  if (!begin_dialog("Show the solution?", &g.ask_solve)) return;
  ImGui::PushTextWrapPos(0);
  ImGui::TextUnformatted(
      "Tilewise will put the answer on the board. It will not count as solved by you; "
      "Restart brings your puzzle back.");
  ImGui::PopTextWrapPos();
  const float w = (ImGui::GetContentRegionAvail().x - ImGui::GetStyle().ItemSpacing.x) / 2;
  if (button("Show the solution", w) || key_pressed(ImGuiKey_Enter)) {
    show_the_solution();
    ImGui::CloseCurrentPopup();
  }
  ImGui::SameLine();
  if (button("Keep playing", w) || key_pressed(ImGuiKey_Escape)) ImGui::CloseCurrentPopup();
  ImGui::EndPopup();
}

// A row of three choices, the chosen one in the accent colour.
void choice_row(const char* title, const char* const (&labels)[3], int* chosen) {
  const float w = (ImGui::GetContentRegionAvail().x - 2 * ImGui::GetStyle().ItemSpacing.x) / 3;
  ImGui::TextUnformatted(title);
  for (int k = 0; k < 3; ++k) {
    if (k) ImGui::SameLine();
    ImGui::PushStyleColor(ImGuiCol_Button, *chosen == k
                                               ? ink_colour(Ink::kAccent)
                                               : ImGui::GetStyleColorVec4(ImGuiCol_Button));
    if (button(labels[k], w)) *chosen = k;
    ImGui::PopStyleColor();
  }
}

void new_dialog() {
  if (!begin_dialog("New puzzle", &g.ask_new)) return;
  static const char* const kSizes[] = {"3 x 3", "4 x 4", "5 x 5"};
  static const char* const kLevels[] = {"Easy", "Medium", "Hard"};
  choice_row("Size", kSizes, &g.new_size);
  choice_row("Difficulty", kLevels, &g.new_difficulty);
  const float half = (ImGui::GetContentRegionAvail().x - ImGui::GetStyle().ItemSpacing.x) / 2;
  if (button("Play", half) || key_pressed(ImGuiKey_Enter)) {
    GameId id;
    id.size = kMinGameSize + g.new_size;
    id.difficulty = static_cast<Difficulty>(g.new_difficulty);
    id.number = fresh_game_number();
    start_game(id);
    ImGui::CloseCurrentPopup();
  }
  ImGui::SameLine();
  if (button("Cancel##new", half) || key_pressed(ImGuiKey_Escape)) ImGui::CloseCurrentPopup();
  ImGui::Separator();
  ImGui::TextDisabled("Play a game by its ID (like 4x4M-2071):");
  static char id_text[16] = "";
  ImGui::SetNextItemWidth(half);
  ImGui::InputText("##game id", id_text, sizeof id_text);
  record_item("game id");
  ImGui::SameLine();
  if (button("Open game", half)) {
    if (const std::optional<GameId> id = parse_game_id(id_text)) {
      start_game(*id);
      ImGui::CloseCurrentPopup();
    } else {
      g.error = std::string("game ID \"") + id_text +
                "\": expected a size, a level and a number, like 4x4M-2071";
      ImGui::CloseCurrentPopup();
    }
  }
  ImGui::EndPopup();
}

const char* how_to_text() {
  return touch_layout()
             ? "Tap a tile to turn it; hold to turn it back. Drag a tile onto another to swap "
               "them. Green lines show edges that match. Stuck? Hint shows where one tile goes."
             : "Click a tile to turn it; right-click to turn it back. Drag a tile onto another to "
               "swap them. Green lines show edges that match. Stuck? Hint shows where one tile "
               "goes. Keys: H hint, U undo, Ctrl+Y redo, R restart, N new, S solve, ? help.";
}

void help_dialog() {
  if (!begin_dialog("How to play", &g.ask_help)) return;
  ImGui::PushTextWrapPos(0);
  ImGui::TextUnformatted(goal_line(g.board.puzzle()));
  ImGui::TextUnformatted(how_to_text());
  ImGui::PopTextWrapPos();
  if (button("Got it", -1) || key_pressed(ImGuiKey_Escape) || key_pressed(ImGuiKey_Enter))
    ImGui::CloseCurrentPopup();
  ImGui::EndPopup();
}

// The first visit's how-to, at the top of the panel until dismissed (Help shows it again).
void how_to_card() {
  if (!g.how_to) return;
  ImGui::PushTextWrapPos(0);
  ImGui::TextUnformatted(how_to_text());
  ImGui::PopTextWrapPos();
  if (button("Got it")) {
    g.how_to = false;
    progress_dismiss_how_to();  // not shown again on later visits
  }
  ImGui::Separator();
}

// The reward: when the player solves the board, a burst over it, then the time, the moves,
// the best time and Next puzzle.
void note_player_solve() {
  static bool was = false;
  const bool now = solved_by_player();
  if (now && !was) {
    g.reward_ms = platform::now_ms();
    g.reward_open = true;
    const double t = update_play_clock();
    // The best kept before this solve (progress_track records this one after this frame).
    const BestSolve* best = progress_best(puzzle_key(g.board.puzzle()));
    g.new_best = best == nullptr || t < best->ms;
    g.best_ms = g.new_best ? t : best->ms;
    platform::announce("Solved in " + clock_text(t) + " with " + std::to_string(progress_moves()) +
                       " moves" + (g.new_best ? ", your best." : "."));
  }
  was = now;
}

void reward_overlay() {
  if (g.reward_ms < 0 || !solved_by_player()) return;
  const double age = platform::now_ms() - g.reward_ms;
  ImDrawList* dl = ImGui::GetForegroundDrawList();
  const float cell = g.geometry.cell;
  const EdgePuzzle& p = g.board.puzzle();
  const ImVec2 c(g.geometry.origin.x + cell * p.cols / 2, g.geometry.origin.y + cell * p.rows / 2);
  constexpr double kBurstMs = 1400;
  if (age < kBurstMs) {  // rings of sparks flying out of the board's centre
    const float t = static_cast<float>(age / kBurstMs);
    const float reach = cell * std::max(p.rows, p.cols) * 0.75f * t;
    static const ImU32 kColours[] = {IM_COL32(255, 196, 0, 255), IM_COL32(0, 180, 120, 255),
                                     IM_COL32(60, 140, 255, 255), IM_COL32(240, 80, 120, 255)};
    const int alpha = static_cast<int>(255 * (1 - t));
    for (int k = 0; k < 24; ++k) {
      const float a = static_cast<float>(k) * 6.2831853f / 24 + t;
      const ImVec2 at(c.x + std::cos(a) * reach, c.y + std::sin(a) * reach);
      dl->AddCircleFilled(
          at, 6 * (1 - t) + 2,
          (kColours[k % 4] & 0x00ffffff) | (static_cast<ImU32>(alpha) << IM_COL32_A_SHIFT));
    }
    dl->AddRect(g.geometry.origin,
                ImVec2(g.geometry.origin.x + cell * p.cols, g.geometry.origin.y + cell * p.rows),
                ink(Ink::kGood), 6.0f, 0, 6 * (1 - t) + 2);
  }
  if (!g.reward_open) return;
  const ImVec2 d = ImGui::GetIO().DisplaySize;
  const float w = std::min(d.x - 24, 360.0f);
  ImGui::SetNextWindowPos(ImVec2(c.x, c.y), ImGuiCond_Always, ImVec2(0.5f, 0.5f));
  ImGui::SetNextWindowSize(ImVec2(w, 0));
  ImGui::SetNextWindowBgAlpha(0.95f);
  ImGui::Begin("Solved!", nullptr,
               ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse |
                   ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoScrollbar |
                   ImGuiWindowFlags_NoFocusOnAppearing);
  const double t = update_play_clock();
  ImGui::PushFont(title_font());
  ImGui::TextColored(ink_colour(Ink::kGood), "You solved it!");
  ImGui::PopFont();
  ImGui::Text("Time %s  |  %d moves", clock_text(t).c_str(), progress_moves());
  if (g.new_best)
    ImGui::TextUnformatted("Your best time on this puzzle!");
  else
    ImGui::Text("Your best: %s", clock_text(g.best_ms).c_str());
  const float half = (ImGui::GetContentRegionAvail().x - ImGui::GetStyle().ItemSpacing.x) / 2;
  if (button("Next puzzle", half)) next_puzzle();
  ImGui::SameLine();
  if (button("Close", half)) g.reward_open = false;
  ImGui::End();
}

// Shortcuts (not while typing): H hint, U or Ctrl+Z undo, Ctrl+Y redo, R restart, N new,
// S solve, ? help. Letters come as typed characters (any keyboard layout).
void shortcuts() {
  ImGuiIO& io = ImGui::GetIO();
  if (io.WantTextInput || ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId)) return;
  if (io.KeyCtrl && ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Z))) do_bar_action(kUndo);
  if (io.KeyCtrl && ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Y))) do_bar_action(kRedo);
  if (io.KeyCtrl || io.KeyAlt || io.KeySuper) return;
  for (const ImWchar ch : io.InputQueueCharacters) {
    switch (ch) {
      case 'h':
      case 'H':
        do_bar_action(kHint);
        break;
      case 'u':
      case 'U':
        do_bar_action(kUndo);
        break;
      case 'r':
      case 'R':
        do_bar_action(kRestart);
        break;
      case 'n':
      case 'N':
        do_bar_action(kNew);
        break;
      case 's':
      case 'S':
        do_bar_action(kSolve);
        break;
      case '?':
        do_bar_action(kHelp);
        break;
      default:
        break;
    }
  }
}

// Each change of the board is a move, said to a screen reader ("Tile 3 turned; 7 of 12 edges
// match"); the solver's answers and Restart are said otherwise and not counted.
void announce_moves() {
  if (g.start_loads != g.loads) {  // a new puzzle: its start is the board as it lies now
    g.start_loads = g.loads;
    g.start_cells = g.board.cells();
    g.seen_cells = g.board.cells();
    g.quiet_change = false;
    return;
  }
  if (same_cells(g.seen_cells, g.board.cells())) return;
  if (!g.quiet_change) {
    std::string said = describe_move(g.seen_cells, g.board.cells(), g.board.matched_edges(),
                                     g.board.inner_edges());
    if (g.board.solved()) said += ". Solved!";
    platform::announce(said);
  }
  g.quiet_change = false;
  g.seen_cells = g.board.cells();
}

// Everything that is not play, folded away: the solver's modes and figures, best board,
// editor, look, files.
void more_panel() {
  const bool open = ImGui::CollapsingHeader("More");
  record_item("More");
  if (!open) return;
  if (button("How to play")) g.ask_help = true;
  solve_panel();
  files_section();
  best_panel(g.board);
  editor_panel(g.board.puzzle(), g.error, load_puzzle);
  look_panel();
  if (sub_section("Details")) {
    ImGui::TextDisabled("Tilewise %s", version());
    if (g.game) ImGui::TextDisabled("Game %s", format_game_id(*g.game).c_str());
    ImGui::TreePop();
  }
}

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
        if (editor_on_board()) return editor_board_height(width);
        return title_height() + board_view_height(g.board, width);
      },
      box_mode() ? 0 : motif_key_wrapped_height(), bar_row_height(),
      box_mode() ? box_bar_column_width()
                 : bar_column_width({std::begin(kBarLabels), std::end(kBarLabels)})));
}

}  // namespace

void init() {
  g.how_to = !progress_how_to_dismissed();
  const Example& first = examples().front();
  // The first visit: a real 3x3 puzzle, shuffled and turned.
  for (const Example& e : examples())
    if (e.name == "scramble_albznw_frogs.txt") load_text(std::string(e.text), std::string(e.name));
  if (g.puzzle_name.empty()) load_text(std::string(first.text), std::string(first.name));
  g.board.start_from(shuffled_start(g.board.puzzle(), 2026));
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
  lay_out(io.DisplaySize);
  if (box_mode()) {  // the Puzzle Box mode draws its own panel and board (box_view.cpp)
    draw_box_mode(app_header);
    publish_state();
    return;
  }
  announce_moves();
  shortcuts();
  begin_panel_window();
  forget_stale_hint();
  play_status();
  how_to_card();
  play_panel();
  puzzle_panel();
  app_header();
  more_panel();
  ImGui::End();

  action_bar();
  begin_board_window();
  if (editor_on_board()) {
    draw_editor_board();
  } else {
    puzzle_title();
    if (!draw_watched_board(g.board.puzzle(), g.solve.progress, g.solve.running))
      g.geometry = draw_board(g.board, true, hint_marks());
  }
  ImGui::End();
  solve_dialog();
  new_dialog();
  help_dialog();
  note_player_solve();
  reward_overlay();
  share::sync(g.board, solved_by_solver() ? &start_cells() : nullptr);
  progress_track(g.board, g.puzzle_name, g.puzzle_title, update_play_clock(), solved_by_solver());
  announce_changes();
  publish_state();
}

void frame_drawn(bool drawn) {
  if (drawn) ++g.drawn_frames;
}

}  // namespace tilewise::app
