// Draws a frame only where its picture changed. The ImGui frame is built every time (input is
// read at the display's rate), but an unchanged picture issues no WebGL call, so the browser
// has nothing new to composite, and a small change (the solver panel's live figures) redraws
// only the rectangle of the triangles that changed, in the kept drawing buffer. Under software
// WebGL (headless Chromium, SwiftShader) every pixel drawn costs CPU the search workers share.
#pragma once

#include <cstdint>
#include <vector>

struct ImDrawData;
struct ImDrawList;

namespace tilewise::app {

struct Rect {
  float x0 = 0, y0 = 0, x1 = 0, y1 = 0;  // display coordinates; empty when x1 <= x0
  bool empty() const { return x1 <= x0 || y1 <= y0; }
};

struct DrawPlan {
  bool draw = false;  // false: the picture on screen is this frame's
  bool full = true;   // true: clear and draw everything; false: only inside `area`
  Rect area;
};

// Hash of one draw list's vertices, indices and commands (clip rectangles, textures, ranges).
std::uint64_t draw_list_hash(const ImDrawData& data, int list);

class RenderGate {
 public:
  // What to draw of this frame: everything for the first frame, a forced one (the canvas
  // was resized or the font texture rebuilt) or when the draw lists changed in number;
  // otherwise the rectangle of the triangles that differ in the draw lists that changed.
  DrawPlan plan(const ImDrawData& data, bool force);

 private:
  struct Command {  // the fields of an ImDrawCmd that decide its pixels
    float clip[4] = {0, 0, 0, 0};
    void* texture = nullptr;
    unsigned vtx_offset = 0, idx_offset = 0, elem_count = 0;
  };
  struct ListState {
    std::uint64_t hash = 0;
    // The list as drawn, to find which of its triangles changed next time.
    std::vector<std::uint32_t> vertex_words;  // every vertex's bytes (ImDrawVert), to compare
    std::vector<unsigned> indices;
    std::vector<Command> commands;
  };
  // The rectangle covering the triangles of `now` and `old` that are not the same in both.
  static Rect changed_area(const ListState& old, const ListState& now);
  static ListState capture(const ImDrawList& list, std::uint64_t hash);
  std::vector<ListState> lists_;
  bool drawn_ = false;
  float width_ = 0, height_ = 0;
};

// Framebuffer pixels [x0, x1) x [y0, y1), rows counted from the top.
struct PixelBox {
  int x0 = 0, y0 = 0, x1 = 0, y1 = 0;
  bool empty() const { return x1 <= x0 || y1 <= y0; }
};

// The whole framebuffer pixels that cover `area` (display coordinates), within the
// framebuffer: what a partial frame clears.
PixelBox area_pixels(const ImDrawData& data, const Rect& area);

// Limits every draw command of `data` to `box`: each command then draws exactly the pixels of
// `box` that it draws in a full frame (its scissor as the OpenGL3 backend makes it from its clip
// rectangle, intersected with `box`), so a partial frame leaves the picture of a full one.
// Commands left with nothing are skipped by the renderer.
void clip_draw_data(ImDrawData& data, const PixelBox& box);

}  // namespace tilewise::app
