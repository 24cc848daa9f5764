// The bake cache on a server speaking Bazel's HTTP remote-cache protocol: GET and PUT of
// BASE/ac/<sha256> and BASE/cas/<sha256>, 200 for a hit, 404 for a miss (bazel-remote; nginx
// with WebDAV PUT serves the same layout from a directory). The requests themselves are the
// platform's (http_transport.hpp).
#include <limits>

#include "cache/bake_cache_store.hpp"
#include "cache/http_transport.hpp"

namespace aem::pipeline {
namespace {

class HttpStore final : public CacheStore {
 public:
  explicit HttpStore(std::string url) : base_(std::move(url)) {
    while (!base_.empty() && base_.back() == '/') base_.pop_back();
  }

  std::string name() const override { return "cache server " + base_; }

  std::optional<std::vector<std::byte>> get(CacheArea area, const std::string& key, std::uint64_t max_bytes) override {
    std::vector<std::byte> body;
    const long status = request("GET", area, key, {}, body, max_bytes);
    if (status == 200) return body;
    if (status == 404) return std::nullopt;
    throw CacheStoreError(name() + ": GET " + area_name(area) + "/" + key + " answered HTTP " + std::to_string(status));
  }

  void put(CacheArea area, const std::string& key, std::span<const std::byte> bytes) override {
    std::vector<std::byte> ignored;
    const long status = request("PUT", area, key, bytes, ignored, std::numeric_limits<std::uint64_t>::max());
    // 200 (replaced), 201 (created), 204 (nginx's WebDAV replacing a file).
    if (status < 200 || status > 299)
      throw CacheStoreError(name() + ": PUT " + area_name(area) + "/" + key + " answered HTTP " +
                            std::to_string(status) + " (does the server accept PUT?)");
  }

 private:
  long request(const char* method, CacheArea area, const std::string& key, std::span<const std::byte> upload,
               std::vector<std::byte>& download, std::uint64_t max_download) const {
    try {
      return http_request(method, base_ + "/" + area_name(area) + "/" + key, upload, download, max_download);
    } catch (const HttpFailure& e) {
      if (!e.started) throw CacheStoreError(name() + ": " + e.what());
      throw CacheStoreError(name() + ": " + method + " " + area_name(area) + "/" + key + " failed: " + e.what());
    }
  }

  std::string base_;
};

}  // namespace

std::unique_ptr<CacheStore> http_store(const std::string& url) {
  if (url.rfind("http://", 0) != 0 && url.rfind("https://", 0) != 0)
    throw std::runtime_error("--cache-url " + url + ": not an http:// or https:// URL");
  return std::make_unique<HttpStore>(url);
}

}  // namespace aem::pipeline
