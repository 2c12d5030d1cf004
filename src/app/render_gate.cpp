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

Rect extent_of(const ImDrawList& list) {
  if (list.VtxBuffer.Size == 0) return {};
  Rect r{list.VtxBuffer[0].pos.x, list.VtxBuffer[0].pos.y, list.VtxBuffer[0].pos.x,
         list.VtxBuffer[0].pos.y};
  for (const ImDrawVert& v : list.VtxBuffer) {
    r.x0 = std::min(r.x0, v.pos.x);
    r.y0 = std::min(r.y0, v.pos.y);
    r.x1 = std::max(r.x1, v.pos.x);
    r.y1 = std::max(r.y1, v.pos.y);
  }
  // Whole pixels, one more on each side for anti-aliased fringes.
  return Rect{std::floor(r.x0) - 1, std::floor(r.y0) - 1, std::ceil(r.x1) + 1, std::ceil(r.y1) + 1};
}

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

DrawPlan RenderGate::plan(const ImDrawData& data, bool force) {
  std::vector<ListState> now(static_cast<size_t>(data.CmdListsCount));
  for (int n = 0; n < data.CmdListsCount; ++n)
    now[n] = ListState{draw_list_hash(data, n), extent_of(*data.CmdLists[n])};
  DrawPlan plan;
  const bool same_shape = drawn_ && now.size() == lists_.size() && width_ == data.DisplaySize.x &&
                          height_ == data.DisplaySize.y;
  if (force || !same_shape) {
    plan.draw = true;
  } else {
    for (size_t n = 0; n < now.size(); ++n)
      if (now[n].hash != lists_[n].hash)
        plan.area = unite(plan.area, unite(lists_[n].extent, now[n].extent));
    plan.draw = !plan.area.empty();
    plan.full = false;
  }
  if (plan.draw) {
    lists_ = std::move(now);
    drawn_ = true;
    width_ = data.DisplaySize.x;
    height_ = data.DisplaySize.y;
  }
  return plan;
}

void clip_draw_data(ImDrawData& data, const Rect& area) {
  for (int n = 0; n < data.CmdListsCount; ++n) {
    for (ImDrawCmd& cmd : data.CmdLists[n]->CmdBuffer) {
      cmd.ClipRect.x = std::max(cmd.ClipRect.x, area.x0);
      cmd.ClipRect.y = std::max(cmd.ClipRect.y, area.y0);
      cmd.ClipRect.z = std::min(cmd.ClipRect.z, area.x1);
      cmd.ClipRect.w = std::min(cmd.ClipRect.w, area.y1);
    }
  }
}

}  // namespace tilewise::app
