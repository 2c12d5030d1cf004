// The shell: SDL2 window + WebGL2 context + Dear ImGui, one frame function handed to
// emscripten_set_main_loop. Everything the user sees is in app.cpp.
#include <SDL.h>
#include <SDL_opengles2.h>
#include <emscripten.h>
#include <emscripten/html5.h>

#include <cstdio>

#include "app/app.hpp"
#include "imgui.h"
#include "imgui_impl_opengl3.h"
#include "imgui_impl_sdl.h"

namespace {

SDL_Window* g_window = nullptr;
SDL_GLContext g_gl = nullptr;
float g_font_scale = 0;

// Keep the canvas at the page size times the device pixel ratio (sharp on high-DPI screens).
void fit_canvas() {
  double css_w = 0, css_h = 0;
  emscripten_get_element_css_size("#canvas", &css_w, &css_h);
  const double ratio = emscripten_get_device_pixel_ratio();
  const int w = static_cast<int>(css_w), h = static_cast<int>(css_h);
  int cur_w = 0, cur_h = 0;
  SDL_GetWindowSize(g_window, &cur_w, &cur_h);
  if (cur_w != w || cur_h != h) SDL_SetWindowSize(g_window, w, h);
  ImGuiIO& io = ImGui::GetIO();
  const float scale = static_cast<float>(ratio < 1 ? 1 : ratio);
  if (scale != g_font_scale) {  // a crisp font at the device's pixel density
    g_font_scale = scale;
    io.Fonts->Clear();
    ImFontConfig config;
    config.SizePixels = 15.0f * scale;
    io.Fonts->AddFontDefault(&config);
    io.FontGlobalScale = 1.0f / scale;
    ImGui_ImplOpenGL3_DestroyFontsTexture();
    ImGui_ImplOpenGL3_CreateFontsTexture();
    ImGui::GetStyle().ScaleAllSizes(1.0f);
  }
}

void main_loop() {
  fit_canvas();
  SDL_Event event;
  while (SDL_PollEvent(&event)) ImGui_ImplSDL2_ProcessEvent(&event);
  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplSDL2_NewFrame();
  ImGui::NewFrame();
  tilewise::app::frame();
  ImGui::Render();
  ImGuiIO& io = ImGui::GetIO();
  glViewport(0, 0, static_cast<int>(io.DisplaySize.x * io.DisplayFramebufferScale.x),
             static_cast<int>(io.DisplaySize.y * io.DisplayFramebufferScale.y));
  const ImVec4 bg = ImGui::GetStyle().Colors[ImGuiCol_WindowBg];  // windows over it draw none
  glClearColor(bg.x, bg.y, bg.z, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
  SDL_GL_SwapWindow(g_window);
}

}  // namespace

int main(int, char**) {
  if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_TIMER) != 0) {
    std::printf("tilewise: SDL_Init failed: %s\n", SDL_GetError());
    return 1;
  }
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_FLAGS, 0);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, SDL_GL_CONTEXT_PROFILE_ES);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 0);
  SDL_GL_SetAttribute(SDL_GL_DOUBLEBUFFER, 1);
  SDL_GL_SetAttribute(SDL_GL_DEPTH_SIZE, 0);  // ImGui draws in order: no depth buffer to clear
  SDL_SetHint(SDL_HINT_EMSCRIPTEN_KEYBOARD_ELEMENT, "#canvas");
  g_window = SDL_CreateWindow("Tilewise", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, 1280, 800,
                              SDL_WINDOW_OPENGL | SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI);
  g_gl = SDL_GL_CreateContext(g_window);
  if (!g_window || !g_gl) {
    std::printf("tilewise: no WebGL2 context: %s\n", SDL_GetError());
    return 1;
  }
  SDL_GL_MakeCurrent(g_window, g_gl);
  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;  // no filesystem in the browser
  io.ConfigFlags |= ImGuiConfigFlags_NavEnableKeyboard;
  ImGui::StyleColorsDark();
  ImGui_ImplSDL2_InitForOpenGL(g_window, g_gl);
  ImGui_ImplOpenGL3_Init("#version 300 es");
  tilewise::app::init();
  emscripten_set_main_loop(main_loop, 0, true);
  return 0;
}
