#pragma once
// "a" or "an" before a format's name as `aem info` prints it ("a glTF", "an E3D", "an FBX").
#include <string>

namespace aem::cli {

// The article an English reader says before `name`, a format name as source_model_format gives
// it: "an" when it is said starting with a vowel sound. A name in capitals is an initialism read
// letter by letter ("an FBX": eff, "an STL": ess, "a DAE": dee), except the few that are words
// ("a MESH", "a STEP", "a BLEND"); a leading digit is read as a number ("a 3DS", "an 8..."); any
// other name is a word led by its first letter ("a glTF").
std::string indefinite_article(const std::string& name);

}  // namespace aem::cli
