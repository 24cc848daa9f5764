#pragma once
// Counts heap allocations, so a test can assert that a stretch of code makes none.
//
// Linking the aem_test_counting_new object library replaces the global operator new and delete
// of the whole test executable (the standard's replacement mechanism): link it only into an
// executable whose every test can live with that.
namespace aem::test {

// Every operator new (plain, array, aligned) the process has made so far.
long allocation_count();

}  // namespace aem::test
