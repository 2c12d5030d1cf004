#include "core/version.hpp"

namespace tilewise {
const char* version() {
  return "0.1.0";
}
}  // namespace tilewise
