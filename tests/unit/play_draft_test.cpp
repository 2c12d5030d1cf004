#include <gtest/gtest.h>

#include "core/edge/model/format.hpp"
#include "core/link/codec.hpp"
#include "core/play/draft.hpp"

namespace tilewise {
namespace {

// A 3x3 copied side by side in reading order: 36 choices, no other step.
TEST(PlayDraft, ThirtySixChoicesCopyA3x3InReadingOrder) {
  Result<Draft> made = new_draft(3, 3, MatchRule::kComplement, false);
  ASSERT_TRUE(made) << made.error().to_string();
  Draft d = *made;
  EXPECT_EQ(open_sides(d), 36);
  EXPECT_EQ(d.tile, 0);
  EXPECT_EQ(d.side, kTop);
  EXPECT_EQ(draft_motifs(d), 4);
  std::vector<Side> wanted;
  for (int k = 0; k < 36; ++k) wanted.push_back((k % 2 ? -1 : 1) * (k % 4 + 1));
  for (int k = 0; k < 36; ++k) {
    EXPECT_EQ(d.tile * 4 + d.side, k);
    ASSERT_TRUE(fill_side(d, wanted[static_cast<size_t>(k)]));
  }
  EXPECT_EQ(d.tile, -1) << "nothing after the last side";
  EXPECT_FALSE(fill_side(d, 1));
  EXPECT_EQ(open_sides(d), 0);
  for (int k = 0; k < 36; ++k)
    EXPECT_EQ(d.puzzle.tiles[static_cast<size_t>(k / 4)].sides[static_cast<size_t>(k % 4)],
              wanted[static_cast<size_t>(k)]);
  name_draft(d, "  Frogs\nof the pond  ");
  Result<EdgePuzzle> p = finish_draft(d);
  ASSERT_TRUE(p) << p.error().to_string();
  EXPECT_EQ(p->name, "Frogs of the pond");
  EXPECT_EQ(p->motif_names, (std::vector<std::string>{"Red", "Green", "Blue", "Yellow"}));
  // The file and the link keep the name and the motifs' names.
  Result<EdgePuzzle> read = parse_puzzle(format_puzzle(*p), "x");
  ASSERT_TRUE(read) << read.error().to_string();
  EXPECT_EQ(read->name, p->name);
  EXPECT_EQ(read->motif_names, p->motif_names);
  Result<SharedPuzzle> linked = decode_link(encode_link(SharedPuzzle{EdgeShare{*p, {}}}));
  ASSERT_TRUE(linked) << linked.error().to_string();
  EXPECT_EQ(std::get<EdgeShare>(*linked).puzzle.name, p->name);
  EXPECT_EQ(std::get<EdgeShare>(*linked).puzzle.motif_names, p->motif_names);
}

TEST(PlayDraft, OpenSidesAreSaidNotPlayedAndAChoiceSkipsToTheNextOpenSide) {
  Draft d = *new_draft(2, 2, MatchRule::kComplement, false);
  ASSERT_TRUE(select_side(d, 1, kBottom));
  ASSERT_TRUE(fill_side(d, -2));
  EXPECT_EQ(d.tile, 1);
  EXPECT_EQ(d.side, kLeft);
  ASSERT_TRUE(fill_side(d, 3));
  EXPECT_EQ(d.tile, 2) << "the next open side: the third tile's top";
  EXPECT_EQ(d.side, kTop);
  Result<EdgePuzzle> early = finish_draft(d);
  ASSERT_FALSE(early);
  EXPECT_EQ(early.error().to_string(),
            "editor: 14 sides are not chosen yet: tap one, then pick its motif");
  // Filled sides are skipped: after the last open side the choice wraps to the first open one.
  ASSERT_TRUE(select_side(d, 3, kLeft));
  ASSERT_TRUE(fill_side(d, 1));
  EXPECT_EQ(d.tile, 0);
  EXPECT_EQ(d.side, kTop);
  EXPECT_FALSE(select_side(d, 4, kTop));
  EXPECT_FALSE(select_side(d, 0, 4));
}

TEST(PlayDraft, ChoicesMustBeTheDraftsMotifs) {
  Draft d = *new_draft(1, 2, MatchRule::kComplement, false);
  EXPECT_FALSE(fill_side(d, 0));
  EXPECT_FALSE(fill_side(d, 5));
  EXPECT_EQ(add_motif(d), 5);
  EXPECT_EQ(d.puzzle.motif_names.back(), "Orange");
  EXPECT_TRUE(fill_side(d, -5));
  Draft colours = *new_draft(2, 2, MatchRule::kEqual, true);
  EXPECT_EQ(open_sides(colours), 8) << "the frame's outer sides are grey already";
  EXPECT_EQ(colours.side, kRight);
  EXPECT_TRUE(fill_side(colours, 0));
  EXPECT_FALSE(fill_side(colours, -1));
  Draft full = *new_draft(1, 1, MatchRule::kComplement, false);
  while (add_motif(full) != 0) {
  }
  EXPECT_EQ(draft_motifs(full), 26);
}

TEST(PlayDraft, NamesAreCleanedAndColourWordsGiveTheColour) {
  Draft d = *new_draft(1, 1, MatchRule::kComplement, false);
  ASSERT_TRUE(name_motif(d, 1, "Red frog; A=b # x"));
  EXPECT_EQ(d.puzzle.motif_names[0], "Red frog  A b   x");
  EXPECT_FALSE(name_motif(d, 9, "x"));
  EXPECT_EQ(clean_name(std::string(60, 'x')).size(), kMaxDraftNameBytes);
  EXPECT_EQ(clean_name("   "), "");
  EXPECT_EQ(colour_word_of("Big red frog"), "red");
  EXPECT_EQ(colour_word_of("Frog"), "");
  EXPECT_EQ(recoloured_name("Red frog", "blue"), "Blue frog");
  EXPECT_EQ(recoloured_name("big red frog", "green"), "big green frog");
  EXPECT_EQ(recoloured_name("Frog", "green"), "Green frog");
  EXPECT_EQ(recoloured_name("", "pink"), "Pink");
  EXPECT_EQ(colour_word_of(recoloured_name("Frog", "grey")), "grey");
}

TEST(PlayDraft, APuzzleToChangeKeepsItsNamesAndDropsUnusedMotifs) {
  EdgePuzzle p = *finish_draft([] {
    Draft d = *new_draft(1, 2, MatchRule::kComplement, false);
    for (Side s : {1, 2, -1, -2, 1, 2, -1, -2}) fill_side(d, s);
    name_draft(d, "Pair");
    return d;
  }());
  EXPECT_EQ(p.motif_names, (std::vector<std::string>{"Red", "Green"})) << "Blue, Yellow unused";
  Draft again = draft_of(p);
  EXPECT_EQ(open_sides(again), 0);
  EXPECT_EQ(again.tile, 0);
  ASSERT_TRUE(fill_side(again, -2));
  EXPECT_EQ(again.side, kRight);
  Result<EdgePuzzle> changed = finish_draft(again);
  ASSERT_TRUE(changed);
  EXPECT_EQ(changed->tiles[0].sides[kTop], -2);
  EXPECT_EQ(changed->name, "Pair");
}

}  // namespace
}  // namespace tilewise
