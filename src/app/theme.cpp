#include "app/theme.hpp"

#include <algorithm>
#include <cstddef>

#include "app/widgets.hpp"
#include "platform/platform.hpp"
#include "platform/screen.hpp"

namespace tilewise::app {

extern const unsigned char kUiFont[];  // embedded_font.cpp (generated, see CMakeLists.txt)
extern const std::size_t kUiFontSize;

namespace {

enum Choice { kSystem = 0, kLight = 1, kDark = 2 };

struct ThemeState {
  int choice = kSystem;
  bool colour_blind = false;
  bool tile_numbers = false;  // a tile's number on its centre (off: the picture alone)
  // What the style was last built for (-1: never).
  int applied_dark = -1, applied_touch = -1;
  float font_ratio = 0, font_px = 0;
  ImFont* body = nullptr;
  ImFont* title = nullptr;
  ImFont* display = nullptr;
};
ThemeState g_theme;

// What the device says, asked again at most twice a second (the system's scheme changes at
// dusk; a tablet's keyboard and mouse come and go).
struct DeviceKind {
  bool dark = true, touch = false;
  double asked_ms = -1e9;
};
const DeviceKind& device_kind() {
  static DeviceKind d;
  const double now = platform::now_ms();
  if (now - d.asked_ms >= 500) {
    d.dark = platform::prefers_dark_scheme();
    d.touch = platform::touch_screen();
    d.asked_ms = now;
  }
  return d;
}

bool system_dark() {
  return device_kind().dark;
}

ImVec4 rgb(int hex, float alpha = 1.0f) {
  return ImVec4(static_cast<float>((hex >> 16) & 255) / 255.0f,
                static_cast<float>((hex >> 8) & 255) / 255.0f,
                static_cast<float>(hex & 255) / 255.0f, alpha);
}

// One palette per theme: background, raised surfaces, text, accent.
struct Palette {
  int bg, surface, surface_hover, surface_active, border, text, text_faint, accent, accent_soft;
};
constexpr Palette kDarkPalette{0x17191e, 0x262a33, 0x313743, 0x3b4351, 0x3a404c,
                               0xe8eaef, 0x9097a3, 0x5b9dff, 0x2b4a7a};
constexpr Palette kLightPalette{0xf5f6f8, 0xe4e7ec, 0xd6dbe3, 0xc8cfdb, 0xc3c9d3,
                                0x1c2028, 0x5d6470, 0x1f63d6, 0xc9dafa};

void apply_colours(ImGuiStyle& s, const Palette& p) {
  ImVec4* c = s.Colors;
  c[ImGuiCol_Text] = rgb(p.text);
  c[ImGuiCol_TextDisabled] = rgb(p.text_faint);
  c[ImGuiCol_WindowBg] = rgb(p.bg);
  c[ImGuiCol_ChildBg] = rgb(p.bg, 0.0f);
  c[ImGuiCol_PopupBg] = rgb(p.bg);
  c[ImGuiCol_Border] = rgb(p.border, 0.8f);
  c[ImGuiCol_BorderShadow] = rgb(0, 0.0f);
  c[ImGuiCol_FrameBg] = rgb(p.surface);
  c[ImGuiCol_FrameBgHovered] = rgb(p.surface_hover);
  c[ImGuiCol_FrameBgActive] = rgb(p.surface_active);
  c[ImGuiCol_TitleBg] = c[ImGuiCol_TitleBgActive] = c[ImGuiCol_TitleBgCollapsed] = rgb(p.surface);
  c[ImGuiCol_MenuBarBg] = rgb(p.surface);
  c[ImGuiCol_ScrollbarBg] = rgb(p.bg, 0.0f);
  c[ImGuiCol_ScrollbarGrab] = rgb(p.surface_active);
  c[ImGuiCol_ScrollbarGrabHovered] = c[ImGuiCol_ScrollbarGrabActive] = rgb(p.text_faint);
  c[ImGuiCol_CheckMark] = rgb(p.accent);
  c[ImGuiCol_SliderGrab] = rgb(p.accent);
  c[ImGuiCol_SliderGrabActive] = rgb(p.accent);
  c[ImGuiCol_Button] = rgb(p.surface);
  c[ImGuiCol_ButtonHovered] = rgb(p.surface_hover);
  c[ImGuiCol_ButtonActive] = rgb(p.accent_soft);
  c[ImGuiCol_Header] = rgb(p.surface, 0.0f);  // section headers: text on the background
  c[ImGuiCol_HeaderHovered] = rgb(p.surface_hover, 0.7f);
  c[ImGuiCol_HeaderActive] = rgb(p.surface_active);
  c[ImGuiCol_Separator] = c[ImGuiCol_SeparatorHovered] = c[ImGuiCol_SeparatorActive] =
      rgb(p.border);
  c[ImGuiCol_ResizeGrip] = c[ImGuiCol_ResizeGripHovered] = c[ImGuiCol_ResizeGripActive] =
      rgb(p.bg, 0.0f);
  c[ImGuiCol_Tab] = rgb(p.surface);
  c[ImGuiCol_TabHovered] = rgb(p.surface_hover);
  c[ImGuiCol_TabActive] = rgb(p.accent_soft);
  c[ImGuiCol_TabUnfocused] = rgb(p.surface);
  c[ImGuiCol_TabUnfocusedActive] = rgb(p.accent_soft);
  c[ImGuiCol_PlotHistogram] = c[ImGuiCol_PlotHistogramHovered] = rgb(p.accent);
  c[ImGuiCol_PlotLines] = c[ImGuiCol_PlotLinesHovered] = rgb(p.accent);
  c[ImGuiCol_TextSelectedBg] = rgb(p.accent, 0.35f);
  c[ImGuiCol_NavHighlight] = rgb(p.accent);
  c[ImGuiCol_ModalWindowDimBg] = rgb(0, 0.4f);
}

// Sizes in CSS pixels. On touch screens every frame (button, checkbox, slider, combo,
// section header) is at least 44 px high: the body font plus twice FramePadding.y.
void apply_sizes(ImGuiStyle& s, bool touch) {
  s = ImGuiStyle();  // sizes from scratch (colours are set after)
  s.WindowPadding = ImVec2(14, 12);
  s.WindowBorderSize = 0;
  s.FrameRounding = 6;
  s.GrabRounding = 6;
  s.PopupRounding = 6;
  s.ScrollbarRounding = 6;
  s.TabRounding = 6;
  s.ChildRounding = 6;
  s.ItemSpacing = ImVec2(8, touch ? 8 : 6);
  s.ItemInnerSpacing = ImVec2(8, 6);
  const float frame_h = touch ? 44.0f : 30.0f;
  s.FramePadding = ImVec2(touch ? 14.0f : 10.0f, (frame_h - body_font_px()) / 2);
  s.ScrollbarSize = touch ? 10 : 12;
  s.GrabMinSize = touch ? 28 : 14;
  s.IndentSpacing = touch ? 16 : 18;
  s.TouchExtraPadding = touch ? ImVec2(4, 4) : ImVec2(0, 0);
  s.WindowMenuButtonPosition = ImGuiDir_None;
}

}  // namespace

float body_font_px() {
  return touch_layout() ? 16.0f : 15.0f;
}

bool touch_layout() {
  return device_kind().touch;
}

bool update_fonts(float pixel_ratio) {
  const float ratio = std::max(1.0f, pixel_ratio);
  if (ratio == g_theme.font_ratio && body_font_px() == g_theme.font_px) return false;
  g_theme.font_ratio = ratio;
  g_theme.font_px = body_font_px();
  ImGuiIO& io = ImGui::GetIO();
  io.Fonts->Clear();
  ImFontConfig config;
  config.FontDataOwnedByAtlas = false;  // the bytes are the program's own (embedded)
  config.OversampleH = 2;               // ImGui's default; sub-pixel positions
  config.OversampleV = 1;
  void* data = const_cast<unsigned char*>(kUiFont);
  const int size = static_cast<int>(kUiFontSize);
  g_theme.body = io.Fonts->AddFontFromMemoryTTF(data, size, g_theme.font_px * ratio, &config);
  g_theme.title =
      io.Fonts->AddFontFromMemoryTTF(data, size, g_theme.font_px * 1.35f * ratio, &config);
  // Big numbers: digits, letters and a few signs only (keeps the atlas small at ratio 3).
  static const ImWchar kDisplayChars[] = {0x0020, 0x007E, 0};
  config.OversampleH = 1;
  g_theme.display =
      io.Fonts->AddFontFromMemoryTTF(data, size, 56.0f * ratio, &config, kDisplayChars);
  io.FontDefault = g_theme.body;
  io.FontGlobalScale = 1.0f / ratio;
  io.Fonts->Build();
  return true;
}

ImFont* title_font() {
  return g_theme.title;
}

ImFont* display_font() {
  return g_theme.display;
}

bool dark_theme() {
  return g_theme.choice == kDark || (g_theme.choice == kSystem && system_dark());
}

bool update_theme() {
  const int dark = dark_theme() ? 1 : 0, touch = touch_layout() ? 1 : 0;
  if (dark == g_theme.applied_dark && touch == g_theme.applied_touch) return false;
  g_theme.applied_dark = dark;
  g_theme.applied_touch = touch;
  ImGuiStyle& s = ImGui::GetStyle();
  apply_sizes(s, touch != 0);
  apply_colours(s, dark ? kDarkPalette : kLightPalette);
  return true;
}

void theme_controls() {
  ImGui::TextUnformatted("Theme");  // on a line of its own: the three choices fill the next
  static const char* kNames[] = {"System", "Light", "Dark"};
  for (int k = 0; k < 3; ++k) {
    if (k) ImGui::SameLine();
    if (ImGui::RadioButton(kNames[k], g_theme.choice == k)) g_theme.choice = k;
    record_item(kNames[k]);
  }
  ImGui::Checkbox("Colour-blind-safe colours", &g_theme.colour_blind);
  record_item("Colour-blind-safe colours");
  ImGui::Checkbox("Tile numbers", &g_theme.tile_numbers);
  record_item("Tile numbers");
}

ImU32 ink(Ink which) {
  const Palette& p = dark_theme() ? kDarkPalette : kLightPalette;
  switch (which) {
    case Ink::kText:
      return ImGui::GetColorU32(rgb(p.text));
    case Ink::kFaint:
      return ImGui::GetColorU32(rgb(p.text_faint));
    case Ink::kEmptyCell:
      return ImGui::GetColorU32(rgb(p.text_faint, 0.6f));
    case Ink::kAccent:
      return ImGui::GetColorU32(rgb(p.accent));
    case Ink::kSeparator:
      return ImGui::GetColorU32(rgb(p.border));
    case Ink::kGood:
      return ImGui::GetColorU32(dark_theme() ? ImVec4(0.4f, 1.0f, 0.5f, 1.0f)
                                             : ImVec4(0.0f, 0.5f, 0.15f, 1.0f));
    case Ink::kBad:
      return ImGui::GetColorU32(dark_theme() ? ImVec4(1.0f, 0.45f, 0.4f, 1.0f)
                                             : ImVec4(0.75f, 0.1f, 0.08f, 1.0f));
    case Ink::kSelected:
      return ImGui::GetColorU32(rgb(p.accent_soft));
    case Ink::kFocus:
      return dark_theme() ? IM_COL32(255, 230, 80, 255) : ImGui::GetColorU32(rgb(p.accent));
  }
  return 0;
}

ImVec4 ink_colour(Ink which) {
  return ImGui::ColorConvertU32ToFloat4(ink(which));
}

bool tile_numbers_shown() {
  return g_theme.tile_numbers;
}

bool colour_blind_palette() {
  return g_theme.colour_blind;
}

ImU32 colour_blind_motif_colour(int index) {
  if (index <= 0) return IM_COL32(128, 128, 128, 255);
  // Okabe & Ito (2008), "Color Universal Design": told apart with any colour vision.
  static const int kOkabeIto[] = {0xe69f00, 0x56b4e9, 0x009e73, 0xf0e442,
                                  0x0072b2, 0xd55e00, 0xcc79a7, 0x000000};
  const int k = (index - 1) % 8, round = (index - 1) / 8;
  ImVec4 c = rgb(kOkabeIto[k]);
  if (k == 7) c = rgb(0x3a3a3a);  // black reads as a hole: a dark grey instead
  // Rounds 1, 2, ... mix towards white or black in turn, so 40 motifs stay distinct.
  const float mix = 0.28f * static_cast<float>((round + 1) / 2);
  const float towards = round % 2 ? 1.0f : 0.0f;
  if (round > 0) {
    c.x += (towards - c.x) * mix;
    c.y += (towards - c.y) * mix;
    c.z += (towards - c.z) * mix;
  }
  return ImGui::GetColorU32(c);
}

nlohmann::json theme_state() {
  static const char* kChoices[] = {"system", "light", "dark"};
  return {{"theme", dark_theme() ? "dark" : "light"},
          {"choice", kChoices[g_theme.choice]},
          {"touch", touch_layout()},
          {"colour_blind", g_theme.colour_blind},
          {"tile_numbers", g_theme.tile_numbers},
          {"font_px", g_theme.font_px},
          {"font_ratio", g_theme.font_ratio}};
}

}  // namespace tilewise::app
