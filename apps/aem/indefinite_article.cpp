#include "indefinite_article.hpp"

#include <cctype>
#include <set>

namespace aem::cli {
namespace {

// The leading word of `name`: "FBX (through Assimp)" -> "FBX".
std::string first_word(const std::string& name) { return name.substr(0, name.find(' ')); }

bool is_initialism(const std::string& word) {
  // Capitals and digits only; the capitalised names that are said as words are not.
  static const std::set<std::string> said_as_words = {"BLEND", "MESH", "STEP"};
  for (unsigned char c : word) {
    if (!std::isupper(c) && !std::isdigit(c)) return false;
  }
  return !said_as_words.contains(word);
}

}  // namespace

std::string indefinite_article(const std::string& name) {
  const std::string word = first_word(name);
  if (word.empty()) return "a";
  const char first = char(std::toupper(static_cast<unsigned char>(word[0])));
  if (first == '8') return "an";  // "eight", "eighteen", "eighty"
  if (is_initialism(word)) {
    // The letters whose names start with a vowel sound: a, e, eff, aitch, i, el, em, en, o, ar, ess, ex.
    static const std::string vowel_sounding_letters = "AEFHILMNORSX";
    return vowel_sounding_letters.find(first) != std::string::npos ? "an" : "a";
  }
  // A word ("glTF", "MESH"): "an" before a, e, i, o; a leading u is said "you" often enough that
  // "a" is the safer guess.
  return std::string("AEIO").find(first) != std::string::npos ? "an" : "a";
}

}  // namespace aem::cli
