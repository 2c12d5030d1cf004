#include "app/render_gate.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "imgui.h"

namespace tilewise::app {
namespace {

class Hasher {
 public:
  void bytes(const void* data, size_t n) {
    const auto* p = static_cast<const unsigned char*>(data);
    for (; n >= 8; n -= 8, p += 8) {
      std::uint64_t w = 0;
      std::memcpy(&w, p, 8);
      word(w);
    }
    std::uint64_t tail = n;  // the length too, so "ab" + "" and "a" + "b" differ
    for (size_t k = 0; k < n; ++k) tail = tail << 8 | p[k];
    word(tail);
  }
  template <typename T>
  void value(const T& v) {
    bytes(&v, sizeof v);
  }
  void word(std::uint64_t w) {
    h_ ^= w * 0x9E3779B97F4A7C15ull;
    h_ = (h_ << 27 | h_ >> 37) * 0xC2B2AE3D27D4EB4Full;
  }
  std::uint64_t result() const { return h_ ^ h_ >> 31; }

 private:
  std::uint64_t h_ = 0x2545F4914F6CDD1Dull;
};

Rect unite(const Rect& a, const Rect& b) {
  if (a.empty()) return b;
  if (b.empty()) return a;
  return Rect{std::min(a.x0, b.x0), std::min(a.y0, b.y0), std::max(a.x1, b.x1),
              std::max(a.y1, b.y1)};
}

}  // namespace

std::uint64_t draw_list_hash(const ImDrawData& data, int n) {
  const ImDrawList& list = *data.CmdLists[n];
  Hasher h;
  h.value(list.VtxBuffer.Size);
  h.bytes(list.VtxBuffer.Data, sizeof(ImDrawVert) * static_cast<size_t>(list.VtxBuffer.Size));
  h.value(list.IdxBuffer.Size);
  h.bytes(list.IdxBuffer.Data, sizeof(ImDrawIdx) * static_cast<size_t>(list.IdxBuffer.Size));
  h.value(list.CmdBuffer.Size);
  for (const ImDrawCmd& cmd : list.CmdBuffer) {
    h.value(cmd.ClipRect);
    h.value(cmd.TextureId);
    h.value(cmd.VtxOffset);
    h.value(cmd.IdxOffset);
    h.value(cmd.ElemCount);
    h.value(cmd.UserCallback != nullptr);
  }
  return h.result();
}

RenderGate::ListState RenderGate::capture(const ImDrawList& list, std::uint64_t hash) {
  ListState s;
  s.hash = hash;
  const size_t words = sizeof(ImDrawVert) / 4;
  s.vertex_words.resize(static_cast<size_t>(list.VtxBuffer.Size) * words);
  if (!s.vertex_words.empty())
    std::memcpy(s.vertex_words.data(), list.VtxBuffer.Data, s.vertex_words.size() * 4);
  s.indices.assign(list.IdxBuffer.begin(), list.IdxBuffer.end());
  for (const ImDrawCmd& cmd : list.CmdBuffer) {
    Command c;
    c.clip[0] = cmd.ClipRect.x, c.clip[1] = cmd.ClipRect.y;
    c.clip[2] = cmd.ClipRect.z, c.clip[3] = cmd.ClipRect.w;
    c.texture = cmd.TextureId;
    c.vtx_offset = cmd.VtxOffset, c.idx_offset = cmd.IdxOffset, c.elem_count = cmd.ElemCount;
    s.commands.push_back(c);
  }
  return s;
}

// A triangle is the same in both lists when it sits in the index buffers' common prefix,
// in a command drawn the same way (clip rectangle, texture, offsets), and its three vertices
// are in the vertex buffers' common prefix. Every other triangle, old or new, is damage.
Rect RenderGate::changed_area(const ListState& old, const ListState& now) {
  const size_t words = sizeof(ImDrawVert) / 4;
  const size_t old_n = old.vertex_words.size() / words, new_n = now.vertex_words.size() / words;
  size_t same_vertices = 0;  // the common prefix of the vertex buffers
  while (same_vertices < std::min(old_n, new_n) &&
         std::memcmp(&old.vertex_words[same_vertices * words],
                     &now.vertex_words[same_vertices * words], words * 4) == 0)
    ++same_vertices;
  size_t same_indices = 0;
  while (same_indices < std::min(old.indices.size(), now.indices.size()) &&
         old.indices[same_indices] == now.indices[same_indices])
    ++same_indices;
  auto same_way = [](const Command& a, const Command& b) {
    return std::equal(a.clip, a.clip + 4, b.clip) && a.texture == b.texture &&
           a.vtx_offset == b.vtx_offset && a.idx_offset == b.idx_offset;
  };
  Rect area;
  auto add_changed = [&](const ListState& list, const ListState& other) {
    for (size_t c = 0; c < list.commands.size(); ++c) {
      const Command& cmd = list.commands[c];
      const bool cmd_same = c < other.commands.size() && same_way(cmd, other.commands[c]);
      for (unsigned e = 0; e + 2 < cmd.elem_count; e += 3) {
        const size_t first = cmd.idx_offset + e;
        if (first + 3 > list.indices.size()) break;
        size_t v[3];
        for (int k = 0; k < 3; ++k) v[k] = cmd.vtx_offset + list.indices[first + k];
        const bool same = cmd_same && first + 3 <= same_indices && v[0] < same_vertices &&
                          v[1] < same_vertices && v[2] < same_vertices;
        if (same) continue;
        for (size_t k : v) {
          if ((k + 1) * words > list.vertex_words.size()) continue;
          ImDrawVert vert;  // its position is the vertex's first two floats
          std::memcpy(&vert, &list.vertex_words[k * words], sizeof vert);
          const float x = vert.pos.x, y = vert.pos.y;
          area = unite(
              area, Rect{std::floor(x) - 1, std::floor(y) - 1, std::ceil(x) + 1, std::ceil(y) + 1});
        }
      }
    }
  };
  add_changed(old, now);
  add_changed(now, old);
  return area;
}

DrawPlan RenderGate::plan(const ImDrawData& data, bool force) {
  std::vector<std::uint64_t> hashes(static_cast<size_t>(data.CmdListsCount));
  for (int n = 0; n < data.CmdListsCount; ++n) hashes[n] = draw_list_hash(data, n);
  DrawPlan plan;
  const bool same_shape = drawn_ && hashes.size() == lists_.size() &&
                          width_ == data.DisplaySize.x && height_ == data.DisplaySize.y;
  if (force || !same_shape) {
    plan.draw = true;
    lists_.clear();
    for (int n = 0; n < data.CmdListsCount; ++n)
      lists_.push_back(capture(*data.CmdLists[n], hashes[n]));
  } else {
    for (size_t n = 0; n < hashes.size(); ++n) {
      if (hashes[n] == lists_[n].hash) continue;
      ListState now = capture(*data.CmdLists[static_cast<int>(n)], hashes[n]);
      plan.area = unite(plan.area, changed_area(lists_[n], now));
      lists_[n] = std::move(now);
    }
    plan.draw = !plan.area.empty();
    plan.full = false;
  }
  if (plan.draw) {
    drawn_ = true;
    width_ = data.DisplaySize.x;
    height_ = data.DisplaySize.y;
  }
  return plan;
}

namespace {

int framebuffer_width(const ImDrawData& data) {  // as the backend rounds it
  return static_cast<int>(data.DisplaySize.x * data.FramebufferScale.x);
}

int framebuffer_height(const ImDrawData& data) {
  return static_cast<int>(data.DisplaySize.y * data.FramebufferScale.y);
}

// The pixels of a clip rectangle's scissor, by the arithmetic of imgui_impl_opengl3.cpp (1.86):
// glScissor((int)min.x, (int)(fb_height - max.y), (int)(max.x - min.x), (int)(max.y - min.y))
// with min/max the rectangle's corners in framebuffer units. The width is truncated apart from
// the left edge, so at a fractional scale (1.5) a scissor can end a pixel before the rounded
// corner: a partial frame must not guess it from the rectangle.
PixelBox backend_scissor(const ImDrawData& data, const ImVec4& clip) {
  const ImVec2 off = data.DisplayPos, scale = data.FramebufferScale;
  const float min_x = (clip.x - off.x) * scale.x, min_y = (clip.y - off.y) * scale.y;
  const float max_x = (clip.z - off.x) * scale.x, max_y = (clip.w - off.y) * scale.y;
  if (max_x <= min_x || max_y <= min_y) return {};
  const int fb_height = framebuffer_height(data);
  const int x = static_cast<int>(min_x), width = static_cast<int>(max_x - min_x);
  const int gl_y = static_cast<int>(static_cast<float>(fb_height) - max_y);
  const int height = static_cast<int>(max_y - min_y);
  return PixelBox{x, fb_height - gl_y - height, x + width, fb_height - gl_y};
}

// A clip rectangle from which that arithmetic gives exactly `box` (non-negative, inside the
// framebuffer): each corner a quarter or a half pixel off the edge, so that truncation lands on
// it whatever the float rounding of the scale.
ImVec4 clip_of(const ImDrawData& data, const PixelBox& box) {
  if (box.empty()) return ImVec4(0, 0, 0, 0);
  const ImVec2 off = data.DisplayPos, scale = data.FramebufferScale;
  const float min_x = static_cast<float>(box.x0) + 0.25f, max_x = static_cast<float>(box.x1) + 0.5f;
  const float min_y = static_cast<float>(box.y0) - 0.5f, max_y = static_cast<float>(box.y1) - 0.25f;
  return ImVec4(min_x / scale.x + off.x, min_y / scale.y + off.y, max_x / scale.x + off.x,
                max_y / scale.y + off.y);
}

PixelBox intersect(const PixelBox& a, const PixelBox& b) {
  return PixelBox{std::max(a.x0, b.x0), std::max(a.y0, b.y0), std::min(a.x1, b.x1),
                  std::min(a.y1, b.y1)};
}

}  // namespace

PixelBox area_pixels(const ImDrawData& data, const Rect& area) {
  const ImVec2 off = data.DisplayPos, scale = data.FramebufferScale;
  const PixelBox covering{static_cast<int>(std::floor((area.x0 - off.x) * scale.x)),
                          static_cast<int>(std::floor((area.y0 - off.y) * scale.y)),
                          static_cast<int>(std::ceil((area.x1 - off.x) * scale.x)),
                          static_cast<int>(std::ceil((area.y1 - off.y) * scale.y))};
  return intersect(covering, PixelBox{0, 0, framebuffer_width(data), framebuffer_height(data)});
}

void clip_draw_data(ImDrawData& data, const PixelBox& box) {
  for (int n = 0; n < data.CmdListsCount; ++n)
    for (ImDrawCmd& cmd : data.CmdLists[n]->CmdBuffer)
      cmd.ClipRect = clip_of(data, intersect(backend_scissor(data, cmd.ClipRect), box));
}

}  // namespace tilewise::app
