#pragma once
// Whether this test binary runs under AddressSanitizer, whose shadow memory reserves terabytes of
// address space: tests that cap a process's address space (ulimit -v, RLIMIT_AS) skip the cap.

namespace aem::test {

#if defined(__SANITIZE_ADDRESS__)  // GCC
inline constexpr bool kAddressSanitizer = true;
#elif defined(__has_feature)       // Clang
inline constexpr bool kAddressSanitizer = __has_feature(address_sanitizer);
#else
inline constexpr bool kAddressSanitizer = false;
#endif

}  // namespace aem::test
