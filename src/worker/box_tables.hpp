// The Puzzle Box tables in the worker, kept for the worker's life and across visits:
// - a table build outlives the solve that started it: a solve cancelled while the table is
//   being built leaves the partial table here, and the next solve of the same table resumes
//   it (only the latest unfinished build is kept: each holds a byte per entry, 55 MiB for
//   the 7-number 4x4 table);
// - a 4x4 table (a pattern table, or a partition's additive tables) is asked of the page's
//   storage before it is built (web/worker.js and web/table_store.js answer through
//   tw_table_offer) and offered to it once built (tw_table_export), under
//   pattern_table_name() / additive_table_name(): its format version is in the name, and
//   bytes that are not a whole, unchanged table of that name are never used.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "core/box/model/puzzle.hpp"

namespace tilewise::worker {

struct BoxTableId {
  int size = 3;
  box::MoveSet moves = box::MoveSet::kClockwise;
  int pattern_tiles = 7;  // 4x4 only, without a partition
  // 4x4: the additive tables of this partition ("7+7+2", core/box/bounds/additive_db.hpp) in place
  // of the pattern table; "" = the pattern table of pattern_tiles numbers.
  std::string partition;
};

// The storage name of the table a solve of `id` needs ("" when none is kept: 3x3 tables
// take milliseconds to build, 5x5 and up have none).
std::string box_table_name(const BoxTableId& id);
// What the page calls it: "7+7+2 tables", "6-number table" ("" when not 4x4).
std::string box_table_label(const BoxTableId& id);

// Where the storage question stands for a name: not asked yet, asked (waiting for the
// page's answer), or answered (loaded, or nothing usable was there).
enum class StorageAnswer { kNotAsked, kAsked, kAnswered };
StorageAnswer storage_answer(const std::string& name);
void mark_storage_asked(const std::string& name);

// Table states expanded between two clock checks, for every job that builds a table.
inline constexpr std::uint64_t kTableChunk = 8000;

// The build of `id`, resumed where an earlier solve left it; true once the table is ready
// (then the build is dropped: the table itself stays in core for the process's life).
bool run_box_table_build(const BoxTableId& id, std::uint64_t max_states);
std::uint64_t box_table_states_done(const BoxTableId& id);
std::uint64_t box_table_states_total(const BoxTableId& id);
bool box_table_ready(const BoxTableId& id);

// The background build: `id` is built while the worker is idle, its events carry
// `request_id` (the solve that wanted it, so the page hears of it). A later call replaces
// it; nothing happens when `id` is ready.
void want_background_build(const BoxTableId& id, long long request_id);
// The table built in the background, while it is not ready.
std::optional<BoxTableId> background_build();
// Runs the background build for about `budget_ms`: appends {"type":"table_progress",
// "background":true,"name","tiles","label","states","states_total"} (at most every 250 ms and at
// the end) and, once built, {"type":"table_built","name"} (web/worker.js stores it), all
// with the wanting request's id. False when there is nothing (left) to do.
bool run_background_build(double budget_ms, nlohmann::json& events);

}  // namespace tilewise::worker

// For web/worker.js (JS glue), besides the job entry points in worker_main.cpp.
extern "C" {
// Bytes read from storage under `name`: kept when they are a whole table of that name (1),
// else refused (0: missing, damaged, another format). Either way the name is answered.
int tw_table_offer(const char* name, const std::uint8_t* bytes, int size);
// The page's storage keeps `name` now (stored by another worker: the page's build of the
// stronger 4x4 tables): the next solve that can use it asks the storage again.
void tw_table_forget(const char* name);
// The built table `name` as bytes to store: a pointer valid until tw_table_export_free(),
// its length in tw_table_export_size(); null when that table is not built.
const std::uint8_t* tw_table_export(const char* name);
int tw_table_export_size();
void tw_table_export_free();
}
