// Text fields on touch screens. A phone shows its on-screen keyboard only for a focused text
// element of the page, never for a canvas: while the app edits a text field, the page focuses
// a hidden <input> (web/index.html, web/tilewise.js) placed at the field's caret, and what is
// typed into it (text, and keys such as Backspace and Enter) comes back here. The browser
// calls live in text_entry.cpp (EM_JS), each with a native fallback.
#pragma once

#include <string>
#include <vector>

namespace tilewise::platform {

// Each frame: whether a text field is being edited, where its caret is (CSS px), and whether
// it takes only a number (the phone then shows its number keys).
struct TextEntry {
  bool editing = false;
  float x = 0, y = 0, height = 0;
  bool numeric = false;
};
void set_text_entry(const TextEntry& entry);

// What was typed into the hidden input since the last call, in order: text (`text` set) or a
// key (`key`: "Backspace", "Delete", "Enter", "Escape", "Tab", "ArrowLeft", "ArrowRight",
// "ArrowUp", "ArrowDown", "Home" or "End").
struct Typed {
  std::string text, key;
};
std::vector<Typed> take_typed();

}  // namespace tilewise::platform
