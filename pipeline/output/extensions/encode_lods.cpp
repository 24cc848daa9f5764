#include "output/extensions/encode_lods.hpp"

#include <string>

#include "aem/ext_lods.hpp"
#include "aem/pipeline/model_writer.hpp"
#include "output/extensions/payload_bytes.hpp"

namespace aem::pipeline {

ExtensionPayload encode_lods(const ModelContent& content) {
  const LodsContent& lods = content.extensions.lods;
  if (lods.meshes.size() != content.meshes.size())
    throw InvalidContent("lods: level lists for " + std::to_string(lods.meshes.size()) + " meshes, but the model has " +
                         std::to_string(content.meshes.size()));
  std::vector<LodMesh> meshes;
  std::vector<LodLevel> levels;
  std::uint32_t index_count = 0;
  for (const std::vector<LodLevelContent>& mesh : lods.meshes) {
    meshes.push_back({std::uint32_t(levels.size()), std::uint32_t(mesh.size()), {0, 0}});
    for (const LodLevelContent& level : mesh) {
      levels.push_back({index_count, std::uint32_t(level.indices.size()), level.error, 0});
      index_count += std::uint32_t(level.indices.size());
    }
  }
  ExtensionPayload payload{std::string(kLodsExtension), false, kLodsRecordVersion, {}};
  std::vector<std::byte>& out = payload.bytes;
  out.reserve(16 * (1 + meshes.size() + levels.size()) + std::size_t(index_count) * 4 + 15);
  append_record(out, LodsHeader{std::uint32_t(meshes.size()), std::uint32_t(levels.size()), index_count, 0});
  append_array(out, std::span<const LodMesh>(meshes));
  append_array(out, std::span<const LodLevel>(levels));
  for (const std::vector<LodLevelContent>& mesh : lods.meshes)
    for (const LodLevelContent& level : mesh) append_array(out, std::span<const std::uint32_t>(level.indices));
  pad_to_16(out);
  return payload;
}

}  // namespace aem::pipeline
