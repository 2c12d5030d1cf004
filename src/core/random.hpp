// A small, fully specified PRNG (splitmix64) so a seed gives the same puzzle on every
// machine and standard library (std:: distributions differ between implementations).
#pragma once

#include <cstdint>

namespace tilewise {

class SplitMix64 {
 public:
  explicit SplitMix64(std::uint64_t seed) : state_(seed) {}
  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
  // Uniform in [0, n) for n >= 1 (rejection sampling, no modulo bias).
  std::uint64_t below(std::uint64_t n) {
    const std::uint64_t limit = UINT64_MAX - UINT64_MAX % n;
    std::uint64_t x;
    do x = next();
    while (x >= limit);
    return x % n;
  }

 private:
  std::uint64_t state_;
};

}  // namespace tilewise
