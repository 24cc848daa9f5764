#include "output/extensions/encode_extensions.hpp"

#include "output/extensions/encode_emissive.hpp"
#include "output/extensions/encode_lods.hpp"
#include "output/extensions/encode_material_flags.hpp"
#include "output/extensions/encode_meshlets.hpp"
#include "output/extensions/encode_names.hpp"
#include "output/extensions/encode_morph_targets.hpp"
#include "output/extensions/encode_uv1.hpp"
#include "output/extensions/encode_vertex_colours.hpp"

namespace aem::pipeline {

std::vector<ExtensionPayload> encode_extensions(const ModelContent& content) {
  std::vector<ExtensionPayload> payloads;
  if (content.extensions.empty()) return payloads;
  // One line per extension.
  if (!content.extensions.names.empty()) payloads.push_back(encode_names(content));
  if (!content.extensions.emissive.empty()) payloads.push_back(encode_emissive(content));
  if (!content.extensions.lods.empty()) payloads.push_back(encode_lods(content));
  if (!content.extensions.material_flags.empty()) payloads.push_back(encode_material_flags(content));
  if (!content.extensions.meshlets.empty()) payloads.push_back(encode_meshlets(content));
  if (!content.extensions.morph_targets.empty()) payloads.push_back(encode_morph_targets(content));
  if (!content.extensions.uv1.empty()) payloads.push_back(encode_uv1(content));
  if (!content.extensions.vertex_colours.empty()) payloads.push_back(encode_vertex_colours(content));
  return payloads;
}

}  // namespace aem::pipeline
