// SDL events reach ImGui a frame's worth at a time. ImGui 1.86 reads the mouse and keys
// once per frame, so a key pressed and released between two frames, a press followed by a
// move before the next frame, or Ctrl let go right after a click would each be lost or
// misread (a drag would start where the pointer already moved to). The queue hands ImGui
// events until one would undo or blur a change already made this frame, and keeps the
// rest for the next frame (as later ImGui versions do with their input queue).
// A finger lifted leaves no pointer behind: from the frame after a touch's release the mouse
// is reported absent, so the control last tapped does not stay drawn as hovered.
#pragma once

#include <SDL.h>

#include <deque>

namespace tilewise::app {

class InputQueue {
 public:
  // Takes SDL's pending events and passes this frame's share to ImGui's SDL backend.
  void feed_frame();
  // After ImGui_ImplSDL2_NewFrame (which reads SDL's live state, i.e. after every event):
  // sets ImGui's mouse position, buttons and modifier keys as of the last event fed.
  void apply_to_io() const;
  // True when SDL or the queue holds events not handed to ImGui yet.
  bool waiting() const;

 private:
  bool ends_frame(const SDL_Event& e) const;
  void note(const SDL_Event& e);
  std::deque<SDL_Event> pending_;
  // This frame's changes so far.
  unsigned buttons_changed_ = 0;
  bool key_changed_ = false, text_ = false;
  SDL_Scancode keys_changed_[8]{};
  int keys_count_ = 0;
  // The state as of the last fed event.
  bool has_pos_ = false;
  float x_ = 0, y_ = 0;
  unsigned buttons_ = 0;
  Uint16 mods_ = 0;
  bool finger_lifted_ = false;  // the last mouse event was a touch's release (SDL_TOUCH_MOUSEID)
};

}  // namespace tilewise::app
