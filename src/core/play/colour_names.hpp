// Colours named by a puzzle ("blue", "HEAD-GREEN", "Golden Retriever", "Chocolate Lab"):
// the board draws a motif in the colour its name says, in a shade that reads on the dark
// board. Platform-free.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace tilewise {

struct Rgb {
  std::uint8_t r = 0, g = 0, b = 0;
};

// The first word of `name` (words = runs of letters, any case) that names a colour, as a
// readable shade (black is drawn dark grey, white light grey); nothing when no word does.
std::optional<Rgb> colour_for_name(std::string_view name);

}  // namespace tilewise
