#include "platform/platform.hpp"

#include <chrono>
#include <cstdlib>
#include <ctime>
#include <map>
#include <nlohmann/json.hpp>
#include <random>

#if defined(__EMSCRIPTEN__)
#include <emscripten.h>

// clang-format off
EM_JS(void, tw_js_worker_post, (const char* json), {
  const tw = globalThis.tilewise;
  if (!tw.worker) tw.startWorker();
  tw.worker.postMessage(UTF8ToString(json));
});

EM_JS(char*, tw_js_worker_poll, (), {
  const inbox = globalThis.tilewise.inbox;
  if (inbox.length === 0) return 0;
  const text = JSON.stringify(inbox.splice(0, inbox.length));
  const size = lengthBytesUTF8(text) + 1;
  const ptr = _malloc(size);
  stringToUTF8(text, ptr, size);
  return ptr;
});

EM_JS(void, tw_js_worker_restart, (), { globalThis.tilewise.startWorker(); });

EM_JS(void, tw_js_table_build_start, (const char* json), {
  globalThis.tilewise.buildTables(UTF8ToString(json));
});

EM_JS(void, tw_js_table_build_cancel, (), { globalThis.tilewise.cancelTableBuild(); });

EM_JS(void, tw_js_download, (const char* name, const char* text), {
  const blob = new Blob([UTF8ToString(text)], {type: 'text/plain'});
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = UTF8ToString(name);
  globalThis.tilewise.lastDownload = {name: a.download, text: UTF8ToString(text)};
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
});

EM_JS(void, tw_js_open_file_dialog, (), { globalThis.tilewise.openFileDialog(); });

EM_JS(char*, tw_js_take_opened_file, (), {
  const f = globalThis.tilewise.openedFiles.shift();
  if (!f) return 0;
  const text = JSON.stringify(f);
  const size = lengthBytesUTF8(text) + 1;
  const ptr = _malloc(size);
  stringToUTF8(text, ptr, size);
  return ptr;
});

EM_JS(void, tw_js_publish_state, (const char* json), {
  globalThis.tilewise.state = JSON.parse(UTF8ToString(json));
});

EM_JS(char*, tw_js_location_hash, (), {
  const text = location.hash.substring(1);
  const size = lengthBytesUTF8(text) + 1;
  const ptr = _malloc(size);
  stringToUTF8(text, ptr, size);
  return ptr;
});

EM_JS(char*, tw_js_location_without_hash, (), {
  const text = location.href.split("#")[0];
  const size = lengthBytesUTF8(text) + 1;
  const ptr = _malloc(size);
  stringToUTF8(text, ptr, size);
  return ptr;
});

EM_JS(void, tw_js_set_location_hash, (const char* hash, int replace), {
  const url = location.pathname + location.search + "#" + UTF8ToString(hash);
  if (replace) history.replaceState(null, "", url); else history.pushState(null, "", url);
});

EM_JS(int, tw_js_take_hash_change, (), {
  const tw = globalThis.tilewise;
  const changed = tw.hashChanged;
  tw.hashChanged = false;
  return changed ? 1 : 0;
});

EM_JS(void, tw_js_copy_to_clipboard, (const char* text), {
  const t = UTF8ToString(text);
  globalThis.tilewise.lastClipboard = t;
  if (navigator.clipboard) navigator.clipboard.writeText(t).catch(() => {});
});
EM_JS(int, tw_js_update_ready, (), { return globalThis.tilewise.updateReady ? 1 : 0; });

EM_JS(void, tw_js_apply_update, (), { globalThis.tilewise.applyUpdate(); });

EM_JS(char*, tw_js_storage_get, (const char* key), {
  let text = "";
  try { text = localStorage.getItem(UTF8ToString(key)) || ""; } catch (e) {}
  const size = lengthBytesUTF8(text) + 1;
  const ptr = _malloc(size);
  stringToUTF8(text, ptr, size);
  return ptr;
});

EM_JS(int, tw_js_storage_set, (const char* key, const char* text), {
  try { localStorage.setItem(UTF8ToString(key), UTF8ToString(text)); return 1; }
  catch (e) { return 0; }
});

EM_JS(double, tw_js_random_u32, (), {
  const a = new Uint32Array(1);
  if (globalThis.crypto && crypto.getRandomValues) crypto.getRandomValues(a);
  else a[0] = Math.floor(Math.random() * 4294967296);
  return a[0];
});

EM_JS(char*, tw_js_today, (), {
  const d = new Date();
  const two = (n) => String(n).padStart(2, "0");
  const text = d.getFullYear() + "-" + two(d.getMonth() + 1) + "-" + two(d.getDate());
  const size = lengthBytesUTF8(text) + 1;
  const ptr = _malloc(size);
  stringToUTF8(text, ptr, size);
  return ptr;
});
// clang-format on
#endif

namespace tilewise::platform {

#if defined(__EMSCRIPTEN__)
namespace {
std::string take_string(char* p) {
  if (!p) return {};
  std::string s(p);
  std::free(p);
  return s;
}
}  // namespace

void worker_post(const std::string& json) {
  tw_js_worker_post(json.c_str());
}

std::vector<std::string> worker_poll() {
  std::vector<std::string> out;
  const std::string all = take_string(tw_js_worker_poll());  // JSON array of message texts
  if (all.empty()) return out;
  const nlohmann::json texts = nlohmann::json::parse(all, nullptr, false);
  if (!texts.is_array()) return out;
  for (const auto& t : texts)
    if (t.is_string()) out.push_back(t.get<std::string>());
  return out;
}

void worker_restart() {
  tw_js_worker_restart();
}
void table_build_start(const std::string& json) {
  tw_js_table_build_start(json.c_str());
}
void table_build_cancel() {
  tw_js_table_build_cancel();
}
void download_file(const std::string& name, const std::string& text) {
  tw_js_download(name.c_str(), text.c_str());
}
void open_file_dialog() {
  tw_js_open_file_dialog();
}
std::optional<OpenedFile> take_opened_file() {
  const std::string json = take_string(tw_js_take_opened_file());  // {"name":..,"text":..}
  if (json.empty()) return std::nullopt;
  const nlohmann::json f = nlohmann::json::parse(json, nullptr, false);
  if (!f.is_object()) return std::nullopt;
  return OpenedFile{f.value("name", std::string("file")), f.value("text", std::string())};
}
void publish_test_state(const std::string& json) {
  tw_js_publish_state(json.c_str());
}
std::string location_hash() {
  return take_string(tw_js_location_hash());
}
void set_location_hash(const std::string& hash, bool replace) {
  tw_js_set_location_hash(hash.c_str(), replace ? 1 : 0);
}
bool take_hash_change() {
  return tw_js_take_hash_change() != 0;
}
std::string location_without_hash() {
  return take_string(tw_js_location_without_hash());
}
void copy_to_clipboard(const std::string& text) {
  tw_js_copy_to_clipboard(text.c_str());
}
bool update_ready() {
  return tw_js_update_ready() != 0;
}
void apply_update() {
  tw_js_apply_update();
}
std::string storage_get(const std::string& key) {
  return take_string(tw_js_storage_get(key.c_str()));
}
bool storage_set(const std::string& key, const std::string& text) {
  return tw_js_storage_set(key.c_str(), text.c_str()) != 0;
}
unsigned long long random_u64() {
  const auto hi = static_cast<unsigned long long>(tw_js_random_u32());
  return hi << 32 | static_cast<unsigned long long>(tw_js_random_u32());
}
std::string today() {
  return take_string(tw_js_today());
}
#else
// Native fallbacks: no worker, no files, no page (the app is built only for the web,
// but these keep the platform API compilable and testable natively).
void worker_post(const std::string&) {}
std::vector<std::string> worker_poll() {
  return {};
}
void worker_restart() {}
void table_build_start(const std::string&) {}
void table_build_cancel() {}
void download_file(const std::string&, const std::string&) {}
void open_file_dialog() {}
std::optional<OpenedFile> take_opened_file() {
  return std::nullopt;
}
void publish_test_state(const std::string&) {}
std::string location_hash() {
  return {};
}
void set_location_hash(const std::string&, bool) {}
bool take_hash_change() {
  return false;
}
std::string location_without_hash() {
  return {};
}
void copy_to_clipboard(const std::string&) {}
bool update_ready() {
  return false;
}
void apply_update() {}
namespace {
std::map<std::string, std::string>& memory_storage() {
  static std::map<std::string, std::string> kept;
  return kept;
}
}  // namespace
std::string storage_get(const std::string& key) {
  const auto it = memory_storage().find(key);
  return it == memory_storage().end() ? std::string() : it->second;
}
bool storage_set(const std::string& key, const std::string& text) {
  memory_storage()[key] = text;
  return true;
}
unsigned long long random_u64() {
  std::random_device rd;
  return static_cast<unsigned long long>(rd()) << 32 | rd();
}
std::string today() {
  const std::time_t t = std::time(nullptr);
  char buf[16];
  std::strftime(buf, sizeof buf, "%Y-%m-%d", std::localtime(&t));
  return buf;
}
#endif

double now_ms() {
  using namespace std::chrono;
  constexpr double kFarFromZero = 1e10;  // ~115 days
  return kFarFromZero +
         duration<double, std::milli>(steady_clock::now().time_since_epoch()).count();
}

}  // namespace tilewise::platform
