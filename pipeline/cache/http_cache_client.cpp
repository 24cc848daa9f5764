// The bake cache on a server speaking Bazel's HTTP remote-cache protocol: GET and PUT of
// BASE/ac/<sha256> and BASE/cas/<sha256>, 200 for a hit, 404 for a miss (bazel-remote; nginx
// with WebDAV PUT serves the same layout from a directory). Through libcurl, loaded when the
// first request is made: linked in, its thirty-odd libraries would double the start-up time of
// every `aem` run, and most runs never use a cache server.
#include <cstring>
#include <mutex>

#include <curl/curl.h>
#include <dlfcn.h>

#include "cache/bake_cache_store.hpp"

namespace aem::pipeline {
namespace {

// A server that does not answer is given up quickly (a down server is a warning, not a wait);
// one that answers may take its time over a large blob.
constexpr long kConnectTimeoutSeconds = 5;
constexpr long kTransferTimeoutSeconds = 300;

// The libcurl functions a store uses, or why libcurl could not be loaded.
struct CurlApi {
  CURL* (*easy_init)() = nullptr;
  void (*easy_cleanup)(CURL*) = nullptr;
  CURLcode (*easy_setopt)(CURL*, CURLoption, ...) = nullptr;
  CURLcode (*easy_perform)(CURL*) = nullptr;
  CURLcode (*easy_getinfo)(CURL*, CURLINFO, ...) = nullptr;
  const char* (*easy_strerror)(CURLcode) = nullptr;
  std::string error;
};

template <class F>
bool load(void* library, const char* name, F& function, std::string& error) {
  function = reinterpret_cast<F>(::dlsym(library, name));
  if (function == nullptr) error = std::string("libcurl has no ") + name;
  return function != nullptr;
}

const CurlApi& curl() {
  static const CurlApi api = [] {
    CurlApi a;
    void* library = ::dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
    if (library == nullptr) {
      const char* why = ::dlerror();
      a.error = std::string("libcurl cannot be loaded (") + (why ? why : "libcurl.so.4") + "; install libcurl4)";
      return a;
    }
    CURLcode (*global_init)(long) = nullptr;
    if (!load(library, "curl_global_init", global_init, a.error) || !load(library, "curl_easy_init", a.easy_init, a.error) ||
        !load(library, "curl_easy_cleanup", a.easy_cleanup, a.error) ||
        !load(library, "curl_easy_setopt", a.easy_setopt, a.error) ||
        !load(library, "curl_easy_perform", a.easy_perform, a.error) ||
        !load(library, "curl_easy_getinfo", a.easy_getinfo, a.error) ||
        !load(library, "curl_easy_strerror", a.easy_strerror, a.error))
      return a;
    if (global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK) a.error = "libcurl cannot be initialised";
    return a;
  }();
  return api;
}

struct CurlDeleter {
  void operator()(CURL* c) const { curl().easy_cleanup(c); }
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
  }

  std::string name() const override { return "cache server " + base_; }

  std::optional<std::vector<std::byte>> get(CacheArea area, const std::string& key, std::uint64_t max_bytes) override {
    std::vector<std::byte> body;
    const std::unique_ptr<CURL, CurlDeleter> request = handle(area, key);
    // A server that announces more is refused before the body comes; one that sends more than it
    // announced is cut off by the write callback.
    curl().easy_setopt(request.get(), CURLOPT_MAXFILESIZE_LARGE, curl_off_t(max_bytes));
    Download download{&body, max_bytes};
    curl().easy_setopt(request.get(), CURLOPT_WRITEFUNCTION, collect_bounded);
    curl().easy_setopt(request.get(), CURLOPT_WRITEDATA, &download);
    const long status = perform(request.get(), "GET", area, key);
    if (status == 200) return body;
    if (status == 404) return std::nullopt;
    throw CacheStoreError(name() + ": GET " + area_name(area) + "/" + key + " answered HTTP " + std::to_string(status));
  }

  void put(CacheArea area, const std::string& key, std::span<const std::byte> bytes) override {
    Upload upload{bytes};
    const std::unique_ptr<CURL, CurlDeleter> request = handle(area, key);
    curl().easy_setopt(request.get(), CURLOPT_UPLOAD, 1L);
    curl().easy_setopt(request.get(), CURLOPT_READFUNCTION, supply);
    curl().easy_setopt(request.get(), CURLOPT_READDATA, &upload);
    curl().easy_setopt(request.get(), CURLOPT_INFILESIZE_LARGE, curl_off_t(bytes.size()));
    std::vector<std::byte> ignored;
    curl().easy_setopt(request.get(), CURLOPT_WRITEFUNCTION, collect);
    curl().easy_setopt(request.get(), CURLOPT_WRITEDATA, &ignored);
    const long status = perform(request.get(), "PUT", area, key);
    // 200 (replaced), 201 (created), 204 (nginx's WebDAV replacing a file).
    if (status < 200 || status > 299)
      throw CacheStoreError(name() + ": PUT " + area_name(area) + "/" + key + " answered HTTP " +
                            std::to_string(status) + " (does the server accept PUT?)");
  }

 private:
  std::unique_ptr<CURL, CurlDeleter> handle(CacheArea area, const std::string& key) const {
    if (!curl().error.empty()) throw CacheStoreError(name() + ": " + curl().error);
    std::unique_ptr<CURL, CurlDeleter> request(curl().easy_init());
    if (!request) throw CacheStoreError(name() + ": cannot start an HTTP request");
    const std::string url = base_ + "/" + area_name(area) + "/" + key;
    curl().easy_setopt(request.get(), CURLOPT_URL, url.c_str());
    curl().easy_setopt(request.get(), CURLOPT_NOSIGNAL, 1L);  // worker threads: no SIGALRM for timeouts
    curl().easy_setopt(request.get(), CURLOPT_CONNECTTIMEOUT, kConnectTimeoutSeconds);
    curl().easy_setopt(request.get(), CURLOPT_TIMEOUT, kTransferTimeoutSeconds);
    curl().easy_setopt(request.get(), CURLOPT_FOLLOWLOCATION, 0L);
    // Only the protocols a cache URL may name (no file://, no redirects elsewhere).
    curl().easy_setopt(request.get(), CURLOPT_PROTOCOLS_STR, "http,https");
    return request;
  }

  long perform(CURL* request, const char* method, CacheArea area, const std::string& key) const {
    char error[CURL_ERROR_SIZE] = {};
    curl().easy_setopt(request, CURLOPT_ERRORBUFFER, error);
    const CURLcode code = curl().easy_perform(request);
    if (code != CURLE_OK)
      throw CacheStoreError(name() + ": " + method + " " + area_name(area) + "/" + key + " failed: " +
                            (error[0] ? error : curl().easy_strerror(code)));
    long status = 0;
    curl().easy_getinfo(request, CURLINFO_RESPONSE_CODE, &status);
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
