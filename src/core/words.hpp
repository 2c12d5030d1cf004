// Splitting text into words and pieces without iostreams: a string stream pulls the C++
// locale machinery (money, time, codecvt facets: ~20 KB gzipped) into each wasm module.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace tilewise {

// The words of `text` split on white space (space, \t, \n, \v, \f, \r: what `stream >> word`
// skips in the C locale), in order.
inline std::vector<std::string> split_words(std::string_view text) {
  auto space = [](char c) { return c == ' ' || (c >= '\t' && c <= '\r'); };
  std::vector<std::string> words;
  size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && space(text[i])) ++i;
    size_t end = i;
    while (end < text.size() && !space(text[end])) ++end;
    if (end > i) words.emplace_back(text.substr(i, end - i));
    i = end;
  }
  return words;
}

// The pieces of `text` between `separator`s, as `std::getline(stream, piece, separator)`
// reads them: no piece after a final separator, none at all for empty text.
inline std::vector<std::string_view> split_pieces(std::string_view text, char separator) {
  std::vector<std::string_view> pieces;
  size_t pos = 0;
  while (pos < text.size()) {
    size_t end = text.find(separator, pos);
    if (end == std::string_view::npos) end = text.size();
    pieces.push_back(text.substr(pos, end - pos));
    pos = end + 1;
  }
  return pieces;
}

}  // namespace tilewise
