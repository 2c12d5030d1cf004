// decode_link past its checksum: the input is a link *payload*; the target frames it as
// docs/link-format.md says ([version 1][length:2 big-endian][payload][CRC-16/CCITT-FALSE:2],
// base64url) so the fuzzer reaches the bit-packed puzzle reader. See fuzz_link.hpp.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "fuzz_link.hpp"

namespace {

std::uint16_t crc16_ccitt_false(const std::vector<std::uint8_t>& bytes) {
  std::uint16_t crc = 0xffff;
  for (std::uint8_t b : bytes) {
    crc ^= static_cast<std::uint16_t>(b << 8);
    for (int k = 0; k < 8; ++k)
      crc = (crc & 0x8000) ? static_cast<std::uint16_t>((crc << 1) ^ 0x1021)
                           : static_cast<std::uint16_t>(crc << 1);
  }
  return crc;
}

std::string base64url(const std::vector<std::uint8_t>& bytes) {
  static const char kAlphabet[] =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  std::string out;
  std::uint32_t acc = 0;
  int bits = 0;
  for (std::uint8_t b : bytes) {
    acc = (acc << 8) | b;
    bits += 8;
    while (bits >= 6) out.push_back(kAlphabet[(acc >> (bits -= 6)) & 63]);
  }
  if (bits > 0) out.push_back(kAlphabet[(acc << (6 - bits)) & 63]);
  return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > 0xffff) return 0;
  std::vector<std::uint8_t> all = {static_cast<std::uint8_t>(tilewise::kLinkVersion),
                                   static_cast<std::uint8_t>(size >> 8),
                                   static_cast<std::uint8_t>(size & 0xff)};
  all.insert(all.end(), data, data + size);
  const std::uint16_t crc = crc16_ccitt_false(all);
  all.push_back(static_cast<std::uint8_t>(crc >> 8));
  all.push_back(static_cast<std::uint8_t>(crc & 0xff));
  check_link("#" + base64url(all));
  return 0;
}
