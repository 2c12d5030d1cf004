#include "app/best_view.hpp"

#include <algorithm>
#include <string>
#include <vector>

#include "app/share.hpp"
#include "app/widgets.hpp"
#include "core/edge/model/format.hpp"
#include "core/json_text.hpp"
#include "imgui.h"
#include "platform/platform.hpp"

namespace tilewise::app {
namespace {

// Apart from the solver's ids and the box's (1 << 40 and up): the box view takes every id
// from 1 << 40, so app.cpp asks this view first.
constexpr long long kFirstBestRequestId = 1LL << 41;
constexpr int kPlotPoints = 120;

struct BestView {
  long long id = kFirstBestRequestId;
  bool running = false;
  int score = -1, max_score = 0;
  unsigned long long nodes = 0;
  double elapsed_ms = 0;
  int workers = 1;  // searches side by side (web/best_pool.js: one per core)
  std::vector<std::pair<double, int>> improvements;  // (ms, score)
  std::string status;
};
BestView g_best;

void start(const PlayBoard& board) {
  ++g_best.id;
  g_best.running = true;
  g_best.score = -1;
  g_best.nodes = 0;
  g_best.elapsed_ms = 0;
  g_best.workers = 1;
  g_best.improvements.clear();
  g_best.status = "searching for the best board...";
  platform::worker_post(json_text(nlohmann::json{{"id", g_best.id},
                                                 {"type", "edge.best"},
                                                 {"seed", 1},
                                                 {"puzzle", format_puzzle(board.puzzle())}}));
}

// The score at each of kPlotPoints instants from 0 to the last improvement or now.
std::vector<float> plot_points() {
  std::vector<float> points;
  if (g_best.improvements.empty()) return points;
  const double end = std::max(g_best.elapsed_ms, g_best.improvements.back().first) + 1;
  size_t k = 0;
  for (int p = 0; p < kPlotPoints; ++p) {
    const double t = end * p / (kPlotPoints - 1);
    while (k + 1 < g_best.improvements.size() && g_best.improvements[k + 1].first <= t) ++k;
    points.push_back(static_cast<float>(g_best.improvements[k].second));
  }
  return points;
}

}  // namespace

void best_panel(PlayBoard& board) {
  const bool open = ImGui::CollapsingHeader("Best board");
  record_item("Best board");
  if (!open) return;
  ImGui::TextWrapped(
      "For puzzles too big to solve: the complete board with the most matched "
      "edges, better and better while it runs.");
  if (button("Find best board")) start(board);
  ImGui::SameLine();
  ImGui::BeginDisabled(!g_best.running);
  if (button("Cancel##best"))  // every search stops; the answer is the best board so far
    platform::worker_post(nlohmann::json{{"type", "cancel"}}.dump());
  ImGui::EndDisabled();
  if (g_best.score >= 0) {
    ImGui::Text("score %d / %d  (%.1f%%)", g_best.score, g_best.max_score,
                100.0 * g_best.score / std::max(1, g_best.max_score));
    if (g_best.workers > 1)
      ImGui::Text("%.1f s, %llu steps, %d searches side by side", g_best.elapsed_ms / 1000.0,
                  g_best.nodes, g_best.workers);
    else
      ImGui::Text("%.1f s, %llu steps", g_best.elapsed_ms / 1000.0, g_best.nodes);
    const std::vector<float> points = plot_points();
    const float low = g_best.improvements.size() > 1
                          ? static_cast<float>(g_best.improvements[1].second) - 2.0f
                          : 0.0f;
    ImGui::PlotLines("##best score", points.data(), static_cast<int>(points.size()), 0,
                     "score over time", low, static_cast<float>(g_best.max_score),
                     ImVec2(ImGui::GetContentRegionAvail().x, 70));
    record_item("best plot");
    ImGui::PushID("best");
    share::share_controls(board);
    ImGui::PopID();
  }
  ImGui::TextWrapped("%s", g_best.status.c_str());
}

bool best_handle_event(const nlohmann::json& e, PlayBoard& board) {
  const long long id = e.value("id", -1LL);
  if (id == -1 && e.value("type", std::string()) == "error" && g_best.running) {
    g_best.running = false;  // the worker crashed (and was restarted)
    g_best.status = "error: " + e.value("message", std::string());
    return false;  // the other views hear of it too
  }
  if (id < kFirstBestRequestId) return false;
  if (id != g_best.id) return true;  // an old search's late event
  const std::string type = e.value("type", std::string());
  auto show = [&](const nlohmann::json& cells, int score) {
    std::vector<Placement> placed;
    for (const auto& c : cells) placed.push_back({c[0].get<int>() - 1, c[1].get<int>()});
    if (placed.size() == board.cells().size()) board.set_cells(placed);
    g_best.score = score;
  };
  if (type == "improvement") {
    g_best.max_score = e.value("max_score", 0);
    g_best.improvements.emplace_back(e.value("ms", 0.0), e.value("score", 0));
    show(e["board"], e.value("score", 0));
  } else if (type == "progress") {
    g_best.nodes = e.value("nodes", 0ULL);
    g_best.workers = e.value("workers", 1);
    g_best.elapsed_ms = e.value("elapsed_ms", 0.0);
  } else if (type == "done") {
    g_best.running = false;
    const nlohmann::json& r = e["result"];
    if (r.is_object() && r.contains("board")) show(r["board"], r.value("score", 0));
    if (r.is_object()) {
      g_best.nodes = r.value("nodes", g_best.nodes);
      g_best.workers = r.value("workers", 1);
    }
    g_best.status = std::string(e.value("cancelled", false) ? "cancelled" : "finished") +
                    ": the board shows the best found";
  } else if (type == "error") {
    g_best.running = false;
    g_best.status = e.value("message", std::string("the search failed"));
  }
  return true;
}

void best_puzzle_changed() {
  if (g_best.running) platform::worker_post(nlohmann::json{{"type", "cancel"}}.dump());
  const long long id = g_best.id + 1;  // late events of the old search are dropped
  g_best = BestView{};
  g_best.id = id;
}

nlohmann::json best_view_state() {
  nlohmann::json improvements = nlohmann::json::array();
  for (const auto& [ms, score] : g_best.improvements) improvements.push_back({ms, score});
  return {{"running", g_best.running},    {"score", g_best.score}, {"max_score", g_best.max_score},
          {"improvements", improvements}, {"nodes", g_best.nodes}, {"status", g_best.status},
          {"workers", g_best.workers}};
}

}  // namespace tilewise::app
