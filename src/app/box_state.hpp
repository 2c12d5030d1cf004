// The Puzzle Box view's state, shared by its panel (box_view.cpp) and its board drawing
// (box_board_view.cpp). Internal to the app.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "core/box/model/board.hpp"
#include "core/box/model/puzzle.hpp"
#include "imgui.h"

namespace tilewise::app {

// The move sets as the panel's combo lists them (BoxView::move_set indexes it).
inline const char* const kBoxMoveSets[] = {"cw", "cw+ccw", "cw+ccw+half"};
// A build's share done, in percent (a total of 0 counts as 1).
inline double percent(double part, double whole) {
  return 100.0 * part / (whole > 1.0 ? whole : 1.0);
}

// A move as the page names it: B1.. in reading order at every size (the CLI's 3x3 names
// Q1..Q4 are the same buttons in the same order), with the CLI's ' and half-turn suffixes.
inline std::string box_move_label(const box::Move& m, int size) {
  std::string name = box::move_name(m, size);
  name[0] = 'B';
  return name;
}

// One turn being animated: the board before it, drawn with the turned block rotating.
struct BoxTurnAnimation {
  std::vector<int> before;
  box::Move move;
  double start_ms = -1;  // < 0: none
};

struct BoxView {
  bool active = false;
  int size = 3;
  int move_set = 0;  // 0 cw, 1 cw+ccw, 2 cw+ccw+half
  std::vector<int> board, target;
  std::string start_text, target_text, error;
  bool start_editing = false;  // the board field has focus: turns leave its text alone
  int picked_cell = -1;        // a cell tapped to swap its number with the next one tapped
  bool details_open = false;   // the solver's figures, tables and memory shown ("Details")
  // The player's turns since the board was set or scrambled, the last one last (their count
  // is the move counter; Undo takes the last back).
  std::vector<box::Move> turns_made;
  int scramble_turns = 12, scramble_seed = 1;
  int bar_focus = -1;  // the action bar's button with keyboard focus (-1: none)
  // The solver.
  bool solving = false;
  long long request_id = 0;
  std::string status, progress;
  std::vector<int> solved_from;  // the board the shown solutions start from
  std::vector<std::vector<box::Move>> solutions;
  int length = -1;
  bool proven_optimal = true;  // false: the quick search's solution, after lower_bound
  int lower_bound = 0;
  unsigned long long count = 0;  // the done event's count of every optimal solution (0 before)
  // The 4x4 table of the last solve (box_table_view.cpp): where it came from and whether
  // it is kept in the browser's storage.
  struct {
    std::string source;  // "built", "storage", "memory", "none", "" (not ready)
    std::string note;    // one line under the solver's status
    std::string kept;    // its part on storing the table built
    bool read_found = false, read_used = false, saved = false;
    double states = 0, states_total = 0, states_at_start = 0;
    int tiles = 0;      // numbers in the 4x4 pattern table that answered (0: additive)
    std::string label;  // the worker's name for it: "7+7+2 tables", "6-number table"
    // The better table the worker builds while idle (this solve answered with a smaller one).
    struct {
      std::string name, label;
      int tiles = 0;
      double states = 0, states_total = 0;
      bool built = false, saved = false;
      std::string note;  // one more line
    } better;
  } table;
  // The stronger 4x4 tables (8+8), built on request in a worker of their own
  // (box_strong_view.cpp).
  struct {
    long long id = 0;  // the build's request id (0: none yet)
    bool running = false;
    int move_set = 0;               // of the build running or last ended
    std::string partition = "8+8";  // their partition (the page's ?kept_partition= in tests)
    std::string label;              // the worker's name for them: "8+8 tables"
    std::string progress;           // while it runs
    std::string note;               // how the last build ended
    bool kept[2] = {false, false};  // known to be kept in this browser, per move set (cw, cw+ccw)
  } strong;
  // Playback of a chosen solution.
  int chosen = -1, step = 0;
  bool playing = false;
  double next_play_ms = 0;
  BoxTurnAnimation anim;
  // The keyboard (box_board_view.cpp): a cursor over the round buttons, shown from the first
  // key on while the board window has the keys.
  int key_cursor = 0;
  bool key_cursor_shown = false, keys_focused = false;
  // What the panel scrolls into view on the next frame, if it is out of sight (on a phone the
  // panel under the board scrolls: a solve's answer or a chosen solution's controls).
  enum class Reveal { kNothing, kStatus, kResults, kPlayback } reveal = Reveal::kNothing;
  // Where the board's buttons were drawn (centres, radius) for clicks and tests.
  std::vector<ImVec2> button_centres;
  float button_radius = 0;
  float button_reach = 0;  // how far from its centre a press reaches a round button
  ImVec2 origin{0, 0};
  float cell = 0;
};

BoxView& box_view();
box::MoveSet box_move_set();
// The board set by tapping two cells (their numbers swapped): a new puzzle, as a typed one.
void box_set_board(std::vector<int> board);
// Turns the board and animates the turn (the board itself changes at once); the board field
// (the solve's start) follows the board unless it is being edited.
void box_turn(const box::Move& m);
// The player's turn `m` (a round button, a key): turned, counted, and kept for Undo.
void box_player_turn(const box::Move& m);
// Takes the player's last turn back (the block turned the other way), if there is one.
void box_undo();
// Playback of the chosen solution: one step forward (+1) or back (-1); Play/Pause.
void box_step(int direction);
void box_toggle_play();
// The move Step/Play makes next (what the board and the list highlight), if playing back.
std::optional<box::Move> box_next_move();
// Draws the board into the current window and turns blocks on clicks.
void draw_box_board();
// The table's part of a solve (box_table_view.cpp): a "progress" event of the tables phase
// as the progress line; "table_read" / "table_saved" events and the "done" event's "table"
// into v.table. box_table_event is false for events that are not the table's.
std::string box_table_progress(const nlohmann::json& event);
bool box_table_event(BoxView& v, const nlohmann::json& event);
// The stronger tables (box_strong_view.cpp): the solve request's field naming them (4x4 with
// cw or cw+ccw), the panel's control (under the solver's Details), and the build's events (those
// with v.strong.id).
void add_strong_tables_field(const BoxView& v, nlohmann::json& request);
void strong_tables_controls();
bool strong_tables_shown();  // whether strong_tables_controls draws anything
void box_strong_event(BoxView& v, const nlohmann::json& event);
// The page's list of kept tables at start ({"type":"tables_kept","names"}): which move sets'
// stronger tables are kept already, before any solve says so.
void box_kept_tables(BoxView& v, const nlohmann::json& event);
// A "table_read" event of the stronger tables that found them damaged or old (web/worker.js
// deleted them): no longer kept, offered again, said so; false for any other event.
bool box_strong_table_damaged(BoxView& v, const nlohmann::json& event);
nlohmann::json box_table_test_state(const BoxView& v);
// {"running","progress","note","kept":[cw, cw+ccw],"kept_line" (the panel's line, or "")}.
nlohmann::json box_strong_test_state(const BoxView& v);

}  // namespace tilewise::app
