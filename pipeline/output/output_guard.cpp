#include "output/output_guard.hpp"
#include "aem/pipeline/output_guard.hpp"

#include "io/file_kind.hpp"
#include "io/file_status.hpp"

namespace aem::pipeline {
namespace {

std::string refused(const std::filesystem::path& model, const std::filesystem::path& output, const std::string& why) {
  return model.string() + ": refusing to write the output " + output.string() + ": " + why;
}

}  // namespace

std::optional<FileIdentity> file_identity(const std::filesystem::path& path) {
  const std::optional<FileStatus> s = file_status(path);
  if (!s) return std::nullopt;
  return FileIdentity{s->device, s->inode};
}

std::string not_replaceable(const std::filesystem::path& path) {
  using std::filesystem::file_type;
  std::error_code ec;
  const file_type type = std::filesystem::symlink_status(path, ec).type();
  // (Anything else that keeps it from being examined is the write's to report.)
  if (type == file_type::symlink) {
    const file_type target = std::filesystem::status(path, ec).type();
    return std::string("it is a symbolic link (to ") +
           (target == file_type::regular     ? "a regular file"
            : target == file_type::not_found ? "nothing"
                                             : file_kind_name(target)) +
           "), which the atomic replace would replace rather than write through; name the file itself";
  }
  if (type != file_type::not_found && type != file_type::none && type != file_type::regular)
    return std::string("it is ") + file_kind_name(type) + ", and only regular files are written";
  return {};
}

std::string output_problem_before_bake(const std::filesystem::path& model, const std::filesystem::path& output) {
  // The gravest first: whatever the spelling or link, the model is never written over.
  const std::optional<FileIdentity> out = file_identity(output);
  if (out && out == file_identity(model)) return refused(model, output, "it is the model itself");
  const std::string why = not_replaceable(output);
  return why.empty() ? why : refused(model, output, why);
}

std::string output_problem_after_bake(const std::filesystem::path& model, const std::filesystem::path& output,
                                      std::span<const std::filesystem::path> inputs) {
  const std::optional<FileIdentity> out = file_identity(output);
  if (!out) return {};
  for (const std::filesystem::path& input : inputs) {
    if (out == file_identity(input))
      return refused(model, output, "it is " + input.string() + ", which the bake reads");
  }
  return {};
}

}  // namespace aem::pipeline
