// The bake cache on a server speaking Bazel's HTTP remote-cache protocol: GET and PUT of
// BASE/ac/<sha256> and BASE/cas/<sha256>, 200 for a hit, 404 for a miss (bazel-remote; nginx
// with WebDAV PUT serves the same layout from a directory). Through libcurl.
#include <cstring>
#include <mutex>

#include <curl/curl.h>

#include "bake_cache_store.hpp"

namespace aem::pipeline {
namespace {

// A server that does not answer is given up quickly (a down server is a warning, not a wait);
// one that answers may take its time over a large blob.
constexpr long kConnectTimeoutSeconds = 5;
constexpr long kTransferTimeoutSeconds = 300;

void global_init() {
  static std::once_flag once;
  std::call_once(once, [] { curl_global_init(CURL_GLOBAL_DEFAULT); });
}

struct CurlDeleter {
  void operator()(CURL* c) const { curl_easy_cleanup(c); }
};

struct Upload {
  std::span<const std::byte> bytes;
  std::size_t offset = 0;
};

extern "C" std::size_t collect(char* data, std::size_t size, std::size_t count, void* user) {
  auto& out = *static_cast<std::vector<std::byte>*>(user);
  const std::byte* begin = reinterpret_cast<const std::byte*>(data);
  out.insert(out.end(), begin, begin + size * count);
  return size * count;
}

struct Download {
  std::vector<std::byte>* body;
  std::uint64_t max_bytes;
};

extern "C" std::size_t collect_bounded(char* data, std::size_t size, std::size_t count, void* user) {
  auto& download = *static_cast<Download*>(user);
  if (download.body->size() + size * count > download.max_bytes) return 0;  // curl stops: a write error
  return collect(data, size, count, download.body);
}

extern "C" std::size_t supply(char* buffer, std::size_t size, std::size_t count, void* user) {
  auto& upload = *static_cast<Upload*>(user);
  const std::size_t n = std::min(size * count, upload.bytes.size() - upload.offset);
  if (n > 0) std::memcpy(buffer, upload.bytes.data() + upload.offset, n);
  upload.offset += n;
  return n;
}

class HttpStore final : public CacheStore {
 public:
  explicit HttpStore(std::string url) : base_(std::move(url)) {
    while (!base_.empty() && base_.back() == '/') base_.pop_back();
    global_init();
  }

  std::string name() const override { return "cache server " + base_; }

  std::optional<std::vector<std::byte>> get(CacheArea area, const std::string& key, std::uint64_t max_bytes) override {
    std::vector<std::byte> body;
    const std::unique_ptr<CURL, CurlDeleter> curl = handle(area, key);
    // A server that announces more is refused before the body comes; one that sends more than it
    // announced is cut off by the write callback.
    curl_easy_setopt(curl.get(), CURLOPT_MAXFILESIZE_LARGE, curl_off_t(max_bytes));
    Download download{&body, max_bytes};
    curl_easy_setopt(curl.get(), CURLOPT_WRITEFUNCTION, collect_bounded);
    curl_easy_setopt(curl.get(), CURLOPT_WRITEDATA, &download);
    const long status = perform(curl.get(), "GET", area, key);
    if (status == 200) return body;
    if (status == 404) return std::nullopt;
    throw CacheStoreError(name() + ": GET " + area_name(area) + "/" + key + " answered HTTP " + std::to_string(status));
  }

  void put(CacheArea area, const std::string& key, std::span<const std::byte> bytes) override {
    Upload upload{bytes};
    const std::unique_ptr<CURL, CurlDeleter> curl = handle(area, key);
    curl_easy_setopt(curl.get(), CURLOPT_UPLOAD, 1L);
    curl_easy_setopt(curl.get(), CURLOPT_READFUNCTION, supply);
    curl_easy_setopt(curl.get(), CURLOPT_READDATA, &upload);
    curl_easy_setopt(curl.get(), CURLOPT_INFILESIZE_LARGE, curl_off_t(bytes.size()));
    std::vector<std::byte> ignored;
    curl_easy_setopt(curl.get(), CURLOPT_WRITEFUNCTION, collect);
    curl_easy_setopt(curl.get(), CURLOPT_WRITEDATA, &ignored);
    const long status = perform(curl.get(), "PUT", area, key);
    // 200 (replaced), 201 (created), 204 (nginx's WebDAV replacing a file).
    if (status < 200 || status > 299)
      throw CacheStoreError(name() + ": PUT " + area_name(area) + "/" + key + " answered HTTP " +
                            std::to_string(status) + " (does the server accept PUT?)");
  }

 private:
  std::unique_ptr<CURL, CurlDeleter> handle(CacheArea area, const std::string& key) const {
    std::unique_ptr<CURL, CurlDeleter> curl(curl_easy_init());
    if (!curl) throw CacheStoreError(name() + ": cannot start an HTTP request");
    const std::string url = base_ + "/" + area_name(area) + "/" + key;
    curl_easy_setopt(curl.get(), CURLOPT_URL, url.c_str());
    curl_easy_setopt(curl.get(), CURLOPT_NOSIGNAL, 1L);  // worker threads: no SIGALRM for timeouts
    curl_easy_setopt(curl.get(), CURLOPT_CONNECTTIMEOUT, kConnectTimeoutSeconds);
    curl_easy_setopt(curl.get(), CURLOPT_TIMEOUT, kTransferTimeoutSeconds);
    curl_easy_setopt(curl.get(), CURLOPT_FOLLOWLOCATION, 0L);
    // Only the protocols a cache URL may name (no file://, no redirects elsewhere).
    curl_easy_setopt(curl.get(), CURLOPT_PROTOCOLS_STR, "http,https");
    return curl;
  }

  long perform(CURL* curl, const char* method, CacheArea area, const std::string& key) const {
    char error[CURL_ERROR_SIZE] = {};
    curl_easy_setopt(curl, CURLOPT_ERRORBUFFER, error);
    const CURLcode code = curl_easy_perform(curl);
    if (code != CURLE_OK)
      throw CacheStoreError(name() + ": " + method + " " + area_name(area) + "/" + key + " failed: " +
                            (error[0] ? error : curl_easy_strerror(code)));
    long status = 0;
    curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &status);
    return status;
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
