// ImGui's text fields on touch screens (platform/text_entry.hpp): while a field is edited the
// page focuses its hidden input (the phone's keyboard opens), and what is typed there becomes
// SDL keyboard events, which reach ImGui through the input queue like any keyboard's.
#pragma once

#include <SDL.h>

#include <nlohmann/json.hpp>

namespace tilewise::app {

void init_text_entry();  // after ImGui::CreateContext(): follows the caret of the field edited
// Before the input queue takes SDL's events: what the page's input received, as SDL events.
void push_typed_events(SDL_Window* window);
// Right after a number field (ImGui::InputInt): the phone shows its number keys for it.
void number_field_drawn();
// After the frame: tells the page whether a field is being edited (on touch screens).
void publish_text_entry();
// Test state: {"editing", "numeric", "caret": [x, y]}.
nlohmann::json text_entry_state();

}  // namespace tilewise::app
