// `aem cache prune DIR --max-size SIZE [--json]`: cuts a bake cache directory down to SIZE, least
// recently used entries first, while other bakes may be using it (cache_prune.hpp).
#include <charconv>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "aem/pipeline/cache_prune.hpp"
#include "aem/arg_parser/arg_parser.hpp"
#include "utf8_arguments.hpp"

namespace aem::cli {
namespace {

constexpr const char* kCacheUsage =
    "usage: aem cache prune DIR --max-size SIZE [--json]\n"
    "\n"
    "Removes the least recently used entries of the bake cache directory DIR (aem bake --cache DIR)\n"
    "until those left total at most SIZE. An entry's use is its last write or read by a bake.\n"
    "Safe while other bakes read and write the cache: they see an entry whole or not at all (a\n"
    "miss), and an entry read or written while the prune runs is kept. Only the cache's own\n"
    "entries (DIR/ac/XX/KEY, DIR/cas/XX/KEY) are ever removed, and temporaries of writers killed\n"
    "over an hour ago.\n"
    "\n"
    "  --max-size SIZE   bytes, or a whole number with K, M, G or T (powers of 1024): 500M, 2G\n"
    "  --json            print the result as one JSON object (specs/reports.md)\n";

// SIZE: a whole number of bytes, or one followed by K, M, G or T (any case, powers of 1024).
std::optional<std::uint64_t> parse_size(std::string_view text) {
  std::uint64_t value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc{} || end == text.data()) return std::nullopt;
  const std::string_view unit = text.substr(std::size_t(end - text.data()));
  if (unit.empty()) return value;
  static constexpr std::string_view kUnits = "KMGTkmgt";
  const std::size_t place = unit.size() == 1 ? kUnits.find(unit[0]) : std::string_view::npos;
  if (place == std::string_view::npos) return std::nullopt;
  const unsigned shift = 10 * unsigned(place % 4 + 1);
  if (value > (std::numeric_limits<std::uint64_t>::max() >> shift)) return std::nullopt;
  return value << shift;
}

nlohmann::ordered_json report_json(const std::string& dir, std::uint64_t max_size, const pipeline::CachePruneResult& r) {
  nlohmann::ordered_json out;
  out["schema"] = "aem-cache-prune-report";
  out["version"] = 1;
  out["cache"] = dir;
  out["max_size"] = max_size;
  out["before"] = {{"entries", r.entries_before}, {"bytes", r.bytes_before}};
  out["removed"] = {{"entries", r.entries_removed}, {"bytes", r.bytes_removed}};
  out["left"] = {{"entries", r.entries_left()}, {"bytes", r.bytes_left()}};
  out["temporaries_removed"] = r.temporaries_removed;
  return out;
}

}  // namespace

int run_cache(arg_parser::Args args) {
  arg_parser::ArgParser parser("cache", args);
  if (parser.answered_help(kCacheUsage)) return 0;
  const bool json = parser.flag("--json");
  const std::optional<std::string> max_size_text = parser.option("--max-size");
  const std::vector<std::string> words = parser.positionals(2, 2);
  if (words[0] != "prune") throw arg_parser::UsageError("unknown cache command '" + words[0] + "' (expected prune)");
  if (!max_size_text) throw arg_parser::UsageError("missing --max-size SIZE");
  const std::optional<std::uint64_t> max_size = parse_size(*max_size_text);
  if (!max_size)
    throw arg_parser::UsageError("--max-size needs a size in bytes, or with K, M, G or T (500M, 2G), not '" + *max_size_text + "'");
  const std::string& dir = words[1];
  const pipeline::CachePruneResult r = pipeline::prune_cache_directory(path_from_utf8(dir), *max_size);
  if (json) {
    std::puts(report_json(dir, *max_size, r).dump(2, ' ', false, nlohmann::json::error_handler_t::replace).c_str());
  } else {
    std::printf("%s: removed %llu of %llu entries (%llu of %llu bytes); %llu bytes left, at most %llu\n", dir.c_str(),
                static_cast<unsigned long long>(r.entries_removed), static_cast<unsigned long long>(r.entries_before),
                static_cast<unsigned long long>(r.bytes_removed), static_cast<unsigned long long>(r.bytes_before),
                static_cast<unsigned long long>(r.bytes_left()), static_cast<unsigned long long>(*max_size));
    if (r.temporaries_removed)
      std::printf("%s: removed %llu temporaries of killed writers\n", dir.c_str(),
                  static_cast<unsigned long long>(r.temporaries_removed));
  }
  return 0;
}

}  // namespace aem::cli
