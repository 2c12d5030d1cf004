// The property both link targets check: decode_link never crashes; when it accepts a link,
// encoding the puzzle and decoding that link again gives the same link (a fixed point).
#pragma once

#include <string>
#include <string_view>

#include "core/link/codec.hpp"
#include "fuzz_check.hpp"

inline void check_link(std::string_view text) {
  tilewise::Result<tilewise::SharedPuzzle> decoded = tilewise::decode_link(text);
  if (!decoded) {
    FUZZ_CHECK(!decoded.error().what.empty(), "an error without a message");
    return;
  }
  const std::string link = tilewise::encode_link(*decoded);
  tilewise::Result<tilewise::SharedPuzzle> again = tilewise::decode_link(link);
  FUZZ_CHECK(again.ok(), "encode_link wrote a link decode_link rejects: %s\n%s",
             again.error().to_string().c_str(), link.c_str());
  const std::string relinked = tilewise::encode_link(*again);
  FUZZ_CHECK(relinked == link, "round trip differs:\n%s\n%s", link.c_str(), relinked.c_str());
}
