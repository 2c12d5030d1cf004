#include "core/play/colour_names.hpp"

#include <array>
#include <cctype>
#include <string>

namespace tilewise {
namespace {

struct NamedColour {
  std::string_view word;
  Rgb rgb;
};

// Shades picked to stay apart from each other and from the board's dark background and
// marks (white rings, dark dots): gold leans orange so it is not yellow, black is a grey.
constexpr std::array<NamedColour, 33> kColours = {{
    {"red", {215, 55, 50}},       {"green", {60, 170, 75}},      {"blue", {55, 105, 220}},
    {"yellow", {240, 215, 55}},   {"purple", {145, 70, 190}},    {"violet", {160, 100, 220}},
    {"orange", {240, 140, 35}},   {"pink", {240, 130, 180}},     {"brown", {165, 105, 55}},
    {"chocolate", {105, 60, 35}}, {"black", {60, 60, 66}},       {"white", {225, 225, 225}},
    {"grey", {140, 140, 145}},    {"gray", {140, 140, 145}},     {"silver", {185, 190, 200}},
    {"gold", {205, 150, 35}},     {"golden", {205, 150, 35}},    {"cyan", {40, 195, 210}},
    {"teal", {30, 140, 140}},     {"turquoise", {60, 210, 190}}, {"magenta", {210, 60, 180}},
    {"navy", {40, 60, 140}},      {"sky", {110, 175, 235}},      {"lime", {160, 220, 60}},
    {"olive", {128, 128, 40}},    {"tan", {205, 170, 120}},      {"beige", {220, 205, 165}},
    {"cream", {240, 230, 190}},   {"maroon", {130, 30, 45}},     {"crimson", {200, 30, 60}},
    {"indigo", {85, 60, 170}},    {"lavender", {180, 160, 230}}, {"coral", {240, 120, 95}},
}};

}  // namespace

std::optional<Rgb> colour_for_name(std::string_view name) {
  std::string word;
  for (size_t i = 0; i <= name.size(); ++i) {
    const unsigned char c = i < name.size() ? static_cast<unsigned char>(name[i]) : ' ';
    if (std::isalpha(c)) {
      word.push_back(static_cast<char>(std::tolower(c)));
      continue;
    }
    for (const NamedColour& n : kColours)
      if (word == n.word) return n.rgb;
    word.clear();
  }
  return std::nullopt;
}

}  // namespace tilewise
