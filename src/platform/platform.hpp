// All browser interop lives here (EM_JS in platform.cpp), each call with a native fallback,
// so the app's code never includes Emscripten headers.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace tilewise::platform {

// The solver worker: JSON text both ways (protocol: src/worker/worker_main.cpp).
void worker_post(const std::string& json);
// The messages received since the last poll, oldest first (each one JSON text).
std::vector<std::string> worker_poll();
void worker_restart();  // terminate (stops any search at once) and start anew
// A table build in a worker of its own (web/tilewise.js buildTables: the request is a
// box.solve; its events come through worker_poll with the request's id, the last one
// "tables_build_end"); cancel terminates that worker.
void table_build_start(const std::string& json);
void table_build_cancel();

// Milliseconds on a steady clock. Far from zero from the start (a page's clock would start at
// its load), so a moment shifted back by a saved play clock is still a positive time.
double now_ms();

// Files: a download of `text` named `name`; an <input type=file> picker whose result
// (or a file dropped on the page) is fetched with take_opened_file().
void download_file(const std::string& name, const std::string& text);
void open_file_dialog();
struct OpenedFile {
  std::string name;
  std::string text;
};
std::optional<OpenedFile> take_opened_file();

// The page's address fragment (text after '#', without it, URL-decoded as the browser
// gives it). set_location_hash(replace=true) rewrites the current history entry (no back
// button flooding); false adds one. take_hash_change() is true once after the user changed
// the fragment (back button, edited address), never for set_location_hash's own changes.
std::string location_hash();
void set_location_hash(const std::string& hash, bool replace);
bool take_hash_change();
std::string location_without_hash();  // the page's full address up to '#'
void copy_to_clipboard(const std::string& text);

// Offline (web/offline.js): a new build is cached and waiting; apply_update() lets it take
// over (every open page of the app then reloads).
bool update_ready();
void apply_update();

// The browser's localStorage (kept between visits): "" when the key is absent or storage is
// unavailable (private mode, blocked); storage_set returns false when the text could not be
// kept (full, blocked). Native fallback: a map in memory for the process's life.
std::string storage_get(const std::string& key);
bool storage_set(const std::string& key, const std::string& text);

// 64 random bits (crypto.getRandomValues; natively std::random_device): seeds of shuffled
// starts and scrambles that differ per visit.
unsigned long long random_u64();
// Today's local date as "YYYY-MM-DD" (the daily puzzle's date).
std::string today();

// State published for the browser tests (window.tilewise.state), JSON text.
void publish_test_state(const std::string& json);

}  // namespace tilewise::platform
