// core/words.hpp against the iostream reading it replaced (the reference here, natively).
#include "core/words.hpp"

#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

namespace tilewise {
namespace {

std::vector<std::string> stream_words(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> words;
  for (std::string w; in >> w;) words.push_back(w);
  return words;
}

std::vector<std::string> stream_pieces(const std::string& text, char separator) {
  std::istringstream in(text);
  std::vector<std::string> pieces;
  for (std::string p; std::getline(in, p, separator);) pieces.push_back(p);
  return pieces;
}

const std::vector<std::string> kTexts = {"",
                                         " ",
                                         "a",
                                         "tile 1 A b c",
                                         "  two\twords  ",
                                         "x\r\ny\n",
                                         "\v\fz\v",
                                         "a;b;",
                                         ";;a; b c ;",
                                         "one\n\ntwo\n",
                                         "\n",
                                         "no end",
                                         "A=red; B=sky",
                                         "\x01 ctrl\x7f chars",
                                         "1/0 2/3 - 4/1\r"};

TEST(Words, SplitWordsReadsWhatAStreamReads) {
  for (const std::string& text : kTexts) EXPECT_EQ(split_words(text), stream_words(text)) << text;
}

TEST(Words, SplitPiecesReadsWhatGetlineReads) {
  for (const std::string& text : kTexts) {
    for (char separator : {'\n', ';'}) {
      std::vector<std::string> pieces;
      for (std::string_view p : split_pieces(text, separator)) pieces.emplace_back(p);
      EXPECT_EQ(pieces, stream_pieces(text, separator)) << text;
    }
  }
}

}  // namespace
}  // namespace tilewise
