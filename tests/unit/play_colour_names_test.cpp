#include <gtest/gtest.h>

#include <cstdlib>

#include "core/edge/model/format.hpp"
#include "core/play/colour_names.hpp"
#include "test_data.hpp"

namespace tilewise {
namespace {

bool same(std::optional<Rgb> a, std::optional<Rgb> b) {
  return a && b && a->r == b->r && a->g == b->g && a->b == b->b;
}

TEST(PlayColourNames, FindsTheColourWordInAName) {
  EXPECT_TRUE(same(colour_for_name("Golden Retriever"), colour_for_name("gold")));
  EXPECT_TRUE(same(colour_for_name("Chocolate Lab"), colour_for_name("CHOCOLATE")));
  EXPECT_TRUE(same(colour_for_name("dark-blue"), colour_for_name("blue")));
  EXPECT_FALSE(colour_for_name("FRONT").has_value());
  EXPECT_FALSE(colour_for_name("").has_value());
  EXPECT_FALSE(colour_for_name("bluebird").has_value());  // whole words only
}

// The named shades differ from each other (the seed 001 dogs: Golden vs Yellow, Black vs
// Chocolate) and from the board's background (#212328) by a visible margin.
TEST(PlayColourNames, ShadesStayApart) {
  const char* names[] = {"red",  "green",   "blue",      "yellow", "purple", "orange",
                         "pink", "brown",   "black",     "white",  "grey",   "gold",
                         "cyan", "magenta", "chocolate", "lime",   "navy",   "turquoise"};
  auto distance = [](Rgb a, Rgb b) {
    return std::abs(a.r - b.r) + std::abs(a.g - b.g) + std::abs(a.b - b.b);
  };
  const Rgb background{0x21, 0x23, 0x28};
  for (const char* a : names) {
    ASSERT_TRUE(colour_for_name(a)) << a;
    EXPECT_GT(distance(*colour_for_name(a), background), 60) << a;
    for (const char* b : names) {
      if (a != b) {
        EXPECT_GT(distance(*colour_for_name(a), *colour_for_name(b)), 40) << a << " " << b;
      }
    }
  }
}

// The card format names motifs by their colour words: each motif's name gives its colour.
TEST(PlayColourNames, CardColoursComeFromTheirWords) {
  const std::string path = testing::source_path("assets/puzzles/cards_2x2.txt");
  const Result<EdgePuzzle> p = parse_puzzle(testing::read_file(path), path);
  ASSERT_TRUE(p);
  ASSERT_EQ(p->motif_names.size(), 4u);
  // Tile 1 is written HEAD-GREEN HEAD-GREEN TAIL-YELLOW HEAD-RED.
  const auto& s = p->tiles[0].sides;
  EXPECT_TRUE(same(colour_for_name(p->motif_names[std::abs(s[0]) - 1]), colour_for_name("green")));
  EXPECT_TRUE(same(colour_for_name(p->motif_names[std::abs(s[2]) - 1]), colour_for_name("yellow")));
  EXPECT_TRUE(same(colour_for_name(p->motif_names[std::abs(s[3]) - 1]), colour_for_name("red")));
}

}  // namespace
}  // namespace tilewise
