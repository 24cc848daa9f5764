#pragma once
// Shared by the export tests: the corpus models they export, bakes with rgba or BC textures,
// exports in memory and to files, the glTF-Validator run through node, and section comparison.
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "aem/pipeline/gltf_export.hpp"
#include "bake_test_support.hpp"
#include "run_command.hpp"
#include "scratch_dir.hpp"

namespace aem::test {

// export_models (corpus_files.hpp) that this build's corpus sweeps take.
inline std::vector<std::filesystem::path> export_corpus(const std::filesystem::path& corpus) {
  std::vector<std::filesystem::path> out = export_models(corpus);
  std::erase_if(out, [](const std::filesystem::path& model) { return !corpus_model_taken(model); });
  return out;
}

// test_options() with BC7/BC5 textures.
inline pipeline::BakeOptions bc_test_options() {
  pipeline::BakeOptions options = test_options();
  options.textures = pipeline::TextureEncoding::bc;
  options.quality = codec::Bc7Quality::fast;
  return options;
}

// The baked bytes of `path`, or nullopt (with the reason in `why`) when it does not bake.
inline std::optional<std::vector<std::byte>> try_bake(const std::filesystem::path& path,
                                                      const pipeline::BakeOptions& options, std::string& why) {
  try {
    return pipeline::serialize_model(pipeline::bake_model(path, options).content);
  } catch (const std::exception& e) {
    why = e.what();
    return std::nullopt;
  }
}

inline void write_bytes(const std::filesystem::path& path, const std::vector<std::byte>& bytes) {
  std::ofstream out(path, std::ios::binary);
  out.write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
}

// The .glb of an AEM's bytes, written to `path`.
inline pipeline::ExportedGltf export_glb(const std::vector<std::byte>& aem_bytes, const std::filesystem::path& path) {
  const Model model = Model::open_memory(aem_bytes);
  pipeline::ExportedGltf document = pipeline::build_gltf(model, path.string());
  write_bytes(path, pipeline::glb_bytes(document));
  return document;
}

// The validator's report of `file`, or nullopt when node or the gltf-validator package is absent.
inline std::optional<nlohmann::json> validator_report(const std::filesystem::path& file) {
  std::error_code ec;
  const char* env = std::getenv("AEM_GLTF_VALIDATOR_DIR");
  const std::filesystem::path package = env && *env ? env : AEM_GLTF_VALIDATOR_DIR;
  if (std::string(AEM_NODE_PROGRAM).find("NOTFOUND") != std::string::npos ||
      !std::filesystem::is_regular_file(package / "package.json", ec))
    return std::nullopt;
  const CommandResult r = run_command(shell_quote(AEM_NODE_PROGRAM) + " " + shell_quote(AEM_GLTF_VALIDATOR_SCRIPT) +
                                      " " + shell_path(package) + " " + shell_path(file) + " 2>&1");
  const std::size_t brace = r.output.find('{');
  if (brace == std::string::npos) return nlohmann::json{{"errors", -1}, {"messages", {r.output}}};
  return nlohmann::json::parse(r.output.substr(brace), nullptr, false);
}

inline std::string validator_skip_reason() {
  return "the glTF-Validator is not installed (node and the npm package gltf-validator in "
         "~/.cache/aem/gltf-validator, or $AEM_GLTF_VALIDATOR_DIR: .ci/install-deps installs it)";
}

// The bytes of one section of an opened model, by name, for comparisons.
inline std::span<const std::byte> section_bytes(const Model& m, const std::string& name) {
  if (name == "vertices") return std::as_bytes(m.vertices());
  if (name == "indices") return std::as_bytes(m.indices());
  if (name == "image buffer") return m.image_buffer();
  if (name == "textures") return std::as_bytes(m.textures());
  if (name == "meshes") return std::as_bytes(m.meshes());
  if (name == "materials") return std::as_bytes(m.materials());
  if (name == "joints") return std::as_bytes(m.joints());
  if (name == "animations") return std::as_bytes(m.animations());
  if (name == "tracks") return std::as_bytes(m.tracks());
  return std::as_bytes(m.keyframes());
}

// The payload of extension `name` copied out, empty when the model has none.
inline std::vector<std::byte> extension_bytes(const Model& m, std::string_view name) {
  const auto payload = m.extension_payload(name);
  return payload ? std::vector<std::byte>(payload->begin(), payload->end()) : std::vector<std::byte>{};
}

// The sections of `names` that differ between two models ("" when none).
inline std::string differing_sections(const Model& a, const Model& b, const std::vector<std::string>& names) {
  std::string out;
  for (const std::string& name : names) {
    const auto x = section_bytes(a, name), y = section_bytes(b, name);
    if (x.size() != y.size() || !std::equal(x.begin(), x.end(), y.begin()))
      out += (out.empty() ? "" : ", ") + name + " (" + std::to_string(x.size()) + " vs " + std::to_string(y.size()) +
             " bytes)";
  }
  return out;
}

}  // namespace aem::test
