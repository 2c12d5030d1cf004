#include "platform/text_entry.hpp"

#include <cstdlib>
#include <nlohmann/json.hpp>

#if defined(__EMSCRIPTEN__)
#include <emscripten.h>

// clang-format off
EM_JS(void, tw_js_set_text_entry, (int editing, double x, double y, double h, int numeric), {
  globalThis.tilewise.setTextEntry(editing !== 0, x, y, h, numeric !== 0);
});

EM_JS(char*, tw_js_take_typed, (), {
  const typed = globalThis.tilewise.typed;
  if (typed.length === 0) return 0;
  const text = JSON.stringify(typed.splice(0, typed.length));
  const size = lengthBytesUTF8(text) + 1;
  const ptr = _malloc(size);
  stringToUTF8(text, ptr, size);
  return ptr;
});
// clang-format on
#endif

namespace tilewise::platform {

#if defined(__EMSCRIPTEN__)
void set_text_entry(const TextEntry& e) {
  tw_js_set_text_entry(e.editing ? 1 : 0, e.x, e.y, e.height, e.numeric ? 1 : 0);
}

std::vector<Typed> take_typed() {
  std::vector<Typed> out;
  char* p = tw_js_take_typed();  // [{"text": ...} or {"key": ...}, ...]
  if (!p) return out;
  const nlohmann::json all = nlohmann::json::parse(p, nullptr, false);
  std::free(p);
  if (!all.is_array()) return out;
  for (const auto& t : all)
    if (t.is_object())
      out.push_back(Typed{t.value("text", std::string()), t.value("key", std::string())});
  return out;
}
#else
// Natively there is no page: the keyboard reaches the app directly.
void set_text_entry(const TextEntry&) {}
std::vector<Typed> take_typed() {
  return {};
}
#endif

}  // namespace tilewise::platform
