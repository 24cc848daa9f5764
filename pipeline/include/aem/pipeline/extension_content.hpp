#pragma once
// What a model holds beyond version 1's records (specs/aem-extensions.md section 4), as the bake's
// stages fill it: one member per extension, each empty when the model has no such content. The
// writer turns each non-empty member into its payload (pipeline/output/extensions/); a content
// whose members are all empty is written as plain version 1, byte for byte.
#include <cstdint>
#include <string>
#include <vector>

namespace aem::pipeline {

struct ExtensionContent {
  // Members are added with their extension, each with its emptiness in empty() below.
  bool empty() const { return true; }
};

}  // namespace aem::pipeline
