// Whether this test binary runs under AddressSanitizer (the sanitizer build of
// scripts/test.sh, -DTILEWISE_SANITIZE=ON; GCC defines __SANITIZE_ADDRESS__, clang answers
// __has_feature). The heaviest checks run a share of their cases there: the same code paths
// under the sanitizers, every case in the native build (docs/testing.md).
#pragma once

namespace tilewise::testing {

#if defined(__SANITIZE_ADDRESS__)
inline constexpr bool kSanitized = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
inline constexpr bool kSanitized = true;
#else
inline constexpr bool kSanitized = false;
#endif
#else
inline constexpr bool kSanitized = false;
#endif

}  // namespace tilewise::testing
