// bake_in_tool: the bake inside a tool of your own (an editor's "export", a build step, an asset
// server). The pipeline library turns a glTF 2.0 file into AEM content in memory; the tool can
// look at it or change it, then writes the file atomically. Options and errors as a build tool
// has them: a usage error exits 2, a model that cannot be baked exits 1 with one message naming
// the file and what is wrong, and nothing is written unless everything succeeded.
//
//   bake_in_tool IN.gltf|IN.glb -o OUT.aem [--rgba] [--max-texture-size N] [--strict] [-j N]
//
// Copy from here: aem::pipeline::bake_model, BakeOptions, BakeReport, write_model_file.
#include <aem/pipeline/bake.hpp>
#include <aem/pipeline/model_writer.hpp>

#include <charconv>
#include <cstdio>
#include <exception>
#include <optional>
#include <string>
#include <string_view>
#include <thread>

namespace {

struct Request {
  std::filesystem::path input, output;
  aem::pipeline::BakeOptions options;
};

struct UsageError {
  std::string message;
};

unsigned number(std::string_view option, std::string_view text) {
  unsigned value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc{} || end != text.data() + text.size() || value == 0)
    throw UsageError{std::string(option) + " needs a positive whole number, not '" + std::string(text) + "'"};
  return value;
}

Request parse(int argc, char** argv) {
  Request r;
  r.options.threads = std::max(1u, std::thread::hardware_concurrency());
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    const auto value = [&]() -> std::string_view {
      if (i + 1 >= argc) throw UsageError{std::string(arg) + " needs a value"};
      return argv[++i];
    };
    if (arg == "-o") r.output = value();
    else if (arg == "--rgba") r.options.textures = aem::pipeline::TextureEncoding::rgba;
    else if (arg == "--max-texture-size") r.options.max_texture_size = number(arg, value());
    else if (arg == "--strict") r.options.strict = true;  // every warning fails the bake
    else if (arg == "-j") r.options.threads = number(arg, value());
    else if (arg.starts_with("-")) throw UsageError{"unknown option " + std::string(arg)};
    else if (r.input.empty()) r.input = arg;
    else throw UsageError{"more than one input (" + r.input.string() + ", " + std::string(arg) + ")"};
  }
  if (r.input.empty() || r.output.empty()) throw UsageError{"needs an input and -o OUT.aem"};
  return r;
}

}  // namespace

int main(int argc, char** argv) {
  Request request;
  try {
    request = parse(argc, argv);
  } catch (const UsageError& e) {
    std::fprintf(stderr,
                 "bake_in_tool: %s\n"
                 "usage: bake_in_tool IN.gltf|IN.glb -o OUT.aem [--rgba] [--max-texture-size N] [--strict] [-j N]\n",
                 e.message.c_str());
    return 2;
  }
  try {
    // Refuse before spending time on the bake when the output could never be written.
    if (const std::string problem = aem::pipeline::output_problem_before_bake(request.input, request.output);
        !problem.empty())
      throw aem::pipeline::BakeError(problem);

    aem::pipeline::BakeResult baked = aem::pipeline::bake_model(request.input, request.options);

    // What the glTF had that AEM cannot hold: each warning names the model and the element.
    for (const std::string& warning : baked.report.warnings)
      std::fprintf(stderr, "bake_in_tool: warning: %s\n", warning.c_str());
    // The content is plain arrays: a tool could check budgets or rename joints here.
    const aem::pipeline::ModelContent& content = baked.content;

    // Never let the output replace a buffer or image the bake read.
    if (const std::string problem =
            aem::pipeline::output_problem_after_bake(request.input, request.output, baked.report.inputs);
        !problem.empty())
      throw aem::pipeline::BakeError(problem);
    aem::pipeline::write_model_file(request.output, content);  // atomic: complete or untouched

    std::printf("bake_in_tool: %s -> %s: %zu vertices, %zu triangles, %zu textures, %zu joints, %zu animations%s\n",
                request.input.string().c_str(), request.output.string().c_str(), content.vertices.size(),
                content.indices.size() / 3, content.textures.size(), content.joints.size(), content.animations.size(),
                baked.report.warnings.empty() ? "" : " (with warnings)");
    return 0;
  } catch (const aem::pipeline::BakeError& e) {  // the input cannot be baked (or strict warnings)
    std::fprintf(stderr, "bake_in_tool: error: %s\n", e.what());
  } catch (const std::exception& e) {  // writing failed: disk full, no permission...
    std::fprintf(stderr, "bake_in_tool: error: %s\n", e.what());
  }
  return 1;
}
