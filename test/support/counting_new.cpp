#include "counting_new.hpp"

#include <atomic>
#include <cstdlib>
#include <new>
#if defined(_WIN32)
#include <malloc.h>  // _aligned_malloc
#endif

namespace {
std::atomic<long> g_allocations{0};
}  // namespace

long aem::test::allocation_count() { return g_allocations.load(); }

void* operator new(std::size_t size) {
  ++g_allocations;
  if (void* p = std::malloc(size == 0 ? 1 : size)) return p;
  throw std::bad_alloc();
}
void* operator new[](std::size_t size) { return operator new(size); }
// Over-aligned types (the skeleton's inverse bind copies) come through here.
void* operator new(std::size_t size, std::align_val_t align) {
  ++g_allocations;
  const std::size_t alignment = static_cast<std::size_t>(align);
  const std::size_t rounded = size == 0 ? alignment : (size + alignment - 1) / alignment * alignment;
#if defined(_WIN32)
  // Windows' C library has no aligned_alloc; its aligned blocks are freed with _aligned_free.
  if (void* p = ::_aligned_malloc(rounded, alignment)) return p;
#else
  if (void* p = std::aligned_alloc(alignment, rounded)) return p;
#endif
  throw std::bad_alloc();
}
void* operator new[](std::size_t size, std::align_val_t align) { return operator new(size, align); }

// GCC, seeing these inlined where a new expression's memory is freed, takes the malloc/free pair
// for a mismatch; replacing both operators this way is what the standard provides for.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
#endif
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }
#if defined(_WIN32)
void operator delete(void* p, std::align_val_t) noexcept { ::_aligned_free(p); }
void operator delete[](void* p, std::align_val_t) noexcept { ::_aligned_free(p); }
void operator delete(void* p, std::size_t, std::align_val_t) noexcept { ::_aligned_free(p); }
void operator delete[](void* p, std::size_t, std::align_val_t) noexcept { ::_aligned_free(p); }
#else
void operator delete(void* p, std::align_val_t) noexcept { std::free(p); }
void operator delete[](void* p, std::align_val_t) noexcept { std::free(p); }
void operator delete(void* p, std::size_t, std::align_val_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t, std::align_val_t) noexcept { std::free(p); }
#endif
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif
