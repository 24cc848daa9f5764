#pragma once
// Four floats at a time with GCC and Clang vector extensions, which give the arithmetic
// operators on every target (SSE on x86-64, NEON on ARM); the few operations they lack (square
// root, lane masks) use SSE where it exists and lane loops elsewhere. Included through simd4.hpp
// only; simd4_portable.hpp is the same interface in standard C++.
#include <cmath>
#include <cstdint>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace aem::simd {

using Float4 = float __attribute__((vector_size(16)));
using Mask4 = std::int32_t __attribute__((vector_size(16)));  // lanes all ones or all zeros
// Two Float4 side by side, for the per-joint matrix products: two columns at once take one
// 256-bit operation where AVX has them (as many per cycle as 128-bit ones), two elsewhere.
using Float8 = float __attribute__((vector_size(32)));
// GCC and Clang note that a Float8 passes differently with and without AVX. The frame loops'
// pieces are all inlined, so none ever crosses a call; this covers the runtime sources that
// include this header.
#pragma GCC diagnostic ignored "-Wpsabi"

AEM_ALWAYS_INLINE Float4 splat(float v) { return Float4{v, v, v, v}; }

// Unaligned loads and stores: keyframe values sit 4 bytes into 20-byte records.
AEM_ALWAYS_INLINE Float4 load(const float* p) {
  Float4 v;
  std::memcpy(&v, p, sizeof v);
  return v;
}
AEM_ALWAYS_INLINE void store(float* p, Float4 v) { std::memcpy(p, &v, sizeof v); }
AEM_ALWAYS_INLINE void store(float* p, const Float8& v) { std::memcpy(p, &v, sizeof v); }
// From a 16-byte aligned address, which lets the load fold into the arithmetic that uses it.
AEM_ALWAYS_INLINE Float4 load_aligned(const float* p) { return load(static_cast<const float*>(__builtin_assume_aligned(p, 16))); }
// Eight floats from a 32-byte aligned address.
AEM_ALWAYS_INLINE Float8 load8_aligned(const float* p) {
  Float8 v;
  std::memcpy(&v, __builtin_assume_aligned(p, 32), sizeof v);
  return v;
}

// v in both halves.
AEM_ALWAYS_INLINE Float8 twice(Float4 v) { return __builtin_shufflevector(v, v, 0, 1, 2, 3, 0, 1, 2, 3); }
// low in the low half and high in the high one.
AEM_ALWAYS_INLINE Float8 concat(Float4 low, Float4 high) {
  return __builtin_shufflevector(low, high, 0, 1, 2, 3, 4, 5, 6, 7);
}
// Zero in the low half and v in the high one.
AEM_ALWAYS_INLINE Float8 high_only(Float4 v) {
  return __builtin_shufflevector(Float4{}, v, 0, 1, 2, 3, 4, 5, 6, 7);
}

AEM_ALWAYS_INLINE Float4 select(Mask4 mask, Float4 if_true, Float4 if_false) {
  return reinterpret_cast<Float4>((reinterpret_cast<Mask4>(if_true) & mask) |
                                  (reinterpret_cast<Mask4>(if_false) & ~mask));
}

// -v in the lanes where mask is set, v elsewhere: a sign-bit flip, exact.
AEM_ALWAYS_INLINE Float4 negate_where(Mask4 mask, Float4 v) {
  return reinterpret_cast<Float4>(reinterpret_cast<Mask4>(v) ^ (mask & std::int32_t(0x80000000u)));
}

AEM_ALWAYS_INLINE Float4 abs(Float4 v) {
  return reinterpret_cast<Float4>(reinterpret_cast<Mask4>(v) & std::int32_t(0x7fffffff));
}

AEM_ALWAYS_INLINE Float4 max(Float4 a, Float4 b) { return select(a > b, a, b); }

// Bit k set where lane k of the mask is.
AEM_ALWAYS_INLINE unsigned bits(Mask4 mask) {
#if defined(__SSE2__)
  return unsigned(_mm_movemask_ps(reinterpret_cast<__m128>(mask)));
#else
  return (mask[0] != 0 ? 1u : 0u) | (mask[1] != 0 ? 2u : 0u) | (mask[2] != 0 ? 4u : 0u) | (mask[3] != 0 ? 8u : 0u);
#endif
}

AEM_ALWAYS_INLINE bool all(Mask4 mask) { return bits(mask) == 0xf; }
AEM_ALWAYS_INLINE bool any(Mask4 mask) { return bits(mask) != 0; }

AEM_ALWAYS_INLINE Float4 sqrt(Float4 v) {
#if defined(__SSE2__)
  return _mm_sqrt_ps(v);
#else
  return Float4{std::sqrt(v[0]), std::sqrt(v[1]), std::sqrt(v[2]), std::sqrt(v[3])};
#endif
}

// Rows to columns: a, b, c, d become their first, second, third and fourth lanes.
AEM_ALWAYS_INLINE void transpose(Float4& a, Float4& b, Float4& c, Float4& d) {
  const Float4 ab_low = __builtin_shufflevector(a, b, 0, 4, 1, 5);
  const Float4 ab_high = __builtin_shufflevector(a, b, 2, 6, 3, 7);
  const Float4 cd_low = __builtin_shufflevector(c, d, 0, 4, 1, 5);
  const Float4 cd_high = __builtin_shufflevector(c, d, 2, 6, 3, 7);
  a = __builtin_shufflevector(ab_low, cd_low, 0, 1, 4, 5);
  b = __builtin_shufflevector(ab_low, cd_low, 2, 3, 6, 7);
  c = __builtin_shufflevector(ab_high, cd_high, 0, 1, 4, 5);
  d = __builtin_shufflevector(ab_high, cd_high, 2, 3, 6, 7);
}

}  // namespace aem::simd
