#pragma once

namespace tilewise {
// The product version, shown by the CLI (--version) and the app's About box.
const char* version();
}  // namespace tilewise
