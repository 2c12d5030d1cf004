// decode_link on arbitrary text (whole links, as pasted): see fuzz_link.hpp.
#include <cstddef>
#include <cstdint>

#include "fuzz_link.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  check_link(std::string_view(reinterpret_cast<const char*>(data), size));
  return 0;
}
