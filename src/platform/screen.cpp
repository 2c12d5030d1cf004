#include "platform/screen.hpp"

#if defined(__EMSCRIPTEN__)
#include <emscripten.h>

// clang-format off
EM_JS(double, tw_js_device_pixel_ratio, (), { return globalThis.devicePixelRatio || 1; });

// web/index.html holds a hidden probe whose padding is env(safe-area-inset-*).
EM_JS(double, tw_js_safe_inset, (int side), {
  const probe = document.getElementById("safe-area");
  if (!probe) return 0;
  const names = ["paddingTop", "paddingRight", "paddingBottom", "paddingLeft"];
  return parseFloat(getComputedStyle(probe)[names[side]]) || 0;
});

EM_JS(int, tw_js_prefers_dark, (), {
  return matchMedia("(prefers-color-scheme: light)").matches ? 0 : 1;
});

EM_JS(int, tw_js_touch_screen, (), {
  return matchMedia("(pointer: coarse)").matches || navigator.maxTouchPoints > 0 ? 1 : 0;
});

EM_JS(void, tw_js_announce, (const char* text), {
  const region = document.getElementById("announce");
  if (!region) return;
  // A changed text is what screen readers hear: clear first so a repeat is heard again.
  region.textContent = "";
  const t = UTF8ToString(text);
  setTimeout(() => { region.textContent = t; }, 50);
});
// clang-format on
#endif

namespace tilewise::platform {
namespace {
std::string g_last_announcement;
}

#if defined(__EMSCRIPTEN__)
double device_pixel_ratio() {
  return tw_js_device_pixel_ratio();
}
SafeArea safe_area() {
  return SafeArea{static_cast<float>(tw_js_safe_inset(0)), static_cast<float>(tw_js_safe_inset(1)),
                  static_cast<float>(tw_js_safe_inset(2)), static_cast<float>(tw_js_safe_inset(3))};
}
bool prefers_dark_scheme() {
  return tw_js_prefers_dark() != 0;
}
bool touch_screen() {
  return tw_js_touch_screen() != 0;
}
void announce(const std::string& text) {
  g_last_announcement = text;
  tw_js_announce(text.c_str());
}
#else
double device_pixel_ratio() {
  return 1;
}
SafeArea safe_area() {
  return {};
}
bool prefers_dark_scheme() {
  return true;
}
bool touch_screen() {
  return false;
}
void announce(const std::string& text) {
  g_last_announcement = text;
}
#endif

const std::string& last_announcement() {
  return g_last_announcement;
}

}  // namespace tilewise::platform
