// The pictures on tile sides: each motif has a simple shape (circle, diamond, square, star,
// hexagon, plus, cross; more motifs cycle through them) centred on the edge's midpoint, and a
// tile draws the half of it inside its own cell, so two matched neighbours show one whole
// shape across their shared edge. The colour-blind look adds a pattern per motif.
#pragma once

#include "imgui.h"

namespace tilewise::app {

// How a half is filled: kSolid (a "+" half: a dark shade of the motif's colour), kLight (a
// "-" half: a pale tint of it), kSame (colours that meet their like: both halves alike).
enum class HalfFill { kSolid, kLight, kSame };

// The shape's radius on a tile `cell` px wide; 0 where a tile is too small for shapes.
float motif_shape_radius(float cell);

// "circle", "diamond", ...: motif `motif`'s shape (1-based) in words.
const char* motif_shape_name(int motif);

// A frame on a tile's side: `mid` the edge's midpoint, `along` the edge's direction (the
// same for both tiles sharing it: rightwards or downwards on the screen), `inward` the unit
// normal pointing into the tile.
struct EdgeFrame {
  ImVec2 mid, along, inward;
};

// The half of motif `motif`'s shape on the `inward` side of the edge, `radius` px from `mid`.
void draw_motif_half(ImDrawList* dl, const EdgeFrame& f, int motif, HalfFill fill, float radius,
                     ImU32 colour);

// The colour-blind look's pattern of motif `motif` (stripes, dots, hatching, rings, ...) laid
// out from the frame `f`, inside the convex polygon `clip` (`n` points), over `colour`.
void draw_motif_pattern(ImDrawList* dl, const ImVec2* clip, int n, const EdgeFrame& f, int motif,
                        float cell, ImU32 colour);

}  // namespace tilewise::app
