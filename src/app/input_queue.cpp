#include "app/input_queue.hpp"

#include <algorithm>

#include "imgui.h"
#include "imgui_impl_sdl.h"

namespace tilewise::app {
namespace {

unsigned button_bit(Uint8 button) {
  switch (button) {
    case SDL_BUTTON_LEFT:
      return 1u;
    case SDL_BUTTON_RIGHT:
      return 2u;
    case SDL_BUTTON_MIDDLE:
      return 4u;
    default:
      return 0u;
  }
}

}  // namespace

bool InputQueue::ends_frame(const SDL_Event& e) const {
  switch (e.type) {
    case SDL_MOUSEBUTTONDOWN:
    case SDL_MOUSEBUTTONUP:
      return (buttons_changed_ & button_bit(e.button.button)) != 0;
    case SDL_MOUSEMOTION:  // a press is read where it happened, not where the pointer went
      return buttons_changed_ != 0 || key_changed_ || text_;
    case SDL_KEYDOWN:
    case SDL_KEYUP:
      return buttons_changed_ != 0 || text_ ||
             std::find(keys_changed_, keys_changed_ + keys_count_, e.key.keysym.scancode) !=
                 keys_changed_ + keys_count_ ||
             keys_count_ == 8;
    case SDL_TEXTINPUT:
      return buttons_changed_ != 0 || key_changed_ || text_;
    default:
      return false;
  }
}

void InputQueue::note(const SDL_Event& e) {
  switch (e.type) {
    case SDL_MOUSEBUTTONDOWN:
    case SDL_MOUSEBUTTONUP: {
      const unsigned bit = button_bit(e.button.button);
      buttons_changed_ |= bit;
      buttons_ = e.type == SDL_MOUSEBUTTONDOWN ? buttons_ | bit : buttons_ & ~bit;
      has_pos_ = true;
      x_ = static_cast<float>(e.button.x);
      y_ = static_cast<float>(e.button.y);
      finger_lifted_ = e.type == SDL_MOUSEBUTTONUP && e.button.which == SDL_TOUCH_MOUSEID;
      break;
    }
    case SDL_MOUSEMOTION:
      has_pos_ = true;
      x_ = static_cast<float>(e.motion.x);
      y_ = static_cast<float>(e.motion.y);
      finger_lifted_ = false;
      break;
    case SDL_KEYDOWN:
    case SDL_KEYUP:
      key_changed_ = true;
      keys_changed_[keys_count_++] = e.key.keysym.scancode;
      mods_ = e.key.keysym.mod;
      break;
    case SDL_TEXTINPUT:
      text_ = true;
      break;
    default:
      break;
  }
}

void InputQueue::feed_frame() {
  for (SDL_Event e; SDL_PollEvent(&e);) pending_.push_back(e);
  buttons_changed_ = 0;
  key_changed_ = text_ = false;
  keys_count_ = 0;
  while (!pending_.empty() && !ends_frame(pending_.front())) {
    note(pending_.front());
    ImGui_ImplSDL2_ProcessEvent(&pending_.front());
    pending_.pop_front();
  }
}

bool InputQueue::waiting() const {
  SDL_PumpEvents();
  return !pending_.empty() ||
         SDL_PeepEvents(nullptr, 0, SDL_PEEKEVENT, SDL_FIRSTEVENT, SDL_LASTEVENT) > 0;
}

void InputQueue::apply_to_io() const {
  ImGuiIO& io = ImGui::GetIO();
  if (has_pos_ && io.MousePos.x != -FLT_MAX) io.MousePos = ImVec2(x_, y_);
  // The release's own frame keeps the position (ImGui ends the click where it happened).
  if (finger_lifted_ && buttons_changed_ == 0) io.MousePos = ImVec2(-FLT_MAX, -FLT_MAX);
  io.MouseDown[0] = (buttons_ & 1u) != 0;
  io.MouseDown[1] = (buttons_ & 2u) != 0;
  io.MouseDown[2] = (buttons_ & 4u) != 0;
  io.KeyShift = (mods_ & KMOD_SHIFT) != 0;
  io.KeyCtrl = (mods_ & KMOD_CTRL) != 0;
  io.KeyAlt = (mods_ & KMOD_ALT) != 0;
  io.KeySuper = (mods_ & KMOD_GUI) != 0;
}

}  // namespace tilewise::app
