// The clocks of the searches and benchmarks: wall time for budgets and elapsed times.
#pragma once

#include <chrono>

namespace tilewise {

using Clock = std::chrono::steady_clock;

// Milliseconds on the steady clock (differences only).
inline double now_ms() {
  return std::chrono::duration<double, std::milli>(Clock::now().time_since_epoch()).count();
}

// Milliseconds since `t0`.
inline double ms_since(Clock::time_point t0) {
  return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
}

}  // namespace tilewise
