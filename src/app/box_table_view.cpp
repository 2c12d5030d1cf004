// The Puzzle Box's 4x4 table as the page tells it: building (percent, resumed after a
// cancel), read from this browser's storage, kept there for later visits, and the better
// table built while the solver is idle after an answer with a smaller one (the worker side:
// src/worker/box_tables.hpp and web/worker.js).
#include <algorithm>
#include <cstdio>

#include "app/box_state.hpp"

namespace tilewise::app {
namespace {

// "199 ms", "2.1 s", "35 s": under a second in milliseconds (ImGui's wrapping may break a
// line after a decimal point: "0.|0 s" was seen at a line's end on a phone).
std::string duration_text(double ms) {
  char buf[32];
  if (ms < 1000)
    std::snprintf(buf, sizeof buf, "%.0f ms", ms);
  else
    std::snprintf(buf, sizeof buf, ms < 10000 ? "%.1f s" : "%.0f s", ms / 1000);
  return buf;
}

}  // namespace

std::string box_table_progress(const nlohmann::json& e) {
  char buf[200];
  const double total = e.value("states_total", 1.0), at_start = e.value("states_at_start", 0.0);
  const bool kept = !e.value("table", std::string()).empty();  // the 4x4 table
  if (kept && e.value("storage", false)) return "reading the 4x4 table kept in this browser...";
  if (!kept) {
    std::snprintf(buf, sizeof buf, "building tables: %.0f%%",
                  percent(e.value("states", 0.0), total));
    return buf;
  }
  const int tiles = e.value("tiles", 0);  // (a pattern table; else the additive tables)
  const std::string which =
      tiles > 0 ? std::to_string(tiles) + " numbers" : e.value("label", std::string());
  std::snprintf(buf, sizeof buf, "building the 4x4 table (%s; once: this browser keeps it): %.0f%%",
                which.c_str(), percent(e.value("states", 0.0), total));
  std::string text = buf;
  if (at_start > 0) {
    std::snprintf(buf, sizeof buf, ", resumed at %.0f%%", percent(at_start, total));
    text += buf;
  }
  return text;
}

namespace {

// The line on the better table built while the worker is idle.
void better_note(BoxView& v) {
  auto& b = v.table.better;
  char buf[200];
  if (!b.built)
    std::snprintf(buf, sizeof buf,
                  "the %s (faster solves) %s being built while the solver is idle: %.0f%%",
                  b.label.c_str(), b.tiles > 0 ? "is" : "are", percent(b.states, b.states_total));
  else
    std::snprintf(buf, sizeof buf, "the %s %s built%s: later solves use %s", b.label.c_str(),
                  b.tiles > 0 ? "is" : "are", b.saved ? " and kept in this browser" : "",
                  b.tiles > 0 ? "it" : "them");
  b.note = buf;
}

// Events of the background build: its progress, built, stored.
bool better_event(BoxView& v, const std::string& type, const nlohmann::json& e) {
  auto& b = v.table.better;
  const std::string name = e.value("name", std::string());
  if (type == "table_progress" && e.value("background", false)) {
    b.name = name;
    b.tiles = e.value("tiles", 0);
    b.label = e.value("label", std::string());
    b.states = e.value("states", 0.0);
    b.states_total = e.value("states_total", 0.0);
  } else if ((type == "table_built" || type == "table_saved") && !b.name.empty() &&
             name == b.name) {
    b.built = true;
    b.states = b.states_total;
    if (type == "table_saved") b.saved = e.value("ok", false);
  } else {
    return false;
  }
  better_note(v);
  return true;
}

}  // namespace

bool box_table_event(BoxView& v, const nlohmann::json& e) {
  const std::string type = e.value("type", std::string());
  char buf[200];
  if (better_event(v, type, e)) return true;
  if (type == "table_built") return true;  // (for web/worker.js)
  if (type == "table_read") {
    v.table.read_found = e.value("found", false);
    v.table.read_used = e.value("used", false);
    if (e.value("memory", false))  // (kept as it is; box_strong_view.cpp shows the line)
      v.strong.note =
          "the tables kept in this browser need more memory than it gives the solver: solves "
          "go on without them";
    else if (box_strong_table_damaged(v, e))  // (no solve builds them: the panel offers them)
      return true;
    else if (v.table.read_found && !v.table.read_used)
      v.table.note = "the table kept in this browser was damaged or old: building it anew";
    return true;
  }
  if (type == "table_saved") {
    v.table.saved = e.value("ok", false);
    std::snprintf(buf, sizeof buf, "%.1f MiB", e.value("bytes", 0.0) / (1024.0 * 1024.0));
    v.table.kept = v.table.saved
                       ? std::string("; kept in this browser for later visits (") + buf + ")"
                       : "; could not keep it in this browser: " + e.value("error", std::string());
    // (Stored while the search still runs, the note says so before the solve's answer.)
    v.table.note =
        (v.table.note.empty() ? std::string("4x4 table built") : v.table.note) + v.table.kept;
    return true;
  }
  if (type != "done" || !e.contains("table") || !e["table"].is_object()) return false;
  const nlohmann::json& t = e["table"];
  v.table.source = t.value("source", std::string());
  if (t.value("kept", false) && v.move_set < 2) v.strong.kept[v.move_set] = true;
  v.table.tiles = t.value("tiles", 0);
  v.table.label = t.value("label", std::string());
  v.table.better = {};
  if (t.contains("better") && t["better"].is_object()) {
    const nlohmann::json& b = t["better"];
    v.table.better.name = b.value("name", std::string());
    v.table.better.tiles = b.value("tiles", 0);
    v.table.better.label = b.value("label", std::string());
    v.table.better.states = b.value("states", 0.0);
    v.table.better.states_total = b.value("states_total", 0.0);
    better_note(v);
  }
  v.table.states = t.value("states", 0.0);
  v.table.states_total = t.value("states_total", 0.0);
  v.table.states_at_start = t.value("states_at_start", 0.0);
  const std::string took = duration_text(t.value("ms", 0.0));
  // "4x4 table" (a pattern table) or "4x4 7+7+2 tables" (the additive ones, named by label).
  const bool additive = v.table.tiles == 0 && !v.table.label.empty();
  const std::string what = additive ? "4x4 " + v.table.label : std::string("4x4 table");
  if (t.value("name", std::string()).empty()) {
    v.table.note.clear();
  } else if (v.table.source == "built") {
    std::snprintf(
        buf, sizeof buf, "%s%s built in %s",
        v.table.read_found && !v.table.read_used ? "the kept table was damaged or old: " : "",
        what.c_str(), took.c_str());
    v.table.note = buf + v.table.kept;
  } else if (v.table.source == "storage") {
    std::snprintf(buf, sizeof buf, "%s read from this browser's storage in %s", what.c_str(),
                  took.c_str());
    v.table.note = buf;
  } else if (v.table.source.empty() && v.table.states > 0) {
    std::snprintf(buf, sizeof buf, "%s %.0f%% built: Solve goes on from there", what.c_str(),
                  percent(v.table.states, v.table.states_total));
    v.table.note = buf;
  } else {
    v.table.note.clear();
  }
  return false;  // the solve's own handling goes on
}

nlohmann::json box_table_test_state(const BoxView& v) {
  return {{"source", v.table.source},
          {"note", v.table.note},
          {"read_found", v.table.read_found},
          {"read_used", v.table.read_used},
          {"saved", v.table.saved},
          {"states", v.table.states},
          {"states_total", v.table.states_total},
          {"states_at_start", v.table.states_at_start},
          {"tiles", v.table.tiles},
          {"label", v.table.label},
          {"better",
           {{"name", v.table.better.name},
            {"tiles", v.table.better.tiles},
            {"label", v.table.better.label},
            {"states", v.table.better.states},
            {"states_total", v.table.better.states_total},
            {"built", v.table.better.built},
            {"saved", v.table.better.saved},
            {"note", v.table.better.note}}}};
}

}  // namespace tilewise::app
