#include "aem/arg_parser/arg_parser.hpp"

#include <charconv>
#include <cmath>
#include <cstdio>

namespace aem::arg_parser {

ArgParser::ArgParser(std::string_view command, Args args) : command_(command) {
  for (std::string_view arg : args) rest_.emplace_back(arg);
}

bool ArgParser::wants_help() const {
  for (const std::string& arg : rest_) {
    if (arg == "--help" || arg == "-h") return true;
  }
  return false;
}

bool ArgParser::answered_help(std::string_view usage) const {
  if (!wants_help()) return false;
  std::fwrite(usage.data(), 1, usage.size(), stdout);
  return true;
}

bool ArgParser::flag(std::string_view name) {
  bool found = false;
  for (auto it = rest_.begin(); it != rest_.end();) {
    if (*it == name) {
      found = true;
      it = rest_.erase(it);
    } else {
      ++it;
    }
  }
  return found;
}

std::optional<std::string> ArgParser::option(std::string_view name) {
  std::optional<std::string> value;
  for (auto it = rest_.begin(); it != rest_.end();) {
    const std::string& arg = *it;
    if (arg == name) {
      if (std::next(it) == rest_.end()) {
        throw UsageError(std::string(name) + " needs a value");
      }
      value = *std::next(it);
      it = rest_.erase(it, std::next(it, 2));
    } else if (arg.size() > name.size() && arg.compare(0, name.size(), name) == 0 &&
               arg[name.size()] == '=') {
      value = arg.substr(name.size() + 1);
      it = rest_.erase(it);
    } else {
      ++it;
    }
  }
  return value;
}

std::vector<std::string> ArgParser::repeated_option(std::string_view name) {
  std::vector<std::string> values;
  for (auto it = rest_.begin(); it != rest_.end();) {
    if (*it == name) {
      if (std::next(it) == rest_.end()) throw UsageError(std::string(name) + " needs a value");
      values.push_back(*std::next(it));
      it = rest_.erase(it, std::next(it, 2));
    } else if (it->size() > name.size() && it->compare(0, name.size(), name) == 0 && (*it)[name.size()] == '=') {
      values.push_back(it->substr(name.size() + 1));
      it = rest_.erase(it);
    } else {
      ++it;
    }
  }
  return values;
}

std::optional<long long> ArgParser::int_option(std::string_view name, long long min,
                                               long long max) {
  const std::optional<std::string> text = option(name);
  if (!text) return std::nullopt;
  long long value = 0;
  const char* end = text->data() + text->size();
  const auto [ptr, ec] = std::from_chars(text->data(), end, value);
  if (ec != std::errc() || ptr != end || value < min || value > max) {
    throw UsageError(std::string(name) + " expects a whole number from " + std::to_string(min) +
                     " to " + std::to_string(max) + ", got '" + *text + "'");
  }
  return value;
}

std::optional<double> ArgParser::positive_number_option(std::string_view name) {
  const std::optional<std::string> text = option(name);
  if (!text) return std::nullopt;
  double value = 0;
  const char* end = text->data() + text->size();
  const auto [ptr, ec] = std::from_chars(text->data(), end, value);
  if (ec != std::errc() || ptr != end || !std::isfinite(value) || value <= 0)
    throw UsageError(std::string(name) + " must be a positive number, not '" + *text + "'");
  return value;
}

std::vector<std::string> ArgParser::positionals(size_t min_count, size_t max_count) {
  for (const std::string& arg : rest_) {
    if (arg.size() > 1 && arg[0] == '-') {
      throw UsageError("unknown option '" + arg + "' for 'aem " + command_ + "'");
    }
  }
  if (rest_.size() < min_count) {
    throw UsageError("'aem " + command_ + "' needs " + std::to_string(min_count) +
                     (min_count == 1 ? " argument" : " arguments"));
  }
  if (rest_.size() > max_count) {
    throw UsageError("too many arguments for 'aem " + command_ + "': '" + rest_[max_count] + "'");
  }
  return rest_;
}

}  // namespace aem::arg_parser
