#include "output/extensions/encode_extensions.hpp"

#include "output/extensions/encode_morph_targets.hpp"

namespace aem::pipeline {

std::vector<ExtensionPayload> encode_extensions(const ModelContent& content) {
  std::vector<ExtensionPayload> payloads;
  if (content.extensions.empty()) return payloads;
  // One line per extension: if (!content.extensions.x.empty()) payloads.push_back(encode_x(content));
  if (!content.extensions.morph_targets.empty()) payloads.push_back(encode_morph_targets(content));
  return payloads;
}

}  // namespace aem::pipeline
