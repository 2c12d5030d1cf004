// The stronger 4x4 tables in the page: the additive 8+8 tables (core/box/bounds/additive_db.hpp,
// 247.5 MiB per move set, minutes to build), offered in the Puzzle Box panel on 4x4 with
// `cw` or `cw+ccw` and built only when the user asks, in a worker of their own
// (web/tilewise.js buildTables: its memory goes back when it ends; Cancel ends it at once).
// Once kept in the browser's storage every 4x4 solve of that move set uses them (the solve
// request's "kept_partition"); until then, or when the build fails (memory refused, storage
// full, cancelled), solves use the tables they have. docs/puzzle-box.md says why they are
// not built by themselves.
#include <algorithm>
#include <cstdio>

#include "app/box_state.hpp"
#include "app/widgets.hpp"
#include "core/box/bounds/additive_db.hpp"
#include "core/box/bounds/pattern_rank.hpp"
#include "core/box/model/board.hpp"
#include "core/json_text.hpp"
#include "imgui.h"
#include "platform/platform.hpp"

namespace tilewise::app {
namespace {

// Build ids: far above the solves' (box_view.cpp), so neither takes the other's events.
constexpr long long kFirstBuildId = (1LL << 40) + (1LL << 39);

bool offered(const BoxView& v) {
  return v.size == 4 && v.move_set < 2;
}

void start_build() {
  BoxView& v = box_view();
  auto& s = v.strong;
  s.id = s.id == 0 ? kFirstBuildId : s.id + 1;
  s.running = true;
  s.move_set = v.move_set;
  s.progress = "starting the build...";
  s.note.clear();
  const std::vector<int> solved = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};
  platform::table_build_start(json_text(nlohmann::json{
      {"id", s.id},
      {"type", "box.solve"},
      {"size", 4},
      {"start", solved},
      {"target", solved},
      {"moves", kBoxMoveSets[s.move_set]},
      {"partition", s.partition},
      {"quick_partition", ""},
      // Storage it needs (one 8-number table at 4 bits an entry), checked before the build.
      {"needs_bytes", (box::pattern::placements(8) + 1) / 2}}));
}

void cancel_build() {
  auto& s = box_view().strong;
  platform::table_build_cancel();
  s.running = false;
  s.progress.clear();
  s.note = "the build of the stronger tables was cancelled; nothing was kept";
}

std::string label(const BoxView& v) {
  return v.strong.label.empty() ? v.strong.partition + " tables" : v.strong.label;
}

// The storage name of the stronger tables for move set m (0 cw, 1 cw+ccw).
std::string kept_name(const BoxView& v, int m) {
  bool ok = true;
  return box::additive_table_name(box::parse_move_set(kBoxMoveSets[m], ok), v.strong.partition);
}

// The panel's line saying the stronger tables are kept and used ("" when it shows none).
std::string kept_line(const BoxView& v) {
  if (v.strong.running || !offered(v) || !v.strong.kept[v.move_set] || !v.strong.note.empty())
    return "";
  return "The " + label(v) + " (" + kBoxMoveSets[v.move_set] +
         ") are kept in this browser: Solve uses them.";
}

}  // namespace

void add_strong_tables_field(const BoxView& v, nlohmann::json& request) {
  if (offered(v)) request["kept_partition"] = v.strong.partition;
}

bool strong_tables_shown() {
  const BoxView& v = box_view();
  return v.strong.running || (offered(v) && !v.strong.kept[v.move_set]) || !kept_line(v).empty() ||
         !v.strong.note.empty();
}

void strong_tables_controls() {
  BoxView& v = box_view();
  auto& s = v.strong;
  if (s.running) {
    ImGui::TextWrapped("%s", s.progress.c_str());
    if (button("Cancel build")) cancel_build();
  } else if (offered(v) && !s.kept[v.move_set]) {
    if (button("Build stronger 4x4 tables")) start_build();
    ImGui::TextWrapped(
        "The %s: hard boards solve several times faster (the reversed board: 24 moves proven "
        "in ~4 s instead of ~15 s). 248 MiB kept in this browser for %s; built once, in a few "
        "minutes (up to 1.5 GB of memory meanwhile).",
        label(v).c_str(), kBoxMoveSets[v.move_set]);
  } else if (const std::string line = kept_line(v); !line.empty()) {
    ImGui::TextWrapped("%s", line.c_str());
    record_item("box:kept tables");
  }
  if (!s.note.empty()) ImGui::TextWrapped("%s", s.note.c_str());
}

void box_kept_tables(BoxView& v, const nlohmann::json& e) {
  v.strong.partition = e.value("kept_partition", v.strong.partition);
  const nlohmann::json names = e.value("names", nlohmann::json::array());
  for (int m = 0; m < 2; ++m)
    if (std::find(names.begin(), names.end(), kept_name(v, m)) != names.end())
      v.strong.kept[m] = true;
}

bool box_strong_table_damaged(BoxView& v, const nlohmann::json& e) {
  if (!e.value("found", false) || e.value("used", false)) return false;
  const std::string name = e.value("name", std::string());
  for (int m = 0; m < 2; ++m) {
    if (kept_name(v, m) != name) continue;
    v.strong.kept[m] = false;  // web/worker.js deleted them
    char buf[240];
    std::snprintf(buf, sizeof buf,
                  "the %s (%s) kept in this browser were damaged or old and are deleted: build "
                  "them again to use them",
                  label(v).c_str(), kBoxMoveSets[m]);
    v.strong.note = buf;
    return true;
  }
  return false;
}

void box_strong_event(BoxView& v, const nlohmann::json& e) {
  auto& s = v.strong;
  if (!s.running) return;  // (cancelled: its last events)
  const std::string type = e.value("type", std::string());
  char buf[240];
  if (!e.value("label", std::string()).empty()) s.label = e.value("label", std::string());
  const char* moves = kBoxMoveSets[s.move_set];
  if (type == "progress" && e.value("phase", "") == "tables" && !e.value("storage", false)) {
    std::snprintf(buf, sizeof buf, "building the %s (%s): %.0f%%, %.0f s", label(v).c_str(), moves,
                  percent(e.value("states", 0.0), e.value("states_total", 1.0)),
                  e.value("elapsed_ms", 0.0) / 1000);
    s.progress = buf;
  } else if (type == "table_built") {
    s.progress = "built; keeping them in this browser...";
  } else if (type == "tables_build_end") {
    s.running = false;
    s.progress.clear();
    const bool ok = e.value("ok", false);
    if (ok) s.kept[s.move_set] = true;
    if (ok && e.value("source", std::string()) == "storage")
      std::snprintf(buf, sizeof buf,
                    "the %s (%s) were kept in this browser already: Solve uses them",
                    label(v).c_str(), moves);
    else if (ok)
      std::snprintf(buf, sizeof buf,
                    "the %s (%s) are built and kept in this browser (%.1f MiB): Solve uses them "
                    "from now on",
                    label(v).c_str(), moves, e.value("bytes", 0.0) / (1024.0 * 1024.0));
    else
      std::snprintf(buf, sizeof buf, "no %s kept: %s. Solve goes on with the tables it has",
                    label(v).c_str(), e.value("message", std::string()).c_str());
    s.note = buf;
  }
}

nlohmann::json box_strong_test_state(const BoxView& v) {
  return {{"running", v.strong.running},
          {"progress", v.strong.progress},
          {"note", v.strong.note},
          {"kept", {v.strong.kept[0], v.strong.kept[1]}},
          {"kept_line", kept_line(v)}};
}

}  // namespace tilewise::app
