// Names from other tools become valid UTF-8: valid text is kept byte for byte, anything else is
// read as Latin-1 (FBX's habit).
#include <algorithm>
#include <string>

#include <gtest/gtest.h>

#include "scene/utf8_repair.hpp"

namespace {

using aem::pipeline::is_valid_utf8;
using aem::pipeline::utf8_from_unknown;

TEST(Utf8Repair, ValidTextIsKept) {
  for (const std::string s : {"", "Hips", "Caf\xc3\xa9", "\xe6\x97\xa5\xe6\x9c\xac", "\xf0\x9f\x98\x80"}) {
    EXPECT_TRUE(is_valid_utf8(s)) << s;
    EXPECT_EQ(utf8_from_unknown(s), s);
  }
}

TEST(Utf8Repair, AnythingElseIsReadAsLatin1) {
  EXPECT_EQ(utf8_from_unknown("Caf\xe9"), "Caf\xc3\xa9");
  for (const std::string& s : {std::string("\xc3"), std::string("\xc0\xaf"), std::string("\xed\xa0\x80"),
                              std::string("\xf4\x90\x80\x80"), std::string("\xe0\x80\xaf"), std::string("a\xff")}) {
    EXPECT_FALSE(is_valid_utf8(s)) << s;  // cut short, overlong, surrogate, past U+10FFFF
    EXPECT_TRUE(is_valid_utf8(utf8_from_unknown(s)));
    EXPECT_EQ(utf8_from_unknown(s).size(), s.size() + std::size_t(std::count_if(s.begin(), s.end(), [](char c) {
                                             return static_cast<unsigned char>(c) >= 0x80;
                                           })));
  }
}

}  // namespace
