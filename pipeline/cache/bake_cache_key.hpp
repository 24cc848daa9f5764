#pragma once
// The bake cache's keys and records (bake_cache.hpp explains the scheme). Private to the pipeline.
#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "aem/pipeline/bake_cache.hpp"

namespace aem::pipeline {

// The options that shape a bake's bytes, as cache keys hold them: options_key without the
// allowed directories, which only decide whether a file may be read (a refused one fails the
// bake whatever --allow-missing says), and are absolute paths that differ between checkouts.
std::string cache_options_text(const BakeOptions& options);

// Level 1: what determines which files a bake of the model looks for.
std::string manifest_key(const std::string& options_text, const std::filesystem::path& model_name,
                         const std::string& model_sha256);

// Level 2: the manifest key and every input's name and content. Empty when an input is unreadable.
std::string result_key(const std::string& manifest_key, std::span<const HashedInput> inputs);

// The level-1 record: the inputs' names. nullopt when `bytes` are not the record of `key`.
std::string manifest_record(const std::string& key, std::span<const HashedInput> inputs);
std::optional<std::vector<std::filesystem::path>> parse_manifest_record(const std::string& key,
                                                                         std::span<const std::byte> bytes);

// The level-2 record: the AEM blob's SHA-256 and size, and the report with the model's path (as
// given, and its absolute directory) written as placeholders.
struct ResultRecord {
  std::string aem_sha256;
  std::uint64_t aem_size = 0;
  BakeReport report;
};
std::string result_record(const std::string& key, const ResultRecord& record, const std::filesystem::path& model);
std::optional<ResultRecord> parse_result_record(const std::string& key, std::span<const std::byte> bytes,
                                                const std::filesystem::path& model);

}  // namespace aem::pipeline
