// The device the page runs on (pixel ratio, safe areas, colour scheme, touch) and the page's
// screen-reader announcements. Browser calls live in screen.cpp (EM_JS), each with a native
// fallback, so the app's code never includes Emscripten headers.
#pragma once

#include <string>

namespace tilewise::platform {

// Device pixels per CSS pixel (2-3 on phones); 1 natively.
double device_pixel_ratio();

// The parts of the viewport the phone's notch, rounded corners and home bar cover
// (CSS env(safe-area-inset-*), in CSS pixels); all 0 natively and on plain screens.
struct SafeArea {
  float top = 0, right = 0, bottom = 0, left = 0;
};
SafeArea safe_area();

// The system asks for a dark colour scheme (prefers-color-scheme); true natively.
bool prefers_dark_scheme();

// The main pointer is a finger (a touch screen); false natively.
bool touch_screen();

// Says `text` to screen readers through the page's visually hidden aria-live region
// (web/index.html). Repeating the same text announces it again.
void announce(const std::string& text);
// The last text announced (for the test state).
const std::string& last_announcement();

}  // namespace tilewise::platform
