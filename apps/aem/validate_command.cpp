// `aem validate FILE [--strict]`: every problem in an AEM file, or exit 0.
#include <cstdio>
#include <map>
#include <string>

#include "aem/model.hpp"
#include "aem/validation.hpp"
#include "arg_parser.hpp"

namespace aem::cli {
namespace {

constexpr const char* kUsage =
    "usage: aem validate FILE [--strict]\n"
    "\n"
    "Checks an AEM file and lists every problem with its section, element and byte offset.\n"
    "Exit status 0 when the file is valid, 1 otherwise.\n"
    "\n"
    "  --strict   also check the data itself: finite floats, unit normals, tangents and\n"
    "             quaternions, joint weights, key order and times, durations, parents-first\n"
    "             joints, name padding and unused data\n";

// Problems of one kind beyond this many are counted, not printed.
constexpr std::size_t kShownPerKind = 20;

class ProblemPrinter {
 public:
  explicit ProblemPrinter(std::string path) : path_(std::move(path)) {}

  bool operator()(const Error& error) {
    const std::size_t seen = ++counts_[error.code];
    if (seen <= kShownPerKind) {
      std::printf("%s: %s [%s]\n", path_.c_str(), error.describe().c_str(),
                  std::string(to_string(error.code)).c_str());
    }
    return true;  // keep going: the user wants every problem
  }

  std::size_t total() const {
    std::size_t sum = 0;
    for (const auto& [code, count] : counts_) sum += count;
    return sum;
  }

  void print_omitted() const {
    for (const auto& [code, count] : counts_) {
      if (count > kShownPerKind) {
        std::printf("%s: ... and %zu more %s problems\n", path_.c_str(), count - kShownPerKind,
                    std::string(to_string(code)).c_str());
      }
    }
  }

 private:
  std::string path_;
  std::map<ErrorCode, std::size_t> counts_;
};

}  // namespace

int run_validate(Args args) {
  ArgParser parser("validate", args);
  if (parser.wants_help()) {
    std::fputs(kUsage, stdout);
    return 0;
  }
  const bool strict = parser.flag("--strict");
  const std::string path = parser.positionals(1, 1)[0];

  // Opening untrusted checks only what locating the sections needs; the checks below list all.
  Expected<Model> model = Model::try_open(path, {.validate = false});
  if (!model) {
    std::printf("%s: %s [%s]\n", path.c_str(), model.error().describe().c_str(),
                std::string(to_string(model.error().code)).c_str());
    std::printf("%s: invalid\n", path.c_str());
    return 1;
  }
  ProblemPrinter printer(path);
  const ProblemSink sink = std::ref(printer);
  const bool structure_ok = check_structure(model->view(), sink);
  if (strict && structure_ok) {
    check_semantics(model->view(), sink);
  }
  printer.print_omitted();
  if (printer.total() == 0) {
    std::printf("%s: valid%s\n", path.c_str(), strict ? " (strict)" : "");
    return 0;
  }
  if (strict && !structure_ok) {
    std::printf("%s: strict checks skipped until the structural problems are fixed\n",
                path.c_str());
  }
  std::printf("%s: invalid, %zu problem%s\n", path.c_str(), printer.total(),
              printer.total() == 1 ? "" : "s");
  return 1;
}

}  // namespace aem::cli
