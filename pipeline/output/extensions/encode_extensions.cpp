#include "output/extensions/encode_extensions.hpp"

#include "output/extensions/encode_uv1.hpp"
#include "output/extensions/encode_vertex_colours.hpp"

namespace aem::pipeline {

std::vector<ExtensionPayload> encode_extensions(const ModelContent& content) {
  std::vector<ExtensionPayload> payloads;
  if (content.extensions.empty()) return payloads;
  // One line per extension: if (!content.extensions.x.empty()) payloads.push_back(encode_x(content));
  if (!content.extensions.uv1.empty()) payloads.push_back(encode_uv1(content));
  if (!content.extensions.vertex_colours.empty()) payloads.push_back(encode_vertex_colours(content));
  return payloads;
}

}  // namespace aem::pipeline
