// `aem validate FILE [--strict] [--json]`: every problem in an AEM file, or exit 0.
#include <cstdio>
#include <map>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "aem/model.hpp"
#include "model_open_options.hpp"
#include "aem/validation.hpp"
#include "aem/arg_parser/arg_parser.hpp"
#include "extension_listing.hpp"
#include "utf8_arguments.hpp"

namespace aem::cli {
namespace {

constexpr const char* kValidateUsage =
    "usage: aem validate FILE [--strict] [--json]\n"
    "\n"
    "Checks an AEM file and lists every problem with its section, element and byte offset.\n"
    "Exit status 0 when the file is valid, 1 otherwise.\n"
    "\n"
    "  --strict   also check the data itself: finite floats, unit normals, tangents and\n"
    "             quaternions, joint weights, key order and times, durations, parents-first\n"
    "             joints, name padding and unused data\n"
    "  --json     print one JSON object (schema aem-validate-report, specs/reports.md)\n";

// Problems of one kind beyond this many are counted, not listed: a hostile file can have millions.
constexpr std::size_t kShownPerKind = 20;
constexpr std::size_t kListedPerKindInJson = 100;

nlohmann::ordered_json problem_json(const Error& error) {
  return {{"code", std::string(to_string(error.code))},
          {"section", std::string(to_string(error.section))},
          {"element", error.element},
          {"byte_offset", error.byte_offset},
          {"message", error.message}};
}

// Prints each problem as a line, or collects it for the JSON report.
class ProblemPrinter {
 public:
  ProblemPrinter(std::string path, bool json) : path_(std::move(path)), json_(json) {}

  bool operator()(const Error& error) {
    const std::size_t seen = ++counts_[error.code];
    if (json_) {
      if (seen <= kListedPerKindInJson) listed_.push_back(problem_json(error));
    } else if (seen <= kShownPerKind) {
      std::printf("%s: %s [%s]\n", path_.c_str(), error.describe().c_str(),
                  std::string(to_string(error.code)).c_str());
    }
    return true;  // keep going: the user wants every problem
  }

  // The problems listed, and per kind how many were left out.
  nlohmann::ordered_json listed() const { return listed_; }
  nlohmann::ordered_json omitted() const {
    nlohmann::ordered_json out = nlohmann::ordered_json::object();
    for (const auto& [code, count] : counts_)
      if (count > kListedPerKindInJson) out[std::string(to_string(code))] = count - kListedPerKindInJson;
    return out;
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
  bool json_;
  std::map<ErrorCode, std::size_t> counts_;
  nlohmann::ordered_json listed_ = nlohmann::ordered_json::array();
};

// The report `--json` prints; its schema is in specs/reports.md.
int print_json_report(const std::string& path, bool strict, bool strict_skipped, std::size_t total,
                      const nlohmann::ordered_json& problems, const nlohmann::ordered_json& omitted,
                      const nlohmann::ordered_json& extensions) {
  nlohmann::ordered_json report;
  report["schema"] = "aem-validate-report";
  report["version"] = 1;
  report["file"] = path;
  report["strict"] = strict;
  report["valid"] = total == 0;
  report["problem_count"] = total;
  report["strict_checks_skipped"] = strict_skipped;
  report["problems"] = problems;
  report["omitted"] = omitted;
  report["extensions"] = extensions;
  std::printf("%s\n", report.dump(2, ' ', false, nlohmann::json::error_handler_t::replace).c_str());
  return total == 0 ? 0 : 1;
}

}  // namespace

int run_validate(arg_parser::Args args) {
  arg_parser::ArgParser parser("validate", args);
  if (parser.answered_help(kValidateUsage)) return 0;
  const bool strict = parser.flag("--strict");
  const bool json = parser.flag("--json");
  const std::string path = parser.positionals(1, 1)[0];

  // Opening untrusted checks only what locating the sections needs; the checks below list all.
  Expected<Model> model = Model::try_open(path_from_utf8(path), with_packed_decoder({.validate = false}));
  if (!model && json) {
    return print_json_report(path, strict, strict, 1, nlohmann::ordered_json::array({problem_json(model.error())}),
                             nlohmann::ordered_json::object(), nlohmann::ordered_json::array());
  }
  if (!model) {
    std::printf("%s: %s [%s]\n", path.c_str(), model.error().describe().c_str(),
                std::string(to_string(model.error().code)).c_str());
    std::printf("%s: invalid\n", path.c_str());
    return 1;
  }
  ProblemPrinter printer(path, json);
  const ProblemSink sink = std::ref(printer);
  const bool structure_ok = check_structure(model->view(), sink);
  // The known extensions' payloads, as a validated open checks them (their content is listed
  // below only when they pass).
  const bool payloads_ok = structure_ok && check_extension_payloads(*model, sink);
  if (strict && structure_ok) {
    check_semantics(model->view(), sink);
  }
  if (json) {
    return print_json_report(path, strict, strict && !structure_ok, printer.total(), printer.listed(),
                             printer.omitted(), extensions_json(*model, payloads_ok));
  }
  printer.print_omitted();
  print_extensions(*model, payloads_ok);
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
