// FNV-1a, 64 bits: the checksum of kept files (campaign files, the Puzzle Box's tables).
// `h` carries the checksum of the bytes before these, so a checksum can be taken in pieces.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace tilewise::hash {

inline constexpr std::uint64_t kFnv1aStart = 14695981039346656037ull;

inline std::uint64_t fnv1a(const std::uint8_t* data, std::size_t size,
                           std::uint64_t h = kFnv1aStart) {
  for (std::size_t i = 0; i < size; ++i) h = (h ^ data[i]) * 1099511628211ull;
  return h;
}

inline std::uint64_t fnv1a(std::string_view text, std::uint64_t h = kFnv1aStart) {
  return fnv1a(reinterpret_cast<const std::uint8_t*>(text.data()), text.size(), h);
}

}  // namespace tilewise::hash
