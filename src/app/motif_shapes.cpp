#include "app/motif_shapes.hpp"

#include <algorithm>
#include <cmath>

namespace tilewise::app {
namespace {

// A point in a frame's units: u along the edge, v into the tile, 1 = the shape's radius.
struct Uv {
  float u, v;
};

// A polygon of at most 50 corners (a circle has 48; clipping adds one).
struct Poly {
  Uv p[50];
  int n = 0;
  void add(Uv x) { p[n++] = x; }
};

constexpr float kPi = 3.14159265f;
constexpr int kShapes = 7;

// A shape: its outline and the convex pieces that fill it. Every shape is its own mirror
// image across the edge line (v -> -v) and along it (u -> -u): the halves of two matched
// tiles make it whole, and a turned tile shows the same half.
struct Shape {
  Poly outline;
  Poly pieces[5];
  int count = 0;
};

// A regular polygon (a corner at angle `start` from the edge line): one piece.
Shape regular(int n, float r, float start = 0) {
  Shape s;
  for (int k = 0; k < n; ++k) {
    const float a = start + 2 * kPi * static_cast<float>(k) / static_cast<float>(n);
    s.outline.add({r * std::cos(a), r * std::sin(a)});
  }
  s.pieces[s.count++] = s.outline;
  return s;
}

// Four arms `reach` long and `w` wide (0: pointed) from the centre at angles `turn` + k 90
// degrees, their sides meeting at `inner` from the centre: a plus, a cross, a star.
Shape arms(float turn, float reach, float w, float inner) {
  Shape s;
  Poly& centre = s.pieces[s.count++];
  for (int k = 0; k < 4; ++k) {
    const float a = turn + kPi / 2 * static_cast<float>(k);
    const Uv e{std::cos(a), std::sin(a)}, n{-e.v, e.u};  // the arm's way, and the next arm's
    auto at = [&](float along, float side) {
      return Uv{e.u * along + n.u * side, e.v * along + n.v * side};
    };
    const Uv right = at(reach, -w), left = at(reach, w), corner = at(inner, inner);
    const Uv before = at(inner, -inner);  // the corner with the arm before
    s.outline.add(right);
    s.outline.add(left);
    s.outline.add(corner);
    centre.add(corner);
    Poly& arm = s.pieces[s.count++];
    arm.add(before);
    arm.add(right);
    arm.add(left);
    arm.add(corner);
  }
  return s;
}

Shape shape_of(int motif, float radius) {
  switch ((motif - 1) % kShapes) {
    case 0:  // circle: enough corners to look round at this size
      return regular(std::clamp(static_cast<int>(radius * 0.9f) * 2, 12, 48), 0.95f);
    case 1:
      return regular(4, 1.15f);  // diamond
    case 2:
      return regular(4, 1.12f, kPi / 4);  // square
    case 3:
      return arms(0, 1.2f, 0, 0.3f);  // a four-pointed star
    case 4:
      return regular(6, 1.08f, kPi / 6);  // hexagon: a half is a pointed arch
    case 5:
      return arms(0, 1, 0.34f, 0.34f);  // plus
    default:
      return arms(kPi / 4, 1.0f, 0.24f, 0.24f);  // cross
  }
}

// The part of polygon `p` with v >= `from` (Sutherland-Hodgman, one edge).
Poly clip_half(const Poly& p, float from) {
  Poly out;
  for (int k = 0; k < p.n; ++k) {
    const Uv a = p.p[k], b = p.p[(k + 1) % p.n];
    const bool ain = a.v >= from, bin = b.v >= from;
    if (ain) out.add(a);
    if (ain != bin) {
      const float t = (from - a.v) / (b.v - a.v);
      out.add({a.u + (b.u - a.u) * t, from});
    }
  }
  return out;
}

ImVec2 at(const EdgeFrame& f, float scale, Uv p) {
  return ImVec2(f.mid.x + (f.along.x * p.u + f.inward.x * p.v) * scale,
                f.mid.y + (f.along.y * p.u + f.inward.y * p.v) * scale);
}

ImU32 mix(ImU32 c, float r, float g, float b, float t) {
  const ImVec4 v = ImGui::ColorConvertU32ToFloat4(c);
  return ImGui::GetColorU32(
      ImVec4(v.x + (r - v.x) * t, v.y + (g - v.y) * t, v.z + (b - v.z) * t, 1.0f));
}

float luminance(ImU32 c) {
  const ImVec4 v = ImGui::ColorConvertU32ToFloat4(c);
  return 0.299f * v.x + 0.587f * v.y + 0.114f * v.z;
}

float cross(ImVec2 o, ImVec2 a, ImVec2 b) {
  return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
}

// The sign of the convex polygon's area (1 or -1): which side of each of its edges is inside.
float winding(const ImVec2* poly, int n) {
  float area = 0;
  for (int k = 0; k < n; ++k) area += cross(poly[0], poly[k], poly[(k + 1) % n]);
  return area >= 0 ? 1.0f : -1.0f;
}

// Segment p-q clipped to the convex polygon of winding `sign` (Cyrus-Beck); false when
// nothing is left.
bool clip_segment(ImVec2& p, ImVec2& q, const ImVec2* poly, int n, float sign) {
  float t0 = 0, t1 = 1;
  const ImVec2 d(q.x - p.x, q.y - p.y);
  for (int k = 0; k < n; ++k) {
    const ImVec2 a = poly[k], b = poly[(k + 1) % n];
    // inside: sign * cross(a, b, x) >= 0, linear in t along p + t d.
    const float f0 = sign * cross(a, b, p);
    const float df = sign * ((b.x - a.x) * d.y - (b.y - a.y) * d.x);
    if (std::abs(df) < 1e-6f) {
      if (f0 < 0) return false;
      continue;
    }
    const float t = -f0 / df;
    if (df > 0)
      t0 = std::max(t0, t);
    else
      t1 = std::min(t1, t);
    if (t0 > t1) return false;
  }
  q = ImVec2(p.x + d.x * t1, p.y + d.y * t1);
  p = ImVec2(p.x + d.x * t0, p.y + d.y * t0);
  return true;
}

// Whether `x` lies inside the convex polygon of winding `sign`, at least `margin` from its sides.
bool inside(ImVec2 x, const ImVec2* poly, int n, float sign, float margin) {
  for (int k = 0; k < n; ++k) {
    const ImVec2 a = poly[k], b = poly[(k + 1) % n];
    const float len = std::hypot(b.x - a.x, b.y - a.y);
    if (len > 0 && sign * cross(a, b, x) / len < margin) return false;
  }
  return true;
}

}  // namespace

float motif_shape_radius(float cell) {
  return cell < 26 ? 0.0f : cell * 0.2f;
}

const char* motif_shape_name(int motif) {
  static const char* const kNames[kShapes] = {"circle",  "diamond", "square", "star",
                                              "hexagon", "plus",    "cross"};
  return motif <= 0 ? "" : kNames[(motif - 1) % kShapes];
}

void draw_motif_half(ImDrawList* dl, const EdgeFrame& f, int motif, HalfFill fill, float radius,
                     ImU32 colour) {
  if (motif <= 0 || radius <= 0) return;
  const Shape s = shape_of(motif, radius);
  // Light halves (and like colours) are pale; solid halves a dark shade of the colour, so
  // the two halves of a pair read apart and the whole shape still stands out of its wedges.
  const bool light = fill != HalfFill::kSolid;
  const ImU32 paint = light ? mix(colour, 1, 1, 1, 0.72f) : mix(colour, 0.05f, 0.05f, 0.08f, 0.5f);
  // The fill reaches a pixel over the edge: the neighbour drawn after covers the seam.
  const float over = -1.0f / radius;
  const ImDrawListFlags flags = dl->Flags;
  dl->Flags &= ~ImDrawListFlags_AntiAliasedFill;  // no seams between pieces (the outline hides
                                                  // the jagged rim)
  ImVec2 pts[50];
  for (int k = 0; k < s.count; ++k) {
    const Poly half = clip_half(s.pieces[k], over);
    if (half.n < 3) continue;
    for (int i = 0; i < half.n; ++i) pts[i] = at(f, radius, half.p[i]);
    dl->AddConvexPolyFilled(pts, half.n, paint);
  }
  dl->Flags = flags;
  // The outline, open along the edge line (the shape goes on in the neighbour's half).
  const Poly half = clip_half(s.outline, 0);
  const int n = half.n;
  if (n < 2) return;
  int start = 0;  // after the longest stretch on the edge line
  float longest = -1;
  for (int k = 0; k < n; ++k) {
    const Uv a = half.p[k], b = half.p[(k + 1) % n];
    if (std::abs(a.v) < 1e-4f && std::abs(b.v) < 1e-4f && std::abs(b.u - a.u) > longest) {
      longest = std::abs(b.u - a.u);
      start = (k + 1) % n;
    }
  }
  for (int k = 0; k < n; ++k) pts[k] = at(f, radius, half.p[(start + k) % n]);
  const float width = std::max(1.0f, radius * 0.08f);
  const ImU32 ink = IM_COL32(20, 20, 24, 255);
  if (s.count == 1 && s.outline.n > 8) {  // a circle: smooth joins
    dl->AddPolyline(pts, n, ink, 0, width);
    return;
  }
  // Round joins (a polyline's mitred joins spike out at the star's sharp corners).
  for (int k = 0; k + 1 < n; ++k) {
    dl->AddLine(pts[k], pts[k + 1], ink, width);
    if (k > 0 && width > 1.5f) dl->AddCircleFilled(pts[k], width / 2, ink, 8);
  }
}

void draw_motif_pattern(ImDrawList* dl, const ImVec2* clip, int n, const EdgeFrame& f, int motif,
                        float cell, ImU32 colour) {
  if (motif <= 0 || cell < 26) return;
  const ImU32 ink =
      luminance(colour) > 0.55f ? IM_COL32(0, 0, 0, 120) : IM_COL32(255, 255, 255, 140);
  const int kind = (motif - 1) % 8;
  const float sign = winding(clip, n);
  const float gap = std::max(5.0f, cell * (kind == 7 ? 0.16f : 0.09f));
  const float width = std::max(1.0f, cell * (kind == 7 ? 0.035f : 0.014f));
  const float reach = cell * 1.5f;  // past every corner of the clip
  const int lines = static_cast<int>(reach / gap) + 1;
  // A family of parallel lines, at `gap` from each other, along direction (du, dv).
  auto family = [&](float du, float dv) {
    const float len = std::hypot(du, dv);
    const Uv d{du / len, dv / len}, nrm{-d.v, d.u};
    for (int k = -lines; k <= lines; ++k) {
      const float o = gap * (static_cast<float>(k) + 0.5f);
      ImVec2 p = at(f, 1, {nrm.u * o - d.u * reach, nrm.v * o - d.v * reach});
      ImVec2 q = at(f, 1, {nrm.u * o + d.u * reach, nrm.v * o + d.v * reach});
      if (clip_segment(p, q, clip, n, sign)) dl->AddLine(p, q, ink, width);
    }
  };
  switch (kind) {
    case 0:
    case 7:
      family(1, 0);  // stripes along the edge (7: wide ones)
      break;
    case 1:  // dots
      for (int i = -lines; i <= lines; ++i)
        for (int j = 0; j <= lines; ++j) {
          const ImVec2 p =
              at(f, 1, {gap * static_cast<float>(i), gap * (static_cast<float>(j) + 0.5f)});
          if (inside(p, clip, n, sign, gap * 0.2f)) dl->AddCircleFilled(p, gap * 0.2f, ink, 8);
        }
      break;
    case 2:
      family(1, 1);  // diagonal stripes
      break;
    case 3:
      family(0, 1);  // stripes across the edge
      break;
    case 4:
      family(1, 1);  // diagonal hatching
      family(1, -1);
      break;
    case 5:  // rings round the edge's midpoint
      for (int k = 1; k <= lines; ++k) {
        const float r = gap * static_cast<float>(k);
        ImVec2 prev(0, 0);
        bool was = false;
        for (int s = 0; s <= 24; ++s) {
          const float a = kPi * static_cast<float>(s) / 24;
          const ImVec2 p = at(f, 1, {r * std::cos(a), r * std::sin(a)});
          const bool in = inside(p, clip, n, sign, 0);
          if (in && was) dl->AddLine(prev, p, ink, width);
          prev = p;
          was = in;
        }
      }
      break;
    default:
      family(1, 0);  // a grid
      family(0, 1);
      break;
  }
}

}  // namespace tilewise::app
