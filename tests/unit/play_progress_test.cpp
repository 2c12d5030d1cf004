#include <gtest/gtest.h>

#include <set>

#include "core/edge/model/format.hpp"
#include "core/edge/model/generator.hpp"
#include "core/play/board.hpp"
#include "core/play/progress.hpp"
#include "test_data.hpp"

namespace tilewise {
namespace {

EdgePuzzle frogs() {
  const std::string path = testing::source_path("assets/puzzles/scramble_albznw_frogs.txt");
  return *parse_puzzle(testing::read_file(path), path);
}

bool same(const std::vector<Placement>& a, const std::vector<Placement>& b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (a[i].tile != b[i].tile || a[i].rotation != b[i].rotation) return false;
  return true;
}

SavedGame game_of(const EdgePuzzle& p, std::uint64_t seed) {
  SavedGame g;
  g.key = puzzle_key(p);
  g.puzzle = format_puzzle(p);
  g.file = "scramble_albznw_frogs.txt";
  g.title = "Frogs";
  g.seed = seed;
  g.start = shuffled_start(p, seed);
  PlayBoard b(p);
  b.start_from(g.start);
  b.rotate(0, 1);
  b.swap(1, 5);
  b.take_to_tray(4);
  g.cells = b.cells();
  g.moves = 3;
  g.play_ms = 65432.5;
  return g;
}

TEST(PlayProgress, RoundTripsGamesAndBestTimes) {
  const EdgePuzzle p = frogs();
  ProgressBook book;
  book.put(game_of(p, 77));
  EXPECT_TRUE(book.record_solve(book.games[0].key, 90000, 40));
  EXPECT_FALSE(book.record_solve(book.games[0].key, 95000, 30));  // slower: not a best
  EXPECT_TRUE(book.record_solve(book.games[0].key, 80000, 50));
  const Result<ProgressBook> again = read_progress(write_progress(book), "saved");
  ASSERT_TRUE(again) << again.error().to_string();
  ASSERT_EQ(again->games.size(), 1u);
  const SavedGame& g = again->games[0];
  EXPECT_EQ(g.key, book.games[0].key);
  EXPECT_EQ(g.title, "Frogs");
  EXPECT_EQ(g.moves, 3);
  EXPECT_DOUBLE_EQ(g.play_ms, 65432.5);
  EXPECT_EQ(g.seed, 77u);
  EXPECT_TRUE(same(g.start, book.games[0].start));
  EXPECT_TRUE(same(g.cells, book.games[0].cells));
  EXPECT_EQ(g.cells[4].tile, -1);  // the tray tile stays in the tray
  ASSERT_EQ(again->best.count(g.key), 1u);
  EXPECT_DOUBLE_EQ(again->best.at(g.key).ms, 80000);
  EXPECT_EQ(again->best.at(g.key).moves, 50);
  ASSERT_TRUE(parse_puzzle(g.puzzle, "again"));
}

TEST(PlayProgress, KeepsTheMostRecentFirstAndAtMostTheCap) {
  ProgressBook book;
  for (int k = 0; k < static_cast<int>(kMaxSavedGames) + 5; ++k) {
    GenerateOptions o;
    o.seed = static_cast<std::uint64_t>(k + 1);
    const EdgePuzzle p = *generate_puzzle(o);
    book.put(game_of(p, 1));
  }
  EXPECT_EQ(book.games.size(), kMaxSavedGames);
  GenerateOptions o;
  o.seed = 1;  // the oldest was dropped
  EXPECT_EQ(book.find(puzzle_key(*generate_puzzle(o))), nullptr);
  o.seed = 20;  // played again: first, once
  SavedGame again = game_of(*generate_puzzle(o), 2);
  book.put(again);
  EXPECT_EQ(book.games.size(), kMaxSavedGames);
  EXPECT_EQ(book.games[0].key, again.key);
  EXPECT_EQ(book.games[0].seed, 2u);
}

TEST(PlayProgress, TheKeyIgnoresNamesButNotTiles) {
  EdgePuzzle p = frogs();
  const std::string key = puzzle_key(p);
  p.name = "another name";
  p.motif_names.clear();
  EXPECT_EQ(puzzle_key(p), key);
  std::swap(p.tiles[0].sides[0], p.tiles[0].sides[1]);
  EXPECT_NE(puzzle_key(p), key);
  EXPECT_EQ(key.size(), 16u);
}

// Whatever the storage holds, reading it gives the book or one error saying where and why.
TEST(PlayProgress, RefusesBadTextWithWhereAndWhy) {
  const EdgePuzzle p = frogs();
  ProgressBook book;
  book.put(game_of(p, 5));
  const std::string good = write_progress(book);
  struct Case {
    std::string text, says;
  };
  auto replaced = [&](const std::string& from, const std::string& to) {
    std::string t = good;
    const size_t at = t.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    return at == std::string::npos ? t : t.replace(at, from.size(), to);
  };
  const std::vector<Case> cases = {
      {"", "not JSON"},
      {"{\"version\":1,", "not JSON"},
      {"[1,2]", "not a JSON object"},
      {"{\"games\":[]}", "no version"},
      {"{\"version\":9,\"games\":[],\"best\":{}}", "version 9, expected 1"},
      {"{\"version\":1,\"games\":{},\"best\":{}}", "no list of games"},
      {replaced("\"moves\":3", "\"moves\":\"three\""), "game 1 (Frogs): 'moves'"},
      {replaced("\"moves\":3", "\"moves\":-4"), "moves out of range"},
      {replaced("\"seed\":\"", "\"seed\":\"zz"), "seed is not hex"},
      {replaced("\"key\":\"", "\"key\":\"0"), "the key is not its puzzle's"},
      {replaced("\"cells\":\"", "\"cells\":\"1/0 "), "board"},
      {replaced("\"start\":\"", "\"start\":\"x"), "start"},
      {replaced("size 3 3", "size 3 x"), "its puzzle"},
      {replaced("\"best\":{}", "\"best\":{\"k\":5}"), "best time of k"},
  };
  for (const Case& c : cases) {
    const Result<ProgressBook> r = read_progress(c.text, "saved games");
    ASSERT_FALSE(r) << c.text;
    EXPECT_EQ(r.error().where, "saved games") << c.text;
    EXPECT_NE(r.error().what.find(c.says), std::string::npos) << r.error().to_string();
  }
  EXPECT_TRUE(read_progress(good, "saved games"));
}

TEST(PlayProgress, ShuffledStartsAreSeededPermutationsThatAreNotSolved) {
  const EdgePuzzle p = frogs();
  std::set<std::string> starts;
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    const std::vector<Placement> a = shuffled_start(p, seed);
    EXPECT_TRUE(same(a, shuffled_start(p, seed)));  // the same seed, the same start
    std::set<int> tiles;
    std::string text;
    for (const Placement& c : a) {
      tiles.insert(c.tile);
      EXPECT_GE(c.rotation, 0);
      EXPECT_LE(c.rotation, 3);
      text += std::to_string(c.tile) + "/" + std::to_string(c.rotation) + " ";
    }
    EXPECT_EQ(tiles.size(), 9u);
    EXPECT_EQ(*tiles.begin(), 0);
    PlayBoard b(p);
    b.start_from(a);
    EXPECT_FALSE(b.solved());
    starts.insert(text);
  }
  EXPECT_GE(starts.size(), 19u);  // seeds give different starts
}

TEST(PlayProgress, ShuffledStartsKeepFixedTiles) {
  GenerateOptions o;
  o.rows = o.cols = 4;
  o.fixed_hints = 2;
  o.seed = 9;
  const EdgePuzzle p = *generate_puzzle(o);
  ASSERT_EQ(p.fixed.size(), 2u);
  const std::vector<Placement> a = shuffled_start(p, 3);
  for (const FixedTile& f : p.fixed) {
    EXPECT_EQ(a[static_cast<size_t>(f.row * p.cols + f.col)].tile, f.tile);
    EXPECT_EQ(a[static_cast<size_t>(f.row * p.cols + f.col)].rotation, f.rotation);
  }
}

TEST(PlayProgress, TheDailyPuzzleFollowsTheDate) {
  const auto a = daily_options("2026-11-28"), b = daily_options("2026-11-28"),
             c = daily_options("2026-11-29");
  ASSERT_TRUE(a && b && c);
  EXPECT_EQ(a->seed, b->seed);
  EXPECT_NE(a->seed, c->seed);
  const auto pa = generate_puzzle(*a), pc = generate_puzzle(*c);
  ASSERT_TRUE(pa && pc);
  EXPECT_EQ(format_puzzle(*pa), format_puzzle(*generate_puzzle(*b)));
  EXPECT_NE(puzzle_key(*pa), puzzle_key(*pc));
  for (const char* bad : {"", "28/11/2026", "2026-1-28", "2026-11-2x"}) {
    const auto r = daily_options(bad);
    ASSERT_FALSE(r) << bad;
    EXPECT_NE(r.error().what.find("YYYY-MM-DD"), std::string::npos);
  }
}

}  // namespace
}  // namespace tilewise
