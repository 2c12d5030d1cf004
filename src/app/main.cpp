// The shell: SDL2 window + WebGL2 context + Dear ImGui, one frame function handed to
// emscripten_set_main_loop. Everything the user sees is in app.cpp.
#include <SDL.h>
#include <SDL_opengles2.h>
#include <emscripten.h>
#include <emscripten/html5.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "app/app.hpp"
#include "app/input_queue.hpp"
#include "app/render_gate.hpp"
#include "app/text_entry.hpp"
#include "app/theme.hpp"
#include "imgui.h"
#include "imgui_impl_opengl3.h"
#include "imgui_impl_sdl.h"

namespace {

SDL_Window* g_window = nullptr;
tilewise::app::RenderGate g_gate;
tilewise::app::InputQueue g_input;  // inputs a frame at a time (input_queue.hpp)
int g_force_draws = 0;  // frames drawn whatever the gate says (after a resize or a new font)
// A page left alone builds its ImGui frame 4 times a second instead of at the display's rate
// (building one costs about a millisecond of CPU: 60 a second kept a phone's core 7 % busy
// with nothing to show), and the loop wakes on a 50 ms timer instead of every display frame
// (each wake costs the browser an animation frame even when nothing is built). Quiet = no
// input and nothing drawn for half a second; any input, a resize or a drawn frame (the
// solver's live figures, an animation) brings the full rate back at once (input within one
// 50 ms tick). Worker answers and the play clock are picked up by the slow frames.
constexpr int kQuietFrames = 30;
constexpr int kQuietTickMs = 50;
constexpr int kQuietEvery = 5;  // ticks of 50 ms: a frame built every 250 ms
int g_quiet = 0;                // frames in a row with no input and nothing drawn
int g_ticks = 0;
bool g_slow = false;  // the loop runs on the quiet timer

void run_slow(bool slow) {
  if (slow == g_slow) return;
  g_slow = slow;
  if (slow)
    emscripten_set_main_loop_timing(EM_TIMING_SETTIMEOUT, kQuietTickMs);
  else
    emscripten_set_main_loop_timing(EM_TIMING_RAF, 1);
}

// Keep the canvas at the page size times the device pixel ratio (sharp on high-DPI screens).
void fit_canvas() {
  double css_w = 0, css_h = 0;
  emscripten_get_element_css_size("#canvas", &css_w, &css_h);
  const double ratio = emscripten_get_device_pixel_ratio();
  const int w = static_cast<int>(css_w), h = static_cast<int>(css_h);
  int cur_w = 0, cur_h = 0;
  SDL_GetWindowSize(g_window, &cur_w, &cur_h);
  if (cur_w != w || cur_h != h) {
    SDL_SetWindowSize(g_window, w, h);  // the browser clears a resized canvas
    g_force_draws = 2;
  }
  // Text rasterised for the device's pixel density (again when it changes: the window moved
  // to another screen, or the page was zoomed), in the theme the user or the system chose.
  if (tilewise::app::update_fonts(static_cast<float>(ratio))) {
    ImGui_ImplOpenGL3_DestroyFontsTexture();
    ImGui_ImplOpenGL3_CreateFontsTexture();
    g_force_draws = 2;
  }
  if (tilewise::app::update_theme()) g_force_draws = 2;
}

void main_loop() {
  fit_canvas();
  tilewise::app::push_typed_events(g_window);  // the phone keyboard's typing, as SDL events
  const bool input = g_input.waiting();
  const bool quiet = !input && g_force_draws == 0 && g_quiet >= kQuietFrames;
  run_slow(quiet);
  if (quiet && ++g_ticks % kQuietEvery != 0) return;
  g_input.feed_frame();
  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplSDL2_NewFrame();
  g_input.apply_to_io();
  ImGui::NewFrame();
  tilewise::app::frame();
  ImGui::Render();
  tilewise::app::publish_text_entry();
  ImDrawData& data = *ImGui::GetDrawData();
  const tilewise::app::DrawPlan plan = g_gate.plan(data, g_force_draws > 0);
  if (g_force_draws > 0) --g_force_draws;
  tilewise::app::frame_drawn(plan.draw);
  g_quiet = input || plan.draw ? 0 : g_quiet + 1;
  if (!plan.draw) return;  // the picture on screen is this frame's: no WebGL call at all
  const ImVec2 scale = data.FramebufferScale;
  glViewport(0, 0, static_cast<int>(data.DisplaySize.x * scale.x),
             static_cast<int>(data.DisplaySize.y * scale.y));
  const ImVec4 bg = ImGui::GetStyle().Colors[ImGuiCol_WindowBg];  // windows over it draw none
  glClearColor(bg.x, bg.y, bg.z, 1.0f);
  if (plan.full) {
    glDisable(GL_SCISSOR_TEST);
  } else {  // the drawing buffer is kept: clear and redraw only the changed rectangle
    const tilewise::app::PixelBox box = tilewise::app::area_pixels(data, plan.area);
    tilewise::app::clip_draw_data(data, box);
    glEnable(GL_SCISSOR_TEST);  // (GL counts rows from the bottom)
    const int fb_height = static_cast<int>(data.DisplaySize.y * scale.y);
    glScissor(box.x0, fb_height - box.y1, std::max(0, box.x1 - box.x0),
              std::max(0, box.y1 - box.y0));
  }
  glClear(GL_COLOR_BUFFER_BIT);
  ImGui_ImplOpenGL3_RenderDrawData(&data);
}

}  // namespace

int main(int, char**) {
  if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_TIMER) != 0) {
    std::printf("tilewise: SDL_Init failed: %s\n", SDL_GetError());
    return 1;
  }
  SDL_SetHint(SDL_HINT_EMSCRIPTEN_KEYBOARD_ELEMENT, "#canvas");
  g_window = SDL_CreateWindow("Tilewise", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, 1280, 800,
                              SDL_WINDOW_OPENGL | SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI);
  // The WebGL2 context is made here rather than by SDL, which cannot ask for a kept drawing
  // buffer: frames redraw only what changed (render_gate.hpp). No alpha (the page composites
  // an opaque canvas), no depth or stencil (ImGui draws in order), no multisampling.
  EmscriptenWebGLContextAttributes attrs;
  emscripten_webgl_init_context_attributes(&attrs);
  attrs.majorVersion = 2;
  attrs.alpha = false;
  attrs.depth = false;
  attrs.stencil = false;
  attrs.antialias = false;
  attrs.preserveDrawingBuffer = true;
  const EMSCRIPTEN_WEBGL_CONTEXT_HANDLE gl = emscripten_webgl_create_context("#canvas", &attrs);
  if (!g_window || gl <= 0) {
    std::printf("tilewise: no WebGL2 context: %s\n", SDL_GetError());
    return 1;
  }
  emscripten_webgl_make_context_current(gl);
  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;  // no filesystem in the browser
  io.ConfigFlags |= ImGuiConfigFlags_NavEnableKeyboard;
  ImGui_ImplSDL2_InitForOpenGL(g_window, nullptr);
  ImGui_ImplOpenGL3_Init("#version 300 es");
  tilewise::app::init_text_entry();
  tilewise::app::init();
  emscripten_set_main_loop(main_loop, 0, true);
  return 0;
}
