// The browser app's UI, called by the shell (main.cpp) once per frame.
#pragma once

namespace tilewise::app {

void init();
// Called between ImGui::NewFrame() and ImGui::Render().
void frame();
// Called after each frame: whether it was drawn (the shell skips frames whose picture did
// not change). Feeds the frame-time figures of the test state.
void frame_drawn(bool drawn);

}  // namespace tilewise::app
