#include "source_model.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>

#include <nlohmann/json.hpp>

#include "aem/pipeline/model_formats.hpp"
#include "indefinite_article.hpp"

#if defined(AEM_CLI_WITH_PIPELINE)
#include "aem/pipeline/aamf_summary.hpp"
#include "aem/pipeline/batch_bake.hpp"
#include "dry_run.hpp"
#endif

namespace aem::cli {
namespace {

using json = nlohmann::ordered_json;

// As a POSIX shell reads it back: bare when only safe characters, else in single quotes.
std::string shell_word(const std::string& word) {
  const bool safe = !word.empty() && std::all_of(word.begin(), word.end(), [](unsigned char c) {
    return std::isalnum(c) || c == '/' || c == '.' || c == '_' || c == '-' || c == '+' || c == ',' || c == ':';
  });
  if (safe && word[0] != '-') return word;
  std::string quoted = "'";
  for (char c : word) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

#if defined(AEM_CLI_WITH_PIPELINE)
// What an AAMF file holds (specs/reports.md, "aem info --json on a source model").
json aamf_json(const pipeline::AamfSummary& s) {
  json polygons = json::object();
  for (const auto& [kind, count] : s.polygons) polygons[kind] = count;
  json animations = json::array();
  for (const auto& a : s.animations) animations.push_back({{"name", a.name}, {"keyframes", a.keyframes}});
  return {{"layout", s.skinned ? "samf" : "legacy"},
          {"magic", s.skinned ? json(s.magic) : json(nullptr)},
          {"bones", s.bones},
          {"roots", s.roots},
          {"vertices", s.vertices},
          {"triangles", s.triangles},
          {"polygons", s.skinned ? json(nullptr) : polygons},
          {"texture_names", s.texture_names},
          {"animations", animations}};
}
#endif

}  // namespace

std::optional<std::string> source_model_format(const std::filesystem::path& path) {
  const std::optional<pipeline::ModelFormat> format = pipeline::model_format_of(path);
  if (!format) return std::nullopt;
  switch (*format) {  // no default: -Wswitch names a new format here
    case pipeline::ModelFormat::gltf: return "glTF";
    case pipeline::ModelFormat::e3d: return "E3D";
    case pipeline::ModelFormat::aamf: return "AAMF";
    case pipeline::ModelFormat::assimp: {  // "FBX (through Assimp)"
      std::string name = path.extension().string().substr(1);
      std::transform(name.begin(), name.end(), name.begin(), [](unsigned char c) { return char(std::toupper(c)); });
      return name + " (through Assimp)";
    }
  }
  return std::nullopt;
}

int describe_source_model(const std::string& path, const std::string& format, bool as_json) {
  const std::string output = std::filesystem::path(path).replace_extension(".aem").string();
  const std::string args = shell_word(path) + " -o " + shell_word(output);
  const std::string bake = "aem bake " + args, dry_run = "aem bake --dry-run " + args;
#if defined(AEM_CLI_WITH_PIPELINE)
  const pipeline::BakeJob job{path, output, {}};
  const DryRunModel model = dry_run_job(job, /*force=*/true, nullptr);
  const bool fails = model.status != DryRunStatus::would_bake;
#endif
  if (as_json) {
    json out;
    out["file"] = path;
    out["source_model"] = format;
    out["bake_command"] = bake;
    out["dry_run_command"] = dry_run;
#if defined(AEM_CLI_WITH_PIPELINE)
    out["dry_run"] = dry_run_json(job, model);
    if (format == "AAMF" && model.status != DryRunStatus::failed) out["aamf"] = aamf_json(pipeline::summarize_aamf(path));
#else
    out["dry_run"] = nullptr;  // this build has no baker
#endif
    std::puts(out.dump(2, ' ', false, nlohmann::json::error_handler_t::replace).c_str());
  } else {
    std::printf("%s: %s %s source model, not an AEM file; bake it into one with\n  %s\n", path.c_str(),
                indefinite_article(format).c_str(), format.c_str(), bake.c_str());
#if defined(AEM_CLI_WITH_PIPELINE)
    if (format == "AAMF" && model.status != DryRunStatus::failed)
      std::printf("\n%s", pipeline::describe_aamf(pipeline::summarize_aamf(path), pipeline::BakeOptions{}.aamf_fps).c_str());
#endif
#if defined(AEM_CLI_WITH_PIPELINE)
    if (!fails) {
      const pipeline::BakeReport& r = model.report;
      std::printf("\nThat bake (default options) would write %s: %llu bytes, %llu vertices, %llu triangles, "
                  "%llu joints, %llu animations, %u textures.\n",
                  output.c_str(), static_cast<unsigned long long>(model.output_bytes),
                  static_cast<unsigned long long>(r.vertices), static_cast<unsigned long long>(r.triangles),
                  static_cast<unsigned long long>(r.joints), static_cast<unsigned long long>(r.animations),
                  r.textures);
      if (r.warnings.empty()) {
        std::printf("It would lose nothing.\n");
      } else {
        std::printf("It would lose (%zu warning%s):\n", r.warnings.size(), r.warnings.size() == 1 ? "" : "s");
        for (const std::string& w : r.warnings) std::printf("  - %s\n", w.c_str());
      }
      std::printf("Every count, texture and warning, with other options: %s [options]\n", dry_run.c_str());
    }
#else
    std::printf("(this aem was built without the baker, so it cannot tell what the bake would lose)\n");
#endif
  }
#if defined(AEM_CLI_WITH_PIPELINE)
  if (fails) {
    std::fprintf(stderr, "aem info: the bake would fail: %s\n",
                 model.status == DryRunStatus::failed ? model.error.c_str() : "interrupted");
    return 1;
  }
#endif
  return 0;
}

}  // namespace aem::cli
