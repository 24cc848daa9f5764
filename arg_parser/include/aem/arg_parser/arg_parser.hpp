#pragma once
// A small, strict argument parser shared by `aem`'s sub-commands and, through the bake request
// (aem/bake_request/bake_request.hpp), Python's aem.bake: every flag must be known, every option needs
// its value, and anything wrong becomes a UsageError with a message for the user. Standard C++
// only: `aem` links it also where it is built without the pipeline.
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace aem::arg_parser {

// The arguments after a command's own name.
using Args = std::span<const std::string_view>;

struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class ArgParser {
 public:
  ArgParser(std::string_view command, Args args);

  // True when `--help` or `-h` is among the arguments.
  bool wants_help() const;
  // When wants_help(), prints `usage` to stdout and returns true: the command then exits with 0.
  bool answered_help(std::string_view usage) const;
  // Consumes a boolean flag such as `--json`; true if it was given.
  bool flag(std::string_view name);
  // Consumes `--name VALUE` or `--name=VALUE`; nullopt when absent.
  std::optional<std::string> option(std::string_view name);
  // Consumes every `--name VALUE` / `--name=VALUE`, in order; empty when absent.
  std::vector<std::string> repeated_option(std::string_view name);
  // Like option(), parsed as an integer within [min, max].
  std::optional<long long> int_option(std::string_view name, long long min, long long max);
  // Like option(), parsed as a finite number > 0 (a rate or a scale factor).
  std::optional<double> positive_number_option(std::string_view name);
  // Returns what is left once every flag and option has been consumed; an unknown `-x` is an error,
  // and so is a positional count outside [min_count, max_count].
  std::vector<std::string> positionals(size_t min_count, size_t max_count);

 private:
  std::string command_;
  std::vector<std::string> rest_;
};

}  // namespace aem::arg_parser
