#include "cli/puzzle_file.hpp"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>

#include "core/edge/model/format.hpp"

namespace tilewise::cli {

std::optional<std::string> read_text_file(const std::string& path, std::size_t max_bytes) {
  std::ostringstream buffer;
  if (path == "-") {
    buffer << std::cin.rdbuf();
    return buffer.str();
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    std::cerr << "tilewise: " << path << ": cannot open: " << std::strerror(errno) << "\n";
    return std::nullopt;
  }
  std::string text;
  char chunk[65536];
  while (in.read(chunk, sizeof chunk) || in.gcount() > 0) {
    text.append(chunk, static_cast<size_t>(in.gcount()));
    if (text.size() > max_bytes) {
      std::cerr << "tilewise: " << path << ": file is larger than " << (max_bytes >> 20)
                << " MiB: not a "
                << (max_bytes == kMaxPuzzleFileBytes ? "puzzle file" : "file tilewise reads")
                << "\n";
      return std::nullopt;
    }
  }
  if (in.bad()) {
    std::cerr << "tilewise: " << path << ": read error (is it a directory?)\n";
    return std::nullopt;
  }
  return text;
}

std::optional<EdgePuzzle> read_puzzle_file(const std::string& path) {
  std::optional<std::string> text = read_text_file(path);
  if (!text) return std::nullopt;
  Result<EdgePuzzle> puzzle = parse_puzzle(*text, path == "-" ? "<stdin>" : path);
  if (!puzzle) {
    std::cerr << "tilewise: " << puzzle.error().to_string() << "\n";
    return std::nullopt;
  }
  return std::move(puzzle.value());
}

}  // namespace tilewise::cli
