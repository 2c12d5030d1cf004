#include "app/search_view.hpp"

#include <algorithm>
#include <cmath>
#include <deque>
#include <string>
#include <vector>

#include "app/board_view.hpp"
#include "app/widgets.hpp"
#include "core/play/board.hpp"
#include "imgui.h"
#include "platform/platform.hpp"

namespace tilewise::app {
namespace {

struct WatchState {
  bool on = false;
  float steps_per_second = 10;
};
WatchState g_watch;

// Seed 004's step log: what changed on the watched board, newest last (the steps between
// two views of a fast search are summarised by the change they made).
struct StepLog {
  std::vector<Placement> last;
  std::deque<std::string> lines;
};
StepLog g_log;
unsigned long long g_log_nodes = 0;  // nodes of the progress last logged
constexpr size_t kLogLines = 200;
constexpr float kHistogramHeight = 44, kLogHeight = 110;

void draw_live(bool running, const nlohmann::json& progress);

void log_board(const std::vector<Placement>& board, int cols, int depth) {
  if (g_log.last.size() != board.size()) g_log.last.assign(board.size(), Placement{});
  for (size_t c = 0; c < board.size(); ++c) {
    const Placement& was = g_log.last[c];
    const Placement& now = board[c];
    if (was.tile == now.tile && was.rotation == now.rotation) continue;
    const std::string at =
        "(" + std::to_string(c / cols + 1) + "," + std::to_string(c % cols + 1) + ")";
    std::string line = "depth " + std::to_string(depth) + "  " + at + " ";
    if (now.tile < 0) {
      line.append("back: tile ").append(std::to_string(was.tile + 1)).append(" taken away");
    } else {
      line.append("tile ").append(std::to_string(now.tile + 1)).append(" turned ");
      line.append(std::to_string(now.rotation)).append(" fits");
    }
    g_log.lines.push_back(line);
    if (g_log.lines.size() > kLogLines) g_log.lines.pop_front();
  }
  g_log.last = board;
}

}  // namespace

double search_watch_rate() {
  return g_watch.on ? static_cast<double>(g_watch.steps_per_second) : 0.0;
}

bool search_view_controls(bool running) {
  const bool switched_on = ImGui::Checkbox("Watch the search", &g_watch.on) && g_watch.on;
  record_item("Watch the search");
  if (g_watch.on) {
    // Unlabelled slider, so its recorded rectangle is the slider itself (tests click its end).
    const bool moved = ImGui::SliderFloat("##pace", &g_watch.steps_per_second, 1.0f, 100000.0f,
                                          "%.0f steps/s", ImGuiSliderFlags_Logarithmic);
    record_item("steps/s");
    if (moved && running)
      platform::worker_post(
          nlohmann::json{{"type", "speed"}, {"steps_per_second", g_watch.steps_per_second}}.dump());
  }
  return switched_on;
}

void search_view_live(bool running, const nlohmann::json& progress, void (*figures)()) {
  const ImGuiStyle& style = ImGui::GetStyle();
  const float line = ImGui::GetTextLineHeightWithSpacing();
  const float height = 2 * line + kHistogramHeight + style.ItemSpacing.y +
                       (g_watch.on ? line + kLogHeight + style.ItemSpacing.y : 0.0f);
  ImGui::BeginChild("search live", ImVec2(0, height), false, ImGuiWindowFlags_NavFlattened);
  figures();
  draw_live(running, progress);
  ImGui::EndChild();
}

namespace {

void draw_live(bool running, const nlohmann::json& progress) {
  const auto it = progress.find("nodes_per_depth");
  if (!running || it == progress.end() || !it->is_array() || it->empty()) {
    ImGui::TextDisabled("A running search's figures show here.");
    return;
  }
  // Nodes per depth so far, on a log scale so deep and shallow levels both show.
  std::vector<float> logs;
  for (const auto& v : *it) logs.push_back(std::log10(1.0f + v.get<float>()));
  ImGui::PlotHistogram("##depths", logs.data(), static_cast<int>(logs.size()), 0,
                       "nodes per depth (log)", 0.0f, FLT_MAX, ImVec2(0, kHistogramHeight));
  std::string text = "[";
  for (size_t d = 0; d < it->size() && d < 12; ++d)
    text.append(d ? ", " : "").append(std::to_string((*it)[d].get<unsigned long long>()));
  text.append(it->size() > 12 ? ", ...]" : "]");
  ImGui::TextUnformatted(text.c_str());  // one line: the area's height is fixed
  if (g_watch.on && !g_log.lines.empty()) {
    ImGui::TextDisabled("step log (newest last)");
    ImGui::BeginChild("step log", ImVec2(0, kLogHeight), true);
    for (const std::string& line : g_log.lines) ImGui::TextUnformatted(line.c_str());
    ImGui::SetScrollHereY(1.0f);
    ImGui::EndChild();
  }
}

}  // namespace

bool draw_watched_board(const EdgePuzzle& puzzle, const nlohmann::json& progress, bool running) {
  if (!g_watch.on || !running) return false;
  const auto it = progress.find("board");
  if (it == progress.end() || !it->is_array() ||
      it->size() != static_cast<size_t>(puzzle.rows * puzzle.cols))
    return false;
  std::vector<Placement> cells;
  for (const auto& c : *it) cells.push_back(Placement{c[0].get<int>() - 1, c[1].get<int>()});
  const unsigned long long nodes = progress.value("nodes", 0ULL);
  if (nodes < g_log_nodes) g_log = {};  // a new search
  g_log_nodes = nodes;
  log_board(cells, puzzle.cols, progress.value("depth", 0));
  PlayBoard board(puzzle);
  board.set_cells(cells);
  draw_board(board, false);
  return true;
}

nlohmann::json search_view_state() {
  return {{"watching", g_watch.on},
          {"steps_per_second", g_watch.steps_per_second},
          {"step_log",
           nlohmann::json(std::vector<std::string>(g_log.lines.begin(), g_log.lines.end()))}};
}

}  // namespace tilewise::app
