// The Puzzle Box records (assets/box_records.txt) replayed with a turn written here, apart
// from the solver: each sequence turns its reversed board home in exactly the length given,
// and docs/puzzle-box.md shows the same sequence.
#include <gtest/gtest.h>

#include <numeric>
#include <sstream>
#include <string>
#include <vector>

#include "test_data.hpp"

namespace {

using tilewise::testing::read_file;
using tilewise::testing::source_path;

struct Record {
  int size = 0;
  std::string moves;
  int length = 0;
  std::vector<std::string> sequence;
};

std::vector<Record> read_records() {
  std::vector<Record> records;
  std::istringstream in(read_file(source_path("assets/box_records.txt")));
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    Record r;
    fields >> r.size >> r.moves >> r.length;
    for (std::string m; fields >> m;) r.sequence.push_back(m);
    records.push_back(r);
  }
  return records;
}

// Button "B<k>" (k from 1, reading order over the (n-1)^2 blocks) turns the four numbers of
// its 2x2 block a quarter clockwise; "B<k>'" counterclockwise. False for a bad name.
bool turn(std::vector<int>& board, int n, const std::string& name) {
  if (name.size() < 2 || name[0] != 'B') return false;
  const bool back = name.back() == '\'';
  const std::string digits = name.substr(1, name.size() - 1 - (back ? 1 : 0));
  if (digits.empty() || digits.find_first_not_of("0123456789") != std::string::npos) return false;
  const int k = std::stoi(digits) - 1;
  if (k < 0 || k >= (n - 1) * (n - 1)) return false;
  const int r = k / (n - 1), c = k % (n - 1);
  int& tl = board[r * n + c];
  int& tr = board[r * n + c + 1];
  int& br = board[(r + 1) * n + c + 1];
  int& bl = board[(r + 1) * n + c];
  const int t = tl;
  if (back) {
    tl = tr, tr = br, br = bl, bl = t;
  } else {
    tl = bl, bl = br, br = tr, tr = t;
  }
  return true;
}

std::string joined(const std::vector<std::string>& words) {
  std::string s;
  for (const auto& w : words) s += (s.empty() ? "" : " ") + w;
  return s;
}

// Spaces and line breaks of a Markdown paragraph folded into single spaces.
std::string folded(const std::string& text) {
  std::string s;
  for (char ch : text) {
    const bool space = ch == ' ' || ch == '\n';
    if (space && (s.empty() || s.back() == ' ')) continue;
    s += space ? ' ' : ch;
  }
  return s;
}

TEST(BoxRecords, EachSequenceTurnsItsReversedBoardHome) {
  const auto records = read_records();
  ASSERT_GE(records.size(), 2u);
  for (const auto& r : records) {
    SCOPED_TRACE(std::to_string(r.size) + "x" + std::to_string(r.size));
    EXPECT_EQ(r.moves, "cw+ccw");
    ASSERT_EQ(static_cast<int>(r.sequence.size()), r.length);
    std::vector<int> board(r.size * r.size), home(r.size * r.size);
    std::iota(home.begin(), home.end(), 1);
    std::iota(board.rbegin(), board.rend(), 1);
    for (const auto& m : r.sequence) ASSERT_TRUE(turn(board, r.size, m)) << m;
    EXPECT_EQ(board, home);
  }
}

TEST(BoxRecords, TheTurnIsAQuarterOfTheBlock) {
  // The turn itself, on a 3x3 (the seed board's Q2 clockwise: 6 5 / 4 9 -> 4 6 / 9 5).
  std::vector<int> board{7, 6, 5, 8, 4, 9, 3, 2, 1};
  ASSERT_TRUE(turn(board, 3, "B2"));
  EXPECT_EQ(board, (std::vector<int>{7, 4, 6, 8, 9, 5, 3, 2, 1}));
  ASSERT_TRUE(turn(board, 3, "B2'"));
  EXPECT_EQ(board, (std::vector<int>{7, 6, 5, 8, 4, 9, 3, 2, 1}));
  EXPECT_FALSE(turn(board, 3, "B5"));
  EXPECT_FALSE(turn(board, 3, "Q1"));
}

TEST(BoxRecords, TheManualShowsEachSequence) {
  const std::string docs = folded(read_file(source_path("docs/puzzle-box.md")));
  for (const auto& r : read_records())
    EXPECT_NE(docs.find(joined(r.sequence)), std::string::npos) << r.size << "x" << r.size;
}

}  // namespace
