#pragma once
// Whether this test binary runs under AddressSanitizer, whose shadow memory reserves terabytes of
// address space: tests that cap a process's address space (ulimit -v, RLIMIT_AS) skip the cap.
// A suite compiled without instrumentation in the sanitizer build (test/CMakeLists.txt) still
// runs the instrumented pipeline and programs: AEM_TEST_SANITIZED_BUILD says so.

namespace aem::test {

#if defined(AEM_TEST_SANITIZED_BUILD) || defined(__SANITIZE_ADDRESS__)  // the build, or GCC
inline constexpr bool kAddressSanitizer = true;
#elif defined(__has_feature)       // Clang
inline constexpr bool kAddressSanitizer = __has_feature(address_sanitizer);
#else
inline constexpr bool kAddressSanitizer = false;
#endif

}  // namespace aem::test
