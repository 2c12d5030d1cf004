// The e2.bucas.name link reader on arbitrary text (as pasted: URL, "#fragment", bare).
// Properties besides "no crash": an accepted link has one edge set and one piece number per
// cell, colours a..z; a complete board opens as a puzzle (bucas_share) whose link, written
// by encode_bucas_link, reads back to the same cells and the same puzzle; its cells can be
// placed on that puzzle's tiles (place_bucas_board), showing the link's edges.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "core/link/bucas.hpp"
#include "fuzz_check.hpp"

using namespace tilewise;

namespace {

void check_placed(const EdgePuzzle& p, const BucasBoard& b) {
  const Result<std::vector<Placement>> placed = place_bucas_board(p, b);
  FUZZ_CHECK(placed.ok(), "a board's own puzzle refused it: %s",
             placed.error().to_string().c_str());
  for (size_t c = 0; c < placed->size(); ++c) {
    const Placement& x = (*placed)[c];
    if (b.empty(c)) {  // all grey and unnumbered: left empty (an all-grey tile stays unplaced)
      FUZZ_CHECK(x.tile == -1, "empty cell %zu got tile %d", c, x.tile);
      continue;
    }
    FUZZ_CHECK(x.tile >= 0, "cell %zu left empty", c);
    FUZZ_CHECK(rotated(p.tiles[x.tile].sides, x.rotation) == b.edges[c],
               "cell %zu placed with other edges", c);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const Result<BucasBoard> b = decode_bucas_link(text);
  (void)decode_bucas_share(text);
  if (!b) {
    FUZZ_CHECK(!b.error().what.empty(), "an error without a message");
    return 0;
  }
  const size_t n = static_cast<size_t>(b->rows) * b->cols;
  FUZZ_CHECK(b->rows >= 1 && b->cols >= 1 && b->edges.size() == n && b->pieces.size() == n,
             "%dx%d board with %zu edge sets, %zu pieces", b->cols, b->rows, b->edges.size(),
             b->pieces.size());
  for (const auto& e : b->edges)
    for (Side s : e) FUZZ_CHECK(s >= 0 && s < 26, "colour %d", static_cast<int>(s));
  const Result<EdgeShare> share = bucas_share(*b);
  if (!share) {
    FUZZ_CHECK(!share.error().what.empty(), "an error without a message");
    return 0;
  }
  const Result<std::string> link = encode_bucas_link(share->puzzle, share->arrangement);
  FUZZ_CHECK(link.ok(), "a board's own puzzle cannot be written: %s",
             link.error().to_string().c_str());
  const Result<BucasBoard> again = decode_bucas_link(*link);
  FUZZ_CHECK(again.ok(), "encode_bucas_link wrote a link the reader refuses: %s\n%s",
             again.error().to_string().c_str(), link->c_str());
  FUZZ_CHECK(again->rows == b->rows && again->cols == b->cols && again->edges == b->edges,
             "round trip changed the board:\n%s", link->c_str());
  const Result<EdgeShare> reshared = bucas_share(*again);
  FUZZ_CHECK(reshared.ok() && reshared->puzzle.tiles.size() == share->puzzle.tiles.size() &&
                 reshared->puzzle.border == share->puzzle.border,
             "the written link opens as another puzzle:\n%s", link->c_str());
  for (size_t t = 0; t < share->puzzle.tiles.size(); ++t)
    FUZZ_CHECK(reshared->puzzle.tiles[t].sides == share->puzzle.tiles[t].sides,
               "tile %zu changed in the round trip", t + 1);
  check_placed(share->puzzle, *again);  // numbered 1..n: by piece number
  BucasBoard unnumbered = *again;
  unnumbered.pieces.assign(n, 0);
  check_placed(share->puzzle, unnumbered);  // by edges alone
  return 0;
}
