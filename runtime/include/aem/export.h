/* AEM_API: what the runtime exports when it is built as a shared library (aem.dll, libaem.so).
 *
 * - Static runtime (the default): AEM_SHARED is not defined and AEM_API is empty; consumers
 *   define nothing.
 * - Shared runtime: the aem::runtime target (and aem.pc) define AEM_SHARED for its consumers.
 *   On Windows AEM_API is then dllimport, and dllexport while the DLL itself compiles (the
 *   build defines AEM_BUILDING_RUNTIME); on ELF the library is compiled with hidden visibility
 *   and AEM_API makes the marked declarations visible.
 *
 * Plain C (aem.h includes it). */
#ifndef AEM_EXPORT_H
#define AEM_EXPORT_H

#if defined(AEM_SHARED)
#if defined(_WIN32) || defined(__CYGWIN__)
#if defined(AEM_BUILDING_RUNTIME)
#define AEM_API __declspec(dllexport)
#else
#define AEM_API __declspec(dllimport)
#endif
#elif defined(__GNUC__) || defined(__clang__)
#define AEM_API __attribute__((visibility("default")))
#else
#define AEM_API
#endif
#else
#define AEM_API
#endif

#endif /* AEM_EXPORT_H */
