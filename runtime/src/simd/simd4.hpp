#pragma once
// Four floats at a time for the animation runtime's per-joint loops: Float4, Float8 (two side by
// side), Mask4 (lanes all ones or all zeros), their operators and a few helpers. Two
// implementations of one interface, chosen at build time (CMake option AEM_SIMD):
//   simd4_vector.hpp    GCC and Clang vector extensions (the default where they exist);
//   simd4_portable.hpp  plain arrays of floats in standard C++, for compilers without them
//                       (MSVC) and selectable anywhere with AEM_SIMD=portable.
// Both perform the same IEEE operations lane by lane in the same order, so compiled without FMA
// contraction their results are the same bits (test/simd_agreement checks). Private to the runtime: nothing here appears in
// an installed header.

#if defined(AEM_SIMD_PORTABLE) || (!defined(__GNUC__) && !defined(__clang__))
#define AEM_SIMD_VECTOR 0
#else
#define AEM_SIMD_VECTOR 1
#endif

// The per-frame loops get copies compiled for x86-64-v3 (AVX2 and FMA) and x86-64-v4
// (AVX-512), and the loader picks the best one the CPU runs (GCC function multi-versioning, on
// ELF targets). Elsewhere (Windows, Clang, MSVC) they are compiled once for the baseline.
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && defined(__ELF__)
#define AEM_FRAME_LOOP __attribute__((target_clones("arch=x86-64-v4", "arch=x86-64-v3", "default")))
#else
#define AEM_FRAME_LOOP
#endif
// For the pieces of those loops, so they are compiled into each copy (a lambda takes the
// second form, after its parameters).
#if defined(__GNUC__) || defined(__clang__)
#define AEM_ALWAYS_INLINE [[gnu::always_inline]] inline
#define AEM_LAMBDA_ALWAYS_INLINE __attribute__((always_inline))
#define AEM_PREFETCH(address) __builtin_prefetch(address)
#else
#define AEM_ALWAYS_INLINE inline
#define AEM_LAMBDA_ALWAYS_INLINE
#define AEM_PREFETCH(address) ((void)(address))
#endif

#if AEM_SIMD_VECTOR
#include "simd/simd4_vector.hpp"
#else
#include "simd/simd4_portable.hpp"
#endif
