#pragma once
// Counts heap allocations, so a test can assert that a stretch of code makes none.
//
// Linking the aem_test_counting_new object library replaces the global operator new and delete
// of the whole test executable (the standard's replacement mechanism): link it only into an
// executable whose every test can live with that.
namespace aem::test {

// Every operator new (plain, array, aligned) the process has made so far.
long allocation_count();

// Whether the runtime's own allocations are counted. Not where the runtime is a DLL: aem.dll
// carries its own C++ library, whose operator new the program's replacement does not reach
// (on ELF the replacement reaches a shared libaem.so as it does any library).
#if defined(_WIN32) && defined(AEM_SHARED)
inline constexpr bool kCountsRuntimeAllocations = false;
#else
inline constexpr bool kCountsRuntimeAllocations = true;
#endif

}  // namespace aem::test
