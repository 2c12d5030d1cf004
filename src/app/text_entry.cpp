#include "app/text_entry.hpp"

#include <cstring>
#include <string>

#include "app/theme.hpp"
#include "imgui.h"
#include "imgui_internal.h"
#include "platform/text_entry.hpp"

namespace tilewise::app {
namespace {

ImVec2 g_caret(0, 0);        // where ImGui last put the edited field's caret (its text's top left)
ImGuiID g_number_field = 0;  // the number field last seen being edited (number_field_drawn)
platform::TextEntry g_entry;

void caret_moved(int x, int y) {
  g_caret = ImVec2(static_cast<float>(x), static_cast<float>(y));
}

SDL_Scancode scancode_of(const std::string& key) {
  static const struct {
    const char* name;
    SDL_Scancode code;
  } kKeys[] = {{"Backspace", SDL_SCANCODE_BACKSPACE},
               {"Delete", SDL_SCANCODE_DELETE},
               {"Enter", SDL_SCANCODE_RETURN},
               {"Escape", SDL_SCANCODE_ESCAPE},
               {"Tab", SDL_SCANCODE_TAB},
               {"ArrowLeft", SDL_SCANCODE_LEFT},
               {"ArrowRight", SDL_SCANCODE_RIGHT},
               {"ArrowUp", SDL_SCANCODE_UP},
               {"ArrowDown", SDL_SCANCODE_DOWN},
               {"Home", SDL_SCANCODE_HOME},
               {"End", SDL_SCANCODE_END}};
  for (const auto& k : kKeys)
    if (key == k.name) return k.code;
  return SDL_SCANCODE_UNKNOWN;
}

void push_key(SDL_Window* window, SDL_Scancode code) {
  for (const Uint32 type : {SDL_KEYDOWN, SDL_KEYUP}) {
    SDL_Event e{};
    e.type = type;
    e.key.windowID = SDL_GetWindowID(window);
    e.key.state = type == SDL_KEYDOWN ? SDL_PRESSED : SDL_RELEASED;
    e.key.keysym.scancode = code;
    e.key.keysym.sym = SDL_GetKeyFromScancode(code);
    SDL_PushEvent(&e);
  }
}

// SDL's text events hold up to 31 bytes: the text is cut between UTF-8 characters.
void push_text(SDL_Window* window, const std::string& text) {
  const size_t room = sizeof(SDL_TextInputEvent::text) - 1;
  for (size_t at = 0; at < text.size();) {
    size_t end = std::min(text.size(), at + room);
    while (end < text.size() && end > at && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80)
      --end;
    SDL_Event e{};
    e.type = SDL_TEXTINPUT;
    e.text.windowID = SDL_GetWindowID(window);
    std::memcpy(e.text.text, text.data() + at, end - at);
    SDL_PushEvent(&e);
    at = end;
  }
}

}  // namespace

void init_text_entry() {
  ImGui::GetIO().ImeSetInputScreenPosFn = caret_moved;
}

void push_typed_events(SDL_Window* window) {
  for (const platform::Typed& t : platform::take_typed()) {
    if (!t.text.empty()) push_text(window, t.text);
    if (const SDL_Scancode code = scancode_of(t.key); code != SDL_SCANCODE_UNKNOWN)
      push_key(window, code);
  }
}

void number_field_drawn() {
  if (ImGui::IsItemActive()) g_number_field = GImGui->ActiveId;  // imgui_internal.h
}

void publish_text_entry() {
  // A number field, or a slider's value typed in (imgui_internal.h: the public API does not
  // say which item is active, nor of what kind).
  const ImGuiContext& g = *GImGui;
  platform::TextEntry e;
  e.editing = touch_layout() && ImGui::GetIO().WantTextInput;
  e.x = g_caret.x;
  e.y = g_caret.y;
  e.height = ImGui::GetFontSize();
  e.numeric = g.ActiveId != 0 && (g.ActiveId == g_number_field || g.ActiveId == g.TempInputId);
  if (e.editing == g_entry.editing && e.x == g_entry.x && e.y == g_entry.y &&
      e.numeric == g_entry.numeric)
    return;  // the page is told of changes only
  g_entry = e;
  platform::set_text_entry(e);
}

nlohmann::json text_entry_state() {
  return {{"editing", g_entry.editing},
          {"numeric", g_entry.numeric},
          {"caret", {g_entry.x, g_entry.y}}};
}

}  // namespace tilewise::app
