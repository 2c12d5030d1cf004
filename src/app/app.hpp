// The browser app's UI, called by the shell (main.cpp) once per frame.
#pragma once

namespace tilewise::app {

void init();
// Called between ImGui::NewFrame() and ImGui::Render().
void frame();

}  // namespace tilewise::app
