// decode_link past its checksum: the input is a link *payload*; the target frames it with
// the codec's own frame_link_payload (docs/link-format.md: [version 1][length:2 big-endian]
// [payload][CRC-16/CCITT-FALSE:2], base64url) so the fuzzer reaches the bit-packed puzzle
// reader. See fuzz_link.hpp.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "fuzz_link.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > 0xffff) return 0;
  check_link("#" + tilewise::frame_link_payload({data, data + size}));
  return 0;
}
