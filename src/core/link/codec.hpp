// Share links: a puzzle (and optionally the board as arranged) packed into the URL
// fragment. Format (docs/link-format.md): base64url of
//   [version:1 byte][payload length:2 bytes, big-endian][payload][CRC-16/CCITT:2 bytes]
// The payload is bit-packed; the version comes first so old links keep working.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "core/box/model/puzzle.hpp"
#include "core/edge/model/puzzle.hpp"
#include "core/result.hpp"

namespace tilewise {

inline constexpr int kLinkVersion = 1;

struct EdgeShare {
  EdgePuzzle puzzle;
  std::vector<Placement> arrangement;  // empty = none; else rows*cols cells (tile -1 = empty)
};
struct BoxShare {
  box::BoxPuzzle puzzle;
};
using SharedPuzzle = std::variant<EdgeShare, BoxShare>;

// The fragment text, without '#'. The puzzle must be valid.
std::string encode_link(const SharedPuzzle& shared);

// Accepts a bare fragment, "#fragment" or a whole URL. One clear error when the link is
// not ours, truncated, altered, from a newer version, or holds an invalid puzzle.
Result<SharedPuzzle> decode_link(std::string_view link);

// The fragment around a bit-packed payload (at most 65,535 bytes): version, length, payload,
// checksum, base64url. encode_link's last step; the link fuzzer frames raw payloads with it.
std::string frame_link_payload(const std::vector<std::uint8_t>& payload);

}  // namespace tilewise
