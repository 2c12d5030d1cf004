#include "app/search_view.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

#include "app/board_view.hpp"
#include "app/widgets.hpp"
#include "core/play_board.hpp"
#include "imgui.h"
#include "platform/platform.hpp"

namespace tilewise::app {
namespace {

struct WatchState {
  bool on = false;
  float steps_per_second = 10;
};
WatchState g_watch;

}  // namespace

double search_watch_rate() {
  return g_watch.on ? static_cast<double>(g_watch.steps_per_second) : 0.0;
}

void search_view_controls(bool running, const nlohmann::json& progress) {
  ImGui::Checkbox("Watch the search", &g_watch.on);
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
  const auto it = progress.find("nodes_per_depth");
  if (!running || it == progress.end() || !it->is_array() || it->empty()) return;
  // Nodes per depth so far, on a log scale so deep and shallow levels both show.
  std::vector<float> logs;
  for (const auto& v : *it) logs.push_back(std::log10(1.0f + v.get<float>()));
  ImGui::PlotHistogram("##depths", logs.data(), static_cast<int>(logs.size()), 0,
                       "nodes per depth (log)", 0.0f, FLT_MAX, ImVec2(0, 60));
  std::string text = "[";
  for (size_t d = 0; d < it->size() && d < 12; ++d)
    text.append(d ? ", " : "").append(std::to_string((*it)[d].get<unsigned long long>()));
  text.append(it->size() > 12 ? ", ...]" : "]");
  ImGui::TextWrapped("%s", text.c_str());
}

bool draw_watched_board(const EdgePuzzle& puzzle, const nlohmann::json& progress, bool running) {
  if (!g_watch.on || !running) return false;
  const auto it = progress.find("board");
  if (it == progress.end() || !it->is_array() ||
      it->size() != static_cast<size_t>(puzzle.rows * puzzle.cols))
    return false;
  std::vector<Placement> cells;
  for (const auto& c : *it) cells.push_back(Placement{c[0].get<int>() - 1, c[1].get<int>()});
  PlayBoard board(puzzle);
  board.set_cells(cells);
  draw_board(board, false);
  return true;
}

nlohmann::json search_view_state() {
  return {{"watching", g_watch.on}, {"steps_per_second", g_watch.steps_per_second}};
}

}  // namespace tilewise::app
