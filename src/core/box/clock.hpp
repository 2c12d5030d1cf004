// The clocks of the box searches: wall time for budgets and elapsed times.
#pragma once

#include <chrono>

namespace tilewise::box {

// Milliseconds on the steady clock (differences only).
inline double now_ms() {
  return std::chrono::duration<double, std::milli>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

}  // namespace tilewise::box
