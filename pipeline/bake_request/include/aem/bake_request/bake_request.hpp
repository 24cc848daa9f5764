#pragma once
// What `aem bake` was asked to do, read from its arguments, and the jobs that makes. Shared by the
// command (bake_command.cpp) and Python's aem.bake (python/src/bake_binding.cpp), so that both
// accept the same options and refuse bad ones with the same messages.
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "aem/arg_parser/arg_parser.hpp"
#include "aem/pipeline/bake_cache.hpp"
#include "aem/pipeline/batch_bake.hpp"

namespace aem::bake_request {

struct BakeRequest {
  std::vector<std::string> inputs;
  std::optional<std::string> output, manifest, depfile;
  pipeline::BakeOptions options;
  unsigned threads = 1;
  bool force = false, verbose = false, json = false;
  bool dry_run = false;  // bake in memory and list what each model would be; write nothing
  pipeline::BakeCacheSettings cache;  // --cache, --cache-url (a manifest's apply where these are unset)
  unsigned shard_index = 1, shard_count = 1;  // --shard K/N
};

// The arguments after `aem bake` (`-j4` as `-j 4`). Throws UsageError for an unknown option, a
// bad value or a missing -o, with the message the command prints.
BakeRequest parse_bake_request(arg_parser::Args args);

// What `--name` is to the bake command: a flag (--strict), an option taking a value
// (--textures rgba), or not one of its options. Python's aem.bake refuses True or False for an
// option that takes a value instead of leaving it out.
enum class BakeOptionKind { flag, value, unknown };
BakeOptionKind bake_option_kind(std::string_view option);
// Every flag, and every option that takes a value, that parse_bake_request consumes.
std::span<const std::string_view> bake_flags();
std::span<const std::string_view> bake_value_options();

// One input file (not a directory, no manifest): baked with its detailed summary.
bool single_file_form(const BakeRequest& request);

// The jobs of the request, in the order the report lists them: one input file to -o (a .aem
// name, or a directory), directories expanded, manifest entries. Throws UsageError when there is
// nothing to bake, an output is refused before baking, or two jobs clash.
std::vector<pipeline::BakeJob> plan_bake_jobs(const BakeRequest& request);

// The cache the run uses: the command line's --cache and --cache-url, each unset one taken from
// the manifest's "cache" and "cache_url". Throws UsageError as plan_bake_jobs does.
pipeline::BakeCacheSettings cache_settings(const BakeRequest& request);

// The jobs of the request's shard (--shard K/N), in their order: all of them without --shard.
std::vector<pipeline::BakeJob> shard_jobs(const BakeRequest& request, std::vector<pipeline::BakeJob> jobs);

}  // namespace aem::bake_request
