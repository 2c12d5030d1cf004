// parse_puzzle on arbitrary text (native format and seed 004 cards): never crashes;
// a parsed puzzle is written, read back, and must give the same text again.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "core/edge/model/format.hpp"
#include "fuzz_check.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  tilewise::Result<tilewise::EdgePuzzle> parsed = tilewise::parse_puzzle(text, "fuzz");
  if (!parsed) {
    FUZZ_CHECK(!parsed.error().what.empty(), "an error without a message");
    return 0;
  }
  const tilewise::EdgePuzzle& p = *parsed;
  FUZZ_CHECK(p.rows >= 1 && p.cols >= 1 && p.rows <= tilewise::kMaxBoardSide &&
                 p.cols <= tilewise::kMaxBoardSide,
             "board %dx%d outside the limits", p.rows, p.cols);
  FUZZ_CHECK(p.tiles.size() == static_cast<std::size_t>(p.rows * p.cols), "%zu tiles for %dx%d",
             p.tiles.size(), p.rows, p.cols);
  const std::string written = tilewise::format_puzzle(p);
  tilewise::Result<tilewise::EdgePuzzle> again = tilewise::parse_puzzle(written, "written");
  FUZZ_CHECK(again.ok(), "format_puzzle wrote text parse_puzzle rejects: %s\n--- text:\n%s",
             again.error().to_string().c_str(), written.c_str());
  const std::string rewritten = tilewise::format_puzzle(*again);
  FUZZ_CHECK(rewritten == written, "round trip differs:\n%s\n--- vs:\n%s", written.c_str(),
             rewritten.c_str());
  return 0;
}
