// Memory for the 4x4 count's large, randomly read tables (8+8 is 247.5 MiB) in 2 MiB pages
// where the system gives them: every lookup is a cache miss, and with 4 KiB pages a TLB miss
// too (under a hypervisor a two-level page walk). Linux with transparent huge pages in
// "madvise" or "always" mode gives them to memory marked so and aligned to 2 MiB; elsewhere
// it is ordinary memory.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <new>
#include <vector>

#if defined(__linux__) && !defined(__EMSCRIPTEN__)
#include <sys/mman.h>
#endif

namespace tilewise::box {

template <class T>
struct HugePageAllocator {
  using value_type = T;
  static constexpr std::size_t kHugePage = std::size_t{2} << 20;

  HugePageAllocator() = default;
  template <class U>
  HugePageAllocator(const HugePageAllocator<U>&) {}  // NOLINT: rebinding, as std::allocator

  T* allocate(std::size_t n) {
    const std::size_t bytes = n * sizeof(T);
    if (bytes < kHugePage) {  // small: as std::allocator
      if (void* p = std::malloc(bytes == 0 ? 1 : bytes)) return static_cast<T*>(p);
      throw std::bad_alloc();
    }
    // Whole 2 MiB pages, aligned to one.
    const std::size_t whole = (bytes + kHugePage - 1) / kHugePage * kHugePage;
    void* p = std::aligned_alloc(kHugePage, whole);
    if (!p) throw std::bad_alloc();
#if defined(__linux__) && !defined(__EMSCRIPTEN__) && defined(MADV_HUGEPAGE)
    madvise(p, whole, MADV_HUGEPAGE);  // (a refusal leaves 4 KiB pages: only slower)
#endif
    return static_cast<T*>(p);
  }
  void deallocate(T* p, std::size_t) {
    std::free(p);
  }

  template <class U>
  bool operator==(const HugePageAllocator<U>&) const {
    return true;
  }
};

// A table's bytes in 2 MiB pages where the system gives them (additive_db.cpp, pattern_db.cpp).
using HugePageBytes = std::vector<std::uint8_t, HugePageAllocator<std::uint8_t>>;

}  // namespace tilewise::box
