// The bake cache's HTTP requests through libcurl, loaded when the first request is made: linked
// in, its thirty-odd libraries would double the start-up time of every `aem` run, and most runs
// never use a cache server.
#include <algorithm>
#include <cstring>
#include <limits>
#include <memory>

#include <curl/curl.h>
#include <dlfcn.h>

#include "cache/http_transport.hpp"

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

// A handle with the settings every request shares, for `url`.
std::unique_ptr<CURL, CurlDeleter> curl_handle(const std::string& url) {
  if (!curl().error.empty()) throw HttpFailure(curl().error, false);
  std::unique_ptr<CURL, CurlDeleter> request(curl().easy_init());
  if (!request) throw HttpFailure("cannot start an HTTP request", false);
  curl().easy_setopt(request.get(), CURLOPT_URL, url.c_str());
  curl().easy_setopt(request.get(), CURLOPT_NOSIGNAL, 1L);  // worker threads: no SIGALRM for timeouts
  curl().easy_setopt(request.get(), CURLOPT_CONNECTTIMEOUT, kConnectTimeoutSeconds);
  curl().easy_setopt(request.get(), CURLOPT_TIMEOUT, kTransferTimeoutSeconds);
  curl().easy_setopt(request.get(), CURLOPT_FOLLOWLOCATION, 0L);
  // Only the protocols a cache URL may name (no file://, no redirects elsewhere).
  curl().easy_setopt(request.get(), CURLOPT_PROTOCOLS_STR, "http,https");
  return request;
}

long curl_perform(CURL* request) {
  char error[CURL_ERROR_SIZE] = {};
  curl().easy_setopt(request, CURLOPT_ERRORBUFFER, error);
  const CURLcode code = curl().easy_perform(request);
  if (code != CURLE_OK) throw HttpFailure(error[0] ? error : curl().easy_strerror(code), true);
  long status = 0;
  curl().easy_getinfo(request, CURLINFO_RESPONSE_CODE, &status);
  return status;
}

}  // namespace

long http_request(const std::string& method, const std::string& url, std::span<const std::byte> upload,
                  std::vector<std::byte>& download, std::uint64_t max_download) {
  const std::unique_ptr<CURL, CurlDeleter> request = curl_handle(url);
  Upload body{upload};
  if (method == "PUT") {
    curl().easy_setopt(request.get(), CURLOPT_UPLOAD, 1L);
    curl().easy_setopt(request.get(), CURLOPT_READFUNCTION, supply);
    curl().easy_setopt(request.get(), CURLOPT_READDATA, &body);
    curl().easy_setopt(request.get(), CURLOPT_INFILESIZE_LARGE, curl_off_t(upload.size()));
  }
  // A server that announces more is refused before the body comes; one that sends more than it
  // announced is cut off by the write callback.
  if (max_download < std::uint64_t(std::numeric_limits<curl_off_t>::max()))
    curl().easy_setopt(request.get(), CURLOPT_MAXFILESIZE_LARGE, curl_off_t(max_download));
  Download received{&download, max_download};
  curl().easy_setopt(request.get(), CURLOPT_WRITEFUNCTION, collect_bounded);
  curl().easy_setopt(request.get(), CURLOPT_WRITEDATA, &received);
  return curl_perform(request.get());
}

}  // namespace aem::pipeline
