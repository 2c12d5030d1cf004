#include <gtest/gtest.h>

#include <cstdio>

#include "core/edge/model/format.hpp"
#include "core/edge/model/generator.hpp"
#include "core/link/codec.hpp"
#include "test_data.hpp"

namespace tilewise {
namespace {

EdgePuzzle example(const std::string& name) {
  const std::string path = testing::source_path("assets/puzzles/" + name);
  return *parse_puzzle(testing::read_file(path), name);
}

void expect_same(const EdgeShare& a, const EdgeShare& b) {
  EXPECT_EQ(format_puzzle(a.puzzle), format_puzzle(b.puzzle));
  ASSERT_EQ(a.arrangement.size(), b.arrangement.size());
  for (size_t i = 0; i < a.arrangement.size(); ++i) {
    EXPECT_EQ(a.arrangement[i].tile, b.arrangement[i].tile);
    if (a.arrangement[i].tile >= 0) {
      EXPECT_EQ(a.arrangement[i].rotation, b.arrangement[i].rotation);
    }
  }
}

TEST(LinkCodec, EveryEdgeFeatureRoundTrips) {
  for (std::uint64_t seed = 1; seed <= 60; ++seed) {
    GenerateOptions g;
    g.rows = 1 + static_cast<int>(seed % 16);
    g.cols = 1 + static_cast<int>((seed * 7) % 16);
    g.rule = seed % 2 ? MatchRule::kComplement : MatchRule::kEqual;
    g.border = seed % 4 == 0 ? BorderRule::kFrame0 : BorderRule::kFree;
    g.motifs = seed % 3 == 0 ? 1 : (g.rule == MatchRule::kComplement ? 26 : 300);
    g.seed = seed;
    g.fixed_hints = static_cast<int>(seed % 4);
    Result<EdgePuzzle> p = generate_puzzle(g);
    ASSERT_TRUE(p.ok()) << p.error().to_string();
    EdgeShare share{*p, {}};
    if (seed % 3 == 1) {  // a board arrangement with empty cells
      for (int c = 0; c < p->rows * p->cols; ++c)
        share.arrangement.push_back(c % 3 == 0 ? Placement{} : Placement{c, c % 4});
    }
    if (seed % 5 == 0) share.puzzle.name = "a puzzle #" + std::to_string(seed);
    if (seed % 7 == 0) share.puzzle.motif_names = {"red", "", "sky blue"};
    if (seed % 6 == 0)
      for (size_t t = 0; t < share.puzzle.tiles.size(); ++t) {
        char name[24];  // not "t" + std::to_string(...): GCC 12 warns of a false overlap
        std::snprintf(name, sizeof name, "t%zu", t * 3);
        share.puzzle.tiles[t].name = name;
      }
    if (seed % 11 == 0 && share.puzzle.tiles.size() <= 26)
      for (size_t t = 0; t < share.puzzle.tiles.size(); ++t)
        share.puzzle.tiles[t].name = std::string(1, 'A' + t);
    const std::string link = encode_link(share);
    Result<SharedPuzzle> back = decode_link(link);
    ASSERT_TRUE(back.ok()) << back.error().to_string();
    ASSERT_TRUE(std::holds_alternative<EdgeShare>(*back));
    expect_same(share, std::get<EdgeShare>(*back));
    EXPECT_EQ(std::get<EdgeShare>(*back).puzzle.motif_names, share.puzzle.motif_names);
  }
}

TEST(LinkCodec, BoxPuzzlesRoundTrip) {
  for (int n = box::kMinSize; n <= box::kMaxPageSize; ++n) {
    for (auto moves : {box::MoveSet::kClockwise, box::MoveSet::kBothDirections,
                       box::MoveSet::kBothDirectionsAndHalf}) {
      box::BoxPuzzle p{n, {}, {}, moves};
      for (int i = 0; i < n * n; ++i) {
        p.start.push_back(n * n - i);
        p.target.push_back((i * 5 + 1) % (n * n) + 1 == 0 ? 1 : i + 1);
      }
      Result<SharedPuzzle> back =
          decode_link("https://example.org/app/#" + encode_link(BoxShare{p}));
      ASSERT_TRUE(back.ok()) << back.error().to_string();
      const box::BoxPuzzle& q = std::get<BoxShare>(*back).puzzle;
      EXPECT_EQ(q.size, n);
      EXPECT_EQ(q.start, p.start);
      EXPECT_EQ(q.target, p.target);
      EXPECT_EQ(q.moves, moves);
    }
  }
}

// Golden links: if one of these changes, old links break. Add a new format version instead.
TEST(LinkCodec, GoldenLinksStayTheSame) {
  EXPECT_EQ(encode_link(EdgeShare{[] {
                                    EdgePuzzle p = example("seed000_mockup.txt");
                                    p.name.clear();
                                    p.motif_names.clear();
                                    return p;
                                  }(),
                                  {}}),
            "AQASCIQN0bjMsTqGd41aqFnTuYAAtqI");
  EXPECT_EQ(
      encode_link(BoxShare{
          {3, {7, 6, 5, 8, 4, 9, 3, 2, 1}, {1, 2, 3, 4, 5, 6, 7, 8, 9}, box::MoveSet::kClockwise}}),
      "AQAKSMqOcEIAJGis8CYo");
  const Result<SharedPuzzle> seed = decode_link("#AQASCIQN0bjMsTqGd41aqFnTuYAAtqI");
  ASSERT_TRUE(seed.ok());
  EXPECT_EQ(std::get<EdgeShare>(*seed).puzzle.tiles[4].name, "4");
  EXPECT_EQ(std::get<EdgeShare>(*seed).puzzle.tiles[4].sides, (std::array<Side, 4>{3, -4, -2, 4}));
}

TEST(LinkCodec, LinksAreShort) {
  EdgePuzzle dogs = example("seed001_dogs.txt");
  dogs.name.clear();  // as `tilewise link encode` does without --titles
  dogs.motif_names.clear();
  const std::string scramble = encode_link(EdgeShare{dogs, {}});
  EXPECT_LT(scramble.size() + 1, 100u);
  const std::string path = testing::shared_path("puzzles/external/e2_full_256.txt");
  if (!testing::exists(path))
    GTEST_SKIP() << testing::note_skipped("LinkCodec.LinksAreShort: the Eternity II link", path);
  const std::string e2 = encode_link(EdgeShare{*parse_puzzle(testing::read_file(path), "e2"), {}});
  EXPECT_LT(e2.size(), 2000u);  // a practical URL length
}

TEST(LinkCodec, BadLinksGetOneClearMessage) {
  const std::string good = encode_link(EdgeShare{example("seed001_dogs.txt"), {}});
  std::string altered = good;
  altered[10] = altered[10] == 'A' ? 'B' : 'A';
  std::string newer = good;
  newer[1] = 'A';  // the version byte's low bits live in the second character: version 0
  std::string future =
      encode_link(BoxShare{{2, {1, 2, 3, 4}, {1, 2, 3, 4}, box::MoveSet::kClockwise}});
  future[1] = 'g';  // version 2 (the second character carries the version's low bits)
  const std::pair<std::string, const char*> cases[] = {
      {"", "nothing after '#'"},
      {"https://example.org/#", "nothing after '#'"},
      {"#hello world", "character 6 is not in the link alphabet"},
      {"<script>alert(1)</script>", "character 1 is not in the link alphabet"},
      {"AQA", "the link is cut short"},
      {good.substr(0, good.size() - 4), "the link is cut short"},
      {good + "AAAA", "extra characters at its end"},
      {altered, "altered or damaged (checksum mismatch)"},
      {newer, "not a Tilewise link (unknown format 0)"},
      {future, "made by a newer Tilewise (link format 2"},
      {std::string(20000, 'A'), "too long"},
  };
  for (const auto& [link, message] : cases) {
    Result<SharedPuzzle> r = decode_link(link);
    ASSERT_FALSE(r.ok()) << link;
    EXPECT_NE(r.error().to_string().find(message), std::string::npos)
        << link << " -> " << r.error().to_string();
    EXPECT_EQ(r.error().to_string().rfind("link: ", 0), 0u);
  }
}

}  // namespace
}  // namespace tilewise
