#pragma once
// Whether a message names everything it must (the file, the element, what is wrong): the check
// every error and warning test makes.
#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace aem::test {

inline void expect_names(const std::string& message, const std::vector<std::string>& parts) {
  for (const std::string& part : parts) EXPECT_NE(message.find(part), std::string::npos) << part << " not in: " << message;
}

}  // namespace aem::test
