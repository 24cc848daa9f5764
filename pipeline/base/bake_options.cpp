#include "aem/pipeline/bake_options.hpp"

#include <string>

#include "aem/codec/rdo.hpp"
#include "aem/codec/rdo_bound.hpp"

namespace aem::pipeline {

std::string rdo_option_problem(const BakeOptions& options) {
  if (std::string why = codec::rdo_lambda_problem(options.rdo_lambda); !why.empty())
    return "RDO lambda " + why + " (expected 0 to 1000)";
  if (options.rdo_lambda > 0 && options.textures == TextureEncoding::rgba)
    return "RDO applies to block-compressed textures only: drop the RDO lambda or use textures \"bc\"";
  return {};
}

std::string rdo_bound_option_problem(const BakeOptions& options) {
  if (std::string why = codec::rdo_max_loss_problem(options.rdo_max_loss); !why.empty())
    return "RDO max loss " + why + " (expected 0 to 20 dB)";
  if (options.rdo_max_loss > 0 && options.textures == TextureEncoding::rgba)
    return "RDO applies to block-compressed textures only: drop the RDO max loss or use textures \"bc\"";
  if (options.rdo_max_loss > 0 && options.rdo_lambda > 0)
    return "an RDO lambda and an RDO max loss cannot both be given: the max loss chooses the lambda of each texture";
  return {};
}

std::string lod_option_problem(const BakeOptions& options) {
  if (options.lods > kMaxLods) return "at most " + std::to_string(kMaxLods) + " levels of detail, not " + std::to_string(options.lods);
  if (!(options.lod_error > 0 && options.lod_error <= 1))
    return "the LOD error is relative to the model's extent: a number in (0, 1], not " + std::to_string(options.lod_error);
  if (options.lods > 0 && options.version_1_only)
    return "levels of detail are an extension, which format version 1 cannot carry: drop the levels or the version";
  return {};
}

std::string meshlet_option_problem(const BakeOptions& options) {
  if (options.meshlet_vertices < 3 || options.meshlet_vertices > kMaxMeshletVertices)
    return "a meshlet's vertices: 3 to " + std::to_string(kMaxMeshletVertices) + ", not " +
           std::to_string(options.meshlet_vertices);
  if (options.meshlet_triangles < 4 || options.meshlet_triangles > kMaxMeshletTriangles ||
      options.meshlet_triangles % 4 != 0)
    return "a meshlet's triangles: a multiple of 4 from 4 to " + std::to_string(kMaxMeshletTriangles) + ", not " +
           std::to_string(options.meshlet_triangles);
  if (options.meshlets && options.version_1_only)
    return "meshlets are an extension, which format version 1 cannot carry: drop the meshlets or the version";
  return {};
}

std::string allowed_dir_problem(const std::filesystem::path& dir) {
  std::error_code ec;
  const auto status = std::filesystem::status(dir, ec);
  if (status.type() == std::filesystem::file_type::not_found) return "no such directory";
  if (status.type() != std::filesystem::file_type::directory) return "is not a directory";
  return {};
}

}  // namespace aem::pipeline
