// e2.bucas.name links: Joshua Blackwood's 470 board (as the viewer lists it, written with
// motifs_order=jblackwood) read back into the official pieces; round trips; bad links.
#include <gtest/gtest.h>

#include "core/edge/best/best_search.hpp"
#include "core/edge/model/format.hpp"
#include "core/edge/model/generator.hpp"
#include "core/link/bucas.hpp"
#include "edge_brute_force.hpp"
#include "test_data.hpp"

namespace tilewise {
namespace {

// From jfbucas/eternityII-viewer init.js (the site's list of known boards).
const std::string kBlackwood470 =
    "https://e2.bucas.name/#puzzle=Joshua_Blackwood_470&board_w=16&board_h=16&board_edges="
    "ajraaftjabvfafpbajefarcjablrajubafpjanefajmnabpjafebabifafsbaabfruratiouvvsiptuv"
    "ewstcugwlwouuicwpdlieiidmocipctoelecigoesccgbabcrifaootisddoudmdsggdlddgopddclup"
    "lmwlimemicswttpcehutotvhcwetbajvftratuttdchumstcgvvsdwvvdwvwuhewwluhedvlsmsdptem"
    "upwtvvdcepemjarprijatdoihltdtmolvwomvcwwvcieesscuhssvtihshltetehwdltdhcdeighrarc"
    "jhjaoelhtileoliiosclwcssitpcscptscicilmclshlehhslgvhcwvgppvwrafpjmbalhmmlluhimul"
    "cmimsggmpppgpmhpiovmmwpohsewhwqsvwiwvovwvqdofafqbgbamhtguqghucmqitecglstpeclhmse"
    "vlompgtlehvgqtohievtvpmedutpfafubhfatplhgiipmqgiemdqsdpmclidsgglodegtohdvohoocso"
    "vcucmgoctikgfafiflnalqpliluqghvlddwhpdqdikgdgepkewiehodwhccosugcuuouoegukwlefarw"
    "nqnapdhqutkdvkqtwedkqswegpgspuopihpudqchcueqgqkuousqgpmulswprarsncnahqvckwoqqwuw"
    "dmewwvdmgttvovmtpkivcslkepkskuupsqgumsgqwsdsrajsnhfavqwhogkqukvgeowkdesothqemklh"
    "imwklklmkqtkuikqgsuigtvsdvktjanvfdnawlqdkgqlvlqgwqklsuhqqvqulimvwkpiloektkuokdck"
    "uqkdvpuqkompnajongbaqhqgqmkhqkkmkwgkhoqwqviomokvpmkoeqtmumiqcdhmkqedukwqmpkkjajp"
    "braaqnarkjankbajgnabqbaninabkbankjabtnajiranhnarenanwrankrarjaar"
    "&motifs_order=jblackwood";

int independent_score(const EdgePuzzle& p, const std::vector<Placement>& cells) {
  int matched = 0;
  for (int i = 0; i < p.rows; ++i)
    for (int j = 0; j < p.cols; ++j) {
      const Placement& a = cells[i * p.cols + j];
      if (j + 1 < p.cols) {
        const Placement& r = cells[i * p.cols + j + 1];
        matched += testing::side_after_turn(p, a.tile, a.rotation, 1) ==
                   testing::side_after_turn(p, r.tile, r.rotation, 3);
      }
      if (i + 1 < p.rows) {
        const Placement& d = cells[(i + 1) * p.cols + j];
        matched += testing::side_after_turn(p, a.tile, a.rotation, 2) ==
                   testing::side_after_turn(p, d.tile, d.rotation, 0);
      }
    }
  return matched;
}

TEST(BucasLink, ReadsTheBlackwood470BoardIntoTheOfficialPieces) {
  const std::string path = testing::shared_path("puzzles/external/e2_full_256.txt");
  if (!testing::exists(path))
    GTEST_SKIP() << testing::note_skipped("BucasLink: the Blackwood 470 board", path);
  const Result<EdgePuzzle> p = parse_puzzle(testing::read_file(path), path);
  ASSERT_TRUE(p);
  const Result<BucasBoard> b = decode_bucas_link(kBlackwood470);
  ASSERT_TRUE(b) << b.error().to_string();
  EXPECT_EQ(b->name, "Joshua_Blackwood_470");
  const Result<std::vector<Placement>> cells = place_bucas_board(*p, *b);
  ASSERT_TRUE(cells) << cells.error().to_string();
  EXPECT_EQ(independent_score(*p, *cells), 470);
  EXPECT_EQ(board_score(*p, Solution{*cells}), 470);
  EXPECT_TRUE(check_complete_board(*p, Solution{*cells}));  // centre clue 139 in place too
  // Written back (default letters, piece numbers) and read again: the same board.
  const Result<std::string> link = encode_bucas_link(*p, *cells);
  ASSERT_TRUE(link);
  const Result<BucasBoard> again = decode_bucas_link(*link);
  ASSERT_TRUE(again);
  const Result<std::vector<Placement>> cells2 = place_bucas_board(*p, *again);
  ASSERT_TRUE(cells2);
  for (size_t c = 0; c < cells->size(); ++c) {
    EXPECT_EQ((*cells2)[c].tile, (*cells)[c].tile);
    EXPECT_EQ((*cells2)[c].rotation, (*cells)[c].rotation);
  }
}

TEST(BucasLink, PartialBoardsRoundTripAndCompleteBoardsArePuzzles) {
  GenerateOptions o;
  o.rows = 4;
  o.cols = 5;
  o.rule = MatchRule::kEqual;
  o.border = BorderRule::kFrame0;
  o.motifs = 6;
  o.seed = 12;
  const EdgePuzzle p = *generate_puzzle(o);
  std::vector<Placement> board;
  for (int t = 0; t < 20; ++t) board.push_back({t, t % 4});
  board[7] = {-1, 0};  // an empty cell
  const Result<std::string> link = encode_bucas_link(p, board);
  ASSERT_TRUE(link);
  EXPECT_NE(link->find("board_w=5&board_h=4"), std::string::npos);
  const Result<BucasBoard> b = decode_bucas_link("#" + *link);
  ASSERT_TRUE(b);
  EXPECT_TRUE(b->empty(7));
  const Result<std::vector<Placement>> back = place_bucas_board(p, *b);
  ASSERT_TRUE(back) << back.error().to_string();
  for (int c = 0; c < 20; ++c) {
    EXPECT_EQ((*back)[c].tile, board[c].tile);
    if (board[c].tile < 0) continue;
    EXPECT_EQ(testing::side_after_turn(p, (*back)[c].tile, (*back)[c].rotation, 0),
              testing::side_after_turn(p, board[c].tile, board[c].rotation, 0));
  }
  EXPECT_FALSE(bucas_share(*b));  // the empty cell: not a whole puzzle
  board[7] = {7, 3};
  const Result<BucasBoard> full = decode_bucas_link(*encode_bucas_link(p, board));
  ASSERT_TRUE(full);
  const Result<EdgeShare> share = bucas_share(*full);
  ASSERT_TRUE(share) << share.error().to_string();
  EXPECT_EQ(share->puzzle.tiles.size(), 20u);
  EXPECT_EQ(share->arrangement.size(), 20u);
  EXPECT_EQ(share->puzzle.tiles[7].name, "8");  // numbered by board_pieces
}

TEST(BucasLink, BadLinksGiveOneClearError) {
  const std::string ok = "puzzle=x&board_w=2&board_h=1&board_edges=aaba&board_pieces=001002";
  EXPECT_FALSE(decode_bucas_link(ok));  // 2 cells need 8 letters
  const std::string good = "puzzle=x&board_w=2&board_h=1&board_edges=aabaabaa";
  EXPECT_TRUE(decode_bucas_link(good));
  const std::pair<std::string, std::string> bad[] = {
      {ok, "board_edges has 4 letters, a 2x1 board needs 8"},
      {"board_w=2&board_h=1&board_edges=aaBaabaa", "cell 1,1 has 'B'"},
      {"board_w=0&board_h=1&board_edges=", "board_w must be a width 1..16"},
      {"board_w=2&board_edges=aabaabaa", "board_h must be a height"},
      {good + "&motifs_order=rainbow", "motifs_order 'rainbow' is not known"},
      {good + "&board_pieces=0010", "board_pieces has 4 digits"},
      {good + "&board_pieces=00100x", "cell 1,2 must be a piece number"},
      {"board_w=2&board_h=1&board_edges=azaaaaaa&motifs_order=jef", "beyond the motifs_order"},
  };
  for (const auto& [link, words] : bad) {
    const Result<BucasBoard> r = decode_bucas_link(link);
    ASSERT_FALSE(r) << link;
    EXPECT_NE(r.error().to_string().find(words), std::string::npos) << r.error().to_string();
  }
  // A board that the puzzle's tiles cannot show.
  GenerateOptions o;
  o.rows = 1;
  o.cols = 2;
  o.rule = MatchRule::kEqual;
  o.motifs = 3;
  const EdgePuzzle p = *generate_puzzle(o);
  const Result<BucasBoard> b = decode_bucas_link("board_w=2&board_h=1&board_edges=zzzzzzzz");
  ASSERT_TRUE(b);
  const Result<std::vector<Placement>> placed = place_bucas_board(p, *b);
  ASSERT_FALSE(placed);
  EXPECT_NE(placed.error().to_string().find("cell 1,1: no unused tile"), std::string::npos)
      << placed.error().to_string();
}

}  // namespace
}  // namespace tilewise
