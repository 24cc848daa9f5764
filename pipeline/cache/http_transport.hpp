#pragma once
// One HTTP request of the bake cache's client (http_cache_client.cpp), per platform: libcurl,
// loaded when the first request is made, on POSIX (http_transport_posix.cpp); WinHTTP on Windows
// (http_transport_windows.cpp). Both: http and https only, no redirects followed, a server that
// does not answer given up after 5 s, a transfer after 300 s. Private to the pipeline.
#include <cstddef>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

namespace aem::pipeline {

// Why a request could not be made. `started`: the request was under way (the message then reads
// "<METHOD> <what> failed: <why>"); otherwise the client itself is missing (libcurl not installed).
struct HttpFailure : std::runtime_error {
  HttpFailure(const std::string& why, bool request_started) : std::runtime_error(why), started(request_started) {}
  bool started;
};

// Sends `method` ("GET", "PUT") to `url` with `upload` as the body (PUT), returns the status
// and leaves the response body in `download`. A body of more than `max_download` bytes (announced
// or received) is a failure, read no further. Throws HttpFailure.
long http_request(const std::string& method, const std::string& url, std::span<const std::byte> upload,
                  std::vector<std::byte>& download, std::uint64_t max_download);

}  // namespace aem::pipeline
