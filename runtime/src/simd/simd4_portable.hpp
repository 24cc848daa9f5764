#pragma once
// Four (or eight) floats as plain arrays in standard C++: the interface of simd4_vector.hpp for
// compilers without GCC vector extensions (MSVC), or any compiler with AEM_SIMD=portable. Each
// operator is a loop over the lanes doing the vector version's IEEE operation, so the results
// are the same bits; optimisers turn most of the loops back into SIMD instructions. Included
// through simd4.hpp only.
#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>

namespace aem::simd {

template <class T, int N>
struct Lanes {
  T lane[N];

  AEM_ALWAYS_INLINE T& operator[](std::size_t k) { return lane[k]; }
  AEM_ALWAYS_INLINE T operator[](std::size_t k) const { return lane[k]; }
};

using Float4 = Lanes<float, 4>;
using Mask4 = Lanes<std::int32_t, 4>;  // lanes all ones (-1) or all zeros, as comparisons give
using Float8 = Lanes<float, 8>;

// Lane by lane: f(a[k], b[k]) for every k.
template <class R, class T, int N, class F>
AEM_ALWAYS_INLINE Lanes<R, N> each(const Lanes<T, N>& a, const Lanes<T, N>& b, F f) {
  Lanes<R, N> out;
  for (int k = 0; k < N; ++k) out.lane[k] = f(a.lane[k], b.lane[k]);
  return out;
}
template <class T, int N>
AEM_ALWAYS_INLINE Lanes<T, N> broadcast(T v) {
  Lanes<T, N> out;
  for (int k = 0; k < N; ++k) out.lane[k] = v;
  return out;
}

// Arithmetic between vectors, and with a scalar on either side (the scalar in every lane).
#define AEM_SIMD_ARITHMETIC(op)                                                                  \
  template <int N>                                                                               \
  AEM_ALWAYS_INLINE Lanes<float, N> operator op(const Lanes<float, N>& a, const Lanes<float, N>& b) { \
    return each<float>(a, b, [](float x, float y) { return x op y; });                           \
  }                                                                                              \
  template <int N>                                                                               \
  AEM_ALWAYS_INLINE Lanes<float, N> operator op(const Lanes<float, N>& a, float b) {             \
    return a op broadcast<float, N>(b);                                                          \
  }                                                                                              \
  template <int N>                                                                               \
  AEM_ALWAYS_INLINE Lanes<float, N> operator op(float a, const Lanes<float, N>& b) {             \
    return broadcast<float, N>(a) op b;                                                          \
  }                                                                                              \
  template <int N>                                                                               \
  AEM_ALWAYS_INLINE Lanes<float, N>& operator op##=(Lanes<float, N>& a, const Lanes<float, N>& b) { \
    return a = a op b;                                                                           \
  }
AEM_SIMD_ARITHMETIC(+)
AEM_SIMD_ARITHMETIC(-)
AEM_SIMD_ARITHMETIC(*)
AEM_SIMD_ARITHMETIC(/)
#undef AEM_SIMD_ARITHMETIC

template <int N>
AEM_ALWAYS_INLINE Lanes<float, N> operator-(const Lanes<float, N>& a) {
  Lanes<float, N> out;
  for (int k = 0; k < N; ++k) out.lane[k] = -a.lane[k];
  return out;
}

// Comparisons give a mask: -1 (all bits set) where true, 0 where false, as vector extensions do.
#define AEM_SIMD_COMPARISON(op)                                                                  \
  template <int N>                                                                               \
  AEM_ALWAYS_INLINE Lanes<std::int32_t, N> operator op(const Lanes<float, N>& a, const Lanes<float, N>& b) { \
    return each<std::int32_t>(a, b, [](float x, float y) { return x op y ? std::int32_t(-1) : std::int32_t(0); }); \
  }                                                                                              \
  template <int N>                                                                               \
  AEM_ALWAYS_INLINE Lanes<std::int32_t, N> operator op(const Lanes<float, N>& a, float b) {      \
    return a op broadcast<float, N>(b);                                                          \
  }
AEM_SIMD_COMPARISON(<)
AEM_SIMD_COMPARISON(<=)
AEM_SIMD_COMPARISON(>)
AEM_SIMD_COMPARISON(>=)
AEM_SIMD_COMPARISON(==)
AEM_SIMD_COMPARISON(!=)
#undef AEM_SIMD_COMPARISON

#define AEM_SIMD_BITWISE(op)                                                                     \
  template <int N>                                                                               \
  AEM_ALWAYS_INLINE Lanes<std::int32_t, N> operator op(const Lanes<std::int32_t, N>& a, const Lanes<std::int32_t, N>& b) { \
    return each<std::int32_t>(a, b, [](std::int32_t x, std::int32_t y) { return std::int32_t(x op y); }); \
  }                                                                                              \
  template <int N>                                                                               \
  AEM_ALWAYS_INLINE Lanes<std::int32_t, N>& operator op##=(Lanes<std::int32_t, N>& a, const Lanes<std::int32_t, N>& b) { \
    return a = a op b;                                                                           \
  }
AEM_SIMD_BITWISE(&)
AEM_SIMD_BITWISE(|)
AEM_SIMD_BITWISE(^)
#undef AEM_SIMD_BITWISE

template <int N>
AEM_ALWAYS_INLINE Lanes<std::int32_t, N> operator~(const Lanes<std::int32_t, N>& a) {
  Lanes<std::int32_t, N> out;
  for (int k = 0; k < N; ++k) out.lane[k] = ~a.lane[k];
  return out;
}

AEM_ALWAYS_INLINE Float4 splat(float v) { return Float4{v, v, v, v}; }

// Unaligned loads and stores; the aligned forms only promise more to the vector version.
AEM_ALWAYS_INLINE Float4 load(const float* p) {
  Float4 v;
  std::memcpy(v.lane, p, sizeof v.lane);
  return v;
}
AEM_ALWAYS_INLINE void store(float* p, const Float4& v) { std::memcpy(p, v.lane, sizeof v.lane); }
AEM_ALWAYS_INLINE void store(float* p, const Float8& v) { std::memcpy(p, v.lane, sizeof v.lane); }
AEM_ALWAYS_INLINE Float4 load_aligned(const float* p) { return load(p); }
AEM_ALWAYS_INLINE Float8 load8_aligned(const float* p) {
  Float8 v;
  std::memcpy(v.lane, p, sizeof v.lane);
  return v;
}

// low in the low half and high in the high one.
AEM_ALWAYS_INLINE Float8 concat(const Float4& low, const Float4& high) {
  Float8 out;
  for (int k = 0; k < 4; ++k) {
    out.lane[k] = low.lane[k];
    out.lane[k + 4] = high.lane[k];
  }
  return out;
}
// v in both halves.
AEM_ALWAYS_INLINE Float8 twice(const Float4& v) { return concat(v, v); }
// Zero in the low half and v in the high one.
AEM_ALWAYS_INLINE Float8 high_only(const Float4& v) { return concat(Float4{}, v); }

AEM_ALWAYS_INLINE Float4 select(const Mask4& mask, const Float4& if_true, const Float4& if_false) {
  Float4 out;
  for (int k = 0; k < 4; ++k) out.lane[k] = mask.lane[k] != 0 ? if_true.lane[k] : if_false.lane[k];
  return out;
}

// -v in the lanes where mask is set, v elsewhere: a sign-bit flip, exact.
AEM_ALWAYS_INLINE Float4 negate_where(const Mask4& mask, const Float4& v) {
  Float4 out;
  for (int k = 0; k < 4; ++k) {
    const std::uint32_t sign = mask.lane[k] != 0 ? 0x80000000u : 0u;
    out.lane[k] = std::bit_cast<float>(std::bit_cast<std::uint32_t>(v.lane[k]) ^ sign);
  }
  return out;
}

AEM_ALWAYS_INLINE Float4 abs(const Float4& v) {
  Float4 out;
  for (int k = 0; k < 4; ++k) out.lane[k] = std::bit_cast<float>(std::bit_cast<std::uint32_t>(v.lane[k]) & 0x7fffffffu);
  return out;
}

AEM_ALWAYS_INLINE Float4 max(const Float4& a, const Float4& b) { return select(a > b, a, b); }

// Bit k set where lane k of the mask is.
AEM_ALWAYS_INLINE unsigned bits(const Mask4& mask) {
  unsigned out = 0;
  for (int k = 0; k < 4; ++k) out |= mask.lane[k] != 0 ? 1u << k : 0u;
  return out;
}

AEM_ALWAYS_INLINE bool all(const Mask4& mask) { return bits(mask) == 0xf; }
AEM_ALWAYS_INLINE bool any(const Mask4& mask) { return bits(mask) != 0; }

// Correctly rounded, as SSE's sqrtps is.
AEM_ALWAYS_INLINE Float4 sqrt(const Float4& v) {
  Float4 out;
  for (int k = 0; k < 4; ++k) out.lane[k] = std::sqrt(v.lane[k]);
  return out;
}

// Rows to columns: a, b, c, d become their first, second, third and fourth lanes.
AEM_ALWAYS_INLINE void transpose(Float4& a, Float4& b, Float4& c, Float4& d) {
  const Float4 rows[4] = {a, b, c, d};
  Float4* columns[4] = {&a, &b, &c, &d};
  for (int column = 0; column < 4; ++column) {
    for (int row = 0; row < 4; ++row) columns[column]->lane[row] = rows[row].lane[column];
  }
}

}  // namespace aem::simd
